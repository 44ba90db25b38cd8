import type { Role } from '../domain/auth';

export interface AreaPage {
  path: string;
  title: string;
}

export interface Area {
  /** Every path of the area starts with this. */
  base: '/admin' | '/staff';
  label: string;
  roles: readonly Role[];
  pages: readonly AreaPage[];
  /** Incomplete paths of a page that lead elsewhere rather than home. */
  redirects?: readonly { from: string; to: string }[];
}

/**
 * Spec section 2, Route table (signed-in areas). Screens that later issues build show their title until then.
 * Order matters only for readability: every pattern is matched whole.
 */
export const adminArea: Area = {
  base: '/admin',
  label: 'Admin',
  roles: ['ADMIN'],
  pages: [
    { path: '/admin', title: 'Dashboard' },
    { path: '/admin/users', title: 'All Staff' },
    { path: '/admin/users/:id', title: 'User Details' },
    { path: '/admin/process-pay', title: 'Process Pay' },
    { path: '/admin/pay-records', title: 'View Processed Records' },
    { path: '/admin/pay-submissions', title: 'Submissions' },
    { path: '/admin/company', title: 'Company' },
    { path: '/admin/audit', title: 'Audit' },
    { path: '/admin/approvals', title: 'Approvals' },
    // Issue 37 item 4: expense claims, beyond the spec's route table; claim types are a company setting.
    { path: '/admin/claims', title: 'Claims' },
    { path: '/admin/company/claim-types', title: 'Claim Types' },
    { path: '/admin/leave-balance', title: "View Employee's Leave Balance" },
    { path: '/admin/public-holidays', title: 'Public Holidays' },
    { path: '/admin/leave-policies', title: 'Leave Policies' },
    { path: '/admin/leave-calendar', title: 'Leave Calendar' },
    // Issue 36 item 5: the month's timesheets, beyond the spec's route table.
    { path: '/admin/timesheets', title: 'Timesheets' },
    { path: '/admin/users/:userId/pay-items/:year/:month', title: 'Pay Items' },
    // Issue 38 item 6: staff and opening balances from a spreadsheet, beyond the spec's route table.
    { path: '/admin/import', title: 'Import' },
    { path: '/admin/register', title: 'Register a New Account' },
    { path: '/admin/onboard/:id', title: 'Onboard Staff' },
  ],
  // Spec section 2: Pay Items without its user, year or month goes to Process Pay.
  redirects: [{ from: '/admin/users/:userId/pay-items/*?', to: '/admin/process-pay' }],
};

export const staffArea: Area = {
  base: '/staff',
  label: 'Staff',
  roles: ['STAFF'],
  pages: [
    { path: '/staff', title: 'Staff Dashboard' },
    { path: '/staff/profile', title: 'My Profile' },
    { path: '/staff/payslips', title: 'My Payslips' },
    // Issue 36 item 5: the staff's own timesheet entry, beyond the spec's route table.
    { path: '/staff/timesheet', title: 'My Timesheet' },
    // Issue 37 item 4: the staff's own expense claims.
    { path: '/staff/claims', title: 'My Claims' },
  ],
};
