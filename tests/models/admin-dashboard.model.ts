import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { LeaveStatus } from '../../src/domain/enums';
import type { LeaveRequest } from '../../src/domain/leave';
import { expectToast } from '../machines/harness';
import { shows } from '../machines/spec-walk';
import { bodyRows, buttonIn, cellsByColumn, findOpen, hasHeading, theOpen } from './leave-dom';
import { requestsTable } from './leave-review.model';

/**
 * /admin as spec section 2 describes it (Admin dashboard): the three stat cards fed by the counts, the
 * table 'Recent Staff Leave Requests' ('View all leave requests made by staff members.') with its columns
 * Employee, Leave Type, Start Date, End Date, Days, Status, Requested On, start and end dates with their
 * AM or PM marker (section 9: day/month/year, zero padded); a requester's name opens /admin/users/{id};
 * View opens the review sheet. Section 4: after a decision the status shows updated and the admin list and
 * counts reload; section 8: the approve and reject toasts.
 */

export interface DashboardModelInput {
  rows: LeaveRequest[];
  decidedAt: string;
}

export interface DashboardModelContext extends DashboardModelInput {
  reviewing: number | null;
  decision: 'APPROVED' | 'REJECTED' | null;
  requester: number | null;
  toast: { title: string; description: string } | null;
}

export type DashboardModelEvent =
  | { type: 'admin.reviews'; row: number }
  | { type: 'admin.approves' }
  | { type: 'admin.rejects' }
  | { type: 'server.decides' }
  | { type: 'admin.opensRequester'; row: number };

const COLUMNS = ['Employee', 'Leave Type', 'Start Date', 'End Date', 'Days', 'Status', 'Requested On'];
const STATUS: Record<LeaveStatus, string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  WITHDRAWAL_REQUESTED: 'Withdrawal requested',
  WITHDRAWN: 'Withdrawn',
};
const CARDS = [
  ['Pending Approval', 'PENDING'],
  ['Requests Approved', 'APPROVED'],
  ['Requests Rejected', 'REJECTED'],
] as const;
const SHEET = 'Leave Request Details';

/** Spec section 9: day/month/year with zero padding. */
const dayMonthYear = (iso: string) => {
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00` : iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
};
const marked = (iso: string, isAm: boolean) => `${dayMonthYear(iso)} ${isAm ? 'AM' : 'PM'}`;

type Snapshot = { context: DashboardModelContext };
const ctx = (m: unknown) => (m as Snapshot).context;
const rowOf = (c: DashboardModelContext, id: number | null) => {
  const row = c.rows.find((r) => r.id === id);
  if (!row) throw new Error(`model: no request ${id}`);
  return row;
};

export const adminDashboardModel = setup({
  types: {
    input: {} as DashboardModelInput,
    context: {} as DashboardModelContext,
    events: {} as DashboardModelEvent,
  },
  guards: {
    pendingRow: ({ context, event }) =>
      event.type === 'admin.reviews' &&
      context.rows.some((r) => r.id === event.row && r.status === 'PENDING'),
  },
}).createMachine({
  id: 'adminDashboardModel',
  context: ({ input }) => ({ ...input, reviewing: null, decision: null, requester: null, toast: null }),
  initial: 'dashboard',
  states: {
    dashboard: {
      meta: shows((_app, m) => {
        const c = ctx(m);
        expect(window.location.pathname).toBe('/admin');
        if (c.toast) expectToast(c.toast.title, c.toast.description);
        expect(hasHeading('Recent Staff Leave Requests')).toBe(true);
        expect(document.body).toHaveTextContent('View all leave requests made by staff members.');
        for (const [title, status] of CARDS) {
          const card = [...document.querySelectorAll('li')].find((li) => li.textContent?.startsWith(title));
          expect(card?.textContent, title).toBe(
            `${title}${c.rows.filter((r) => r.status === status).length}`,
          );
        }
        const table = requestsTable();
        const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
        expect(
          headers.filter((h) => COLUMNS.includes(h ?? '')),
          'the columns, in order',
        ).toEqual(COLUMNS);
        const rows = bodyRows(table);
        expect(rows).toHaveLength(c.rows.length);
        for (const request of c.rows) {
          const tr = rows.find((r) => r.textContent?.includes(request.user.fullName)) as HTMLElement;
          expect(tr, request.user.fullName).toBeDefined();
          const cells = cellsByColumn(table, tr);
          expect(cells['Start Date']).toBe(marked(request.fromDate, request.fromDateIsAm));
          expect(cells['End Date']).toBe(marked(request.toDate, request.toDateIsAm));
          expect(cells.Days).toBe(String(request.days));
          expect(cells.Status).toBe(STATUS[request.status]);
          expect(cells['Requested On']).toBe(dayMonthYear(request.createdAt));
        }
      }),
      initial: 'showing',
      states: {
        showing: {
          meta: shows(() => expect(findOpen('dialog', SHEET), 'the sheet is closed').toBeNull()),
          on: {
            'admin.reviews': {
              guard: 'pendingRow',
              target: 'reviewing',
              actions: assign({ reviewing: ({ event }) => event.row, toast: null }),
            },
            'admin.opensRequester': {
              target: '#adminDashboardModel.requester',
              actions: assign({ requester: ({ event }) => event.row, toast: null }),
            },
          },
        },
        reviewing: {
          meta: shows((_app, m) => {
            const c = ctx(m);
            const sheet = theOpen('dialog', SHEET);
            expect(sheet).toHaveTextContent(rowOf(c, c.reviewing).user.fullName);
            expect(buttonIn(sheet, 'Approve')).toBeEnabled();
            expect(buttonIn(sheet, 'Reject')).toBeEnabled();
          }),
          on: {
            'admin.approves': { target: 'deciding', actions: assign({ decision: 'APPROVED' }) },
            'admin.rejects': { target: 'deciding', actions: assign({ decision: 'REJECTED' }) },
          },
        },
        deciding: {
          meta: shows((app, m) => {
            const c = ctx(m);
            const [patch] = app.server.pending('PATCH', `/api/leave-requests/${c.reviewing}`);
            expect(patch?.body, 'the decision sent').toEqual({ status: c.decision });
          }),
          on: {
            'server.decides': {
              target: 'showing',
              actions: assign(({ context }) => {
                const request = rowOf(context, context.reviewing);
                const status = context.decision as 'APPROVED' | 'REJECTED';
                const name = request.user.fullName;
                return {
                  rows: context.rows.map((r) =>
                    r.id === request.id ? { ...r, status, updatedAt: context.decidedAt } : r,
                  ),
                  reviewing: null,
                  decision: null,
                  toast:
                    status === 'APPROVED'
                      ? { title: 'Approval successful!', description: `Leave request approved for ${name}` }
                      : { title: 'Rejection successful!', description: `Leave request rejected for ${name}` },
                };
              }),
            },
          },
        },
      },
    },
    /** Spec section 2: clicking a requester's name opens /admin/users/{id}. */
    requester: {
      meta: shows((_app, m) => {
        const c = ctx(m);
        expect(window.location.pathname).toBe(`/admin/users/${rowOf(c, c.requester).user.id}`);
      }),
    },
  },
});
