import { screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, InspectionEvent, SnapshotFrom } from 'xstate';
import { leaveOverviewMachine } from '../../machines/leave-overview.machine';
import { formatTransition } from '../../machines/transitions';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { ApiError } from '../../src/domain/auth';
import { admin } from '../views/fixtures';
import { createCoverageRecorder, describeEvent, type PlannedPath, planTransitionPaths } from './coverage';
import { openDialog, type RunningApp, renderApp, settle, useAppHarness } from './harness';
import { clash, counts, leavePage, leaveTypes, pendingWithPdf } from './leave-fixtures';

/**
 * Model-based test of the leave-overview statechart (docs/decisions/0001) through the admin dashboard: the
 * stat cards and the Leave Type filter's options, reloaded after an approval. Paths generated from the real
 * machine, walked through the real app with HTTP answered at the fetch level.
 */

type Machine = typeof leaveOverviewMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event =
  | { type: 'overview.reload' }
  | { type: `xstate.done.actor.${string}`; output: unknown; actorId: string }
  | { type: `xstate.error.actor.${string}`; error: ApiError; actorId: string };

const serverDown: ApiError = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'The database is unavailable.',
};
const events: Event[] = [
  { type: 'overview.reload' },
  { type: 'xstate.done.actor.loadOverview', output: { counts, types: leaveTypes }, actorId: 'loadOverview' },
  { type: 'xstate.error.actor.loadOverview', error: serverDown, actorId: 'loadOverview' },
];

const recorder = createCoverageRecorder(leaveOverviewMachine);
const starts = [{ name: 'admin opens the dashboard', input: undefined as never }];
const { paths, unreachable } = planTransitionPaths(leaveOverviewMachine, { starts, events });

let latest: AnyMachineSnapshot | null = null;
const inspect = (event: InspectionEvent) => {
  recorder.inspect(event);
  const snapshot = event.type === '@xstate.snapshot' ? (event.snapshot as AnyMachineSnapshot) : null;
  if (snapshot?.machine?.id === leaveOverviewMachine.id) latest = snapshot;
};
const live = () => latest as Snapshot;

const signedInAdmin = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};
const COUNTS = '/api/leave-requests/count';
const cards = () => screen.getByRole('list', { name: 'Leave request counts' });
/** After an approval the figures come back moved. */
const afterApproval = { ...counts, PENDING: counts.PENDING - 1, APPROVED: counts.APPROVED + 1 };
let answered = counts;

async function perform(app: RunningApp, event: Event) {
  switch (event.type) {
    case 'overview.reload':
      if (screen.queryByRole('button', { name: 'Try again' })) {
        await app.user.click(
          within(cards().parentElement as HTMLElement).getByRole('button', { name: 'Try again' }),
        );
      } else {
        // What changes the counts on this screen: a decision in the review sheet.
        await app.user.click(
          screen.getByRole('button', { name: `View leave request of ${pendingWithPdf.user.fullName}` }),
        );
        app.server.answer('GET', '/api/s3/signed-url', 200, { signedUrl: 'http://localhost/f.pdf' });
        app.server.answer('GET', `/api/leave-requests/${pendingWithPdf.id}/clashes`, 200, [clash]);
        await settle();
        await app.user.click(
          within(openDialog('dialog', 'Leave Request Details')).getByRole('button', { name: 'Approve' }),
        );
        app.server.answer('PATCH', `/api/leave-requests/${pendingWithPdf.id}`, 200, {
          ...pendingWithPdf,
          status: 'APPROVED',
        });
        answered = afterApproval;
      }
      break;
    case 'xstate.done.actor.loadOverview':
      app.server.answer('GET', COUNTS, 200, answered);
      app.server.answer('GET', '/api/leave-types', 200, leaveTypes);
      break;
    case 'xstate.error.actor.loadOverview':
      app.server.answer('GET', COUNTS, 500, serverDown);
      app.server.answer('GET', '/api/leave-types', 200, leaveTypes);
      break;
  }
  await settle();
}

const figure = (status: string) => screen.queryByTestId(`count-${status}`)?.textContent;

async function expectScreen(app: RunningApp, s: Snapshot) {
  const titles = within(cards())
    .getAllByRole('listitem')
    .map((card) => card.firstChild?.firstChild?.textContent);
  expect(titles).toEqual(['Pending Approval', 'Requests Approved', 'Requests Rejected']);
  if (s.matches('loading')) expect(app.server.pending('GET', COUNTS)).toHaveLength(1);
  if (s.matches('loading') && s.context.types.length === 0) expect(figure('PENDING')).toBeUndefined();
  if (s.matches('ready') || (s.matches('loading') && s.context.types.length > 0)) {
    // The figures stay while they reload.
    expect([figure('PENDING'), figure('APPROVED'), figure('REJECTED')]).toEqual(
      [s.context.counts.PENDING, s.context.counts.APPROVED, s.context.counts.REJECTED].map(String),
    );
  }
  if (s.matches('ready')) {
    // The Leave Type filter offers the types.
    await app.user.click(screen.getByRole('button', { name: 'Leave Type' }));
    const group = await screen.findByRole('group', { name: 'Leave Type' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual(leaveTypes.map((t) => t.name));
    await app.user.keyboard('{Escape}');
    await settle();
  }
  if (s.matches('failed')) {
    expect(within(cards().parentElement as HTMLElement).getByRole('alert')).toHaveTextContent(
      serverDown.message,
    );
    expect(figure('PENDING')).toBe('-');
  }
}

const pathName = (path: PlannedPath<Machine, Event>) =>
  path.steps.map((step) => describeEvent(step.event)).join(' → ') || '(page load)';

describe('leave-overview statechart, walked through the admin dashboard', () => {
  useAppHarness();

  it('the model can reach every transition', () => {
    expect(unreachable.map(formatTransition)).toEqual([]);
  });

  it.each(paths.map((path) => [pathName(path), path] as const))('%s', async (_, path) => {
    latest = null;
    answered = counts;
    const app = await renderApp({
      path: '/admin',
      storage: signedInAdmin,
      inspect,
      prepare: (server) =>
        server.autoAnswer(
          (r) => r.method === 'GET' && r.path === '/api/leave-requests',
          200,
          leavePage([pendingWithPdf]),
        ),
    });
    expect(live().value).toEqual(path.initial.value);
    await expectScreen(app, live());
    for (const step of path.steps) {
      const mark = recorder.mark();
      await perform(app, step.event);
      expect(live().value, `after ${describeEvent(step.event)}`).toEqual(step.state.value);
      for (const key of step.expects) expect(recorder.since(mark)).toContain(key);
      await expectScreen(app, live());
    }
  });

  afterAll(() => console.info(recorder.report()));

  it('walked every transition of the leave-overview machine', () => {
    expect(recorder.missing().map(formatTransition), recorder.report()).toEqual([]);
  });
});
