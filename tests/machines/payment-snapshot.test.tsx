import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { paymentSnapshotForm } from '../../machines/record-panel-forms';
import { settle } from './harness';
import { describePanelForm, startEditing } from './panel-model';
import {
  answerLoad,
  dollars,
  employee,
  openPayItems,
  period,
  serverDown,
  unprocessedPayslip,
} from './pay-items-fixtures';

/**
 * Model-based test of Payment Information Used's form on Pay Items (see form-model.tsx for the method): the
 * payslip's own salary, CPF rates and self-help group, editable until the payslip is processed. Spec section 5:
 * 'Salary must be more than 0.'; section 8: 'Salary information updated successfully' and 'Failed to update
 * salary information successfully'.
 */

/** The payslip's snapshot as the inputs show it (spec section 9: money with two decimals). */
const stored = {
  basicSalarySnapshot: '4600.00',
  employeeCpfRateSnapshot: '20',
  employerCpfRateSnapshot: '17',
  selfHelpGroupSnapshot: 'ECF',
};

describePanelForm({
  machine: paymentSnapshotForm,
  title: 'Payment Information Used',
  screenName: 'Pay Items',
  stored,
  open: async (inspect) => {
    const app = await openPayItems(inspect);
    await answerLoad(app.server, unprocessedPayslip);
    await settle();
    await startEditing(app, null, 'Payment Information Used');
    return app;
  },
  events: [
    { type: 'field.change', name: 'basicSalarySnapshot', value: '4800.00' },
    { type: 'field.change', name: 'basicSalarySnapshot', value: '' },
    { type: 'field.change', name: 'basicSalarySnapshot', value: '0' },
    { type: 'field.blur', name: 'basicSalarySnapshot' },
    { type: 'form.submit' },
  ],
  labels: {
    basicSalarySnapshot: 'Basic Salary',
    selfHelpGroupSnapshot: 'Self-Help Group',
    employeeCpfRateSnapshot: 'Employee CPF Rate (%)',
    employerCpfRateSnapshot: 'Employer CPF Rate (%)',
  },
  specErrors: (values) => ({
    basicSalarySnapshot: Number(values.basicSalarySnapshot) > 0 ? undefined : 'Salary must be more than 0.',
  }),
  request: { method: 'PUT', path: `/api/payslips/${employee.id}/${period.year}/${period.month}` },
  sent: (values) => ({
    basicSalarySnapshot: Number(values.basicSalarySnapshot),
    employeeCpfRateSnapshot: Number(values.employeeCpfRateSnapshot),
    employerCpfRateSnapshot: Number(values.employerCpfRateSnapshot),
    selfHelpGroupSnapshot: values.selfHelpGroupSnapshot,
  }),
  answer: (values) => ({ ...unprocessedPayslip, basicSalarySnapshot: Number(values.basicSalarySnapshot) }),
  expectScreen: (_app, s, event) => {
    // Saved: the read-only panel shows the new salary (pay-items.test.tsx walks the summary's refresh).
    if (event?.type === 'xstate.done.actor.savePanel' && s.matches('submitted')) {
      const panel = screen
        .getByRole('heading', { name: 'Payment Information Used' })
        .closest('.chakra-card__body');
      expect(panel).toHaveTextContent(dollars(4800));
    }
  },
  toasts: {
    saved: 'Salary information updated successfully',
    failed: ['Failed to update salary information successfully', serverDown.message],
  },
  refusal: serverDown,
});
