import { afterAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, InspectionEvent, SnapshotFrom } from 'xstate';
import { formatTransition, type TransitionInfo } from '../../machines/transitions';
import { createCoverageRecorder, describeEvent, type PlannedPath, requiredHere } from './coverage';
import { type RunningApp, useAppHarness } from './harness';

/**
 * The walk every screen machine's model-based test makes (docs/decisions/0001): each planned path is
 * walked through the real app; after every step the screen's own actor must be where the model says, the
 * transitions the model expects must have been taken, and the screen must show what a user in that state
 * sees. The suite fails unless every transition of the machine was walked.
 */

/** Follows the running actor of one machine in the app through the inspection stream. */
export function followActor<TMachine extends AnyStateMachine>(
  machine: TMachine,
  /** When a screen runs several actors of the machine, which one is under test. */
  isUnderTest: (snapshot: AnyMachineSnapshot) => boolean = () => true,
) {
  const recorder = createCoverageRecorder(machine);
  let latest: AnyMachineSnapshot | null = null;
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
      if (ofMachine && event.type === '@xstate.snapshot') latest = ofMachine;
    },
    /** The actor's latest snapshot. */
    live: () => latest as SnapshotFrom<TMachine>,
    /** Before a new path: the next actor of the machine is a new one. */
    forget() {
      latest = null;
    },
  };
}

export interface ModelWalk<TMachine extends AnyStateMachine, TEvent extends EventObject> {
  /** The describe block's title: the machine and the screen it is walked through. */
  title: string;
  machine: TMachine;
  actor: ReturnType<typeof followActor<TMachine>>;
  plan: { paths: PlannedPath<TMachine, TEvent>[]; unreachable: TransitionInfo[] };
  /** Renders the app where the path starts, inspected by `actor.inspect`. */
  open(path: PlannedPath<TMachine, TEvent>): Promise<RunningApp>;
  /** Makes the event happen as a user (or the server) would. */
  perform(app: RunningApp, event: TEvent): Promise<void>;
  /** Checks the screen against the snapshot; `before` is the snapshot before the event. */
  expectScreen(
    app: RunningApp,
    snapshot: SnapshotFrom<TMachine>,
    event: TEvent | null,
    before: SnapshotFrom<TMachine> | null,
  ): void | Promise<void>;
  /** How an event reads in a path's name; by default its type and payload. */
  label?: (event: TEvent) => string;
  /** What must match between the model and the live actor; by default the state value. */
  serialize?: (snapshot: SnapshotFrom<TMachine>) => string;
  /** Prefix each path's name with its start (when a walk has several). */
  nameStarts?: boolean;
  timeout?: number;
  /** Hooks of the suite's own (stubs of window.open and the like). */
  setup?: () => void;
  /** Tests of the suite's own, run with the same harness after the walk's paths. */
  more?: () => void;
  /**
   * Event types this screen cannot produce (a shared machine whose screen offers less, e.g. no Request
   * for Leave on My profile): their transitions are walked through another screen, not required here. An
   * entry 'event [guard]' (or 'event [otherwise]') names one transition of an event the screen does produce.
   */
  notOnThisScreen?: readonly string[];
}

export function describeModelWalk<TMachine extends AnyStateMachine, TEvent extends EventObject>(
  walk: ModelWalk<TMachine, TEvent>,
) {
  const { actor, plan } = walk;
  const required = requiredHere(walk.notOnThisScreen);
  const label = walk.label ?? describeEvent;
  const serialize =
    walk.serialize ?? ((s: SnapshotFrom<TMachine>) => JSON.stringify((s as AnyMachineSnapshot).value));
  const pathName = (path: PlannedPath<TMachine, TEvent>) => {
    const steps = path.steps.map((step) => label(step.event)).join(' → ') || '(page load)';
    return walk.nameStarts ? `${path.start}: ${steps}` : steps;
  };

  describe(walk.title, () => {
    useAppHarness();
    walk.setup?.();

    it('the model can reach every transition', () => {
      expect(plan.unreachable.filter(required).map(formatTransition)).toEqual([]);
    });

    it.each(plan.paths.map((path) => [pathName(path), path] as const))(
      '%s',
      { timeout: walk.timeout ?? 60_000 },
      async (_, path) => {
        actor.forget();
        const app = await walk.open(path);
        expect(serialize(actor.live())).toBe(serialize(path.initial));
        await walk.expectScreen(app, actor.live(), null, null);
        for (const step of path.steps) {
          const before = actor.live();
          const mark = actor.recorder.mark();
          await walk.perform(app, step.event);
          expect(serialize(actor.live()), `after ${label(step.event)}`).toBe(serialize(step.state));
          for (const key of step.expects) expect(actor.recorder.since(mark)).toContain(key);
          await walk.expectScreen(app, actor.live(), step.event, before);
        }
      },
    );

    walk.more?.();

    afterAll(() => console.info(actor.recorder.report()));

    it(`walked every transition of the ${walk.machine.id} machine`, () => {
      expect(
        actor.recorder.missing().filter(required).map(formatTransition),
        actor.recorder.report(),
      ).toEqual([]);
    });
  });
}
