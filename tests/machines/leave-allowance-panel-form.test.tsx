import { leaveAllowancePanelForm } from '../../machines/record-panel-forms';
import { ALLOWANCES, describePanelForm, openRecordScreen, startEditing } from './panel-model';
import { leaveAllowanceSpec } from './spec-forms';
import { allowancesOf, onboardedStaff } from './staff-fixtures';

/**
 * Model-based test of the Leave Allowance panel's form (see form-model.tsx for the method), walked through
 * the Leave Allowance tab of user detail. Every leave type but Unpaid Leave needs a value, from 0 in half-day
 * steps (spec section 5), one message at a time beside the first field it concerns; a save sends one call
 * per changed type (spec section 7); toasts from section 8.
 */

const IDS = ['1', '2', '3'];
const stored = Object.fromEntries(Object.entries(ALLOWANCES).map(([id, days]) => [id, String(days)]));

const change = (name: string, value: string) => ({ type: 'field.change' as const, name, value });

describePanelForm({
  machine: leaveAllowancePanelForm,
  title: 'Leave Allowance',
  screenName: 'the Leave Allowance tab of user detail',
  stored,
  open: async (inspect) => {
    const app = await openRecordScreen(inspect);
    await startEditing(app, 'Leave Allowance', 'Leave Allowance');
    return app;
  },
  events: [change('1', '16'), change('1', ''), { type: 'field.blur', name: '1' }, { type: 'form.submit' }],
  labels: { '1': 'Annual Leave', '2': 'Medical Leave', '3': 'Childcare Leave' },
  inputName: (id) => `leave-${id}`,
  specErrors: (values) => leaveAllowanceSpec.errors(IDS, values),
  scenarios: [
    [change('3', '-1'), { type: 'form.submit' }],
    [change('3', '2.25'), { type: 'form.submit' }],
  ],
  // Only the changed type is sent.
  request: { method: 'PATCH', path: `/api/users/${onboardedStaff.id}/leave-balances/1` },
  sent: (values) => ({ totalDays: Number(values['1']) }),
  answer: (values) => allowancesOf({ 1: Number(values['leave-1']) })[0],
  toasts: { saved: 'Leave Allowance Updated!', failed: ['Server error', 'Internal Server Error'] },
  refusal: { statusCode: 500, error: 'Internal Server Error', message: 'Server error' },
});
