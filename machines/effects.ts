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
