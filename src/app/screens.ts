import { type ComponentType, lazy } from 'react';
import { loadToaster } from '../ui/toasts';

/**
 * Route-level code splitting: each screen is its own chunk, fetched the first time its route renders, so
 * /login loads only the sign-in screen, the session and the UI kit. The screens around signing in are
 * here; those of the signed-in area are in ./signed-in-screens.ts, which comes with that area's code, so
 * that their table is not on /login either.
 * The sign-in screen itself is in the main chunk: nearly every visit starts there, and as a chunk of its own
 * it came in a dozen small files (its parts of the UI kit) that compress worse and cost a round trip more.
 */

// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own constraint for the component's props
type Loader<T extends ComponentType<any>> = () => Promise<{ default: T }>;
const loaders: Array<() => Promise<unknown>> = [];

// biome-ignore lint/suspicious/noExplicitAny: as above
export function lazyScreen<T extends ComponentType<any>>(load: Loader<T>) {
  loaders.push(load);
  return lazy(load);
}

/** Fetches every screen's code now, and the toasts' (tests, so that no render waits on a chunk). */
export async function preloadScreens() {
  // The signed-in area's table registers its screens as it loads.
  await import('./signed-in-screens');
  await Promise.all([...loaders.map((load) => load()), loadToaster()]);
}

export { LoginScreen } from '../views/login/login-screen';
export const ResetPasswordScreen = lazyScreen(() =>
  import('../views/reset-password/reset-password-screen').then((m) => ({ default: m.ResetPasswordScreen })),
);
export const SetPasswordScreen = lazyScreen(() =>
  import('../views/password/set-password-screen').then((m) => ({ default: m.SetPasswordScreen })),
);
/** The Change Password and inactivity dialogs exist only for a signed-in user. */
export const SignedInDialogs = lazyScreen(() => import('./signed-in-dialogs'));
/** The admin and staff layouts with their routes. */
export const SignedInArea = lazyScreen(() => import('./signed-in-area'));
