import { type ActorRefFrom, assign, fromPromise, setup, stopChild } from 'xstate';
import type { ApiError } from '../src/domain/auth';
import { canAcknowledgeSeparation, isOpenSeparation } from '../src/domain/lifecycles/separation.lifecycle';
import { separationToasts } from '../src/domain/messages/separation';
import type { Separation } from '../src/domain/separation';
import { childNews, notProvided, type ToastParams } from './effects';
import { ir21ClearanceFormMachine } from './ir21-clearance-form.machine';
import { type LoadActorRef, loadMachine, loadNews } from './load.machine';
import { separationFormMachine } from './separation-form.machine';

/**
 * The Separation panel (issue 35): on the staff record an administrator records a separation,
 * acknowledges an employee's resignation and withdraws one before its last day; on My profile staff
 * submit their resignation and follow it. It shows the state, the dates, when final pay is due and the
 * IR21 step, and offers the key employment terms as a PDF with what they still miss.
 */
export interface SeparationPanelInput {
  userId: number;
  /** An administrator's panel (the staff record); false: the employee's own (My profile). */
  manage: boolean;
  /** Today in the company's time zone: a separation is withdrawn only before its last day. */
  today: string;
}

export interface SeparationPanelContext extends SeparationPanelInput {
  load: LoadActorRef;
  /** The standing separation; null when there is none (the server answered 404). */
  separation: Separation | null;
  form: ActorRefFrom<typeof separationFormMachine> | null;
  /** The "Record IRAS clearance" form while it is open. */
  clearance: ActorRefFrom<typeof ir21ClearanceFormMachine> | null;
  /** What the last KETs download said is missing ('' when nothing is). */
  ketsMissing: string | null;
}

export type SeparationPanelEvent =
  | { type: 'separation.loaded'; separation: Separation | null }
  | { type: 'separation.failed'; error: ApiError }
  | { type: 'separation.start' }
  | { type: 'separation.cancel' }
  | { type: 'separation.acknowledge' }
  | { type: 'separation.withdraw' }
  | { type: 'separation.confirmWithdraw' }
  | { type: 'kets.download' }
  | { type: 'taxClearance.download'; format: 'pdf' | 'csv' }
  | { type: 'taxClearance.record' }
  | { type: 'xstate.done.actor.form'; output: Separation }
  | { type: 'xstate.done.actor.clearance'; output: Separation };

const errorOf = (error: unknown): { message: string } =>
  error && typeof error === 'object' && 'message' in error ? (error as { message: string }) : { message: '' };

export const separationPanelMachine = setup({
  types: {
    context: {} as SeparationPanelContext,
    events: {} as SeparationPanelEvent,
    input: {} as SeparationPanelInput,
  },
  actors: {
    load: loadMachine,
    loadNewsOf: childNews<{ load: LoadActorRef }>((input, tell) =>
      loadNews<Separation | null>(input.load, {
        loaded: (separation) => tell({ type: 'separation.loaded', separation }),
        failed: (error) => tell({ type: 'separation.failed', error }),
      }),
    ),
    form: separationFormMachine,
    clearanceForm: ir21ClearanceFormMachine,
    /** Saves the IR21 of the year of leaving as a PDF or CSV. */
    downloadIr21: fromPromise<void, { userId: number; year: number; format: 'pdf' | 'csv' }>(
      notProvided('separation-panel', 'downloadIr21'),
    ),
    acknowledge: fromPromise<Separation, { userId: number }>(notProvided('separation-panel', 'acknowledge')),
    withdraw: fromPromise<Separation, { userId: number }>(notProvided('separation-panel', 'withdraw')),
    /** Saves the KETs PDF and answers the items it names as missing. */
    downloadKets: fromPromise<string[], { userId: number }>(notProvided('separation-panel', 'downloadKets')),
  },
  actions: {
    notify: notProvided('separation-panel', 'notify') as (_: unknown, params: ToastParams) => void,
  },
  guards: {
    hasNone: ({ context }) => context.separation === null,
    canAcknowledge: ({ context }) =>
      context.manage && context.separation !== null && canAcknowledgeSeparation(context.separation.status),
    canWithdraw: ({ context }) =>
      context.manage &&
      context.separation !== null &&
      isOpenSeparation(context.separation.status) &&
      context.separation.lastDay > context.today,
    /** An administrator's, for an IR21 leaver whose pay is still withheld. */
    canClear: ({ context }) => context.manage && context.separation?.payWithheld === true,
    hasIr21: ({ context }) => context.manage && context.separation?.ir21Required === true,
  },
}).createMachine({
  id: 'separationPanel',
  description:
    "The Separation panel: an employee's separation with what is due when; recorded, resigned, acknowledged or withdrawn here.",
  context: ({ input, spawn }) => ({
    ...input,
    load: spawn('load', { id: 'load', input: { query: input.userId } }),
    separation: null,
    form: null,
    clearance: null,
    ketsMissing: null,
  }),
  initial: 'fetching',
  states: {
    fetching: {
      description: 'GET /users/{id}/separation: a spinner, or the failure with Try again; 404 is none.',
      invoke: { src: 'loadNewsOf', input: ({ context }) => ({ load: context.load }) },
      on: {
        'separation.loaded': {
          target: 'shown',
          actions: assign({ separation: ({ event }) => event.separation }),
        },
      },
    },
    shown: {
      description: 'The separation, or none, with the actions this viewer may take.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The state, the dates and the steps; the buttons the state allows.',
          on: {
            'separation.start': {
              guard: 'hasNone',
              target: 'editing',
              description: 'Record separation (admin) or Submit resignation (staff), when none stands.',
            },
            'separation.acknowledge': {
              guard: 'canAcknowledge',
              target: 'acknowledging',
              description: "An employee's resignation is waiting: the administrator acknowledges it.",
            },
            'separation.withdraw': {
              guard: 'canWithdraw',
              target: 'confirmingWithdraw',
              description: 'Before the last day, an administrator may withdraw it.',
            },
            'kets.download': { target: 'downloadingKets' },
            'taxClearance.download': {
              guard: 'hasIr21',
              target: 'downloadingIr21',
              description: 'Download IR21 (PDF or CSV), for a leaver who needs tax clearance.',
            },
            'taxClearance.record': {
              guard: 'canClear',
              target: 'recordingClearance',
              description: "Record IRAS clearance, while the leaver's pay is withheld.",
            },
          },
        },
        recordingClearance: {
          description: "The form: IRAS's clearance date and reference.",
          entry: assign({
            clearance: ({ context, spawn }) =>
              spawn('clearanceForm', {
                id: 'clearance',
                input: { params: { userId: context.userId }, values: {} },
              }),
          }),
          exit: [stopChild('clearance'), assign({ clearance: null })],
          on: {
            'separation.cancel': { target: 'idle', description: 'Cancel: nothing is sent.' },
            'xstate.done.actor.clearance': {
              target: 'idle',
              description: 'Recorded: the panel shows the clearance; the pay is no longer withheld.',
              actions: assign({ separation: ({ event }) => event.output }),
            },
          },
        },
        downloadingIr21: {
          description: "GET /users/{id}/ir21?year (the last day's year)&format: the file is saved.",
          invoke: {
            src: 'downloadIr21',
            input: ({ context, event }) => ({
              userId: context.userId,
              year: Number(context.separation?.lastDay.slice(0, 4)),
              format: event.type === 'taxClearance.download' ? event.format : 'pdf',
            }),
            onDone: { target: 'idle' },
            onError: {
              target: 'idle',
              actions: {
                type: 'notify',
                params: ({ event }) => separationToasts.ir21Failed(errorOf(event.error)),
              },
            },
          },
        },
        editing: {
          description: 'The form: reason, notice date, last day, notice served.',
          entry: assign({
            form: ({ context, spawn }) =>
              spawn('form', {
                id: 'form',
                input: {
                  params: { userId: context.userId, manage: context.manage },
                  values: context.manage ? {} : { reason: 'RESIGNATION' },
                },
              }),
          }),
          exit: [stopChild('form'), assign({ form: null })],
          on: {
            'separation.cancel': { target: 'idle', description: 'Cancel: nothing is sent.' },
            'xstate.done.actor.form': {
              target: 'idle',
              description: 'Saved: the panel shows the answer.',
              actions: assign({ separation: ({ event }) => event.output }),
            },
          },
        },
        acknowledging: {
          description: 'POST /users/{id}/separation/acknowledge is in flight.',
          invoke: {
            src: 'acknowledge',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: {
              target: 'idle',
              actions: [
                assign({ separation: ({ event }) => event.output }),
                { type: 'notify', params: separationToasts.acknowledged() },
              ],
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'notify',
                params: ({ event }) => separationToasts.acknowledgeFailed(errorOf(event.error)),
              },
            },
          },
        },
        confirmingWithdraw: {
          description: "'Withdraw this separation?' with Cancel and Withdraw.",
          on: {
            'separation.cancel': 'idle',
            'separation.confirmWithdraw': 'withdrawing',
          },
        },
        withdrawing: {
          description: 'DELETE /users/{id}/separation is in flight.',
          invoke: {
            src: 'withdraw',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: {
              target: 'idle',
              description: 'Withdrawn: none stands; the employee is active again.',
              actions: [
                assign({ separation: null }),
                { type: 'notify', params: separationToasts.withdrawn() },
              ],
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'notify',
                params: ({ event }) => separationToasts.withdrawFailed(errorOf(event.error)),
              },
            },
          },
        },
        downloadingKets: {
          description: 'GET /users/{id}/kets: the PDF is saved; the panel names what it says is missing.',
          invoke: {
            src: 'downloadKets',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: {
              target: 'idle',
              actions: assign({ ketsMissing: ({ event }) => event.output.join(', ') }),
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'notify',
                params: ({ event }) => separationToasts.ketsFailed(errorOf(event.error)),
              },
            },
          },
        },
      },
    },
  },
});

export type SeparationPanelLogic = typeof separationPanelMachine;
