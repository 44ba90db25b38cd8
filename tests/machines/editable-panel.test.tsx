import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { editablePanelMachine } from '../../machines/editable-panel.machine';
import { recordPanelRules } from '../../machines/record-panel-rules';
import type { ApiError } from '../../src/domain/auth';
import { staffInfoFormValues } from '../../src/domain/staff-info';
import type { UserDetail } from '../../src/domain/users';
import { admin, staff } from '../views/fixtures';
import { describeEvent, planScenario, planTransitionPaths } from './coverage';
import { getOf } from './fake-server';
import { expectToast, type RunningApp, renderApp, signedIn } from './harness';
import { describeModelWalk, followActor } from './model-walk';
import { type PanelEvent, performPanelEvent } from './panel-model';
import { allowancesOf, leaveTypes, onboardedStaff } from './staff-fixtures';

/**
 * Model-based test of the editable-panel statechart through the Staff tab of each screen that shows it: My
 * profile (/staff/profile), where a staff member edits their own staff info, and user detail
 * (/admin/users/:id), where the administrator edits a staff member's. The same paths from the real machine are
 * walked through the real app on both, with HTTP answered at the fetch level (docs/decisions/0001); what the
 * screen must show is the spec's (section 2: the pencil, Save disabled when nothing changed or while
 * submitting, Cancel restoring the stored values; section 8: the toasts).
 */

type Machine = typeof editablePanelMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = PanelEvent;

const me: UserDetail = { ...onboardedStaff, id: staff.id, email: staff.email, fullName: staff.fullName };
const info = me.staffInfo as NonNullable<UserDetail['staffInfo']>;
const stored = staffInfoFormValues(info);
const serverDown: ApiError = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'An unexpected error occurred. Please try again later.',
};

/** The field a screen's walk edits: one its user may change there. */
interface EditedField {
  name: string;
  /** A value the panel saves. */
  changed: string;
  /** A value the panel refuses on Save, and why (`message`, where the spec words it). */
  refused: { value: string; why: string; message?: string };
  /** How the read-only panel shows a value. */
  shown: (value: string) => string;
}

/** The administrator changes the NRIC/FIN (a wrong check letter is refused). */
const nricField: EditedField = {
  name: 'nric',
  // The check letter computed by hand with the shared facts' algorithm (weights 2765432, +4 for T).
  changed: 'T0245678D',
  refused: { value: 'T0023456A', why: 'wrong check letter' },
  // Masked everywhere but in its own edit field.
  shown: (nric) => `${nric.charAt(0)}****${nric.slice(-4)}`,
};
/** A staff member sees their NRIC/FIN but changes their date of birth (spec section 5: compulsory). */
const birthField: EditedField = {
  name: 'dateOfBirth',
  changed: '2000-09-03',
  refused: { value: '', why: 'emptied', message: 'Please fill in all compulsory fields.' },
  // Spec section 9: day/month/year with zero padding.
  shown: (iso) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`,
};

const eventsOf = (field: EditedField): Event[] => [
  { type: 'panel.edit' },
  { type: 'panel.change', field: field.name, value: field.changed },
  { type: 'panel.change', field: field.name, value: field.refused.value },
  { type: 'panel.change', field: field.name, value: stored[field.name] as string },
  { type: 'panel.cancel' },
  { type: 'panel.save' },
  {
    type: 'xstate.done.actor.savePanel',
    output: { ...stored, [field.name]: field.changed },
    actorId: 'savePanel',
  },
  { type: 'xstate.error.actor.savePanel', error: serverDown, actorId: 'savePanel' },
];

/** Snapshots differ by state, draft and messages: Save is enabled only for a changed draft. */
const serialize = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.draft, s.context.errors]);

/** The model's draft differs from what it holds as stored. */
const changed = (s: Snapshot) =>
  Object.entries(s.context.draft).some(([field, value]) => value !== s.context.stored[field]);

/** The screen sends a change only when it changes something, and Save only while enabled. */
function canProduce(s: Snapshot, event: Event): boolean {
  if (event.type === 'panel.change')
    return s.matches('editing') && s.context.draft[event.field] !== event.value;
  if (event.type === 'panel.save') return s.matches('editing') && changed(s);
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
  /** What the server holds (it changes once a save goes through) and what the edit field must show. */
  let held = stored[field.name] as string;
  let typed = held;

  function perform(app: RunningApp, event: Event) {
    // Editing starts from what is stored (spec section 2: Cancel restores the stored values).
    if (event.type === 'panel.edit') typed = held;
    if (event.type === 'panel.change') typed = event.value;
    return performPanelEvent(app, panel, 'Edit Staff Information', event, (error) => {
      if (error) return app.server.answer('PATCH', PATCH, 500, error);
      held = typed;
      return app.server.answer('PATCH', PATCH, 200, { ...info, [field.name]: typed });
    });
  }

  function expectScreen(app: RunningApp, s: Snapshot, event: Event | null) {
    expect(window.location.pathname).toBe(path);
    expectChrome();
    const tab = panel();
    if (s.matches('readOnly')) {
      expect(within(tab).getByRole('button', { name: 'Edit Staff Information' })).toBeEnabled();
      expect(within(tab).getByText(field.shown(held))).toBeInTheDocument();
      expect(within(tab).queryByRole('button', { name: 'Save' })).toBeNull();
      expect(tab.querySelector(`input[name="${field.name}"]`)).toBeNull();
    } else {
      expect(within(tab).queryByRole('button', { name: 'Edit Staff Information' })).toBeNull();
      const input = tab.querySelector<HTMLInputElement>(`input[name="${field.name}"]`);
      expect(input?.value).toBe(typed);
      const saving = s.matches('saving');
      expect(input?.disabled).toBe(saving);
      const error = s.context.errors[field.name];
      if (error) {
        expect(input).toHaveAttribute('aria-invalid', 'true');
        expect(within(tab).getByText(field.refused.message ?? error)).toBeInTheDocument();
      } else {
        expect(input).not.toHaveAttribute('aria-invalid');
      }
      // Only a Save of the refused value shows a message.
      expect(error !== undefined).toBe(s.matches({ editing: 'invalid' }) && typed === field.refused.value);
      const save = within(tab).getByRole('button', { name: saving ? 'Processing...' : 'Save' });
      // Save is disabled when nothing changed or while saving.
      expect(save).toHaveProperty('disabled', saving || typed === held);
      expect(within(tab).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', saving);
      if (saving) {
        expect(app.server.pending('PATCH', PATCH).map((r) => r.body)).toEqual([
          { ...stored, [field.name]: typed },
        ]);
      }
    }
    if (event?.type === 'xstate.done.actor.savePanel') expectToast('Staff information updated!');
    if (event?.type === 'xstate.error.actor.savePanel') {
      expectToast('Failed to update staff information. Please try again.');
    }
  }

  const label = (event: Event) => {
    if (event.type !== 'panel.change') return describeEvent(event);
    if (event.value === field.changed) return `panel.change (new ${field.name})`;
    return event.value === stored[field.name]
      ? 'panel.change (back to stored)'
      : `panel.change (${field.refused.why})`;
  };

  /** The page has a panel per record; the Staff tab's is the one under test. */
  const actor = followActor(editablePanelMachine, (snapshot) => snapshot.context.kind === 'staffInfo');
  const start = {
    name: `opens ${name}`,
    input: { kind: 'staffInfo' as const, rules: recordPanelRules.staffInfo, values: stored },
  };
  const plan = planTransitionPaths(editablePanelMachine, {
    starts: [start],
    events: eventsOf(field),
    canProduce,
    serialize,
  });
  // Cancel after a change, then edit again: the stored values come back (no planned path changes then cancels).
  plan.paths.push(
    planScenario(editablePanelMachine, start, [
      { type: 'panel.edit' },
      { type: 'panel.change', field: field.name, value: field.changed },
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
      typed = held;
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
