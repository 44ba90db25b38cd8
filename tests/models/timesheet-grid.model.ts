import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';

/**
 * "A month grid for the administrator (staff down, days across, overtime totals ...)" (issue 36 item 5),
 * with item 2's lifecycle: an administrator's save of someone else's month approves it. The walk's month has
 * one employee whose month is SUBMITTED, so Approve is offered; Open shows that month in the timesheet form,
 * whose save fetches the grid again. The CSV upload's own steps are their own walk; here a clean upload
 * applied fetches the grid again. The Year picker fetches another month; a failed fetch offers Try again.
 */
export type GridEvent =
  | { type: 'server.sendsGrid' }
  | { type: 'server.failsGrid' }
  | { type: 'user.triesAgain' }
  | { type: 'user.choosesLastYear' }
  | { type: 'user.opensRow' }
  | { type: 'user.closesRow' }
  | { type: 'user.savesRow' }
  | { type: 'server.storesRow' }
  | { type: 'user.approves' }
  | { type: 'server.approves' }
  | { type: 'server.refusesApproval' }
  | { type: 'user.downloadsTemplate' }
  | { type: 'user.uploadsCleanFile' };

export interface GridModelInput {
  year: number;
  month: number;
  employee: { userId: number; fullName: string; overtimePay: string };
}

export interface GridModel extends GridModelInput {
  gridFetches: number;
  puts: number;
  templates: number;
}

export const SERVER_DOWN = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'The database is unavailable.',
};

const button = (name: string) => screen.queryByText(name, { selector: 'button' });
const sheetOpen = () => screen.queryByRole('form', { name: 'Timesheet' }) !== null;

export const timesheetGridModel = setup({
  types: { context: {} as GridModel, events: {} as GridEvent, input: {} as GridModelInput },
  actions: {
    fetchAgain: assign({ gridFetches: ({ context }) => context.gridFetches + 1 }),
    put: assign({ puts: ({ context }) => context.puts + 1 }),
  },
}).createMachine({
  id: 'timesheetGridModel',
  context: ({ input }) => ({ ...input, gridFetches: 1, puts: 0, templates: 0 }),
  meta: shows((app: RunningApp, s) => {
    const m = s.context as GridModel;
    expect(window.location.pathname).toBe('/admin/timesheets');
    const fetches = app.server.requests.filter(
      (r) => r.method === 'GET' && /^\/api\/timesheets\/\d+\/\d+$/.test(r.path),
    );
    expect(fetches, 'the grid fetches').toHaveLength(m.gridFetches);
    expect(fetches.at(-1)?.path).toBe(`/api/timesheets/${m.year}/${m.month}`);
    const puts = app.server.requests.filter((r) => r.method === 'PUT');
    expect(puts, 'the saves').toHaveLength(m.puts);
    for (const put of puts)
      expect(put.path).toBe(`/api/users/${m.employee.userId}/timesheets/${m.year}/${m.month}`);
    const templates = app.server.requests.filter((r) => r.path.endsWith('/import/template'));
    expect(templates, 'the templates asked for').toHaveLength(m.templates);
    if (s.matches('failed')) expect(button('Try again')).toBeEnabled();
    if (s.matches('ready') || s.matches('editing') || s.matches('approving')) {
      const grid = screen.getByRole('table', { name: /^Timesheets/ });
      // Staff down: the employee's row with their overtime pay; days across: a column for each day.
      expect(grid.textContent).toContain(m.employee.fullName);
      expect(grid.textContent).toContain(m.employee.overtimePay);
      const days = new Date(Date.UTC(m.year, m.month, 0)).getUTCDate();
      expect(grid.querySelector('thead')?.textContent).toContain(String(days));
    }
    expect(sheetOpen(), 'the month open in the form').toBe(s.matches('editing') || s.matches('saving'));
    if (s.matches('ready')) expect(button('Approve')).toBeEnabled();
  }),
  initial: 'loading',
  states: {
    loading: {
      on: { 'server.sendsGrid': 'ready', 'server.failsGrid': 'failed' },
    },
    failed: {
      on: { 'user.triesAgain': { target: 'loading', actions: 'fetchAgain' } },
    },
    ready: {
      on: {
        'user.choosesLastYear': {
          target: 'loading',
          actions: ['fetchAgain', assign({ year: ({ context }) => context.year - 1 })],
        },
        'user.opensRow': 'editing',
        'user.approves': { target: 'approving', actions: 'put' },
        'user.downloadsTemplate': {
          target: 'ready',
          actions: assign({ templates: ({ context }) => context.templates + 1 }),
        },
        'user.uploadsCleanFile': { target: 'loading', actions: 'fetchAgain' },
      },
    },
    editing: {
      on: {
        'user.closesRow': 'ready',
        'user.savesRow': { target: 'saving', actions: 'put' },
      },
    },
    saving: {
      on: { 'server.storesRow': { target: 'loading', actions: 'fetchAgain' } },
    },
    approving: {
      on: {
        'server.approves': { target: 'loading', actions: 'fetchAgain' },
        'server.refusesApproval': 'ready',
      },
    },
  },
});
