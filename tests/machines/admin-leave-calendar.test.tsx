import { screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { adminLeaveCalendarMachine } from '../../machines/admin-leave-calendar.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { LeaveCalendarEntry } from '../../src/domain/leave-calendar';
import { admin } from '../views/fixtures';
import { planTransitionPaths } from './coverage';
import type { RecordedRequest } from './fake-server';
import { openDialog, type RunningApp, renderApp, settle } from './harness';
import { leaveTypes } from './leave-fixtures';
import { describeModelWalk, followActor } from './model-walk';

/**
 * Model-based test of the team calendar's parent statechart through /admin/leave-calendar: an entry opens
 * the admin dashboard's Leave Request Details sheet, and an approval there must fetch the month again so
 * the entry shows its new status. The expectations are the requests the screen makes and the answers the
 * test gave, read off the screen.
 */

type Machine = typeof adminLeaveCalendarMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = { type: 'review.decided' };

const actor = followActor(adminLeaveCalendarMachine);
const starts = [{ name: 'admin opens the team calendar', input: { year: 2026, month: 3 } }];
const events: Event[] = [{ type: 'review.decided' }];
const plan = planTransitionPaths(adminLeaveCalendarMachine, { starts, events });

const CALENDAR = '/api/leave-calendar';
const aisyah = { id: 7, fullName: 'Nur Aisyah binti Rahman', email: 'aisyah.rahman@company.test' };
/** Nur Aisyah's pending afternoon off on Wednesday 11 March 2026. */
const afternoon: LeaveCalendarEntry = {
  id: 44,
  status: 'PENDING',
  type: 'Annual Leave',
  leaveTypeId: 1,
  leaveType: { id: 1, name: 'Annual Leave' },
  createdAt: '2026-03-02T02:00:00.000Z',
  updatedAt: '2026-03-02T02:00:00.000Z',
  fromDate: '2026-03-11',
  fromDateIsAm: false,
  toDate: '2026-03-11',
  toDateIsAm: false,
  days: 0.5,
  reason: 'School event',
  fileUrl: null,
  userId: aisyah.id,
  user: aisyah,
};
const PENDING_NAME = 'Nur Aisyah binti Rahman, Annual Leave, Wednesday 11 March PM half day, Pending';
const APPROVED_NAME = 'Nur Aisyah binti Rahman, Annual Leave, Wednesday 11 March PM half day, Approved';

let decided = false;
const calendarAsks = (app: RunningApp) =>
  app.server.requests.filter((r) => r.method === 'GET' && r.path === CALENDAR).length;
let asksBefore = 0;

async function perform(app: RunningApp, _event: Event) {
  await app.user.click(screen.getByRole('button', { name: PENDING_NAME }));
  const sheet = openDialog('dialog', 'Leave Request Details');
  app.server.answer('GET', `/api/leave-requests/${afternoon.id}/clashes`, 200, []);
  await settle();
  expect(within(sheet).getByText('School event')).toBeTruthy();
  asksBefore = calendarAsks(app);
  decided = true;
  await app.user.click(within(sheet).getByRole('button', { name: 'Approve' }));
  app.server.answer('PATCH', `/api/leave-requests/${afternoon.id}`, 200, {
    ...afternoon,
    status: 'APPROVED',
  });
  await settle();
}

async function expectScreen(app: RunningApp, _s: Snapshot) {
  expect(screen.getByRole('heading', { level: 1, name: 'Leave Calendar' })).toBeTruthy();
  const asked = app.server.requests.filter((r) => r.method === 'GET' && r.path === CALENDAR).at(-1);
  // Everyone's month: no person named.
  expect(asked?.query.get('userId')).toBeNull();
  expect(asked?.query.get('year')).toBe('2026');
  expect(asked?.query.get('month')).toBe('3');
  if (!decided) {
    app.server.answer('GET', CALENDAR, 200, [afternoon]);
    await settle();
    expect(screen.getByRole('button', { name: PENDING_NAME }).getAttribute('data-part')).toBe('PM');
    return;
  }
  // The decision fetched the month again; its answer shows the entry approved.
  expect(calendarAsks(app)).toBeGreaterThan(asksBefore);
  app.server.answer('GET', CALENDAR, 200, [{ ...afternoon, status: 'APPROVED' }]);
  await settle();
  expect(screen.queryByRole('button', { name: PENDING_NAME })).toBeNull();
  expect(screen.getByRole('button', { name: APPROVED_NAME })).toBeTruthy();
}

describeModelWalk<Machine, Event>({
  title: 'admin-leave-calendar statechart, walked through /admin/leave-calendar',
  machine: adminLeaveCalendarMachine,
  actor,
  plan,
  open: () => {
    decided = false;
    vi.setSystemTime(new Date('2026-03-15T04:00:00Z'));
    return renderApp({
      path: '/admin/leave-calendar',
      storage: {
        [ACCESS_TOKEN_KEY]: 'token',
        [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
      },
      inspect: actor.inspect,
      prepare: (server) => {
        const get = (path: string) => (r: RecordedRequest) => r.method === 'GET' && r.path === path;
        server.autoAnswer(get('/api/leave-types'), 200, leaveTypes);
        server.autoAnswer(get('/api/public-holidays'), 200, []);
      },
    });
  },
  perform,
  expectScreen,
});
