import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { listMachine } from '../../machines/list.machine';
import type { ApiError } from '../../src/domain/auth';
import { todayIso } from '../../src/domain/dates';
import type { LeaveRequest } from '../../src/domain/leave';
import type { DirectoryEntry } from '../../src/domain/staff-directory';
import { admin, staff } from '../views/fixtures';
import { describeEvent, planTransitionPaths } from './coverage';
import { type FakeServer, firstOf, getOf, type RecordedRequest } from './fake-server';
import {
  advanceThroughDelay,
  chooseMenuItem,
  expectToast,
  isDialogOpen,
  openDialog,
  type RunningApp,
  renderApp,
  settle,
  signedIn,
} from './harness';
import { counts, leaveTypes } from './leave-fixtures';
import { describeModelWalk, followActor } from './model-walk';
import { allowancesOf, onboardedStaff } from './staff-fixtures';

/**
 * Model-based test of the list statechart (docs/decisions/0001) through every screen that runs it: All Staff,
 * the admin dashboard's leave requests, one person's leave requests on the staff dashboard, My profile and
 * user detail, and the year's holidays on Public Holidays. The same paths, generated from the real machine,
 * are walked through the real app on each, with HTTP answered at the fetch level and the search pause on a
 * fake clock. After every step the list actor under test must be where the model says, and the screen must
 * show what a user in that state sees there: the spec's words (sections 2, 8 and 9), written here.
 */

type Machine = typeof listMachine;
type Snapshot = SnapshotFrom<Machine>;
interface Row {
  id: number;
}
/** A fetch's answer as the list holds it; a whole list's answer can cut itself again (`repage`). */
interface Answer {
  rows: Row[];
  total: number;
  repage?: (query: Pick<Snapshot['context']['query'], 'sorting' | 'page' | 'pageSize'>) => Answer;
}
type Event =
  | { type: 'list.search'; text: string }
  | { type: 'list.change'; change: { sorting: Array<{ id: string; desc: boolean }> } | { page: number } }
  | { type: 'list.reload' }
  | { type: 'list.reset' }
  | { type: 'removal.request'; row: Row }
  | { type: 'removal.cancel' }
  | { type: 'removal.confirm' }
  | { type: 'xstate.done.actor.fetchRows'; output: Answer; actorId: string }
  | { type: 'xstate.error.actor.fetchRows'; error: ApiError; actorId: string }
  | { type: 'xstate.done.actor.removeRow'; output: undefined; actorId: string }
  | { type: 'xstate.error.actor.removeRow'; error: ApiError; actorId: string }
  | { type: 'xstate.after.searchDebounce.list.search.typing' };

/** One screen that runs the list statechart, as its user sees it. */
interface ListScreen<R extends Row> {
  name: string;
  path: string;
  storage: Record<string, string>;
  /** Answers what else the screen asks for; the list's own fetches wait for the step that answers them. */
  prepare?: (server: FakeServer) => void;
  /** Where the screen runs several lists: the one under test. */
  isUnderTest?: (s: AnyMachineSnapshot) => boolean;
  pageSize: number;
  /** The rows' GET path. */
  endpoint: string;
  /** What the server holds: more than a page where the screen pages. */
  rows: R[];
  /** The server's answer to a fetch of the rows. */
  answer: (request: RecordedRequest, rows: R[]) => unknown;
  /** What a fetch asks for, given the query the list holds. */
  expectAsked: (request: RecordedRequest | undefined, query: Snapshot['context']['query']) => void;
  /** The table (`hidden`: behind an open dialog). */
  table: (hidden: boolean) => HTMLElement;
  /** The first column headers, as the spec names them. */
  headers: string[];
  /** The cell that tells the rows apart: its column and what it shows. */
  key: { column: number; text: (row: R) => string };
  /** A sortable column, where the table has one; for a whole list, its ascending order as the spec reads it. */
  sortBy?: { header: string; id: string; compare?: (a: R, b: R) => number };
  /**
   * The endpoint answers the whole list (spec section 7): another page or order is cut from that answer with
   * no request. Otherwise the server pages, and every page is a fetch.
   */
  wholeList?: boolean;
  paged: boolean;
  caption?: (total: number) => string;
  search?: { label: string; placeholder: string; text: string };
  /** A Reset button, shown only while a filter or the search is in use (spec section 2). */
  reset?: boolean;
  removal?: {
    title: string;
    /** What the question says about the row (a part of its text). */
    description: (row: R) => string | RegExp;
    confirm: string;
    /** Asks to remove the row shown in this table row. */
    request: (app: RunningApp, tableRow: HTMLElement) => Promise<void>;
    path: (row: R) => string;
    /** What the server answers a removal with. */
    removed: (row: R) => unknown;
    refusal: ApiError;
    expectRemoved: (row: R) => void;
    expectRefused: (row: R, refusal: ApiError) => void;
  };
  /** The screen's own words and controls. */
  expectChrome: (hidden: boolean) => void;
}

const serverDown: ApiError = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'An unexpected error occurred. Please try again later.',
};

/** Spec section 9: dates show as day/month/year with zero padding. */
const shownDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const dialogOpen = (s: Snapshot) => !s.matches({ removal: 'idle' });
/** Spec section 2: a filter or the search is in use (typed or applied). */
const refined = (s: Snapshot) =>
  s.context.searchText.trim() !== '' ||
  s.context.query.search !== '' ||
  Object.values(s.context.query.filters).some((values) => values.length > 0);
const pages = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** The toast showing now says this (the screens whose failure toasts carry the server's words). */
function expectToastSaying(text: string) {
  const toast = screen.getByText(text).closest('[data-part="root"]');
  expect(toast, `a toast saying '${text}'`).not.toBeNull();
}

// ------------------------------------------------------------------ All Staff (/admin/users)

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

const allStaff: ListScreen<DirectoryEntry> = {
  name: 'the All Staff screen',
  path: '/admin/users',
  storage: signedIn(admin),
  pageSize: 10,
  endpoint: '/api/users',
  rows: directory,
  // GET /users answers the whole directory (spec section 7).
  answer: (_, rows) => rows,
  expectAsked: (request, query) => {
    // Only STAFF, with the applied search (empty after a removal).
    expect(request?.query.get('role')).toBe('STAFF');
    expect(request?.query.get('search')).toBe(query.search);
  },
  table: (hidden) => screen.getByRole('table', { name: 'Staff', hidden }),
  headers: ['Full Name', 'Email', 'Employment Status', 'Actions'],
  key: { column: 0, text: (user) => user.fullName },
  sortBy: { header: 'Email', id: 'email', compare: (a, b) => a.email.localeCompare(b.email) },
  wholeList: true,
  paged: true,
  caption: (total) => `A total of ${total} staff members.`,
  search: { label: 'Search staff', placeholder: 'Search staff...', text: 'tan' },
  removal: {
    title: 'Are you absolutely sure?',
    description: () =>
      "This action cannot be undone. This will permanently delete this user's account and remove his/her data from our servers.",
    confirm: 'Continue',
    request: (app, row) =>
      chooseMenuItem(app.user, within(row).getByRole('button', { name: 'Actions' }), 'Delete'),
    path: (user) => `/api/users/${user.id}`,
    removed: () => undefined,
    refusal: {
      statusCode: 409,
      error: 'Conflict',
      message:
        'Tan Wei Ming has processed payslips, which must be kept. Set the employment status to Resigned instead.',
    },
    expectRemoved: (user) => expectToast('User deleted', `${user.fullName} has been deleted.`),
    expectRefused: () => expectToast('Error', 'Failed to delete user'),
  },
  expectChrome: (hidden) => {
    expect(screen.getByRole('heading', { level: 1, name: 'All Staff', hidden })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Staff', hidden })).toHaveAttribute(
      'href',
      '/admin/register',
    );
  },
};

// ------------------------------------------------------------------ the leave request lists

/** Nine requests (two pages of 7, spec section 9), each starting on its own day; the first is pending. */
function leaveRequestsOf(people: Array<{ id: number; fullName: string; email: string }>): LeaveRequest[] {
  return Array.from({ length: 9 }, (_, i) => {
    const person = people[i % people.length] as (typeof people)[number];
    const day = `2026-03-${String(2 + i).padStart(2, '0')}`;
    return {
      id: 60 + i,
      status: i % 3 === 1 ? 'APPROVED' : 'PENDING',
      type: i % 2 ? 'Medical Leave' : 'Annual Leave',
      leaveTypeId: i % 2 ? 2 : 1,
      createdAt: '2026-02-20T02:00:00.000Z',
      updatedAt: '2026-02-20T02:00:00.000Z',
      fromDate: day,
      fromDateIsAm: i % 2 === 0,
      toDate: day,
      toDateIsAm: false,
      days: i % 2 === 0 ? 0.5 : 1,
      reason: null,
      fileUrl: null,
      userId: person.id,
      user: { id: person.id, fullName: person.fullName, email: person.email },
    };
  });
}

/** The server pages leave requests itself (spec section 7: page and limit). */
function leavePageOf(request: RecordedRequest, rows: LeaveRequest[]) {
  const page = Number(request.query.get('page') ?? 1);
  const limit = Number(request.query.get('limit') ?? 7);
  return {
    data: rows.slice((page - 1) * limit, page * limit),
    currentPage: page,
    pageSize: limit,
    total: rows.length,
    totalPages: Math.ceil(rows.length / limit),
  };
}

const expectLeavePageAsked = (request: RecordedRequest | undefined, query: Snapshot['context']['query']) => {
  expect(request?.query.get('page')).toBe(String(query.page));
  expect(request?.query.get('limit')).toBe('7');
};

/** Spec section 2: Start Date shows the day and its AM or PM marker. */
const startShown = (request: LeaveRequest) =>
  `${shownDate(request.fromDate)} ${request.fromDateIsAm ? 'AM' : 'PM'}`;
const leaveTable = (hidden: boolean) =>
  screen.getByRole('table', { name: /^(your )?leave requests$/i, hidden });
const LEAVE_COLUMNS = ['Leave Type', 'Start Date', 'End Date', 'Days', 'Status', 'Requested On'];

const adminDashboard: ListScreen<LeaveRequest> = {
  name: 'the admin dashboard',
  path: '/admin',
  storage: signedIn(admin),
  prepare: (server) => {
    server.autoAnswer(getOf('/api/leave-requests/count'), 200, counts);
    server.autoAnswer(getOf('/api/leave-types'), 200, leaveTypes);
  },
  pageSize: 7,
  endpoint: '/api/leave-requests',
  rows: leaveRequestsOf([
    { id: 7, fullName: 'Nur Aisyah binti Rahman', email: 'aisyah.rahman@company.test' },
    { id: 8, fullName: 'Rajesh s/o Kumar', email: 'rajesh.kumar@company.test' },
    { id: 9, fullName: 'Priya Ramasamy', email: 'priya.ramasamy@company.test' },
  ]),
  answer: leavePageOf,
  expectAsked: (request, query) => {
    expectLeavePageAsked(request, query);
    // The search goes to the server, and only once there is one.
    expect(request?.query.get('search')).toBe(query.search || null);
  },
  table: leaveTable,
  headers: ['Employee', ...LEAVE_COLUMNS],
  key: { column: 2, text: startShown },
  sortBy: { header: 'Start Date', id: 'fromDate' },
  paged: true,
  search: { label: 'Search staff', placeholder: 'Search staff...', text: 'rajesh' },
  reset: true,
  expectChrome: (hidden) => {
    expect(screen.getByRole('heading', { name: 'Recent Staff Leave Requests', hidden })).toBeInTheDocument();
    expect(screen.getByText('View all leave requests made by staff members.')).toBeInTheDocument();
  },
};

/** Answers what one person's leave screen asks for, but the list under test. */
const answerLeaveOf =
  (person: typeof onboardedStaff, underTest: 'requests' | 'balances') => (server: FakeServer) => {
    server.autoAnswer(getOf(`/api/users/${person.id}`), 200, person);
    server.autoAnswer(getOf('/api/leave-types'), 200, leaveTypes);
    server.autoAnswer(getOf(`/api/users/${person.id}/leave-requests/count`), 200, counts);
    server.autoAnswer(getOf('/api/leave-calendar'), 200, []);
    server.autoAnswer(getOf('/api/public-holidays'), 200, []);
    if (underTest === 'balances') {
      // The record's Leave Allowance panel reads the balances first, before the table exists.
      server.autoAnswer(firstOf(getOf(`/api/users/${person.id}/leave-balances`)), 200, balancesHeld);
      server.autoAnswer(getOf(`/api/users/${person.id}/leave-requests`), 200, {
        data: [],
        currentPage: 1,
        pageSize: 7,
        total: 0,
        totalPages: 0,
      });
    } else server.autoAnswer(getOf(`/api/users/${person.id}/leave-balances`), 200, balancesHeld);
  };
const balancesHeld = allowancesOf({ 1: 14, 2: 14 });

/** One person's requests (staff dashboard, My profile, user detail): Delete Request on a pending row. */
function userLeaveList(
  base: Pick<ListScreen<LeaveRequest>, 'name' | 'path' | 'storage' | 'expectChrome'>,
  person: typeof onboardedStaff,
): ListScreen<LeaveRequest> {
  const refusal: ApiError = {
    statusCode: 409,
    error: 'Conflict',
    message: 'Only a pending leave request can be deleted.',
  };
  return {
    ...base,
    prepare: answerLeaveOf(person, 'requests'),
    // The requests page by 7; the Leave Balance table beside them is a list of its own, never paged.
    isUnderTest: (s) => s.context.initialQuery.pageSize === 7,
    pageSize: 7,
    endpoint: `/api/users/${person.id}/leave-requests`,
    rows: leaveRequestsOf([person]),
    answer: leavePageOf,
    expectAsked: expectLeavePageAsked,
    table: leaveTable,
    headers: LEAVE_COLUMNS,
    key: { column: 1, text: startShown },
    sortBy: { header: 'Start Date', id: 'fromDate' },
    paged: true,
    removal: {
      title: 'Are you absolutely sure?',
      description: () => /cannot be undone/,
      confirm: 'Continue',
      // Spec section 2: the row's Actions menu offers Delete Request while the request is pending.
      request: (app, row) =>
        chooseMenuItem(
          app.user,
          within(row).getByRole('button', { name: /^Actions for / }),
          'Delete Request',
        ),
      path: (request) => `/api/leave-requests/${request.id}`,
      removed: () => undefined,
      refusal,
      expectRemoved: () =>
        expectToast('Leave request deleted', 'The leave request has been deleted successfully.'),
      // Spec section 8: the title is the error message, the description the error text.
      expectRefused: (_, error) => expectToast(error.message, error.error),
    },
  };
}

const me = { ...onboardedStaff, id: staff.id, fullName: staff.fullName, email: staff.email };
const leaveHeading = (name: string) => (hidden: boolean) =>
  expect(screen.getByRole('heading', { level: 2, name, hidden })).toBeInTheDocument();

const staffDashboard = userLeaveList(
  {
    name: 'the staff dashboard',
    path: '/staff',
    storage: signedIn(staff),
    expectChrome: (hidden) => {
      leaveHeading('Your Recent Requests')(hidden);
      expect(screen.getByRole('button', { name: 'Request Leave', hidden })).toBeInTheDocument();
      // Reset shows only while a filter is in use: none is here.
      expect(screen.queryByRole('button', { name: 'Reset', hidden })).toBeNull();
    },
  },
  me,
);
const myProfile = userLeaveList(
  {
    name: 'My profile',
    path: '/staff/profile',
    storage: signedIn(staff),
    expectChrome: leaveHeading('Leave Request'),
  },
  me,
);
const userDetail = userLeaveList(
  {
    name: 'user detail',
    path: `/admin/users/${onboardedStaff.id}`,
    storage: signedIn(admin),
    expectChrome: leaveHeading('Leave Request'),
  },
  onboardedStaff,
);

/**
 * The Leave Balance table of My profile and user detail (spec section 2): this year's balance per leave type,
 * the whole list at once (no paging, sorting, search or removal). The staff dashboard shows none.
 */
function balanceList(
  { name, path, storage }: Pick<ListScreen<Row>, 'name' | 'path' | 'storage'>,
  person: typeof onboardedStaff,
): ListScreen<Row & { leaveType: { name: string } }> {
  return {
    name: `the Leave Balance table of ${name}`,
    path,
    storage,
    prepare: answerLeaveOf(person, 'balances'),
    isUnderTest: (s) => s.context.initialQuery.pageSize !== 7,
    pageSize: 10,
    endpoint: `/api/users/${person.id}/leave-balances`,
    rows: balancesHeld.map((b) => ({ ...b, id: b.leaveType.id })),
    answer: (_, rows) => (rows.length ? balancesHeld : []),
    expectAsked: (request) => expect(request).toBeDefined(),
    table: (hidden) => screen.getByRole('table', { name: 'Leave Balance', hidden }),
    headers: [],
    key: { column: 0, text: (row) => row.leaveType.name },
    paged: false,
    expectChrome: leaveHeading('Leave Balance'),
  };
}
const myProfileBalance = balanceList(myProfile, me);
const userDetailBalance = balanceList(userDetail, onboardedStaff);

// ------------------------------------------------------------------ Public Holidays (/admin/public-holidays)

interface HolidayRow {
  id: number;
  date: string;
  name: string;
}
const thisYear = todayIso().slice(0, 4);
const holidays = [
  { date: `${thisYear}-01-01`, name: "New Year's Day" },
  { date: `${thisYear}-05-01`, name: 'Labour Day' },
  { date: `${thisYear}-08-09`, name: 'National Day' },
];

const publicHolidays: ListScreen<HolidayRow> = {
  name: 'Public Holidays',
  path: '/admin/public-holidays',
  storage: signedIn(admin),
  pageSize: 366,
  endpoint: '/api/public-holidays',
  // The rows are the screen's own (an id each); the server answers dates and names.
  rows: holidays.map((h, i) => ({ id: i + 1, ...h })),
  answer: (_, rows) => rows.map(({ date, name }) => ({ date, name })),
  expectAsked: (request) => expect(request?.query.get('year')).toBe(thisYear),
  table: (hidden) => screen.getByRole('table', { name: `Public holidays ${thisYear}`, hidden }),
  headers: ['Date', 'Day', 'Name'],
  key: { column: 0, text: (h) => shownDate(h.date) },
  sortBy: { header: 'Date', id: 'date', compare: (a, b) => a.date.localeCompare(b.date) },
  wholeList: true,
  // A year's holidays show on one page.
  paged: false,
  removal: {
    title: 'Delete this public holiday?',
    description: (h) => `${h.name} (${shownDate(h.date)})`,
    confirm: 'Delete',
    request: async (app, row) => {
      await app.user.click(within(row).getByRole('button', { name: /^Delete / }));
    },
    path: (h) => `/api/public-holidays/${h.date}`,
    removed: (h) => ({ date: h.date, name: h.name, changedRequests: [] }),
    refusal: {
      statusCode: 409,
      error: 'Conflict',
      message: 'A pending leave request over this date would be left with no day.',
    },
    expectRemoved: (h) => expectToast('Public holiday deleted', h.name),
    // The refusal's reason reaches the administrator.
    expectRefused: (_, refusal) => expectToastSaying(refusal.message),
  },
  expectChrome: (hidden) => {
    expect(screen.getByRole('heading', { level: 1, name: 'Public Holidays', hidden })).toBeInTheDocument();
    expect((screen.getByLabelText('Year') as HTMLSelectElement).value).toBe(thisYear);
  },
};

// ------------------------------------------------------------------ the walk, the same on every screen

/** The first page of what the server holds, and for a whole list its cuts: the test's own, in the spec's order. */
function firstAnswer<R extends Row>(list: ListScreen<R>): Answer {
  const cut = (query: Parameters<NonNullable<Answer['repage']>>[0]): Answer => {
    const rule = query.sorting[0];
    const compare = list.sortBy?.compare;
    const ordered =
      rule && compare ? [...list.rows].sort((a, b) => (rule.desc ? -1 : 1) * compare(a, b)) : list.rows;
    const start = (query.page - 1) * query.pageSize;
    const rows = ordered.slice(start, start + query.pageSize);
    return list.wholeList
      ? { rows, total: list.rows.length, repage: cut }
      : { rows, total: list.rows.length };
  };
  return cut({ sorting: [], page: 1, pageSize: list.pageSize });
}

function walkList<R extends Row>(list: ListScreen<R>) {
  const { removal, search } = list;
  const firstRow = list.rows[0] as R;
  /** The events this screen offers (an event of a control it lacks is left out). */
  const when = (offered: unknown, ...some: Event[]) => (offered ? some : []);
  const events: Event[] = [
    ...when(search, { type: 'list.search', text: search?.text ?? '' }),
    ...when(list.sortBy, {
      type: 'list.change',
      change: { sorting: [{ id: list.sortBy?.id ?? '', desc: false }] },
    }),
    ...when(list.paged, { type: 'list.change', change: { page: 2 } }),
    { type: 'list.reload' },
    ...when(list.reset, { type: 'list.reset' }),
    ...when(
      removal,
      { type: 'removal.request', row: firstRow },
      { type: 'removal.cancel' },
      { type: 'removal.confirm' },
      { type: 'xstate.done.actor.removeRow', output: undefined, actorId: 'removeRow' },
      { type: 'xstate.error.actor.removeRow', error: removal?.refusal ?? serverDown, actorId: 'removeRow' },
    ),
    { type: 'xstate.done.actor.fetchRows', output: firstAnswer(list), actorId: 'fetchRows' },
    { type: 'xstate.done.actor.fetchRows', output: { rows: [], total: 0 }, actorId: 'fetchRows' },
    { type: 'xstate.error.actor.fetchRows', error: serverDown, actorId: 'fetchRows' },
    ...when(search, { type: 'xstate.after.searchDebounce.list.search.typing' }),
  ];
  /** What the screen lets a user do in a snapshot: behind the open confirmation only its buttons work. */
  function canProduce(s: Snapshot, event: Event): boolean {
    switch (event.type) {
      case 'list.search':
        return !dialogOpen(s);
      case 'list.change':
        if ('page' in event.change)
          return (
            !dialogOpen(s) &&
            s.matches({ rows: 'ready' }) &&
            s.context.query.page < pages(s.context.total, list.pageSize)
          );
        return !dialogOpen(s);
      case 'list.reload':
        return !dialogOpen(s) && s.matches({ rows: 'failed' });
      case 'list.reset':
        return !dialogOpen(s) && refined(s);
      case 'removal.request':
        return s.matches({ rows: 'ready' });
      default:
        return true;
    }
  }
  // A removal starts the list over (`list.reset`) on every screen that removes rows.
  const offered = new Set<string>([...events.map((e) => e.type), ...(removal ? ['list.reset'] : [])]);
  const everyEvent = [
    'list.search',
    'list.change',
    'list.reset',
    'removal.request',
    'removal.cancel',
    'removal.confirm',
    'xstate.done.actor.removeRow',
    'xstate.error.actor.removeRow',
    'xstate.after.searchDebounce.list.search.typing',
  ];

  const actor = followActor(listMachine, list.isUnderTest);
  const starts = [{ name: `opens ${list.name}`, input: { query: { pageSize: list.pageSize } } }];
  const plan = planTransitionPaths(listMachine, { starts, events, canProduce });
  const live = actor.live;

  /** Whether the page behind an open dialog is being read (queries must then include hidden elements). */
  let hidden = false;
  const table = () => list.table(hidden);
  const dataRows = () =>
    within(table())
      .getAllByRole('row', { hidden })
      .filter((row) => row.getAttribute('aria-hidden') !== 'true')
      .slice(1);
  /** The table with its pager (the staff dashboard's calendar has a Previous and Next of its own). */
  const withPager = () => {
    let box = table().parentElement;
    while (box && within(box).queryAllByRole('button', { name: 'Previous', hidden: true }).length === 0)
      box = box.parentElement;
    return within(box ?? document.body);
  };
  const searchBox = () => screen.getByRole('searchbox', { name: search?.label, hidden });
  const confirmation = () => openDialog('alertdialog', removal?.title ?? '');

  /** Answers every fetch of the rows still open: the newest belongs to the live fetch, older ones were dropped. */
  function answerRows(app: RunningApp, answer: (request: RecordedRequest) => [number, unknown]) {
    const open = app.server.pending('GET', list.endpoint);
    expect(open.length, `a pending GET ${list.endpoint}`).toBeGreaterThan(0);
    for (const request of open) app.server.answer('GET', list.endpoint, ...answer(request));
  }

  async function perform(app: RunningApp, event: Event) {
    switch (event.type) {
      case 'list.search':
        await app.user.clear(searchBox());
        await app.user.type(searchBox(), event.text);
        break;
      case 'list.change':
        if ('page' in event.change) await app.user.click(withPager().getByRole('button', { name: 'Next' }));
        else await app.user.click(within(table()).getByRole('button', { name: list.sortBy?.header }));
        break;
      case 'list.reload':
        await app.user.click(within(table()).getByRole('button', { name: 'Try again' }));
        break;
      case 'list.reset':
        await app.user.click(screen.getByRole('button', { name: 'Reset' }));
        break;
      case 'removal.request': {
        const [row] = dataRows();
        if (!row || !removal) throw new Error('no row to remove');
        await removal.request(app, row);
        break;
      }
      case 'removal.cancel':
        await app.user.click(within(confirmation()).getByRole('button', { name: 'Cancel' }));
        break;
      case 'removal.confirm':
        await app.user.click(within(confirmation()).getByRole('button', { name: removal?.confirm }));
        break;
      case 'xstate.done.actor.fetchRows':
        answerRows(app, (request) => [200, list.answer(request, event.output.total ? list.rows : [])]);
        break;
      case 'xstate.error.actor.fetchRows':
        answerRows(app, () => [event.error.statusCode, event.error]);
        break;
      case 'xstate.done.actor.removeRow': {
        const row = live().context.removing as R;
        const answer = removal?.removed(row);
        app.server.answer('DELETE', removal?.path(row) ?? '', answer === undefined ? 204 : 200, answer);
        break;
      }
      case 'xstate.error.actor.removeRow':
        app.server.answer(
          'DELETE',
          removal?.path(live().context.removing as R) ?? '',
          event.error.statusCode,
          event.error,
        );
        break;
      case 'xstate.after.searchDebounce.list.search.typing':
        await advanceThroughDelay(listMachine, event.type, () => live().matches({ search: 'idle' }));
        break;
    }
    await settle();
  }

  /** The user's view of each state; `removing` is the row a finished removal was about. */
  function expectScreen(app: RunningApp, s: Snapshot, event: Event | null, removing: R | null) {
    // Behind the open confirmation the page is hidden from assistive technology; it is still there.
    hidden = dialogOpen(s);
    expect(window.location.pathname).toBe(list.path);
    list.expectChrome(hidden);
    if (search) {
      expect(searchBox()).toHaveAttribute('placeholder', search.placeholder);
      expect(searchBox()).toHaveValue(s.context.searchText);
    }
    if (list.reset) {
      expect(screen.queryByRole('button', { name: 'Reset', hidden }) !== null, 'Reset shows').toBe(
        refined(s),
      );
    }
    const headers = within(table())
      .getAllByRole('columnheader', { hidden })
      .map((th) => th.textContent);
    expect(headers.slice(0, list.headers.length)).toEqual(list.headers);

    const { query } = s.context;
    const fetching = app.server.pending('GET', list.endpoint).at(-1);
    const loading = s.matches({ rows: 'loading' });
    if (loading) {
      expect(table()).toHaveAttribute('aria-busy', 'true');
      expect(dataRows()).toEqual([]);
      list.expectAsked(fetching, query);
    } else {
      expect(table()).toHaveAttribute('aria-busy', 'false');
      expect(fetching).toBeUndefined();
    }
    if (s.matches({ rows: 'ready' })) {
      const shown = dataRows().map((row) => within(row).getAllByRole('cell', { hidden })[list.key.column]);
      expect(shown.map((cell) => cell?.textContent)).toEqual((s.context.rows as R[]).map(list.key.text));
      if (list.caption) expect(screen.getByText(list.caption(s.context.total))).toBeInTheDocument();
    }
    if (s.matches({ rows: 'empty' })) {
      expect(within(table()).getByRole('cell', { name: 'No results.', hidden })).toBeInTheDocument();
      if (list.caption) expect(screen.getByText(list.caption(0))).toBeInTheDocument();
    }
    if (list.paged && !loading) {
      // Spec section 9: 'Page X of Y'; Previous is disabled at page 1, Next at or past the last page.
      const last = pages(s.context.total, list.pageSize);
      const pager = withPager();
      expect(pager.getByText(`Page ${query.page} of ${last}`)).toBeInTheDocument();
      expect(pager.getByRole('button', { name: 'Previous', hidden })).toHaveProperty(
        'disabled',
        query.page <= 1,
      );
      expect(pager.getByRole('button', { name: 'Next', hidden })).toHaveProperty(
        'disabled',
        query.page >= last,
      );
    }
    if (s.matches({ rows: 'failed' })) {
      expect(within(table()).getByRole('alert', { hidden })).toHaveTextContent(serverDown.message);
      expect(within(table()).getByRole('button', { name: 'Try again', hidden })).toBeEnabled();
    } else {
      expect(within(table()).queryByRole('button', { name: 'Try again', hidden })).toBeNull();
    }

    if (list.sortBy) {
      const sortedBy = query.sorting[0];
      expect(within(table()).getByRole('columnheader', { name: list.sortBy.header, hidden })).toHaveAttribute(
        'aria-sort',
        sortedBy ? (sortedBy.desc ? 'descending' : 'ascending') : 'none',
      );
    }

    if (!removal) return;
    if (s.matches({ removal: 'idle' })) {
      expect(isDialogOpen('alertdialog', removal.title)).toBe(false);
    } else {
      const dialog = confirmation();
      expect(dialog).toHaveTextContent(removal.description(s.context.removing as R));
      const removingNow = s.matches({ removal: 'removing' });
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', removingNow);
      if (removingNow) {
        // Spec section 8: buttons show 'Processing...' and are disabled while a request is in flight.
        expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeDisabled();
        expect(app.server.pending('DELETE').map((r) => r.path)).toEqual([
          removal.path(s.context.removing as R),
        ]);
      } else {
        expect(within(dialog).getByRole('button', { name: removal.confirm })).toBeEnabled();
      }
    }
    if (event?.type === 'xstate.done.actor.removeRow' && removing) removal.expectRemoved(removing);
    if (event?.type === 'xstate.error.actor.removeRow' && removing)
      removal.expectRefused(removing, removal.refusal);
  }

  const label = (event: Event) => {
    if (event.type === 'list.change')
      return 'page' in event.change ? 'list.change (Next)' : 'list.change (sort)';
    if (event.type === 'xstate.done.actor.fetchRows' && event.output.total === 0)
      return 'fetchRows done (none)';
    return describeEvent(event);
  };

  describeModelWalk<Machine, Event>({
    title: `list statechart, walked through ${list.name}`,
    machine: listMachine,
    actor,
    plan,
    open: () =>
      renderApp({ path: list.path, storage: list.storage, inspect: actor.inspect, prepare: list.prepare }),
    perform,
    // The row being removed, as it was before the event, names the toast.
    expectScreen: (app, s, event, before) =>
      expectScreen(app, s, event, (before?.context.removing as R | null) ?? null),
    label,
    // What this screen does not offer (no search box, no removal) is walked through the screens that do;
    // a list the server pages never cuts a page itself.
    notOnThisScreen: [
      ...everyEvent.filter((type) => !offered.has(type)),
      ...(list.wholeList ? [] : ['list.change [isRecut]']),
    ],
  });
}

walkList(allStaff);
walkList(adminDashboard);
walkList(staffDashboard);
walkList(myProfile);
walkList(userDetail);
walkList(myProfileBalance);
walkList(userDetailBalance);
walkList(publicHolidays);
