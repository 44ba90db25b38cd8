import { fromPromise } from 'xstate';
import { loadMachine } from '../../machines/load.machine';

/**
 * The load statechart with one screen's fetch, typed with the screen's own query and answer. The machine
 * holds both as `unknown`; the query it asks with is the one its holder gave it, so reading it as `Query`
 * here is safe.
 */
export function provideLoad<Data, Query = void>(fetch: (query: Query) => Promise<Data>) {
  return loadMachine.provide({
    actors: { fetch: fromPromise(({ input }) => fetch(input as Query)) },
  });
}

export type LoadLogic = ReturnType<typeof provideLoad>;
