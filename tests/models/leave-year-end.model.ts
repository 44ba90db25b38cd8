import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import { expectToast, isDialogOpen, openDialog } from '../machines/harness';
import { shows } from '../machines/spec-walk';

/**
 * Close year on /admin/leave-balance as issue 17 describes it, in the spec's style (section 2's admin leave
 * balance with its year selector, section 8's toasts and 'Processing...'): offered for the year shown once
 * its December has begun (and for earlier years); pressing it first asks the server what it would do, then
 * a confirmation says how many days and employees it carries and what is forfeited; Cancel closes it and
 * sends nothing, Confirm closes the year, after which a toast says what it did and the balances are
 * fetched again. A refusal at either step is a toast, and nothing changes.
 */

export const YEARLY = '/api/users/leave-balances/year';
export const YEAR_END = '/api/leave-balances/year-end';

export interface YearEndSummary {
  employees: number;
  daysCarried: number;
  daysForfeited: number;
}

export interface LeaveYearEndInput {
  year: number;
  thisYear: number;
  /** December of this year has begun. */
  december: boolean;
  summary: YearEndSummary;
  refusal: string;
}

export interface LeaveYearEndModel extends LeaveYearEndInput {
  /** GET of the year's balances so far. */
  fetches: number;
  /** Year ends sent (Confirm pressed) so far. */
  closes: number;
  toast: 'closed' | 'previewRefused' | 'closeRefused' | null;
}

export type LeaveYearEndModelEvent =
  | { type: 'user.choosesYear'; year: number }
  | { type: 'user.closesYear' }
  | { type: 'server.previews' }
  | { type: 'server.refusesPreview' }
  | { type: 'user.confirms' }
  | { type: 'user.cancels' }
  | { type: 'server.closesYear' }
  | { type: 'server.refusesClose' };

export const offered = (m: LeaveYearEndModel) => m.year < m.thisYear || (m.year === m.thisYear && m.december);
export const yearShown = () => Number((screen.getByLabelText('Year') as HTMLSelectElement).value);
export const closeDialog = (year: number) => openDialog('alertdialog', `Close year ${year}`);

export const leaveYearEndModel = setup({
  types: {
    context: {} as LeaveYearEndModel,
    events: {} as LeaveYearEndModelEvent,
    input: {} as LeaveYearEndInput,
  },
  guards: { offered: ({ context }) => offered(context) },
}).createMachine({
  id: 'leaveYearEndModel',
  context: ({ input }) => ({ ...input, fetches: 1, closes: 0, toast: null }),
  meta: shows((app, s) => {
    const m = s.context as LeaveYearEndModel;
    expect(window.location.pathname).toBe('/admin/leave-balance');
    expect(yearShown()).toBe(m.year);
    // The page's button (a closing dialog's own may still be on its way out).
    const button =
      screen
        .queryAllByRole('button', { name: /^(Close year \d{4}|Processing\.\.\.)$/, hidden: true })
        .find((b) => !b.closest('[role="alertdialog"]')) ?? null;
    if (!offered(m)) expect(button, `Close year is not offered for ${m.year}`).toBeNull();
    else expect(button?.textContent).toBe(s.matches('previewing') ? 'Processing...' : `Close year ${m.year}`);
    const confirming = s.matches('confirming') || s.matches('closing');
    expect(isDialogOpen('alertdialog', `Close year ${m.year}`), 'the confirmation').toBe(confirming);
    const yearly = app.server.requests.filter((r) => r.method === 'GET' && r.path === YEARLY);
    expect(yearly.length, "fetches of the year's balances").toBe(m.fetches);
    const closes = app.server.requests.filter((r) => r.method === 'POST' && r.path === YEAR_END);
    expect(closes.length, 'year ends sent: one for each Confirm').toBe(m.closes);
  }),
  initial: 'idle',
  states: {
    idle: {
      meta: shows((_app, s) => {
        const m = s.context as LeaveYearEndModel;
        const { daysCarried, employees, daysForfeited } = m.summary;
        if (m.toast === 'closed')
          expectToast(
            `Year ${m.year} closed`,
            `${daysCarried} days carried into ${m.year + 1} for ${employees} employees; ${daysForfeited} days forfeited. Balances for ${m.year + 1} are set for ${employees} employees.`,
          );
        if (m.toast === 'previewRefused') expectToast('Failed to prepare the year end', m.refusal);
        if (m.toast === 'closeRefused') expectToast('Failed to close the year', m.refusal);
      }),
      on: {
        'user.choosesYear': {
          actions: assign(({ context, event }) => ({
            year: event.year,
            fetches: context.fetches + 1,
            toast: null,
          })),
        },
        'user.closesYear': { guard: 'offered', target: 'previewing', actions: assign({ toast: null }) },
      },
    },
    previewing: {
      meta: shows((app, s) => {
        const m = s.context as LeaveYearEndModel;
        expect(app.server.pending('GET', YEAR_END).map((r) => r.query.get('year'))).toEqual([String(m.year)]);
      }),
      on: {
        'server.previews': 'confirming',
        'server.refusesPreview': { target: 'idle', actions: assign({ toast: 'previewRefused' }) },
      },
    },
    confirming: {
      meta: shows((_app, s) => {
        const m = s.context as LeaveYearEndModel;
        const { daysCarried, employees, daysForfeited } = m.summary;
        const dialog = closeDialog(m.year);
        expect(
          within(dialog).getByText(
            `Carry ${daysCarried} days for ${employees} employees into ${m.year + 1}? ${daysForfeited} days will be forfeited.`,
          ),
        ).toBeInTheDocument();
        expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
        expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled();
      }),
      on: {
        'user.cancels': 'idle',
        'user.confirms': {
          target: 'closing',
          actions: assign(({ context }) => ({ closes: context.closes + 1 })),
        },
      },
    },
    closing: {
      meta: shows((app, s) => {
        const m = s.context as LeaveYearEndModel;
        const dialog = closeDialog(m.year);
        expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeDisabled();
        expect(app.server.pending('POST', YEAR_END).map((r) => r.body)).toEqual([{ year: m.year }]);
      }),
      on: {
        'server.closesYear': {
          target: 'idle',
          actions: assign(({ context }) => ({
            fetches: context.fetches + 1,
            toast: 'closed' as const,
          })),
        },
        'server.refusesClose': { target: 'idle', actions: assign({ toast: 'closeRefused' }) },
      },
    },
  },
});
