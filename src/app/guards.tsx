import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import {
  homePath,
  isSignedIn,
  mustSetPassword,
  roleRedirect,
  staysOnLoginScreen,
} from '../../machines/session.selectors';
import type { Role } from '../domain/auth';
import { useSession } from '../views/session/session-context';
import { SetPasswordScreen } from './screens';

/*
 * Access (decision 0007): these guards read the session's state and redirect. Signing in, logging out, a
 * failed refresh and the forced password step all end here because the state they leave behind says where
 * the user belongs; where a workflow ends (Register, Reset Password, onboarding) is its own machine's.
 */

/** A signed-in area: guests go to /login (replacing history), a wrong role goes to its own area. */
export function Protected({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const signedIn = useSession(isSignedIn);
  const elsewhere = useSession((s) => roleRedirect(s, roles));
  const forced = useSession(mustSetPassword);
  if (!signedIn) return <Redirect to="/login" replace />;
  if (elsewhere) return <Redirect to={elsewhere} replace />;
  // An account with a temporary password sees only the Set Password step until it has its own.
  return forced ? <SetPasswordScreen /> : children;
}

/** Guest-only screens: a signed-in visitor goes to /, except a new staff user, who sets a password right here. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const signedIn = useSession(isSignedIn);
  const stays = useSession(staysOnLoginScreen);
  if (stays) return <SetPasswordScreen />;
  return signedIn ? <Redirect to="/" replace /> : children;
}

/** /: ADMIN to /admin, anyone else to /staff; guests to /login. */
export function HomeRedirect() {
  const home = useSession(homePath);
  return <Redirect to={home ?? '/login'} replace />;
}
