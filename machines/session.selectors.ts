import type { SnapshotFrom } from 'xstate';
import type { Role } from '../src/domain/auth';
import { homePathFor, type sessionMachine } from './session.machine';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Pure reads of the session snapshot: views and route guards use these instead of matching states themselves. */
export const isSignedIn = (s: SessionSnapshot) => s.matches('signedIn') || s.matches('loggingOut');
/** An account with a temporary password, also while it logs out: it never sees the area before setting one. */
export const mustSetPassword = (s: SessionSnapshot) =>
  s.matches({ signedIn: { account: 'mustSetPassword' } }) || (s.matches('loggingOut') && s.context.isNewUser);
export const isLoggingOut = (s: SessionSnapshot) => s.matches('loggingOut');
export const isInactivityPromptOpen = (s: SessionSnapshot) =>
  s.matches({ signedIn: { inactivity: 'prompting' } });

/** '1:59': the time left before the inactivity dialog logs the user out. */
export const logoutCountdown = (s: SessionSnapshot): string => {
  const seconds = s.context.logoutSecondsLeft;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** What the login screen says about a session that ended without the user asking, or null. */
export const signedOutNotice = (s: SessionSnapshot): string | null => {
  if (!s.matches('signedOut')) return null;
  switch (s.context.signedOutReason) {
    case 'inactivity':
      return 'You were logged out after 15 minutes without activity. Please log in again.';
    case 'sessionExpired':
      return 'Your session has expired. Please log in again.';
    default:
      return null;
  }
};

// The screens' own machines, which the session runs while they matter.
export const loginFormActor = (s: SessionSnapshot) => s.children.loginForm;
export const forgotPasswordActor = (s: SessionSnapshot) => s.children.forgotPassword;
export const setPasswordActor = (s: SessionSnapshot) => s.children.setPassword;
export const changePasswordActor = (s: SessionSnapshot) => s.children.changePassword;

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

/**
 * A new STAFF user sets a password where they signed in: the spec shows no redirect to a dashboard for them
 * (spec section 4, Login outcome). Everyone else signed in leaves the guest-only screens for their home.
 */
export const staysOnLoginScreen = (s: SessionSnapshot) =>
  mustSetPassword(s) && s.context.user?.role === 'STAFF';
