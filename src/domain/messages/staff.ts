import { DEFAULT_ERROR_MESSAGE } from '../api-error';
import type { Refusal, Toast } from './toast';

/** Every text staff records show in a toast (spec section 8: Register, Onboard, Users, the panels). */
export const staffToasts = {
  created: { type: 'success', title: 'User created!' } satisfies Toast,
  // The spec shows the server's message (the company-domain rule, a taken address).
  createFailed: (error: Pick<Refusal, 'message'>): Toast => ({ type: 'error', title: error.message }),
  onboarded: { type: 'success', title: 'User onboarded successfully' } satisfies Toast,
  deleted: (fullName: string): Toast => ({
    type: 'success',
    title: 'User deleted',
    description: `${fullName} has been deleted.`,
  }),
  deleteFailed: { type: 'error', title: 'Error', description: 'Failed to delete user' } satisfies Toast,
};

/** The record panels' toasts on saving, by panel (spec section 8). */
export const recordPanelToasts: Record<
  'profile' | 'staffInfo' | 'employmentInfo' | 'paymentInfo' | 'leaveAllowance',
  { saved: Toast; failed: (error: Refusal) => Toast }
> = {
  profile: {
    saved: { type: 'success', title: 'User updated!' },
    failed: () => ({ type: 'error', title: 'An error occurred', description: 'Please try again' }),
  },
  staffInfo: {
    saved: { type: 'success', title: 'Staff information updated!' },
    failed: () => ({ type: 'error', title: 'Failed to update staff information. Please try again.' }),
  },
  employmentInfo: {
    saved: { type: 'success', title: 'Employment info updated!' },
    failed: (error) => ({ type: 'error', title: error.message, description: error.error }),
  },
  paymentInfo: {
    saved: { type: 'success', title: 'Payment Info Updated' },
    failed: (error) => ({ type: 'error', title: error.message, description: error.error }),
  },
  leaveAllowance: {
    saved: { type: 'success', title: 'Leave Allowance Updated!' },
    // The server's message and error replace the default when there are any.
    failed: (error) =>
      error.message && error.message !== DEFAULT_ERROR_MESSAGE
        ? { type: 'error', title: error.message, description: error.error }
        : { type: 'error', title: 'Failed to update leave allowance.' },
  },
};

/**
 * The Opening balances section of user detail (issue 38 item 6). The spec has no words for it, so its
 * toasts follow the record panels' pattern: a title, and on failure the server's reason beneath it.
 */
export const openingBalanceToasts = {
  ytdSaved: { type: 'success', title: 'Opening year to date saved' } satisfies Toast,
  ytdFailed: (error: Refusal): Toast => ({
    type: 'error',
    title: 'Failed to save the opening year to date',
    description: error.message,
  }),
  leaveSaved: { type: 'success', title: 'Opening leave days saved' } satisfies Toast,
  leaveFailed: (error: Refusal): Toast => ({
    type: 'error',
    title: 'Failed to save the opening leave days',
    description: error.message,
  }),
  removed: { type: 'success', title: 'Opening year to date removed' } satisfies Toast,
  removeFailed: (error: Refusal): Toast => ({
    type: 'error',
    title: 'Failed to remove the opening year to date',
    description: error.message,
  }),
};
