import { act, fireEvent, screen, within } from '@testing-library/react';
import type { SnapshotFrom } from 'xstate';
import { userLeaveMachine } from '../../machines/user-leave.machine';
import type { LeaveRequest } from '../../src/domain/leave';
import { dayMonthYear } from '../models/calendar-words';
import {
  type LeaveScreen,
  NEW_ALLOWANCE,
  NEW_REQUEST,
  REFUSAL,
  rowShowing,
  type UserLeaveEvent,
  userLeaveModelFor,
} from '../models/user-leave.model';
import { admin, staff } from '../views/fixtures';
import { advance, openDialog, type RunningApp, renderApp, settle, signedIn } from './harness';
import {
  answerCreate,
  answerDelete,
  balancesOf,
  type LeaveStore,
  pendingDelete,
  serveLeave,
} from './leave-store';
import { describeSpecWalk } from './spec-walk';
import { leaveTypes, onboardedStaff } from './staff-fixtures';

/**
 * One person's leave walked from its spec model (tests/models/user-leave.model.ts) through each screen that
 * shows it: the staff dashboard, My profile and user detail. The fake server holds the requests and changes
 * them only as the app's requests say (leave-store.ts); the app's userLeave machine is only watched.
 */

type Model = SnapshotFrom<ReturnType<typeof userLeaveModelFor>>;

const me = { ...onboardedStaff, id: staff.id, fullName: staff.fullName, email: staff.email };

interface Where extends LeaveScreen {
  storage: Record<string, string>;
  person: typeof onboardedStaff;
  /** My profile and user detail read the user's record (with its allowances) before the table's fetch. */
  readsRecord: boolean;
}

const screens: Where[] = [
  {
    name: 'the staff dashboard',
    path: '/staff',
    heading: 'Your Recent Requests',
    requestButton: 'Request Leave',
    statCards: true,
    balanceHeading: 'Your Leave Balance',
    calendar: true,
    editsAllowances: false,
    storage: signedIn(staff),
    person: me,
    readsRecord: false,
  },
  {
    name: 'My profile',
    path: '/staff/profile',
    heading: 'Leave Request',
    requestButton: null,
    statCards: false,
    balanceHeading: 'Leave Balance',
    calendar: false,
    editsAllowances: false,
    storage: signedIn(staff),
    person: me,
    readsRecord: true,
  },
  {
    name: 'user detail',
    path: `/admin/users/${onboardedStaff.id}`,
    heading: 'Leave Request',
    requestButton: 'Add Leave Request',
    statCards: false,
    balanceHeading: 'Leave Balance',
    calendar: false,
    editsAllowances: true,
    storage: signedIn(admin),
    person: onboardedStaff,
    readsRecord: true,
  },
];

/** One request in each status, each of its own leave type (so a row is found by its type). */
function requestsOf(person: typeof onboardedStaff): LeaveRequest[] {
  const base = {
    createdAt: '2026-02-20T02:00:00.000Z',
    updatedAt: '2026-02-21T02:00:00.000Z',
    fromDateIsAm: true,
    toDateIsAm: false,
    reason: 'Family visit',
    fileUrl: null,
    userId: person.id,
    user: { id: person.id, fullName: person.fullName, email: person.email },
  };
  return [
    {
      ...base,
      id: 90,
      status: 'PENDING',
      type: 'Annual Leave',
      leaveTypeId: 1,
      fromDate: '2026-03-02',
      toDate: '2026-03-03',
      days: 2,
    },
    {
      ...base,
      id: 91,
      status: 'APPROVED',
      type: 'Medical Leave',
      leaveTypeId: 2,
      fromDate: '2026-01-12',
      toDate: '2026-01-13',
      days: 1.5,
    },
    {
      ...base,
      id: 92,
      status: 'REJECTED',
      type: 'Unpaid Leave',
      leaveTypeId: 8,
      fromDate: '2026-02-09',
      toDate: '2026-02-09',
      days: 1,
    },
  ];
}
const ALLOWANCES = { 1: 14, 2: 14, 3: 6 } as const;

const events: UserLeaveEvent[] = [
  { type: 'user.opensMenu', row: 90 },
  { type: 'user.opensMenu', row: 91 },
  { type: 'user.opensMenu', row: 92 },
  { type: 'user.opensMenu', row: NEW_REQUEST.id },
  { type: 'user.choosesView' },
  { type: 'user.choosesDelete' },
  { type: 'user.cancels' },
  { type: 'user.continues' },
  { type: 'server.deletes' },
  { type: 'server.refusesDelete' },
  { type: 'user.closesPanel' },
  { type: 'user.deletesInPanel' },
  { type: 'user.opensRequestDialog' },
  { type: 'user.closesRequestDialog' },
  { type: 'user.submitsRequest' },
  { type: 'server.creates' },
  { type: 'admin.savesAllowance' },
  { type: 'user.triesAgain' },
];

/** Keyboard through the open menu to an item (jsdom has no pointer events for Zag's menu). */
async function choose(app: RunningApp, item: string) {
  const menu = screen.getByRole('menu');
  if (document.activeElement !== menu) act(() => menu.focus());
  const entry = within(menu).getByRole('menuitem', { name: item });
  for (let i = 0; i < 4 && !entry.hasAttribute('data-highlighted'); i++) {
    await app.user.keyboard('{ArrowDown}');
    await advance(20);
  }
  await app.user.keyboard('{Enter}');
  await advance(50);
}

function walkThrough(where: Where) {
  const { person } = where;
  let store!: LeaveStore;
  const serve = (app: RunningApp) => serveLeave(app.server, store);
  const typeName = (id: number) => leaveTypes.find((t) => t.id === id)?.name ?? '';
  const seeded = requestsOf(person);

  const input = (balanceDown: boolean) => ({
    screen: where,
    personId: person.id,
    rows: seeded.map(({ id, type, status, days }) => ({ id, type, status, days })),
    allowances: Object.fromEntries(Object.entries(ALLOWANCES).map(([id, days]) => [typeName(+id), days])),
    balanceDown,
  });

  describeSpecWalk({
    title: `one person's leave on ${where.name}, walked from its spec model`,
    model: userLeaveModelFor(where),
    starts: [
      { name: where.name, input: input(false) },
      { name: 'Leave Balance down', input: input(true) },
    ],
    events,
    // Rows, the dialog's counted days and what was sent tell states apart, not only where the user is.
    serialize: (m: Model) =>
      JSON.stringify([m.value, m.context.row, m.context.rows.map((r) => `${r.id}${r.status}`)]),
    app: {
      machine: userLeaveMachine,
      // My profile offers no Request for Leave and only user detail edits allowances: those are walked on
      // the screens that offer them.
      notOnThisScreen: [
        ...(where.requestButton ? [] : ['xstate.done.actor.requestLeave']),
        ...(where.editsAllowances ? [] : ['allowances.changed']),
      ],
    },
    async open(path, inspect) {
      store = {
        person,
        leaveTypes,
        requests: structuredClone(seeded),
        allowances: { ...ALLOWANCES },
        nextId: NEW_REQUEST.id,
        // The Leave Balance table's own first fetch (after the record's, where the screen reads one).
        failBalanceAsk: path.input.balanceDown ? (where.readsRecord ? 2 : 1) : null,
        balanceAsks: 0,
        extra: { [`/api/users/${person.id}`]: person },
      };
      const app = await renderApp({ path: where.path, storage: where.storage, inspect });
      await serve(app);
      return app;
    },
    async perform(app, event, model) {
      const row = model.context.rows.find((r) => r.id === model.context.row);
      switch (event.type) {
        case 'user.opensMenu': {
          const type = model.context.rows.find((r) => r.id === event.row)?.type ?? '';
          await app.user.click(within(rowShowing(type)).getByRole('button', { name: /^Actions/ }));
          break;
        }
        case 'user.choosesView':
          await choose(app, 'View');
          break;
        case 'user.choosesDelete':
          await choose(app, 'Delete Request');
          break;
        case 'user.cancels':
        case 'user.continues': {
          const dialog = openDialog('alertdialog', 'Are you absolutely sure?');
          const name = event.type === 'user.cancels' ? 'Cancel' : 'Continue';
          await app.user.click(within(dialog).getByRole('button', { name }));
          break;
        }
        case 'server.deletes':
          await answerDelete(app.server, store);
          break;
        case 'server.refusesDelete':
          app.server.answer('DELETE', `/api/leave-requests/${pendingDelete(app.server)}`, 409, REFUSAL);
          break;
        case 'user.closesPanel':
          await app.user.click(
            within(openDialog('dialog', 'Leave Request Details')).getByRole('button', { name: 'Close' }),
          );
          break;
        case 'user.deletesInPanel':
          if (!row) throw new Error('no row viewed');
          await app.user.click(
            within(openDialog('dialog', 'Leave Request Details')).getByRole('button', { name: 'Delete' }),
          );
          break;
        case 'user.opensRequestDialog':
          await act(async () =>
            fireEvent.click(screen.getByRole('button', { name: where.requestButton ?? '' })),
          );
          break;
        case 'user.closesRequestDialog':
          await act(async () =>
            fireEvent.click(
              within(openDialog('dialog', 'Request for Leave')).getByRole('button', { name: 'Close' }),
            ),
          );
          break;
        case 'user.submitsRequest': {
          const dialog = openDialog('dialog', 'Request for Leave');
          const control = (name: string) => {
            const element = dialog.querySelector<HTMLInputElement>(`[name="${name}"]`);
            if (!element) throw new Error(`no ${name} in the dialog`);
            return element;
          };
          fireEvent.change(control('leaveType'), { target: { value: NEW_REQUEST.leaveType } });
          fireEvent.change(control('fromDate'), { target: { value: dayMonthYear(NEW_REQUEST.fromDate) } });
          fireEvent.change(control('toDate'), { target: { value: dayMonthYear(NEW_REQUEST.toDate) } });
          // The dialog counts the days once the year's public holidays are in.
          await serve(app);
          await act(async () =>
            fireEvent.click(within(dialog).getByRole('button', { name: 'Create Request' })),
          );
          break;
        }
        case 'server.creates':
          await answerCreate(app.server, store);
          break;
        case 'admin.savesAllowance': {
          await app.user.click(screen.getByRole('tab', { name: 'Leave Allowance' }));
          await app.user.click(screen.getByRole('button', { name: 'Edit Leave Allowance' }));
          const form = screen.getByRole('form', { name: 'Leave Allowance' });
          const annual = form.querySelector<HTMLInputElement>('[name="leave-1"]');
          fireEvent.change(annual as HTMLInputElement, { target: { value: String(NEW_ALLOWANCE) } });
          await app.user.click(within(form).getByRole('button', { name: 'Save' }));
          await settle();
          for (const patch of app.server.pending('PATCH')) {
            const typeId = Number(patch.path.split('/').pop());
            store.allowances = {
              ...store.allowances,
              [typeId]: (patch.body as { totalDays: number }).totalDays,
            };
            const saved = balancesOf(store).find((b) => b.leaveType.id === typeId);
            app.server.answer('PATCH', patch.path, 200, saved);
          }
          break;
        }
        case 'user.triesAgain':
          await app.user.click(screen.getByRole('button', { name: 'Try again' }));
          break;
      }
      await settle();
      await serve(app);
    },
    scenarios: [
      {
        name: 'a pending request offers View and Delete Request',
        events: [{ type: 'user.opensMenu', row: 90 }],
      },
      {
        name: 'an approved request offers View only',
        events: [{ type: 'user.opensMenu', row: 91 }, { type: 'user.choosesView' }],
      },
      {
        name: 'a rejected request offers View only',
        events: [{ type: 'user.opensMenu', row: 92 }, { type: 'user.choosesView' }],
      },
      {
        name: 'Delete Request, then Cancel: nothing is sent and the request stays',
        events: [
          { type: 'user.opensMenu', row: 90 },
          { type: 'user.choosesDelete' },
          { type: 'user.cancels' },
        ],
      },
      {
        name: 'Delete Request, then Continue: the request is gone from every part',
        events: [
          { type: 'user.opensMenu', row: 90 },
          { type: 'user.choosesDelete' },
          { type: 'user.continues' },
          { type: 'server.deletes' },
        ],
      },
      {
        name: 'Delete in the details panel',
        events: [
          { type: 'user.opensMenu', row: 90 },
          { type: 'user.choosesView' },
          { type: 'user.deletesInPanel' },
          { type: 'server.deletes' },
        ],
      },
      ...(where.requestButton
        ? [
            {
              name: 'a request created shows everywhere, and the next Request for Leave starts empty',
              events: [
                { type: 'user.opensRequestDialog' },
                { type: 'user.submitsRequest' },
                { type: 'server.creates' },
                { type: 'user.opensRequestDialog' },
                { type: 'user.closesRequestDialog' },
                { type: 'user.opensMenu', row: NEW_REQUEST.id },
              ] satisfies UserLeaveEvent[],
            },
          ]
        : []),
    ],
  });
}

for (const where of screens) walkThrough(where);
