import { Redirect, useParams } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { providePayItems } from '../actors/pay-items.actors';
import { providePayrollPeriod } from '../actors/payroll-period.actors';
import { provideStaffPayslips } from '../actors/staff-payslips.actors';
import { leaveApi } from '../api/leave.api';
import { payslipsApi } from '../api/payslips.api';
import { submissionsApi } from '../api/submissions.api';
import { usersApi } from '../api/users.api';
import { todayIso } from '../domain/dates';
import { PAYSLIP_STATUSES, type PayslipStatus } from '../domain/enums';
import { showToast } from '../ui/toasts';
import { PayItemsScreen } from '../views/payroll/pay-items-screen';
import { PayRecordsScreen } from '../views/payroll/pay-records-screen';
import { ProcessPayScreen } from '../views/payroll/process-pay-screen';
import { StaffPayslipsScreen } from '../views/payroll/staff-payslips-screen';
import { useSession } from '../views/session/session-context';
import type { AppServices } from './services';

// Composed here rather than in services.ts so that the payroll statecharts and their effects load with the screens.
const payrollPeriod = providePayrollPeriod({
  payslips: payslipsApi,
  notify: showToast,
  mailDelivery: async () => (await submissionsApi.company()).mailDelivery,
});
const staffPayslips = provideStaffPayslips({
  payslips: payslipsApi,
  submissions: submissionsApi,
  notify: showToast,
});
const payItems = providePayItems({
  payslips: payslipsApi,
  leave: leaveApi,
  users: usersApi,
  notify: showToast,
});

/** A period handed over in navigation state ({ year, month }), e.g. back from Pay Items. */
function usePassedPeriod() {
  const state = useHistoryState<{ year?: unknown; month?: unknown } | null>();
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
  return state ? { year: number(state.year), month: number(state.month) } : null;
}

/** /admin/process-pay */
export function ProcessPayRoute({ services }: { services: AppServices }) {
  const period = usePassedPeriod();
  return (
    <ProcessPayScreen logic={payrollPeriod} today={todayIso()} period={period} inspect={services.inspect} />
  );
}

/** /admin/pay-records */
export function PayRecordsRoute({ services }: { services: AppServices }) {
  return <PayRecordsScreen logic={payrollPeriod} today={todayIso()} inspect={services.inspect} />;
}

/** /staff/payslips: the signed-in staff member's own payslips. */
export function StaffPayslipsRoute({ services }: { services: AppServices }) {
  const user = useSession((s) => s.context.user);
  if (!user) return null;
  return (
    <StaffPayslipsScreen
      logic={staffPayslips}
      userId={user.id}
      hireDate={user.hireDate}
      today={todayIso()}
      inspect={services.inspect}
    />
  );
}

/** A path parameter read as a number (spec section 2); null when it is missing or not one. */
const numberParam = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : null);

/** What Process Pay hands over in navigation state: the row's processingStatus and user. */
function usePassedEmployee() {
  const state = useHistoryState<{ processingStatus?: unknown; user?: unknown } | null>();
  const status = PAYSLIP_STATUSES.find((s) => s === state?.processingStatus) ?? null;
  const user = state?.user as { id?: unknown; fullName?: unknown } | undefined;
  const employee =
    typeof user?.id === 'number' && typeof user.fullName === 'string'
      ? { id: user.id, fullName: user.fullName }
      : null;
  return { processingStatus: status as PayslipStatus | null, user: employee };
}

/** /admin/users/:userId/pay-items/:year/:month; without all three numbers, back to Process Pay. */
export function PayItemsRoute({ services }: { services: AppServices }) {
  const params = useParams<{ userId?: string; year?: string; month?: string }>();
  const passed = usePassedEmployee();
  const userId = numberParam(params.userId);
  const year = numberParam(params.year);
  const month = numberParam(params.month);
  if (userId === null || year === null || month === null) return <Redirect to="/admin/process-pay" replace />;
  return (
    <PayItemsScreen
      key={`${userId}/${year}/${month}`}
      logic={payItems}
      userId={userId}
      year={year}
      month={month}
      processingStatus={passed.processingStatus}
      user={passed.user?.id === userId ? passed.user : null}
      inspect={services.inspect}
    />
  );
}
