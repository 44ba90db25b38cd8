import { provideExportFile } from '../actors/exports.actors';
import {
  provideLeaveBalanceReport,
  provideLeaveOverview,
  provideLeaveReview,
} from '../actors/leave-admin.actors';
import { provideAdminLeaveCalendar } from '../actors/leave-calendar.actors';
import { provideAdminLeaveList } from '../actors/leave-list.actors';
import { checklistDismissed, provideSetupChecklist } from '../actors/setup-checklist.actors';
import { exportsApi } from '../api/exports.api';
import { leaveApi } from '../api/leave.api';
import { leavePoliciesApi } from '../api/leave-policies.api';
import { submissionsApi } from '../api/submissions.api';
import { todayIso } from '../domain/dates';
import { showToast } from '../ui/toasts';
import { AdminDashboardScreen } from '../views/leave/admin-dashboard-screen';
import { AdminLeaveCalendarScreen } from '../views/leave/admin-leave-calendar-screen';
import { LeaveBalanceScreen } from '../views/leave/leave-balance-screen';
import type { AppServices } from './services';

// Composed here rather than in services.ts so that the leave statecharts and their effects load with the screens.
const adminLeaveList = provideAdminLeaveList({ leave: leaveApi });
const adminOverview = provideLeaveOverview(leaveApi, () => leaveApi.counts());
const review = provideLeaveReview({ leave: leaveApi, notify: showToast });
const balanceReport = provideLeaveBalanceReport({
  leave: leaveApi,
  leavePolicies: leavePoliciesApi,
  notify: showToast,
});
const setupChecklist = provideSetupChecklist(submissionsApi, window.sessionStorage);
const leaveExport = provideExportFile(({ format, filters }) => exportsApi.leave(format, filters), showToast);
const teamCalendar = provideAdminLeaveCalendar({ leave: leaveApi, review });

/** /admin */
export function AdminDashboardRoute({ services }: { services: AppServices }) {
  return (
    <AdminDashboardScreen
      list={adminLeaveList}
      overview={adminOverview}
      review={review}
      exportLogic={leaveExport}
      checklist={{ logic: setupChecklist, dismissed: checklistDismissed(window.sessionStorage) }}
      inspect={services.inspect}
    />
  );
}

/** /admin/leave-balance */
export function LeaveBalanceRoute({ services }: { services: AppServices }) {
  return <LeaveBalanceScreen logic={balanceReport} today={todayIso()} inspect={services.inspect} />;
}

/** /admin/leave-calendar */
export function LeaveCalendarRoute({ services }: { services: AppServices }) {
  return <AdminLeaveCalendarScreen logic={teamCalendar} today={todayIso()} inspect={services.inspect} />;
}
