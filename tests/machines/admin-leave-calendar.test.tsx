import { within } from '@testing-library/react';
import { vi } from 'vitest';
import { adminLeaveCalendarMachine } from '../../machines/admin-leave-calendar.machine';
import type { LeaveCalendarEntry } from '../../src/domain/leave-calendar';
import { adminLeaveCalendarModel, type TeamCalendarEvent } from '../models/admin-leave-calendar.model';
import { theOpen } from '../models/leave-dom';
import { admin } from '../views/fixtures';
import { getOf } from './fake-server';
import { renderApp, settle, signedIn } from './harness';
import { leaveTypes } from './leave-fixtures';
import { describeSpecWalk } from './spec-walk';
import { allowancesOf } from './staff-fixtures';

/**
 * The team calendar /admin/leave-calendar walked from its spec model
 * (tests/models/admin-leave-calendar.model.ts): an entry opens the review sheet, and a decision there
 * fetches the month again so the entry shows its new status. The server's entry changes only as the
 * app's PATCH says; the app's adminLeaveCalendar machine is only watched.
 */

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
const ENTRY = 'Nur Aisyah binti Rahman, Annual Leave, Wednesday 11 March PM half day';
/** What the server holds: the entry, as the last PATCH left it. */
let held: LeaveCalendarEntry = afternoon;

describeSpecWalk<typeof adminLeaveCalendarModel, TeamCalendarEvent>({
  title: 'the team calendar /admin/leave-calendar, walked from its spec model',
  model: adminLeaveCalendarModel,
  starts: [
    {
      name: 'admin opens the team calendar',
      input: { entry: ENTRY, name: aisyah.fullName, requestId: afternoon.id },
    },
  ],
  events: [
    { type: 'server.answersMonth' },
    { type: 'admin.opensEntry' },
    { type: 'server.sendsDetails' },
    { type: 'admin.approves' },
    { type: 'admin.rejects' },
    { type: 'server.decides' },
  ],
  app: { machine: adminLeaveCalendarMachine },
  open(_path, inspect) {
    held = afternoon;
    vi.setSystemTime(new Date('2026-03-15T04:00:00Z'));
    return renderApp({
      path: '/admin/leave-calendar',
      storage: signedIn(admin),
      inspect,
      prepare: (server) => {
        server.autoAnswer(getOf('/api/leave-types'), 200, leaveTypes);
        server.autoAnswer(getOf('/api/public-holidays'), 200, []);
      },
    });
  },
  async perform(app, event, model) {
    const sheet = () => within(theOpen('dialog', 'Leave Request Details'));
    switch (event.type) {
      case 'server.answersMonth':
        app.server.answer('GET', CALENDAR, 200, [held]);
        break;
      case 'admin.opensEntry':
        await app.user.click(
          document.querySelector(`button[aria-label="${ENTRY}, ${model.context.status}"]`) as HTMLElement,
        );
        break;
      case 'server.sendsDetails':
        app.server.answer('GET', `/api/leave-requests/${afternoon.id}/clashes`, 200, []);
        app.server.answer(
          'GET',
          `/api/users/${afternoon.userId}/leave-balances`,
          200,
          allowancesOf({ 1: 14 }, 2026),
        );
        break;
      case 'admin.approves':
        await app.user.click(sheet().getByRole('button', { name: 'Approve' }));
        break;
      case 'admin.rejects':
        await app.user.click(sheet().getByRole('button', { name: 'Reject' }));
        break;
      case 'server.decides': {
        const [patch] = app.server.pending('PATCH');
        if (!patch) throw new Error('No decision is waiting');
        const { status } = patch.body as { status: LeaveCalendarEntry['status'] };
        if (patch.path === `/api/leave-requests/${held.id}`) held = { ...held, status };
        app.server.answer('PATCH', patch.path, 200, held);
        break;
      }
    }
    await settle();
  },
  scenarios: [
    {
      name: 'approve from the calendar: the month is fetched again and the entry reads Approved',
      events: [
        { type: 'server.answersMonth' },
        { type: 'admin.opensEntry' },
        { type: 'server.sendsDetails' },
        { type: 'admin.approves' },
        { type: 'server.decides' },
        { type: 'server.answersMonth' },
      ],
    },
    {
      name: 'reject from the calendar: the entry reads Rejected',
      events: [
        { type: 'server.answersMonth' },
        { type: 'admin.opensEntry' },
        { type: 'server.sendsDetails' },
        { type: 'admin.rejects' },
        { type: 'server.decides' },
        { type: 'server.answersMonth' },
      ],
    },
  ],
});
