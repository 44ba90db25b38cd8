import { type EventObject, fromCallback, type Subscription } from 'xstate';

/**
 * What the statecharts ask of the app. Machines name their effects (actors and actions) and leave them
 * as placeholders; the app provides the live ones with machine.provide() (src/actors). A placeholder that
 * is reached without being provided throws, so a missing effect fails loudly instead of doing nothing.
 */

export type { Toast as ToastParams, ToastType } from '../src/domain/messages/toast';

export function notProvided(machine: string, name: string): () => never {
  return () => {
    throw new Error(`${machine} machine: '${name}' is provided by the app`);
  };
}

/**
 * The actor a parent invokes to hear what its children emit (docs/guides/build-a-screen.md): `listen` subscribes to the children in its input and tells the parent, as the parent's own
 * events, what it should act on; every subscription ends when the parent stops listening.
 */
export function childNews<TInput>(
  listen: (
    input: TInput,
    tell: (event: EventObject & Record<string, unknown>) => void,
  ) => Array<Subscription | undefined>,
) {
  return fromCallback<EventObject, TInput>(({ input, sendBack }) => {
    const subscriptions = listen(input, sendBack);
    return () => {
      for (const subscription of subscriptions) subscription?.unsubscribe();
    };
  });
}
