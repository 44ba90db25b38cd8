import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { userLeaveMachine } from '../../machines/user-leave.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { LeaveRequest } from '../../src/domain/leave';
import { admin, staff } from '../views/fixtures';
import { planTransitionPaths } from './coverage';
import type { RecordedRequest } from './fake-server';
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
 * Model-based test of the parent statechart of one person's leave, walked through each screen that shows
 * it: the staff dashboard, My profile and user detail. Its job is the coordination the spec implies: a
 * request created or deleted (from its row or from its panel) shows at once in the list, the stat cards
 * and the Leave Balance, and the next Request for Leave starts empty; a Leave Balance that cannot be
 * fetched says so in a toast. The expectations are the spec's texts (sections 2 and 8) and the requests the
 * screen makes to the server.
 */

type Machine = typeof userLeaveMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event =
  | { type: 'overview.loaded'; types: typeof leaveTypes }
  | { type: 'requests.removed' }
  | { type: 'details.deleted' }
  | { type: 'allowances.changed' }
  | { type: 'balances.failed' }
  | { type: 'xstate.done.actor.requestLeave' };

const signedIn = (user: typeof admin) => ({
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user, isNewUser: false }),
});
const me = { ...onboardedStaff, id: staff.id, fullName: staff.fullName, email: staff.email };

interface LeaveScreen {
  name: string;
  path: string;
  storage: Record<string, string>;
  person: typeof onboardedStaff;
  /** The button that opens Request for Leave, where the screen has one (spec section 2). */
  requestButton: string | null;
  /** The stat cards (Pending Approval, ...) show on the dashboard only. */
  statCards: boolean;
  /** The administrator edits the allowances on user detail (its Leave Allowance tab). */
  editsAllowances: boolean;
  /**
   * My profile and user detail read the user's record first, with the allowances (GET leave-balances);
   * the Leave Balance table's own fetch comes after it.
   */
  readsRecord: boolean;
  /**
   * The Leave Balance table shows on My profile and user detail; the staff dashboard shows none (spec
   * section 2), so it must never fetch one nor say that one failed.
   */
  balanceTable: boolean;
}

const screens: LeaveScreen[] = [
  {
    name: 'the staff dashboard',
    path: '/staff',
    storage: signedIn(staff),
    person: me,
    requestButton: 'Request Leave',
    statCards: true,
    editsAllowances: false,
    readsRecord: false,
    balanceTable: false,
  },
  {
    name: 'My profile',
    path: '/staff/profile',
    storage: signedIn(staff),
    person: me,
    requestButton: null,
    statCards: false,
    editsAllowances: false,
    readsRecord: true,
    balanceTable: true,
  },
  {
    name: 'user detail',
    path: `/admin/users/${onboardedStaff.id}`,
    storage: signedIn(admin),
    person: onboardedStaff,
    requestButton: 'Add Leave Request',
    statCards: false,
    editsAllowances: true,
    readsRecord: true,
    balanceTable: true,
  },
];

const counts = { PENDING: 1, APPROVED: 0, REJECTED: 0, TOTAL: 1 };
const afterChange = { PENDING: 2, APPROVED: 0, REJECTED: 0, TOTAL: 2 };

function pendingOf(person: typeof onboardedStaff): LeaveRequest {
  return {
    id: 90,
    status: 'PENDING',
    type: 'Annual Leave',
    leaveTypeId: 1,
    createdAt: '2026-02-20T02:00:00.000Z',
    updatedAt: '2026-02-20T02:00:00.000Z',
    fromDate: '2026-03-02',
    fromDateIsAm: true,
    toDate: '2026-03-03',
    toDateIsAm: false,
    days: 2,
    reason: 'Family visit',
    fileUrl: null,
    userId: person.id,
    user: { id: person.id, fullName: person.fullName, email: person.email },
  };
}

const TITLE = 'Request for Leave';
const serverDown = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'The database is unavailable.',
};
const asked = (app: RunningApp, path: string) =>
  app.server.requests.filter((r) => r.method === 'GET' && r.path === path).length;

async function chooseInRowMenu(app: RunningApp, item: string) {
  const table = screen.getByRole('table', { name: /leave requests/i });
  const [row] = within(table)
    .getAllByRole('row')
    .filter((candidate) => within(candidate).queryByText('Annual Leave'));
  if (!row) throw new Error('no request row');
  await app.user.click(within(row).getByRole('button', { name: /^Actions for / }));
  const menu = screen.getByRole('menu');
  if (document.activeElement !== menu) act(() => menu.focus());
  const entry = within(menu).getByRole('menuitem', { name: item });
  for (let i = 0; i < 4 && !entry.hasAttribute('data-highlighted'); i++) {
    await app.user.keyboard('{ArrowDown}');
    await advance(20);
  }
  await app.user.keyboard('{Enter}');
  await advance(50);
}

function walkThrough(leaveScreen: LeaveScreen) {
  const { person } = leaveScreen;
  const paths = {
    requests: `/api/users/${person.id}/leave-requests`,
    counts: `/api/users/${person.id}/leave-requests/count`,
    balances: `/api/users/${person.id}/leave-balances`,
    calendar: '/api/leave-calendar',
  };
  const pending = pendingOf(person);
  const actor = followActor(userLeaveMachine);
  const events: Event[] = [
    { type: 'overview.loaded', types: leaveTypes },
    { type: 'requests.removed' },
    { type: 'details.deleted' },
    ...(leaveScreen.balanceTable ? [{ type: 'balances.failed' } as const] : []),
    ...(leaveScreen.requestButton ? [{ type: 'xstate.done.actor.requestLeave' } as const] : []),
    ...(leaveScreen.editsAllowances ? [{ type: 'allowances.changed' } as const] : []),
  ];
  const starts = [
    {
      name: leaveScreen.name,
      input: {
        userId: person.id,
        requests: { query: { pageSize: 7 } },
        balances: leaveScreen.balanceTable,
      },
    },
  ];
  const plan = planTransitionPaths(userLeaveMachine, {
    starts,
    events,
    canProduce: (s, e) =>
      // Until the leave types arrive the dialog offers none, so no request can be made.
      (e.type !== 'xstate.done.actor.requestLeave' || s.matches('showing')) &&
      // The Leave Balance table's first fetch fails as the screen opens (see `open`).
      (e.type !== 'balances.failed' || s.matches('awaitingLeaveTypes')),
  });
  let before = { requests: 0, counts: 0, balances: 0, calendar: 0 };
  const snapshotOfAsks = (app: RunningApp) => ({
    requests: asked(app, paths.requests),
    counts: asked(app, paths.counts),
    balances: asked(app, paths.balances),
    calendar: asked(app, paths.calendar),
  });

  async function perform(app: RunningApp, event: Event) {
    before = snapshotOfAsks(app);
    switch (event.type) {
      case 'balances.failed':
        app.server.answer('GET', paths.balances, 500, serverDown);
        break;
      case 'overview.loaded':
        app.server.answer('GET', paths.counts, 200, counts);
        // Later reloads are answered with the counts after the change.
        app.server.autoAnswer((r) => r.method === 'GET' && r.path === paths.counts, 200, afterChange);
        break;
      case 'requests.removed':
        await chooseInRowMenu(app, 'Delete Request');
        await app.user.click(
          within(openDialog('alertdialog', 'Are you absolutely sure?')).getByRole('button', {
            name: 'Continue',
          }),
        );
        await settle();
        app.server.answer('DELETE', `/api/leave-requests/${pending.id}`, 204);
        break;
      case 'details.deleted': {
        await chooseInRowMenu(app, 'View');
        const panel = openDialog('dialog', 'Leave Request Details');
        await app.user.click(within(panel).getByRole('button', { name: 'Delete' }));
        await settle();
        app.server.answer('DELETE', `/api/leave-requests/${pending.id}`, 204);
        break;
      }
      case 'allowances.changed': {
        await app.user.click(screen.getByRole('tab', { name: 'Leave Allowance' }));
        await app.user.click(screen.getByRole('button', { name: 'Edit Leave Allowance' }));
        const form = screen.getByRole('form', { name: 'Leave Allowance' });
        const annual = form.querySelector<HTMLInputElement>('[name="leave-1"]');
        fireEvent.change(annual as HTMLInputElement, { target: { value: '16' } });
        await app.user.click(within(form).getByRole('button', { name: 'Save' }));
        await settle();
        const [saved] = allowancesOf({ 1: 16 });
        app.server.answer('PATCH', `/api/users/${person.id}/leave-balances/1`, 200, saved);
        break;
      }
      case 'xstate.done.actor.requestLeave': {
        await act(async () =>
          fireEvent.click(screen.getByRole('button', { name: leaveScreen.requestButton ?? '' })),
        );
        const dialog = openDialog('dialog', TITLE);
        const control = (name: string) => {
          const element = dialog.querySelector<HTMLInputElement>(`[name="${name}"]`);
          if (!element) throw new Error(`no ${name} in the dialog`);
          return element;
        };
        fireEvent.change(control('leaveType'), { target: { value: 'Annual Leave' } });
        fireEvent.change(control('fromDate'), { target: { value: '2026-03-02' } });
        fireEvent.change(control('toDate'), { target: { value: '2026-03-03' } });
        // The dialog counts the days once the year's public holidays are in.
        await settle();
        await act(async () =>
          fireEvent.click(within(dialog).getByRole('button', { name: 'Create Request' })),
        );
        await settle();
        app.server.answer('POST', '/api/leave-requests', 201, { ...pending, id: 91 });
        break;
      }
    }
    await settle();
  }

  async function expectScreen(app: RunningApp, s: Snapshot, event: Event | null) {
    expect(window.location.pathname).toBe(leaveScreen.path);
    const cards = screen.queryByRole('list', { name: 'Leave request counts' });
    expect(cards !== null).toBe(leaveScreen.statCards);
    if (!leaveScreen.balanceTable) {
      // No Leave Balance on this screen (spec section 2): none shows, none is ever asked for (the server
      // would refuse it, see \`open\`), and no toast says one failed (spec section 8).
      expect(screen.queryByRole('heading', { name: 'Leave Balance' })).toBeNull();
      expect(asked(app, paths.balances), `GET ${paths.balances}`).toBe(0);
      expect(screen.queryByText(/^Failed to fetch leave balances?$/)).toBeNull();
    }
    if (event?.type === 'balances.failed') {
      // Spec section 8, leave balance load failure (one person's balance).
      expectToast('Failed to fetch leave balance', 'Please try again later');
      if (leaveScreen.balanceTable) {
        // The table says why and still offers Try again.
        const balanceCard = screen.getByRole('heading', { name: 'Leave Balance' })
          .parentElement as HTMLElement;
        expect(within(balanceCard).getByRole('alert')).toHaveTextContent(serverDown.message);
        expect(within(balanceCard).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      }
    }
    if (s.matches('awaitingLeaveTypes')) return;
    if (cards) {
      const pendingCard = within(cards)
        .getAllByRole('listitem')
        .find((card) => card.textContent?.startsWith('Pending Approval'));
      const shown = event?.type === 'overview.loaded' ? counts.PENDING : afterChange.PENDING;
      expect(pendingCard?.textContent).toBe(`Pending Approval${shown}`);
    }
    if (!event || event.type === 'overview.loaded') return;
    const now = snapshotOfAsks(app);
    if (event.type !== 'allowances.changed') {
      // Whatever changed the requests, the balance (where it shows) and the counts were asked for again.
      if (leaveScreen.balanceTable) expect(now.balances).toBeGreaterThan(before.balances);
      expect(now.counts).toBeGreaterThan(before.counts);
      // The staff dashboard's calendar of one's own requests follows too (issue 17); the others have none.
      if (leaveScreen.statCards) expect(now.calendar).toBeGreaterThan(before.calendar);
      else expect(now.calendar).toBe(0);
    }
    if (event.type === 'allowances.changed') {
      // New allowances change the Leave Balance table only.
      expectToast('Leave Allowance Updated!');
      expect(now.balances).toBeGreaterThan(before.balances);
      return;
    }
    if (event.type === 'requests.removed' || event.type === 'details.deleted') {
      expectToast('Leave request deleted', 'The leave request has been deleted successfully.');
      expect(now.requests).toBeGreaterThan(before.requests);
    }
    if (event.type === 'xstate.done.actor.requestLeave') {
      expectToast('Leave Request Created!', 'Approval has to be made by your employer.');
      expect(isDialogOpen('dialog', TITLE)).toBe(false);
      expect(now.requests).toBeGreaterThan(before.requests);
      // The next request starts from an empty form.
      await act(async () =>
        fireEvent.click(screen.getByRole('button', { name: leaveScreen.requestButton ?? '' })),
      );
      const dialog = openDialog('dialog', TITLE);
      expect(dialog.querySelector<HTMLSelectElement>('[name="leaveType"]')?.value).toBe('');
      expect(dialog.querySelector<HTMLInputElement>('[name="fromDate"]')?.value).toBe('');
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Close' })));
      await settle();
    }
  }

  describeModelWalk<Machine, Event>({
    title: `user-leave statechart, walked through ${leaveScreen.name}`,
    machine: userLeaveMachine,
    actor,
    plan,
    open: (path) =>
      renderApp({
        path: leaveScreen.path,
        storage: leaveScreen.storage,
        inspect: actor.inspect,
        prepare: (server) => {
          const get = (path: string) => (r: RecordedRequest) => r.method === 'GET' && r.path === path;
          server.autoAnswer(get(`/api/users/${person.id}`), 200, person);
          server.autoAnswer(get('/api/leave-types'), 200, leaveTypes);
          server.autoAnswer(get(paths.calendar), 200, []);
          // The holidays the calendar marks and the Request for Leave dialog counts with.
          server.autoAnswer(get('/api/public-holidays'), 200, []);
          // A screen without the Leave Balance table must not ask for it: were it asked, the server would
          // refuse it, and the failure would show in a toast the walk looks for.
          if (!leaveScreen.balanceTable) {
            server.autoAnswer(get(paths.balances), 500, serverDown);
          }
          // A path that fails the Leave Balance table's first fetch leaves it to that step to answer.
          const failsBalances = path.steps[0]?.event.type === 'balances.failed';
          let balanceAsks = 0;
          const isTablesFirst = () => ++balanceAsks === (leaveScreen.readsRecord ? 2 : 1);
          server.autoAnswer(
            (r) => get(paths.balances)(r) && !(isTablesFirst() && failsBalances),
            200,
            allowancesOf({ 1: 14, 2: 14, 3: 6 }),
          );
          server.autoAnswer(get(paths.requests), 200, {
            data: [pending],
            currentPage: 1,
            pageSize: 7,
            total: 1,
            totalPages: 1,
          });
        },
      }),
    perform,
    expectScreen,
    // My profile offers no Request for Leave (spec section 2), only user detail edits allowances, and the
    // staff dashboard has no Leave Balance to fail: those transitions are walked on the screens that offer them.
    notOnThisScreen: (
      ['xstate.done.actor.requestLeave', 'allowances.changed', 'balances.failed'] as const
    ).filter((type) => !events.some((e) => e.type === type)),
  });
}

for (const leaveScreen of screens) walkThrough(leaveScreen);
