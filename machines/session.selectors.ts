import type { SnapshotFrom } from 'xstate';
import type { Role } from '../src/domain/auth';
import { homePathFor, RESEND_LOCK_SECONDS, type sessionMachine, sessionMessages } from './session.machine';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Pure reads of the session snapshot: views and guards use these instead of matching states themselves. */
export const isSignedIn = (s: SessionSnapshot) => s.matches('signedIn') || s.matches('loggingOut');
export const mustSetPassword = (s: SessionSnapshot) =>
  s.matches({ signedIn: { account: 'mustSetPassword' } });
export const isSigningIn = (s: SessionSnapshot) => s.matches({ signedOut: { loginForm: 'signingIn' } });
export const isLoggingOut = (s: SessionSnapshot) => s.matches('loggingOut');

export type LoginTab = 'login' | 'forgotPassword';
export const loginTab = (s: SessionSnapshot): LoginTab =>
  s.matches({ signedOut: { tab: 'forgotPassword' } }) ? 'forgotPassword' : 'login';

export type ResetRequestButton = { label: string; locked: boolean };
/** The Send Reset Email button: its label and whether the session itself keeps it disabled. */
export const resetRequestButton = (s: SessionSnapshot): ResetRequestButton => {
  if (s.matches({ signedOut: { resetRequest: 'sending' } })) return { label: 'Sending...', locked: true };
  if (s.matches({ signedOut: { resetRequest: 'locked' } })) {
    const seconds = s.context.resendSecondsLeft || RESEND_LOCK_SECONDS;
    return { label: `Please wait ${seconds}s before requesting again...`, locked: true };
  }
  return { label: 'Send Reset Email', locked: false };
};

export const isPasswordFormOpen = (s: SessionSnapshot) => s.matches({ signedIn: { password: 'open' } });
export const isPasswordSubmitting = (s: SessionSnapshot) =>
  s.matches({ signedIn: { password: { open: 'submitting' } } });
/** The form's own line; a refusal by the server is told by the toast alone (spec section 8). */
export const passwordFormMessage = (s: SessionSnapshot): string | null =>
  s.matches({ signedIn: { password: { open: { form: 'invalid' } } } })
    ? sessionMessages.passwordsDifferOnSubmit
    : null;

export const isInactivityPromptOpen = (s: SessionSnapshot) =>
  s.matches({ signedIn: { inactivity: 'prompting' } });

/** Where '/' leads a signed-in user. */
export const homePath = (s: SessionSnapshot): string | null => {
  const user = s.context.user;
  return isSignedIn(s) && user ? homePathFor(user.role) : null;
};

/** The role guard (spec section 2): where a visitor goes instead when their role is not allowed, or null to stay. */
export function roleRedirect(s: SessionSnapshot, allowed: readonly Role[]): string | null {
  const user = s.context.user;
  if (!isSignedIn(s) || !user) return '/';
  return allowed.includes(user.role) ? null : homePathFor(user.role);
}
