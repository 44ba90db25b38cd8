import { setup, transition } from 'xstate';
import { SEPARATION_STATUSES, type SeparationStatus } from '../enums';

/**
 * A separation (issue 35): an employee's resignation waits for the administrator's acknowledgement;
 * one the administrator records is acknowledged at once. Until the last day it can be withdrawn;
 * after the last day it is completed and stays (the leaving month's pay and the IR21 hang on it).
 */
export type SeparationLifecycleEvent =
  | { type: 'separation.request' }
  | { type: 'separation.record' }
  | { type: 'separation.acknowledge' }
  | { type: 'separation.withdraw' }
  | { type: 'separation.complete' };

export const separationLifecycle = setup({
  types: { events: {} as SeparationLifecycleEvent },
}).createMachine({
  id: 'separationLifecycle',
  description:
    "An employee's leaving: requested by the employee or recorded by an administrator, acknowledged, then completed after the last day, or withdrawn before it.",
  initial: 'none',
  states: {
    none: {
      description: 'No separation yet (or only withdrawn ones).',
      on: {
        'separation.request': { target: 'requested', description: 'The employee submits a resignation.' },
        'separation.record': { target: 'acknowledged', description: 'An administrator records it.' },
      },
    },
    requested: {
      description: "REQUESTED: the employee's resignation, waiting for an administrator.",
      tags: ['open', 'current'],
      on: {
        'separation.acknowledge': {
          target: 'acknowledged',
          description: 'An administrator acknowledges it.',
        },
        'separation.withdraw': { target: 'withdrawn', description: 'Withdrawn before the last day.' },
      },
    },
    acknowledged: {
      description: 'ACKNOWLEDGED: the employment ends on the last day; the employee reads as RESIGNED.',
      tags: ['open', 'ending', 'current'],
      on: {
        'separation.withdraw': { target: 'withdrawn', description: 'Withdrawn before the last day.' },
        'separation.complete': { target: 'completed', description: 'The last day has passed.' },
      },
    },
    withdrawn: {
      description: 'WITHDRAWN: kept for the record; the employee is ACTIVE again.',
      type: 'final',
    },
    completed: {
      description: 'COMPLETED: the employment has ended.',
      tags: ['ending', 'current'],
      type: 'final',
    },
  },
});

type LifecycleState = 'none' | 'requested' | 'acknowledged' | 'withdrawn' | 'completed';
const stateOfStatus: Record<SeparationStatus, LifecycleState> = {
  REQUESTED: 'requested',
  ACKNOWLEDGED: 'acknowledged',
  WITHDRAWN: 'withdrawn',
  COMPLETED: 'completed',
};
const statusOfState: Record<Exclude<LifecycleState, 'none'>, SeparationStatus> = {
  requested: 'REQUESTED',
  acknowledged: 'ACKNOWLEDGED',
  withdrawn: 'WITHDRAWN',
  completed: 'COMPLETED',
};

const snapshotOf = (status: SeparationStatus | null) =>
  separationLifecycle.resolveState({ value: status ? stateOfStatus[status] : 'none', context: {} });

/** The status an event leads to from a status (null: none yet), or null where the event is not allowed. */
export function nextSeparationStatus(
  status: SeparationStatus | null,
  event: SeparationLifecycleEvent,
): SeparationStatus | null {
  const before = snapshotOf(status);
  if (!before.can(event)) return null;
  const [next] = transition(separationLifecycle, before, event);
  return statusOfState[next.value as Exclude<LifecycleState, 'none'>];
}

/** A resignation waiting for an administrator. */
export const canAcknowledgeSeparation = (status: SeparationStatus) =>
  snapshotOf(status).can({ type: 'separation.acknowledge' });
/** Open: not withdrawn, not completed; one open separation per employee. */
export const isOpenSeparation = (status: SeparationStatus) => snapshotOf(status).hasTag('open');
/** Ending: the employment ends on the last day (employment info reads RESIGNED). */
export const isEndingSeparation = (status: SeparationStatus) => snapshotOf(status).hasTag('ending');
/**
 * The status as of a day: an acknowledged separation whose last day has passed reads as completed.
 * Nothing runs on the day itself, so the stored status is written COMPLETED at the next change.
 */
export function separationStatusOn(
  status: SeparationStatus,
  lastDay: string,
  today: string,
): SeparationStatus {
  if (lastDay >= today) return status;
  return nextSeparationStatus(status, { type: 'separation.complete' }) ?? status;
}

/** The statuses that carry a tag, for SQL filters ('current': not withdrawn, one per employee). */
export const separationStatusesTagged = (tag: 'open' | 'ending' | 'current') =>
  SEPARATION_STATUSES.filter((status) => snapshotOf(status).hasTag(tag));
