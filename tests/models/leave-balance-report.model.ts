import { screen, within } from '@testing-library/react';
import { expect, type Mock } from 'vitest';
import { assign, setup } from 'xstate';
import { expectToast } from '../machines/harness';
import { shows } from '../machines/spec-walk';

/**
 * /admin/leave-balance as spec section 2 (Admin leave balance) describes it: titled View Employee's Leave
 * Balance, a year selector (section 9: the current year and the previous one) defaulting to the current year,
 * a heading Leave Balance with the year and a Last fetched timestamp; one row per employee and one column
 * per leave type (its name without the last word), the balance or 0; a skeleton while there is no data; the
 * balances fetched again when the year changes (section 4). Open in PDF opens the PDF in a new tab (section 7),
 * 'Processing...' meanwhile (section 8); its failure is 'Error retrieving payslip' / 'Please check your
 * internet connection and try again'; a failed load 'Failed to fetch leave balances' / 'Please try again
 * later'. Ours: Try again after a failed load; a closed year (issue 17) fetches the balances again.
 */

export interface LeaveBalanceReportInput {
  year: number;
  thisYear: number;
  december: boolean;
  /** What the table shows once loaded: its column headers, rows and caption, and the Last fetched line. */
  columns: string[];
  rows: string[][];
  caption: string;
  lastFetched: string;
  /** The object URL a PDF opens at. */
  pdfUrl: string;
}

export interface LeaveBalanceReportModel extends LeaveBalanceReportInput {
  /** The PDFs asked for so far. */
  pdfs: number;
  toast: 'loadFailed' | 'pdfOpened' | 'pdfFailed' | 'yearClosed' | null;
}

export type LeaveBalanceReportModelEvent =
  | { type: 'server.sendsBalances' }
  | { type: 'server.failsBalances' }
  | { type: 'user.triesAgain' }
  | { type: 'user.choosesYear'; year: number }
  | { type: 'user.closesYear' }
  | { type: 'user.opensPdf' }
  | { type: 'server.sendsPdf' }
  | { type: 'server.failsPdf' };

export const YEARLY = '/api/users/leave-balances/year';
export const PDF = '/api/users/leave-balances/year-pdf';
const table = () => screen.queryByRole('table', { name: /^Leave Balance \d{4}$/ });
const pdfButton = () => screen.getByRole('button', { name: /^(Open in PDF|Processing\.\.\.)$/ });
export const closeYearOffered = (m: LeaveBalanceReportModel) =>
  m.year < m.thisYear || (m.year === m.thisYear && m.december);

function expectTable(m: LeaveBalanceReportModel) {
  const shown = table() as HTMLElement;
  expect(shown, 'the table').not.toBeNull();
  expect(
    within(shown)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(m.columns);
  expect(
    [...shown.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    ),
  ).toEqual(m.rows);
  expect(screen.getByText(m.caption)).toBeInTheDocument();
  expect(screen.getByText(/^Last fetched: /)).toHaveTextContent(m.lastFetched);
}

export const leaveBalanceReportModel = setup({
  types: {
    context: {} as LeaveBalanceReportModel,
    events: {} as LeaveBalanceReportModelEvent,
    input: {} as LeaveBalanceReportInput,
  },
  guards: { closeYearOffered: ({ context }) => closeYearOffered(context) },
}).createMachine({
  id: 'leaveBalanceReportModel',
  context: ({ input }) => ({ ...input, pdfs: 0, toast: null }),
  meta: shows((app, s) => {
    const m = s.context as LeaveBalanceReportModel;
    expect(window.location.pathname).toBe('/admin/leave-balance');
    expect(document.querySelector('h1')?.textContent).toBe("View Employee's Leave Balance");
    const years = [...screen.getByLabelText('Year').querySelectorAll('option')].map((o) =>
      Number(o.textContent),
    );
    expect(years).toEqual([m.thisYear, m.thisYear - 1]);
    expect(screen.getByLabelText('Year')).toHaveValue(String(m.year));
    expect(screen.getByRole('heading', { level: 2, name: /^Leave Balance/ })).toHaveTextContent(
      `Leave Balance ${m.year}`,
    );
    expect(pdfButton(), 'Open in PDF waits for the figures').toHaveProperty(
      'disabled',
      !s.matches('showing'),
    );
    const pdfs = app.server.requests.filter((r) => r.method === 'POST' && r.path === PDF);
    expect(pdfs.length, 'PDFs asked for').toBe(m.pdfs);
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: shows((app, s) => {
        const m = s.context as LeaveBalanceReportModel;
        // A skeleton while there is no data.
        expect(table()).toBeNull();
        if (m.toast === 'yearClosed') {
          // The year end ran for the year shown and said so; its balances are fetched again.
          const closes = app.server.requests.filter(
            (r) => r.method === 'POST' && r.path.endsWith('/year-end'),
          );
          expect(closes.at(-1)?.body).toEqual({ year: m.year });
          expectToast(`Year ${m.year} closed`);
        }
        expect(screen.getByTestId('balance-skeleton')).toBeInTheDocument();
        expect(screen.queryByText(/^Last fetched/)).toBeNull();
      }),
      initial: 'waiting',
      states: {
        waiting: {
          meta: shows((app, s) => {
            const m = s.context as LeaveBalanceReportModel;
            expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
            expect(screen.getByLabelText('Year')).toBeDisabled();
            expect(app.server.pending('GET', YEARLY).at(-1)?.query.get('year')).toBe(String(m.year));
          }),
          on: {
            'server.sendsBalances': {
              target: '#leaveBalanceReportModel.showing',
              actions: assign({ toast: null }),
            },
            'server.failsBalances': { target: 'failed', actions: assign({ toast: 'loadFailed' }) },
          },
        },
        failed: {
          meta: shows((_app, s) => {
            expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
            expect(screen.getByLabelText('Year')).toBeEnabled();
            if ((s.context as LeaveBalanceReportModel).toast === 'loadFailed')
              expectToast('Failed to fetch leave balances', 'Please try again later');
          }),
          on: { 'user.triesAgain': { target: 'waiting', actions: assign({ toast: null }) } },
        },
      },
    },
    showing: {
      meta: shows((_app, s) => {
        const m = s.context as LeaveBalanceReportModel;
        expectTable(m);
        expect(pdfButton()).toHaveTextContent('Open in PDF');
        const open = window.open as unknown as Mock;
        if (m.toast === 'pdfOpened') {
          expect(open).toHaveBeenCalledWith('', '_blank');
          expect(open.mock.results.at(-1)?.value.location.href).toBe(m.pdfUrl);
        }
        if (m.toast === 'pdfFailed') {
          expectToast('Error retrieving payslip', 'Please check your internet connection and try again');
          expect(open.mock.results.at(-1)?.value.close, 'the blank tab is closed').toHaveBeenCalled();
        }
      }),
      on: {
        'user.choosesYear': {
          target: 'loading',
          actions: assign(({ event }) => ({ year: event.year, toast: null })),
        },
        'user.closesYear': {
          guard: 'closeYearOffered',
          target: 'loading',
          actions: assign({ toast: 'yearClosed' }),
        },
        'user.opensPdf': {
          target: 'openingPdf',
          actions: assign(({ context }) => ({ pdfs: context.pdfs + 1, toast: null })),
        },
      },
    },
    openingPdf: {
      meta: shows((app, s) => {
        const m = s.context as LeaveBalanceReportModel;
        expectTable(m);
        expect(pdfButton()).toHaveTextContent('Processing...');
        expect(app.server.pending('POST', PDF).at(-1)?.body).toEqual({ year: m.year });
      }),
      on: {
        'server.sendsPdf': { target: 'showing', actions: assign({ toast: 'pdfOpened' }) },
        'server.failsPdf': { target: 'showing', actions: assign({ toast: 'pdfFailed' }) },
      },
    },
  },
});
