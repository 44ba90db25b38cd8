import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, InspectionEvent, SnapshotFrom } from 'xstate';
import { editablePanelMachine } from '../../machines/editable-panel.machine';
import { staffInfoFormValues } from '../../src/domain/staff-info';
import type { UserDetail } from '../../src/domain/users';
import { admin, staff } from '../views/fixtures';
import { describeEvent, planScenario, planTransitionPaths } from './coverage';
import { getOf } from './fake-server';
import { expectToast, type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeModelWalk, followActor } from './model-walk';
import {
  answerLoad,
  dollars,
  employee,
  openPayItems,
  payItemsPath,
  period,
  unprocessedPayslip,
} from './pay-items-fixtures';
import { allowancesOf, leaveTypes, onboardedStaff } from './staff-fixtures';

type Inspect = (event: InspectionEvent) => void;

/**
 * Model-based test of the editable-panel statechart (the flow around a panel's form) through every screen that
 * holds one: the Staff tab of My profile (/staff/profile), where a staff member edits their own staff info, and
 * of user detail (/admin/users/:id), where the administrator edits a staff member's, and Payment Information
 * Used on Pay Items. The same paths from the real machine are walked through the real app on each, with HTTP
 * answered at the fetch level (docs/decisions/0001). The form's answer is one model event here, made by
 * typing a new value and pressing Save (each panel form's own walk is <kind>-panel-form.test.tsx, and
 * payment-snapshot.test.tsx). What the screen must show is the spec's (section 2: the pencil, read-only rows
 * of what is stored, Cancel restoring the stored values; section 8: the toast).
 */

type Machine = typeof editablePanelMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event =
  | { type: 'panel.edit' }
  | { type: 'panel.cancel' }
  | { type: 'xstate.done.actor.form'; output: Record<string, string>; actorId: string };

const me: UserDetail = { ...onboardedStaff, id: staff.id, email: staff.email, fullName: staff.fullName };
const info = me.staffInfo as NonNullable<UserDetail['staffInfo']>;
const stored = staffInfoFormValues(info);

/** The field a screen's walk edits: one its user may change there. */
interface EditedField {
  name: string;
  /** A value the panel saves. */
  changed: string;
  /** A value typed and then left by Cancel. */
  dropped: string;
  /** How the read-only panel shows a value. */
  shown: (value: string) => string;
}

/** The administrator changes the NRIC/FIN. */
const nricField: EditedField = {
  name: 'nric',
  // Check letters computed by hand with the shared facts' algorithm (weights 2765432, +4 for T).
  changed: 'T0245678D',
  dropped: 'T0245679B',
  // Masked everywhere but in its own edit field.
  shown: (nric) => `${nric.charAt(0)}****${nric.slice(-4)}`,
};
/** A staff member sees their NRIC/FIN but changes their date of birth. */
const birthField: EditedField = {
  name: 'dateOfBirth',
  changed: '2000-09-03',
  dropped: '1999-12-31',
  // Spec section 9: day/month/year with zero padding.
  shown: (iso) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`,
};

/** Snapshots differ by state and by what is stored. */
const serialize = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.stored]);

/** A save needs a change: the value saved must differ from what is stored (Save is disabled otherwise). */
function canProduce(s: Snapshot, event: Event): boolean {
  if (event.type === 'xstate.done.actor.form')
    return Object.entries(event.output).some(([field, value]) => s.context.stored[field] !== value);
  return true;
}

/** Payment Information Used on Pay Items: the payslip's salary, as the input shows it. */
const salaryField: EditedField = {
  name: 'basicSalarySnapshot',
  changed: '4800.00',
  dropped: '5100.00',
  // Spec section 9: money with thousands separators and two decimals.
  shown: (amount) => dollars(Number(amount)),
};
const snapshotStored: Record<string, string> = {
  basicSalarySnapshot: '4600.00',
  employeeCpfRateSnapshot: '20',
  employerCpfRateSnapshot: '17',
  selfHelpGroupSnapshot: 'ECF',
};
const SNAPSHOT_PATH = `/api/payslips/${employee.id}/${period.year}/${period.month}`;

const renderRecord =
  (path: string, storage: Record<string, string>, person: UserDetail) => (inspect: Inspect) =>
    renderApp({
      path,
      storage,
      inspect,
      prepare: (server) => {
        server.autoAnswer(getOf(`/api/users/${person.id}`), 200, person);
        server.autoAnswer(getOf('/api/leave-types'), 200, leaveTypes);
        server.autoAnswer(
          getOf(`/api/users/${person.id}/leave-balances`),
          200,
          allowancesOf({ 1: 14, 2: 14, 3: 6 }),
        );
      },
    });

/** Every screen with an editable panel, the panel walked there, and what else the screen shows (spec section 2). */
const screens = [
  {
    name: 'the Staff tab of My profile',
    kind: 'staffInfo' as const,
    stored,
    title: 'Staff Information',
    panel: () => screen.getByRole('tabpanel', { name: 'Staff' }),
    open: renderRecord('/staff/profile', signedIn(staff), me),
    path: '/staff/profile',
    field: birthField,
    request: { method: 'PATCH', path: `/api/staff-info/${info.id}` },
    sent: (values: Record<string, string>) => values,
    answer: (values: Record<string, string>) => ({ ...info, ...values }),
    toast: 'Staff information updated!',
    // The read-only block of My profile: name, email and role.
    expectChrome: () => expect(screen.getByText(me.email)).toBeInTheDocument(),
  },
  {
    name: 'the Staff tab of user detail',
    kind: 'staffInfo' as const,
    stored,
    title: 'Staff Information',
    panel: () => screen.getByRole('tabpanel', { name: 'Staff' }),
    open: renderRecord(`/admin/users/${onboardedStaff.id}`, signedIn(admin), onboardedStaff),
    path: `/admin/users/${onboardedStaff.id}`,
    field: nricField,
    request: { method: 'PATCH', path: `/api/staff-info/${info.id}` },
    sent: (values: Record<string, string>) => values,
    answer: (values: Record<string, string>) => ({ ...info, ...values }),
    toast: 'Staff information updated!',
    // The Users back link (the sidebar has a Users link too) above the person's name.
    expectChrome: () => {
      const main = within(screen.getByRole('main'));
      expect(main.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
      expect(main.getByRole('heading', { name: onboardedStaff.fullName })).toBeInTheDocument();
    },
  },
  {
    name: 'Payment Information Used on Pay Items',
    kind: 'paymentSnapshot' as const,
    stored: snapshotStored,
    title: 'Payment Information Used',
    panel: () =>
      screen
        .getByRole('heading', { name: 'Payment Information Used' })
        .closest('.chakra-card__body') as HTMLElement,
    open: async (inspect: Inspect) => {
      const app = await openPayItems(inspect);
      await answerLoad(app.server, unprocessedPayslip);
      return app;
    },
    path: payItemsPath,
    field: salaryField,
    request: { method: 'PUT', path: SNAPSHOT_PATH },
    sent: (values: Record<string, string>) => ({
      basicSalarySnapshot: Number(values.basicSalarySnapshot),
      employeeCpfRateSnapshot: Number(values.employeeCpfRateSnapshot),
      employerCpfRateSnapshot: Number(values.employerCpfRateSnapshot),
      selfHelpGroupSnapshot: values.selfHelpGroupSnapshot,
    }),
    answer: (values: Record<string, string>) => ({
      ...unprocessedPayslip,
      basicSalarySnapshot: Number(values.basicSalarySnapshot),
    }),
    toast: 'Salary information updated successfully',
    expectChrome: () => expect(screen.getByRole('heading', { name: 'Pay Items' })).toBeInTheDocument(),
  },
];

function walkThrough(walked: (typeof screens)[number]) {
  const { field, panel, title, request } = walked;
  /** What the server holds (it changes once a save goes through). */
  let held = walked.stored[field.name] as string;

  const input = () => panel().querySelector<HTMLInputElement>(`input[name="${field.name}"]`);

  async function perform(app: RunningApp, event: Event) {
    const card = within(panel());
    if (event.type === 'panel.edit') {
      await app.user.click(card.getByRole('button', { name: `Edit ${title}` }));
    } else if (event.type === 'panel.cancel') {
      // Something typed first: Cancel drops it.
      fireEvent.change(input() as HTMLInputElement, { target: { value: field.dropped } });
      await settle();
      await app.user.click(card.getByRole('button', { name: 'Cancel' }));
    } else {
      const saved = { ...walked.stored, [field.name]: event.output[field.name] as string };
      fireEvent.change(input() as HTMLInputElement, { target: { value: saved[field.name] } });
      await settle();
      await app.user.click(card.getByRole('button', { name: 'Save' }));
      await settle();
      expect(app.server.pending(request.method, request.path).map((r) => r.body)).toEqual([
        walked.sent(saved),
      ]);
      app.server.answer(request.method, request.path, 200, walked.answer(saved));
      held = saved[field.name] as string;
    }
    await settle();
  }

  function expectScreen(_app: RunningApp, s: Snapshot, event: Event | null) {
    expect(window.location.pathname).toBe(walked.path);
    walked.expectChrome();
    const card = within(panel());
    if (s.matches('readOnly')) {
      expect(card.getByRole('button', { name: `Edit ${title}` })).toBeEnabled();
      expect(card.getByText(field.shown(held))).toBeInTheDocument();
      expect(card.queryByRole('button', { name: 'Save' })).toBeNull();
      expect(input()).toBeNull();
    } else {
      expect(card.queryByRole('button', { name: `Edit ${title}` })).toBeNull();
      // Editing starts from what is stored (spec section 2: Cancel restores the stored values).
      expect(input()?.value).toBe(held);
      // Nothing changed yet: Save is disabled.
      expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
      expect(card.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    }
    if (event?.type === 'xstate.done.actor.form') expectToast(walked.toast);
  }

  const label = (event: Event) =>
    event.type === 'xstate.done.actor.form' ? `saved (new ${field.name})` : describeEvent(event);

  const events: Event[] = [
    { type: 'panel.edit' },
    { type: 'panel.cancel' },
    {
      type: 'xstate.done.actor.form',
      output: { ...walked.stored, [field.name]: field.changed },
      actorId: 'form',
    },
  ];
  /** A screen may run several panels; the walked kind's is the one under test. */
  const actor = followActor(editablePanelMachine, (snapshot) => snapshot.context.kind === walked.kind);
  const start = { name: `opens ${walked.name}`, input: { kind: walked.kind, values: walked.stored } };
  const plan = planTransitionPaths(editablePanelMachine, { starts: [start], events, canProduce, serialize });
  // Cancel after a save, then edit again: the saved value is what editing starts from.
  plan.paths.push(
    planScenario(editablePanelMachine, start, [
      { type: 'panel.edit' },
      events[2] as Event,
      { type: 'panel.edit' },
      { type: 'panel.cancel' },
      { type: 'panel.edit' },
    ]),
  );
  describeModelWalk<Machine, Event>({
    // The computed entitlements reach only the Leave Allowance panel (user-record.test.tsx walks them).
    notOnThisScreen: ['panel.prefill'],
    title: `editable-panel statechart, walked through ${walked.name}`,
    machine: editablePanelMachine,
    actor,
    plan,
    open: () => {
      held = walked.stored[field.name] as string;
      return walked.open(actor.inspect);
    },
    perform,
    expectScreen,
    label,
    serialize,
  });
}

for (const walked of screens) walkThrough(walked);
