import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type UserRecordEvent, userRecordMachine } from '../../machines/user-record.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { ApiError } from '../../src/domain/auth';
import { admin } from '../views/fixtures';
import { planScenario, planTransitionPaths } from './coverage';
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
  | { type: 'xstate.error.actor.deleteUser'; error: ApiError; actorId: string }
  | { type: 'xstate.done.actor.loadEntitlements'; output: unknown; actorId: string }
  | { type: 'xstate.error.actor.loadEntitlements'; error: ApiError; actorId: string };

const user = onboardedStaff;
const notFound: ApiError = { statusCode: 404, error: 'Not Found', message: 'User not found.' };
const keptForPayroll: ApiError = {
  statusCode: 409,
  error: 'Conflict',
  message: `${user.fullName} has processed payslips, which must be kept. Set the employment status to Resigned instead.`,
};
const allowances = allowancesOf({ 1: 14, 2: 14, 3: 6 });

/**
 * GET /users/{id}/leave-entitlements (issue 17) for someone hired 17 Jul 2023: in their 4th year of service
 * the Employment Act's 10 days of annual leave (the company gives 12), 14 days of medical leave after 6
 * completed months, 6 days of childcare leave; unpaid leave has no limit.
 */
const entitlements = [
  { leaveType: { id: 1, name: 'Annual Leave' }, statutoryDays: 10, entitledDays: 12 },
  { leaveType: { id: 2, name: 'Medical Leave' }, statutoryDays: 14, entitledDays: 14 },
  { leaveType: { id: 3, name: 'Childcare Leave' }, statutoryDays: 6, entitledDays: 6 },
  { leaveType: { id: 8, name: 'Unpaid Leave' }, statutoryDays: null, entitledDays: null },
].map((e) => ({ ...e, carriedForwardDays: 0, carriedForwardExpiresOn: null }));
const serverDown: ApiError = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'An unexpected error occurred. Please try again later.',
};

const renamed = { ...user, fullName: 'Nur Aisyah Rahman' };
const resigned = { ...user.employmentInfo, employmentStatus: 'RESIGNED', lastDayOfService: '2026-12-31' };

const events: Event[] = [
  { type: 'panel.saved', kind: 'profile', values: { fullName: renamed.fullName, email: user.email } },
  { type: 'panel.saved', kind: 'employmentInfo', values: { employmentStatus: 'RESIGNED' } },
  { type: 'panel.saved', kind: 'leaveAllowance', values: { '1': '16' } },
  { type: 'userRecord.delete' },
  { type: 'userRecord.cancelDelete' },
  { type: 'userRecord.confirmDelete' },
  { type: 'xstate.done.actor.loadUser', output: { user, leaveTypes, allowances }, actorId: 'loadUser' },
  { type: 'xstate.error.actor.loadUser', error: notFound, actorId: 'loadUser' },
  { type: 'xstate.done.actor.deleteUser', output: undefined, actorId: 'deleteUser' },
  { type: 'xstate.error.actor.deleteUser', error: keptForPayroll, actorId: 'deleteUser' },
  { type: 'xstate.done.actor.loadEntitlements', output: entitlements, actorId: 'loadEntitlements' },
  { type: 'xstate.error.actor.loadEntitlements', error: serverDown, actorId: 'loadEntitlements' },
];

const starts = [{ name: 'admin opens a user', input: { userId: user.id } }];
const actor = followActor(userRecordMachine);
const plan = planTransitionPaths(userRecordMachine, {
  starts,
  events,
  // A panel is saved from the quiet page, one save a path (each is the same self-transition again).
  canProduce: (s, e) => e.type !== 'panel.saved' || s.matches({ loaded: 'idle' }),
});

// Both answers of the entitlements leave the page as it is (a self-transition each): the failure is walked here.
plan.paths.push(
  planScenario<Machine, Event>(userRecordMachine, starts[0] as (typeof starts)[number], [
    events.find((e) => e.type === 'xstate.done.actor.loadUser') as Event,
    events.find((e) => e.type === 'xstate.error.actor.loadEntitlements') as Event,
  ]),
);
plan.unreachable = plan.unreachable.filter((t) => !t.eventType.endsWith('.loadEntitlements'));

/** Edits one field of a panel (opening its tab first) and saves it. */
async function editAndSave(app: RunningApp, tab: string | null, title: string, field: string, value: string) {
  if (tab) await app.user.click(screen.getByRole('tab', { name: tab }));
  await app.user.click(screen.getByRole('button', { name: `Edit ${title}` }));
  const form = screen.getByRole('form', { name: title });
  const input = form.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${field}"]`);
  if (!input) throw new Error(`no ${field} in ${title}`);
  fireEvent.change(input, { target: { value } });
  await settle();
  return form;
}
let balancesAskedBefore = 0;
const balancesAsked = (app: RunningApp) =>
  app.server.requests.filter((r) => r.method === 'GET' && r.path === `/api/users/${user.id}/leave-balances`)
    .length;

const signedInAdmin = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};
const confirmation = () => openDialog('alertdialog', 'Are you absolutely sure?');

async function perform(app: RunningApp, event: Event) {
  balancesAskedBefore = balancesAsked(app);
  switch (event.type) {
    case 'panel.saved': {
      if (event.kind === 'profile') {
        const form = await editAndSave(app, null, 'Profile', 'fullName', renamed.fullName);
        await app.user.click(within(form).getByRole('button', { name: 'Save' }));
        await settle();
        app.server.answer('PATCH', `/api/users/${user.id}`, 200, renamed);
      } else if (event.kind === 'employmentInfo') {
        const form = await editAndSave(
          app,
          'Employment',
          'Employment Information',
          'employmentStatus',
          'RESIGNED',
        );
        const lastDay = form.querySelector<HTMLInputElement>('[name="lastDayOfService"]');
        fireEvent.change(lastDay as HTMLInputElement, { target: { value: resigned.lastDayOfService } });
        await app.user.click(within(form).getByRole('button', { name: 'Save' }));
        await settle();
        app.server.answer('PATCH', `/api/employment-info/${user.employmentInfo?.id}`, 200, resigned);
      } else {
        const form = await editAndSave(app, 'Leave Allowance', 'Leave Allowance', 'leave-1', '16');
        await app.user.click(within(form).getByRole('button', { name: 'Save' }));
        await settle();
        const [annual] = allowancesOf({ 1: 16 });
        app.server.answer('PATCH', `/api/users/${user.id}/leave-balances/1`, 200, annual);
      }
      break;
    }
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
    case 'xstate.done.actor.loadEntitlements':
      app.server.answer('GET', `/api/users/${user.id}/leave-entitlements`, 200, entitlements);
      break;
    case 'xstate.error.actor.loadEntitlements':
      app.server.answer('GET', `/api/users/${user.id}/leave-entitlements`, 500, event.error);
      break;
  }
  await settle();
}

async function expectScreen(app: RunningApp, s: Snapshot, event: Event | null) {
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
  if (
    event?.type === 'xstate.done.actor.loadEntitlements' ||
    event?.type === 'xstate.error.actor.loadEntitlements'
  ) {
    // The Leave Allowance tab: with the entitlements, each field says the policy's days, and a value below
    // the law's minimum warns (saving stays allowed); without them, neither.
    const loaded = event.type === 'xstate.done.actor.loadEntitlements';
    await app.user.click(screen.getByRole('tab', { name: 'Leave Allowance' }));
    await app.user.click(screen.getByRole('button', { name: 'Edit Leave Allowance' }));
    const form = screen.getByRole('form', { name: 'Leave Allowance' });
    expect(within(form).queryByText('By policy: 12 days.') !== null).toBe(loaded);
    expect(within(form).queryAllByText('By policy: 14 days.').length).toBe(loaded ? 1 : 0);
    fireEvent.change(form.querySelector('[name="leave-2"]') as HTMLInputElement, { target: { value: '3' } });
    await settle();
    expect(within(form).queryByText('Below the statutory 14 days.') !== null).toBe(loaded);
    expect(within(form).getByRole('button', { name: 'Save' })).toBeEnabled();
    await app.user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await settle();
    return;
  }
  if (event?.type === 'panel.saved') {
    // What the save changed shows elsewhere on the page at once (spec section 2: the header, the badge,
    // the Leave Balance beside the allowances).
    if (event.kind === 'profile') {
      expectToast('User updated!');
      expect(screen.getByRole('heading', { level: 2, name: renamed.fullName })).toBeInTheDocument();
    }
    if (event.kind === 'employmentInfo') {
      expectToast('Employment info updated!');
      const header = screen.getByRole('heading', { level: 2, name: user.fullName })
        .parentElement as HTMLElement;
      expect(within(header).getByText('Resigned')).toBeInTheDocument();
    }
    if (event.kind === 'leaveAllowance') {
      expectToast('Leave Allowance Updated!');
      expect(balancesAsked(app)).toBeGreaterThan(balancesAskedBefore);
    }
    return;
  }
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
