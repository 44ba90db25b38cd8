import { fromPromise } from 'xstate';
import type { ToastParams } from '../../machines/effects';
import { leaveBalanceReportMachine } from '../../machines/leave-balance-report.machine';
import { leaveOverviewMachine } from '../../machines/leave-overview.machine';
import { leaveReviewMachine, type ReviewDetails } from '../../machines/leave-review.machine';
import { leaveYearEndMachine } from '../../machines/leave-year-end.machine';
import type { LeaveApi } from '../api/leave.api';
import type { LeavePoliciesApi } from '../api/leave-policies.api';
import type { LeaveCounts, LeaveRequest, LeaveType } from '../domain/leave';
import {
  type BalanceReportFacts,
  type BalanceReportRow,
  balanceSortKeys,
} from '../domain/leave-balance-report';
import { balanceYearsOf } from '../domain/leave-form';
import { wholeListPage } from '../domain/list-query';
import { provideList } from './list.actors';
import { provideLoad } from './load.actors';
import { openPdfInNewTab } from './pdf';

/** The leave statecharts of the admin screens (and the stat cards of the staff dashboard) with their live effects. */

/**
 * The stat cards and the Leave Type filter: the counts from `loadCounts` (everyone's or one person's) and
 * GET /leave-types, two loads, so counts that fail do not hold back the leave types.
 */
export function provideLeaveOverview(leave: Pick<LeaveApi, 'types'>, loadCounts: () => Promise<LeaveCounts>) {
  return leaveOverviewMachine.provide({
    actors: {
      counts: provideLoad<LeaveCounts>(() => loadCounts()),
      types: provideLoad<LeaveType[]>(() => leave.types()),
    },
  });
}

export interface LeaveReviewEffects {
  leave: Pick<LeaveApi, 'clashes' | 'decide' | 'decideWithdrawal' | 'viewUrl' | 'balances'>;
  notify: (toast: ToastParams) => void;
}

/**
 * Leave Request Details (admin): a signed link to the attachment, the clashes and the employee's balance of
 * the request's type in each year it falls in; approve or reject (spec section 8's toasts).
 */
export function provideLeaveReview({ leave, notify }: LeaveReviewEffects) {
  const balancesOf = async (request: LeaveRequest) => {
    const years = balanceYearsOf(request, request.fromDate);
    const answers = await Promise.all(years.map((year) => leave.balances(request.userId, year)));
    return answers.flat().filter((balance) => balance.leaveType.id === request.leaveTypeId);
  };
  return leaveReviewMachine.provide({
    actors: {
      details: provideLoad(async (input: LeaveRequest): Promise<ReviewDetails> => {
        const [attachmentUrl, clashes, balances] = await Promise.all([
          input.fileUrl ? leave.viewUrl(input.fileUrl) : Promise.resolve(null),
          leave.clashes(input.id),
          balancesOf(input),
        ]);
        return { attachmentUrl, clashes, balances };
      }),
      decide: fromPromise(({ input }) => leave.decide(input.id, input.isApproved)),
      decideWithdrawal: fromPromise(({ input }) => leave.decideWithdrawal(input.id, input.decision)),
    },
    actions: { notify: (_, toast) => notify(toast) },
  });
}

export interface LeaveBalanceReportEffects {
  leave: Pick<LeaveApi, 'types' | 'yearlyBalances' | 'yearlyBalancesPdf'>;
  /** Close year (issue 17). */
  leavePolicies: Pick<LeavePoliciesApi, 'yearEndPreview' | 'yearEnd'>;
  notify: (toast: ToastParams) => void;
  /** The fetched time; a clock of its own so tests can fix it. */
  now?: () => Date;
}

/**
 * /admin/leave-balance: the year's balances (the list, sorted here), told with the leave types for the
 * columns and the fetched time; the year's PDF; Close year.
 */
export function provideLeaveBalanceReport({
  leave,
  leavePolicies,
  notify,
  now = () => new Date(),
}: LeaveBalanceReportEffects) {
  return leaveBalanceReportMachine.provide({
    actors: {
      balances: provideList<BalanceReportRow>({
        fetchRows: async (query) => {
          const year = Number(query.filters.year?.[0]);
          const [rows, types] = await Promise.all([leave.yearlyBalances(year), leave.types()]);
          const facts: BalanceReportFacts = { types, fetchedAt: now().toISOString() };
          const all = rows.map((row) => ({ ...row, id: row.user.id }));
          return { ...wholeListPage(all, query, balanceSortKeys(types)), about: facts };
        },
        // The report has no removal.
        removeRow: () => Promise.reject(new Error('the balance report removes no row')),
      }),
      openBalancesPdf: fromPromise(({ input }) => openPdfInNewTab(() => leave.yearlyBalancesPdf(input.year))),
      yearEnd: leaveYearEndMachine.provide({
        actors: {
          previewYearEnd: fromPromise(({ input }) => leavePolicies.yearEndPreview(input.year)),
          closeYear: fromPromise(({ input }) => leavePolicies.yearEnd(input.year)),
        },
        actions: { notify: (_, toast) => notify(toast) },
      }),
    },
    actions: { notify: (_, toast) => notify(toast) },
  });
}

export type LeaveOverviewLogic = ReturnType<typeof provideLeaveOverview>;
export type LeaveReviewLogic = ReturnType<typeof provideLeaveReview>;
export type LeaveBalanceReportLogic = ReturnType<typeof provideLeaveBalanceReport>;
