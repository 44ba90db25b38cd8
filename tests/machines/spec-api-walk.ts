import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { describeWalk, type Shows, type SpecWalk } from './spec-walk';

/**
 * The sibling of describeSpecWalk (spec-walk.tsx) for walks through the real API, without a browser: the
 * paths are planned from the TEST MODEL (tests/models/, written from the spec), walked by sending the
 * requests an administrator (or a worker and its mail server) makes, and after every step each active model
 * state's `shows` asserts what the API answers there. The app's lifecycle runs beside the walk, moved by the
 * suite only with what the server really did; its coverage proves the app has no transition the model lacks.
 */

/** A model state's meta for an API walk: what the API answers in it. `world` is what the suite walks on. */
export type ApiShows<TWorld, TSnapshot = AnyMachineSnapshot> = Shows<TSnapshot, TWorld>;

export const apiShows = <TWorld, TSnapshot = AnyMachineSnapshot>(
  assertion: ApiShows<TWorld, TSnapshot>['shows'],
): ApiShows<TWorld, TSnapshot> => ({ shows: assertion });

/** An API walk: a spec walk on the suite's own world, with no browser app. */
export type SpecApiWalk<TModel extends AnyStateMachine, TEvent extends EventObject, TWorld> = SpecWalk<
  TModel,
  TEvent,
  TWorld
>;

export function describeSpecApiWalk<TModel extends AnyStateMachine, TEvent extends EventObject, TWorld>(
  walk: SpecApiWalk<TModel, TEvent, TWorld>,
) {
  describeWalk(walk);
}
