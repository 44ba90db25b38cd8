import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type LeaveCalendarEvent, leaveCalendarMachine } from '../../machines/leave-calendar.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { ApiError } from '../../src/domain/auth';
import type { LeaveCalendarEntry } from '../../src/domain/leave-calendar';
import { staff } from '../views/fixtures';
import { planTransitionPaths } from './coverage';
import type { RecordedRequest } from './fake-server';
import { advance, openDialog, type RunningApp, renderApp, settle } from './harness';
import { describeModelWalk, followActor } from './model-walk';
import { allowancesOf, leaveTypes } from './staff-fixtures';

/**
 * Model-based test of the calendar statechart (issue 17, part 5) through /staff, 'Your Leave Calendar':
 * Previous, Next, the month picker, the Leave Type filter, Try again, and a reload when a request is
 * deleted from the table above. The oracles are the test's own: it keeps the month it expects by its own
 * arithmetic and names the months itself, reads what the screen asked the server for, and looks for the
 * entries it answered on the dates it put them (a morning as an AM half, a pending request marked so).
 */

type Machine = typeof leaveCalendarMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event =
  | LeaveCalendarEvent
  | { type: 'xstate.done.actor.loadMonth'; output: unknown; actorId: string }
  | { type: 'xstate.error.actor.loadMonth'; error: ApiError; actorId: string };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September'];
const MONTHS_REST = ['October', 'November', 'December'];
const monthName = (month: number) => [...MONTHS, ...MONTHS_REST][month - 1];
const TODAY = new Date('2026-03-15T04:00:00Z');
const CALENDAR = '/api/leave-calendar';
const user = { id: staff.id, fullName: staff.fullName, email: staff.email };

const entry = (fields: Partial<LeaveCalendarEntry> & Pick<LeaveCalendarEntry, 'id'>): LeaveCalendarEntry => ({
  status: 'APPROVED',
  type: 'Annual Leave',
  leaveTypeId: 1,
  leaveType: { id: 1, name: 'Annual Leave' },
  createdAt: '2026-02-20T02:00:00.000Z',
  updatedAt: '2026-02-21T02:00:00.000Z',
  fromDate: '2026-03-10',
  fromDateIsAm: true,
  toDate: '2026-03-10',
  toDateIsAm: true,
  days: 0.5,
  reason: 'Dentist',
  fileUrl: null,
  userId: user.id,
  user,
  ...fields,
});
/** A morning off on Tuesday 10 March (approved) and Tuesday 17 to Wednesday 18 March (pending). */
const morning = entry({ id: 70 });
const pendingSick = entry({
  id: 71,
  status: 'PENDING',
  type: 'Medical Leave',
  leaveTypeId: 2,
  leaveType: { id: 2, name: 'Medical Leave' },
  fromDate: '2026-03-17',
  toDate: '2026-03-18',
  toDateIsAm: false,
  days: 2,
  reason: null,
});
const serverDown: ApiError = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'The database is unavailable.',
};

const events: Event[] = [
  { type: 'calendar.previous' },
  { type: 'calendar.next' },
  { type: 'calendar.show', month: { year: 2026, month: 7 } },
  { type: 'calendar.filter', leaveTypeId: 2 },
  { type: 'calendar.reload' },
  { type: 'calendar.retry' },
  {
    type: 'xstate.done.actor.loadMonth',
    output: { entries: [], holidays: [], leaveTypes },
    actorId: 'loadMonth',
  },
  { type: 'xstate.error.actor.loadMonth', error: serverDown, actorId: 'loadMonth' },
];
const actor = followActor(leaveCalendarMachine);
const starts = [{ name: 'staff opens /staff', input: { year: 2026, month: 3, userId: staff.id } }];
const plan = planTransitionPaths(leaveCalendarMachine, {
  starts,
  events,
  // The Leave Type filter offers the types once the first month has brought them.
  canProduce: (s, e) => e.type !== 'calendar.filter' || s.context.leaveTypes.length > 0,
});

/** What the test expects the calendar to show, kept by its own arithmetic. */
let expected = { year: 2026, month: 3, leaveTypeId: null as number | null };
function moveBy(delta: number) {
  const index = expected.year * 12 + expected.month - 1 + delta;
  expected = { ...expected, year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The server's answer: the two entries in March 2026 (of the type asked for), nothing in other months. */
function entriesFor(request: RecordedRequest): LeaveCalendarEntry[] {
  if (request.query.get('year') !== '2026' || request.query.get('month') !== '3') return [];
  const typeId = request.query.get('leaveTypeId');
  return [morning, pendingSick].filter((e) => !typeId || String(e.leaveTypeId) === typeId);
}

/** Answers every calendar request still out, oldest first: the stale ones are dropped by the app. */
function answerCalendar(app: RunningApp, ok: boolean) {
  for (const request of app.server.pending('GET', CALENDAR)) {
    if (ok) app.server.answer('GET', CALENDAR, 200, entriesFor(request));
    else app.server.answer('GET', CALENDAR, 500, serverDown);
  }
}

const pendingRequest = {
  ...entry({ id: 90, status: 'PENDING', fromDate: '2026-03-24', toDate: '2026-03-24', toDateIsAm: false }),
  days: 1,
};

async function deleteFromTable(app: RunningApp) {
  const table = screen.getByRole('table', { name: 'Your leave requests' });
  const [row] = within(table)
    .getAllByRole('row')
    .filter((candidate) => within(candidate).queryByText('Annual Leave'));
  if (!row) throw new Error('no request row');
  await app.user.click(within(row).getByRole('button', { name: /^Actions for / }));
  const menu = screen.getByRole('menu');
  if (document.activeElement !== menu) act(() => menu.focus());
  const item = within(menu).getByRole('menuitem', { name: 'Delete Request' });
  for (let i = 0; i < 4 && !item.hasAttribute('data-highlighted'); i++) {
    await app.user.keyboard('{ArrowDown}');
    await advance(20);
  }
  await app.user.keyboard('{Enter}');
  await advance(50);
  await app.user.click(
    within(openDialog('alertdialog', 'Are you absolutely sure?')).getByRole('button', { name: 'Continue' }),
  );
  await settle();
  app.server.answer('DELETE', `/api/leave-requests/${pendingRequest.id}`, 204);
}

const calendarCard = () => {
  const heading = screen.getByRole('heading', { name: 'Your Leave Calendar' });
  return heading.closest('.chakra-card__root') as HTMLElement;
};
const select = (label: string) => within(calendarCard()).getByLabelText(label) as HTMLSelectElement;

async function perform(app: RunningApp, event: Event) {
  const card = within(calendarCard());
  switch (event.type) {
    case 'calendar.previous':
      moveBy(-1);
      await app.user.click(card.getByRole('button', { name: 'Previous' }));
      break;
    case 'calendar.next':
      moveBy(1);
      await app.user.click(card.getByRole('button', { name: 'Next' }));
      break;
    case 'calendar.show':
      expected = { ...expected, month: event.month.month };
      fireEvent.change(select('Month'), { target: { value: String(event.month.month) } });
      break;
    case 'calendar.filter':
      expected = { ...expected, leaveTypeId: event.leaveTypeId };
      fireEvent.change(select('Leave Type'), { target: { value: String(event.leaveTypeId ?? '') } });
      break;
    case 'calendar.reload':
      await deleteFromTable(app);
      break;
    case 'calendar.retry':
      await app.user.click(card.getByRole('button', { name: 'Try again' }));
      break;
    case 'xstate.done.actor.loadMonth':
      await settle();
      answerCalendar(app, true);
      break;
    case 'xstate.error.actor.loadMonth':
      await settle();
      answerCalendar(app, false);
      break;
  }
  await settle();
}

const button = (name: string) => within(calendarCard()).queryByRole('button', { name });
const MORNING = 'Annual Leave, Tuesday 10 March AM half day, Approved';
const PENDING_SICK = 'Medical Leave, Tuesday 17 March whole day, Pending';

function expectScreen(app: RunningApp, s: Snapshot) {
  const card = within(calendarCard());
  expect(card.getByRole('heading', { name: `${monthName(expected.month)} ${expected.year}` })).toBeTruthy();
  // The last question to the server was for the month and type expected, and only for oneself.
  const asked = app.server.requests.filter((r) => r.method === 'GET' && r.path === CALENDAR).at(-1);
  expect(asked?.query.get('year')).toBe(String(expected.year));
  expect(asked?.query.get('month')).toBe(String(expected.month));
  expect(asked?.query.get('leaveTypeId') ?? null).toBe(
    expected.leaveTypeId === null ? null : String(expected.leaveTypeId),
  );
  expect(asked?.query.get('userId')).toBe(String(staff.id));
  expect(select('Month').value).toBe(String(expected.month));
  expect(select('Leave Type').value).toBe(String(expected.leaveTypeId ?? ''));
  if (s.matches('failed')) {
    expect(card.getByRole('alert').textContent).toContain('The database is unavailable.');
    expect(card.queryByRole('table')).toBeNull();
    return;
  }
  expect(card.queryByRole('button', { name: 'Try again' })).toBeNull();
  const grid = card.getByRole('table', {
    name: `Leave calendar, ${monthName(expected.month)} ${expected.year}`,
  });
  expect(grid.getAttribute('aria-busy')).toBe(String(s.matches('loading')));
  if (s.matches('loading')) return;
  const march = expected.year === 2026 && expected.month === 3;
  expect(Boolean(button(MORNING))).toBe(march && expected.leaveTypeId !== 2);
  expect(Boolean(button(PENDING_SICK))).toBe(march);
  if (march) {
    // The half day is a half, the pending request says so, on the dates they take.
    const cell = (date: string) => grid.querySelector(`[data-date="${date}"]`) as HTMLElement;
    expect(
      within(cell('2026-03-18')).getByRole('button', { name: /Medical Leave, Wednesday 18 March/ }),
    ).toBeTruthy();
    expect(within(cell('2026-03-11')).queryByRole('button')).toBeNull();
    const sick = button(PENDING_SICK) as HTMLElement;
    expect(sick.getAttribute('data-status')).toBe('PENDING');
    if (expected.leaveTypeId !== 2) {
      const half = button(MORNING) as HTMLElement;
      expect(half.getAttribute('data-part')).toBe('AM');
      // The entry beside the button marks the half: 'AM' before the name.
      expect(half.parentElement?.textContent).toBe('AMAnnual Leave');
    }
    // Weekends are marked.
    expect(cell('2026-03-07').getAttribute('data-weekend')).toBe('true');
    expect(cell('2026-03-09').getAttribute('data-weekend')).toBeNull();
  }
  if (expected.year === 2026 && expected.month === 4) {
    const goodFriday = grid.querySelector('[data-date="2026-04-03"]') as HTMLElement;
    expect(goodFriday.getAttribute('data-holiday')).toBe('Good Friday');
    expect(within(goodFriday).getByText('Good Friday')).toBeTruthy();
  }
}

const signedInStaff = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: staff, isNewUser: false }),
};

function openStaffDashboard() {
  vi.setSystemTime(TODAY);
  expected = { year: 2026, month: 3, leaveTypeId: null };
  return renderApp({
    path: '/staff',
    storage: signedInStaff,
    inspect: actor.inspect,
    prepare: (server) => {
      const get = (path: string) => (r: RecordedRequest) => r.method === 'GET' && r.path === path;
      server.autoAnswer(get('/api/leave-types'), 200, leaveTypes);
      server.autoAnswer(get(`/api/users/${staff.id}/leave-requests/count`), 200, {
        PENDING: 2,
        APPROVED: 1,
        REJECTED: 0,
        TOTAL: 3,
      });
      server.autoAnswer(get(`/api/users/${staff.id}/leave-balances`), 200, allowancesOf({ 1: 14, 2: 14 }));
      server.autoAnswer(get(`/api/users/${staff.id}/leave-requests`), 200, {
        data: [pendingRequest],
        currentPage: 1,
        pageSize: 7,
        total: 1,
        totalPages: 1,
      });
      server.autoAnswer((r) => get('/api/public-holidays')(r) && r.query.get('year') === '2026', 200, [
        { date: '2026-04-03', name: 'Good Friday' },
        { date: '2026-05-01', name: 'Labour Day' },
      ]);
      server.autoAnswer(get('/api/public-holidays'), 200, []);
    },
  });
}

describeModelWalk<Machine, Event>({
  title: 'leave-calendar statechart, walked through /staff (Your Leave Calendar)',
  machine: leaveCalendarMachine,
  actor,
  plan,
  open: openStaffDashboard,
  perform,
  expectScreen,
  more: () => {
    it('an entry opens its request in the details panel, and April shows Good Friday', async () => {
      actor.forget();
      const app = await openStaffDashboard();
      answerCalendar(app, true);
      await settle();
      await app.user.click(button(PENDING_SICK) as HTMLElement);
      const panel = openDialog('dialog', 'Leave Request Details');
      expect(within(panel).getByText('Medical Leave')).toBeTruthy();
      expect(within(panel).getByText('This request is pending approval from the admin.')).toBeTruthy();
      await app.user.click(within(panel).getByRole('button', { name: 'Close' }));
      await settle();
      expected = { year: 2026, month: 4, leaveTypeId: null };
      await app.user.click(within(calendarCard()).getByRole('button', { name: 'Next' }));
      answerCalendar(app, true);
      await settle();
      expectScreen(app, actor.live());
    });
  },
});
