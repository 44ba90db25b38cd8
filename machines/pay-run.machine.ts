import { assign, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';
import { canPayRun } from '../src/domain/lifecycles/pay-run.lifecycle';
import { payrollToasts } from '../src/domain/messages/payroll';
import type { PayRun } from '../src/domain/pay-runs';
import { notProvided, type ToastParams } from './effects';

/**
 * The month's pay run on Process Pay (issue 39 item 4): its state (OPEN, SUBMITTED, APPROVED, who
 * submitted and approved it, why it was rejected) and Submit. Process Pay's machine
 * (machines/payroll-period.machine.ts) spawns it and names the period each time its Processed List
 * loads, so the run is read again after processing and revert, which move it on the server.
 */
export interface PayRunContext {
  year: number;
  month: number;
  run: PayRun | null;
  error: ApiError | null;
}

export type PayRunEvent =
  | { type: 'payRun.period'; year: number; month: number }
  | { type: 'payRun.submit' }
  | { type: 'payRun.retry' };

type Period = { year: number; month: number };

export const payRunMachine = setup({
  types: {
    context: {} as PayRunContext,
    events: {} as PayRunEvent,
    input: {} as Period,
  },
  actors: {
    fetchPayRun: fromPromise<PayRun, Period>(notProvided('pay-run', 'fetchPayRun')),
    submitPayRun: fromPromise<PayRun, Period>(notProvided('pay-run', 'submitPayRun')),
  },
  actions: {
    notify: notProvided('pay-run', 'notify') as (_: unknown, params: ToastParams) => void,
  },
  guards: {
    /** Submit is offered only where it can succeed: approval applies, the run is OPEN, payslips processed. */
    canSubmit: ({ context }) =>
      context.run?.approvalRequired === true &&
      canPayRun(context.run.status, 'payRun.submit') &&
      context.run.totals.headcount > 0,
  },
}).createMachine({
  id: 'payRun',
  description: "The month's pay run on Process Pay: its state and Submit for approval.",
  context: ({ input }) => ({ year: input.year, month: input.month, run: null, error: null }),
  initial: 'waiting',
  on: {
    'payRun.period': {
      target: '.fetching',
      description:
        "The Processed List loaded (another period, or after processing or a revert): the period's run is fetched.",
      actions: assign({ year: ({ event }) => event.year, month: ({ event }) => event.month, run: null }),
    },
  },
  states: {
    waiting: {
      description: "Until Process Pay's Processed List has loaded: it then names the period shown.",
    },
    fetching: {
      description: 'Asking the server for the run of the period.',
      invoke: {
        src: 'fetchPayRun',
        input: ({ context }) => ({ year: context.year, month: context.month }),
        onDone: { target: 'shown', actions: assign({ run: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toApiError(event.error) }) },
      },
    },
    shown: {
      description: 'The state shows; Submit is offered while the run is OPEN and approval applies.',
      on: {
        'payRun.submit': {
          guard: 'canSubmit',
          target: 'submitting',
          description: 'Submit: the processed month goes to another administrator.',
        },
      },
    },
    submitting: {
      description: 'Submitting; the button waits.',
      invoke: {
        src: 'submitPayRun',
        input: ({ context }) => ({ year: context.year, month: context.month }),
        onDone: {
          target: 'shown',
          actions: [
            assign({ run: ({ event }) => event.output }),
            { type: 'notify', params: ({ context }) => payrollToasts.payRunSubmitted(context) },
          ],
        },
        onError: {
          target: 'fetching',
          description:
            'Refused (processed meanwhile, approval turned off): the reason shows and the run is read again.',
          actions: {
            type: 'notify',
            params: ({ event }) => payrollToasts.payRunFailed(toApiError(event.error)),
          },
        },
      },
    },
    failed: {
      description: 'The run could not be fetched: Try again.',
      on: { 'payRun.retry': { target: 'fetching', description: 'Try again.' } },
    },
  },
});
