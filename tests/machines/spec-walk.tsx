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
  requiredHere,
} from './coverage';
import { type RunningApp, useAppHarness } from './harness';

/**
 * Model-based walks whose model is the spec (docs/decisions/0001). A test model is a statechart written in
 * tests/ from the spec's words, never imported from the app: its states are what the user can see, its events
 * what the user (or the server, or the clock) can do, and each state carries, in its `meta`, the assertion of
 * what the screen shows there (`shows`). The paths are planned from the TEST MODEL with xstate/graph, walked
 * through the real app (the real view with its real machine inside), and after every step the assertions of
 * every state the model is in are checked against the screen.
 *
 * Two coverage checks keep the model and the app from drifting apart:
 * - every transition of the test model is walked (the planner reaches them all, or the suite fails);
 * - every transition of the app's machine is taken while the model's paths are walked, so the app has no
 *   transition the model lacks (the recorder reads the app actor's inspection stream).
 * The app's machine is only ever watched, never asked what should happen.
 */

/**
 * Follows the app's running actor of one machine through the inspection stream, only to record which of its
 * transitions were taken (never to say what should happen).
 */
export function followActor(
  machine: AnyStateMachine,
  /** When a screen runs several actors of the machine, which one is under test. */
  isUnderTest: (snapshot: AnyMachineSnapshot) => boolean = () => true,
) {
  const recorder = createCoverageRecorder(machine);
  return {
    recorder,
    /** Pass as the app's `inspect`. */
    inspect(event: InspectionEvent) {
      const ofMachine =
        (event.type === '@xstate.snapshot' || event.type === '@xstate.microstep') &&
        (event.snapshot as AnyMachineSnapshot).machine?.id === machine.id
          ? (event.snapshot as AnyMachineSnapshot)
          : null;
      // Another actor of the same machine on the screen (a second list, another panel) walks nothing here.
      if (ofMachine && !isUnderTest(ofMachine)) return;
      recorder.inspect(event);
    },
  };
}

/**
 * What a model state asserts: its `meta`. `world` is what the walk walks on: the running app for a screen
 * walk, the test API and its records for an API walk (spec-api-walk.ts).
 */
export interface Shows<TSnapshot, TWorld = RunningApp> {
  shows: (world: TWorld, model: TSnapshot) => void | Promise<void>;
}

/** A model state's meta: the assertion of what the screen shows in it. */
export const shows = <TSnapshot = AnyMachineSnapshot>(
  assertion: Shows<TSnapshot>['shows'],
): Shows<TSnapshot> => ({ shows: assertion });

/** Runs the assertions of every state the model is in, outer states before inner ones. */
export async function expectModelState<TWorld>(world: TWorld, model: AnyMachineSnapshot) {
  const metas = model.getMeta() as Record<string, Partial<Shows<AnyMachineSnapshot, TWorld>> | undefined>;
  const ids = Object.keys(metas).sort((a, b) => a.split('.').length - b.split('.').length);
  for (const id of ids) await metas[id]?.shows?.(world, model);
}

export interface SpecWalk<TModel extends AnyStateMachine, TEvent extends EventObject, TWorld = RunningApp> {
  /** The describe block's title: what is walked and through which screen. */
  title: string;
  /** The test model, written in tests/ from the spec. */
  model: TModel;
  /** Where a walk starts: a name and the model's input (what the server holds, who is signed in). */
  starts: ReadonlyArray<{ name: string; input: InputFrom<TModel> }>;
  /** The concrete events of the model, with the payloads a user types and the answers a server gives. */
  events: ReadonlyArray<TEvent>;
  /** Which events the screen can produce in a model state (nothing behind an open dialog, and the like). */
  canProduce?: (model: SnapshotFrom<TModel>, event: TEvent) => boolean;
  /** What tells model states apart for planning; by default the state value. */
  serialize?: (model: SnapshotFrom<TModel>) => string;
  /**
   * The app's machine the screen runs: followed through its inspection stream only to prove that the app
   * takes no transition the model lacks. `notOnThisScreen` names what this screen cannot produce of a
   * shared machine (see `requiredHere`); `isUnderTest` picks the actor when the screen runs several.
   */
  app: {
    machine: AnyStateMachine;
    isUnderTest?: (snapshot: AnyMachineSnapshot) => boolean;
    notOnThisScreen?: readonly string[];
    /** Machines the app's machine holds (a flow's form): followed too, and each must be walked whole. */
    holds?: readonly AnyStateMachine[];
  };
  /** Renders the app where the path starts (or sets up what an API walk walks on); pass `inspect` on. */
  open(
    path: PlannedPath<TModel, TEvent>,
    inspect: ReturnType<typeof followActor>['inspect'],
  ): Promise<TWorld>;
  /** Makes the event happen as a user, the server or the clock would; `model` is the state before it. */
  perform(world: TWorld, event: TEvent, model: SnapshotFrom<TModel>): Promise<void>;
  /** Ends a path (an API walk stops the app's actor it ran beside). */
  close?(world: TWorld): void | Promise<void>;
  /** Paths worth walking by name whatever the planner chose (cancel against confirm, a row's actions). */
  scenarios?: ReadonlyArray<{ name: string; start?: string; events: TEvent[] }>;
  /** How an event reads in a path's name. */
  label?: (event: TEvent) => string;
  timeout?: number;
  /** Hooks of the suite's own (stubs of window.open and the like). */
  setup?: () => void;
  /** Tests of the suite's own, run with the same harness after the walks. */
  more?: () => void;
}

export function describeSpecWalk<TModel extends AnyStateMachine, TEvent extends EventObject>(
  walk: SpecWalk<TModel, TEvent>,
) {
  describeWalk(walk, useAppHarness);
}

/** The walk itself, on whatever it walks on; `harness` sets up the suite (the browser app's, for screens). */
export function describeWalk<TModel extends AnyStateMachine, TEvent extends EventObject, TWorld>(
  walk: SpecWalk<TModel, TEvent, TWorld>,
  harness?: () => void,
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
  const followed = [
    followActor(walk.app.machine, walk.app.isUnderTest),
    ...(walk.app.holds ?? []).map((machine) => followActor(machine)),
  ];
  const app = {
    inspect(event: InspectionEvent) {
      for (const { inspect } of followed) inspect(event);
    },
  };
  const required = requiredHere(walk.app.notOnThisScreen);
  const label = walk.label ?? describeEvent;
  const pathName = (path: PlannedPath<TModel, TEvent>) => {
    const steps = path.steps.map((step) => label(step.event)).join(' → ') || '(opens)';
    return walk.starts.length > 1 ? `${path.start}: ${steps}` : steps;
  };

  async function walkPath(path: PlannedPath<TModel, TEvent>) {
    const world = await walk.open(path, app.inspect);
    try {
      await expectModelState(world, path.initial as AnyMachineSnapshot);
      let model = path.initial;
      for (const step of path.steps) {
        // The model must itself take the event: a planned step the model refuses is a bug of the plan.
        expect((model as AnyMachineSnapshot).can(step.event), `the model takes ${label(step.event)}`).toBe(
          true,
        );
        try {
          await walk.perform(world, step.event, model);
          await expectModelState(world, step.state as AnyMachineSnapshot);
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
    harness?.();
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

    afterAll(() => console.info(followed.map((f) => f.recorder.report()).join('\n')));

    for (const { recorder } of followed) {
      const { id } = recorder.machine;
      it(`the app's ${id} machine took no transition the model lacks (all walked)`, () => {
        expect(recorder.missing().filter(required).map(formatTransition), recorder.report()).toEqual([]);
      });
    }
  });
}
