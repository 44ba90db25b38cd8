import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { homePath, isSignedIn, roleRedirect } from '../../machines/session.selectors';
import type { Role } from '../domain/auth';
import { useSession } from '../views/session/session-context';

/** A signed-in area: guests go to /login (replacing history), a wrong role goes to its own area. */
export function Protected({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const signedIn = useSession(isSignedIn);
  const elsewhere = useSession((s) => roleRedirect(s, roles));
  if (!signedIn) return <Redirect to="/login" replace />;
  if (elsewhere) return <Redirect to={elsewhere} replace />;
  return children;
}

/** Guest-only screens: a signed-in visitor goes to /. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const signedIn = useSession(isSignedIn);
  return signedIn ? <Redirect to="/" replace /> : children;
}

/** /: ADMIN to /admin, anyone else to /staff; guests to /login. */
export function HomeRedirect() {
  const home = useSession(homePath);
  return <Redirect to={home ?? '/login'} replace />;
}
