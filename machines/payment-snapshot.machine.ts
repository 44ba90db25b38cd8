import { bodyFieldErrors } from '../src/domain/forms';
import { payrollToasts } from '../src/domain/messages/payroll';
import { snapshotFormSchema } from '../src/domain/payslips';
import { createEditablePanelMachine, type PanelRules } from './editable-panel.machine';

/**
 * Payment Information Used on Pay Items (spec section 2): the payslip's own copy of basic salary, CPF rates
 * and self-help group, editable until the payslip is processed. The editable panel statechart under its own
 * name (input kind 'paymentSnapshot'), with the rules below.
 */
export const paymentSnapshotMachine = createEditablePanelMachine({
  id: 'paymentSnapshot',
  description:
    'Payment Information Used on Pay Items: read-only, or editing the payslip snapshot with Save and Cancel (until processed).',
});

/**
 * Its rules, which Pay Items hands the panel: the salary and CPF messages of spec section 5 and the toasts
 * 'Salary information updated successfully' / 'Failed to update salary information successfully'.
 */
export const paymentSnapshotRules: PanelRules = {
  check: (values) => bodyFieldErrors(snapshotFormSchema, values),
  toasts: { saved: payrollToasts.snapshotSaved, failed: payrollToasts.snapshotFailed },
};
