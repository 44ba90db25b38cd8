import { afterAll, describe, expect, it } from 'vitest';
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  EventObject,
  InputFrom,
  InspectionEvent,
  SnapshotFrom,
} from 'xstate';
import { formatTransition } from '../../machines/transitions';
import {
  createCoverageRecorder,
  describeEvent,
  type PlannedPath,
  planScenario,
  planTransitionPaths,
} from './coverage';

/**
 * The sibling of describeSpecWalk (spec-walk.tsx) for walks through the real API, without a browser: the
 * paths are planned from the TEST MODEL (tests/models/, written from the spec), walked by sending the
 * requests an administrator (or a worker and its mail server) makes, and after every step each active model
 * state's `shows` asserts what the API answers there. The app's lifecycle runs beside the walk, moved by the
 * suite only with what the server really did; its coverage proves the app has no transition the model lacks.
 */

/** A model state's meta for an API walk: what the API answers in it. `world` is what the suite walks on. */
export interface ApiShows<TWorld, TSnapshot = AnyMachineSnapshot> {
  shows: (world: TWorld, model: TSnapshot) => void | Promise<void>;
}

export const apiShows = <TWorld, TSnapshot = AnyMachineSnapshot>(
  assertion: ApiShows<TWorld, TSnapshot>['shows'],
): ApiShows<TWorld, TSnapshot> => ({ shows: assertion });

/** Runs the assertions of every state the model is in, outer states before inner ones. */
export async function expectApiModelState<TWorld>(world: TWorld, model: AnyMachineSnapshot) {
  const metas = model.getMeta() as Record<string, Partial<ApiShows<TWorld>> | undefined>;
  const ids = Object.keys(metas).sort((a, b) => a.split('.').length - b.split('.').length);
  for (const id of ids) await metas[id]?.shows?.(world, model);
}

export interface SpecApiWalk<TModel extends AnyStateMachine, TEvent extends EventObject, TWorld> {
  title: string;
  /** The test model, written in tests/models from the spec. */
  model: TModel;
  starts: ReadonlyArray<{ name: string; input: InputFrom<TModel> }>;
  events: ReadonlyArray<TEvent>;
  canProduce?: (model: SnapshotFrom<TModel>, event: TEvent) => boolean;
  serialize?: (model: SnapshotFrom<TModel>) => string;
  /** The app's lifecycle: only watched, through the inspection stream of the actor the suite runs beside. */
  app: { machine: AnyStateMachine };
  /** Sets up what the path walks on (a fresh record of its own); start the app's actor with `inspect`. */
  open(path: PlannedPath<TModel, TEvent>, inspect: (event: InspectionEvent) => void): Promise<TWorld>;
  /** Makes the event happen through the API; moves the app's actor with what the server did. */
  perform(world: TWorld, event: TEvent, model: SnapshotFrom<TModel>): Promise<void>;
  /** Ends a path (stops the app's actor). */
  close?(world: TWorld): void | Promise<void>;
  scenarios?: ReadonlyArray<{ name: string; start?: string; events: TEvent[] }>;
  label?: (event: TEvent) => string;
  timeout?: number;
  /** Hooks of the suite's own (the test app's start and close). */
  setup?: () => void;
  more?: () => void;
}

export function describeSpecApiWalk<TModel extends AnyStateMachine, TEvent extends EventObject, TWorld>(
  walk: SpecApiWalk<TModel, TEvent, TWorld>,
) {
  const plan = planTransitionPaths(walk.model, {
    starts: walk.starts,
    events: walk.events,
    canProduce: walk.canProduce,
    serialize: walk.serialize,
  });
  const scenarios = (walk.scenarios ?? []).map((scenario) => {
    const start = walk.starts.find((s) => s.name === (scenario.start ?? walk.starts[0]?.name));
    if (!start) throw new Error(`No start named ${scenario.start}`);
    return [scenario.name, planScenario(walk.model, start, scenario.events)] as const;
  });
  const recorder = createCoverageRecorder(walk.app.machine);
  const label = walk.label ?? describeEvent;
  const pathName = (path: PlannedPath<TModel, TEvent>) => {
    const steps = path.steps.map((step) => label(step.event)).join(' → ') || '(starts)';
    return walk.starts.length > 1 ? `${path.start}: ${steps}` : steps;
  };

  async function walkPath(path: PlannedPath<TModel, TEvent>) {
    const world = await walk.open(path, recorder.inspect);
    try {
      await expectApiModelState(world, path.initial as AnyMachineSnapshot);
      let model = path.initial;
      for (const step of path.steps) {
        expect((model as AnyMachineSnapshot).can(step.event), `the model takes ${label(step.event)}`).toBe(
          true,
        );
        try {
          await walk.perform(world, step.event, model);
          await expectApiModelState(world, step.state as AnyMachineSnapshot);
        } catch (error) {
          const where = JSON.stringify((step.state as AnyMachineSnapshot).value);
          if (error instanceof Error)
            error.message = `after ${label(step.event)} (model: ${where})\n${error.message}`;
          throw error;
        }
        model = step.state;
      }
    } finally {
      await walk.close?.(world);
    }
  }

  describe(walk.title, () => {
    walk.setup?.();

    it('the test model can reach every one of its transitions', () => {
      expect(plan.unreachable.map(formatTransition)).toEqual([]);
    });

    it.each(plan.paths.map((path) => [pathName(path), path] as const))(
      '%s',
      { timeout: walk.timeout ?? 60_000 },
      async (_, path) => walkPath(path),
    );

    if (scenarios.length)
      it.each(scenarios)('scenario: %s', { timeout: walk.timeout ?? 60_000 }, async (_, path) =>
        walkPath(path),
      );

    walk.more?.();

    afterAll(() => console.info(recorder.report()));

    it(`the app's ${walk.app.machine.id} took no transition the model lacks (all walked)`, () => {
      expect(recorder.missing().map(formatTransition), recorder.report()).toEqual([]);
    });
  });
}
