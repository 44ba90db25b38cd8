import { within } from '@testing-library/react';
import type { LeaveRequest, LeaveType } from '../../src/domain/leave';
import { theOpen } from '../models/leave-dom';
import {
  DETAILS_FAILURE,
  REFUSAL,
  type ReviewModelEvent,
  type ReviewModelInput,
  requestsTable,
} from '../models/leave-review.model';
import { admin } from '../views/fixtures';
import {
  type AdminLeaveStore,
  answerDecision,
  answerWithdrawalDecision,
  serveAdminLeave,
} from './admin-leave-store';
import type { FakeServer } from './fake-server';
import { type RunningApp, renderApp, settle, signedIn } from './harness';
import { approvedAcrossYearEnd, clash, leaveTypes, pendingWithPdf } from './leave-fixtures';

/**
 * What the walks of /admin from the leave-review spec model share (the review sheet's suite and the admin
 * dashboard's): the requests the server holds, one in each status, and how each model event is made to
 * happen through the real screen.
 */

export const rejectedWithImage: LeaveRequest = {
  ...approvedAcrossYearEnd,
  id: 45,
  status: 'REJECTED',
  type: 'annual leave',
  createdAt: '2026-10-01T01:00:00.000Z',
  updatedAt: '2026-10-02T04:00:00.000Z',
  fromDate: '2026-10-19',
  fromDateIsAm: true,
  toDate: '2026-10-19',
  toDateIsAm: true,
  days: 0.5,
  reason: 'Family matter',
  fileUrl: 'leave/9/ab12/note.png',
  userId: 10,
  user: { id: 10, fullName: 'Tan Wei Ming', email: 'weiming.tan@company.test' },
};
export const ROWS = [pendingWithPdf, approvedAcrossYearEnd, rejectedWithImage];

/** Issue 34: approved Unpaid Leave in December whose owner asks to withdraw it. */
export const withdrawalAsked: LeaveRequest = {
  ...rejectedWithImage,
  id: 46,
  status: 'WITHDRAWAL_REQUESTED',
  type: 'Unpaid Leave',
  leaveTypeId: 3,
  createdAt: '2026-11-02T01:00:00.000Z',
  updatedAt: '2026-11-18T06:00:00.000Z',
  fromDate: '2026-12-21',
  fromDateIsAm: true,
  toDate: '2026-12-22',
  toDateIsAm: false,
  days: 2,
  reason: 'Visiting family in Ipoh',
  fileUrl: null,
  userId: 11,
  user: { id: 11, fullName: 'Lim Hui Ling', email: 'huiling.lim@company.test' },
};
/** The review sheet's walk has the withdrawal too; the dashboard's walks the spec's three statuses. */
export const REVIEW_ROWS = [...ROWS, withdrawalAsked];
const PAYSLIP_MESSAGE =
  'December 2026 payslip of Lim Hui Ling is processed: revert it and correct its unpaid-leave deduction to take the returned days into account.';
const LINK = 'http://localhost/api/files/leave/7/x/hospital-letter.pdf?expires=1&signature=abc';
const DECIDED_AT = '2026-11-22T03:00:00.000Z';
const serverDown = { statusCode: 500, error: 'Internal Server Error', message: DETAILS_FAILURE };

/** One balance as GET /users/{id}/leave-balances answers it (no days carried in). */
const balanceOf = (
  year: number,
  type: (typeof leaveTypes)[number],
  [totalDays, approvedDays, pendingDays, balance]: [number | null, number, number, number | null],
) => ({
  id: null,
  leaveType: { id: type.id, name: type.name },
  year,
  totalDays,
  carriedForwardDays: 0,
  carriedForwardExpiresOn: null,
  carriedForwardUsableDays: 0,
  usedDays: approvedDays + pendingDays,
  approvedDays,
  pendingDays,
  balance,
});
const [annual, hospitalisation, unpaid] = leaveTypes as [LeaveType, LeaveType, LeaveType];

/**
 * What the server answers for each person and year: every leave type (the sheet shows the request's own).
 * Rajesh's request across the year end took 2.5 days of 2025 (29 Dec PM, 30 and 31 Dec) and half a day
 * of 2026 (1 Jan is a holiday, 2 Jan until noon).
 */
const BALANCES: Record<number, Record<number, ReturnType<typeof balanceOf>[]>> = {
  [pendingWithPdf.userId]: {
    2026: [
      balanceOf(2026, annual, [14, 5, 0, 9]),
      balanceOf(2026, hospitalisation, [60, 0, 3, 57]),
      balanceOf(2026, unpaid, [null, 2, 0, null]),
    ],
  },
  [approvedAcrossYearEnd.userId]: {
    2025: [balanceOf(2025, annual, [14, 12.5, 0, 1.5]), balanceOf(2025, hospitalisation, [60, 0, 0, 60])],
    2026: [balanceOf(2026, annual, [14, 0.5, 1, 12.5]), balanceOf(2026, hospitalisation, [60, 0, 0, 60])],
  },
  [rejectedWithImage.userId]: {
    2026: [balanceOf(2026, annual, [18, 2, 0, 16]), balanceOf(2026, hospitalisation, [60, 4, 0, 56])],
  },
  // Lim Hui Ling's two days of Unpaid Leave still count as taken while their withdrawal is asked.
  [withdrawalAsked.userId]: {
    2026: [balanceOf(2026, annual, [14, 0, 0, 14]), balanceOf(2026, unpaid, [null, 2, 0, null])],
  },
};

export const reviewInput: ReviewModelInput = {
  rows: REVIEW_ROWS,
  clashes: {
    [pendingWithPdf.id]: [
      { name: clash.user.fullName, line: 'Unpaid Leave: 12/12/2026 AM to 16/12/2026 PM' },
    ],
  },
  balances: {
    [pendingWithPdf.id]: [['2026', '60', '0', '3', '57']],
    [approvedAcrossYearEnd.id]: [
      ['2025', '14', '12.5', '0', '1.5'],
      ['2026', '14', '0.5', '1', '12.5'],
    ],
    [rejectedWithImage.id]: [['2026', '18', '2', '0', '16']],
    // Unpaid Leave has no limit: '-' for its total and what is available.
    [withdrawalAsked.id]: [['2026', '-', '2', '0', '-']],
  },
  link: LINK,
  decidedAt: DECIDED_AT,
  payslipMessage: PAYSLIP_MESSAGE,
};

export const reviewEvents: ReviewModelEvent[] = [
  ...REVIEW_ROWS.map((r) => ({ type: 'admin.views', row: r.id }) as const),
  { type: 'admin.closes' },
  { type: 'admin.retries' },
  { type: 'admin.approves' },
  { type: 'admin.rejects' },
  { type: 'server.sendsDetails' },
  { type: 'server.failsDetails' },
  { type: 'server.decides' },
  { type: 'server.refusesDecision' },
  { type: 'admin.approvesWithdrawal' },
  { type: 'admin.rejectsWithdrawal' },
  { type: 'server.decidesWithdrawal' },
  { type: 'server.namesPayslips' },
];

/** The dashboard with the server's store holding these rows, for this suite and the admin dashboard's. */
export function reviewWalkParts(rows: LeaveRequest[] = ROWS) {
  let store!: AdminLeaveStore;
  const sheet = () => theOpen('dialog', 'Leave Request Details');
  const viewing = (model: { context: { viewing: number | null } }) =>
    rows.find((r) => r.id === model.context.viewing) as LeaveRequest;
  const answerDetails = (server: FakeServer, row: LeaveRequest, fails: boolean) => {
    if (row.fileUrl) server.answer('GET', '/api/s3/signed-url', 200, { signedUrl: LINK });
    const balances = `/api/users/${row.userId}/leave-balances`;
    for (const asked of server.pending('GET', balances)) {
      const year = Number(asked.query.get('year'));
      server.answer('GET', balances, 200, BALANCES[row.userId]?.[year] ?? []);
    }
    const clashes = row.id === pendingWithPdf.id ? [clash] : [];
    server.answer(
      'GET',
      `/api/leave-requests/${row.id}/clashes`,
      fails ? 500 : 200,
      fails ? serverDown : clashes,
    );
  };
  return {
    store: () => store,
    serve: (app: RunningApp) => serveAdminLeave(app.server, store),
    /** `manual`: the GETs the walk answers itself (see AdminLeaveStore). */
    async open(inspect: Parameters<typeof renderApp>[0]['inspect'], manual?: string[]) {
      store = { requests: structuredClone(rows), leaveTypes, decidedAt: DECIDED_AT, manual };
      const app = await renderApp({ path: '/admin', storage: signedIn(admin), inspect });
      await serveAdminLeave(app.server, store);
      return app;
    },
    async perform(app: RunningApp, event: ReviewModelEvent, model: { context: { viewing: number | null } }) {
      switch (event.type) {
        case 'admin.views': {
          const row = rows.find((r) => r.id === event.row) as LeaveRequest;
          const tr = [...requestsTable().querySelectorAll('tbody tr')].find((candidate) =>
            candidate.textContent?.includes(row.user.fullName),
          ) as HTMLElement;
          await app.user.click(within(tr).getByRole('button', { name: /^View/ }));
          break;
        }
        case 'admin.closes':
          await app.user.click(sheet().querySelector('button[aria-label="Close"]') as HTMLElement);
          break;
        case 'admin.retries':
          await app.user.click(within(sheet()).getByRole('button', { name: 'Try again' }));
          break;
        case 'admin.approves':
          await app.user.click(within(sheet()).getByRole('button', { name: 'Approve' }));
          break;
        case 'admin.rejects':
          await app.user.click(within(sheet()).getByRole('button', { name: 'Reject' }));
          break;
        case 'server.sendsDetails':
        case 'server.failsDetails':
          answerDetails(app.server, viewing(model), event.type === 'server.failsDetails');
          break;
        case 'server.decides':
          await answerDecision(app.server, store);
          break;
        case 'server.refusesDecision': {
          // Whichever decision is out: on the request (PATCH) or on its withdrawal (POST).
          const [out] = [...app.server.pending('PATCH'), ...app.server.pending('POST')];
          app.server.answer(out?.method ?? 'PATCH', out?.path ?? '', 409, REFUSAL);
          break;
        }
        case 'admin.approvesWithdrawal':
          await app.user.click(within(sheet()).getByRole('button', { name: 'Approve withdrawal' }));
          break;
        case 'admin.rejectsWithdrawal':
          await app.user.click(within(sheet()).getByRole('button', { name: 'Reject withdrawal' }));
          break;
        case 'server.decidesWithdrawal':
          await answerWithdrawalDecision(app.server, store);
          break;
        case 'server.namesPayslips':
          await answerWithdrawalDecision(app.server, store, [
            { year: 2026, month: 12, processed: true, message: PAYSLIP_MESSAGE },
          ]);
          break;
      }
      await settle();
      await serveAdminLeave(app.server, store);
    },
  };
}

export const reviewLabel = (e: ReviewModelEvent) =>
  e.type === 'admin.views' ? `admin.views ${e.row}` : e.type;
