import { type ActorRefFrom, assign, sendTo, setup, stopChild } from 'xstate';
import type { ApiError } from '../src/domain/auth';
import { timesheetToasts } from '../src/domain/messages/timesheets';
import { payYears } from '../src/domain/payslips';
import { timesheetFormValues } from '../src/domain/timesheet-form';
import type { Timesheet } from '../src/domain/timesheets';
import { childNews, notProvided, type ToastParams } from './effects';
import { type LoadActorRef, loadMachine, loadNews } from './load.machine';
import { timesheetFormMachine } from './timesheet-form.machine';

/**
 * One person's month of hours (issue 36 item 5; the staff's "My timesheet"): a Year and Month picker, the
 * month fetched (the load statechart), then edited in the timesheet form
 * (machines/timesheet-form.machine.ts), which this machine makes from what is stored. After a save the
 * form is made again from the server's answer, whose status and figures show beside it.
 */
export interface TimesheetInput {
  userId: number;
  today: string;
  /** The hire year starts the Year picker; the current year when unknown. */
  hireDate: string | null;
}

export interface TimesheetPeriod {
  userId: number;
  year: number;
  month: number;
}

export interface TimesheetContext {
  userId: number;
  today: string;
  years: number[];
  year: number;
  month: number;
  load: LoadActorRef;
  form: ActorRefFrom<typeof timesheetFormMachine> | null;
  /** The month as last stored: its status and figures. */
  sheet: Timesheet | null;
}

export type TimesheetEvent =
  | { type: 'period.change'; year: number; month: number }
  | { type: 'sheet.loaded'; sheet: Timesheet }
  | { type: 'sheet.failed'; error: ApiError }
  | { type: 'xstate.done.actor.timesheetForm'; output: Timesheet };

export const timesheetMachine = setup({
  types: {
    context: {} as TimesheetContext,
    events: {} as TimesheetEvent,
    input: {} as TimesheetInput,
  },
  actors: {
    load: loadMachine,
    timesheetForm: timesheetFormMachine,
    /** Hears the fetch's outcome and passes it to this machine. */
    loadNews: childNews<{ load: LoadActorRef }>((input, tell) =>
      loadNews<Timesheet>(input.load, {
        loaded: (sheet) => tell({ type: 'sheet.loaded', sheet }),
        failed: (error) => tell({ type: 'sheet.failed', error }),
      }),
    ),
  },
  actions: {
    notify: notProvided('timesheet', 'notify') as (_: unknown, params: ToastParams) => void,
    /** The form is made again after each fetch and save, so it has an id but no systemId. */
    newForm: assign({
      form: ({ spawn, context }, sheet: Timesheet) =>
        spawn('timesheetForm', {
          id: 'timesheetForm',
          input: {
            params: { userId: context.userId, year: sheet.year, month: sheet.month },
            values: timesheetFormValues(sheet),
          },
        }),
      sheet: (_, sheet: Timesheet) => sheet,
    }),
  },
}).createMachine({
  id: 'timesheet',
  description: "One person's month of hours: picked by year and month, fetched, edited and submitted.",
  context: ({ input, spawn }) => {
    const years = payYears(input.today, input.hireDate ? Number(input.hireDate.slice(0, 4)) : undefined);
    const year = Number(input.today.slice(0, 4));
    const month = Number(input.today.slice(5, 7));
    const query: TimesheetPeriod = { userId: input.userId, year, month };
    return {
      userId: input.userId,
      today: input.today,
      years,
      year,
      month,
      load: spawn('load', { id: 'load', systemId: 'timesheetLoad', input: { query } }),
      form: null,
      sheet: null,
    };
  },
  invoke: { src: 'loadNews', input: ({ context }) => ({ load: context.load }) },
  on: {
    'period.change': {
      target: '.fetching',
      description: 'Another month: the form goes, and that month is fetched.',
      actions: [
        stopChild(({ context }) => context.form ?? ''),
        assign({
          year: ({ event }) => event.year,
          month: ({ event }) => event.month,
          form: null,
          sheet: null,
        }),
        sendTo(
          ({ context }) => context.load,
          ({ context, event }) => ({
            type: 'load.change' as const,
            query: { userId: context.userId, year: event.year, month: event.month } satisfies TimesheetPeriod,
          }),
        ),
      ],
    },
  },
  initial: 'fetching',
  states: {
    fetching: {
      description: 'The month is on its way: the load shows its skeleton, or its failure and Try again.',
      on: {
        'sheet.loaded': {
          target: 'editing',
          description: 'It arrived: the form is made from its days; its status and figures show.',
          actions: { type: 'newForm', params: ({ event }) => event.sheet },
        },
        'sheet.failed': {
          description: 'It could not be fetched: a toast says so; the load offers Try again.',
          actions: { type: 'notify', params: ({ event }) => timesheetToasts.loadFailed(event.error) },
        },
      },
    },
    editing: {
      description: 'The days show in the form with the month status and figures; Submit sends them.',
      on: {
        'xstate.done.actor.timesheetForm': {
          description: 'Saved: the form is made again from what the server stored, with its new figures.',
          actions: [
            stopChild(({ context }) => context.form ?? ''),
            { type: 'newForm', params: ({ event }) => event.output },
          ],
        },
      },
    },
  },
});
