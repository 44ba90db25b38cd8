import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { paymentInfoPanelForm } from '../../machines/record-panel-forms';
import { describePanelForm, openRecordScreen, startEditing } from './panel-model';
import { paymentInfoSpec } from './spec-forms';
import { onboardedStaff } from './staff-fixtures';

/**
 * Model-based test of the Payment Information panel's form (see form-model.tsx for the method), walked through
 * the Payment tab of user detail. Messages from spec section 5, toasts from section 8; the CPF rates from the
 * shared CPF facts.
 */

const info = onboardedStaff.paymentInfo as NonNullable<typeof onboardedStaff.paymentInfo>;
/** The stored record as the inputs show it (spec section 9: money with two decimals). */
const stored = {
  basicSalary: '3800.00',
  employeeCpfContributionRate: '20',
  employerCpfContributionRate: '17',
  cpfType: 'SINGAPORE CITIZEN',
  cpfSection: 'NONE',
  selfHelpGroup: 'MBMF',
  bankName: 'POSB',
  bankCode: '7171',
  branchCode: '081',
  accountNo: '1987654321',
};

describePanelForm({
  machine: paymentInfoPanelForm,
  title: 'Payment Information',
  screenName: 'the Payment tab of user detail',
  stored,
  birthDate: onboardedStaff.staffInfo?.dateOfBirth ?? null,
  open: async (inspect) => {
    const app = await openRecordScreen(inspect);
    await startEditing(app, 'Payment', 'Payment Information');
    return app;
  },
  events: [
    { type: 'field.change', name: 'basicSalary', value: '4200.50' },
    { type: 'field.change', name: 'basicSalary', value: '' },
    { type: 'field.change', name: 'basicSalary', value: '0' },
    { type: 'field.blur', name: 'basicSalary' },
    { type: 'form.submit' },
  ],
  labels: paymentInfoSpec.labels,
  specErrors: paymentInfoSpec.errors,
  scenarios: [
    // Rates typed by the admin, then a new CPF type: the official rates for it come back. A permanent
    // resident from the third year pays as a citizen: 20% and 17% at 26 (born 2000) in 2026.
    [
      { type: 'field.change', name: 'employeeCpfContributionRate', value: '19' },
      { type: 'field.change', name: 'cpfType', value: 'PR 3 YEAR AND ABOVE' },
      { type: 'form.submit' },
      { type: 'xstate.done.actor.savePanel', output: stored, actorId: 'savePanel' },
    ],
  ],
  expectScreen: (_app, s) => {
    const values = s.context.values as Record<string, string>;
    if (values.cpfType === 'PR 3 YEAR AND ABOVE' && s.matches('editing')) {
      const rate = screen
        .getByRole('form', { name: 'Payment Information' })
        .querySelector('input[name="employeeCpfContributionRate"]');
      expect(rate).toHaveValue('20');
    }
  },
  request: { method: 'PATCH', path: `/api/payment-info/${info.id}` },
  // Spec section 7: numbers for the salary and rates; a CPF section of NONE is not sent.
  sent: (values) => ({
    id: info.id,
    basicSalary: Number(values.basicSalary),
    employeeCpfContributionRate: Number(values.employeeCpfContributionRate),
    employerCpfContributionRate: Number(values.employerCpfContributionRate),
    cpfType: values.cpfType,
    selfHelpGroup: values.selfHelpGroup,
    bankName: values.bankName,
    bankCode: values.bankCode,
    branchCode: values.branchCode,
    accountNo: values.accountNo,
  }),
  answer: (values) => ({
    ...info,
    ...values,
    basicSalary: Number(values.basicSalary),
    employeeCpfContributionRate: Number(values.employeeCpfContributionRate),
    employerCpfContributionRate: Number(values.employerCpfContributionRate),
  }),
  toasts: { saved: 'Payment Info Updated', failed: ['Server error', 'Internal Server Error'] },
  refusal: { statusCode: 500, error: 'Internal Server Error', message: 'Server error' },
});
