import { setup, transition } from 'xstate';
import { PAYSLIP_EMAIL_STATUSES, type PayslipEmailStatus } from '../enums';

/**
 * One payslip's send within an e-mail job (issue 16, decision 0008), shared by the server's writer and
 * the diagram analysts read. The send's row is its idempotency key: once recorded as sent it is never
 * claimed again, so a payslip goes out once per request however often the queue runs its job.
 */
export type PayslipEmailLifecycleEvent =
  /** earlierClaimExpired: the send is claimed already, longer ago than a send can last (its worker died). */
  | { type: 'payslipEmail.claim'; earlierClaimExpired: boolean }
  | { type: 'payslipEmail.hold' }
  /** attempt: the tries made so far, this one included; attempts: the tries a send is given. */
  | { type: 'payslipEmail.refuse'; attempt: number; attempts: number }
  | { type: 'payslipEmail.accept' }
  | { type: 'payslipEmail.retry' };

export const payslipEmailLifecycle = setup({
  types: { events: {} as PayslipEmailLifecycleEvent },
  guards: {
    isEarlierClaimExpired: ({ event }) => event.type === 'payslipEmail.claim' && event.earlierClaimExpired,
    isLastAttempt: ({ event }) => event.type === 'payslipEmail.refuse' && event.attempt >= event.attempts,
  },
}).createMachine({
  id: 'payslipEmailLifecycle',
  description:
    'One payslip e-mailed within a job: queued, being sent, sent once, or given up after its tries.',
  initial: 'queued',
  states: {
    queued: {
      description: 'Waiting for a worker: just requested, refused with tries left, or Retry failed.',
      tags: ['open'],
      on: {
        'payslipEmail.claim': { target: 'sending', description: 'A worker takes it; one more try counted.' },
      },
    },
    sending: {
      description: 'A worker draws the PDF and hands the message to the SMTP server or the outbox.',
      tags: ['inHand', 'open'],
      on: {
        'payslipEmail.claim': {
          guard: 'isEarlierClaimExpired',
          target: 'sending',
          description: 'Its worker died: a claim older than a send can last is taken over.',
        },
        'payslipEmail.hold': {
          target: 'sent',
          description:
            'The server holds the whole message (or the outbox keeps it): recorded before its ending line.',
        },
        'payslipEmail.refuse': [
          {
            guard: 'isLastAttempt',
            target: 'failed',
            description: 'The last try failed: given up with the reason.',
          },
          { target: 'queued', description: 'The try failed; the queue tries again after a backoff.' },
        ],
      },
    },
    sent: {
      description: 'Recorded as sent: never sent again. Counted done once the server has accepted it.',
      tags: ['delivered'],
      on: {
        'payslipEmail.accept': {
          target: 'sent',
          description:
            'The server accepted it, or a worker that died before the answer left it: taken as accepted.',
        },
        'payslipEmail.refuse': [
          {
            guard: 'isLastAttempt',
            target: 'failed',
            description: 'The server refused the message at its end on the last try: the record is undone.',
          },
          {
            target: 'queued',
            description: 'The server refused the message at its end: the record is undone.',
          },
        ],
      },
    },
    failed: {
      description: 'Given up after the last try; the job reports the reason.',
      tags: ['givenUp'],
      on: {
        'payslipEmail.retry': {
          target: 'queued',
          description: "The administrator's Retry failed: tried again from its first attempt.",
        },
      },
    },
  },
});

// The stored statuses are the state names.
const snapshotOf = (status: PayslipEmailStatus) =>
  payslipEmailLifecycle.resolveState({ value: status, context: {} });

/** The status after the event, or null when the lifecycle does not allow the event from this status. */
export function nextPayslipEmailStatus(
  status: PayslipEmailStatus,
  event: PayslipEmailLifecycleEvent,
): PayslipEmailStatus | null {
  const snapshot = snapshotOf(status);
  if (!snapshot.can(event)) return null;
  const [next] = transition(payslipEmailLifecycle, snapshot, event);
  return next.value as PayslipEmailStatus;
}

/** Every stored status the event is allowed from, with the status it leads to: the server's writer
 * turns these into the `set status` of one statement. */
export function payslipEmailMoves(
  event: PayslipEmailLifecycleEvent,
): Array<{ from: PayslipEmailStatus; to: PayslipEmailStatus }> {
  return PAYSLIP_EMAIL_STATUSES.flatMap((from) => {
    const to = nextPayslipEmailStatus(from, event);
    return to === null ? [] : [{ from, to }];
  });
}

/**
 * The stored statuses whose state carries the tag: 'inHand' (a worker is sending it), 'open' (queued
 * or in hand: a payslip has at most one such send, issue 33), 'delivered' (recorded as sent, never
 * sent again), 'givenUp' (failed after its tries). Queries filter by these.
 */
export type PayslipEmailTag = 'inHand' | 'open' | 'delivered' | 'givenUp';
export const payslipEmailStatusesTagged = (tag: PayslipEmailTag): PayslipEmailStatus[] =>
  PAYSLIP_EMAIL_STATUSES.filter((status) => snapshotOf(status).hasTag(tag));

export const payslipEmailStatusHasTag = (status: PayslipEmailStatus, tag: PayslipEmailTag) =>
  snapshotOf(status).hasTag(tag);

/** The statuses of a send queued or in hand: a payslip has one at most (issue 33, a unique index). */
export const OPEN_SENDS = payslipEmailStatusesTagged('open');

/** The status a new send's row starts in. */
export const initialPayslipEmailStatus = payslipEmailLifecycle.config.initial as PayslipEmailStatus;
