import { setup, transition } from 'xstate';
import { TIMESHEET_STATUSES, type TimesheetStatus } from '../enums';

/**
 * The status of a month's timesheet (issue 36). Whoever saves their own timesheet submits it; only an
 * administrator saving someone else's approves it, so no one approves their own (four eyes, as for
 * leave: decision 0003). Any later save by the owner submits it again for approval.
 */
export type TimesheetLifecycleEvent = { type: 'timesheet.submit' } | { type: 'timesheet.approve' };

export const timesheetLifecycle = setup({
  types: { events: {} as TimesheetLifecycleEvent },
}).createMachine({
  id: 'timesheetLifecycle',
  description: "A month's timesheet: Draft, Submitted by its owner, Approved by another administrator.",
  initial: 'draft',
  states: {
    draft: {
      description: 'DRAFT: no days saved yet.',
      on: {
        'timesheet.submit': { target: 'submitted', description: 'The owner saves the days.' },
        'timesheet.approve': {
          target: 'approved',
          description: "An administrator saves someone else's days.",
        },
      },
    },
    submitted: {
      description: 'SUBMITTED: waiting for an administrator other than the owner.',
      on: {
        'timesheet.submit': { target: 'submitted' },
        'timesheet.approve': { target: 'approved' },
      },
    },
    approved: {
      description: 'APPROVED: the days pay items will be drawn from.',
      tags: ['approved'],
      on: {
        'timesheet.submit': { target: 'submitted', description: 'The owner changes the days again.' },
        'timesheet.approve': { target: 'approved' },
      },
    },
  },
});

type LifecycleState = 'draft' | 'submitted' | 'approved';
const stateOfStatus: Record<TimesheetStatus, LifecycleState> = {
  DRAFT: 'draft',
  SUBMITTED: 'submitted',
  APPROVED: 'approved',
};
const statusOfState: Record<LifecycleState, TimesheetStatus> = {
  draft: 'DRAFT',
  submitted: 'SUBMITTED',
  approved: 'APPROVED',
};

/** The status after a save: the owner's submits, another administrator's approves. */
export function timesheetStatusAfterSave(status: TimesheetStatus, byOwner: boolean): TimesheetStatus {
  const snapshot = timesheetLifecycle.resolveState({ value: stateOfStatus[status], context: {} });
  const [next] = transition(timesheetLifecycle, snapshot, {
    type: byOwner ? 'timesheet.submit' : 'timesheet.approve',
  });
  return statusOfState[next.value as LifecycleState];
}

export const initialTimesheetStatus: TimesheetStatus =
  statusOfState[timesheetLifecycle.config.initial as LifecycleState];

export const isApprovedTimesheet = (status: TimesheetStatus) =>
  timesheetLifecycle.resolveState({ value: stateOfStatus[status], context: {} }).hasTag('approved');

export { TIMESHEET_STATUSES };

/** Whether an administrator may approve this month now: someone else's, and waiting for approval. */
export function canApproveTimesheet(status: TimesheetStatus, byOwner: boolean): boolean {
  if (byOwner) return false;
  const snapshot = timesheetLifecycle.resolveState({ value: stateOfStatus[status], context: {} });
  return snapshot.value === 'submitted' && snapshot.can({ type: 'timesheet.approve' });
}
