import { useMemo } from 'react';
import { provideApprovals } from '../actors/approvals.actors';
import { provideLeaveReview } from '../actors/leave-admin.actors';
import { leaveApi } from '../api/leave.api';
import { payslipsApi } from '../api/payslips.api';
import { showToast } from '../ui/toasts';
import { ApprovalsScreen } from '../views/payroll/approvals-screen';
import { useSession } from '../views/session/session-context';
import type { AppServices } from './services';

const review = provideLeaveReview({ leave: leaveApi, notify: showToast });

/** /admin/approvals (issue 39 item 4): the pay runs and leave requests that await this administrator. */
export default function ApprovalsRoute({ services }: { services: AppServices }) {
  const me = useSession((s) => s.context.user?.id ?? null);
  const logic = useMemo(
    () =>
      me === null
        ? null
        : provideApprovals({ payslips: payslipsApi, leave: leaveApi, me, notify: showToast, review }),
    [me],
  );
  if (!logic) return null;
  return <ApprovalsScreen key={me} logic={logic} inspect={services.inspect} />;
}
