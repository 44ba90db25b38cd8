import { setup, transition } from 'xstate';
import { CLAIM_STATUSES, type ClaimStatus } from '../enums';

/**
 * The life of one expense claim (issue 37), shared by the server and the screens: the server asks this
 * machine whether an event is allowed from the stored status and answers 409 when it is not.
 */
export type ClaimLifecycleEvent =
  | { type: 'claim.approve' }
  | { type: 'claim.reject' }
  | { type: 'claim.delete' }
  | { type: 'claim.pay' }
  | { type: 'claim.unpay' };
export type ClaimLifecycleEventType = ClaimLifecycleEvent['type'];

export const claimLifecycle = setup({
  types: { events: {} as ClaimLifecycleEvent },
}).createMachine({
  id: 'claimLifecycle',
  description:
    'An expense claim from its filing: a pending one is decided by another administrator or deleted by its owner; an approved one is paid with the month’s pay.',
  initial: 'pending',
  states: {
    pending: {
      description: 'PENDING: waiting for an administrator other than the owner; counted against the limits.',
      tags: ['countsAgainstLimits', 'awaitsDecision'],
      on: {
        'claim.approve': { target: 'approved', description: 'Another administrator approves.' },
        'claim.reject': { target: 'rejected', description: 'Another administrator rejects.' },
        'claim.delete': { target: 'deleted', description: 'The owner deletes it.' },
      },
    },
    approved: {
      description: 'APPROVED: owed to the employee; counted against the limits.',
      tags: ['countsAgainstLimits', 'owed'],
      on: {
        'claim.pay': {
          target: 'paid',
          description: 'The payslip that carries it is processed.',
        },
      },
    },
    rejected: { type: 'final', description: 'REJECTED: not owed, not counted; cannot change any more.' },
    paid: {
      tags: ['countsAgainstLimits'],
      description: 'PAID: reimbursed on a processed payslip; nobody can change it.',
      on: {
        'claim.unpay': {
          target: 'approved',
          description: 'The payslip that carries it is reverted to unprocessed: owed again, on that payslip.',
        },
      },
    },
    deleted: { type: 'final', description: 'Gone from every list and total.' },
  },
});

type StoredState = 'pending' | 'approved' | 'rejected' | 'paid';

const statusOf = {
  pending: 'PENDING',
  approved: 'APPROVED',
  rejected: 'REJECTED',
  paid: 'PAID',
} as const satisfies Record<StoredState, ClaimStatus>;

const stateOf = Object.fromEntries(
  Object.entries(statusOf).map(([state, status]) => [status, state]),
) as Record<ClaimStatus, StoredState>;

const snapshotOf = (status: ClaimStatus) => claimLifecycle.resolveState({ value: stateOf[status] });

/** Whether the lifecycle allows the event from a stored status. */
export const canClaim = (status: ClaimStatus, type: ClaimLifecycleEventType) =>
  snapshotOf(status).can({ type });

/** The stored status after the event, or null when the event removes the claim or is not allowed. */
export function nextClaimStatus(status: ClaimStatus, type: ClaimLifecycleEventType): ClaimStatus | null {
  const snapshot = snapshotOf(status);
  if (!snapshot.can({ type })) return null;
  const [next] = transition(claimLifecycle, snapshot, { type });
  return (statusOf as Record<string, ClaimStatus>)[next.value as string] ?? null;
}

/**
 * 'countsAgainstLimits': pending, approved and paid claims use up a type's monthly and yearly limits;
 * 'awaitsDecision': pending; 'owed': approved, not yet paid. Queries filter by these, never by literals.
 */
export type ClaimTag = 'countsAgainstLimits' | 'awaitsDecision' | 'owed';
export const claimStatusesTagged = (tag: ClaimTag): ClaimStatus[] =>
  CLAIM_STATUSES.filter((status) => snapshotOf(status).hasTag(tag));

/** The status a new claim starts in. */
export const initialClaimStatus: ClaimStatus = statusOf[claimLifecycle.config.initial as StoredState];

/** Every stored status the event may leave, with the status it leads to: a set-based update's CASE. */
export const claimMoves = (type: ClaimLifecycleEventType) =>
  CLAIM_STATUSES.flatMap((from) => {
    const to = nextClaimStatus(from, type);
    return to ? [{ from, to }] : [];
  });

/** The administrator's answer (the API's wire values) and the event it is. */
export const claimDecisionEvent = {
  APPROVE: 'claim.approve',
  REJECT: 'claim.reject',
} as const satisfies Record<string, ClaimLifecycleEventType>;
export type ClaimDecision = keyof typeof claimDecisionEvent;

/** A status inside a sentence: 'this one is approved'. */
export const claimStatusWords = (status: ClaimStatus) => stateOf[status];

export { CLAIM_STATUSES };
