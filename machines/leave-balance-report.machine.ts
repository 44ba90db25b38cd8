import { type ActorRefFrom, assign, fromPromise, sendTo, setup } from 'xstate';
import type { ApiError } from '../src/domain/auth';
import { type BalanceReportFacts, balanceReportFactsSchema } from '../src/domain/leave-balance-report';
import { leaveToasts } from '../src/domain/messages/leave';
import { payrollToasts } from '../src/domain/messages/payroll';
import { childNews, notProvided, type ToastParams } from './effects';
import { leaveYearEndMachine } from './leave-year-end.machine';
import { type ListInput, listMachine } from './list.machine';

/**
 * /admin/leave-balance (spec section 2, Admin leave balance): every employee's balance per leave type for a
 * year. The rows are the one list statechart's (spawned here; its query's `year` filter is the year shown);
 * this machine keeps the year, what the last fetch told (the leave types of the columns and 'Last fetched'),
 * Open in PDF, and the year end (machines/leave-year-end.machine.ts, issue 17), which it tells the year shown.
 * Another year, or a closed one, makes the list fetch again.
 */

export interface LeaveBalanceReportInput {
  /** `YYYY-MM-DD` in the company's time zone: the year selector starts at its year. */
  today: string;
}

export interface LeaveBalanceReportContext {
  year: number;
  /** Spec section 9: leave-related year lists offer the current year and the previous one. */
  years: number[];
  /** The year's balances, sorted by column, all on one page. */
  balances: ActorRefFrom<typeof listMachine>;
  /** The columns and the fetched time of the year shown; null until its figures are in (a skeleton shows). */
  facts: BalanceReportFacts | null;
  /** Close year (issue 17). */
  yearEnd: ActorRefFrom<typeof leaveYearEndMachine>;
}

export type LeaveBalanceReportEvent =
  | { type: 'year.change'; year: number }
  | { type: 'pdf.open' }
  /** The list fetched the figures (it emits it, with the leave types and the time). */
  | { type: 'balances.loaded'; facts: BalanceReportFacts }
  /** The list could not fetch them (it emits it). */
  | { type: 'balances.failed'; error: ApiError }
  /** The year end closed a year (it emits it): the balances changed. */
  | { type: 'yearEnd.closed' };

/** The filter that names the year in the list's query. */
const yearFilters = (year: number) => ({ year: [String(year)] });

/** The list's query for a year: the spec pages this table nowhere, so every row is on one page. */
export const balancesOfYear = (year: number): ListInput => ({
  query: { filters: yearFilters(year), pageSize: Number.MAX_SAFE_INTEGER },
});

type Listened = Pick<LeaveBalanceReportContext, 'balances' | 'yearEnd'>;

export const leaveBalanceReportMachine = setup({
  types: {
    context: {} as LeaveBalanceReportContext,
    events: {} as LeaveBalanceReportEvent,
    input: {} as LeaveBalanceReportInput,
  },
  actors: {
    balances: listMachine,
    openBalancesPdf: fromPromise<void, { year: number }>(
      notProvided('leave-balance-report', 'openBalancesPdf'),
    ),
    yearEnd: leaveYearEndMachine,
    /** Hears what the list and the year end tell (they emit it) and passes it to this machine. */
    childNews: childNews<Listened>((input, tell) => [
      input.balances.on('list.loaded', ({ about }) =>
        tell({ type: 'balances.loaded', facts: balanceReportFactsSchema.parse(about) }),
      ),
      input.balances.on('list.failed', ({ error }) => tell({ type: 'balances.failed', error })),
      input.yearEnd.on('yearEnd.closed', () => tell({ type: 'yearEnd.closed' })),
    ]),
  },
  actions: {
    notify: notProvided('leave-balance-report', 'notify') as (_: unknown, params: ToastParams) => void,
  },
  guards: {
    hasFigures: ({ context }) => context.facts !== null,
  },
}).createMachine({
  id: 'leaveBalanceReport',
  description: "Every employee's leave balance for a year (the list), its PDF, and when it was fetched.",
  context: ({ input, spawn }) => {
    const year = Number(input.today.slice(0, 4));
    return {
      year,
      years: [year, year - 1],
      balances: spawn('balances', {
        id: 'balances',
        systemId: 'leaveBalanceRows',
        input: balancesOfYear(year),
      }),
      facts: null,
      yearEnd: spawn('yearEnd', {
        id: 'yearEnd',
        systemId: 'leaveYearEnd',
        input: { year, today: input.today },
      }),
    };
  },
  invoke: {
    id: 'childNews',
    src: 'childNews',
    input: ({ context }) => ({ balances: context.balances, yearEnd: context.yearEnd }),
  },
  on: {
    'balances.loaded': {
      description: "The figures are in: the table, its columns and 'Last fetched' show.",
      actions: assign({ facts: ({ event }) => event.facts }),
    },
    'balances.failed': {
      description: "'Failed to fetch leave balances': the skeleton shows with Try again.",
      actions: [assign({ facts: null }), { type: 'notify', params: leaveToasts.balancesFailed }],
    },
    'yearEnd.closed': {
      description: "A year was closed: the year's balances are fetched again.",
      actions: [assign({ facts: null }), sendTo(({ context }) => context.balances, { type: 'list.reload' })],
    },
  },
  initial: 'showing',
  states: {
    showing: {
      description:
        "The year's balances (a skeleton until they are in), 'Leave Balance {year}' and 'Last fetched'.",
      on: {
        'year.change': {
          description:
            'Another year: its balances are fetched, the fetched time follows, the year end is told.',
          actions: [
            assign({ year: ({ event }) => event.year, facts: null }),
            sendTo(
              ({ context }) => context.balances,
              ({ event }) => ({
                type: 'list.change' as const,
                change: { filters: yearFilters(event.year) },
              }),
            ),
            sendTo(
              ({ context }) => context.yearEnd,
              ({ event }) => ({ type: 'year.selected' as const, year: event.year }),
            ),
          ],
        },
        'pdf.open': { guard: 'hasFigures', target: 'openingPdf', description: 'Open in PDF.' },
      },
    },
    openingPdf: {
      description: "The PDF is fetched; Open in PDF reads 'Processing...'.",
      invoke: {
        id: 'openBalancesPdf',
        src: 'openBalancesPdf',
        input: ({ context }) => ({ year: context.year }),
        onDone: {
          target: 'showing',
          description: 'The PDF opened in a new tab (its link is released after 60 s).',
        },
        onError: {
          target: 'showing',
          description: "'Error retrieving payslip' / 'Please check your internet connection and try again'.",
          actions: [{ type: 'notify', params: payrollToasts.pdfFailed }],
        },
      },
    },
  },
});
