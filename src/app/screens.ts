import { type ComponentType, lazy } from 'react';
import { loadToaster } from '../ui/toasts';

/**
 * Route-level code splitting: each screen is its own chunk, fetched the first time its route renders, so
 * /login loads only the sign-in screen, the session and the UI kit. Every lazy screen of the app is here.
 * The sign-in screen itself is in the main chunk: nearly every visit starts there, and as a chunk of its own
 * it came in a dozen small files (its parts of the UI kit) that compress worse and cost a round trip more.
 */

// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own constraint for the component's props
type Loader<T extends ComponentType<any>> = () => Promise<{ default: T }>;
const loaders: Array<() => Promise<unknown>> = [];

// biome-ignore lint/suspicious/noExplicitAny: as above
function lazyScreen<T extends ComponentType<any>>(load: Loader<T>) {
  loaders.push(load);
  return lazy(load);
}

/** Fetches every screen's code now, and the toasts' (tests, so that no render waits on a chunk). */
export const preloadScreens = () => Promise.all([...loaders.map((load) => load()), loadToaster()]);

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
export const AllStaffRoute = lazyScreen(() => import('./all-staff-route'));
export const RegisterRoute = lazyScreen(() => import('./register-route'));
export const OnboardingRoute = lazyScreen(() => import('./onboarding-route'));
export const UserDetailRoute = lazyScreen(() => import('./user-detail-route'));
export const MyProfileRoute = lazyScreen(() => import('./my-profile-route'));
export const ProcessPayRoute = lazyScreen(() =>
  import('./payroll-routes').then((m) => ({ default: m.ProcessPayRoute })),
);
export const PayRecordsRoute = lazyScreen(() =>
  import('./payroll-routes').then((m) => ({ default: m.PayRecordsRoute })),
);
export const PaySubmissionsRoute = lazyScreen(() =>
  import('./submissions-routes').then((m) => ({ default: m.PaySubmissionsRoute })),
);
export const CompanyRoute = lazyScreen(() =>
  import('./submissions-routes').then((m) => ({ default: m.CompanyRoute })),
);
export const StaffPayslipsRoute = lazyScreen(() =>
  import('./payroll-routes').then((m) => ({ default: m.StaffPayslipsRoute })),
);
export const AdminDashboardRoute = lazyScreen(() =>
  import('./leave-admin-routes').then((m) => ({ default: m.AdminDashboardRoute })),
);
export const LeaveBalanceRoute = lazyScreen(() =>
  import('./leave-admin-routes').then((m) => ({ default: m.LeaveBalanceRoute })),
);
export const LeavePoliciesRoute = lazyScreen(() =>
  import('./leave-policy-routes').then((m) => ({ default: m.LeavePoliciesRoute })),
);
export const LeaveCalendarRoute = lazyScreen(() =>
  import('./leave-admin-routes').then((m) => ({ default: m.LeaveCalendarRoute })),
);
export const PublicHolidaysRoute = lazyScreen(() => import('./public-holidays-route'));
export const PayItemsRoute = lazyScreen(() =>
  import('./payroll-routes').then((m) => ({ default: m.PayItemsRoute })),
);
export const StaffDashboardRoute = lazyScreen(() => import('./staff-leave-route'));
