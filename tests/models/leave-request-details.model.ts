import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { LeaveRequest } from '../../src/domain/leave';
import { expectToast } from '../machines/harness';
import { shows } from '../machines/spec-walk';
import { singaporeDay } from './calendar-words';
import { bodyRows, buttonIn, buttonsIn, findOpen, tableWithColumn, theOpen } from './leave-dom';

/**
 * The staff's Leave Request Details panel as spec section 2 describes it (read-only; 'pending approval from
 * the admin' for a pending request; Status, Type, Requested/Approved/Rejected On, From and To Date with
 * AM/PM, Duration in days, Reason or 'No reason stated.', the attachment as an image or an embedded PDF with
 * an open-in-new-tab link, else 'No image uploaded.'; Delete with its cannot-be-undone note only while
 * pending; a link that cannot be had says the server's reason where the attachment goes, with Try again,
 * which asks for it again), section 4 (the creation date while pending, the last update once decided; only a PENDING request
 * is deleted, and a deleted one leaves the list), section 7 (GET /s3/signed-url for the attachment, DELETE
 * /leave-requests/{id}) and section 8 (the delete toasts; 'Processing...' while the request is out).
 *
 * Issue 34: the person on leave (not an administrator looking at it) is offered 'Withdraw leave' for approved
 * leave that has not started (its start date after today); it sends POST /leave-requests/{id}/withdrawal,
 * reads 'Processing...' meanwhile, and on success says 'Withdrawal requested!' / 'The withdrawal has to be
 * approved by your employer.', closes and lists the request as 'Withdrawal requested'; a refusal keeps the panel.
 */

export interface DetailsModelInput {
  path: string;
  /** The requests the server holds for the person. */
  rows: LeaveRequest[];
  /** The viewing link the server gives for an attachment. */
  link: string;
  /** What the server says when it cannot give the link. */
  failure: string;
  /** Today, as the clock the walk sets says (YYYY-MM-DD). */
  today: string;
  /** Whether the one looking is the person on leave (My profile), not an administrator (user detail). */
  owner: boolean;
  /** When the server records a withdrawal asked (the request's new updatedAt). */
  withdrawnAt: string;
}

interface Toast {
  title: string;
  description: string;
}

export interface DetailsModelContext extends DetailsModelInput {
  viewing: number | null;
  toast: Toast | null;
  deletes: number;
  withdrawals: number;
}

export type DetailsModelEvent =
  | { type: 'user.views'; row: number }
  | { type: 'user.closes' }
  | { type: 'user.deletes' }
  | { type: 'server.sendsLink' }
  | { type: 'server.failsLink' }
  | { type: 'user.triesAgain' }
  | { type: 'server.deletes' }
  | { type: 'server.refusesDelete' }
  | { type: 'user.withdraws' }
  | { type: 'server.acceptsWithdrawal' }
  | { type: 'server.refusesWithdrawal' };

/** What the server says when it will not delete (spec section 8: title its message, text its error). */
export const REFUSAL = {
  statusCode: 409,
  error: 'Conflict',
  message: 'Only a pending leave request can be deleted.',
};
/** What the server says when it will not take the withdrawal. */
export const WITHDRAWAL_REFUSAL = {
  statusCode: 409,
  error: 'Conflict',
  message: 'Only approved leave that has not started can be withdrawn.',
};
const TITLE = 'Leave Request Details';
const STATUS = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  WITHDRAWAL_REQUESTED: 'Withdrawal requested',
  WITHDRAWN: 'Withdrawn',
} as const;
/** Issue 34: offered to the person on leave, for approved leave starting after today. */
const withdrawable = (c: DetailsModelContext, row: LeaveRequest) =>
  c.owner && row.status === 'APPROVED' && row.fromDate > c.today;

const marker = (isAm: boolean) => (isAm ? 'AM' : 'PM');

type Snapshot = { context: DetailsModelContext };
const ctx = (m: unknown) => (m as Snapshot).context;
const viewed = (c: DetailsModelContext) => {
  const row = c.rows.find((r) => r.id === c.viewing);
  if (!row) throw new Error(`model: no request ${c.viewing}`);
  return row;
};
const panel = () => theOpen('dialog', TITLE);
/** The panel's close control (an icon button). */
const closeControl = () => panel().querySelector('button[aria-label="Close"]');
const isPdf = (reference: string) => reference.toLowerCase().endsWith('pdf');

/** The fields of the panel, label by label. */
function fieldsOf(root: HTMLElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const item of root.querySelectorAll('dl > div, [data-part="item"]')) {
    const label = item.querySelector('dt, [data-part="item-label"]')?.textContent?.trim();
    const value = item.querySelector('dd, [data-part="item-value"]')?.textContent?.trim();
    if (label) fields[label] = value ?? '';
  }
  return fields;
}

export const leaveRequestDetailsModel = setup({
  types: {
    input: {} as DetailsModelInput,
    context: {} as DetailsModelContext,
    events: {} as DetailsModelEvent,
  },
  guards: {
    /** The row is in the list (a deleted one is not). */
    listed: ({ context, event }) =>
      event.type === 'user.views' && context.rows.some((r) => r.id === event.row),
    listedWithAttachment: ({ context, event }) =>
      event.type === 'user.views' && Boolean(context.rows.find((r) => r.id === event.row)?.fileUrl),
    /** Spec sections 2 and 4: only a PENDING request is deleted. */
    isPending: ({ context }) => viewed(context).status === 'PENDING',
    isWithdrawable: ({ context }) => withdrawable(context, viewed(context)),
  },
}).createMachine({
  id: 'leaveRequestDetailsModel',
  context: ({ input }) => ({ ...input, viewing: null, toast: null, deletes: 0, withdrawals: 0 }),
  meta: shows((app, m) => {
    const c = ctx(m);
    expect(window.location.pathname).toBe(c.path);
    if (c.toast) expectToast(c.toast.title, c.toast.description);
    const sent = app.server.requests.filter((r) => r.method === 'DELETE').length;
    expect(sent, 'DELETEs sent').toBe(c.deletes);
    const asked = app.server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/withdrawal'));
    expect(asked.length, 'withdrawals asked').toBe(c.withdrawals);
    // The list shows what the server holds: a deleted request is gone from it.
    const table = tableWithColumn('Start Date');
    expect(table, 'the leave requests table').not.toBeNull();
    const shown = bodyRows(table as HTMLTableElement).map((tr) => tr.textContent ?? '');
    expect(shown).toHaveLength(c.rows.length);
    for (const row of c.rows)
      expect(
        shown.some((text) => text.includes(row.type) && text.includes(STATUS[row.status])),
        `${row.type}, ${STATUS[row.status]}`,
      ).toBe(true);
  }),
  initial: 'closed',
  states: {
    closed: {
      meta: shows(() => expect(findOpen('dialog', TITLE), 'the panel is closed').toBeNull()),
      on: {
        'user.views': [
          {
            guard: 'listedWithAttachment',
            target: ['open.attachment.loading', 'open.request.viewing'],
            actions: assign({ viewing: ({ event }) => event.row, toast: null }),
          },
          {
            guard: 'listed',
            target: ['open.attachment.none', 'open.request.viewing'],
            actions: assign({ viewing: ({ event }) => event.row, toast: null }),
          },
        ],
      },
    },
    open: {
      type: 'parallel',
      meta: shows((_app, m) => {
        const row = viewed(ctx(m));
        const root = panel();
        const text = root.textContent ?? '';
        const pending = row.status === 'PENDING';
        expect(text.includes('pending approval from the admin'), 'says it is pending').toBe(pending);
        const fields = fieldsOf(root);
        expect(fields.Status).toBe(STATUS[row.status]);
        expect(fields.Type).toBe(row.type);
        // Spec section 4: the creation date while pending, the last update once decided.
        const dated = pending ? 'Requested On' : `${STATUS[row.status]} On`;
        expect(fields[dated], dated).toBe(singaporeDay(pending ? row.createdAt : row.updatedAt));
        expect(fields['From Date']).toBe(`${singaporeDay(row.fromDate)} ${marker(row.fromDateIsAm)}`);
        expect(fields['To Date']).toBe(`${singaporeDay(row.toDate)} ${marker(row.toDateIsAm)}`);
        expect(fields.Duration).toBe(`${row.days} days`);
        expect(text).toContain(row.reason?.trim() ? row.reason : 'No reason stated.');
        expect(/cannot be undone/.test(text), 'the cannot-be-undone note').toBe(pending);
        if (!pending) expect(buttonsIn(root, 'Delete'), 'no Delete').toHaveLength(0);
        if (!withdrawable(ctx(m), row))
          expect(buttonsIn(root, 'Withdraw leave'), 'no Withdraw leave').toHaveLength(0);
      }),
      states: {
        attachment: {
          initial: 'none',
          states: {
            none: {
              meta: shows(() => {
                expect(panel()).toHaveTextContent('No image uploaded.');
                expect(buttonsIn(panel(), 'Try again')).toHaveLength(0);
              }),
            },
            loading: {
              meta: shows((app, m) => {
                const [get] = app.server.pending('GET', '/api/s3/signed-url');
                expect(get?.query.get('fileUrl'), 'the link asked for its file').toBe(viewed(ctx(m)).fileUrl);
                expect(buttonsIn(panel(), 'Try again'), 'no Try again while it is asked').toHaveLength(0);
              }),
              on: {
                'server.sendsLink': { target: 'shown' },
                'server.failsLink': { target: 'failed' },
              },
            },
            shown: {
              meta: shows((_app, m) => {
                const c = ctx(m);
                const root = panel();
                // Spec section 2: a reference ending in pdf in a frame with a link to a new tab, else an image.
                if (isPdf(viewed(c).fileUrl ?? '')) {
                  expect(root.querySelector('iframe')?.getAttribute('src')).toBe(c.link);
                  const link = root.querySelector(`a[href="${c.link}"]`);
                  expect(link, 'the open-in-new-tab link').not.toBeNull();
                  expect(link).toHaveAttribute('target', '_blank');
                  expect(root.querySelector('img')).toBeNull();
                } else {
                  expect(root.querySelector('img')?.getAttribute('src')).toBe(c.link);
                  expect(root.querySelector('iframe')).toBeNull();
                }
              }),
            },
            failed: {
              meta: shows((_app, m) => {
                // The server's reason where the attachment goes, and a way to ask again.
                const retry = buttonIn(panel(), 'Try again');
                expect(retry).toBeEnabled();
                expect(retry.closest('[role="alert"]')).toHaveTextContent(ctx(m).failure);
                expect(panel().querySelector('iframe, img')).toBeNull();
              }),
              on: { 'user.triesAgain': { target: 'loading' } },
            },
          },
        },
        request: {
          initial: 'viewing',
          states: {
            viewing: {
              meta: shows((_app, m) => {
                const root = panel();
                const pending = viewed(ctx(m)).status === 'PENDING';
                if (pending) expect(buttonIn(root, 'Delete')).toBeEnabled();
                expect(buttonsIn(root, 'Delete')).toHaveLength(pending ? 1 : 0);
                if (withdrawable(ctx(m), viewed(ctx(m))))
                  expect(buttonIn(root, 'Withdraw leave')).toBeEnabled();
                expect(buttonsIn(root, 'Processing...'), 'nothing in flight').toHaveLength(0);
                expect(closeControl(), 'the panel can be closed').not.toBeNull();
              }),
              on: {
                'user.closes': {
                  target: '#leaveRequestDetailsModel.closed',
                  actions: assign({ toast: null }),
                },
                'user.deletes': {
                  guard: 'isPending',
                  target: 'deleting',
                  actions: assign({ deletes: ({ context }) => context.deletes + 1, toast: null }),
                },
                'user.withdraws': {
                  guard: 'isWithdrawable',
                  target: 'withdrawing',
                  actions: assign({ withdrawals: ({ context }) => context.withdrawals + 1, toast: null }),
                },
              },
            },
            withdrawing: {
              meta: shows((app, m) => {
                const row = viewed(ctx(m));
                expect(app.server.pending('POST', `/api/leave-requests/${row.id}/withdrawal`)).toHaveLength(
                  1,
                );
                expect(buttonIn(panel(), /Processing\.\.\./)).toBeDisabled();
                expect(closeControl(), 'no closing while the withdrawal is out').toBeNull();
              }),
              on: {
                'server.acceptsWithdrawal': {
                  target: '#leaveRequestDetailsModel.closed',
                  actions: assign(({ context }) => ({
                    rows: context.rows.map((r) =>
                      r.id === context.viewing
                        ? { ...r, status: 'WITHDRAWAL_REQUESTED' as const, updatedAt: context.withdrawnAt }
                        : r,
                    ),
                    viewing: null,
                    toast: {
                      title: 'Withdrawal requested!',
                      description: 'The withdrawal has to be approved by your employer.',
                    },
                  })),
                },
                'server.refusesWithdrawal': {
                  target: 'viewing',
                  actions: assign({
                    toast: { title: WITHDRAWAL_REFUSAL.message, description: WITHDRAWAL_REFUSAL.error },
                  }),
                },
              },
            },
            deleting: {
              meta: shows((app, m) => {
                const row = viewed(ctx(m));
                expect(app.server.pending('DELETE', `/api/leave-requests/${row.id}`)).toHaveLength(1);
                // Spec section 8: 'Processing...' and disabled while the request is out.
                expect(buttonIn(panel(), /Processing\.\.\./)).toBeDisabled();
                expect(closeControl(), 'no closing while the DELETE is out').toBeNull();
              }),
              on: {
                'server.deletes': {
                  target: '#leaveRequestDetailsModel.closed',
                  actions: assign(({ context }) => ({
                    rows: context.rows.filter((r) => r.id !== context.viewing),
                    viewing: null,
                    toast: {
                      title: 'Leave request deleted',
                      description: 'The leave request has been deleted successfully.',
                    },
                  })),
                },
                // The panel stays with the request, which can be deleted again.
                'server.refusesDelete': {
                  target: 'viewing',
                  actions: assign({ toast: { title: REFUSAL.message, description: REFUSAL.error } }),
                },
              },
            },
          },
        },
      },
    },
  },
});
