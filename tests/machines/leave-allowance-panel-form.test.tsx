import { leaveAllowancePanelForm } from '../../machines/record-panel-forms';
import { ALLOWANCES, describePanelWalk, openRecordScreen } from './panel-walk';
import { leaveAllowanceSpec } from './spec-forms';
import { allowancesOf, onboardedStaff } from './staff-fixtures';

/**
 * The Leave Allowance panel walked from the spec's panel model (tests/models/panel.model.ts) through the
 * Leave Allowance tab of user detail. Every leave type but Unpaid Leave needs a value, from 0 in half-day
 * steps (spec section 5), one message at a time beside the first field it concerns; a save sends one call
 * per changed type (spec section 7); toasts from section 8.
 */

const IDS = ['1', '2', '3'];
const NAMES: Record<string, string> = { '1': 'Annual Leave', '2': 'Medical Leave', '3': 'Childcare Leave' };
const stored = Object.fromEntries(Object.entries(ALLOWANCES).map(([id, days]) => [id, String(days)]));

describePanelWalk({
  title: 'Leave Allowance on the Leave Allowance tab of user detail, walked from its spec model',
  spec: {
    title: 'Leave Allowance',
    stored,
    labels: NAMES,
    inputName: (id) => `leave-${id}`,
    errors: (values) => leaveAllowanceSpec.errors(IDS, values),
    rows: (s) => IDS.map((id) => [NAMES[id] as string, s[id] as string] as const),
    // Spec section 7: PATCH /users/{id}/leave-balances/{leaveTypeId} {totalDays}, one call per changed type.
    requests: (before, values) =>
      IDS.filter((id) => values[id] !== before[id]).map((id) => ({
        method: 'PATCH',
        path: `/api/users/${onboardedStaff.id}/leave-balances/${id}`,
        body: { totalDays: Number(values[id]) },
      })),
    toasts: { saved: ['Leave Allowance Updated!'], failed: ['Server error', 'Internal Server Error'] },
    refusalMessage: 'Server error',
  },
  open: (inspect) => openRecordScreen(inspect, { tab: 'Leave Allowance' }),
  changes: [
    { name: '1', value: '16' },
    { name: '1', value: '' },
  ],
  answer: (request, values) => {
    const id = Number(request.path.split('/').pop());
    return allowancesOf({ [id]: Number(values[String(id)]) })[0];
  },
  refusal: { statusCode: 500, error: 'Internal Server Error', message: 'Server error' },
  app: {
    machine: leaveAllowancePanelForm,
    notOnThisScreen: ['form.given', 'field.refuse'],
  },
  scenarios: [
    {
      name: 'fewer than 0 days: Save says so and sends nothing',
      events: [
        { type: 'user.edits' },
        { type: 'user.types', name: '3', value: '-1' },
        { type: 'user.saves' },
      ],
    },
    {
      name: 'a quarter day: Save says half-day steps and sends nothing',
      events: [
        { type: 'user.edits' },
        { type: 'user.types', name: '3', value: '2.25' },
        { type: 'user.saves' },
      ],
    },
    {
      name: 'two types changed: one call each',
      events: [
        { type: 'user.edits' },
        { type: 'user.types', name: '1', value: '16' },
        { type: 'user.types', name: '3', value: '7.5' },
        { type: 'user.saves' },
        { type: 'server.saves' },
      ],
    },
  ],
});
