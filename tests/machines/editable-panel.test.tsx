import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { editablePanelMachine, isPanelDirty } from '../../machines/editable-panel.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { ApiError } from '../../src/domain/auth';
import { maskNric } from '../../src/domain/masking';
import { nricCheckLetter } from '../../src/domain/nric';
import { staffInfoFormValues } from '../../src/domain/staff-info';
import type { UserDetail } from '../../src/domain/users';
import { staff } from '../views/fixtures';
import { describeEvent, planTransitionPaths } from './coverage';
import { expectToast, type RunningApp, renderApp, settle } from './harness';
import { describeModelWalk, followActor } from './model-walk';
import { type PanelEvent, performPanelEvent } from './panel-model';
import { allowancesOf, leaveTypes, onboardedStaff } from './staff-fixtures';

/**
 * Model-based test of the editable-panel statechart through the Staff tab of My profile (/staff/profile),
 * where a staff member edits their own staff info: paths from the real machine, walked through the real app
 * with HTTP answered at the fetch level (docs/decisions/0001).
 */

type Machine = typeof editablePanelMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = PanelEvent;

const me: UserDetail = { ...onboardedStaff, id: staff.id, email: staff.email, fullName: staff.fullName };
const info = me.staffInfo as NonNullable<UserDetail['staffInfo']>;
const stored = staffInfoFormValues(info);
const newNric = `T0245678${nricCheckLetter('T', '0245678')}`;
const saved = { ...stored, nric: newNric };
const serverDown: ApiError = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'An unexpected error occurred. Please try again later.',
};

const events: Event[] = [
  { type: 'panel.edit' },
  { type: 'panel.change', field: 'nric', value: newNric },
  { type: 'panel.change', field: 'nric', value: 'T0023456A' },
  { type: 'panel.change', field: 'nric', value: stored.nric as string },
  { type: 'panel.cancel' },
  { type: 'panel.save' },
  { type: 'xstate.done.actor.savePanel', output: saved, actorId: 'savePanel' },
  { type: 'xstate.error.actor.savePanel', error: serverDown, actorId: 'savePanel' },
];

/** Snapshots differ by state, draft and messages: Save is enabled only for a changed draft. */
const serialize = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.draft, s.context.errors]);

/** The screen sends a change only when it changes something, and Save only while enabled. */
function canProduce(s: Snapshot, event: Event): boolean {
  if (event.type === 'panel.change')
    return s.matches('editing') && s.context.draft[event.field] !== event.value;
  if (event.type === 'panel.save') return s.matches('editing') && isPanelDirty(s.context);
  return true;
}

const starts = [{ name: 'staff opens My profile', input: { kind: 'staffInfo' as const, values: stored } }];
/** The page has a panel per record; the Staff tab's is the one under test. */
const actor = followActor(editablePanelMachine, (snapshot) => snapshot.context.kind === 'staffInfo');
const plan = planTransitionPaths(editablePanelMachine, {
  starts,
  events,
  canProduce,
  serialize,
});

const signedInStaff = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: staff, isNewUser: false }),
};

/** The Staff tab's panel. */
const panel = () => {
  const tab = screen.getByRole('tabpanel', { name: 'Staff' });
  return tab;
};

async function open() {
  const app = await renderApp({ path: '/staff/profile', storage: signedInStaff, inspect: actor.inspect });
  app.server.answer('GET', `/api/users/${me.id}`, 200, me);
  app.server.answer('GET', '/api/leave-types', 200, leaveTypes);
  app.server.answer('GET', `/api/users/${me.id}/leave-balances`, 200, allowancesOf({ 1: 14, 2: 14, 3: 6 }));
  await settle();
  return app;
}

const perform = (app: RunningApp, event: Event) =>
  performPanelEvent(app, panel, 'Edit Staff Information', event, (error) =>
    error
      ? app.server.answer('PATCH', `/api/staff-info/${info.id}`, 500, error)
      : app.server.answer('PATCH', `/api/staff-info/${info.id}`, 200, { ...info, nric: newNric }),
  );

function expectScreen(app: RunningApp, s: Snapshot, event: Event | null) {
  expect(window.location.pathname).toBe('/staff/profile');
  const tab = panel();
  // The read-only block of My profile: name, email and role.
  expect(screen.getByText(me.email)).toBeInTheDocument();
  if (s.matches('readOnly')) {
    expect(within(tab).getByRole('button', { name: 'Edit Staff Information' })).toBeEnabled();
    // Masked everywhere but in its own edit field.
    expect(within(tab).getByText(maskNric(s.context.stored.nric as string))).toBeInTheDocument();
    expect(within(tab).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(tab.querySelector('input[name="nric"]')).toBeNull();
  } else {
    expect(within(tab).queryByRole('button', { name: 'Edit Staff Information' })).toBeNull();
    const nric = tab.querySelector<HTMLInputElement>('input[name="nric"]');
    expect(nric?.value).toBe(s.context.draft.nric);
    const saving = s.matches('saving');
    expect(nric?.disabled).toBe(saving);
    const error = s.context.errors.nric;
    if (error) {
      expect(nric).toHaveAttribute('aria-invalid', 'true');
      expect(within(tab).getByText(error)).toBeInTheDocument();
    } else {
      expect(nric).not.toHaveAttribute('aria-invalid');
    }
    const save = within(tab).getByRole('button', { name: saving ? 'Processing...' : 'Save' });
    // Save is disabled when nothing changed or while saving.
    expect(save).toHaveProperty('disabled', saving || !isPanelDirty(s.context));
    expect(within(tab).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', saving);
    if (saving) {
      expect(app.server.pending('PATCH', `/api/staff-info/${info.id}`).map((r) => r.body)).toEqual([
        { ...stored, nric: s.context.draft.nric },
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
  if (event.value === newNric) return 'panel.change (new NRIC)';
  return event.value === stored.nric ? 'panel.change (back to stored)' : 'panel.change (wrong check letter)';
};

describeModelWalk<Machine, Event>({
  // The computed entitlements reach only the Leave Allowance panel (user-record.test.tsx walks them).
  notOnThisScreen: ['panel.prefill'],
  title: 'editable-panel statechart, walked through the Staff tab of My profile',
  machine: editablePanelMachine,
  actor,
  plan,
  open,
  perform,
  expectScreen,
  label,
  serialize,
});
