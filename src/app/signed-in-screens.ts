import { lazyScreen } from './screens';

/** The signed-in area's screens (src/app/signed-in-area.tsx), each a chunk of its own (see ./screens.ts). */

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
