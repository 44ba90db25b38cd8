/**
 * Which code each signed-in page needs, as data: the build reads it too (src/build/page-preloads.ts),
 * so that the server's answer for a page names that page's code and the browser fetches it with the
 * entry (docs/performance.md). Imports nothing.
 */

/** What every signed-in page shows, modules of src/app: the areas' layout and routes, and their dialogs. */
export const SIGNED_IN_MODULES = ['signed-in-area.tsx', 'signed-in-dialogs.tsx'];

/**
 * Each signed-in screen built so far, by its pattern in ./route-table.ts: its module in src/app and the
 * export that is the screen. The other pages show their title until their issue builds them.
 */
export const screenModules: Readonly<Record<string, readonly [module: string, exported: string]>> = {
  '/admin': ['leave-admin-routes.tsx', 'AdminDashboardRoute'],
  '/admin/leave-balance': ['leave-admin-routes.tsx', 'LeaveBalanceRoute'],
  '/admin/leave-calendar': ['leave-admin-routes.tsx', 'LeaveCalendarRoute'],
  '/admin/leave-policies': ['leave-policy-routes.tsx', 'LeavePoliciesRoute'],
  '/admin/public-holidays': ['public-holidays-route.tsx', 'default'],
  '/admin/users': ['all-staff-route.tsx', 'default'],
  '/admin/users/:id': ['user-detail-route.tsx', 'default'],
  '/admin/register': ['register-route.tsx', 'default'],
  '/admin/import': ['import-route.tsx', 'default'],
  '/admin/onboard/:id': ['onboarding-route.tsx', 'default'],
  '/admin/process-pay': ['payroll-routes.tsx', 'ProcessPayRoute'],
  '/admin/timesheets': ['timesheet-routes.tsx', 'TimesheetGridRoute'],
  '/admin/pay-records': ['payroll-routes.tsx', 'PayRecordsRoute'],
  '/admin/users/:userId/pay-items/:year/:month': ['payroll-routes.tsx', 'PayItemsRoute'],
  '/admin/pay-submissions': ['submissions-routes.tsx', 'PaySubmissionsRoute'],
  '/admin/company': ['submissions-routes.tsx', 'CompanyRoute'],
  '/admin/audit': ['audit-route.tsx', 'default'],
  '/admin/approvals': ['approvals-route.tsx', 'default'],
  '/admin/claims': ['claims-routes.tsx', 'AdminClaimsRoute'],
  '/admin/company/claim-types': ['claims-routes.tsx', 'ClaimTypesRoute'],
  '/staff': ['staff-leave-route.tsx', 'default'],
  '/staff/profile': ['my-profile-route.tsx', 'default'],
  '/staff/payslips': ['payroll-routes.tsx', 'StaffPayslipsRoute'],
  '/staff/timesheet': ['timesheet-routes.tsx', 'MyTimesheetRoute'],
  '/staff/claims': ['claims-routes.tsx', 'MyClaimsRoute'],
};
