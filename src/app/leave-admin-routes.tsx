import {
  provideLeaveBalanceReport,
  provideLeaveOverview,
  provideLeaveReview,
} from '../actors/leave-admin.actors';
import { provideAdminLeaveList } from '../actors/leave-list.actors';
import { leaveApi } from '../api/leave.api';
import { todayIso } from '../domain/dates';
import { showToast } from '../ui/toasts';
import { AdminDashboardScreen } from '../views/leave/admin-dashboard-screen';
import { LeaveBalanceScreen } from '../views/leave/leave-balance-screen';
import type { AppServices } from './services';

// Composed here rather than in services.ts so that the leave statecharts and their effects load with the screens.
const adminLeaveList = provideAdminLeaveList({ leave: leaveApi });
const adminOverview = provideLeaveOverview(leaveApi, () => leaveApi.counts());
const review = provideLeaveReview({ leave: leaveApi, notify: showToast });
const balanceReport = provideLeaveBalanceReport({ leave: leaveApi, notify: showToast });

/** /admin */
export function AdminDashboardRoute({ services }: { services: AppServices }) {
  return (
    <AdminDashboardScreen
      list={adminLeaveList}
      overview={adminOverview}
      review={review}
      inspect={services.inspect}
    />
  );
}

/** /admin/leave-balance */
export function LeaveBalanceRoute({ services }: { services: AppServices }) {
  return <LeaveBalanceScreen logic={balanceReport} today={todayIso()} inspect={services.inspect} />;
}
