import { act, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type UserRecordEvent, userRecordMachine } from '../../machines/user-record.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { ApiError } from '../../src/domain/auth';
import { admin } from '../views/fixtures';
import { planTransitionPaths } from './coverage';
import {
  advance,
  expectToast,
  isDialogOpen,
  openDialog,
  type RunningApp,
  renderApp,
  settle,
} from './harness';
import { describeModelWalk, followActor } from './model-walk';
import { allowancesOf, leaveTypes, onboardedStaff } from './staff-fixtures';

/**
 * Model-based test of the user-record statechart through user detail (/admin/users/:id): paths from the real
 * machine, walked through the real app with HTTP answered at the fetch level (docs/decisions/0001).
 */

type Machine = typeof userRecordMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event =
  | UserRecordEvent
  | { type: 'xstate.done.actor.loadUser'; output: unknown; actorId: string }
  | { type: 'xstate.error.actor.loadUser'; error: ApiError; actorId: string }
  | { type: 'xstate.done.actor.deleteUser'; output: undefined; actorId: string }
  | { type: 'xstate.error.actor.deleteUser'; error: ApiError; actorId: string };

const user = onboardedStaff;
const notFound: ApiError = { statusCode: 404, error: 'Not Found', message: 'User not found.' };
const keptForPayroll: ApiError = {
  statusCode: 409,
  error: 'Conflict',
  message: `${user.fullName} has processed payslips, which must be kept. Set the employment status to Resigned instead.`,
};
const allowances = allowancesOf({ 1: 14, 2: 14, 3: 6 });

const events: Event[] = [
  { type: 'userRecord.delete' },
  { type: 'userRecord.cancelDelete' },
  { type: 'userRecord.confirmDelete' },
  { type: 'xstate.done.actor.loadUser', output: { user, leaveTypes, allowances }, actorId: 'loadUser' },
  { type: 'xstate.error.actor.loadUser', error: notFound, actorId: 'loadUser' },
  { type: 'xstate.done.actor.deleteUser', output: undefined, actorId: 'deleteUser' },
  { type: 'xstate.error.actor.deleteUser', error: keptForPayroll, actorId: 'deleteUser' },
];

const starts = [{ name: 'admin opens a user', input: { userId: user.id } }];
const actor = followActor(userRecordMachine);
const plan = planTransitionPaths(userRecordMachine, { starts, events });

const signedInAdmin = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};
const confirmation = () => openDialog('alertdialog', 'Are you absolutely sure?');

async function perform(app: RunningApp, event: Event) {
  switch (event.type) {
    case 'userRecord.delete': {
      const trigger = screen.getByRole('button', { name: 'Actions' });
      await app.user.click(trigger);
      // jsdom has no pointer events and runs animation frames on its own clock: the menu is driven by keyboard.
      const menu = screen.getByRole('menu');
      if (document.activeElement !== menu) act(() => menu.focus());
      const item = within(menu).getByRole('menuitem', { name: 'Delete User' });
      for (let i = 0; i < 3 && !item.hasAttribute('data-highlighted'); i++) {
        await app.user.keyboard('{ArrowDown}');
        await advance(20);
      }
      await app.user.keyboard('{Enter}');
      await advance(20);
      break;
    }
    case 'userRecord.cancelDelete':
      await app.user.click(within(confirmation()).getByRole('button', { name: 'Cancel' }));
      break;
    case 'userRecord.confirmDelete':
      await app.user.click(within(confirmation()).getByRole('button', { name: 'Continue' }));
      break;
    case 'xstate.done.actor.loadUser':
      app.server.answer('GET', `/api/users/${user.id}`, 200, user);
      app.server.answer('GET', '/api/leave-types', 200, leaveTypes);
      app.server.answer('GET', `/api/users/${user.id}/leave-balances`, 200, allowances);
      break;
    case 'xstate.error.actor.loadUser':
      app.server.answer('GET', `/api/users/${user.id}`, 404, event.error);
      break;
    case 'xstate.done.actor.deleteUser':
      app.server.answer('DELETE', `/api/users/${user.id}`, 204);
      break;
    case 'xstate.error.actor.deleteUser':
      app.server.answer('DELETE', `/api/users/${user.id}`, 409, event.error);
      break;
  }
  await settle();
}

function expectScreen(app: RunningApp, s: Snapshot, event: Event | null) {
  const hidden = s.matches({ loaded: 'confirmingDelete' }) || s.matches({ loaded: 'deleting' });
  if (s.matches('deleted')) {
    expect(window.location.pathname).toBe('/admin/users');
    expectToast('User deleted', `${user.fullName} has been deleted.`);
    return;
  }
  expect(window.location.pathname).toBe(`/admin/users/${user.id}`);
  expect(screen.getByRole('heading', { level: 1, name: 'User Details', hidden })).toBeInTheDocument();
  // The back link in the page (the sidebar has a Users link of its own).
  const page = screen.getByRole('main', { hidden });
  expect(within(page).getByRole('link', { name: 'Users', hidden })).toHaveAttribute('href', '/admin/users');
  if (s.matches('loading')) {
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(app.server.pending('GET', `/api/users/${user.id}`)).toHaveLength(1);
  }
  if (s.matches('notFound')) expect(screen.getByText('No user data found.')).toBeInTheDocument();
  if (s.matches('loaded')) {
    expect(screen.getByRole('heading', { level: 2, name: user.fullName, hidden })).toBeInTheDocument();
    // The four tabs of the profile, and the record of the first one, NRIC masked.
    const tabs = screen.getAllByRole('tab', { hidden }).map((tab) => tab.textContent);
    expect(tabs).toEqual(['Staff', 'Employment', 'Payment', 'Leave Allowance']);
    expect(screen.getAllByText('T****456C', { exact: true }).length).toBeGreaterThan(0);
  }
  if (s.matches({ loaded: 'idle' })) {
    expect(isDialogOpen('dialog', 'Are you absolutely sure?')).toBe(false);
    if (event?.type === 'xstate.error.actor.deleteUser') {
      expectToast('Error', 'Failed to delete user');
      // The server's reason stays on the page.
      expect(screen.getByText(keptForPayroll.message)).toBeInTheDocument();
    }
  }
  if (hidden) {
    const dialog = confirmation();
    expect(
      within(dialog).getByText(
        "This action cannot be undone. This will permanently delete this user's account and remove his/her data from our servers.",
      ),
    ).toBeInTheDocument();
    const deleting = s.matches({ loaded: 'deleting' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', deleting);
    if (deleting) {
      expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeDisabled();
      expect(app.server.pending('DELETE', `/api/users/${user.id}`)).toHaveLength(1);
    }
  }
}

describeModelWalk<Machine, Event>({
  title: 'user-record statechart, walked through user detail',
  machine: userRecordMachine,
  actor,
  plan,
  open: () => renderApp({ path: `/admin/users/${user.id}`, storage: signedInAdmin, inspect: actor.inspect }),
  perform,
  expectScreen,
});
