import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { editablePanelMachine } from '../../machines/editable-panel.machine';
import { staffInfoFormValues } from '../../src/domain/staff-info';
import type { UserDetail } from '../../src/domain/users';
import { admin, staff } from '../views/fixtures';
import { describeEvent, planScenario, planTransitionPaths } from './coverage';
import { getOf } from './fake-server';
import { expectToast, type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeModelWalk, followActor } from './model-walk';
import { allowancesOf, leaveTypes, onboardedStaff } from './staff-fixtures';

/**
 * Model-based test of the editable-panel statechart (the flow around a panel's form) through the Staff tab of
 * each screen that shows it: My profile (/staff/profile), where a staff member edits their own staff info, and
 * user detail (/admin/users/:id), where the administrator edits a staff member's. The same paths from the real
 * machine are walked through the real app on both, with HTTP answered at the fetch level (docs/decisions/0001).
 * The form's answer is one model event here, made by typing a new value and pressing Save (the form's own
 * walk is staff-info-panel-form.test.tsx). What the screen must show is the spec's (section 2: the pencil,
 * read-only rows of what is stored, Cancel restoring the stored values; section 8: the toast).
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

const eventsOf = (field: EditedField): Event[] => [
  { type: 'panel.edit' },
  { type: 'panel.cancel' },
  { type: 'xstate.done.actor.form', output: { ...stored, [field.name]: field.changed }, actorId: 'form' },
];

/** Snapshots differ by state and by what is stored. */
const serialize = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.stored]);

/** A save needs a change: the value saved must differ from what is stored (Save is disabled otherwise). */
function canProduce(s: Snapshot, event: Event): boolean {
  if (event.type === 'xstate.done.actor.form')
    return Object.entries(event.output).some(([field, value]) => s.context.stored[field] !== value);
  return true;
}

/** The screens with the Staff tab's panel, and what else each shows of the person (spec section 2). */
const screens = [
  {
    name: 'My profile',
    path: '/staff/profile',
    storage: signedIn(staff),
    person: me,
    field: birthField,
    // The read-only block of My profile: name, email and role.
    expectChrome: () => expect(screen.getByText(me.email)).toBeInTheDocument(),
  },
  {
    name: 'user detail',
    path: `/admin/users/${onboardedStaff.id}`,
    storage: signedIn(admin),
    person: onboardedStaff,
    field: nricField,
    // The Users back link (the sidebar has a Users link too) above the person's name.
    expectChrome: () => {
      const main = within(screen.getByRole('main'));
      expect(main.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
      expect(main.getByRole('heading', { name: onboardedStaff.fullName })).toBeInTheDocument();
    },
  },
];

/** The Staff tab's panel. */
const panel = () => screen.getByRole('tabpanel', { name: 'Staff' });
const PATCH = `/api/staff-info/${info.id}`;

function walkThrough({ name, path, storage, person, field, expectChrome }: (typeof screens)[number]) {
  /** What the server holds (it changes once a save goes through). */
  let held = stored[field.name] as string;

  const input = () => panel().querySelector<HTMLInputElement>(`input[name="${field.name}"]`);

  async function perform(app: RunningApp, event: Event) {
    const tab = within(panel());
    if (event.type === 'panel.edit') {
      await app.user.click(tab.getByRole('button', { name: 'Edit Staff Information' }));
    } else if (event.type === 'panel.cancel') {
      // Something typed first: Cancel drops it.
      fireEvent.change(input() as HTMLInputElement, { target: { value: field.dropped } });
      await settle();
      await app.user.click(tab.getByRole('button', { name: 'Cancel' }));
    } else {
      const saved = event.output[field.name] as string;
      fireEvent.change(input() as HTMLInputElement, { target: { value: saved } });
      await settle();
      await app.user.click(tab.getByRole('button', { name: 'Save' }));
      await settle();
      expect(app.server.pending('PATCH', PATCH).map((r) => r.body)).toEqual([
        { ...stored, [field.name]: saved },
      ]);
      app.server.answer('PATCH', PATCH, 200, { ...info, [field.name]: saved });
      held = saved;
    }
    await settle();
  }

  function expectScreen(_app: RunningApp, s: Snapshot, event: Event | null) {
    expect(window.location.pathname).toBe(path);
    expectChrome();
    const tab = within(panel());
    if (s.matches('readOnly')) {
      expect(tab.getByRole('button', { name: 'Edit Staff Information' })).toBeEnabled();
      expect(tab.getByText(field.shown(held))).toBeInTheDocument();
      expect(tab.queryByRole('button', { name: 'Save' })).toBeNull();
      expect(input()).toBeNull();
    } else {
      expect(tab.queryByRole('button', { name: 'Edit Staff Information' })).toBeNull();
      // Editing starts from what is stored (spec section 2: Cancel restores the stored values).
      expect(input()?.value).toBe(held);
      // Nothing changed yet: Save is disabled.
      expect(tab.getByRole('button', { name: 'Save' })).toBeDisabled();
      expect(tab.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    }
    if (event?.type === 'xstate.done.actor.form') expectToast('Staff information updated!');
  }

  const label = (event: Event) =>
    event.type === 'xstate.done.actor.form' ? `saved (new ${field.name})` : describeEvent(event);

  /** The page has a panel per record; the Staff tab's is the one under test. */
  const actor = followActor(editablePanelMachine, (snapshot) => snapshot.context.kind === 'staffInfo');
  const start = { name: `opens ${name}`, input: { kind: 'staffInfo' as const, values: stored } };
  const plan = planTransitionPaths(editablePanelMachine, {
    starts: [start],
    events: eventsOf(field),
    canProduce,
    serialize,
  });
  // Cancel after a save, then edit again: the saved value is what editing starts from.
  plan.paths.push(
    planScenario(editablePanelMachine, start, [
      { type: 'panel.edit' },
      { type: 'xstate.done.actor.form', output: { ...stored, [field.name]: field.changed }, actorId: 'form' },
      { type: 'panel.edit' },
      { type: 'panel.cancel' },
      { type: 'panel.edit' },
    ]),
  );
  describeModelWalk<Machine, Event>({
    // The computed entitlements reach only the Leave Allowance panel (user-record.test.tsx walks them).
    notOnThisScreen: ['panel.prefill'],
    title: `editable-panel statechart, walked through the Staff tab of ${name}`,
    machine: editablePanelMachine,
    actor,
    plan,
    open: () => {
      held = stored[field.name] as string;
      return renderApp({
        path,
        storage,
        inspect: actor.inspect,
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
    },
    perform,
    expectScreen,
    label,
    serialize,
  });
}

for (const editScreen of screens) walkThrough(editScreen);
