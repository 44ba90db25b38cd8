import { setup, transition } from 'xstate';
import { LEAVE_STATUSES, type LeaveStatus } from '../enums';

/**
 * The life of one leave request, shared by the SPA and the server: the server asks this machine whether
 * an event is allowed from the stored status and answers 409 when it is not, so the diagram analysts
 * read is the rule the API enforces.
 */
export type LeaveRequestLifecycleEvent =
  | { type: 'leaveRequest.approve' }
  | { type: 'leaveRequest.reject' }
  | { type: 'leaveRequest.delete' };
export type LeaveRequestLifecycleEventType = LeaveRequestLifecycleEvent['type'];

export const leaveRequestLifecycle = setup({
  types: { events: {} as LeaveRequestLifecycleEvent },
}).createMachine({
  id: 'leaveRequestLifecycle',
  description: 'A leave request from its creation; only a pending request changes.',
  initial: 'pending',
  states: {
    pending: {
      description: 'Waiting for an administrator; its days are held against the balance.',
      tags: ['holdsDays', 'awaitsDecision'],
      on: {
        'leaveRequest.approve': {
          target: 'approved',
          description: 'An administrator approves; the balance is checked again first.',
        },
        'leaveRequest.reject': { target: 'rejected', description: 'An administrator rejects.' },
        'leaveRequest.delete': {
          target: 'deleted',
          description: 'The owner, or an administrator from the user detail, deletes it.',
        },
      },
    },
    approved: {
      type: 'final',
      description: 'Taken from the balance; cannot change any more.',
      tags: ['holdsDays', 'taken'],
    },
    rejected: { type: 'final', description: 'Released from the balance; cannot change any more.' },
    deleted: { type: 'final', description: 'Gone from every list and balance.' },
  },
});

type StoredState = 'pending' | 'approved' | 'rejected';

const statusOf = {
  pending: 'PENDING',
  approved: 'APPROVED',
  rejected: 'REJECTED',
} as const satisfies Record<StoredState, LeaveStatus>;

const stateOf = Object.fromEntries(
  Object.entries(statusOf).map(([state, status]) => [status, state]),
) as Record<LeaveStatus, StoredState>;

const snapshotOf = (status: LeaveStatus) => leaveRequestLifecycle.resolveState({ value: stateOf[status] });

/** Whether the lifecycle allows the event from a stored status. */
export function canLeaveRequest(status: LeaveStatus, event: LeaveRequestLifecycleEventType): boolean {
  return snapshotOf(status).can({ type: event });
}

/** The stored status after the event, or null when the event removes the request or is not allowed. */
export function nextLeaveStatus(
  status: LeaveStatus,
  event: LeaveRequestLifecycleEventType,
): LeaveStatus | null {
  const snapshot = snapshotOf(status);
  if (!snapshot.can({ type: event })) return null;
  const [next] = transition(leaveRequestLifecycle, snapshot, { type: event });
  return (statusOf as Record<string, LeaveStatus>)[next.value as string] ?? null;
}

/**
 * The stored statuses whose state carries the tag: 'holdsDays' (counted against the balance),
 * 'awaitsDecision' (pending), 'taken' (approved). Queries filter by these, never by literals.
 */
export type LeaveRequestTag = 'holdsDays' | 'awaitsDecision' | 'taken';
export const leaveStatusesTagged = (tag: LeaveRequestTag): LeaveStatus[] =>
  LEAVE_STATUSES.filter((status) => snapshotOf(status).hasTag(tag));

/** The status an administrator's decision leaves a pending request in (the API's wire values). */
export const leaveDecisionStatus = {
  approve: statusOf.approved,
  reject: statusOf.rejected,
};

/** Whether the stored status's state carries the tag. */
export const leaveStatusHasTag = (status: LeaveStatus, tag: LeaveRequestTag) =>
  snapshotOf(status).hasTag(tag);

/** The status a new request starts in. */
export const initialLeaveStatus: LeaveStatus = statusOf[leaveRequestLifecycle.config.initial as StoredState];

/** The event that moves a pending request to a decided status. */
export const decisionEvent = {
  APPROVED: 'leaveRequest.approve',
  REJECTED: 'leaveRequest.reject',
} as const satisfies Record<Exclude<LeaveStatus, 'PENDING'>, LeaveRequestLifecycleEventType>;
