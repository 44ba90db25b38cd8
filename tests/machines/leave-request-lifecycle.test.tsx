import { act, within } from '@testing-library/react';
import { vi } from 'vitest';
import { type AnyActorRef, createActor } from 'xstate';
import type { LeaveRequest } from '../../src/domain/leave';
import {
  type LeaveRequestLifecycleEvent,
  leaveRequestLifecycle,
} from '../../src/domain/lifecycles/leave-request.lifecycle';
import {
  type LeaveRequestEvent,
  leaveRequestModel,
  rowOf,
  type Status,
  type Viewer,
} from '../models/leave-request.model';
import { admin, staff } from '../views/fixtures';
import { getOf, type RecordedRequest } from './fake-server';
import { advance, chooseMenuItem, openDialog, type RunningApp, renderApp, settle, signedIn } from './harness';
import { clash, counts, leaveTypes, pendingWithPdf } from './leave-fixtures';
import { describeSpecWalk } from './spec-walk';
import { allowancesOf, onboardedStaff, yearAsked } from './staff-fixtures';

/**
 * The leave request lifecycle walked from its spec model (tests/models/leave-request.model.ts) through what
 * its people see: the owner's row and its actions on /staff, the administrator's Leave Request Details sheet
 * on /admin. The fake server holds the one request and lists it as it stands. The app's lifecycle machine is
 * run beside the walk and moved only by the requests the screens really sent and the server accepted, so its
 * coverage says which transitions the screens produced. The clock says Monday 30 November 2026 (Singapore): the
 * request, from 14 December, has not started.
 */

const NOW = new Date('2026-11-30T02:00:00.000Z');

const SIGNED_URL = 'http://localhost/api/files/leave/x/letter.pdf?signature=abc';
const owned = (person: { id: number; fullName: string; email: string }, status: Status): LeaveRequest => ({
  ...pendingWithPdf,
  status,
  userId: person.id,
  user: { id: person.id, fullName: person.fullName, email: person.email },
});
const someoneElse = pendingWithPdf.user;

const starts = (['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWAL_REQUESTED', 'WITHDRAWN'] as const).flatMap(
  (status) => [
    { name: `owner, ${status}`, input: { viewer: 'owner' as Viewer, request: owned(staff, status) } },
    { name: `admin, ${status}`, input: { viewer: 'admin' as Viewer, request: owned(someoneElse, status) } },
    {
      name: `admin's own, ${status}`,
      input: { viewer: 'adminOwn' as Viewer, request: owned(admin, status) },
    },
  ],
);

/** What the fake server holds of the request: its status, or null once deleted. */
let held: { request: LeaveRequest; status: Status | null } = { request: pendingWithPdf, status: 'PENDING' };
/** The app's lifecycle machine, beside the walk. */
let lifecycle: AnyActorRef | null = null;
const page = {
  get data() {
    return held.status ? [{ ...held.request, status: held.status }] : [];
  },
  currentPage: 1,
  pageSize: 7,
  get total() {
    return held.status ? 1 : 0;
  },
  totalPages: 1,
};

/** Closes the open menu as a pointer user does: its trigger again (jsdom's menu takes no Escape). */
async function closeMenu(app: RunningApp, trigger: HTMLElement) {
  await app.user.click(trigger);
  await advance(20);
}

const sheet = () => openDialog('dialog', 'Leave Request Details');
const confirm = () => openDialog('alertdialog', 'Are you absolutely sure?');

const events: LeaveRequestEvent[] = [
  { type: 'user.opensMenu' },
  { type: 'user.closesMenu' },
  { type: 'user.choosesDelete' },
  { type: 'user.cancels' },
  { type: 'user.continues' },
  { type: 'server.deletes' },
  { type: 'user.opensSheet' },
  { type: 'user.closesSheet' },
  { type: 'user.approves' },
  { type: 'user.rejects' },
  { type: 'server.decides' },
  { type: 'user.opensDetails' },
  { type: 'user.closesDetails' },
  { type: 'user.withdraws' },
  { type: 'server.acceptsWithdrawal' },
  { type: 'user.approvesWithdrawal' },
  { type: 'user.rejectsWithdrawal' },
  { type: 'server.decidesWithdrawal' },
];

describeSpecWalk<typeof leaveRequestModel, LeaveRequestEvent>({
  title: 'leave request lifecycle, walked from its spec model through the dashboards',
  model: leaveRequestModel,
  starts,
  events,
  serialize: (model) => JSON.stringify([model.context.viewer, model.value, model.context.decision]),
  app: { machine: leaveRequestLifecycle },
  async open(path, inspect) {
    const { viewer, request } = path.input;
    held = { request, status: request.status as Status };
    lifecycle?.stop();
    vi.setSystemTime(NOW);
    const value = {
      PENDING: 'pending',
      APPROVED: 'approved',
      REJECTED: 'rejected',
      WITHDRAWAL_REQUESTED: 'withdrawalRequested',
      WITHDRAWN: 'withdrawn',
    }[request.status as Status];
    lifecycle = createActor(leaveRequestLifecycle, {
      snapshot: leaveRequestLifecycle.resolveState({ value }),
      inspect,
    }).start();
    const owner = viewer === 'owner';
    return renderApp({
      path: owner ? '/staff' : '/admin',
      storage: signedIn(owner ? staff : admin),
      inspect,
      prepare(server) {
        if (owner) {
          server.autoAnswer(getOf(`/api/users/${staff.id}`), 200, { ...onboardedStaff, ...staff });
          server.autoAnswer(getOf(`/api/users/${staff.id}/leave-requests`), 200, page);
          server.autoAnswer(getOf(`/api/users/${staff.id}/leave-requests/count`), 200, counts);
          server.autoAnswer(getOf('/api/leave-calendar'), 200, []);
          server.autoAnswer(getOf('/api/public-holidays'), 200, []);
          server.autoAnswer(getOf('/api/s3/signed-url'), 200, { signedUrl: SIGNED_URL });
        } else {
          server.autoAnswer(getOf('/api/leave-requests'), 200, page);
          server.autoAnswer(getOf('/api/leave-requests/count'), 200, counts);
          server.autoAnswer(getOf('/api/s3/signed-url'), 200, { signedUrl: SIGNED_URL });
          server.autoAnswer(getOf(`/api/leave-requests/${request.id}/clashes`), 200, [clash]);
        }
        server.autoAnswer(getOf('/api/leave-types'), 200, leaveTypes);
        // The owner's Leave Balance, and the requester's in the administrator's sheet.
        const balances = (r: RecordedRequest) => allowancesOf({ 1: 14 }, yearAsked(r));
        server.autoAnswer(
          getOf(`/api/users/${owner ? staff.id : request.userId}/leave-balances`),
          200,
          balances,
        );
      },
    });
  },
  async perform(app: RunningApp, event, model) {
    const { request } = model.context;
    const row = () => {
      const found = rowOf(request);
      if (!found) throw new Error('the request is not listed');
      return found;
    };
    const trigger = () => within(row()).getByRole('button', { name: /^Actions for / });
    switch (event.type) {
      case 'user.opensMenu':
        await app.user.click(trigger());
        break;
      case 'user.closesMenu':
        await closeMenu(app, trigger());
        break;
      case 'user.choosesDelete': {
        // The menu is open: close it and choose through the helper, which drives it by keyboard.
        await closeMenu(app, trigger());
        await chooseMenuItem(app.user, trigger(), 'Delete Request');
        break;
      }
      case 'user.cancels':
        await app.user.click(within(confirm()).getByRole('button', { name: 'Cancel' }));
        break;
      case 'user.continues':
        await app.user.click(within(confirm()).getByRole('button', { name: 'Continue' }));
        break;
      case 'server.deletes': {
        app.server.answer('DELETE', `/api/leave-requests/${request.id}`, 204);
        held = { ...held, status: null };
        lifecycle?.send({ type: 'leaveRequest.delete' } satisfies LeaveRequestLifecycleEvent);
        break;
      }
      case 'user.opensSheet':
        await app.user.click(
          within(row()).getByRole('button', { name: `View leave request of ${request.user.fullName}` }),
        );
        break;
      case 'user.closesSheet':
        await app.user.click(within(sheet()).getByRole('button', { name: 'Close' }));
        break;
      case 'user.approves':
        await app.user.click(within(sheet()).getByRole('button', { name: 'Approve' }));
        break;
      case 'user.rejects':
        await app.user.click(within(sheet()).getByRole('button', { name: 'Reject' }));
        break;
      case 'user.opensDetails':
        await closeMenu(app, trigger());
        await chooseMenuItem(app.user, trigger(), 'View');
        break;
      case 'user.closesDetails':
        await app.user.click(within(sheet()).getByRole('button', { name: 'Close' }));
        break;
      case 'user.withdraws':
        await app.user.click(within(sheet()).getByRole('button', { name: 'Withdraw leave' }));
        break;
      case 'server.acceptsWithdrawal': {
        const path = `/api/leave-requests/${request.id}/withdrawal`;
        const status = 'WITHDRAWAL_REQUESTED' as const;
        held = { ...held, status };
        app.server.answer('POST', path, 200, { ...request, status });
        lifecycle?.send({
          type: 'leaveRequest.requestWithdrawal',
          fromDate: request.fromDate,
          today: '2026-11-30',
        } satisfies LeaveRequestLifecycleEvent);
        break;
      }
      case 'user.approvesWithdrawal':
        await app.user.click(within(sheet()).getByRole('button', { name: 'Approve withdrawal' }));
        break;
      case 'user.rejectsWithdrawal':
        await app.user.click(within(sheet()).getByRole('button', { name: 'Reject withdrawal' }));
        break;
      case 'server.decidesWithdrawal': {
        // The server takes the decision the screen really sent.
        const path = `/api/leave-requests/${request.id}/withdrawal/decision`;
        const [sent] = app.server.pending('POST', path);
        const approved = (sent?.body as { decision?: string } | undefined)?.decision === 'APPROVE';
        const status = approved ? ('WITHDRAWN' as const) : ('APPROVED' as const);
        held = { ...held, status };
        app.server.answer('POST', path, 200, { request: { ...request, status }, payslips: [] });
        lifecycle?.send({
          type: approved ? 'leaveRequest.approveWithdrawal' : 'leaveRequest.rejectWithdrawal',
        } satisfies LeaveRequestLifecycleEvent);
        break;
      }
      case 'server.decides': {
        // The server takes the decision the screen really sent.
        const [sent] = app.server.pending('PATCH', `/api/leave-requests/${request.id}`);
        const status = (sent?.body as { status: Status } | undefined)?.status ?? 'PENDING';
        held = { ...held, status };
        app.server.answer('PATCH', `/api/leave-requests/${request.id}`, 200, { ...request, status });
        lifecycle?.send({
          type: status === 'APPROVED' ? 'leaveRequest.approve' : 'leaveRequest.reject',
        } satisfies LeaveRequestLifecycleEvent);
        break;
      }
    }
    await settle();
    await act(async () => {});
  },
  scenarios: [
    {
      name: 'owner: Delete Request, Cancel: nothing sent, the request stays',
      start: 'owner, PENDING',
      events: [{ type: 'user.opensMenu' }, { type: 'user.choosesDelete' }, { type: 'user.cancels' }],
    },
    {
      name: 'owner: Delete Request, Continue: deleted, gone from the list',
      start: 'owner, PENDING',
      events: [
        { type: 'user.opensMenu' },
        { type: 'user.choosesDelete' },
        { type: 'user.continues' },
        { type: 'server.deletes' },
      ],
    },
    ...(['APPROVED', 'REJECTED'] as const).map((status) => ({
      name: `owner: no Delete Request on a ${status} request`,
      start: `owner, ${status}`,
      events: [{ type: 'user.opensMenu' }, { type: 'user.closesMenu' }] as LeaveRequestEvent[],
    })),
    {
      name: 'admin: Approve a pending request of someone else',
      start: 'admin, PENDING',
      events: [{ type: 'user.opensSheet' }, { type: 'user.approves' }, { type: 'server.decides' }],
    },
    {
      name: 'admin: Reject a pending request of someone else',
      start: 'admin, PENDING',
      events: [{ type: 'user.opensSheet' }, { type: 'user.rejects' }, { type: 'server.decides' }],
    },
    ...(['APPROVED', 'REJECTED'] as const).map((status) => ({
      name: `admin: no Approve or Reject on a ${status} request`,
      start: `admin, ${status}`,
      events: [{ type: 'user.opensSheet' }, { type: 'user.closesSheet' }] as LeaveRequestEvent[],
    })),
    {
      name: "admin: no Approve or Reject on one's own pending request (decision 0003)",
      start: "admin's own, PENDING",
      events: [{ type: 'user.opensSheet' }, { type: 'user.closesSheet' }],
    },
    {
      name: 'owner: Withdraw leave on approved leave ahead; it shows Withdrawal requested',
      start: 'owner, APPROVED',
      events: [
        { type: 'user.opensMenu' },
        { type: 'user.opensDetails' },
        { type: 'user.withdraws' },
        { type: 'server.acceptsWithdrawal' },
      ],
    },
    {
      name: 'admin: Approve withdrawal: Withdrawn',
      start: 'admin, WITHDRAWAL_REQUESTED',
      events: [
        { type: 'user.opensSheet' },
        { type: 'user.approvesWithdrawal' },
        { type: 'server.decidesWithdrawal' },
      ],
    },
    {
      name: 'admin: Reject withdrawal: Approved again',
      start: 'admin, WITHDRAWAL_REQUESTED',
      events: [
        { type: 'user.opensSheet' },
        { type: 'user.rejectsWithdrawal' },
        { type: 'server.decidesWithdrawal' },
      ],
    },
    {
      name: "admin: no decision on the withdrawal of one's own leave (decision 0003)",
      start: "admin's own, WITHDRAWAL_REQUESTED",
      events: [{ type: 'user.opensSheet' }, { type: 'user.closesSheet' }],
    },
  ],
});
