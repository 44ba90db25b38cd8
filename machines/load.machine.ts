import { type ActorRefFrom, assign, emit, fromPromise, type Subscription, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';
import { notProvided } from './effects';

/**
 * What a screen fetches to show (the company's particulars, the leave policies, a month's CPF summary, a
 * month of the calendar, a request's attachment and clashes) runs this one statechart beside the list and
 * the form ones: `loading` → `ready` or `failed`, Try again and a reload from the holder are the one event
 * `load.reload`, and another query (a month, a period) is `load.change`. A newer fetch replaces one in
 * flight. The screen provides `fetch` (src/actors/load.actors.ts: `provideLoad`); its holder hears each
 * fetch's outcome (`load.loaded`, `load.failed`), as a list's holder does. See docs/guides/load-data.md.
 */

export interface LoadInput {
  /** What `fetch` is asked for (a month, a period, a request); none for a screen's one record. */
  query?: unknown;
}

export interface LoadContext {
  query: unknown;
  /** What `fetch` answered last; kept while the same query is fetched again, null for a new query. */
  data: unknown;
  error: ApiError | null;
}

export type LoadEvent = { type: 'load.reload' } | { type: 'load.change'; query: unknown };

/** Told to whoever holds the load (a screen's parent machine): each fetch's outcome. */
export type LoadEmitted =
  | { type: 'load.loaded'; data: unknown; query: unknown }
  | { type: 'load.failed'; error: ApiError };

export const loadMachine = setup({
  types: {
    context: {} as LoadContext,
    events: {} as LoadEvent,
    input: {} as LoadInput,
    emitted: {} as LoadEmitted,
  },
  actors: {
    fetch: fromPromise<unknown, unknown>(notProvided('load', 'fetch')),
  },
  actions: {
    tellLoaded: emit((_, params: { data: unknown; query: unknown }) => ({
      type: 'load.loaded' as const,
      ...params,
    })),
  },
}).createMachine({
  id: 'load',
  description: 'What a screen fetches to show: loading, then the data, or the failure with Try again.',
  context: ({ input }) => ({ query: input.query ?? null, data: null, error: null }),
  on: {
    'load.reload': {
      target: '.loading',
      reenter: true,
      description:
        'Try again, or the holder changed the data: the same query again; what showed stays until the answer.',
    },
    'load.change': {
      target: '.loading',
      reenter: true,
      description: 'Another query (a month, a period): what showed belonged to the old one.',
      actions: assign({ query: ({ event }) => event.query, data: null }),
    },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The query is fetched; a skeleton shows. A newer fetch replaces one in flight.',
      invoke: {
        id: 'fetch',
        src: 'fetch',
        input: ({ context }: { context: LoadContext }) => context.query,
        onDone: {
          target: 'ready',
          actions: [
            assign({ data: ({ event }) => event.output, error: null }),
            {
              type: 'tellLoaded',
              params: ({ context, event }) => ({ data: event.output, query: context.query }),
            },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => toApiError(event.error) }),
            emit(({ event }) => ({ type: 'load.failed' as const, error: toApiError(event.error) })),
          ],
        },
      },
    },
    ready: { description: 'The data shows.' },
    failed: { description: 'It could not be fetched: the error and Try again show.' },
  },
});

export type LoadActorRef = ActorRefFrom<typeof loadMachine>;

/**
 * For a holder's news callback (`childNews`): what its load tells, with the data typed as what the fetch the
 * screen provided answers (`provideLoad<Data>`), which is the only thing a load hands back.
 */
export function loadNews<Data>(
  load: LoadActorRef,
  tell: { loaded: (data: Data, query: unknown) => void; failed?: (error: ApiError) => void },
): Subscription[] {
  const subscriptions = [load.on('load.loaded', ({ data, query }) => tell.loaded(data as Data, query))];
  const { failed } = tell;
  if (failed) subscriptions.push(load.on('load.failed', ({ error }) => failed(error)));
  return subscriptions;
}
