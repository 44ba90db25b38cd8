import { assign, emit, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { YearEndSummary } from '../src/domain/leave-policies';
import { canCloseYear } from '../src/domain/leave-policy-form';
import { leavePolicyToasts } from '../src/domain/messages/leave-policies';
import { notProvided, type ToastParams } from './effects';

/**
 * The year end on the Leave Balance screen (issue 17): for the year shown, once its December has begun
 * (and for earlier years), Close year first asks the server what it would do and shows it in a
 * confirmation ('Carry 23.5 days for 12 employees into 2027? ...'); Confirm runs it, a toast says what it
 * did, and the machine emits `yearEnd.closed` so the screen (machines/leave-balance-report.machine.ts,
 * which spawns this one and tells it the year shown) fetches the balances again.
 */
export interface LeaveYearEndInput {
  year: number;
  /** `YYYY-MM-DD` in the company's time zone. */
  today: string;
}

export interface LeaveYearEndContext extends LeaveYearEndInput {
  /** What the year end would do (the confirmation) or did. */
  summary: YearEndSummary | null;
}

export type LeaveYearEndEvent =
  /** From the Leave Balance screen: the year it shows. */
  | { type: 'year.selected'; year: number }
  | { type: 'yearEnd.request' }
  | { type: 'yearEnd.confirm' }
  | { type: 'yearEnd.cancel' };

export type LeaveYearEndEmitted = { type: 'yearEnd.closed'; summary: YearEndSummary };

export const leaveYearEndMachine = setup({
  types: {
    context: {} as LeaveYearEndContext,
    events: {} as LeaveYearEndEvent,
    input: {} as LeaveYearEndInput,
    emitted: {} as LeaveYearEndEmitted,
  },
  actors: {
    previewYearEnd: fromPromise<YearEndSummary, { year: number }>(
      notProvided('leave-year-end', 'previewYearEnd'),
    ),
    closeYear: fromPromise<YearEndSummary, { year: number }>(notProvided('leave-year-end', 'closeYear')),
  },
  actions: {
    notify: notProvided('leave-year-end', 'notify') as (_: unknown, params: ToastParams) => void,
  },
  guards: {
    /** December of the year has begun, or the year is over. */
    canCloseYear: ({ context }) => canCloseYear(context.year, context.today),
  },
}).createMachine({
  id: 'leaveYearEnd',
  description: 'Close year on the Leave Balance screen: what it would do, a confirmation, then the year end.',
  context: ({ input }) => ({ year: input.year, today: input.today, summary: null }),
  initial: 'idle',
  states: {
    idle: {
      description: "'Close year' is offered for the year shown once its December has begun.",
      on: {
        'year.selected': {
          description: 'The screen shows another year.',
          actions: assign({ year: ({ event }) => event.year, summary: null }),
        },
        'yearEnd.request': { guard: 'canCloseYear', target: 'previewing', description: 'Close year.' },
      },
    },
    previewing: {
      description: "GET /leave-balances/year-end: what it would do; the button reads 'Processing...'.",
      invoke: {
        id: 'previewYearEnd',
        src: 'previewYearEnd',
        input: ({ context }) => ({ year: context.year }),
        onDone: { target: 'confirming', actions: assign({ summary: ({ event }) => event.output }) },
        onError: {
          target: 'idle',
          description: 'Refused: a toast says why.',
          actions: {
            type: 'notify',
            params: ({ event }) => leavePolicyToasts.yearEndPreviewFailed(toApiError(event.error)),
          },
        },
      },
    },
    confirming: {
      description: 'A dialog says how many days and employees it will carry and what is forfeited.',
      on: {
        'yearEnd.confirm': 'closing',
        'yearEnd.cancel': { target: 'idle', actions: assign({ summary: null }) },
      },
    },
    closing: {
      description: "POST /leave-balances/year-end; Confirm reads 'Processing...'.",
      invoke: {
        id: 'closeYear',
        src: 'closeYear',
        input: ({ context }) => ({ year: context.year }),
        onDone: {
          target: 'idle',
          description: 'Done: a toast says what it did and the balances are fetched again.',
          actions: [
            assign({ summary: ({ event }) => event.output }),
            { type: 'notify', params: ({ event }) => leavePolicyToasts.yearClosed(event.output) },
            emit(({ event }) => ({ type: 'yearEnd.closed' as const, summary: event.output })),
          ],
        },
        onError: {
          target: 'idle',
          description: 'Refused: a toast says why; nothing changed.',
          actions: [
            assign({ summary: null }),
            {
              type: 'notify',
              params: ({ event }) => leavePolicyToasts.yearEndFailed(toApiError(event.error)),
            },
          ],
        },
      },
    },
  },
});
