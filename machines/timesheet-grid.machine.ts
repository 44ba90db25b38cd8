import { type ActorRefFrom, assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type { ApiError } from '../src/domain/auth';
import { timesheetGridToasts, timesheetToasts } from '../src/domain/messages/timesheets';
import { payYears } from '../src/domain/payslips';
import { timesheetFormValues } from '../src/domain/timesheet-form';
import type { Timesheet, TimesheetGrid } from '../src/domain/timesheets';
import { childNews, notProvided, type ToastParams } from './effects';
import { type LoadActorRef, loadMachine, loadNews } from './load.machine';
import { timesheetFormMachine } from './timesheet-form.machine';
import { timesheetImportMachine } from './timesheet-import.machine';

/**
 * The administrator's month of timesheets (issue 36 item 5): a Year and Month picker, the month grid
 * fetched (the load statechart), one employee's month opened in the timesheet form, Approve where the
 * lifecycle allows (an administrator's save of someone else's month approves it), and the CSV upload
 * (machines/timesheet-import.machine.ts). Every change fetches the grid again.
 */
export interface TimesheetGridInput {
  today: string;
}

export interface TimesheetGridPeriod {
  year: number;
  month: number;
}

export interface TimesheetGridContext {
  years: number[];
  year: number;
  month: number;
  load: LoadActorRef;
  grid: TimesheetGrid | null;
  /** Whose month is open in the form, with the form. */
  open: { userId: number; fullName: string } | null;
  form: ActorRefFrom<typeof timesheetFormMachine> | null;
  importer: ActorRefFrom<typeof timesheetImportMachine>;
  /** The month being approved: the Approve button waits. */
  approving: Timesheet | null;
}

export type TimesheetGridEvent =
  | { type: 'period.change'; year: number; month: number }
  | { type: 'grid.loaded'; grid: TimesheetGrid }
  | { type: 'grid.failed'; error: ApiError }
  | { type: 'row.open'; userId: number }
  | { type: 'row.close' }
  | { type: 'row.approve'; userId: number }
  | { type: 'import.applied' }
  | { type: 'template.download' }
  | { type: 'xstate.done.actor.timesheetForm'; output: Timesheet };

const rowOf = (grid: TimesheetGrid | null, userId: number) =>
  grid?.rows.find((row) => row.timesheet.userId === userId);

export const timesheetGridMachine = setup({
  types: {
    context: {} as TimesheetGridContext,
    events: {} as TimesheetGridEvent,
    input: {} as TimesheetGridInput,
  },
  actors: {
    load: loadMachine,
    timesheetForm: timesheetFormMachine,
    timesheetImport: timesheetImportMachine,
    /** Saves the month's days unchanged as an administrator: the lifecycle approves it. */
    approve: fromPromise<Timesheet, Timesheet>(notProvided('timesheetGrid', 'approve')),
    gridNews: childNews<{ load: LoadActorRef }>((input, tell) =>
      loadNews<TimesheetGrid>(input.load, {
        loaded: (grid) => tell({ type: 'grid.loaded', grid }),
        failed: (error) => tell({ type: 'grid.failed', error }),
      }),
    ),
  },
  actions: {
    notify: notProvided('timesheetGrid', 'notify') as (_: unknown, params: ToastParams) => void,
    /** Saves the month's CSV template (the columns and the month as it stands) as a download. */
    downloadTemplate: notProvided('timesheetGrid', 'downloadTemplate') as (
      _: unknown,
      params: TimesheetGridPeriod,
    ) => void,
    reload: sendTo(({ context }) => context.load, { type: 'load.reload' as const }),
    closeForm: enqueueActions(({ context, enqueue }) => {
      if (context.form) enqueue.stopChild(context.form);
      enqueue.assign({ form: null, open: null });
    }),
  },
  guards: {
    isKnownRow: ({ context, event }) =>
      (event.type === 'row.open' || event.type === 'row.approve') &&
      rowOf(context.grid, event.userId) !== undefined,
  },
}).createMachine({
  id: 'timesheetGrid',
  description:
    "The month's timesheets of every employee: picked, fetched, opened, approved and uploaded as CSV.",
  context: ({ input, spawn }) => {
    const year = Number(input.today.slice(0, 4));
    const month = Number(input.today.slice(5, 7));
    const query: TimesheetGridPeriod = { year, month };
    return {
      years: payYears(input.today),
      year,
      month,
      load: spawn('load', { id: 'load', systemId: 'timesheetGridLoad', input: { query } }),
      grid: null,
      open: null,
      form: null,
      importer: spawn('timesheetImport', { id: 'timesheetImport', input: { year, month } }),
      approving: null,
    };
  },
  invoke: { src: 'gridNews', input: ({ context }) => ({ load: context.load }) },
  on: {
    'period.change': {
      target: '.fetching',
      description: 'Another month: any open month closes, the upload starts over, and that month is fetched.',
      actions: [
        'closeForm',
        assign({ year: ({ event }) => event.year, month: ({ event }) => event.month, grid: null }),
        sendTo(
          ({ context }) => context.importer,
          ({ event }) => ({ type: 'import.month' as const, year: event.year, month: event.month }),
        ),
        sendTo(
          ({ context }) => context.load,
          ({ event }) => ({
            type: 'load.change' as const,
            query: { year: event.year, month: event.month } satisfies TimesheetGridPeriod,
          }),
        ),
      ],
    },
    'template.download': {
      description: "The month's CSV template downloads: its columns and the days as they stand.",
      actions: {
        type: 'downloadTemplate',
        params: ({ context }) => ({ year: context.year, month: context.month }),
      },
    },
    'import.applied': {
      target: '.fetching',
      description: 'The upload wrote the month: the grid is fetched again.',
      actions: ['closeForm', 'reload'],
    },
  },
  initial: 'fetching',
  states: {
    fetching: {
      description: 'The grid is on its way: the load shows its skeleton, or its failure and Try again.',
      on: {
        'grid.loaded': {
          target: 'ready',
          description: 'It arrived: staff down, days across, with their totals.',
          actions: assign({ grid: ({ event }) => event.grid }),
        },
        'grid.failed': {
          description: 'It could not be fetched: a toast says so; the load offers Try again.',
          actions: { type: 'notify', params: ({ event }) => timesheetGridToasts.loadFailed(event.error) },
        },
      },
    },
    ready: {
      description: 'The grid shows; a row opens in the form, or is approved when the lifecycle allows.',
      on: {
        'row.open': {
          guard: 'isKnownRow',
          description: "The employee's month opens in the timesheet form beside the grid.",
          actions: [
            'closeForm',
            assign(({ context, event, spawn }) => {
              const row = rowOf(context.grid, event.userId);
              if (!row) return {};
              return {
                open: { userId: event.userId, fullName: row.fullName },
                form: spawn('timesheetForm', {
                  id: 'timesheetForm',
                  input: {
                    params: { userId: event.userId, year: context.year, month: context.month },
                    values: timesheetFormValues(row.timesheet),
                  },
                }),
              };
            }),
          ],
        },
        'row.close': { description: 'The open month closes unsaved.', actions: 'closeForm' },
        'xstate.done.actor.timesheetForm': {
          target: 'fetching',
          description:
            'Saved (approved, when someone else’s): the form closes and the grid is fetched again.',
          actions: ['closeForm', 'reload'],
        },
        'row.approve': {
          guard: 'isKnownRow',
          target: 'approving',
          actions: assign({
            approving: ({ context, event }) => rowOf(context.grid, event.userId)?.timesheet ?? null,
          }),
        },
      },
    },
    approving: {
      description: 'Approve: PUT the month unchanged as this administrator, which the lifecycle approves.',
      invoke: {
        src: 'approve',
        input: ({ context }) => context.approving as Timesheet,
        onDone: {
          target: 'fetching',
          description: 'Approved: a toast says so and the grid is fetched again.',
          actions: [
            { type: 'notify', params: ({ event }) => timesheetToasts.saved(event.output) },
            assign({ approving: null }),
            'reload',
          ],
        },
        onError: {
          target: 'ready',
          description: 'Refused: the toast says why.',
          actions: [
            {
              type: 'notify',
              params: ({ event }) => timesheetGridToasts.approveFailed(event.error as ApiError),
            },
            assign({ approving: null }),
          ],
        },
      },
    },
  },
});
