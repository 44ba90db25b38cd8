import { act, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { listMachine } from '../../machines/list.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { ApiError } from '../../src/domain/auth';
import type { ListPage } from '../../src/domain/list-query';
import type { DirectoryEntry } from '../../src/domain/staff-directory';
import { admin } from '../views/fixtures';
import { describeEvent, planTransitionPaths } from './coverage';
import {
  advance,
  advanceThroughDelay,
  expectToast,
  isDialogOpen,
  openDialog,
  type RunningApp,
  renderApp,
  settle,
} from './harness';
import { describeModelWalk, followActor } from './model-walk';

/**
 * Model-based test of the list statechart (docs/decisions/0001) through its first screen, All Staff
 * (/admin/users): paths generated from the real machine are walked through the real app with HTTP answered at
 * the fetch level and the search pause on a fake clock. After every step the screen's own actor must be where
 * the model says, and the screen must show what a user in that state sees.
 */

type Machine = typeof listMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event =
  | { type: 'list.search'; text: string }
  | { type: 'list.change'; change: { sorting: Array<{ id: string; desc: boolean }> } | { page: number } }
  | { type: 'list.reload' }
  | { type: 'removal.request'; row: DirectoryEntry }
  | { type: 'removal.cancel' }
  | { type: 'removal.confirm' }
  | { type: 'xstate.done.actor.fetchRows'; output: ListPage<DirectoryEntry>; actorId: string }
  | { type: 'xstate.error.actor.fetchRows'; error: ApiError; actorId: string }
  | { type: 'xstate.done.actor.removeRow'; output: undefined; actorId: string }
  | { type: 'xstate.error.actor.removeRow'; error: ApiError; actorId: string }
  | { type: 'xstate.after.searchDebounce.list.search.typing' };

const onboarded = (
  id: number,
  fullName: string,
  email: string,
  status: 'ACTIVE' | 'RESIGNED',
): DirectoryEntry => ({
  id,
  fullName,
  email: `${email}@company.test`,
  role: 'STAFF',
  hireDate: '2024-01-02',
  staffInfo: {
    id,
    gender: 'Female',
    nric: 'S****567D',
    dateOfBirth: '1990-05-01',
    race: 'Chinese',
    nationality: 'SINGAPORE CITIZEN',
  },
  employmentInfo: {
    id,
    designation: 'Executive',
    employmentStatus: status,
    hireDate: '2024-01-02',
    confirmedDate: null,
    passType: 'Singapore',
    employmentType: 'Full Time',
    lastDayOfService: status === 'RESIGNED' ? '2026-06-30' : null,
  },
  paymentInfo: {
    id,
    basicSalary: 4000,
    employeeCpfContributionRate: 20,
    employerCpfContributionRate: 17,
    cpfType: 'SINGAPORE CITIZEN',
    cpfSection: 'CPF1',
    selfHelpGroup: 'CDAC',
    bankName: null,
    bankCode: null,
    branchCode: null,
    accountNo: null,
  },
});

/** Twelve staff: two pages of ten. One was never onboarded, one has resigned. */
const directory: DirectoryEntry[] = [
  onboarded(2, 'Tan Wei Ming', 'weiming.tan', 'ACTIVE'),
  onboarded(3, 'Nur Aisyah binti Rahman', 'aisyah.rahman', 'ACTIVE'),
  onboarded(4, 'Rajesh s/o Kumar', 'rajesh.kumar', 'RESIGNED'),
  onboarded(5, 'Chloe Fernandez', 'chloe.fernandez', 'ACTIVE'),
  onboarded(6, 'Lim Hui Ling', 'huiling.lim', 'ACTIVE'),
  onboarded(7, 'Muhammad Hafiz bin Osman', 'hafiz.osman', 'ACTIVE'),
  onboarded(8, 'Priya Ramasamy', 'priya.ramasamy', 'ACTIVE'),
  onboarded(9, 'Nguyen Van An', 'an.nguyen', 'ACTIVE'),
  onboarded(10, 'Arjun Mehta', 'arjun.mehta', 'ACTIVE'),
  onboarded(11, 'Goh Mei Ling', 'meiling.goh', 'ACTIVE'),
  onboarded(12, 'Daniel Koh Jun Jie', 'daniel.koh', 'ACTIVE'),
  {
    id: 13,
    fullName: 'Wong Kar Yan',
    email: 'karyan.wong@company.test',
    role: 'STAFF',
    hireDate: null,
    staffInfo: null,
    employmentInfo: null,
    paymentInfo: null,
  },
];
const firstRow = directory[0] as DirectoryEntry;

const serverDown: ApiError = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'An unexpected error occurred. Please try again later.',
};
const keptForPayroll: ApiError = {
  statusCode: 409,
  error: 'Conflict',
  message:
    'Tan Wei Ming has processed payslips, which must be kept. Set the employment status to Resigned instead.',
};

const events: Event[] = [
  { type: 'list.search', text: 'tan' },
  { type: 'list.change', change: { sorting: [{ id: 'email', desc: false }] } },
  { type: 'list.change', change: { page: 2 } },
  { type: 'list.reload' },
  { type: 'removal.request', row: firstRow },
  { type: 'removal.cancel' },
  { type: 'removal.confirm' },
  {
    type: 'xstate.done.actor.fetchRows',
    output: { rows: directory.slice(0, 10), total: directory.length },
    actorId: 'fetchRows',
  },
  { type: 'xstate.done.actor.fetchRows', output: { rows: [], total: 0 }, actorId: 'fetchRows' },
  { type: 'xstate.error.actor.fetchRows', error: serverDown, actorId: 'fetchRows' },
  { type: 'xstate.done.actor.removeRow', output: undefined, actorId: 'removeRow' },
  { type: 'xstate.error.actor.removeRow', error: keptForPayroll, actorId: 'removeRow' },
  { type: 'xstate.after.searchDebounce.list.search.typing' },
];

const dialogOpen = (s: Snapshot) => !s.matches({ removal: 'idle' });

/** What the screen lets a user do in a snapshot: behind the open confirmation only its buttons work. */
function canProduce(s: Snapshot, event: Event): boolean {
  switch (event.type) {
    case 'list.search':
      return !dialogOpen(s);
    case 'list.change':
      if ('page' in event.change)
        return !dialogOpen(s) && s.matches({ rows: 'ready' }) && s.context.total > 10;
      return !dialogOpen(s);
    case 'list.reload':
      return !dialogOpen(s) && s.matches({ rows: 'failed' });
    case 'removal.request':
      return s.matches({ rows: 'ready' });
    default:
      return true;
  }
}

const starts = [{ name: 'admin opens All Staff', input: {} }];
const actor = followActor(listMachine);
const plan = planTransitionPaths(listMachine, { starts, events, canProduce });

const live = actor.live;

const signedInAdmin = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};

/** Whether the page behind an open dialog is being read (queries must then include hidden elements). */
let hidden = false;
const table = () => screen.getByRole('table', { name: 'Staff', hidden });
const dataRows = () =>
  within(table())
    .getAllByRole('row', { hidden })
    .filter((row) => row.getAttribute('aria-hidden') !== 'true')
    .slice(1);
const searchBox = () => screen.getByRole('searchbox', { name: 'Search staff', hidden });
const confirmation = () => openDialog('alertdialog', 'Are you absolutely sure?');

/** Answers every GET /api/users still open: the newest belongs to the live fetch, older ones were dropped. */
function answerList(app: RunningApp, status: number, body: unknown) {
  const open = app.server.pending('GET', '/api/users');
  expect(open.length, 'a pending GET /api/users').toBeGreaterThan(0);
  for (const _ of open) app.server.answer('GET', '/api/users', status, body);
}

async function perform(app: RunningApp, event: Event) {
  switch (event.type) {
    case 'list.search':
      await app.user.clear(searchBox());
      await app.user.type(searchBox(), event.text);
      break;
    case 'list.change':
      if ('page' in event.change) await app.user.click(screen.getByRole('button', { name: 'Next' }));
      else await app.user.click(within(table()).getByRole('button', { name: 'Email' }));
      break;
    case 'list.reload':
      await app.user.click(screen.getByRole('button', { name: 'Try again' }));
      break;
    case 'removal.request': {
      const [row] = dataRows();
      if (!row) throw new Error('no row to delete');
      const trigger = within(row).getByRole('button', { name: 'Actions' });
      await app.user.click(trigger);
      expect(trigger).toHaveAttribute('aria-expanded', 'true');
      // The menu takes focus on the next animation frame, which jsdom runs on its own clock; and jsdom has no
      // pointer events, so the menu is driven by keyboard from there, as many users do.
      const menu = screen.getByRole('menu');
      if (document.activeElement !== menu) act(() => menu.focus());
      const remove = within(menu).getByRole('menuitem', { name: 'Delete' });
      for (let i = 0; i < 3 && !remove.hasAttribute('data-highlighted'); i++) {
        await app.user.keyboard('{ArrowDown}');
        await advance(20);
      }
      await app.user.keyboard('{Enter}');
      await advance(20);
      break;
    }
    case 'removal.cancel':
      await app.user.click(within(confirmation()).getByRole('button', { name: 'Cancel' }));
      break;
    case 'removal.confirm':
      await app.user.click(within(confirmation()).getByRole('button', { name: 'Continue' }));
      break;
    case 'xstate.done.actor.fetchRows':
      answerList(app, 200, event.output.total ? directory : []);
      break;
    case 'xstate.error.actor.fetchRows':
      answerList(app, event.error.statusCode, event.error);
      break;
    case 'xstate.done.actor.removeRow':
      app.server.answer('DELETE', `/api/users/${live().context.removing?.id}`, 204);
      break;
    case 'xstate.error.actor.removeRow':
      app.server.answer('DELETE', `/api/users/${live().context.removing?.id}`, 409, event.error);
      break;
    case 'xstate.after.searchDebounce.list.search.typing':
      await advanceThroughDelay(listMachine, event.type, () => live().matches({ search: 'idle' }));
      break;
  }
  await settle();
}

/** The user's view of each state; `removed` is the row a finished removal was about. */
function expectScreen(app: RunningApp, s: Snapshot, event: Event | null, removed: DirectoryEntry | null) {
  // Behind the open confirmation the page is hidden from assistive technology; it is still there.
  hidden = dialogOpen(s);
  expect(window.location.pathname).toBe('/admin/users');
  expect(screen.getByRole('heading', { level: 1, name: 'All Staff', hidden })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Add Staff', hidden })).toHaveAttribute('href', '/admin/register');
  expect(searchBox()).toHaveAttribute('placeholder', 'Search staff...');
  expect(searchBox()).toHaveValue(s.context.searchText);
  const headers = within(table())
    .getAllByRole('columnheader', { hidden })
    .map((th) => th.textContent);
  expect(headers).toEqual(['Full Name', 'Email', 'Employment Status', 'Actions']);

  const { query } = s.context;
  const live = app.server.pending('GET', '/api/users').at(-1);
  if (s.matches({ rows: 'loading' })) {
    expect(table()).toHaveAttribute('aria-busy', 'true');
    expect(dataRows()).toEqual([]);
    // Only STAFF, with the applied search (empty after a removal).
    expect(live?.query.get('role')).toBe('STAFF');
    expect(live?.query.get('search')).toBe(query.search);
  } else {
    expect(table()).toHaveAttribute('aria-busy', 'false');
    expect(live).toBeUndefined();
  }
  if (s.matches({ rows: 'ready' })) {
    const names = dataRows().map((row) => within(row).getAllByRole('cell', { hidden })[0]?.textContent);
    expect(names).toEqual((s.context.rows as DirectoryEntry[]).map((user) => user.fullName));
    expect(screen.getByText(`A total of ${s.context.total} staff members.`)).toBeInTheDocument();
    expect(screen.getByText(`Page ${query.page} of ${Math.ceil(s.context.total / 10)}`)).toBeInTheDocument();
  }
  if (s.matches({ rows: 'empty' })) {
    expect(within(table()).getByRole('cell', { name: 'No results.', hidden })).toBeInTheDocument();
    expect(screen.getByText('A total of 0 staff members.')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  }
  if (s.matches({ rows: 'failed' })) {
    expect(within(table()).getByRole('alert', { hidden })).toHaveTextContent(serverDown.message);
    expect(screen.getByRole('button', { name: 'Try again', hidden })).toBeEnabled();
  } else {
    expect(screen.queryByRole('button', { name: 'Try again', hidden })).toBeNull();
  }

  const sortedBy = s.context.query.sorting[0];
  const emailHeader = within(table()).getByRole('columnheader', { name: 'Email', hidden });
  expect(emailHeader).toHaveAttribute(
    'aria-sort',
    sortedBy ? (sortedBy.desc ? 'descending' : 'ascending') : 'none',
  );

  if (s.matches({ removal: 'idle' })) {
    expect(isDialogOpen('alertdialog', 'Are you absolutely sure?')).toBe(false);
  } else {
    const dialog = confirmation();
    expect(
      within(dialog).getByText(
        "This action cannot be undone. This will permanently delete this user's account and remove his/her data from our servers.",
      ),
    ).toBeInTheDocument();
    const removing = s.matches({ removal: 'removing' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', removing);
    if (removing) {
      expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeDisabled();
      expect(app.server.pending('DELETE')).toHaveLength(1);
    } else {
      expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeEnabled();
    }
  }
  if (event?.type === 'xstate.done.actor.removeRow' && removed) {
    expectToast('User deleted', `${removed.fullName} has been deleted.`);
  }
  if (event?.type === 'xstate.error.actor.removeRow') expectToast('Error', 'Failed to delete user');
}

const label = (event: Event) => {
  if (event.type === 'list.change')
    return 'page' in event.change ? 'list.change (Next)' : 'list.change (sort)';
  if (event.type === 'xstate.done.actor.fetchRows' && event.output.total === 0)
    return 'fetchRows done (none)';
  return describeEvent(event);
};

describeModelWalk<Machine, Event>({
  title: 'list statechart, walked through the All Staff screen',
  machine: listMachine,
  actor,
  plan,
  open: () => renderApp({ path: '/admin/users', storage: signedInAdmin, inspect: actor.inspect }),
  perform,
  // The row being removed, as it was before the event, names the toast.
  expectScreen: (app, s, event, before) =>
    expectScreen(app, s, event, (before?.context.removing as DirectoryEntry | null) ?? null),
  label,
});
