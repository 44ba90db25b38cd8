import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/**
 * A flat, ordered view of a statechart for the diagram generator and the transition-coverage checks. xstate's
 * own `toDirectedGraph` leaves out eventless (`always`) transitions, so the nodes are walked here directly.
 */
export interface TransitionInfo {
  /** Stable identity: source state id, event type and position among that event's transitions. */
  key: string;
  source: AnyStateNode;
  targets: AnyStateNode[];
  /** The event type as xstate names it ('' for always). */
  eventType: string;
  /** How people read it: 'login.submit', 'after idleTimeout', 'done: logIn', 'always'. */
  label: string;
  guard: string | null;
  /** An unguarded alternative after guarded ones of the same event: taken when those fail. */
  otherwise: boolean;
  description: string | null;
  kind: 'event' | 'after' | 'done' | 'error' | 'always';
}

/** Every state node, parents before children, in definition order. */
export function listStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    nodes.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return nodes;
}

export function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline guard';
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return 'inline guard';
}

/** 'xstate.after.idleTimeout.session.signedIn...' -> 'idleTimeout' */
export function delayName(eventType: string, sourceId: string): string {
  return eventType.slice('xstate.after.'.length, eventType.length - sourceId.length - 1);
}

function describe(eventType: string, sourceId: string): Pick<TransitionInfo, 'label' | 'kind'> {
  if (eventType === '') return { label: 'always', kind: 'always' };
  if (eventType.startsWith('xstate.after.'))
    return { label: `after ${delayName(eventType, sourceId)}`, kind: 'after' };
  if (eventType.startsWith('xstate.done.actor.'))
    return { label: `${eventType.slice('xstate.done.actor.'.length)} done`, kind: 'done' };
  if (eventType.startsWith('xstate.error.actor.'))
    return { label: `${eventType.slice('xstate.error.actor.'.length)} error`, kind: 'error' };
  return { label: eventType, kind: 'event' };
}

function siblings(transition: AnyTransitionDefinition): readonly AnyTransitionDefinition[] {
  const source = transition.source;
  return transition.eventType === ''
    ? (source.always ?? [])
    : (source.transitions.get(transition.eventType) ?? []);
}

export function transitionKey(transition: AnyTransitionDefinition): string {
  return `${transition.source.id}|${transition.eventType}|${siblings(transition).indexOf(transition)}`;
}

function info(transition: AnyTransitionDefinition): TransitionInfo {
  const source = transition.source;
  const before = siblings(transition).slice(0, siblings(transition).indexOf(transition));
  const guard = guardName(transition.guard);
  return {
    key: transitionKey(transition),
    source,
    targets: [...(transition.target ?? [])],
    eventType: transition.eventType,
    ...describe(transition.eventType, source.id),
    guard,
    otherwise: guard === null && before.some((t) => t.guard),
    description: transition.description ?? null,
  };
}

/** '[isLoginRequestValid]', '[else]' or ''. */
export function guardLabel(t: Pick<TransitionInfo, 'guard' | 'otherwise'>): string {
  if (t.guard) return `[${t.guard}]`;
  return t.otherwise ? '[else]' : '';
}

/** Every transition of the machine: events, delays, actor outcomes and eventless ones, in definition order. */
export function listTransitions(machine: AnyStateMachine): TransitionInfo[] {
  return listStateNodes(machine).flatMap((node) => [
    ...[...node.transitions.values()].flat().map(info),
    ...(node.always ?? []).map(info),
  ]);
}

/** The path of a state node below the machine root, e.g. 'signedIn.inactivity.prompting' ('' for the root). */
export function statePath(node: AnyStateNode): string {
  return node.path.join('.');
}

/** A one-line rendering for reports: 'signedOut.loginForm --login.submit [isLoginRequestValid]--> signingIn'. */
export function formatTransition(t: TransitionInfo): string {
  const targets = t.targets.length ? t.targets.map((n) => statePath(n) || '(root)').join(' + ') : '(stays)';
  const guard = guardLabel(t);
  return `${statePath(t.source) || '(root)'} --${t.label}${guard ? ` ${guard}` : ''}--> ${targets}`;
}
