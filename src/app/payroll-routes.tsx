import { useHistoryState } from 'wouter/use-browser-location';
import { providePayrollPeriod } from '../actors/payroll-period.actors';
import { provideStaffPayslips } from '../actors/staff-payslips.actors';
import { payslipsApi } from '../api/payslips.api';
import { todayIso } from '../domain/dates';
import { showToast } from '../ui/toaster';
import { PayRecordsScreen } from '../views/payroll/pay-records-screen';
import { ProcessPayScreen } from '../views/payroll/process-pay-screen';
import { StaffPayslipsScreen } from '../views/payroll/staff-payslips-screen';
import { useSession } from '../views/session/session-context';
import type { AppServices } from './services';

// Composed here rather than in services.ts so that the payroll statecharts and their effects load with the screens.
const payrollPeriod = providePayrollPeriod({ payslips: payslipsApi, notify: showToast });
const staffPayslips = provideStaffPayslips({ payslips: payslipsApi, notify: showToast });

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
