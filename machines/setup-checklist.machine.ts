import { assign, setup } from 'xstate';
import { type Setup, type SetupStep, setupComplete } from '../src/domain/setup';
import { childNews, notProvided } from './effects';
import { type LoadActorRef, loadMachine, loadNews } from './load.machine';

/**
 * The setup checklist on the admin dashboard (issue 38): the steps the server computes are fetched with the
 * load statechart (decision 0014); the card shows while any step is left, until the administrator dismisses
 * it for the session (`rememberDismissal`, provided by the app; `dismissed` says it already was).
 */
export interface SetupChecklistInput {
  dismissed: boolean;
}

export interface SetupChecklistContext {
  setup: LoadActorRef | null;
  steps: SetupStep[];
}

export type SetupChecklistEvent =
  | { type: 'setup.loaded'; setup: Setup }
  | { type: 'setup.failed' }
  | { type: 'checklist.dismiss' };

export const setupChecklistMachine = setup({
  types: {
    input: {} as SetupChecklistInput,
    context: {} as SetupChecklistContext,
    events: {} as SetupChecklistEvent,
  },
  actors: {
    setup: loadMachine,
    setupNews: childNews<{ setup: LoadActorRef | null }>((input, tell) =>
      input.setup
        ? loadNews<Setup>(input.setup, {
            loaded: (data) => tell({ type: 'setup.loaded', setup: data }),
            failed: () => tell({ type: 'setup.failed' }),
          })
        : [],
    ),
  },
  actions: {
    rememberDismissal: notProvided('setup-checklist', 'rememberDismissal'),
  },
  guards: {
    isDismissed: ({ context }) => context.setup === null,
    isComplete: (_, params: Setup) => setupComplete(params),
  },
}).createMachine({
  id: 'setupChecklist',
  description: 'The setup checklist card: fetched, shown while a step is left, dismissible for the session.',
  context: ({ spawn, input }) => ({
    // Dismissed earlier in the session: nothing is fetched.
    setup: input.dismissed ? null : spawn('setup', { id: 'setup', input: {} }),
    steps: [],
  }),
  invoke: { src: 'setupNews', input: ({ context }) => ({ setup: context.setup }) },
  initial: 'starting',
  states: {
    starting: {
      description:
        'Dismissed earlier in the session: straight to hidden, nothing fetched; else the steps are fetched.',
      always: [{ guard: 'isDismissed', target: 'hidden' }, { target: 'fetching' }],
    },
    fetching: {
      description: 'The steps are on their way: the card shows its skeleton, or the failure with Try again.',
      on: {
        'setup.loaded': [
          {
            guard: { type: 'isComplete', params: ({ event }) => event.setup },
            target: 'hidden',
            description: 'Every step is done: no card.',
          },
          {
            target: 'showing',
            actions: assign({ steps: ({ event }) => event.setup.steps }),
          },
        ],
      },
    },
    showing: {
      description: 'The card lists each step, done or not, with a link to where it is done.',
      on: {
        'checklist.dismiss': {
          target: 'hidden',
          description: 'Dismissed: gone for the rest of the session.',
          actions: 'rememberDismissal',
        },
      },
    },
    hidden: { type: 'final', description: 'No card: every step done, or dismissed for the session.' },
  },
});
