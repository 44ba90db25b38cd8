import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { LeaveStatus } from '../../src/domain/enums';
import type { LeaveRequest } from '../../src/domain/leave';
import { expectToast } from '../machines/harness';
import { shows } from '../machines/spec-walk';
import { singaporeDay } from './calendar-words';
import {
  bodyRows,
  buttonIn,
  buttonsIn,
  cellsByColumn,
  findOpen,
  tableWithColumn,
  theOpen,
} from './leave-dom';

/**
 * The admin dashboard and its Leave Request Details sheet as the spec says (section 2: Admin dashboard,
 * the three stat cards and the table with a View button per row; Leave Request Details (admin side sheet):
 * status, type capitalised, the requested date while pending and the updated date otherwise, dates with
 * AM/PM, '{days} days', reason, the attachment in a frame when it ends in pdf, else as an image; approve
 * and reject offered for a pending request only, with the statement that this cannot be undone;
 * section 4: only a pending request is decided, after which the status shows updated, the list and counts
 * reload and the sheet closes; section 7: PATCH /leave-requests/{id} {status}; section 8: the approve and
 * reject toasts, the failure toast, 'Processing...' while the request is out).
 *
 * Issue 34 adds the withdrawal of approved leave: a request whose withdrawal is asked is decided by another
 * administrator with Approve withdrawal or Reject withdrawal (POST /leave-requests/{id}/withdrawal/decision
 * {decision: APPROVE or REJECT}); approved it is Withdrawn and counts nowhere, rejected it is Approved again;
 * until then it still counts as approved. The toasts are worded as the spec's: 'Withdrawal approved!' /
 * 'Leave request withdrawn for {name}', 'Withdrawal rejected!' / 'Leave request stays approved for {name}'.
 * When the server names the payslips the withdrawal touched (a processed one is not changed), the sheet
 * stays open and says so, showing the request as it now stands.
 * Beside the facts, the employee's balance of the request's leave type in each year its dates fall in
 * (total, taken, pending, available), saying which figure already holds the request's own days, so the
 * approver sees whether it fits.
 */

export interface ReviewModelInput {
  rows: LeaveRequest[];
  /** The other people away on a request's days, by request id (the approver's help, issue 12). */
  clashes: Record<number, Array<{ name: string; line: string }>>;
  /** The viewing link the server gives for an attachment. */
  link: string;
  /** The balance the sheet shows, by request id: a row per year (Year, Total, Taken, Pending, Available). */
  balances: Record<number, string[][]>;
  /** When the server records a decision (the request's new updatedAt). */
  decidedAt: string;
  /** What the server says of a processed payslip an approved withdrawal touched. */
  payslipMessage: string;
}

interface Toast {
  title: string;
  description: string;
}

export interface ReviewModelContext extends ReviewModelInput {
  viewing: number | null;
  decision: 'APPROVED' | 'REJECTED' | null;
  withdrawalDecision: 'APPROVE' | 'REJECT' | null;
  toast: Toast | null;
  decisionsSent: number;
  withdrawalDecisionsSent: number;
}

export type ReviewModelEvent =
  | { type: 'admin.views'; row: number }
  | { type: 'admin.closes' }
  | { type: 'admin.retries' }
  | { type: 'admin.approves' }
  | { type: 'admin.rejects' }
  | { type: 'server.sendsDetails' }
  | { type: 'server.failsDetails' }
  | { type: 'server.decides' }
  | { type: 'server.refusesDecision' }
  | { type: 'admin.approvesWithdrawal' }
  | { type: 'admin.rejectsWithdrawal' }
  | { type: 'server.decidesWithdrawal' }
  | { type: 'server.namesPayslips' };

/** The server refuses a decision (spec section 8: title its message, description its error). */
export const REFUSAL = {
  statusCode: 409,
  error: 'Conflict',
  message: 'This leave request has already been decided.',
};
export const DETAILS_FAILURE = 'The database is unavailable.';
const SHEET = 'Leave Request Details';
const STATUS: Record<LeaveStatus, string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  WITHDRAWAL_REQUESTED: 'Withdrawal requested',
  WITHDRAWN: 'Withdrawn',
};
/** The cards and the statuses each counts: a withdrawal asked is still approved, a withdrawn one nowhere. */
const CARDS = [
  ['Pending Approval', ['PENDING']],
  ['Requests Approved', ['APPROVED', 'WITHDRAWAL_REQUESTED']],
  ['Requests Rejected', ['REJECTED']],
] as const satisfies ReadonlyArray<readonly [string, readonly LeaveStatus[]]>;

const withMarker = (date: string, isAm: boolean) => `${singaporeDay(date)} ${isAm ? 'AM' : 'PM'}`;
const capitalised = (text: string) => text.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());

type Snapshot = { context: ReviewModelContext };
const ctx = (m: unknown) => (m as Snapshot).context;
const viewed = (c: ReviewModelContext) => {
  const row = c.rows.find((r) => r.id === c.viewing);
  if (!row) throw new Error(`model: no request ${c.viewing}`);
  return row;
};
const sheet = () => theOpen('dialog', SHEET);

function fieldsOf(root: HTMLElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const item of root.querySelectorAll('dl > div')) {
    const label = item.querySelector('dt')?.textContent?.trim();
    if (label) fields[label] = item.querySelector('dd')?.textContent?.trim() ?? '';
  }
  return fields;
}

/** The Approve and Reject buttons (Processing... stands for the one whose decision is out). */
const decisionButtons = () =>
  buttonsIn(sheet(), /^(Approve|Reject|Processing\.\.\.)$/).filter((b) => b.closest('[role="dialog"]'));
/** Approve withdrawal and Reject withdrawal (Processing... stands for the one whose decision is out). */
const withdrawalButtons = () => buttonsIn(sheet(), /^((Approve|Reject) withdrawal|Processing\.\.\.)$/);
/** Any decision button at all. */
const anyDecisionButtons = () => buttonsIn(sheet(), /^((Approve|Reject)( withdrawal)?|Processing\.\.\.)$/);

/** The table of everyone's requests (spec: it has an Employee column). */
export function requestsTable(): HTMLTableElement {
  const table = tableWithColumn('Employee');
  expect(table, 'the leave requests table').not.toBeNull();
  return table as HTMLTableElement;
}

/** Which decision a PATCH asks for (spec section 7). */
const decided = (c: ReviewModelContext): Partial<ReviewModelContext> => {
  const request = viewed(c);
  const status = c.decision as 'APPROVED' | 'REJECTED';
  const name = request.user.fullName;
  return {
    rows: c.rows.map((r) => (r.id === request.id ? { ...r, status, updatedAt: c.decidedAt } : r)),
    viewing: null,
    decision: null,
    toast:
      status === 'APPROVED'
        ? { title: 'Approval successful!', description: `Leave request approved for ${name}` }
        : { title: 'Rejection successful!', description: `Leave request rejected for ${name}` },
  };
};

/** What the server's answer to a withdrawal decision leaves (issue 34). */
const withdrawalDecided = (c: ReviewModelContext, keepOpen: boolean): Partial<ReviewModelContext> => {
  const request = viewed(c);
  const approved = c.withdrawalDecision === 'APPROVE';
  const name = request.user.fullName;
  return {
    rows: c.rows.map((r) =>
      r.id === request.id ? { ...r, status: approved ? 'WITHDRAWN' : 'APPROVED', updatedAt: c.decidedAt } : r,
    ),
    viewing: keepOpen ? c.viewing : null,
    withdrawalDecision: null,
    toast: approved
      ? { title: 'Withdrawal approved!', description: `Leave request withdrawn for ${name}` }
      : { title: 'Withdrawal rejected!', description: `Leave request stays approved for ${name}` },
  };
};

export const leaveReviewModel = setup({
  types: {
    input: {} as ReviewModelInput,
    context: {} as ReviewModelContext,
    events: {} as ReviewModelEvent,
  },
  guards: {
    listed: ({ context, event }) =>
      event.type === 'admin.views' && context.rows.some((r) => r.id === event.row),
    /** Spec section 4: only a pending request is approved or rejected. */
    isPending: ({ context }) => viewed(context).status === 'PENDING',
    /** Issue 34: only a withdrawal asked is decided. */
    awaitsWithdrawal: ({ context }) => viewed(context).status === 'WITHDRAWAL_REQUESTED',
    /** The server names payslips only when the leave is withdrawn. */
    approvingWithdrawal: ({ context }) => context.withdrawalDecision === 'APPROVE',
  },
  actions: {
    decide: assign(({ context, event }) => ({
      decision: event.type === 'admin.approves' ? ('APPROVED' as const) : ('REJECTED' as const),
      decisionsSent: context.decisionsSent + 1,
      toast: null,
    })),
    decideWithdrawal: assign(({ context, event }) => ({
      withdrawalDecision:
        event.type === 'admin.approvesWithdrawal' ? ('APPROVE' as const) : ('REJECT' as const),
      withdrawalDecisionsSent: context.withdrawalDecisionsSent + 1,
      toast: null,
    })),
  },
}).createMachine({
  id: 'leaveReviewModel',
  context: ({ input }) => ({
    ...input,
    viewing: null,
    decision: null,
    withdrawalDecision: null,
    toast: null,
    decisionsSent: 0,
    withdrawalDecisionsSent: 0,
  }),
  meta: shows((app, m) => {
    const c = ctx(m);
    expect(window.location.pathname).toBe('/admin');
    if (c.toast) expectToast(c.toast.title, c.toast.description);
    const patches = app.server.requests.filter((r) => r.method === 'PATCH');
    expect(patches, 'decisions sent').toHaveLength(c.decisionsSent);
    const withdrawals = app.server.requests.filter((r) => r.path.endsWith('/withdrawal/decision'));
    expect(withdrawals, 'withdrawal decisions sent').toHaveLength(c.withdrawalDecisionsSent);
    // The stat cards and the list show what the server holds (spec section 4: both reload).
    for (const [title, statuses] of CARDS) {
      const card = [...document.querySelectorAll('li')].find((li) => li.textContent?.startsWith(title));
      const counted = c.rows.filter((r) => (statuses as readonly LeaveStatus[]).includes(r.status)).length;
      expect(card?.textContent, title).toBe(`${title}${counted}`);
    }
    const table = requestsTable();
    const rows = bodyRows(table);
    expect(rows).toHaveLength(c.rows.length);
    for (const request of c.rows) {
      const tr = rows.find((r) => r.textContent?.includes(request.user.fullName));
      expect(tr, request.user.fullName).toBeDefined();
      expect(cellsByColumn(table, tr as HTMLElement).Status, request.user.fullName).toBe(
        STATUS[request.status],
      );
    }
  }),
  initial: 'closed',
  states: {
    closed: {
      meta: shows(() => expect(findOpen('dialog', SHEET), 'the sheet is closed').toBeNull()),
      on: {
        'admin.views': {
          guard: 'listed',
          target: 'open',
          actions: assign({ viewing: ({ event }) => event.row, toast: null }),
        },
      },
    },
    open: {
      meta: shows((_app, m) => {
        const row = viewed(ctx(m));
        const root = sheet();
        const pending = row.status === 'PENDING';
        const fields = fieldsOf(root);
        expect(fields.Employee).toBe(row.user.fullName);
        expect(fields.Status).toBe(STATUS[row.status]);
        expect(fields.Type, 'the type, capitalised').toBe(capitalised(row.type));
        const dated = pending ? 'Requested On' : `${STATUS[row.status]} On`;
        expect(fields[dated], dated).toBe(singaporeDay(pending ? row.createdAt : row.updatedAt));
        expect(fields['From Date']).toBe(withMarker(row.fromDate, row.fromDateIsAm));
        expect(fields['To Date']).toBe(withMarker(row.toDate, row.toDateIsAm));
        expect(fields.Duration).toBe(`${row.days} days`);
        expect(root).toHaveTextContent(row.reason?.trim() ? row.reason : 'No reason stated.');
        if (!row.fileUrl) expect(root).toHaveTextContent('No image uploaded.');
        // Spec: approve and reject, with the cannot-be-undone statement, for a pending request only.
        expect(/cannot be undone/.test(root.textContent ?? ''), 'the cannot-be-undone statement').toBe(
          pending,
        );
        // Issue 34: a withdrawal asked offers its own decision; nothing else offers one.
        const asked = row.status === 'WITHDRAWAL_REQUESTED';
        if (pending) expect(decisionButtons().length, 'Approve and Reject offered').toBe(2);
        else if (asked) expect(withdrawalButtons().length, 'the withdrawal decision offered').toBe(2);
        expect(anyDecisionButtons().length, 'no other decision offered').toBe(pending || asked ? 2 : 0);
      }),
      initial: 'loading',
      states: {
        loading: {
          meta: shows((app, m) => {
            const row = viewed(ctx(m));
            const links = app.server.pending('GET', '/api/s3/signed-url');
            if (row.fileUrl) expect(links.at(-1)?.query.get('fileUrl')).toBe(row.fileUrl);
            else expect(links, 'no link asked for without an attachment').toHaveLength(0);
            for (const b of anyDecisionButtons()) expect(b, 'no decision before the details').toBeDisabled();
          }),
          on: {
            'admin.closes': { target: '#leaveReviewModel.closed', actions: assign({ viewing: null }) },
            'server.sendsDetails': { target: 'ready' },
            'server.failsDetails': { target: 'failed' },
          },
        },
        failed: {
          meta: shows(() => {
            expect(sheet().querySelector('[role="alert"]')).toHaveTextContent(DETAILS_FAILURE);
            expect(buttonIn(sheet(), 'Try again')).toBeEnabled();
            for (const b of anyDecisionButtons()) expect(b).toBeDisabled();
          }),
          on: {
            'admin.retries': { target: 'loading' },
            'admin.closes': { target: '#leaveReviewModel.closed', actions: assign({ viewing: null }) },
          },
        },
        ready: {
          meta: shows((_app, m) => {
            const c = ctx(m);
            const row = viewed(c);
            const root = sheet();
            if (row.fileUrl) {
              // Spec: a reference ending in pdf in an embedded frame, otherwise an image.
              const pdf = row.fileUrl.toLowerCase().endsWith('pdf');
              const shown = root.querySelector(pdf ? 'iframe' : 'img');
              expect(shown?.getAttribute('src'), pdf ? 'the PDF frame' : 'the image').toBe(c.link);
            }
            const away = c.clashes[row.id] ?? [];
            if (away.length === 0) expect(root).toHaveTextContent('No one else is away on these days.');
            for (const other of away) {
              expect(root).toHaveTextContent(other.name);
              expect(root).toHaveTextContent(other.line);
            }
            // The employee's balance of this leave type, a row per year of its dates.
            const table = [...root.querySelectorAll('table')].find(
              (t) => t.querySelector('th')?.textContent === 'Year',
            );
            expect(table, 'the balance table').toBeDefined();
            const headers = [...(table as HTMLTableElement).querySelectorAll('thead th')].map(
              (th) => th.textContent,
            );
            expect(headers).toEqual(['Year', 'Total', 'Taken', 'Pending', 'Available']);
            const rows = [...(table as HTMLTableElement).querySelectorAll('tbody tr')].map((tr) =>
              [...tr.querySelectorAll('td')].map((td) => td.textContent),
            );
            expect(rows, 'the balance per year').toEqual(c.balances[row.id]);
            // Asked to be withdrawn, the leave still counts as taken until another administrator approves that.
            const holds = {
              PENDING: 'Pending',
              APPROVED: 'Taken',
              WITHDRAWAL_REQUESTED: 'Taken',
              REJECTED: null,
              WITHDRAWN: null,
            }[row.status];
            if (holds) expect(root).toHaveTextContent(`${holds} includes this request's days.`);
            else expect(root).not.toHaveTextContent(/includes this request/);
            const labels = decisionButtons().map((b) => b.textContent?.trim());
            if (row.status === 'PENDING') expect(labels.sort()).toEqual(['Approve', 'Reject']);
            for (const b of anyDecisionButtons()) expect(b).toBeEnabled();
            if (row.status === 'WITHDRAWAL_REQUESTED') {
              expect(withdrawalButtons().map((b) => b.textContent?.trim())).toEqual([
                'Reject withdrawal',
                'Approve withdrawal',
              ]);
            }
          }),
          on: {
            'admin.closes': { target: '#leaveReviewModel.closed', actions: assign({ viewing: null }) },
            'admin.approves': { guard: 'isPending', target: 'deciding', actions: 'decide' },
            'admin.rejects': { guard: 'isPending', target: 'deciding', actions: 'decide' },
            'admin.approvesWithdrawal': {
              guard: 'awaitsWithdrawal',
              target: 'decidingWithdrawal',
              actions: 'decideWithdrawal',
            },
            'admin.rejectsWithdrawal': {
              guard: 'awaitsWithdrawal',
              target: 'decidingWithdrawal',
              actions: 'decideWithdrawal',
            },
          },
        },
        decidingWithdrawal: {
          meta: shows((app, m) => {
            const c = ctx(m);
            const row = viewed(c);
            const [post] = app.server.pending('POST', `/api/leave-requests/${row.id}/withdrawal/decision`);
            expect(post?.body, 'the decision sent').toEqual({ decision: c.withdrawalDecision });
            // 'Processing...' on the chosen button; both wait.
            const other = c.withdrawalDecision === 'APPROVE' ? 'Reject withdrawal' : 'Approve withdrawal';
            expect(withdrawalButtons().map((b) => b.textContent?.trim())).toEqual(
              c.withdrawalDecision === 'APPROVE' ? [other, 'Processing...'] : ['Processing...', other],
            );
            for (const b of withdrawalButtons()) expect(b).toBeDisabled();
          }),
          on: {
            'server.decidesWithdrawal': {
              target: '#leaveReviewModel.closed',
              actions: assign(({ context }) => withdrawalDecided(context, false)),
            },
            'server.namesPayslips': {
              guard: 'approvingWithdrawal',
              target: 'told',
              actions: assign(({ context }) => withdrawalDecided(context, true)),
            },
            'server.refusesDecision': {
              target: 'ready',
              actions: assign({
                withdrawalDecision: null,
                toast: { title: REFUSAL.message, description: REFUSAL.error },
              }),
            },
          },
        },
        told: {
          // The request as it now stands (the sheet's facts above), and the payslip the server named.
          meta: shows((_app, m) => {
            expect(sheet().querySelector('[role="status"]')).toHaveTextContent(ctx(m).payslipMessage);
            expect(buttonsIn(sheet(), 'Processing...')).toHaveLength(0);
          }),
          on: {
            'admin.closes': { target: '#leaveReviewModel.closed', actions: assign({ viewing: null }) },
          },
        },
        deciding: {
          meta: shows((app, m) => {
            const c = ctx(m);
            const row = viewed(c);
            const [patch] = app.server.pending('PATCH', `/api/leave-requests/${row.id}`);
            expect(patch?.body, 'the decision sent').toEqual({ status: c.decision });
            // Spec section 8: the chosen button reads 'Processing...'; both wait.
            const buttons = decisionButtons();
            expect(buttons.map((b) => b.textContent?.trim()).sort()).toEqual(
              [
                c.decision === 'APPROVED' ? 'Processing...' : 'Approve',
                c.decision === 'REJECTED' ? 'Processing...' : 'Reject',
              ].sort(),
            );
            for (const b of buttons) expect(b).toBeDisabled();
          }),
          on: {
            'server.decides': {
              target: '#leaveReviewModel.closed',
              actions: assign(({ context }) => decided(context)),
            },
            'server.refusesDecision': {
              target: 'ready',
              actions: assign({
                decision: null,
                toast: { title: REFUSAL.message, description: REFUSAL.error },
              }),
            },
          },
        },
      },
    },
  },
});
