import type { Refusal, Toast } from './toast';

/**
 * Every text the session shows in a toast (spec section 8: Login, Logout, Password; and ours for the
 * automatic logouts the spec leaves unworded). The statecharts choose when; the words are here.
 */
export const sessionToasts = {
  loggedIn: (fullName: string): Toast => ({
    type: 'success',
    title: 'Login successful!',
    description: `Welcome ${fullName}`,
  }),
  loginFailed: (error: Pick<Refusal, 'message'>): Toast => ({
    type: 'error',
    title: 'Login Error',
    description: error.message,
  }),
  setPasswordFirst: {
    type: 'info',
    title: 'Welcome! Please set your password',
    description: 'For security reasons, you need to set a new password.',
  } satisfies Toast,
  loggedOut: {
    type: 'success',
    title: 'Logout successful!',
    description: 'You have been logged out',
  } satisfies Toast,
  inactivityLogout: {
    type: 'info',
    title: 'You have been logged out',
    description: 'You were inactive for 15 minutes, so you were logged out to keep your account safe.',
  } satisfies Toast,
  sessionExpired: {
    type: 'info',
    title: 'Your session has expired',
    description: 'Please log in again.',
  } satisfies Toast,
  passwordChanged: {
    type: 'success',
    title: 'Password changed',
    description: 'Your password has been changed successfully.',
  } satisfies Toast,
  passwordChangeFailed: (error: Pick<Refusal, 'message'>): Toast => ({
    type: 'error',
    title: 'Error',
    description: error.message || 'An error occurred. Please try again.',
  }),
  resetEmailSent: {
    type: 'success',
    title: 'Reset email sent',
    description: 'Please check your email for reset instructions.',
  } satisfies Toast,
  resetEmailFailed: (error: Pick<Refusal, 'message'>): Toast => ({
    type: 'error',
    title: 'Error',
    description: error.message || 'An error occurred. Please try again.',
  }),
  passwordReset: {
    type: 'success',
    title: 'Password reset successful',
    description: 'You can now login with your new password.',
  } satisfies Toast,
  passwordResetFailed: {
    type: 'error',
    title: 'Error',
    description: 'Failed to reset password. Please try again.',
  } satisfies Toast,
};
