import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { LeaveRequest } from '../../src/domain/leave';
import { expectToast, isDialogOpen, openDialog, type RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';

/**
 * One leave request's life as its people see it, from spec sections 2 (admin dashboard and its Leave Request
 * Details sheet, staff dashboard, Delete Request), 4 (Leave request status: PENDING to APPROVED or REJECTED;
 * only an admin decides and only a pending request; only the owner deletes and only a PENDING request), 8
 * (approve, reject and delete toasts) and docs/decisions/0003 (nobody decides their own leave).
 *
 * Who looks is the input: the owner (STAFF, on /staff: the row's Actions menu offers View, and Delete Request
 * while pending), an administrator deciding someone else's request (/admin: the sheet offers Approve and
 * Reject while pending), or an administrator looking at their own request (never offered a decision).
 *
 * Issue 34: approved leave that has not started (the request here starts after the walk's today) can be
 * withdrawn: its owner asks with 'Withdraw leave' in the details panel (View), and the request shows
 * 'Withdrawal requested'; an administrator other than the owner decides with Approve withdrawal or Reject
 * withdrawal in the sheet: approved it is 'Withdrawn' and changes no more, rejected it is 'Approved' again.
 */

export type Viewer = 'owner' | 'admin' | 'adminOwn';
export type Status = 'PENDING' | 'APPROVED' | 'REJECTED' | 'WITHDRAWAL_REQUESTED' | 'WITHDRAWN';

export interface LeaveRequestModel {
  viewer: Viewer;
  request: LeaveRequest;
  /** What the server holds: the status, or null once deleted. */
  status: Status | null;
  /** The decision sent, while it is out (on the request, or on its withdrawal). */
  decision: 'APPROVED' | 'REJECTED' | 'APPROVE' | 'REJECT' | null;
  toast: { title: string; description: string } | null;
}

export type LeaveRequestEvent =
  | { type: 'user.opensMenu' }
  | { type: 'user.closesMenu' }
  | { type: 'user.choosesDelete' }
  | { type: 'user.cancels' }
  | { type: 'user.continues' }
  | { type: 'server.deletes' }
  | { type: 'user.opensSheet' }
  | { type: 'user.closesSheet' }
  | { type: 'user.approves' }
  | { type: 'user.rejects' }
  | { type: 'server.decides' }
  | { type: 'user.opensDetails' }
  | { type: 'user.closesDetails' }
  | { type: 'user.withdraws' }
  | { type: 'server.acceptsWithdrawal' }
  | { type: 'user.approvesWithdrawal' }
  | { type: 'user.rejectsWithdrawal' }
  | { type: 'server.decidesWithdrawal' };

const ctx = (m: { context: unknown }) => m.context as LeaveRequestModel;
const LABEL: Record<Status, string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  WITHDRAWAL_REQUESTED: 'Withdrawal requested',
  WITHDRAWN: 'Withdrawn',
};
const SHEET = 'Leave Request Details';
const CONFIRM = 'Are you absolutely sure?';

/** The request's row in the table on show, or null. */
export const rowOf = (request: LeaveRequest) => {
  // Behind an open dialog the table is hidden from the accessibility tree, but still there.
  const table = screen.getByRole('table', { name: /leave requests/i, hidden: true });
  return (
    within(table)
      .queryAllByRole('row', { hidden: true })
      .find((row) => within(row).queryByText(request.type)) ?? null
  );
};
/** Open, not merely mounted: jsdom never ends a closed menu's exit animation. */
const openMenu = () =>
  screen.queryAllByRole('menu', { hidden: true }).find((el) => el.getAttribute('data-state') === 'open') ??
  null;
const sheetOpen = () => isDialogOpen('dialog', SHEET);

/** The row, the sheet and the dialog as they are in a state with no menu, sheet or question open. */
const idle = shows((app: RunningApp) => {
  expect(openMenu(), 'no menu open').toBeNull();
  expect(sheetOpen(), 'the sheet is closed').toBe(false);
  expect(isDialogOpen('alertdialog', CONFIRM)).toBe(false);
  expect(app.server.pending('DELETE'), 'no deletion out').toHaveLength(0);
  expect(app.server.pending('PATCH'), 'no decision out').toHaveLength(0);
  expect(app.server.pending('POST'), 'no withdrawal out').toHaveLength(0);
});

/** Spec section 2: the row's actions are View, and Delete Request only while the request is PENDING. */
const menuShows = shows((_app, m) => {
  const menu = openMenu();
  if (!menu) throw new Error('the menu is not open');
  expect(within(menu).getByRole('menuitem', { name: 'View' })).toBeInTheDocument();
  const offered = within(menu).queryByRole('menuitem', { name: 'Delete Request' }) !== null;
  expect(offered, 'Delete Request offered exactly while pending').toBe(ctx(m).status === 'PENDING');
});

/** The sheet: its status, Approve and Reject only for a pending request of someone else, and the withdrawal's. */
const sheetShows = shows((_app, m) => {
  const { status, viewer } = ctx(m);
  const sheet = openDialog('dialog', SHEET);
  const item = within(sheet).getByText('Status', { selector: 'dt' }).parentElement;
  expect(item?.querySelector('dd')?.textContent).toBe(LABEL[status ?? 'PENDING']);
  const decides = status === 'PENDING' && viewer === 'admin';
  expect(within(sheet).queryByRole('button', { name: 'Approve' }) !== null, 'Approve offered').toBe(decides);
  expect(within(sheet).queryByRole('button', { name: 'Reject' }) !== null, 'Reject offered').toBe(decides);
  const withdrawal = status === 'WITHDRAWAL_REQUESTED' && viewer === 'admin';
  for (const name of ['Approve withdrawal', 'Reject withdrawal']) {
    expect(within(sheet).queryByRole('button', { name }) !== null, `${name} offered`).toBe(withdrawal);
  }
});

/** The owner's details panel: its status, and Withdraw leave only for approved leave (not started here). */
const detailsShow = shows((app, m) => {
  const { status } = ctx(m);
  const panel = openDialog('dialog', SHEET);
  const item = within(panel).getByText('Status', { selector: 'dt' }).parentElement;
  expect(item?.querySelector('dd')?.textContent).toBe(LABEL[status ?? 'PENDING']);
  const offered = within(panel).queryByRole('button', { name: 'Withdraw leave' }) !== null;
  expect(offered, 'Withdraw leave offered exactly for approved leave').toBe(status === 'APPROVED');
  expect(app.server.pending('POST'), 'no withdrawal out').toHaveLength(0);
});

export const leaveRequestModel = setup({
  types: {
    context: {} as LeaveRequestModel,
    events: {} as LeaveRequestEvent,
    input: {} as { viewer: Viewer; request: LeaveRequest },
  },
  actions: { noToast: assign({ toast: null }) },
  guards: {
    isOwner: ({ context }) => context.viewer === 'owner',
    isAdmin: ({ context }) => context.viewer !== 'owner',
    // Decision 0003: an administrator never decides their own request.
    decidesForOthers: ({ context }) => context.viewer === 'admin',
    wasApproval: ({ context }) => context.decision === 'APPROVED',
    wasWithdrawn: ({ context }) => context.decision === 'APPROVE',
    startsApproved: ({ context }) => context.status === 'APPROVED',
    startsRejected: ({ context }) => context.status === 'REJECTED',
    startsWithdrawalRequested: ({ context }) => context.status === 'WITHDRAWAL_REQUESTED',
    startsWithdrawn: ({ context }) => context.status === 'WITHDRAWN',
  },
}).createMachine({
  id: 'leaveRequestModel',
  context: ({ input }) => ({
    viewer: input.viewer,
    request: input.request,
    status: input.request.status as Status,
    decision: null,
    toast: null,
  }),
  meta: shows((_app, m) => {
    const { request, status, toast } = ctx(m);
    if (toast) expectToast(toast.title, toast.description);
    // The row shows the status the server holds, and is gone once deleted.
    const row = rowOf(request);
    if (status === null) expect(row, 'the deleted request is gone from the list').toBeNull();
    else {
      expect(row, 'the request is listed').not.toBeNull();
      expect(row).toHaveTextContent(LABEL[status]);
    }
  }),
  initial: 'opening',
  states: {
    opening: {
      always: [
        { guard: 'startsApproved', target: 'approved' },
        { guard: 'startsRejected', target: 'rejected' },
        { guard: 'startsWithdrawalRequested', target: 'withdrawalRequested' },
        { guard: 'startsWithdrawn', target: 'withdrawn' },
        { target: 'pending' },
      ],
    },
    pending: {
      initial: 'idle',
      states: {
        idle: {
          meta: idle,
          on: {
            'user.opensMenu': { guard: 'isOwner', target: 'menu', actions: 'noToast' },
            'user.opensSheet': { guard: 'isAdmin', target: 'sheet', actions: 'noToast' },
          },
        },
        menu: {
          meta: menuShows,
          on: {
            'user.closesMenu': 'idle',
            'user.choosesDelete': 'confirming',
          },
        },
        confirming: {
          // The question, with Cancel and Continue; nothing is sent before Continue.
          meta: shows((app) => {
            const dialog = openDialog('alertdialog', CONFIRM);
            expect(dialog).toHaveTextContent(
              'This action cannot be undone. This will permanently delete this leave request.',
            );
            expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
            expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeEnabled();
            expect(app.server.pending('DELETE')).toHaveLength(0);
          }),
          on: {
            'user.cancels': 'idle',
            'user.continues': 'deleting',
          },
        },
        deleting: {
          // Spec section 8: the button reads 'Processing...' while the DELETE is out.
          meta: shows((app, m) => {
            const dialog = openDialog('alertdialog', CONFIRM);
            expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeDisabled();
            expect(app.server.pending('DELETE').map((r) => r.path)).toEqual([
              `/api/leave-requests/${ctx(m).request.id}`,
            ]);
          }),
          on: {
            'server.deletes': {
              target: '#leaveRequestModel.deleted',
              actions: assign({
                status: null,
                toast: {
                  title: 'Leave request deleted',
                  description: 'The leave request has been deleted successfully.',
                },
              }),
            },
          },
        },
        sheet: {
          meta: sheetShows,
          on: {
            'user.closesSheet': 'idle',
            'user.approves': {
              guard: 'decidesForOthers',
              target: 'deciding',
              actions: assign({ decision: 'APPROVED' }),
            },
            'user.rejects': {
              guard: 'decidesForOthers',
              target: 'deciding',
              actions: assign({ decision: 'REJECTED' }),
            },
          },
        },
        deciding: {
          meta: shows((app, m) => {
            const { request, decision } = ctx(m);
            const sheet = openDialog('dialog', SHEET);
            expect(within(sheet).getByRole('button', { name: 'Processing...' })).toBeDisabled();
            expect(app.server.pending('PATCH').map((r) => [r.path, r.body])).toEqual([
              [`/api/leave-requests/${request.id}`, { status: decision }],
            ]);
          }),
          on: {
            // Spec section 4: the status shows updated and the sheet closes; section 8: the toast.
            'server.decides': [
              {
                guard: 'wasApproval',
                target: '#leaveRequestModel.approved',
                actions: assign(({ context }) => ({
                  status: 'APPROVED' as const,
                  decision: null,
                  toast: {
                    title: 'Approval successful!',
                    description: `Leave request approved for ${context.request.user.fullName}`,
                  },
                })),
              },
              {
                target: '#leaveRequestModel.rejected',
                actions: assign(({ context }) => ({
                  status: 'REJECTED' as const,
                  decision: null,
                  toast: {
                    title: 'Rejection successful!',
                    description: `Leave request rejected for ${context.request.user.fullName}`,
                  },
                })),
              },
            ],
          },
        },
      },
    },
    approved: {
      initial: 'idle',
      states: {
        idle: {
          meta: idle,
          on: {
            'user.opensMenu': { guard: 'isOwner', target: 'menu', actions: 'noToast' },
            'user.opensSheet': { guard: 'isAdmin', target: 'sheet', actions: 'noToast' },
          },
        },
        menu: { meta: menuShows, on: { 'user.closesMenu': 'idle', 'user.opensDetails': 'details' } },
        sheet: { meta: sheetShows, on: { 'user.closesSheet': 'idle' } },
        details: {
          meta: detailsShow,
          on: { 'user.closesDetails': 'idle', 'user.withdraws': 'withdrawing' },
        },
        withdrawing: {
          // 'Processing...' while the ask is out.
          meta: shows((app, m) => {
            const panel = openDialog('dialog', SHEET);
            expect(within(panel).getByRole('button', { name: 'Processing...' })).toBeDisabled();
            expect(app.server.pending('POST').map((r) => r.path)).toEqual([
              `/api/leave-requests/${ctx(m).request.id}/withdrawal`,
            ]);
          }),
          on: {
            'server.acceptsWithdrawal': {
              target: '#leaveRequestModel.withdrawalRequested',
              actions: assign({
                status: 'WITHDRAWAL_REQUESTED' as const,
                toast: {
                  title: 'Withdrawal requested!',
                  description: 'The withdrawal has to be approved by your employer.',
                },
              }),
            },
          },
        },
      },
    },
    withdrawalRequested: {
      initial: 'idle',
      states: {
        idle: {
          meta: idle,
          on: {
            'user.opensMenu': { guard: 'isOwner', target: 'menu', actions: 'noToast' },
            'user.opensSheet': { guard: 'isAdmin', target: 'sheet', actions: 'noToast' },
          },
        },
        menu: { meta: menuShows, on: { 'user.closesMenu': 'idle', 'user.opensDetails': 'details' } },
        details: { meta: detailsShow, on: { 'user.closesDetails': 'idle' } },
        sheet: {
          meta: sheetShows,
          on: {
            'user.closesSheet': 'idle',
            'user.approvesWithdrawal': {
              guard: 'decidesForOthers',
              target: 'deciding',
              actions: assign({ decision: 'APPROVE' }),
            },
            'user.rejectsWithdrawal': {
              guard: 'decidesForOthers',
              target: 'deciding',
              actions: assign({ decision: 'REJECT' }),
            },
          },
        },
        deciding: {
          meta: shows((app, m) => {
            const { request, decision } = ctx(m);
            const sheet = openDialog('dialog', SHEET);
            expect(within(sheet).getByRole('button', { name: 'Processing...' })).toBeDisabled();
            expect(app.server.pending('POST').map((r) => [r.path, r.body])).toEqual([
              [`/api/leave-requests/${request.id}/withdrawal/decision`, { decision }],
            ]);
          }),
          on: {
            'server.decidesWithdrawal': [
              {
                guard: 'wasWithdrawn',
                target: '#leaveRequestModel.withdrawn',
                actions: assign(({ context }) => ({
                  status: 'WITHDRAWN' as const,
                  decision: null,
                  toast: {
                    title: 'Withdrawal approved!',
                    description: `Leave request withdrawn for ${context.request.user.fullName}`,
                  },
                })),
              },
              {
                target: '#leaveRequestModel.approved',
                actions: assign(({ context }) => ({
                  status: 'APPROVED' as const,
                  decision: null,
                  toast: {
                    title: 'Withdrawal rejected!',
                    description: `Leave request stays approved for ${context.request.user.fullName}`,
                  },
                })),
              },
            ],
          },
        },
      },
    },
    rejected: settled(),
    withdrawn: settled(),
    deleted: { type: 'final', meta: idle },
  },
});

/** A request that no longer changes: it can be looked at, nothing more (no Delete Request, no decision). */
function settled() {
  return {
    initial: 'idle' as const,
    states: {
      idle: {
        meta: idle,
        on: {
          'user.opensMenu': { guard: 'isOwner' as const, target: 'menu', actions: 'noToast' as const },
          'user.opensSheet': { guard: 'isAdmin' as const, target: 'sheet', actions: 'noToast' as const },
        },
      },
      menu: { meta: menuShows, on: { 'user.closesMenu': 'idle' } },
      sheet: { meta: sheetShows, on: { 'user.closesSheet': 'idle' } },
    },
  };
}
