import { useMemo } from 'react';
import { provideApprovals } from '../actors/approvals.actors';
import { provideClaimReview } from '../actors/claims.actors';
import { provideLeaveReview } from '../actors/leave-admin.actors';
import { claimsApi } from '../api/claims.api';
import { leaveApi } from '../api/leave.api';
import { payslipsApi } from '../api/payslips.api';
import { showToast } from '../ui/toasts';
import { ApprovalsScreen } from '../views/payroll/approvals-screen';
import { useSession } from '../views/session/session-context';
import type { AppServices } from './services';

const review = provideLeaveReview({ leave: leaveApi, notify: showToast });
const claimReview = provideClaimReview({ claims: claimsApi, uploads: leaveApi, notify: showToast });

/** /admin/approvals (issue 39 item 4): the pay runs, leave requests and claims awaiting this administrator. */
export default function ApprovalsRoute({ services }: { services: AppServices }) {
  const me = useSession((s) => s.context.user?.id ?? null);
  const logic = useMemo(
    () =>
      me === null
        ? null
        : provideApprovals({
            payslips: payslipsApi,
            leave: leaveApi,
            claims: claimsApi,
            me,
            notify: showToast,
            review,
            claimReview,
          }),
    [me],
  );
  if (!logic || me === null) return null;
  return <ApprovalsScreen key={me} logic={logic} adminId={me} inspect={services.inspect} />;
}
