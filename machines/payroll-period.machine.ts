import { type ActorRefFrom, assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';
import {
  type BulkProcessResult,
  initialPayPeriod,
  PAY_LIST_PAGE_SIZE,
  type PayslipAggregate,
  payMonths,
  type UnprocessedRow,
} from '../src/domain/payslips';
import { notProvided } from './effects';
import { payslipEmailsMachine } from './payslip-emails.machine';

/**
 * The pay screens of one period: Process Pay (/admin/process-pay: the Unprocessed List with
 * selectable rows, a pay date and Process Pay, and the Processed List) and View Processed Records
 * (/admin/pay-records: the Processed List, Revert to Unprocessed, Table View and Email payslips,
 * whose machine this one spawns and tells the period shown). One statechart, two variants: the
 * records screen has no unprocessed list.
 */

export type PayScreen = 'process' | 'records';

export interface PayrollPeriodInput {
  screen: PayScreen;
  /** Today in the company's time zone: the default period and the month limits follow it. */
  today: string;
  /** A period handed over in navigation state (back from Pay Items). */
  period?: { year?: number; month?: number } | null;
}

export interface PeriodLists {
  unprocessed: UnprocessedRow[];
  processed: PayslipAggregate[];
}

export interface PayrollPeriodContext extends PeriodLists {
  screen: PayScreen;
  today: string;
  year: number;
  month: number;
  /** User ids of the selected unprocessed rows. */
  selected: number[];
  payDate: string;
  unprocessedPage: number;
  processedPage: number;
  /** Employee column order of the Processed List. */
  processedOrder: 'asc' | 'desc' | null;
  /** The processed row whose revert is in flight. */
  reverting: PayslipAggregate | null;
  error: ApiError | null;
  /** View Processed Records only: Email payslips (machines/payslip-emails.machine.ts). */
  emails: ActorRefFrom<typeof payslipEmailsMachine> | null;
}

export type PayrollPeriodEvent =
  | { type: 'period.change'; year: number; month: number }
  | { type: 'lists.reload' }
  | { type: 'selection.toggle'; userId: number }
  | { type: 'selection.toggleAll' }
  | { type: 'payDate.change'; payDate: string }
  | { type: 'pay.process' }
  | { type: 'unprocessed.page'; page: number }
  | { type: 'processed.page'; page: number }
  | { type: 'processed.sort' }
  | { type: 'revert.request'; payslipId: number }
  | { type: 'tablePdf.open' };

/** A run longer than this shows its progress. */
export const PROGRESS_DELAY_MS = 1000;

const changePeriod = {
  target: 'loading',
  description: 'Another year or month: the lists of that period are fetched.',
  actions: 'setPeriod',
} as const;

const pages = (count: number) => Math.max(1, Math.ceil(count / PAY_LIST_PAGE_SIZE));

export const payrollPeriodMachine = setup({
  types: {
    context: {} as PayrollPeriodContext,
    events: {} as PayrollPeriodEvent,
    input: {} as PayrollPeriodInput,
  },
  actors: {
    emails: payslipEmailsMachine,
    loadLists: fromPromise<PeriodLists, { screen: PayScreen; year: number; month: number }>(
      notProvided('payroll-period', 'loadLists'),
    ),
    processPayslips: fromPromise<
      BulkProcessResult,
      { payDate: string; payslips: Array<{ userId: number; year: number; month: number }> }
    >(notProvided('payroll-period', 'processPayslips')),
    revertPayslip: fromPromise<void, PayslipAggregate>(notProvided('payroll-period', 'revertPayslip')),
    openTablePdf: fromPromise<void, { year: number; month: number }>(
      notProvided('payroll-period', 'openTablePdf'),
    ),
  },
  actions: {
    /** The month is kept within the months the chosen year offers. */
    setPeriod: assign(({ context, event }) => {
      assertEvent(event, 'period.change');
      return { year: event.year, month: Math.min(event.month, payMonths(event.year, context.today).length) };
    }),
    notifyLoadFailed: (_, _params: { screen: PayScreen; error: ApiError }) =>
      notProvided('payroll-period', 'notifyLoadFailed')(),
    notifyProcessed: (_, _params: { result: BulkProcessResult }) =>
      notProvided('payroll-period', 'notifyProcessed')(),
    notifyProcessFailed: (_, _params: { error: ApiError }) =>
      notProvided('payroll-period', 'notifyProcessFailed')(),
    notifyReverted: (_, _params: { row: PayslipAggregate }) =>
      notProvided('payroll-period', 'notifyReverted')(),
    notifyRevertFailed: (_, _params: { error: ApiError }) =>
      notProvided('payroll-period', 'notifyRevertFailed')(),
    notifyTablePdfFailed: (_, _params: { error: ApiError }) =>
      notProvided('payroll-period', 'notifyTablePdfFailed')(),
  },
  guards: {
    canProcess: ({ context }) => context.selected.length > 0 && context.payDate !== '',
    isRecordsScreen: ({ context }) => context.screen === 'records',
  },
  delays: { progressDelay: PROGRESS_DELAY_MS },
}).createMachine({
  id: 'payrollPeriod',
  description: 'Process Pay and View Processed Records: one period, its lists, processing and revert.',
  context: ({ input, spawn }) => {
    const { year, month } = initialPayPeriod(input.today, input.period);
    return {
      emails:
        input.screen === 'records' ? spawn('emails', { id: 'emails', systemId: 'payslipEmails' }) : null,
      screen: input.screen,
      today: input.today,
      year,
      month,
      unprocessed: [],
      processed: [],
      selected: [],
      payDate: '',
      unprocessedPage: 1,
      processedPage: 1,
      processedOrder: null,
      reverting: null,
      error: null,
    };
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The lists of the period are fetched (records: the Processed List only); skeletons show.',
      on: {
        // The user need not wait: the newest choice wins and the answer for the older one is dropped.
        'period.change': { ...changePeriod, reenter: true },
      },
      entry: assign({ selected: [], unprocessedPage: 1, processedPage: 1, error: null }),
      invoke: {
        id: 'loadLists',
        src: 'loadLists',
        input: ({ context }) => ({ screen: context.screen, year: context.year, month: context.month }),
        onDone: {
          target: 'ready',
          description: 'The lists show; Email payslips is told the period and how many are processed.',
          actions: [
            assign(({ event }) => ({
              unprocessed: event.output.unprocessed,
              processed: event.output.processed,
            })),
            enqueueActions(({ context, enqueue }) => {
              if (!context.emails) return;
              enqueue.sendTo(context.emails, {
                type: 'period.loaded',
                year: context.year,
                month: context.month,
                staff: context.processed.map((row) => ({
                  id: row.userDetails.id,
                  name: row.userDetails.name,
                })),
              });
            }),
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ unprocessed: [], processed: [], error: ({ event }) => toApiError(event.error) }),
            {
              type: 'notifyLoadFailed',
              params: ({ context, event }) => ({ screen: context.screen, error: toApiError(event.error) }),
            },
          ],
        },
      },
    },
    failed: {
      description:
        "The lists could not be fetched: a toast ('Failed to fetch unprocessed payslips' or 'Failed to fetch records') and Try again.",
      on: { 'lists.reload': 'loading', 'period.change': changePeriod },
    },
    ready: {
      description: 'The lists show; rows can be selected, a pay date chosen, a processed payslip reverted.',
      on: {
        'period.change': changePeriod,
        'selection.toggle': {
          target: 'ready',
          actions: assign({
            selected: ({ context, event }) =>
              context.selected.includes(event.userId)
                ? context.selected.filter((id) => id !== event.userId)
                : [...context.selected, event.userId],
          }),
        },
        'selection.toggleAll': {
          target: 'ready',
          description: 'Selects every unprocessed row of the period, or none when all are selected.',
          actions: assign({
            selected: ({ context }) =>
              context.selected.length === context.unprocessed.length
                ? []
                : context.unprocessed.map((row) => row.user.id),
          }),
        },
        'payDate.change': {
          target: 'ready',
          actions: assign({ payDate: ({ event }) => event.payDate }),
        },
        'unprocessed.page': {
          target: 'ready',
          actions: assign({
            unprocessedPage: ({ context, event }) =>
              Math.min(Math.max(1, event.page), pages(context.unprocessed.length)),
          }),
        },
        'processed.page': {
          target: 'ready',
          actions: assign({
            processedPage: ({ context, event }) =>
              Math.min(Math.max(1, event.page), pages(context.processed.length)),
          }),
        },
        'processed.sort': {
          target: 'ready',
          description: 'Employee: ascending, then descending, then as listed.',
          actions: assign({
            processedPage: 1,
            processedOrder: ({ context }) =>
              context.processedOrder === null ? 'asc' : context.processedOrder === 'asc' ? 'desc' : null,
          }),
        },
        'pay.process': {
          guard: 'canProcess',
          target: 'processing',
          description: 'Process Pay with at least one row selected and a pay date.',
        },
        'revert.request': {
          target: 'reverting',
          description: "'Revert to Unprocessed' from a processed row's menu.",
          actions: assign({
            reverting: ({ context, event }) =>
              context.processed.find((row) => row.payslipId === event.payslipId) ?? null,
          }),
        },
        'tablePdf.open': {
          guard: 'isRecordsScreen',
          target: 'openingTablePdf',
          description: 'Table View: the Processed List as a PDF in a new tab.',
        },
      },
    },
    processing: {
      description: "Bulk processing is in flight; Process Pay reads 'Processing...'.",
      initial: 'working',
      states: {
        working: {
          description: 'Just started.',
          after: { progressDelay: { target: 'slow', description: 'Longer than a second: progress shows.' } },
        },
        slow: { description: 'A progress bar shows how many payslips are being processed.' },
      },
      invoke: {
        id: 'processPayslips',
        src: 'processPayslips',
        input: ({ context }) => ({
          payDate: context.payDate,
          payslips: context.selected.map((userId) => ({ userId, year: context.year, month: context.month })),
        }),
        onDone: {
          target: 'loading',
          description: 'A toast says how many were processed (and skipped); both lists refresh.',
          actions: [{ type: 'notifyProcessed', params: ({ event }) => ({ result: event.output }) }],
        },
        onError: {
          target: 'ready',
          description: 'A toast gives the reason; nothing was processed.',
          actions: [
            { type: 'notifyProcessFailed', params: ({ event }) => ({ error: toApiError(event.error) }) },
          ],
        },
      },
    },
    reverting: {
      description: 'The revert is in flight.',
      invoke: {
        id: 'revertPayslip',
        src: 'revertPayslip',
        input: ({ context }) => {
          if (!context.reverting) throw new Error('payroll-period machine: nothing to revert');
          return context.reverting;
        },
        onDone: {
          target: 'loading',
          description: "'Payslip removed from processed list'; the lists refresh.",
          actions: [
            {
              type: 'notifyReverted',
              params: ({ context }) => ({ row: context.reverting as PayslipAggregate }),
            },
            assign({ reverting: null }),
          ],
        },
        onError: {
          target: 'ready',
          description: "'Error removing from processed list'.",
          actions: [
            { type: 'notifyRevertFailed', params: ({ event }) => ({ error: toApiError(event.error) }) },
            assign({ reverting: null }),
          ],
        },
      },
    },
    openingTablePdf: {
      description: "The table PDF is generated; Table View reads 'Processing...'.",
      invoke: {
        id: 'openTablePdf',
        src: 'openTablePdf',
        input: ({ context }) => ({ year: context.year, month: context.month }),
        onDone: { target: 'ready', description: 'The PDF opened in a new tab.' },
        onError: {
          target: 'ready',
          description: "'Error generating table pdf'.",
          actions: [
            { type: 'notifyTablePdfFailed', params: ({ event }) => ({ error: toApiError(event.error) }) },
          ],
        },
      },
    },
  },
});
