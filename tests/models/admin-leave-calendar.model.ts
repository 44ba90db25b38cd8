import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { RunningApp } from '../machines/harness';
import { expectToast } from '../machines/harness';
import { shows } from '../machines/spec-walk';
import { buttonIn, findOpen, hasHeading, theOpen } from './leave-dom';

/**
 * The team calendar /admin/leave-calendar (issue 17, with the spec's review sheet, section 2, and its
 * decision rules, section 4): everyone's month, no person named in the question; an entry opens the Leave
 * Request Details sheet, where a pending request is approved or rejected (PATCH /leave-requests/{id}
 * {status}, spec section 7, and the toasts of section 8); the month is then fetched again, and the entry
 * shows its new status.
 */

export interface TeamCalendarInput {
  /** The entry's accessible name without its status ('Nur Aisyah binti Rahman, Annual Leave, ...'). */
  entry: string;
  name: string;
  requestId: number;
}

export interface TeamCalendarContext extends TeamCalendarInput {
  status: 'Pending' | 'Approved' | 'Rejected';
  decision: 'APPROVED' | 'REJECTED' | null;
  toast: { title: string; description: string } | null;
  monthAsks: number;
}

export type TeamCalendarEvent =
  | { type: 'server.answersMonth' }
  | { type: 'admin.opensEntry' }
  | { type: 'server.sendsDetails' }
  | { type: 'admin.approves' }
  | { type: 'admin.rejects' }
  | { type: 'server.decides' };

type Snapshot = { context: TeamCalendarContext };
const ctx = (m: unknown) => (m as Snapshot).context;
const SHEET = 'Leave Request Details';
const entryButton = (name: string) => document.querySelector<HTMLElement>(`button[aria-label="${name}"]`);
const monthAsks = (app: RunningApp) =>
  app.server.requests.filter((r) => r.method === 'GET' && r.path === '/api/leave-calendar');

export const adminLeaveCalendarModel = setup({
  types: {
    input: {} as TeamCalendarInput,
    context: {} as TeamCalendarContext,
    events: {} as TeamCalendarEvent,
  },
  guards: { pending: ({ context }) => context.status === 'Pending' },
}).createMachine({
  id: 'adminLeaveCalendarModel',
  context: ({ input }) => ({ ...input, status: 'Pending', decision: null, toast: null, monthAsks: 1 }),
  meta: shows((app, m) => {
    const c = ctx(m);
    expect(window.location.pathname).toBe('/admin/leave-calendar');
    expect(hasHeading('Leave Calendar')).toBe(true);
    if (c.toast) expectToast(c.toast.title, c.toast.description);
    const asks = monthAsks(app);
    expect(asks, 'the month was fetched again after each decision').toHaveLength(c.monthAsks);
    // Everyone's month: no person named.
    expect(asks.at(-1)?.query.get('userId')).toBeNull();
    expect(asks.at(-1)?.query.get('year')).toBe('2026');
    expect(asks.at(-1)?.query.get('month')).toBe('3');
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: shows((app) => expect(app.server.pending('GET', '/api/leave-calendar')).toHaveLength(1)),
      on: { 'server.answersMonth': { target: 'showing', actions: assign({ toast: null }) } },
    },
    showing: {
      meta: shows((_app, m) => {
        const c = ctx(m);
        expect(findOpen('dialog', SHEET), 'the sheet is closed').toBeNull();
        const entry = entryButton(`${c.entry}, ${c.status}`);
        expect(entry, `the entry, ${c.status}`).not.toBeNull();
        expect(entry?.getAttribute('data-part'), 'an afternoon half').toBe('PM');
      }),
      on: { 'admin.opensEntry': { target: 'reviewing', actions: assign({ toast: null }) } },
    },
    reviewing: {
      meta: shows((_app, m) => {
        const c = ctx(m);
        expect(theOpen('dialog', SHEET)).toHaveTextContent(c.name);
      }),
      initial: 'loadingDetails',
      states: {
        loadingDetails: {
          on: { 'server.sendsDetails': { target: 'ready' } },
        },
        ready: {
          meta: shows((_app, m) => {
            const pending = ctx(m).status === 'Pending';
            const sheet = theOpen('dialog', SHEET);
            if (pending) {
              expect(buttonIn(sheet, 'Approve')).toBeEnabled();
              expect(buttonIn(sheet, 'Reject')).toBeEnabled();
            }
          }),
          on: {
            'admin.approves': {
              guard: 'pending',
              target: 'deciding',
              actions: assign({ decision: 'APPROVED' }),
            },
            'admin.rejects': {
              guard: 'pending',
              target: 'deciding',
              actions: assign({ decision: 'REJECTED' }),
            },
          },
        },
        deciding: {
          meta: shows((app, m) => {
            const c = ctx(m);
            const [patch] = app.server.pending('PATCH', `/api/leave-requests/${c.requestId}`);
            expect(patch?.body, 'the decision sent').toEqual({ status: c.decision });
          }),
          on: {
            'server.decides': {
              target: '#adminLeaveCalendarModel.loading',
              actions: assign(({ context }) => ({
                status: context.decision === 'APPROVED' ? ('Approved' as const) : ('Rejected' as const),
                decision: null,
                monthAsks: context.monthAsks + 1,
                toast:
                  context.decision === 'APPROVED'
                    ? {
                        title: 'Approval successful!',
                        description: `Leave request approved for ${context.name}`,
                      }
                    : {
                        title: 'Rejection successful!',
                        description: `Leave request rejected for ${context.name}`,
                      },
              })),
            },
          },
        },
      },
    },
  },
});
