import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { leaveCalendarMachine } from '../../machines/leave-calendar.machine';
import type { ApiError } from '../../src/domain/auth';
import type { LeaveCalendarEntry } from '../../src/domain/leave-calendar';
import {
  type CalendarEvent,
  calendarCard,
  FAILURE,
  leaveCalendarModel,
  MEDICAL_TYPE_ID,
  PENDING_SICK,
  select,
} from '../models/leave-calendar.model';
import { theOpen } from '../models/leave-dom';
import { staff } from '../views/fixtures';
import { getOf, type RecordedRequest } from './fake-server';
import { advance, type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';
import { allowancesOf, leaveTypes } from './staff-fixtures';

/**
 * 'Your Leave Calendar' on /staff walked from its spec model (tests/models/leave-calendar.model.ts):
 * Previous, Next, the month picker, the Leave Type filter, Try again, and a reload when a request is
 * deleted from the table above. The server holds two entries in March 2026 and Good Friday in April.
 */

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
const serverDown: ApiError = { statusCode: 500, error: 'Internal Server Error', message: FAILURE };

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
    within(theOpen('alertdialog', 'Are you absolutely sure?')).getByRole('button', { name: 'Continue' }),
  );
  await settle();
  app.server.answer('DELETE', `/api/leave-requests/${pendingRequest.id}`, 204);
}

function openStaffDashboard(inspect: Parameters<typeof renderApp>[0]['inspect']) {
  vi.setSystemTime(TODAY);
  return renderApp({
    path: '/staff',
    storage: signedIn(staff),
    inspect,
    prepare: (server) => {
      server.autoAnswer(getOf('/api/leave-types'), 200, leaveTypes);
      server.autoAnswer(getOf(`/api/users/${staff.id}/leave-requests/count`), 200, {
        PENDING: 2,
        APPROVED: 1,
        REJECTED: 0,
        TOTAL: 3,
      });
      server.autoAnswer(getOf(`/api/users/${staff.id}/leave-balances`), 200, allowancesOf({ 1: 14, 2: 14 }));
      server.autoAnswer(getOf(`/api/users/${staff.id}/leave-requests`), 200, {
        data: [pendingRequest],
        currentPage: 1,
        pageSize: 7,
        total: 1,
        totalPages: 1,
      });
      server.autoAnswer((r) => getOf('/api/public-holidays')(r) && r.query.get('year') === '2026', 200, [
        { date: '2026-04-03', name: 'Good Friday' },
        { date: '2026-05-01', name: 'Labour Day' },
      ]);
      server.autoAnswer(getOf('/api/public-holidays'), 200, []);
    },
  });
}

const events: CalendarEvent[] = [
  { type: 'user.previous' },
  { type: 'user.next' },
  { type: 'user.picksMonth', month: 7 },
  { type: 'user.filters', leaveTypeId: MEDICAL_TYPE_ID },
  { type: 'user.deletesARequest' },
  { type: 'user.retries' },
  { type: 'server.answers' },
  { type: 'server.fails' },
];

describeSpecWalk<typeof leaveCalendarModel, CalendarEvent>({
  title: "'Your Leave Calendar' on /staff, walked from its spec model",
  model: leaveCalendarModel,
  starts: [{ name: 'staff opens /staff', input: { year: 2026, month: 3, userId: staff.id } }],
  events,
  app: { machine: leaveCalendarMachine },
  open: (_path, inspect) => openStaffDashboard(inspect),
  async perform(app, event) {
    const card = within(calendarCard());
    switch (event.type) {
      case 'user.previous':
        await app.user.click(card.getByRole('button', { name: 'Previous' }));
        break;
      case 'user.next':
        await app.user.click(card.getByRole('button', { name: 'Next' }));
        break;
      case 'user.picksMonth':
        fireEvent.change(select('Month'), { target: { value: String(event.month) } });
        break;
      case 'user.filters':
        fireEvent.change(select('Leave Type'), { target: { value: String(event.leaveTypeId ?? '') } });
        break;
      case 'user.deletesARequest':
        await deleteFromTable(app);
        break;
      case 'user.retries':
        await app.user.click(card.getByRole('button', { name: 'Try again' }));
        break;
      case 'server.answers':
      case 'server.fails':
        await settle();
        answerCalendar(app, event.type === 'server.answers');
        break;
    }
    await settle();
  },
  scenarios: [
    {
      name: 'Next from March shows April with Good Friday, Previous brings March back',
      events: [
        { type: 'server.answers' },
        { type: 'user.next' },
        { type: 'server.answers' },
        { type: 'user.previous' },
        { type: 'server.answers' },
      ],
    },
    {
      name: 'the Leave Type filter keeps only that type',
      events: [
        { type: 'server.answers' },
        { type: 'user.filters', leaveTypeId: MEDICAL_TYPE_ID },
        { type: 'server.answers' },
      ],
    },
  ],
  more: () => {
    it('an entry opens its request in the details panel', async () => {
      const app = await openStaffDashboard(undefined);
      answerCalendar(app, true);
      await settle();
      await app.user.click(within(calendarCard()).getByRole('button', { name: PENDING_SICK }));
      const panel = theOpen('dialog', 'Leave Request Details');
      expect(within(panel).getByText('Medical Leave')).toBeTruthy();
      expect(within(panel).getByText('This request is pending approval from the admin.')).toBeTruthy();
    });
  },
});
