import { type ActorRefFrom, assertEvent, assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';
import type { ListChange } from '../src/domain/list-query';
import { payrollToasts } from '../src/domain/messages/payroll';
import {
  type ProcessedAbout,
  periodFilters,
  processedAboutSchema,
  type UnprocessedAbout,
  unprocessedAboutSchema,
} from '../src/domain/pay-lists';
import type { EmailPayslipsAnswer } from '../src/domain/payslip-emails';
import {
  type BulkProcess,
  type BulkProcessPreview,
  type BulkProcessResult,
  initialPayPeriod,
  PAY_LIST_PAGE_SIZE,
  type PayslipAggregate,
  type PayTotals,
  payMonths,
} from '../src/domain/payslips';
import { childNews, notProvided, type ToastParams } from './effects';
import { type ListInput, listMachine } from './list.machine';
import { payRunMachine } from './pay-run.machine';
import { payslipEmailsMachine, type StaffName } from './payslip-emails.machine';

/**
 * The pay screens of one period: Process Pay (/admin/process-pay: the Unprocessed List with
 * selectable rows, a pay date and Process Pay, and the Processed List) and View Processed Records
 * (/admin/pay-records: the Processed List, Revert to Unprocessed, Table View and Email payslips).
 * The lists are the one list statechart (spawned here, the period as their query's filters; the records
 * screen has no Unprocessed List); this machine keeps the period, the selection and the pay date, runs
 * Process Pay (after a confirmation showing what the server would store), the revert and the table PDF,
 * and makes the lists fetch again after each. It spawns Email
 * payslips on the records screen and tells it the period shown and its paid staff.
 */

export type PayScreen = 'process' | 'records';

export interface PayrollPeriodInput {
  screen: PayScreen;
  /** Today in the company's time zone: the default period and the month limits follow it. */
  today: string;
  /** A period handed over in navigation state (back from Pay Items). */
  period?: { year?: number; month?: number } | null;
}

export interface PayrollPeriodContext {
  screen: PayScreen;
  today: string;
  year: number;
  month: number;
  /** Process Pay only: the Unprocessed List. */
  unprocessed: ActorRefFrom<typeof listMachine> | null;
  processed: ActorRefFrom<typeof listMachine>;
  /** Every unprocessed employee of the period (Select all takes them); null while the list is fetched. */
  unprocessedIds: number[] | null;
  /** The period's paid staff (Email payslips is told them); null while the list is fetched. */
  processedStaff: StaffName[] | null;
  /** The Processed List's totals row: every processed payslip of the period; null while fetched. */
  processedTotals: PayTotals | null;
  /** User ids of the selected unprocessed rows. */
  selected: number[];
  payDate: string;
  /** The run Process Pay asked for: what the confirmation previews and Confirm sends, the same request. */
  run: BulkProcess | null;
  /** What the server would process and store for the run; null until it answers. */
  preview: BulkProcessPreview | null;
  /** Why the preview could not be had (the refusal processing would meet, or a failure). */
  previewError: ApiError | null;
  /** The processed row whose revert is in flight. */
  reverting: PayslipAggregate | null;
  /** The processed row whose Re-send is asked or in flight (issue 34). */
  resending: PayslipAggregate | null;
  /** View Processed Records only: Email payslips (machines/payslip-emails.machine.ts). */
  emails: ActorRefFrom<typeof payslipEmailsMachine> | null;
  /** Process Pay only: the month's pay run, its state and Submit (issue 39). */
  payRun: ActorRefFrom<typeof payRunMachine> | null;
}

export type PayrollPeriodEvent =
  | { type: 'period.change'; year: number; month: number }
  | { type: 'selection.toggle'; userId: number }
  | { type: 'selection.toggleAll' }
  | { type: 'payDate.change'; payDate: string }
  | { type: 'pay.process' }
  /** The confirmation's buttons: Confirm, Cancel (or Escape), Try again after a failed preview. */
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'confirm.retry' }
  | { type: 'revert.request'; row: PayslipAggregate }
  /** A processed row's menu (issue 34): its payslip's PDF in a new tab; Re-send, asked first. */
  | { type: 'payslipPdf.open'; row: PayslipAggregate }
  | { type: 'resend.request'; row: PayslipAggregate }
  | { type: 'resend.confirm' }
  | { type: 'resend.cancel' }
  | { type: 'tablePdf.open' }
  /** A list fetched a page (it emits it, with what the whole period tells). */
  | { type: 'unprocessed.loaded'; about: UnprocessedAbout }
  | { type: 'processed.loaded'; about: ProcessedAbout }
  /** A list could not be fetched (it emits it). */
  | { type: 'unprocessed.failed'; error: ApiError }
  | { type: 'processed.failed'; error: ApiError };

/** A run longer than this shows its progress. */
export const PROGRESS_DELAY_MS = 1000;

/** A pay list's first query: the period, 10 a page, in the server's order. */
export const payListOf = (year: number, month: number): ListInput => ({
  query: { filters: periodFilters(year, month), pageSize: PAY_LIST_PAGE_SIZE },
});

type Listened = Pick<PayrollPeriodContext, 'unprocessed' | 'processed'>;

/** The lists as they will be fetched again: nothing selected, nothing known until they answer. */
const refetched = { selected: [], unprocessedIds: null, processedStaff: null, processedTotals: null };

/** The request Process Pay sends for the selection: each selected employee's payslip of the period. */
const runOf = (context: PayrollPeriodContext): BulkProcess => ({
  payDate: context.payDate,
  payslips: context.selected.map((userId) => ({ userId, year: context.year, month: context.month })),
});

const runIn = (context: PayrollPeriodContext): BulkProcess => {
  if (!context.run) throw new Error('payroll-period machine: no run to send');
  return context.run;
};

export const payrollPeriodMachine = setup({
  types: {
    context: {} as PayrollPeriodContext,
    events: {} as PayrollPeriodEvent,
    input: {} as PayrollPeriodInput,
  },
  actors: {
    emails: payslipEmailsMachine,
    payRun: payRunMachine,
    unprocessed: listMachine,
    processed: listMachine,
    /** Hears what the lists tell (they emit it) and passes it to this machine. */
    listNews: childNews<Listened>((input, tell) => [
      input.processed.on('list.loaded', ({ about }) =>
        tell({ type: 'processed.loaded', about: processedAboutSchema.parse(about) }),
      ),
      input.processed.on('list.failed', ({ error }) => tell({ type: 'processed.failed', error })),
      input.unprocessed?.on('list.loaded', ({ about }) =>
        tell({ type: 'unprocessed.loaded', about: unprocessedAboutSchema.parse(about) }),
      ),
      input.unprocessed?.on('list.failed', ({ error }) => tell({ type: 'unprocessed.failed', error })),
    ]),
    previewPayslips: fromPromise<BulkProcessPreview, BulkProcess>(
      notProvided('payroll-period', 'previewPayslips'),
    ),
    processPayslips: fromPromise<BulkProcessResult, BulkProcess>(
      notProvided('payroll-period', 'processPayslips'),
    ),
    revertPayslip: fromPromise<void, PayslipAggregate>(notProvided('payroll-period', 'revertPayslip')),
    openTablePdf: fromPromise<void, { year: number; month: number }>(
      notProvided('payroll-period', 'openTablePdf'),
    ),
    openPayslipPdf: fromPromise<void, PayslipAggregate>(notProvided('payroll-period', 'openPayslipPdf')),
    resendPayslip: fromPromise<EmailPayslipsAnswer, PayslipAggregate>(
      notProvided('payroll-period', 'resendPayslip'),
    ),
  },
  actions: {
    /** The month is kept within the months the chosen year offers. */
    setPeriod: assign(({ context, event }) => {
      assertEvent(event, 'period.change');
      return {
        ...refetched,
        year: event.year,
        month: Math.min(event.month, payMonths(event.year, context.today).length),
      };
    }),
    /** Both lists fetch again from page 1 (the period's filters, given again, make them ask the server), keeping their order. */
    refetchLists: enqueueActions(({ context, enqueue }, params: { change: ListChange }) => {
      for (const list of [context.unprocessed, context.processed]) {
        if (list) enqueue.sendTo(list, { type: 'list.change', change: params.change });
      }
    }),
    // Typed in place, not cast: a cast action here loses the inferred params of refetchLists.
    notify: (_, _toast: ToastParams) => notProvided('payroll-period', 'notify')(),
  },
  guards: {
    canProcess: ({ context }) => context.selected.length > 0 && context.payDate !== '',
    hasQueuedNothing: (_, answer: EmailPayslipsAnswer) => answer.total === 0,
    isRecordsScreen: ({ context }) => context.screen === 'records',
  },
  delays: { progressDelay: PROGRESS_DELAY_MS },
}).createMachine({
  id: 'payrollPeriod',
  description: 'Process Pay and View Processed Records: one period, its lists, processing and revert.',
  context: ({ input, spawn }) => {
    const { year, month } = initialPayPeriod(input.today, input.period);
    const process = input.screen === 'process';
    return {
      emails: process ? null : spawn('emails', { id: 'emails', systemId: 'payslipEmails' }),
      payRun: process ? spawn('payRun', { id: 'payRun', systemId: 'payRun', input: { year, month } }) : null,
      unprocessed: process
        ? spawn('unprocessed', {
            id: 'unprocessed',
            systemId: 'unprocessedList',
            input: payListOf(year, month),
          })
        : null,
      processed: spawn('processed', {
        id: 'processed',
        systemId: 'processedList',
        input: payListOf(year, month),
      }),
      screen: input.screen,
      today: input.today,
      year,
      month,
      ...refetched,
      payDate: '',
      run: null,
      preview: null,
      previewError: null,
      reverting: null,
      resending: null,
    };
  },
  invoke: {
    id: 'listNews',
    src: 'listNews',
    input: ({ context }) => ({ unprocessed: context.unprocessed, processed: context.processed }),
  },
  on: {
    'unprocessed.loaded': {
      description:
        "The Unprocessed List shows; Select all takes the period's every row (a selection no longer listed is dropped).",
      actions: assign(({ context, event }) => ({
        unprocessedIds: event.about.userIds,
        selected: context.selected.filter((id) => event.about.userIds.includes(id)),
      })),
    },
    'unprocessed.failed': {
      description: "'Failed to fetch unprocessed payslips'; the list offers Try again.",
      actions: { type: 'notify', params: ({ event }) => payrollToasts.unprocessedFailed(event.error) },
    },
    'processed.loaded': {
      description:
        "The Processed List shows with its totals row; Email payslips is told the period and its paid staff, the pay run to read the period's run again.",
      actions: enqueueActions(({ context, event, enqueue }) => {
        enqueue.assign({
          processedStaff: event.about.staff,
          processedTotals: event.about.totals,
        });
        if (context.payRun) {
          enqueue.sendTo(context.payRun, { type: 'payRun.period', year: context.year, month: context.month });
        }
        if (!context.emails) return;
        enqueue.sendTo(context.emails, {
          type: 'period.loaded',
          year: context.year,
          month: context.month,
          staff: event.about.staff,
        });
      }),
    },
    'processed.failed': {
      guard: 'isRecordsScreen',
      description:
        "View Processed Records: 'Failed to fetch records' and Try again (Process Pay names the unprocessed payslips only).",
      actions: { type: 'notify', params: payrollToasts.recordsFailed },
    },
  },
  initial: 'showing',
  states: {
    showing: {
      description: 'The lists show; rows can be selected, a pay date chosen, a processed payslip reverted.',
      on: {
        'period.change': {
          description: 'Another year or month: the lists of that period are fetched from page 1.',
          actions: [
            'setPeriod',
            {
              type: 'refetchLists',
              params: ({ context }) => ({ change: { filters: periodFilters(context.year, context.month) } }),
            },
          ],
        },
        'selection.toggle': {
          actions: assign({
            selected: ({ context, event }) =>
              context.selected.includes(event.userId)
                ? context.selected.filter((id) => id !== event.userId)
                : [...context.selected, event.userId],
          }),
        },
        'selection.toggleAll': {
          description: 'Selects every unprocessed row of the period, or none when all are selected.',
          actions: assign({
            selected: ({ context }) => {
              const all = context.unprocessedIds ?? [];
              return context.selected.length === all.length ? [] : all;
            },
          }),
        },
        'payDate.change': { actions: assign({ payDate: ({ event }) => event.payDate }) },
        'pay.process': {
          guard: 'canProcess',
          target: 'confirming',
          description: 'Process Pay with at least one row selected and a pay date: it asks first.',
          actions: assign({ run: ({ context }) => runOf(context) }),
        },
        'revert.request': {
          target: 'reverting',
          description: "'Revert to Unprocessed' from a processed row's menu.",
          actions: assign({ reverting: ({ event }) => event.row }),
        },
        'payslipPdf.open': {
          target: 'openingPayslipPdf',
          description: "'View payslip' from a processed row's menu: its PDF in a new tab.",
        },
        'resend.request': {
          target: 'resendConfirming',
          description: "'Re-send' from a processed row's menu: it asks first.",
          actions: assign({ resending: ({ event }) => event.row }),
        },
        'tablePdf.open': {
          guard: 'isRecordsScreen',
          target: 'openingTablePdf',
          description: 'Table View: the Processed List as a PDF in a new tab.',
        },
      },
    },
    confirming: {
      description:
        'The confirmation: the headcount and totals the server would store for the run; nothing is processed yet.',
      initial: 'previewing',
      on: {
        'confirm.cancel': {
          target: 'showing',
          description: 'Cancel (or Escape): nothing is processed; the selection and pay date stay.',
          actions: assign({ run: null, preview: null, previewError: null }),
        },
      },
      states: {
        previewing: {
          description: 'The server works out the run without keeping it; Confirm waits.',
          invoke: {
            id: 'previewPayslips',
            src: 'previewPayslips',
            input: ({ context }) => runIn(context),
            onDone: {
              target: 'ready',
              description: 'The headcount and totals show.',
              actions: assign({ preview: ({ event }) => event.output, previewError: null }),
            },
            onError: {
              target: 'failed',
              description: 'The reason shows in the confirmation (what processing would be refused with).',
              actions: assign({ previewError: ({ event }) => toApiError(event.error) }),
            },
          },
        },
        ready: {
          description: 'The figures show; Confirm processes the run.',
          on: {
            'confirm.accept': {
              target: '#payrollPeriod.processing',
              description: 'Confirm: the same request is sent to be processed.',
            },
          },
        },
        failed: {
          description: 'The reason shows with Try again; Confirm stays disabled.',
          on: {
            'confirm.retry': { target: 'previewing', description: 'Try again: the preview is asked again.' },
          },
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
      exit: assign({ run: null, preview: null }),
      invoke: {
        id: 'processPayslips',
        src: 'processPayslips',
        input: ({ context }) => runIn(context),
        onDone: {
          target: 'showing',
          description: 'A toast says how many were processed (and skipped); both lists are fetched again.',
          actions: [
            { type: 'notify', params: ({ event }) => payrollToasts.processed(event.output) },
            assign(refetched),
            {
              type: 'refetchLists',
              params: ({ context }) => ({ change: { filters: periodFilters(context.year, context.month) } }),
            },
          ],
        },
        onError: {
          target: 'showing',
          description: 'A toast gives the reason; nothing was processed.',
          actions: [
            { type: 'notify', params: ({ event }) => payrollToasts.processFailed(toApiError(event.error)) },
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
          target: 'showing',
          description: "'Payslip removed from processed list'; both lists are fetched again.",
          actions: [
            { type: 'notify', params: payrollToasts.reverted },
            assign({ ...refetched, reverting: null }),
            {
              type: 'refetchLists',
              params: ({ context }) => ({ change: { filters: periodFilters(context.year, context.month) } }),
            },
          ],
        },
        onError: {
          target: 'showing',
          description: "'Error removing from processed list'.",
          actions: [
            { type: 'notify', params: ({ event }) => payrollToasts.revertFailed(toApiError(event.error)) },
            assign({ reverting: null }),
          ],
        },
      },
    },
    openingPayslipPdf: {
      description: "The employee's payslip PDF is fetched into the tab opened on the click.",
      invoke: {
        id: 'openPayslipPdf',
        src: 'openPayslipPdf',
        input: ({ event }) => {
          assertEvent(event, 'payslipPdf.open');
          return event.row;
        },
        onDone: { target: 'showing', description: 'The payslip opened in a new tab.' },
        onError: {
          target: 'showing',
          description: "'Error retrieving payslip'.",
          actions: [{ type: 'notify', params: payrollToasts.pdfFailed }],
        },
      },
    },
    resendConfirming: {
      description: "A dialog asks before one employee's payslip is e-mailed again.",
      on: {
        'resend.confirm': { target: 'resending', description: 'Send: the payslip is queued again.' },
        'resend.cancel': {
          target: 'showing',
          description: 'Cancel (or Escape): nothing is sent.',
          actions: assign({ resending: null }),
        },
      },
    },
    resending: {
      description: "The re-send is asked; the dialog's button reads 'Processing...'.",
      invoke: {
        id: 'resendPayslip',
        src: 'resendPayslip',
        input: ({ context }) => {
          if (!context.resending) throw new Error('payroll-period machine: nothing to re-send');
          return context.resending;
        },
        onDone: [
          {
            guard: { type: 'hasQueuedNothing', params: ({ event }) => event.output },
            target: 'showing',
            description: 'Left out (sent minutes ago, or being sent): the answer says why.',
            actions: [
              { type: 'notify', params: ({ event }) => payrollToasts.resendNothing(event.output) },
              assign({ resending: null }),
            ],
          },
          {
            target: 'showing',
            description: "Queued: a toast says so; the Processed List is fetched again to show it 'Queued'.",
            actions: [
              { type: 'notify', params: ({ event }) => payrollToasts.resendQueued(event.output) },
              assign({ resending: null }),
              sendTo(({ context }) => context.processed, { type: 'list.reload' }),
            ],
          },
        ],
        onError: {
          target: 'showing',
          description: 'Refused: a toast says why.',
          actions: [
            { type: 'notify', params: ({ event }) => payrollToasts.resendFailed(toApiError(event.error)) },
            assign({ resending: null }),
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
        onDone: { target: 'showing', description: 'The PDF opened in a new tab.' },
        onError: {
          target: 'showing',
          description: "'Error generating table pdf'.",
          actions: [{ type: 'notify', params: payrollToasts.tablePdfFailed }],
        },
      },
    },
  },
});
