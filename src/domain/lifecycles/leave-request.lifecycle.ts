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
  | { type: 'leaveRequest.delete' }
  /** The owner asks to withdraw approved leave; `today` is the company's date (Asia/Singapore). */
  | { type: 'leaveRequest.requestWithdrawal'; fromDate: string; today: string }
  | { type: 'leaveRequest.approveWithdrawal' }
  | { type: 'leaveRequest.rejectWithdrawal' };
export type LeaveRequestLifecycleEventType = LeaveRequestLifecycleEvent['type'];
/** The events that carry nothing but their type. */
type PlainEventType = Exclude<LeaveRequestLifecycleEventType, 'leaveRequest.requestWithdrawal'>;

/** Leave can be withdrawn until the day before it starts: its start date is after today. */
const hasNotStarted = (fromDate: string, today: string) => fromDate > today;

export const leaveRequestLifecycle = setup({
  types: { events: {} as LeaveRequestLifecycleEvent },
  guards: {
    hasNotStarted: ({ event }) =>
      event.type === 'leaveRequest.requestWithdrawal' && hasNotStarted(event.fromDate, event.today),
  },
}).createMachine({
  id: 'leaveRequestLifecycle',
  description:
    'A leave request from its creation: a pending one is decided or deleted; approved leave that has not started may be withdrawn, with four eyes.',
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
      description: 'Taken from the balance.',
      tags: ['holdsDays', 'taken'],
      on: {
        'leaveRequest.requestWithdrawal': {
          guard: 'hasNotStarted',
          target: 'withdrawalRequested',
          description: 'The owner asks to withdraw it, before its start date (Singapore time).',
        },
      },
    },
    withdrawalRequested: {
      description: 'Still taken (balance, calendar, payroll) until an administrator decides the withdrawal.',
      tags: ['holdsDays', 'taken', 'awaitsWithdrawal'],
      on: {
        'leaveRequest.approveWithdrawal': {
          target: 'withdrawn',
          description:
            'Another administrator than the owner approves: the days return to the balance; an open payslip follows, a processed one is named.',
        },
        'leaveRequest.rejectWithdrawal': {
          target: 'approved',
          description: 'Another administrator than the owner refuses: the leave stays approved.',
        },
      },
    },
    rejected: { type: 'final', description: 'Released from the balance; cannot change any more.' },
    withdrawn: {
      type: 'final',
      description: 'Released from the balance, the calendar and the counts; listed as Withdrawn.',
    },
    deleted: { type: 'final', description: 'Gone from every list and balance.' },
  },
});

type StoredState = 'pending' | 'approved' | 'rejected' | 'withdrawalRequested' | 'withdrawn';

const statusOf = {
  pending: 'PENDING',
  approved: 'APPROVED',
  rejected: 'REJECTED',
  withdrawalRequested: 'WITHDRAWAL_REQUESTED',
  withdrawn: 'WITHDRAWN',
} as const satisfies Record<StoredState, LeaveStatus>;

const stateOf = Object.fromEntries(
  Object.entries(statusOf).map(([state, status]) => [status, state]),
) as Record<LeaveStatus, StoredState>;

const snapshotOf = (status: LeaveStatus) => leaveRequestLifecycle.resolveState({ value: stateOf[status] });
const eventOf = (event: PlainEventType | LeaveRequestLifecycleEvent): LeaveRequestLifecycleEvent =>
  typeof event === 'string' ? ({ type: event } as LeaveRequestLifecycleEvent) : event;

/** Whether the lifecycle allows the event from a stored status. */
export function canLeaveRequest(
  status: LeaveStatus,
  event: PlainEventType | LeaveRequestLifecycleEvent,
): boolean {
  return snapshotOf(status).can(eventOf(event));
}

/** The stored status after the event, or null when the event removes the request or is not allowed. */
export function nextLeaveStatus(
  status: LeaveStatus,
  event: PlainEventType | LeaveRequestLifecycleEvent,
): LeaveStatus | null {
  const snapshot = snapshotOf(status);
  if (!snapshot.can(eventOf(event))) return null;
  const [next] = transition(leaveRequestLifecycle, snapshot, eventOf(event));
  return (statusOf as Record<string, LeaveStatus>)[next.value as string] ?? null;
}

/**
 * The stored statuses whose state carries the tag: 'holdsDays' (counted against the balance),
 * 'awaitsDecision' (pending), 'taken' (approved, including while a withdrawal is asked),
 * 'awaitsWithdrawal' (a withdrawal to decide). Queries filter by these, never by literals.
 */
export type LeaveRequestTag = 'holdsDays' | 'awaitsDecision' | 'taken' | 'awaitsWithdrawal';
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
} as const satisfies Record<(typeof leaveDecisionStatus)[keyof typeof leaveDecisionStatus], PlainEventType>;

/** The administrator's answer to a withdrawal (the API's wire values) and the event it is. */
export const withdrawalDecisionEvent = {
  APPROVE: 'leaveRequest.approveWithdrawal',
  REJECT: 'leaveRequest.rejectWithdrawal',
} as const satisfies Record<string, PlainEventType>;
export type WithdrawalDecision = keyof typeof withdrawalDecisionEvent;

/**
 * The spec's count (section 3: PENDING, APPROVED, REJECTED) a stored status adds to: leave whose
 * withdrawal is asked is still approved; withdrawn leave counts nowhere.
 */
export function leaveCountOf(
  status: LeaveStatus,
): (typeof statusOf)['pending' | 'approved' | 'rejected'] | null {
  if (leaveStatusHasTag(status, 'awaitsDecision')) return statusOf.pending;
  if (leaveStatusHasTag(status, 'taken')) return statusOf.approved;
  return status === statusOf.rejected ? statusOf.rejected : null;
}
