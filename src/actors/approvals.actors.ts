import { fromPromise } from 'xstate';
import { approvalsMachine, payRunRejectFormMachine } from '../../machines/approvals.machine';
import type { claimReviewMachine } from '../../machines/claim-review.machine';
import type { ToastParams } from '../../machines/effects';
import { formDialogMachine } from '../../machines/form-dialog.machine';
import type { leaveReviewMachine } from '../../machines/leave-review.machine';
import type { ClaimsApi } from '../api/claims.api';
import type { LeaveApi } from '../api/leave.api';
import type { PayslipsApi } from '../api/payslips.api';
import type { Claim } from '../domain/claims';
import type { LeaveRequest } from '../domain/leave';
import { claimStatusesTagged } from '../domain/lifecycles/claim.lifecycle';
import { leaveStatusesTagged } from '../domain/lifecycles/leave-request.lifecycle';
import type { PayRun } from '../domain/pay-runs';
import { provideLoad } from './load.actors';
import { openPdfInNewTab } from './pdf';

export interface ApprovalsEffects {
  payslips: Pick<PayslipsApi, 'payRunsAwaiting' | 'approvePayRun' | 'rejectPayRun' | 'payRunVariancePdf'>;
  leave: Pick<LeaveApi, 'list'>;
  claims: Pick<ClaimsApi, 'all'>;
  /** The signed-in administrator: their own leave requests are another administrator's to decide. */
  me: number;
  notify: (toast: ToastParams) => void;
  /** The leave review sheet, as the admin dashboard provides it. */
  review: typeof leaveReviewMachine;
  /** The claim review sheet, as the Claims screen provides it. */
  claimReview: typeof claimReviewMachine;
}

/** The Approvals view with its live effects. */
export function provideApprovals({
  payslips,
  leave,
  claims,
  me,
  notify,
  review,
  claimReview,
}: ApprovalsEffects) {
  const raise = (_: unknown, toast: ToastParams) => notify(toast);
  return approvalsMachine.provide({
    actors: {
      runs: provideLoad<PayRun[]>(() => payslips.payRunsAwaiting()),
      // One page of the oldest pending requests (the API pages by 100 at most), less the caller's own.
      leave: provideLoad<LeaveRequest[]>(async () => {
        const page = await leave.list({
          status: leaveStatusesTagged('awaitsDecision').join(','),
          limit: 100,
          page: 1,
        });
        return page.data.filter((request) => request.userId !== me);
      }),
      review,
      // Every pending claim of everyone (one's own are another administrator's), oldest first.
      claims: provideLoad<Claim[]>(async () => {
        const rows = await claims.all({ status: claimStatusesTagged('awaitsDecision').join(',') });
        return rows
          .filter((claim) => claim.userId !== me)
          .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
      }),
      claimReview,
      rejectDialog: formDialogMachine.provide({
        actors: {
          form: payRunRejectFormMachine.provide({
            actors: {
              submit: fromPromise(({ input }) =>
                payslips.rejectPayRun({ year: input.year, month: input.month }, input.reason),
              ),
            },
            actions: { notify: raise },
          }),
        },
      }),
      approvePayRun: fromPromise(({ input }) => payslips.approvePayRun(input)),
      openVariancePdf: fromPromise(({ input }) => openPdfInNewTab(() => payslips.payRunVariancePdf(input))),
    },
    actions: { notify: raise },
  });
}
