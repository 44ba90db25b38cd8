import { type ResetPasswordFormValues, resetPasswordFormSchema } from '../src/domain/auth-forms';
import { sessionToasts } from '../src/domain/messages/session';
import { createFormMachine } from './form';

/**
 * The reset-password screen reached from the e-mailed link. The screen creates it only when the link carries
 * a token (the route sends a link without one to /login), and leaves for /login once it finishes.
 */
export const resetPasswordMachine = createFormMachine<
  ResetPasswordFormValues,
  { newPassword: string },
  void,
  { token: string }
>({
  id: 'resetPassword',
  description: 'The reset-password form: New Password and Confirm Password, then POST /auth/reset-password.',
  initialValues: { newPassword: '', confirmPassword: '' },
  schema: resetPasswordFormSchema,
  request: {
    id: 'resetPassword',
    description: "POST /auth/reset-password is in flight; the button reads 'Processing...'.",
  },
  successToast: () => sessionToasts.passwordReset,
  failureToast: () => sessionToasts.passwordResetFailed,
  afterSuccess: {
    description: 'The password was reset: back to /login to sign in with it.',
    goTo: () => '/login',
  },
});
