import { type ForgotPasswordFormValues, forgotPasswordFormSchema } from '../src/domain/auth-forms';
import { sessionToasts } from '../src/domain/messages/session';
import { createFormMachine } from './form';

/** Spec section 9: the resend lock after a reset e-mail was sent. */
export const RESEND_LOCK_SECONDS = 20;

/**
 * The forgot-password form of /login. The session invokes it beside the sign-in form, so switching tabs or a
 * failed sign-in leaves the resend lock running.
 */
export const forgotPasswordMachine = createFormMachine<ForgotPasswordFormValues, { email: string }, void>({
  id: 'forgotPassword',
  description: 'The forgot-password form: Email, Send Reset Email, then a 20 second lock.',
  initialValues: { email: '' },
  schema: forgotPasswordFormSchema,
  request: {
    id: 'requestPasswordReset',
    description: "POST /auth/forget-password is in flight; the button reads 'Sending...'.",
  },
  successToast: () => sessionToasts.resetEmailSent,
  failureToast: sessionToasts.resetEmailFailed,
  // Send Reset Email is disabled while the email is empty, which is all the schema checks.
  submitDisabledWhileInvalid: true,
  afterSuccess: {
    type: 'cooldown',
    seconds: RESEND_LOCK_SECONDS,
    description: "The button reads 'Please wait Ns before requesting again...' until the lock ends.",
  },
});

/** Send Reset Email is disabled while the email is empty (and while sending or locked, which the form knows). */
export const canSubmitForgotPassword = (values: ForgotPasswordFormValues) => values.email.trim() !== '';

/** The button's label in each state (spec section 2). */
export function resetRequestLabel(view: { submitting: boolean; cooldownSecondsLeft: number | null }): string {
  if (view.submitting) return 'Sending...';
  if (view.cooldownSecondsLeft !== null) {
    return `Please wait ${view.cooldownSecondsLeft || RESEND_LOCK_SECONDS}s before requesting again...`;
  }
  return 'Send Reset Email';
}
