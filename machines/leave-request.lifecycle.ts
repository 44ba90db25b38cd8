import { setup } from 'xstate';
import type { LeaveStatus } from '../src/domain/enums';

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
    approved: { type: 'final', description: 'Taken from the balance; cannot change any more.' },
    rejected: { type: 'final', description: 'Released from the balance; cannot change any more.' },
    deleted: { type: 'final', description: 'Gone from every list and balance.' },
  },
});

const stateOf: Record<LeaveStatus, 'pending' | 'approved' | 'rejected'> = {
  PENDING: 'pending',
  APPROVED: 'approved',
  REJECTED: 'rejected',
};

/** Whether the lifecycle allows the event from a stored status. */
export function canLeaveRequest(status: LeaveStatus, event: LeaveRequestLifecycleEventType): boolean {
  return leaveRequestLifecycle.resolveState({ value: stateOf[status] }).can({ type: event });
}

/** The event that moves a pending request to a decided status. */
export const decisionEvent = {
  APPROVED: 'leaveRequest.approve',
  REJECTED: 'leaveRequest.reject',
} as const satisfies Record<Exclude<LeaveStatus, 'PENDING'>, LeaveRequestLifecycleEventType>;
