import { setup, transition } from 'xstate';
import { PAY_RUN_STATUSES, type PayRunStatus } from '../enums';

/**
 * A month's pay run (issue 39), beside the payslip lifecycle: a second administrator approves the
 * processed month before money moves (maker-checker, decision 0016). The server asks this machine
 * whether an event is allowed from the stored status and answers 409 when it is not. With approval off
 * (one administrator, or turned off on the Company page) processing releases the month at once.
 */
export type PayRunLifecycleEvent =
  | { type: 'payRun.submit' }
  | { type: 'payRun.approve' }
  | { type: 'payRun.reject' }
  | { type: 'payRun.reopen' }
  /** Payslips of the month processed or reverted. */
  | { type: 'payRun.change' }
  /** Processing while approval is off: the month is released as it always was. */
  | { type: 'payRun.release' };
export type PayRunLifecycleEventType = PayRunLifecycleEvent['type'];

export const payRunLifecycle = setup({
  types: { events: {} as PayRunLifecycleEvent },
}).createMachine({
  id: 'payRunLifecycle',
  description:
    "A month's pay run: processed payslips are submitted by one administrator and approved by another before the bank and CPF files, the e-mails and staff's payslips are released.",
  initial: 'open',
  states: {
    open: {
      description:
        'OPEN: payslips are being processed; nothing of the month is released while approval is on.',
      tags: ['changeable'],
      on: {
        'payRun.submit': {
          target: 'submitted',
          description: 'An administrator submits the processed month for approval.',
        },
        'payRun.change': { target: 'open', description: 'More payslips processed, or one reverted.' },
        'payRun.release': {
          target: 'approved',
          description: 'Approval is off: processing releases the month, as before.',
        },
      },
    },
    submitted: {
      description: 'SUBMITTED: waiting for an administrator other than the submitter.',
      tags: ['changeable', 'awaitsApproval'],
      on: {
        'payRun.approve': {
          target: 'approved',
          description: 'Another administrator than the submitter approves.',
        },
        'payRun.reject': {
          target: 'open',
          description: 'Another administrator than the submitter rejects it, with a reason.',
        },
        'payRun.change': {
          target: 'open',
          description:
            'Processing more payslips or reverting one reopens the run: it must be submitted again.',
        },
      },
    },
    approved: {
      description: 'APPROVED: the files, the e-mails and the payslips of the month are released.',
      tags: ['released'],
      on: {
        'payRun.reopen': {
          target: 'open',
          description: 'An administrator reopens it with a reason, before a payslip may change.',
        },
        'payRun.release': {
          target: 'approved',
          description: 'Approval is off: more payslips processed stay released.',
        },
      },
    },
  },
});

type LifecycleState = 'open' | 'submitted' | 'approved';
const statusOf = {
  open: 'OPEN',
  submitted: 'SUBMITTED',
  approved: 'APPROVED',
} as const satisfies Record<LifecycleState, PayRunStatus>;
const stateOf = Object.fromEntries(
  Object.entries(statusOf).map(([state, status]) => [status, state]),
) as Record<PayRunStatus, LifecycleState>;

const snapshotOf = (status: PayRunStatus) => payRunLifecycle.resolveState({ value: stateOf[status] });

/** The status a month without a stored run is in. */
export const initialPayRunStatus: PayRunStatus = statusOf[payRunLifecycle.config.initial as LifecycleState];

/** Whether the lifecycle allows the event from a stored status. */
export const canPayRun = (status: PayRunStatus, event: PayRunLifecycleEventType) =>
  snapshotOf(status).can({ type: event } as PayRunLifecycleEvent);

/** The stored status after the event, or null when the event is not allowed. */
export function nextPayRunStatus(status: PayRunStatus, event: PayRunLifecycleEventType): PayRunStatus | null {
  const snapshot = snapshotOf(status);
  const asked = { type: event } as PayRunLifecycleEvent;
  if (!snapshot.can(asked)) return null;
  const [next] = transition(payRunLifecycle, snapshot, asked);
  return statusOf[next.value as LifecycleState];
}

/**
 * 'released': the month's files, e-mails and staff's payslips may go out; 'awaitsApproval': submitted;
 * 'changeable': its payslips may be processed or reverted.
 */
export type PayRunTag = 'released' | 'awaitsApproval' | 'changeable';
export const payRunStatusHasTag = (status: PayRunStatus, tag: PayRunTag) => snapshotOf(status).hasTag(tag);
export const payRunStatusesTagged = (tag: PayRunTag): PayRunStatus[] =>
  PAY_RUN_STATUSES.filter((status) => snapshotOf(status).hasTag(tag));

/** How a run's status reads on the screens. */
export const payRunStatusLabels: Record<PayRunStatus, string> = {
  OPEN: 'Open',
  SUBMITTED: 'Awaiting approval',
  APPROVED: 'Approved',
};
