import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';

/**
 * "The staff's own timesheet entry on a phone" (issue 36 item 5, with items 2 and 3): the month's days as a
 * list, hours a day, Submit; the page shows the month's status and result. The staff's own save submits the
 * month for approval (item 2: "staff may submit their own for approval"); a refusal names the limit (item 3)
 * beside Submit and in a toast. The month is the current one; a failed fetch offers Try again.
 */
export const SERVER_DOWN = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'The database is unavailable.',
};
/** Item 3's words: "more than 72 overtime hours in a month ... refused with a message naming the limit". */
export const LIMIT_REFUSAL = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'Overtime cannot exceed 72 hours in a month (Employment Act) unless MOM has granted an exemption.',
};

export interface TimesheetModelInput {
  userId: number;
  year: number;
  month: number;
}

export interface TimesheetModel extends TimesheetModelInput {
  /** The status the page shows: DRAFT before anything is saved, SUBMITTED after the staff's own save. */
  status: 'DRAFT' | 'SUBMITTED' | null;
  /** The hours typed on the month's 2nd day (the walk types 9.8), and whether the server stored them. */
  typed: boolean;
  refused: boolean;
  requests: Array<{ method: string; body: unknown }>;
  toast: { title: string; description?: string } | null;
}

export type TimesheetModelEvent =
  | { type: 'server.sendsMonth' }
  | { type: 'server.failsMonth' }
  | { type: 'user.triesAgain' }
  /** The Year picker: the same month of the year before, fetched. */
  | { type: 'user.choosesLastYear' }
  | { type: 'user.submits' }
  | { type: 'server.stores' }
  | { type: 'server.refusesLimit' };

const pad = (n: number) => String(n).padStart(2, '0');
export const monthPath = (m: TimesheetModelInput) => `/api/users/${m.userId}/timesheets/${m.year}/${m.month}`;
/** What Submit sends: the one day typed, as a date of the month, no rest day, not a holiday. */
export const putBody = (m: TimesheetModelInput) => ({
  days: [{ date: `${m.year}-${pad(m.month)}-02`, hours: 9.8, restDay: null, publicHoliday: false }],
});

export const timesheetForm = () => screen.queryByRole('form', { name: 'Timesheet' });

function expectToastNow(toast: TimesheetModel['toast']) {
  const shown = [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')].map((root) => ({
    title: root.querySelector('[data-part="title"]')?.textContent,
    description: root.querySelector('[data-part="description"]')?.textContent || undefined,
  }));
  expect(shown, 'the toast showing').toEqual(toast ? [toast] : []);
}

export const timesheetModel = setup({
  types: {
    context: {} as TimesheetModel,
    events: {} as TimesheetModelEvent,
    input: {} as TimesheetModelInput,
  },
}).createMachine({
  id: 'timesheetModel',
  context: ({ input }) => ({
    ...input,
    status: null,
    typed: false,
    refused: false,
    requests: [{ method: 'GET', body: null }],
    toast: null,
  }),
  meta: shows((app: RunningApp, s) => {
    const m = s.context as TimesheetModel;
    expect(window.location.pathname).toBe('/staff/timesheet');
    expect(document.querySelector('h1')?.textContent).toBe('My Timesheet');
    const made = app.server.requests
      .filter((r) => r.path === monthPath(m))
      .map((r) => ({ method: r.method, body: r.body ?? null }));
    expect(made, 'the requests for the month').toEqual(m.requests);
    expectToastNow(m.toast);
    const retry = screen.queryByText('Try again', { selector: 'button' });
    if (s.matches('loading')) {
      expect(timesheetForm()).toBeNull();
      expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    } else if (s.matches('failed')) {
      expect(timesheetForm()).toBeNull();
      expect(retry).toBeEnabled();
    } else {
      const form = timesheetForm() as HTMLElement;
      // One line a day of the month.
      const days = new Date(Date.UTC(m.year, m.month, 0)).getUTCDate();
      expect(form.querySelectorAll('input[name^="hours"]')).toHaveLength(days);
      const second = form.querySelector<HTMLInputElement>('input[name="hours2"]');
      expect(second?.value).toBe(m.typed || s.matches('saving') ? '9.8' : '');
      // The status word shows, written as the other statuses are ('Submitted').
      expect(document.body.textContent?.toLowerCase()).toContain((m.status ?? '').toLowerCase());
      const submit = form.querySelector('button[type="submit"]') as HTMLButtonElement;
      expect(submit.textContent).toBe(s.matches('saving') ? 'Processing...' : 'Submit');
      const refusal = form.querySelector('[data-part="form-error"]');
      if (m.refused && !s.matches('saving')) expect(refusal).toHaveTextContent(LIMIT_REFUSAL.message);
      else expect(refusal).toBeNull();
    }
  }),
  initial: 'loading',
  states: {
    loading: {
      on: {
        'server.sendsMonth': { target: 'editing', actions: assign({ status: 'DRAFT' }) },
        'server.failsMonth': {
          target: 'failed',
          actions: assign({
            toast: { title: 'Failed to fetch timesheet', description: SERVER_DOWN.message },
          }),
        },
      },
    },
    failed: {
      on: {
        'user.triesAgain': {
          target: 'loading',
          actions: assign({
            requests: ({ context }) => [...context.requests, { method: 'GET', body: null }],
          }),
        },
      },
    },
    editing: {
      on: {
        'user.choosesLastYear': {
          target: 'loading',
          actions: assign({
            year: ({ context }) => context.year - 1,
            status: null,
            typed: false,
            refused: false,
            requests: [{ method: 'GET', body: null }],
          }),
        },
        'user.submits': {
          target: 'saving',
          actions: assign({
            requests: ({ context }) => [...context.requests, { method: 'PUT', body: putBody(context) }],
          }),
        },
      },
    },
    saving: {
      on: {
        'server.stores': {
          target: 'editing',
          actions: assign({
            status: 'SUBMITTED',
            typed: true,
            refused: false,
            toast: ({ context }) => ({
              title: 'Timesheet submitted',
              description: `${new Date(Date.UTC(context.year, context.month - 1, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' })} ${context.year}`,
            }),
          }),
        },
        'server.refusesLimit': {
          target: 'editing',
          actions: assign({
            typed: true,
            refused: true,
            toast: { title: 'Timesheet not saved', description: LIMIT_REFUSAL.message },
          }),
        },
      },
    },
  },
});
