import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type LeaveReviewEvent, leaveReviewMachine } from '../../machines/leave-review.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { ApiError } from '../../src/domain/auth';
import type { LeaveRequest } from '../../src/domain/leave';
import { admin } from '../views/fixtures';
import { planTransitionPaths } from './coverage';
import { expectToast, isDialogOpen, openDialog, type RunningApp, renderApp, settle } from './harness';
import {
  approvedAcrossYearEnd,
  clash,
  counts,
  leavePage,
  leaveTypes,
  pendingWithPdf,
} from './leave-fixtures';
import { describeModelWalk, followActor } from './model-walk';

/**
 * Model-based test of the leave-review statechart (docs/decisions/0001) through the admin dashboard's
 * Leave Request Details sheet: paths generated from the real machine, walked through the real app with
 * HTTP answered at the fetch level.
 */

type Machine = typeof leaveReviewMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event =
  | LeaveReviewEvent
  | { type: `xstate.done.actor.${string}`; output: unknown; actorId: string }
  | { type: `xstate.error.actor.${string}`; error: ApiError; actorId: string };

const decided = (status: 'APPROVED' | 'REJECTED'): LeaveRequest => ({
  ...pendingWithPdf,
  status,
  updatedAt: '2026-11-22T03:00:00.000Z',
});
const refused: ApiError = {
  statusCode: 409,
  error: 'Conflict',
  message: 'This leave request has already been decided.',
};
const serverDown: ApiError = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'The database is unavailable.',
};
const SIGNED_URL = 'http://localhost/api/files/leave/7/x/hospital-letter.pdf?expires=1&signature=abc';

const events: Event[] = [
  { type: 'review.open', request: pendingWithPdf },
  { type: 'review.close' },
  { type: 'review.retry' },
  { type: 'leaveRequest.approve' },
  { type: 'leaveRequest.reject' },
  {
    type: 'xstate.done.actor.loadDetails',
    output: { attachmentUrl: SIGNED_URL, clashes: [clash] },
    actorId: 'loadDetails',
  },
  { type: 'xstate.error.actor.loadDetails', error: serverDown, actorId: 'loadDetails' },
  { type: 'xstate.done.actor.decide', output: decided('APPROVED'), actorId: 'decide' },
  { type: 'xstate.error.actor.decide', error: refused, actorId: 'decide' },
];

const actor = followActor(leaveReviewMachine);
const starts = [{ name: 'admin opens the dashboard', input: undefined as never }];
const plan = planTransitionPaths(leaveReviewMachine, { starts, events });

const live = actor.live;

const signedInAdmin = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};
const SHEET = 'Leave Request Details';
const DECIDE = `/api/leave-requests/${pendingWithPdf.id}`;
const sheet = () => openDialog('dialog', SHEET);
const table = () => screen.getByRole('table', { name: 'Leave requests' });
/** A value of the sheet's details list, by its label. */
const detail = (label: string) => {
  const item = within(sheet()).getByText(label, { selector: 'dt' }).parentElement;
  return item?.querySelector('dd')?.textContent;
};

/** The decision the last approve or reject asked for (the model's decide output follows it). */
let lastDecision: 'APPROVED' | 'REJECTED' = 'APPROVED';

async function perform(app: RunningApp, event: Event) {
  switch (event.type) {
    case 'review.open':
      await app.user.click(
        within(table()).getByRole('button', { name: `View leave request of ${event.request.user.fullName}` }),
      );
      break;
    case 'review.close':
      await app.user.click(within(sheet()).getByRole('button', { name: 'Close' }));
      break;
    case 'review.retry':
      await app.user.click(within(sheet()).getByRole('button', { name: 'Try again' }));
      break;
    case 'leaveRequest.approve':
      lastDecision = 'APPROVED';
      await app.user.click(within(sheet()).getByRole('button', { name: 'Approve' }));
      break;
    case 'leaveRequest.reject':
      lastDecision = 'REJECTED';
      await app.user.click(within(sheet()).getByRole('button', { name: 'Reject' }));
      break;
    case 'xstate.done.actor.loadDetails':
      app.server.answer('GET', '/api/s3/signed-url', 200, { signedUrl: SIGNED_URL });
      app.server.answer('GET', `/api/leave-requests/${pendingWithPdf.id}/clashes`, 200, [clash]);
      break;
    case 'xstate.error.actor.loadDetails':
      app.server.answer('GET', '/api/s3/signed-url', 200, { signedUrl: SIGNED_URL });
      app.server.answer('GET', `/api/leave-requests/${pendingWithPdf.id}/clashes`, 500, serverDown);
      break;
    case 'xstate.done.actor.decide':
      app.server.answer('PATCH', DECIDE, 200, decided(lastDecision));
      break;
    case 'xstate.error.actor.decide':
      app.server.answer('PATCH', DECIDE, 409, refused);
      break;
  }
  await settle();
}

function expectScreen(app: RunningApp, s: Snapshot, event: Event | null) {
  if (s.matches('closed')) {
    expect(isDialogOpen('dialog', SHEET)).toBe(false);
  } else {
    const view = within(sheet());
    // Status, type capitalised, requested date while pending, dates with AM/PM, '{days} days', reason.
    expect(detail('Status')).toBe('Pending');
    expect(detail('Type')).toBe('Hospitalisation Leave');
    expect(detail('Requested On')).toBe('Nov 20, 2026');
    expect(detail('From Date')).toBe('Dec 14, 2026 AM');
    expect(detail('To Date')).toBe('Dec 16, 2026 PM');
    expect(detail('Duration')).toBe('3 days');
    expect(view.getByText('Scheduled knee surgery')).toBeInTheDocument();
    expect(view.getByText('Approving or rejecting this request cannot be undone.')).toBeInTheDocument();
    const footer = view.getByText('Approving or rejecting this request cannot be undone.')
      .parentElement as HTMLElement;
    const [reject, approve] = within(footer).getAllByRole('button');
    const deciding = s.matches({ open: 'deciding' });
    expect(approve).toHaveProperty('disabled', !s.matches({ open: 'ready' }));
    expect(reject).toHaveProperty('disabled', !s.matches({ open: 'ready' }));
    if (deciding) {
      expect(view.getByRole('button', { name: 'Processing...' })).toBe(
        s.context.decision === 'approve' ? approve : reject,
      );
    } else expect(view.queryByRole('button', { name: 'Processing...' })).toBeNull();
    if (s.matches({ open: 'loading' })) {
      expect(view.getByTestId('attachment-loading')).toBeInTheDocument();
      expect(app.server.pending('GET', '/api/s3/signed-url').at(-1)?.query.get('fileUrl')).toBe(
        pendingWithPdf.fileUrl,
      );
    }
    if (s.matches({ open: 'ready' }) || deciding) {
      // A reference ending in pdf shows in a frame.
      expect(view.getByTitle('Attachment (PDF)')).toHaveAttribute('src', SIGNED_URL);
      expect(view.getByTitle('Attachment (PDF)').tagName).toBe('IFRAME');
      const others = view.getByRole('list', { name: 'Others away on these days' });
      expect(within(others).getByText('Priya Ramasamy')).toBeInTheDocument();
      expect(
        within(others).getByText('Unpaid Leave: Dec 12, 2026 AM to Dec 16, 2026 PM'),
      ).toBeInTheDocument();
    }
    if (s.matches({ open: 'detailsFailed' }))
      expect(view.getByRole('alert')).toHaveTextContent(serverDown.message);
  }
  if (event?.type === 'xstate.done.actor.decide') {
    const name = pendingWithPdf.user.fullName;
    if (lastDecision === 'APPROVED')
      expectToast('Approval successful!', `Leave request approved for ${name}`);
    else expectToast('Rejection successful!', `Leave request rejected for ${name}`);
    // The list and the counts reload.
    expect(app.server.pending('GET', '/api/leave-requests')).toHaveLength(1);
    expect(app.server.pending('GET', '/api/leave-requests/count')).toHaveLength(1);
  }
  if (event?.type === 'xstate.error.actor.decide') expectToast(refused.message, refused.error);
}

async function openDashboard() {
  const app = await renderApp({ path: '/admin', storage: signedInAdmin, inspect: actor.inspect });
  app.server.answer('GET', '/api/leave-requests', 200, leavePage([pendingWithPdf, approvedAcrossYearEnd]));
  app.server.answer('GET', '/api/leave-requests/count', 200, counts);
  app.server.answer('GET', '/api/leave-types', 200, leaveTypes);
  await settle();
  return app;
}

describeModelWalk<Machine, Event>({
  title: 'leave-review statechart, walked through the admin dashboard',
  machine: leaveReviewMachine,
  actor,
  plan,
  open: openDashboard,
  perform,
  expectScreen,
  more: () => {
    it('a rejection says so; a decided request shows its decision date and offers no decision', async () => {
      actor.forget();
      const app = await openDashboard();
      await perform(app, { type: 'review.open', request: pendingWithPdf });
      await perform(app, events[5] as Event);
      await perform(app, { type: 'leaveRequest.reject' });
      expect(app.server.pending('PATCH', DECIDE).at(-1)?.body).toEqual({ status: 'REJECTED' });
      await perform(app, {
        type: 'xstate.done.actor.decide',
        output: decided('REJECTED'),
        actorId: 'decide',
      });
      expectScreen(app, live(), { type: 'xstate.done.actor.decide', output: null, actorId: 'decide' });
      app.server.answer('GET', '/api/leave-requests', 200, leavePage([approvedAcrossYearEnd]));
      app.server.answer('GET', '/api/leave-requests/count', 200, counts);
      app.server.answer('GET', '/api/leave-types', 200, leaveTypes);
      await settle();

      await perform(app, { type: 'review.open', request: approvedAcrossYearEnd });
      const view = within(sheet());
      expect(detail('Status')).toBe('Approved');
      expect(detail('Approved On')).toBe('Dec 3, 2025');
      expect(detail('From Date')).toBe('Dec 29, 2025 PM');
      expect(detail('To Date')).toBe('Jan 2, 2026 AM');
      expect(view.getByText('No reason stated.')).toBeInTheDocument();
      expect(view.getByText('No image uploaded.')).toBeInTheDocument();
      expect(view.queryByRole('button', { name: 'Approve' })).toBeNull();
      // No attachment: only the clashes are fetched.
      expect(app.server.pending('GET', '/api/s3/signed-url')).toHaveLength(0);
      app.server.answer('GET', `/api/leave-requests/${approvedAcrossYearEnd.id}/clashes`, 200, []);
      await settle();
      expect(view.getByText('No one else is away on these days.')).toBeInTheDocument();
    });
  },
});
