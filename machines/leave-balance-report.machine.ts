import {
  type ActorRefFrom,
  assign,
  type EventObject,
  fromCallback,
  fromPromise,
  sendTo,
  setup,
} from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';
import type { LeaveType, YearlyLeaveBalanceRow } from '../src/domain/leave';
import type { SortRule } from '../src/domain/list-query';
import { notProvided } from './effects';
import { leaveYearEndMachine } from './leave-year-end.machine';

/**
 * /admin/leave-balance (spec section 2, Admin leave balance): every employee's balance per leave type for a
 * year. The year's figures are fetched when the screen opens and whenever the year changes, and the time
 * they were fetched is kept ('Last fetched'); Open in PDF fetches the year's PDF and opens it in a new tab.
 * It spawns the year end (machines/leave-year-end.machine.ts, issue 17), tells it the year shown, and
 * fetches the balances again when it has closed a year.
 */

export interface LeaveBalanceReport {
  rows: YearlyLeaveBalanceRow[];
  types: LeaveType[];
  /** When the figures were fetched, ISO timestamp. */
  fetchedAt: string;
}

export interface LeaveBalanceReportInput {
  /** `YYYY-MM-DD` in the company's time zone: the year selector starts at its year. */
  today: string;
}

export interface LeaveBalanceReportContext {
  year: number;
  /** Spec section 9: leave-related year lists offer the current year and the previous one. */
  years: number[];
  report: LeaveBalanceReport | null;
  sorting: SortRule[];
  error: ApiError | null;
  /** Close year (issue 17). */
  yearEnd: ActorRefFrom<typeof leaveYearEndMachine>;
}

export type LeaveBalanceReportEvent =
  | { type: 'year.change'; year: number }
  | { type: 'balances.sort'; sorting: SortRule[] }
  | { type: 'balances.reload' }
  | { type: 'pdf.open' }
  /** The year end closed a year (it emits it): the balances changed. */
  | { type: 'yearEnd.closed' };

export const leaveBalanceReportMachine = setup({
  types: {
    context: {} as LeaveBalanceReportContext,
    events: {} as LeaveBalanceReportEvent,
    input: {} as LeaveBalanceReportInput,
  },
  actors: {
    loadBalances: fromPromise<LeaveBalanceReport, { year: number }>(
      notProvided('leave-balance-report', 'loadBalances'),
    ),
    openBalancesPdf: fromPromise<void, { year: number }>(
      notProvided('leave-balance-report', 'openBalancesPdf'),
    ),
    yearEnd: leaveYearEndMachine,
    /** Hears the year end's news (it emits it) and passes it to this machine. */
    yearEndNews: fromCallback<EventObject, { yearEnd: ActorRefFrom<typeof leaveYearEndMachine> }>(
      ({ input, sendBack }) => {
        const subscription = input.yearEnd.on('yearEnd.closed', () => sendBack({ type: 'yearEnd.closed' }));
        return () => subscription.unsubscribe();
      },
    ),
  },
  actions: {
    notifyLoadFailed: (_, _params: { error: ApiError }) =>
      notProvided('leave-balance-report', 'notifyLoadFailed')(),
    notifyPdfFailed: (_, _params: { error: ApiError }) =>
      notProvided('leave-balance-report', 'notifyPdfFailed')(),
    chooseYear: assign({
      year: ({ context, event }) => (event.type === 'year.change' ? event.year : context.year),
    }),
    tellYearEnd: sendTo(
      ({ context }) => context.yearEnd,
      ({ context }) => ({ type: 'year.selected' as const, year: context.year }),
    ),
  },
}).createMachine({
  id: 'leaveBalanceReport',
  description: "Every employee's leave balance for a year, its PDF, and when it was fetched.",
  context: ({ input, spawn }) => {
    const year = Number(input.today.slice(0, 4));
    return {
      year,
      years: [year, year - 1],
      report: null,
      sorting: [],
      error: null,
      yearEnd: spawn('yearEnd', {
        id: 'yearEnd',
        systemId: 'leaveYearEnd',
        input: { year, today: input.today },
      }),
    };
  },
  initial: 'loading',
  invoke: { src: 'yearEndNews', input: ({ context }) => ({ yearEnd: context.yearEnd }) },
  on: {
    'balances.sort': {
      description: 'A column header: the rows are ordered here, nothing is fetched.',
      actions: assign({ sorting: ({ event }) => event.sorting }),
    },
    'yearEnd.closed': {
      target: '.loading',
      description: "A year was closed: the year's balances are fetched again.",
    },
  },
  states: {
    loading: {
      description: "The year's balances are fetched; a skeleton shows.",
      invoke: {
        id: 'loadBalances',
        src: 'loadBalances',
        input: ({ context }) => ({ year: context.year }),
        onDone: { target: 'ready', actions: assign({ report: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: [
            assign({ report: null, error: ({ event }) => toApiError(event.error) }),
            { type: 'notifyLoadFailed', params: ({ event }) => ({ error: toApiError(event.error) }) },
          ],
        },
      },
    },
    failed: {
      description: "'Failed to fetch leave balances': the skeleton stays with Try again.",
      on: {
        'balances.reload': 'loading',
        'year.change': { target: 'loading', actions: ['chooseYear', 'tellYearEnd'] },
      },
    },
    ready: {
      description: "The table, 'Leave Balance {year}' and 'Last fetched'.",
      on: {
        'year.change': {
          target: 'loading',
          description: 'Another year: fetched again, and the fetched time follows.',
          actions: ['chooseYear', 'tellYearEnd'],
        },
        'pdf.open': { target: 'openingPdf', description: 'Open in PDF.' },
      },
    },
    openingPdf: {
      description: "The PDF is fetched; Open in PDF reads 'Processing...'.",
      invoke: {
        id: 'openBalancesPdf',
        src: 'openBalancesPdf',
        input: ({ context }) => ({ year: context.year }),
        onDone: {
          target: 'ready',
          description: 'The PDF opened in a new tab (its link is released after 60 s).',
        },
        onError: {
          target: 'ready',
          description: "'Error retrieving payslip' / 'Please check your internet connection and try again'.",
          actions: [{ type: 'notifyPdfFailed', params: ({ event }) => ({ error: toApiError(event.error) }) }],
        },
      },
    },
  },
});
