import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { adminDashboardMachine } from '../../machines/admin-dashboard.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import { admin } from '../views/fixtures';
import { planTransitionPaths } from './coverage';
import { openDialog, type RunningApp, renderApp, settle } from './harness';
import { clash, counts, leavePage, leaveTypes, pendingWithPdf } from './leave-fixtures';
import { describeModelWalk, followActor } from './model-walk';

/**
 * Model-based test of the admin dashboard's parent statechart through /admin: a decision in the review
 * sheet must reload both the requests list and the stat cards (spec section 4: approving or rejecting
 * changes the list and the counts). The expectations are the spec's words and the server's answers.
 */

type Machine = typeof adminDashboardMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = { type: 'review.decided' };

const actor = followActor(adminDashboardMachine);
const starts = [{ name: 'admin opens the dashboard', input: { requests: {} } }];
const events: Event[] = [{ type: 'review.decided' }];
const plan = planTransitionPaths(adminDashboardMachine, { starts, events });

const signedInAdmin = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};
const approved = { ...pendingWithPdf, status: 'APPROVED' as const };
const afterApproval = { ...counts, PENDING: counts.PENDING - 1, APPROVED: counts.APPROVED + 1 };
let decided = false;
/** The list's answer; after the approval the server answers the request as approved. */
let page = leavePage([pendingWithPdf]);
const listCalls = (app: RunningApp) =>
  app.server.requests.filter((r) => r.method === 'GET' && r.path === '/api/leave-requests').length;
let listCallsBefore = 0;

async function perform(app: RunningApp, _event: Event) {
  await app.user.click(
    screen.getByRole('button', { name: `View leave request of ${pendingWithPdf.user.fullName}` }),
  );
  app.server.answer('GET', '/api/s3/signed-url', 200, { signedUrl: 'http://localhost/f.pdf' });
  app.server.answer('GET', `/api/leave-requests/${pendingWithPdf.id}/clashes`, 200, [clash]);
  await settle();
  decided = true;
  listCallsBefore = listCalls(app);
  page.data[0] = approved as typeof pendingWithPdf;
  await app.user.click(
    within(openDialog('dialog', 'Leave Request Details')).getByRole('button', { name: 'Approve' }),
  );
  app.server.answer('PATCH', `/api/leave-requests/${pendingWithPdf.id}`, 200, approved);
  await settle();
}

async function expectScreen(app: RunningApp, _s: Snapshot) {
  const cards = screen.getByRole('list', { name: 'Leave request counts' });
  const figure = (title: string) =>
    within(cards)
      .getAllByRole('listitem')
      .find((card) => card.textContent?.startsWith(title))
      ?.textContent?.slice(title.length);
  if (!decided) {
    expect(figure('Pending Approval')).toBe(String(counts.PENDING));
    return;
  }
  // After the decision both were asked again: the counts moved and the row reads Approved.
  expect(app.server.pending('GET', '/api/leave-requests/count').length).toBeGreaterThan(0);
  app.server.answer('GET', '/api/leave-requests/count', 200, afterApproval);
  await settle();
  expect(figure('Pending Approval')).toBe(String(afterApproval.PENDING));
  expect(figure('Requests Approved')).toBe(String(afterApproval.APPROVED));
  expect(listCalls(app)).toBeGreaterThan(listCallsBefore);
  const table = screen.getByRole('table', { name: 'Leave requests' });
  expect(within(table).getByText('Approved')).toBeTruthy();
}

describeModelWalk<Machine, Event>({
  title: 'admin-dashboard statechart, walked through /admin',
  machine: adminDashboardMachine,
  actor,
  plan,
  open: () => {
    decided = false;
    page = leavePage([pendingWithPdf]);
    return renderApp({
      path: '/admin',
      storage: signedInAdmin,
      inspect: actor.inspect,
      prepare: (server) => {
        server.autoAnswer((r) => r.method === 'GET' && r.path === '/api/leave-requests', 200, page);
        server.autoAnswer((r) => r.method === 'GET' && r.path === '/api/leave-types', 200, leaveTypes);
      },
    });
  },
  perform,
  expectScreen: async (app, s) => {
    if (!decided) {
      await settle();
      app.server.answer('GET', '/api/leave-requests/count', 200, counts);
      await settle();
    }
    await expectScreen(app, s);
  },
});
