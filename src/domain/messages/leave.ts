import type { Refusal, Toast } from './toast';

/** Every text leave shows in a toast (spec section 8: Leave request, Approval, Leave balance). */
export const leaveToasts = {
  created: {
    type: 'success',
    title: 'Leave Request Created!',
    description: 'Approval has to be made by your employer.',
  } satisfies Toast,
  // The title is the error's message or 'Error', the description its error field or the fallback.
  createFailed: (error: Refusal): Toast => ({
    type: 'error',
    title: error.message || 'Error',
    description: error.error || 'Failed to create leave request',
  }),
  deleted: {
    type: 'success',
    title: 'Leave request deleted',
    description: 'The leave request has been deleted successfully.',
  } satisfies Toast,
  refused: (error: Refusal): Toast => ({
    type: 'error',
    title: error.message || 'Error',
    description: error.error || 'An unknown error occurred',
  }),
  approved: (name: string): Toast => ({
    type: 'success',
    title: 'Approval successful!',
    description: `Leave request approved for ${name}`,
  }),
  rejected: (name: string): Toast => ({
    type: 'success',
    title: 'Rejection successful!',
    description: `Leave request rejected for ${name}`,
  }),
  // Issue 34: a withdrawal of approved leave, worded as the spec words the decisions on leave.
  withdrawalRequested: {
    type: 'success',
    title: 'Withdrawal requested!',
    description: 'The withdrawal has to be approved by your employer.',
  } satisfies Toast,
  withdrawalApproved: (name: string): Toast => ({
    type: 'success',
    title: 'Withdrawal approved!',
    description: `Leave request withdrawn for ${name}`,
  }),
  withdrawalRejected: (name: string): Toast => ({
    type: 'success',
    title: 'Withdrawal rejected!',
    description: `Leave request stays approved for ${name}`,
  }),
  /** Everyone's balances (the admin report, /admin/leave-balance). */
  balancesFailed: {
    type: 'error',
    title: 'Failed to fetch leave balances',
    description: 'Please try again later',
  } satisfies Toast,
  /** One person's Leave Balance table (staff dashboard, My profile, user detail). */
  balanceFailed: {
    type: 'error',
    title: 'Failed to fetch leave balance',
    description: 'Please try again later',
  } satisfies Toast,
};
