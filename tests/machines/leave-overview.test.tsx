import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { leaveOverviewMachine } from '../../machines/leave-overview.machine';
import type { ApiError } from '../../src/domain/auth';
import type { LeaveCounts, LeaveRequest } from '../../src/domain/leave';
import { admin, staff } from '../views/fixtures';
import { describeEvent, planTransitionPaths } from './coverage';
import { type FakeServer, firstOf, getOf } from './fake-server';
import { chooseMenuItem, openDialog, type RunningApp, renderApp, settle, signedIn } from './harness';
import { clash, counts, leavePage, leaveTypes, pendingWithPdf } from './leave-fixtures';
import { describeModelWalk, followActor } from './model-walk';
import { onboardedStaff } from './staff-fixtures';

/**
 * Model-based test of the leave-overview statechart (docs/decisions/0001) through each screen that runs it.
 * The admin dashboard (everyone's counts, reloaded after an approval) and the staff dashboard (one's own,
 * reloaded after a request is deleted) show its stat cards (spec section 2: Pending Approval, Requests
 * Approved, Requests Rejected) and offer its leave types in the Leave Type filter. My profile and user detail
 * run it for the leave types alone (user detail's Add Leave Request dialog offers them): no stat cards, and a
 * failure of the counts shows nothing there. The counts and the leave types are two requests (spec section 7):
 * when GET /leave-types answers, its types are offered whatever the counts answered. Paths generated from the
 * real machine, walked through the real app with HTTP answered at the fetch level.
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
  // The counts answer 500, the leave types answer.
  {
    type: 'xstate.done.actor.loadOverview',
    output: { countsFailed: serverDown, types: leaveTypes },
    actorId: 'loadOverview',
  },
  // Both answer 500.
  { type: 'xstate.error.actor.loadOverview', error: serverDown, actorId: 'loadOverview' },
];
/** GET /leave-types, answered alike to whoever asks (the overview, and the staff dashboard's calendar). */
function answerTypes(app: RunningApp, status: number, body: unknown) {
  const asked = app.server.pending('GET', '/api/leave-types').length;
  expect(asked).toBeGreaterThan(0);
  for (let i = 0; i < asked; i++) app.server.answer('GET', '/api/leave-types', status, body);
}
const countsFail = (event: Event) =>
  event.type === 'xstate.error.actor.loadOverview' ||
  ('output' in event &&
    typeof event.output === 'object' &&
    event.output !== null &&
    'countsFailed' in event.output);

interface OverviewScreen {
  name: string;
  path: string;
  storage: Record<string, string>;
  /** GET path of the counts (everyone's, or the signed-in person's). */
  counts: string;
  /** The counts after what changes them on this screen. */
  afterChange: LeaveCounts;
  prepare: (server: FakeServer) => void;
  /** What changes the counts on this screen, done as its user does it. */
  change: (app: RunningApp) => Promise<void>;
  /** Whether the screen shows the stat cards (the dashboards). */
  cards: boolean;
  /**
   * How the screen offers the leave types: the Leave Type filter (the dashboards), the Add Leave Request
   * dialog (user detail), or nowhere (My profile).
   */
  expectTypesOffered?: (app: RunningApp, types: string[]) => Promise<void>;
}

/** The Leave Type filter's options (spec section 2: a multi-select filter). */
async function filterOffers(app: RunningApp, types: string[]) {
  await app.user.click(screen.getByRole('button', { name: 'Leave Type' }));
  const group = await screen.findByRole('group', { name: 'Leave Type' });
  expect(
    within(group)
      .getAllByRole('checkbox')
      .map((box) => box.parentElement?.textContent),
  ).toEqual(types);
  await app.user.keyboard('{Escape}');
  await settle();
}

const adminDashboard: OverviewScreen = {
  name: 'the admin dashboard',
  path: '/admin',
  storage: signedIn(admin),
  counts: '/api/leave-requests/count',
  afterChange: { ...counts, PENDING: counts.PENDING - 1, APPROVED: counts.APPROVED + 1 },
  prepare: (server) => server.autoAnswer(getOf('/api/leave-requests'), 200, leavePage([pendingWithPdf])),
  cards: true,
  expectTypesOffered: filterOffers,
  // A decision in the review sheet.
  change: async (app) => {
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
  },
};

/** One person's leave screen: their requests and counts; Delete Request in a pending row changes them. */
function personalScreen(
  base: Pick<OverviewScreen, 'name' | 'path' | 'storage' | 'cards' | 'expectTypesOffered'> & {
    /** My profile and user detail read the user's record (with the leave types) before the overview starts. */
    readsRecord: boolean;
  },
  person: { id: number; fullName: string; email: string },
): OverviewScreen {
  const mine: LeaveRequest = {
    ...pendingWithPdf,
    userId: person.id,
    user: { id: person.id, fullName: person.fullName, email: person.email },
  };
  const { readsRecord, ...shown } = base;
  return {
    ...shown,
    counts: `/api/users/${person.id}/leave-requests/count`,
    afterChange: { ...counts, PENDING: counts.PENDING - 1, TOTAL: counts.TOTAL - 1 },
    prepare: (server) => {
      server.autoAnswer(getOf(`/api/users/${person.id}`), 200, { ...onboardedStaff, ...person });
      // The record's leave types; the overview's are answered by the walk's steps.
      if (readsRecord) server.autoAnswer(firstOf(getOf('/api/leave-types')), 200, leaveTypes);
      server.autoAnswer(getOf(`/api/users/${person.id}/leave-requests`), 200, leavePage([mine]));
      server.autoAnswer(getOf(`/api/users/${person.id}/leave-balances`), 200, []);
      server.autoAnswer(getOf('/api/leave-calendar'), 200, []);
      server.autoAnswer(getOf('/api/public-holidays'), 200, []);
    },
    // Delete Request in a pending request's row (spec section 2).
    change: async (app) => {
      const table = screen.getByRole('table', { name: /leave requests/i });
      const [row] = within(table)
        .getAllByRole('row')
        .filter((candidate) => within(candidate).queryByText(mine.type));
      if (!row) throw new Error('no request row');
      await chooseMenuItem(
        app.user,
        within(row).getByRole('button', { name: /^Actions for / }),
        'Delete Request',
      );
      await app.user.click(
        within(openDialog('alertdialog', 'Are you absolutely sure?')).getByRole('button', {
          name: 'Continue',
        }),
      );
      app.server.answer('DELETE', `/api/leave-requests/${mine.id}`, 204);
    },
  };
}

const staffDashboard = personalScreen(
  {
    name: 'the staff dashboard',
    path: '/staff',
    storage: signedIn(staff),
    cards: true,
    expectTypesOffered: filterOffers,
    readsRecord: false,
  },
  staff,
);
// Nothing on My profile shows the counts or the types (it offers no Request for Leave).
const myProfile = personalScreen(
  { name: 'My profile', path: '/staff/profile', storage: signedIn(staff), cards: false, readsRecord: true },
  staff,
);
const userDetail = personalScreen(
  {
    name: 'user detail',
    path: `/admin/users/${onboardedStaff.id}`,
    storage: signedIn(admin),
    cards: false,
    readsRecord: true,
    // The Add Leave Request dialog's Leave Type choices.
    expectTypesOffered: async (_, types) => {
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add Leave Request' })));
      const dialog = openDialog('dialog', 'Request for Leave');
      const choices = [
        ...(dialog.querySelector('select[name="leaveType"]')?.querySelectorAll('option') ?? []),
      ];
      expect(choices.map((option) => option.textContent).slice(1)).toEqual(types);
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Close' })));
      await settle();
    },
  },
  onboardedStaff,
);

const typeNames = leaveTypes.map((type) => type.name);
const cards = () => screen.getByRole('list', { name: 'Leave request counts' });
const figure = (status: string) => screen.queryByTestId(`count-${status}`)?.textContent;

function walkThrough(overviewScreen: OverviewScreen) {
  const actor = followActor(leaveOverviewMachine);
  const starts = [{ name: `opens ${overviewScreen.name}`, input: undefined as never }];
  const plan = planTransitionPaths(leaveOverviewMachine, { starts, events });
  /** The counts the server answers: they move once the screen changed a request. */
  let answered = counts;
  /** Whether the counts were ever answered (the cards show skeletons until then). */
  let countsShown = false;
  /** Whether GET /leave-types answered the overview. */
  let typesAnswered = false;

  async function perform(app: RunningApp, event: Event) {
    switch (event.type) {
      case 'overview.reload':
        if (screen.queryByRole('button', { name: 'Try again' })) {
          await app.user.click(
            within(cards().parentElement as HTMLElement).getByRole('button', { name: 'Try again' }),
          );
        } else {
          await overviewScreen.change(app);
          answered = overviewScreen.afterChange;
        }
        break;
      case 'xstate.done.actor.loadOverview':
        if (countsFail(event)) app.server.answer('GET', overviewScreen.counts, 500, serverDown);
        else app.server.answer('GET', overviewScreen.counts, 200, answered);
        answerTypes(app, 200, leaveTypes);
        countsShown ||= !countsFail(event);
        typesAnswered = true;
        break;
      case 'xstate.error.actor.loadOverview':
        app.server.answer('GET', overviewScreen.counts, 500, serverDown);
        answerTypes(app, 500, serverDown);
        break;
    }
    await settle();
  }

  async function expectScreen(app: RunningApp, s: Snapshot) {
    expect(window.location.pathname).toBe(overviewScreen.path);
    if (s.matches('loading')) expect(app.server.pending('GET', overviewScreen.counts)).toHaveLength(1);
    else expect(app.server.pending('GET', overviewScreen.counts)).toHaveLength(0);
    if (!overviewScreen.cards) {
      expect(screen.queryByRole('list', { name: 'Leave request counts' })).toBeNull();
      // A failure of the counts is not this screen's to show.
      expect(screen.queryByText(serverDown.message)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      // The types GET /leave-types answered are offered, whatever the counts answered.
      if (!s.matches('loading') && typesAnswered) await overviewScreen.expectTypesOffered?.(app, typeNames);
      return;
    }
    const titles = within(cards())
      .getAllByRole('listitem')
      .map((card) => card.firstChild?.firstChild?.textContent);
    expect(titles).toEqual(['Pending Approval', 'Requests Approved', 'Requests Rejected']);
    if (s.matches('loading') && !countsShown) expect(figure('PENDING')).toBeUndefined();
    if (s.matches('ready') || (s.matches('loading') && countsShown)) {
      // The figures the server answered last; they stay while they reload.
      const shown = s.matches('ready') ? answered : counts;
      expect([figure('PENDING'), figure('APPROVED'), figure('REJECTED')]).toEqual(
        [shown.PENDING, shown.APPROVED, shown.REJECTED].map(String),
      );
    }
    if (!s.matches('loading') && typesAnswered) await overviewScreen.expectTypesOffered?.(app, typeNames);
    if (s.matches('failed')) {
      expect(within(cards().parentElement as HTMLElement).getByRole('alert')).toHaveTextContent(
        serverDown.message,
      );
      expect(figure('PENDING')).toBe('-');
    } else {
      expect(
        within(cards().parentElement as HTMLElement).queryByRole('button', { name: 'Try again' }),
      ).toBeNull();
    }
  }

  describeModelWalk<Machine, Event>({
    title: `leave-overview statechart, walked through ${overviewScreen.name}`,
    machine: leaveOverviewMachine,
    actor,
    plan,
    label: (event) =>
      event.type === 'xstate.done.actor.loadOverview' && countsFail(event)
        ? 'loadOverview done (counts 500, leave types 200)'
        : describeEvent(event),
    open: () => {
      answered = counts;
      countsShown = false;
      typesAnswered = false;
      return renderApp({
        path: overviewScreen.path,
        storage: overviewScreen.storage,
        inspect: actor.inspect,
        prepare: overviewScreen.prepare,
      });
    },
    perform,
    expectScreen: (app, s) => expectScreen(app, s),
  });
}

walkThrough(adminDashboard);
walkThrough(staffDashboard);
walkThrough(myProfile);
walkThrough(userDetail);
