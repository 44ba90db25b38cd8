import {
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createEmptyActor,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import {
  formatTransition,
  listTransitions,
  type TransitionInfo,
  transitionKey,
} from '../../machines/transitions';

/**
 * Model-based testing helpers (docs/decisions/0001). Paths are planned through xstate/graph from a TEST
 * MODEL written from the spec (tests/models); coverage of the app's machine is measured on its running actor
 * through the inspection stream, so what counts as walked is what the app did, not what the plan hoped.
 */

// ------------------------------------------------------------------ recording on a live actor

export interface CoverageRecorder {
  /** The machine whose transitions it records. */
  machine: AnyStateMachine;
  /** Pass as `inspect` when creating the actor under test. */
  inspect: (event: InspectionEvent) => void;
  /** Keys of the transitions walked so far, across every path of the suite. */
  walked: ReadonlySet<string>;
  /** How many transitions were taken so far; pass it to `since` later. */
  mark(): number;
  /** Keys taken since a mark, in order. */
  since(mark: number): string[];
  missing(): TransitionInfo[];
  report(): string;
}

export function createCoverageRecorder(machine: AnyStateMachine): CoverageRecorder {
  const all = listTransitions(machine);
  const known = new Set(all.map((t) => t.key));
  const walked = new Set<string>();
  const log: string[] = [];
  return {
    machine,
    inspect(event) {
      if (event.type !== '@xstate.microstep') return;
      for (const transition of event._transitions) {
        const key = transitionKey(transition);
        // One inspector may watch several actors; only this machine's transitions count here.
        if (!known.has(key)) continue;
        walked.add(key);
        log.push(key);
      }
    },
    walked,
    mark: () => log.length,
    since: (mark) => log.slice(mark),
    missing: () => all.filter((t) => !walked.has(t.key)),
    report() {
      const missing = all.filter((t) => !walked.has(t.key));
      const lines = [`${machine.id}: ${all.length - missing.length}/${all.length} transitions walked`];
      for (const t of missing) lines.push(`  not walked: ${formatTransition(t)}`);
      return lines.join('\n');
    },
  };
}

// ------------------------------------------------------------------ planning paths from the machine

/** Runs the machine's pure transition function and lists the transitions it takes (keys), without effects. */
function captureTransitions(run: (scope: AnyActorScope) => void): string[] {
  const keys: string[] = [];
  const empty = createEmptyActor();
  const system = Object.create(empty.system) as typeof empty.system & {
    _sendInspectionEvent: (event: InspectionEvent) => void;
  };
  system._sendInspectionEvent = (event) => {
    if (event.type === '@xstate.microstep') for (const t of event._transitions) keys.push(transitionKey(t));
  };
  const scope = {
    self: empty,
    logger: () => {},
    id: '',
    sessionId: 'coverage-plan',
    defer: () => {},
    system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as AnyActorScope;
  run(scope);
  return keys;
}

/**
 * Events of the model: the machine's own events plus the actor outcomes and timers xstate delivers
 * (`xstate.done.actor.*`, `xstate.error.actor.*`, `xstate.after.*`), which EventFromLogic leaves out.
 */
export type ModelEventOf<TMachine extends AnyStateMachine> = EventFromLogic<TMachine> | EventObject;

export interface PlanStep<
  TMachine extends AnyStateMachine,
  TEvent extends EventObject = ModelEventOf<TMachine>,
> {
  event: TEvent;
  /** The snapshot the model expects after the event. */
  state: SnapshotFrom<TMachine>;
  /** Transitions the model expects this event to take. */
  expects: string[];
}

export interface PlannedPath<
  TMachine extends AnyStateMachine,
  TEvent extends EventObject = ModelEventOf<TMachine>,
> {
  start: string;
  input: InputFrom<TMachine>;
  initial: SnapshotFrom<TMachine>;
  steps: PlanStep<TMachine, TEvent>[];
}

export interface PlanOptions<TMachine extends AnyStateMachine, TEvent extends EventObject> {
  /** Named starting points (each an input), e.g. 'signed out', 'restored admin session'. */
  starts: ReadonlyArray<{ name: string; input: InputFrom<TMachine> }>;
  /** Concrete events, with the payloads and actor outputs the test can produce. */
  events: ReadonlyArray<TEvent>;
  /** Which events the user interface can produce in a snapshot (e.g. no Logout click behind a modal). */
  canProduce?: (snapshot: SnapshotFrom<TMachine>, event: TEvent) => boolean;
  /**
   * What tells two model states apart; by default the state value. A model whose guards read its context
   * (what is typed, which page) tells states apart by that context too.
   */
  serialize?: (snapshot: SnapshotFrom<TMachine>) => string;
  /**
   * Answers that arrive as soon as the machine can take them (a wizard step's form is taken the moment it
   * is sent): the model takes each right after the event that makes it possible, in the same step.
   */
  atOnce?: ReadonlyArray<TEvent>;
}

/**
 * Picks paths that together take every transition the model can reach: for each reachable state (by value)
 * and each event that changes something there, the shortest path to the state plus that event, kept only when
 * it takes a transition no earlier path took. Shorter paths come first; a path that is a prefix of another is
 * dropped. Transitions no path reaches are returned so the test can fail on them.
 */
export function planTransitionPaths<TMachine extends AnyStateMachine, TEvent extends EventObject>(
  machine: TMachine,
  options: PlanOptions<TMachine, TEvent>,
): { paths: PlannedPath<TMachine, TEvent>[]; unreachable: TransitionInfo[] } {
  type Snapshot = SnapshotFrom<TMachine>;
  type Event = TEvent;
  const serialize = (options.serialize ??
    ((snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value))) as (
    snapshot: AnyMachineSnapshot,
  ) => string;
  const covered = new Set<string>();
  const chosen: PlannedPath<TMachine, TEvent>[] = [];
  const events = (snapshot: Snapshot) =>
    options.events.filter(
      (e) => (snapshot as AnyMachineSnapshot).can(e) && (options.canProduce?.(snapshot, e) ?? true),
    );

  for (const start of options.starts) {
    let initial!: Snapshot;
    const initialKeys = captureTransitions((scope) => {
      initial = machine.getInitialSnapshot(scope, start.input) as Snapshot;
    });
    const traversal = { input: start.input, events, serializeState: serialize } as never;
    const adjacency = getAdjacencyMap(machine, traversal);
    const shortest = new Map<string, Array<{ event: Event }>>();
    for (const path of getShortestPaths(machine, traversal)) {
      // Step 0 is the initial snapshot under 'xstate.init'.
      shortest.set(serialize(path.state as AnyMachineSnapshot), path.steps.slice(1) as never);
    }
    const fresh = initialKeys.filter((k) => !covered.has(k));
    if (fresh.length) {
      for (const k of fresh) covered.add(k);
      chosen.push({ start: start.name, input: start.input, initial, steps: [] });
    }
    for (const [serialized, { state, transitions }] of Object.entries(adjacency)) {
      const prefix = shortest.get(serialized);
      if (!prefix) continue;
      for (const { event } of Object.values(transitions) as Array<{ event: Event }>) {
        const keys = captureTransitions((scope) => next(machine, state, event, scope, options.atOnce));
        if (!keys.some((k) => !covered.has(k))) continue;
        for (const k of keys) covered.add(k);
        const events = [...prefix.map((step) => step.event), event as Event];
        chosen.push({
          start: start.name,
          input: start.input,
          initial,
          steps: replay(machine, initial, events, options.atOnce),
        });
      }
    }
  }
  const unreachable = listTransitions(machine).filter((t) => !covered.has(t.key));
  return { paths: dropPrefixes(chosen), unreachable };
}

/**
 * A path the test names itself (a scenario worth seeing whatever the coverage plan chose), with the model's
 * expectations along it, exactly as planned paths carry them.
 */
export function planScenario<TMachine extends AnyStateMachine, TEvent extends EventObject>(
  machine: TMachine,
  start: { name: string; input: InputFrom<TMachine> },
  events: TEvent[],
  atOnce?: ReadonlyArray<TEvent>,
): PlannedPath<TMachine, TEvent> {
  let initial!: SnapshotFrom<TMachine>;
  captureTransitions((scope) => {
    initial = machine.getInitialSnapshot(scope, start.input) as SnapshotFrom<TMachine>;
  });
  return { start: start.name, input: start.input, initial, steps: replay(machine, initial, events, atOnce) };
}

/** The snapshot after an event, and after the answers that then arrive at once. */
function next<TMachine extends AnyStateMachine>(
  machine: TMachine,
  state: SnapshotFrom<TMachine>,
  event: EventObject,
  scope: AnyActorScope,
  atOnce: ReadonlyArray<EventObject> = [],
): SnapshotFrom<TMachine> {
  let after = machine.transition(state, event as never, scope) as SnapshotFrom<TMachine>;
  for (const answer of atOnce) {
    if ((after as AnyMachineSnapshot).can(answer))
      after = machine.transition(after, answer as never, scope) as SnapshotFrom<TMachine>;
  }
  return after;
}

/** The model's expectations along a list of events: the snapshot after each and the transitions it takes. */
function replay<TMachine extends AnyStateMachine, TEvent extends EventObject>(
  machine: TMachine,
  initial: SnapshotFrom<TMachine>,
  events: TEvent[],
  atOnce?: ReadonlyArray<TEvent>,
): PlanStep<TMachine, TEvent>[] {
  let before = initial;
  return events.map((event) => {
    let after!: SnapshotFrom<TMachine>;
    const expects = captureTransitions((scope) => {
      after = next(machine, before, event, scope, atOnce);
    });
    before = after;
    return { event, state: after, expects };
  });
}

function dropPrefixes<T extends { start: string; steps: Array<{ event: EventObject }> }>(paths: T[]): T[] {
  const signature = (p: T) => [p.start, ...p.steps.map((s) => JSON.stringify(s.event))];
  const isPrefix = (a: string[], b: string[]) => a.length < b.length && a.every((part, i) => part === b[i]);
  return paths.filter((p) => !paths.some((q) => q !== p && isPrefix(signature(p), signature(q))));
}

/** 'login.submit' / 'after idleTimeout' / 'logIn done' for test names. */
export function describeEvent(event: EventObject): string {
  const type = event.type;
  const after = type.match(/^xstate\.after\.([^.]+)\./);
  if (after) return `after ${after[1]}`;
  const actor = type.match(/^xstate\.(done|error)\.actor\.(.+)$/);
  if (actor) return `${actor[2]} ${actor[1]}`;
  return type;
}

/**
 * Whether a screen's walk must take a transition, given what the screen cannot produce (a shared machine
 * whose screen offers less): an event type, 'event [guard]' for one guarded transition of it,
 * 'event [otherwise]' for the unguarded alternative taken when its guards fail, or 'in state' for every
 * transition out of a state the screen never reaches.
 */
export function requiredHere(notOnThisScreen: readonly string[] = []) {
  const absent = new Set(notOnThisScreen);
  return (t: TransitionInfo) =>
    !absent.has(t.eventType) &&
    !absent.has(`in ${t.source.key}`) &&
    !(t.guard && absent.has(`${t.eventType} [${t.guard}]`)) &&
    !(t.otherwise && absent.has(`${t.eventType} [otherwise]`));
}
