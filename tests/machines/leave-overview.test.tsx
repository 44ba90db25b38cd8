import { act, fireEvent, screen, within } from '@testing-library/react';
import { leaveOverviewMachine } from '../../machines/leave-overview.machine';
import type { LeaveRequest, LeaveType } from '../../src/domain/leave';
import { theOpen } from '../models/leave-dom';
import {
  leaveOverviewModelFor,
  type OverviewEvent,
  type OverviewProbe,
  type OverviewScreen,
  typesRetry,
} from '../models/leave-overview.model';
import { admin, staff } from '../views/fixtures';
import type { FakeServer } from './fake-server';
import { advance, type RunningApp, renderApp, settle, signedIn } from './harness';
import { leaveTypes as adminLeaveTypes, pendingWithPdf } from './leave-fixtures';
import { ROWS, reviewWalkParts } from './leave-review-walk';
import { answerDelete, countsOf, type LeaveStore, serveLeave, serverDown } from './leave-store';
import { describeSpecWalk } from './spec-walk';
import { leaveTypes, onboardedStaff } from './staff-fixtures';

/**
 * The stat cards and leave types of each leave screen walked from the spec model
 * (tests/models/leave-overview.model.ts): the admin and staff dashboards show the cards and offer the types
 * in their Leave Type filter, user detail offers them in Request for Leave, My profile shows neither. The
 * counts and the leave types are answered step by step; the rest of the screen from the server's store.
 */

const probe: OverviewProbe = {
  async typesOffered(app, where) {
    if (where === 'filter') {
      await app.user.click(screen.getByRole('button', { name: 'Leave Type' }));
      const group = await screen.findByRole('group', { name: 'Leave Type' });
      const offered = within(group)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent ?? '');
      await app.user.keyboard('{Escape}');
      await settle();
      return offered;
    }
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add Leave Request' })));
    const dialog = theOpen('dialog', 'Request for Leave');
    const options = [...(dialog.querySelector('select[name="leaveType"]')?.querySelectorAll('option') ?? [])];
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Close' })));
    await settle();
    // The first option is the empty choice.
    return options.slice(1).map((option) => option.textContent ?? '');
  },
};

const events: OverviewEvent[] = [
  { type: 'server.answers' },
  { type: 'server.failsCounts' },
  { type: 'server.failsBoth' },
  { type: 'user.changesARequest' },
  { type: 'user.triesAgain' },
  { type: 'user.triesTypesAgain' },
];

interface Walk {
  screen: OverviewScreen;
  storage: Record<string, string>;
  countsPath: string;
  types: LeaveType[];
  open(inspect: Parameters<typeof renderApp>[0]['inspect']): Promise<RunningApp>;
  /** The counts the server holds now. */
  counts(): ReturnType<typeof countsOf>;
  /** Serves what the walk does not answer step by step. */
  serve(app: RunningApp): Promise<void>;
  changeARequest(app: RunningApp): Promise<void>;
}

/** GET /leave-types, answered alike to whoever asks (the counts' screen, the staff calendar). */
function answerTypes(server: FakeServer, status: number, body: unknown) {
  for (const r of server.pending('GET', '/api/leave-types')) server.answer('GET', r.path, status, body);
}

/** The counts, if they are asked for (the server answers what is asked). */
function answerCounts(server: FakeServer, path: string, status: number, body: unknown) {
  if (server.pending('GET', path).length) server.answer('GET', path, status, body);
}

function adminWalk(): Walk {
  const parts = reviewWalkParts();
  const countsPath = '/api/leave-requests/count';
  return {
    screen: {
      name: 'the admin dashboard',
      path: '/admin',
      cards: true,
      typesIn: 'filter',
      change: 'approve',
    },
    storage: signedIn(admin),
    countsPath,
    types: adminLeaveTypes,
    open: (inspect) => parts.open(inspect, [countsPath, '/api/leave-types']),
    counts: () => countsOf(parts.store().requests),
    serve: parts.serve,
    async changeARequest(app) {
      // Approve the pending request in the review sheet (spec section 4).
      await parts.perform(
        app,
        { type: 'admin.views', row: pendingWithPdf.id },
        { context: { viewing: null } },
      );
      await parts.perform(app, { type: 'server.sendsDetails' }, { context: { viewing: pendingWithPdf.id } });
      await parts.perform(app, { type: 'admin.approves' }, { context: { viewing: pendingWithPdf.id } });
      await parts.perform(app, { type: 'server.decides' }, { context: { viewing: pendingWithPdf.id } });
    },
  };
}

function personalWalk(
  screenOf: OverviewScreen,
  storage: Record<string, string>,
  who: typeof onboardedStaff,
  readsRecord: boolean,
): Walk {
  const user = { id: who.id, fullName: who.fullName, email: who.email };
  const base = {
    userId: who.id,
    user,
    createdAt: '2026-02-20T02:00:00.000Z',
    updatedAt: '2026-02-21T02:00:00.000Z',
  };
  const rows: LeaveRequest[] = [
    {
      ...base,
      id: 90,
      status: 'PENDING',
      type: 'Annual Leave',
      leaveTypeId: 1,
      fromDate: '2026-03-02',
      fromDateIsAm: true,
      toDate: '2026-03-03',
      toDateIsAm: false,
      days: 2,
      reason: null,
      fileUrl: null,
    },
    {
      ...base,
      id: 91,
      status: 'APPROVED',
      type: 'Medical Leave',
      leaveTypeId: 2,
      fromDate: '2026-01-12',
      fromDateIsAm: true,
      toDate: '2026-01-12',
      toDateIsAm: false,
      days: 1,
      reason: null,
      fileUrl: null,
    },
  ];
  const countsPath = `/api/users/${who.id}/leave-requests/count`;
  let store!: LeaveStore;
  return {
    screen: screenOf,
    storage,
    countsPath,
    types: leaveTypes,
    async open(inspect) {
      store = {
        person: user,
        leaveTypes,
        requests: structuredClone(rows),
        allowances: { 1: 14, 2: 14 },
        nextId: 99,
        failBalanceAsk: null,
        balanceAsks: 0,
        extra: { [`/api/users/${who.id}`]: who },
        manual: [countsPath, '/api/leave-types'],
      };
      const app = await renderApp({ path: screenOf.path, storage, inspect });
      // The user's record comes with its own leave types, asked for first.
      if (readsRecord) app.server.answer('GET', '/api/leave-types', 200, leaveTypes);
      await settle();
      await serveLeave(app.server, store);
      return app;
    },
    counts: () => countsOf(store.requests),
    serve: (app) => serveLeave(app.server, store),
    async changeARequest(app) {
      // Delete Request on the pending request, and Continue (spec section 2).
      const tr = [...document.querySelectorAll('table tbody tr')].find((r) =>
        r.textContent?.includes('Annual Leave'),
      ) as HTMLElement;
      await app.user.click(within(tr).getByRole('button', { name: /^Actions/ }));
      const menu = screen.getByRole('menu');
      if (document.activeElement !== menu) act(() => menu.focus());
      const item = within(menu).getByRole('menuitem', { name: 'Delete Request' });
      for (let i = 0; i < 4 && !item.hasAttribute('data-highlighted'); i++) {
        await app.user.keyboard('{ArrowDown}');
        await advance(20);
      }
      await app.user.keyboard('{Enter}');
      await advance(50);
      await app.user.click(
        within(theOpen('alertdialog', 'Are you absolutely sure?')).getByRole('button', { name: 'Continue' }),
      );
      await settle();
      await answerDelete(app.server, store);
    },
  };
}

const me = { ...onboardedStaff, id: staff.id, fullName: staff.fullName, email: staff.email };
const walks: Walk[] = [
  adminWalk(),
  personalWalk(
    { name: 'the staff dashboard', path: '/staff', cards: true, typesIn: 'filter', change: 'delete' },
    signedIn(staff),
    me,
    false,
  ),
  personalWalk(
    { name: 'My profile', path: '/staff/profile', cards: false, typesIn: null, change: 'delete' },
    signedIn(staff),
    me,
    true,
  ),
  personalWalk(
    {
      name: 'user detail',
      path: `/admin/users/${onboardedStaff.id}`,
      cards: false,
      typesIn: 'dialog',
      change: 'delete',
    },
    signedIn(admin),
    onboardedStaff,
    true,
  ),
];

for (const walk of walks) {
  const initial =
    walk.screen.change === 'approve' ? countsOf(ROWS) : { PENDING: 1, APPROVED: 1, REJECTED: 0 };
  describeSpecWalk({
    title: `the stat cards and leave types of ${walk.screen.name}, walked from the spec model`,
    model: leaveOverviewModelFor(walk.screen, probe),
    starts: [
      {
        name: walk.screen.name,
        input: {
          screen: walk.screen,
          counts: initial,
          types: walk.types.map((t) => t.name),
          failure: serverDown.message,
        },
      },
    ],
    events,
    serialize: (m) => JSON.stringify([m.value, m.context.changed, m.context.shown]),
    app: { machine: leaveOverviewMachine },
    scenarios: [
      {
        name: 'the figures stay while they reload, then move with the change',
        events: [{ type: 'server.answers' }, { type: 'user.changesARequest' }, { type: 'server.answers' }],
      },
      ...(walk.screen.cards
        ? [
            {
              name: 'a failure of the counts, then Try again brings them',
              events: [
                { type: 'server.failsCounts' },
                { type: 'user.triesAgain' },
                { type: 'server.answers' },
              ] satisfies OverviewEvent[],
            },
          ]
        : []),
      ...(walk.screen.typesIn === 'filter'
        ? [
            {
              name: 'both fail; Try again beside the filter brings the types, under the cards the counts',
              events: [
                { type: 'server.failsBoth' },
                { type: 'user.triesTypesAgain' },
                { type: 'server.answers' },
                { type: 'user.triesAgain' },
                { type: 'server.answers' },
              ] satisfies OverviewEvent[],
            },
          ]
        : []),
    ],
    open: (_path, inspect) => walk.open(inspect),
    async perform(app, event) {
      switch (event.type) {
        case 'server.answers':
          answerCounts(app.server, walk.countsPath, 200, walk.counts());
          answerTypes(app.server, 200, walk.types);
          break;
        case 'server.failsCounts':
          answerCounts(app.server, walk.countsPath, 500, serverDown);
          answerTypes(app.server, 200, walk.types);
          break;
        case 'server.failsBoth':
          answerCounts(app.server, walk.countsPath, 500, serverDown);
          answerTypes(app.server, 500, serverDown);
          break;
        case 'user.changesARequest':
          await walk.changeARequest(app);
          break;
        case 'user.triesAgain': {
          const block = [...document.querySelectorAll('li')].find((li) =>
            li.textContent?.startsWith('Pending Approval'),
          )?.parentElement?.parentElement as HTMLElement;
          await app.user.click(within(block).getByRole('button', { name: 'Try again' }));
          break;
        }
        case 'user.triesTypesAgain':
          await app.user.click(typesRetry() as HTMLElement);
          break;
      }
      await settle();
      await walk.serve(app);
    },
  });
}
