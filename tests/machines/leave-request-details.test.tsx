import { act, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import {
  type LeaveRequestDetailsEvent,
  leaveRequestDetailsMachine,
} from '../../machines/leave-request-details.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { ApiError } from '../../src/domain/auth';
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
 * Model-based test of the staff Leave Request Details panel (docs/decisions/0001) through My profile: paths
 * from the real machine, walked through the real app with HTTP answered at the fetch level.
 */

type Machine = typeof leaveRequestDetailsMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event =
  | LeaveRequestDetailsEvent
  | { type: `xstate.done.actor.${string}`; output: unknown; actorId: string }
  | { type: `xstate.error.actor.${string}`; error: ApiError; actorId: string };

const me = { ...onboardedStaff, id: staff.id, fullName: staff.fullName, email: staff.email };
const base = {
  leaveTypeId: 1,
  userId: me.id,
  user: { id: me.id, fullName: me.fullName, email: me.email },
};
const pending: LeaveRequest = {
  ...base,
  id: 81,
  status: 'PENDING',
  type: 'Annual Leave',
  createdAt: '2026-02-20T02:00:00.000Z',
  updatedAt: '2026-02-20T02:00:00.000Z',
  fromDate: '2026-03-02',
  fromDateIsAm: true,
  toDate: '2026-03-02',
  toDateIsAm: true,
  days: 0.5,
  reason: 'Dental surgery in the morning',
  fileUrl: `leave/${me.id}/c0de/mc.pdf`,
};
const approved: LeaveRequest = {
  ...base,
  id: 82,
  status: 'APPROVED',
  type: 'Medical Leave',
  leaveTypeId: 2,
  createdAt: '2026-01-05T02:00:00.000Z',
  updatedAt: '2026-01-06T09:30:00.000Z',
  fromDate: '2026-01-12',
  fromDateIsAm: false,
  toDate: '2026-01-13',
  toDateIsAm: false,
  days: 1.5,
  reason: null,
  fileUrl: null,
};
const viewLink = '/api/files/view/c0de?signature=abc';
const serverDown: ApiError = { statusCode: 500, error: 'Internal Server Error', message: 'Storage is down.' };
const decided: ApiError = {
  statusCode: 409,
  error: 'Conflict',
  message: 'Only a pending leave request can be deleted.',
};

const events: Event[] = [
  { type: 'details.open', request: pending },
  { type: 'details.open', request: approved },
  { type: 'details.close' },
  { type: 'details.delete' },
  { type: 'xstate.done.actor.loadAttachmentUrl', output: viewLink, actorId: 'loadAttachmentUrl' },
  { type: 'xstate.error.actor.loadAttachmentUrl', error: serverDown, actorId: 'loadAttachmentUrl' },
  { type: 'xstate.done.actor.deleteLeaveRequest', output: undefined, actorId: 'deleteLeaveRequest' },
  { type: 'xstate.error.actor.deleteLeaveRequest', error: decided, actorId: 'deleteLeaveRequest' },
];

const signedInStaff = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: staff, isNewUser: false }),
};
const requestsPath = `/api/users/${me.id}/leave-requests`;
const balancesPath = `/api/users/${me.id}/leave-balances`;
const counted = (app: RunningApp) => ({
  requests: asked(app, 'GET', requestsPath),
  balances: asked(app, 'GET', balancesPath),
});
const asked = (app: RunningApp, method: string, path: string) =>
  app.server.requests.filter((r) => r.method === method && r.path === path).length;

const TITLE = 'Leave Request Details';
/** The open panel (jsdom never ends a closed drawer's exit animation, so it may linger). */
const panel = () => (isDialogOpen('dialog', TITLE) ? openDialog('dialog', TITLE) : null);
const rowOf = (request: LeaveRequest) => {
  const table = screen.getByRole('table', { name: /^(Your )?leave requests$/i });
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByText(request.type));
  if (!row) throw new Error(`no row for ${request.type}`);
  return row;
};

async function perform(app: RunningApp, event: Event) {
  switch (event.type) {
    case 'details.open': {
      await app.user.click(within(rowOf(event.request)).getByRole('button', { name: /^Actions for / }));
      const menu = screen.getByRole('menu');
      if (document.activeElement !== menu) act(() => menu.focus());
      const view = within(menu).getByRole('menuitem', { name: 'View' });
      for (let i = 0; i < 3 && !view.hasAttribute('data-highlighted'); i++) {
        await app.user.keyboard('{ArrowDown}');
        await advance(20);
      }
      await app.user.keyboard('{Enter}');
      await advance(50);
      break;
    }
    case 'details.close': {
      const open = panel();
      if (!open) throw new Error('the panel is not open');
      await app.user.click(within(open).getByRole('button', { name: 'Close' }));
      break;
    }
    case 'details.delete': {
      const open = panel();
      if (!open) throw new Error('the panel is not open');
      await app.user.click(within(open).getByRole('button', { name: 'Delete' }));
      break;
    }
    case 'xstate.done.actor.loadAttachmentUrl':
      app.server.answer('GET', '/api/s3/signed-url', 200, { signedUrl: viewLink });
      break;
    case 'xstate.error.actor.loadAttachmentUrl':
      app.server.answer('GET', '/api/s3/signed-url', 500, serverDown);
      break;
    case 'xstate.done.actor.deleteLeaveRequest':
      app.server.answer('DELETE', `/api/leave-requests/${pending.id}`, 204);
      break;
    case 'xstate.error.actor.deleteLeaveRequest':
      app.server.answer('DELETE', `/api/leave-requests/${pending.id}`, 409, decided);
      break;
  }
  await settle();
}

function expectScreen(
  path: string,
  /** The screen shows the Leave Balance table (My profile, user detail; not the staff dashboard). */
  balanceTable: boolean,
  app: RunningApp,
  s: Snapshot,
  event: Event | null,
  before: { requests: number; balances: number },
) {
  expect(window.location.pathname).toBe(path);
  if (s.matches('closed')) {
    expect(panel()).toBeNull();
    if (event?.type === 'xstate.done.actor.deleteLeaveRequest') {
      expectToast('Leave request deleted', 'The leave request has been deleted successfully.');
      // The list starts over, and the balance beside it (where the screen shows one) follows.
      expect(asked(app, 'GET', requestsPath)).toBeGreaterThan(before.requests);
      if (balanceTable) expect(asked(app, 'GET', balancesPath)).toBeGreaterThan(before.balances);
      else expect(asked(app, 'GET', balancesPath)).toBe(0);
    }
    return;
  }
  const open = panel();
  expect(open, 'the panel is open').not.toBeNull();
  if (!open) return;
  const request = s.context.request as LeaveRequest;
  const text = open.textContent ?? '';
  const isPending = request.status === 'PENDING';
  expect(text.includes('pending approval from the admin')).toBe(isPending);
  expect(within(open).getByText(isPending ? 'Pending' : 'Approved')).toBeInTheDocument();
  expect(text).toContain(request.type);
  if (isPending) {
    expect(text).toContain('Requested On');
    expect(text).toContain('Feb 20, 2026');
    expect(text).toContain('Mar 2, 2026 AM');
    expect(text).toContain('0.5 days');
    expect(text).toContain('Dental surgery in the morning');
    expect(text).toMatch(/cannot be undone/);
  } else {
    expect(text).toContain('Approved On');
    expect(text).toContain('Jan 6, 2026');
    expect(text).toContain('Jan 12, 2026 PM');
    expect(text).toContain('Jan 13, 2026 PM');
    expect(text).toContain('1.5 days');
    expect(text).toContain('No reason stated.');
    expect(text).toContain('No image uploaded.');
    expect(within(open).queryByRole('button', { name: 'Delete' })).toBeNull();
  }
  const reason = open.querySelector('[data-part="reason"]');
  expect(reason).not.toBeNull();
  if (s.matches({ open: { attachment: 'shown' } })) {
    // A PDF shows in a frame, with a link that opens it in a new tab.
    expect(open.querySelector('iframe')?.getAttribute('src')).toBe(viewLink);
    const link = within(open).getByRole('link', { name: 'Open the PDF in a new tab' });
    expect(link).toHaveAttribute('href', viewLink);
    expect(link).toHaveAttribute('target', '_blank');
  }
  if (s.matches({ open: { attachment: 'loading' } })) {
    const [get] = app.server.pending('GET', '/api/s3/signed-url');
    expect(get?.query.get('fileUrl')).toBe(pending.fileUrl);
  }
  if (s.matches({ open: { attachment: 'failed' } }))
    expect(text).toContain('The attachment could not be shown.');
  const deleting = s.matches({ open: { request: 'deleting' } });
  if (isPending) {
    const button = within(open).getByRole('button', { name: deleting ? 'Processing...' : 'Delete' });
    expect(button).toHaveProperty('disabled', deleting);
  }
  // While the deletion is out the panel cannot be closed.
  expect(within(open).queryByRole('button', { name: 'Close' }) === null).toBe(deleting);
  if (deleting) expect(app.server.pending('DELETE', `/api/leave-requests/${pending.id}`)).toHaveLength(1);
  if (event?.type === 'xstate.error.actor.deleteLeaveRequest') expectToast(decided.message, decided.error);
}

/**
 * The screens that show a person's requests with this panel (spec section 2); all but the staff dashboard
 * show the Leave Balance table beside them.
 */
const screens = [
  { name: 'My profile', path: '/staff/profile', storage: signedInStaff, balanceTable: true },
  { name: 'the staff dashboard', path: '/staff', storage: signedInStaff, balanceTable: false },
  {
    name: 'user detail (an administrator)',
    path: `/admin/users/${me.id}`,
    balanceTable: true,
    storage: {
      [ACCESS_TOKEN_KEY]: 'token',
      [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
    },
  },
];

for (const { name, path, storage, balanceTable } of screens) {
  const actor = followActor(leaveRequestDetailsMachine);
  const plan = planTransitionPaths(leaveRequestDetailsMachine, {
    starts: [{ name, input: undefined }],
    events,
  });
  /** What the screen had asked for before the step, to tell whether the step made it ask again. */
  let countedBefore: ReturnType<typeof counted> | null = null;

  describeModelWalk<Machine, Event>({
    title: `leave-request-details statechart, walked through ${name}`,
    machine: leaveRequestDetailsMachine,
    actor,
    plan,
    open: () =>
      renderApp({
        path,
        storage,
        inspect: actor.inspect,
        prepare: (server) => {
          const get = (url: string) => (r: RecordedRequest) => r.method === 'GET' && r.path === url;
          server.autoAnswer(get(`/api/users/${me.id}`), 200, me);
          server.autoAnswer(get('/api/leave-types'), 200, leaveTypes);
          server.autoAnswer(get(balancesPath), 200, allowancesOf({ 1: 14, 2: 14 }));
          server.autoAnswer(get(requestsPath), 200, {
            data: [pending, approved],
            currentPage: 1,
            pageSize: 7,
            total: 2,
            totalPages: 1,
          });
        },
      }),
    perform: async (app, event) => {
      countedBefore = counted(app);
      await perform(app, event);
    },
    expectScreen: (app, s, event) =>
      expectScreen(path, balanceTable, app, s, event, event && countedBefore ? countedBefore : counted(app)),
  });
}
