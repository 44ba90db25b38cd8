import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { listMachine } from '../../machines/list.machine';
import type { ApiError } from '../../src/domain/auth';
import type { LeaveRequest } from '../../src/domain/leave';
import type { PayslipAggregate } from '../../src/domain/payslips';
import type { DirectoryEntry } from '../../src/domain/staff-directory';
import { monthName } from '../models/calendar-words';
import {
  type AskedQuery,
  canProduceOn,
  createListModel,
  type ListModelEvent,
  type ListRow,
  type ListScreen,
  serverDown,
} from '../models/list.model';
import { admin, staff } from '../views/fixtures';
import { type FakeServer, firstOf, getOf, type RecordedRequest } from './fake-server';
import {
  advance,
  chooseMenuItem,
  expectToast,
  type RunningApp,
  renderApp,
  settle,
  signedIn,
} from './harness';
import { counts, leaveTypes } from './leave-fixtures';
import { employee, itemPaths, payItemsPath, period, unprocessedPayslip } from './pay-items-fixtures';
import { describeSpecWalk } from './spec-walk';
import { allowancesOf, onboardedStaff } from './staff-fixtures';

/**
 * The list walked from its spec model (tests/models/list.model.ts) through every screen that shows one: All
 * Staff, the admin dashboard's leave requests, one person's leave requests on the staff dashboard, My profile
 * and user detail, their Leave Balance tables, and the year's holidays on Public Holidays. HTTP is answered at
 * the fetch level and the search pause passes on a fake clock; after every step the screen must show what
 * the model's states say, and the app's list statechart must have taken no transition the model lacks. Also
 * the Leave Balance table of Pay Items and My Payslips.
 */

type Row = ListRow;

/** How the walk drives one screen, beside what the model says of it. */
interface WalkedList<R extends Row> extends ListScreen<R> {
  /** Answers what else the screen asks for; the list's own fetches wait for the step that answers them. */
  prepare?: (server: FakeServer) => void;
  /** Where the screen runs several lists: the app's actor under test. */
  isUnderTest?: (s: AnyMachineSnapshot) => boolean;
  /** Asks to remove the row shown in this table row. */
  requestRemoval?: (app: RunningApp, tableRow: HTMLElement) => Promise<void>;
  /** What only the screen's own controls make its list do (walked by that screen's walk). */
  byTheScreen?: readonly string[];
}

/** Spec section 9: dates show as day/month/year with zero padding. */
const shownDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

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
    addressBlock: null,
    addressStreet: null,
    addressUnit: null,
    addressPostalCode: null,
    foreignAddress: null,
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
    workman: false,
    daysPerWeek: 5,
    normalHoursPerDay: 8.8,
    restDay: 'SUNDAY',
    overtimeExemptionRef: null,
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

const allStaff: WalkedList<DirectoryEntry> = {
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
  sortBy: { header: 'Email', compare: (a, b) => a.email.localeCompare(b.email) },
  wholeList: true,
  paged: true,
  caption: (total) => `A total of ${total} staff members.`,
  search: { label: 'Search staff', placeholder: 'Search staff...', text: 'tan' },
  requestRemoval: (app, row) =>
    chooseMenuItem(app.user, within(row).getByRole('button', { name: 'Actions' }), 'Delete'),
  removal: {
    title: 'Are you absolutely sure?',
    description: () =>
      "This action cannot be undone. This will permanently delete this user's account and remove his/her data from our servers.",
    confirm: 'Continue',
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

const expectLeavePageAsked = (request: RecordedRequest | undefined, query: AskedQuery) => {
  expect(request?.query.get('page')).toBe(String(query.page));
  expect(request?.query.get('limit')).toBe('7');
};

/** Spec section 2: Start Date shows the day and its AM or PM marker. */
const startShown = (request: LeaveRequest) =>
  `${shownDate(request.fromDate)} ${request.fromDateIsAm ? 'AM' : 'PM'}`;
const leaveTable = (hidden: boolean) =>
  screen.getByRole('table', { name: /^(your )?leave requests$/i, hidden });
const LEAVE_COLUMNS = ['Leave Type', 'Start Date', 'End Date', 'Days', 'Status', 'Requested On'];

const adminDashboard: WalkedList<LeaveRequest> = {
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
  sortBy: { header: 'Start Date' },
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
  base: Pick<WalkedList<LeaveRequest>, 'name' | 'path' | 'storage' | 'expectChrome'>,
  person: typeof onboardedStaff,
): WalkedList<LeaveRequest> {
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
    sortBy: { header: 'Start Date' },
    paged: true,
    // Spec section 2: the row's Actions menu offers Delete Request while the request is pending.
    requestRemoval: (app, row) =>
      chooseMenuItem(app.user, within(row).getByRole('button', { name: /^Actions for / }), 'Delete Request'),
    removal: {
      title: 'Are you absolutely sure?',
      description: () => /cannot be undone/,
      confirm: 'Continue',
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
  { name, path, storage }: Pick<WalkedList<Row>, 'name' | 'path' | 'storage'>,
  person: typeof onboardedStaff,
): WalkedList<Row & { leaveType: { name: string } }> {
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

/**
 * The Leave Balance table of Pay Items (spec section 2, Admin pay items): the employee's balance in the
 * payslip's year, the same table as on My profile. The payslip and its items are answered as they are asked
 * for; the table shows with the payslip.
 */
const payItemsBalance: WalkedList<Row & { leaveType: { name: string } }> = {
  ...balanceList(
    {
      name: 'Pay Items',
      path: payItemsPath,
      storage: signedIn(admin),
    },
    onboardedStaff,
  ),
  prepare: (server) => {
    window.history.replaceState({ processingStatus: 'UNPROCESSED', user: employee }, '', payItemsPath);
    server.autoAnswer(getOf(`/api/users/${employee.id}/payslips`), 200, unprocessedPayslip);
    for (const items of itemPaths) server.autoAnswer(getOf(`/api/users/${employee.id}/${items}`), 200, []);
  },
  // Pay Items' other lists are its items, which ask nobody for their rows.
  isUnderTest: (s) => s.context.initialQuery.filters.user !== undefined,
  endpoint: `/api/users/${employee.id}/leave-balances`,
  expectAsked: (request) => expect(request?.query.get('year')).toBe(String(period.year)),
  expectChrome: leaveHeading(`Leave Balance ${period.year}`),
};

// ------------------------------------------------------------------ Public Holidays (/admin/public-holidays)

interface HolidayRow {
  id: number;
  date: string;
  name: string;
}
const thisYear = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore', year: 'numeric' }).format(
  new Date(),
);
const holidays = [
  { date: `${thisYear}-01-01`, name: "New Year's Day" },
  { date: `${thisYear}-05-01`, name: 'Labour Day' },
  { date: `${thisYear}-08-09`, name: 'National Day' },
];

const publicHolidays: WalkedList<HolidayRow> = {
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
  sortBy: { header: 'Date', compare: (a, b) => a.date.localeCompare(b.date) },
  wholeList: true,
  // A year's holidays show on one page.
  paged: false,
  requestRemoval: async (app, row) => {
    await app.user.click(within(row).getByRole('button', { name: /^Delete / }));
  },
  removal: {
    title: 'Delete this public holiday?',
    description: (h) => `${h.name} (${shownDate(h.date)})`,
    confirm: 'Delete',
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

// ------------------------------------------------------------------ My Payslips (/staff/payslips)

/** A whole year of payslips, latest month first: two pages of 10. */
const payslipsOfYear: Array<PayslipAggregate & { id: number }> = Array.from({ length: 12 }, (_, i) => {
  const month = 12 - i;
  return {
    id: 500 + month,
    payslipId: 500 + month,
    payslipMonth: month,
    payslipYear: Number(thisYear),
    processingStatus: 'PROCESSED',
    userDetails: { id: staff.id, name: staff.fullName },
    payDate: `${thisYear}-${String(month).padStart(2, '0')}-28`,
    grossPay: 6200,
    totalEmployeeCpfContribution: 1240,
    totalEmployerCpfContribution: 1054,
    selfHelpGroupContribution: 2,
    netPay: 4958,
    otherItems: 0,
    netPayable: 4958,
    payItems: 0,
  };
});

const myPayslips: WalkedList<PayslipAggregate & { id: number }> = {
  name: 'My Payslips',
  path: '/staff/payslips',
  storage: signedIn(staff),
  pageSize: 10,
  endpoint: `/api/users/${staff.id}/payslips/processed/aggregates`,
  rows: payslipsOfYear,
  // The year's payslips in one answer (spec section 7), without the table's ids.
  answer: (_, rows) => rows.map(({ id: _id, ...payslip }) => payslip),
  expectAsked: (request) => expect(request?.query.get('year')).toBe(thisYear),
  table: (hidden) => screen.getByRole('table', { name: 'Payslips', hidden }),
  headers: ['Month', 'Year', 'Gross Pay', 'Employee CPF', 'Net Pay', 'Other Items', 'Net Payable'],
  key: { column: 0, text: (payslip) => monthName(payslip.payslipMonth) },
  wholeList: true,
  paged: true,
  // Its pages and order are cut here; only another year fetches (tests/machines/staff-payslips.test.tsx).
  byTheScreen: ['list.change [otherwise]'],
  expectChrome: (hidden) =>
    expect(screen.getByRole('heading', { level: 1, name: 'My Payslips', hidden })).toBeInTheDocument(),
};

// ------------------------------------------------------------------ the walk, the same on every screen

/** The app's list events a screen offers no control for (their transitions are walked on other screens). */
const EVERY_APP_EVENT = [
  'list.search',
  'list.change',
  'list.reload',
  'list.reset',
  'removal.request',
  'removal.cancel',
  'removal.confirm',
  'xstate.done.actor.removeRow',
  'xstate.error.actor.removeRow',
  'xstate.after.searchDebounce.list.search.typing',
];

function walkList<R extends Row>(list: WalkedList<R>) {
  const { removal, search } = list;
  const model = createListModel(list);
  const when = (offered: unknown, ...some: ListModelEvent[]) => (offered ? some : []);
  const events: ListModelEvent[] = [
    ...when(search, { type: 'user.types', text: search?.text ?? '' }, { type: 'clock.pause' }),
    ...when(list.sortBy, { type: 'user.sorts' }),
    ...when(list.paged, { type: 'user.nextPage' }),
    { type: 'user.retries' },
    ...when(list.reset, { type: 'user.resets' }),
    ...when(
      removal,
      { type: 'user.asksRemoval' },
      { type: 'user.cancels' },
      { type: 'user.confirms' },
      { type: 'server.removes' },
      { type: 'server.refusesRemoval' },
    ),
    { type: 'server.answersRows' },
    { type: 'server.answersNoRows' },
    { type: 'server.fails' },
  ];
  // What the app's list does on this screen: a removal starts the list over (its reset).
  const offered = new Set<string>([
    ...(list.sortBy || list.paged || search ? ['list.change'] : []),
    'list.reload',
    ...(search ? ['list.search', 'xstate.after.searchDebounce.list.search.typing'] : []),
    ...(list.reset || removal ? ['list.reset'] : []),
    ...(removal
      ? [
          'removal.request',
          'removal.cancel',
          'removal.confirm',
          'xstate.done.actor.removeRow',
          'xstate.error.actor.removeRow',
        ]
      : []),
  ]);

  const hidden = (m: AnyMachineSnapshot) => !m.matches({ removal: 'idle' });
  const table = (m: AnyMachineSnapshot) => list.table(hidden(m));
  const confirmation = () => {
    const open = screen
      .getAllByRole('alertdialog', { name: removal?.title })
      .find((el) => el.getAttribute('data-state') === 'open');
    if (!open) throw new Error('the question is not open');
    return open;
  };
  /** Answers every fetch of the rows still open: the newest belongs to the live fetch, older ones were dropped. */
  function answerRows(app: RunningApp, answer: (request: RecordedRequest) => [number, unknown]) {
    const open = app.server.pending('GET', list.endpoint);
    expect(open.length, `a pending GET ${list.endpoint}`).toBeGreaterThan(0);
    for (const request of open) app.server.answer('GET', list.endpoint, ...answer(request));
  }

  async function perform(app: RunningApp, event: ListModelEvent, m: AnyMachineSnapshot) {
    switch (event.type) {
      case 'user.types': {
        const box = screen.getByRole('searchbox', { name: search?.label });
        await app.user.clear(box);
        await app.user.type(box, event.text);
        break;
      }
      case 'clock.pause':
        // Spec section 9: the search applies 300 ms after the last keystroke.
        await advance(300);
        break;
      case 'user.sorts':
        await app.user.click(within(table(m)).getByRole('button', { name: list.sortBy?.header }));
        break;
      case 'user.nextPage': {
        let box = table(m).parentElement;
        while (box && within(box).queryAllByRole('button', { name: 'Next' }).length === 0)
          box = box.parentElement;
        await app.user.click(within(box ?? document.body).getByRole('button', { name: 'Next' }));
        break;
      }
      case 'user.retries':
        await app.user.click(within(table(m)).getByRole('button', { name: 'Try again' }));
        break;
      case 'user.resets':
        await app.user.click(screen.getByRole('button', { name: 'Reset' }));
        break;
      case 'user.asksRemoval': {
        const [row] = within(table(m))
          .getAllByRole('row')
          .filter((r) => r.getAttribute('aria-hidden') !== 'true')
          .slice(1);
        if (!row || !list.requestRemoval) throw new Error('no row to remove');
        await list.requestRemoval(app, row);
        break;
      }
      case 'user.cancels':
        await app.user.click(within(confirmation()).getByRole('button', { name: 'Cancel' }));
        break;
      case 'user.confirms':
        await app.user.click(within(confirmation()).getByRole('button', { name: removal?.confirm }));
        break;
      case 'server.answersRows':
        answerRows(app, (request) => [200, list.answer(request, list.rows)]);
        break;
      case 'server.answersNoRows':
        answerRows(app, (request) => [200, list.answer(request, [])]);
        break;
      case 'server.fails':
        answerRows(app, () => [serverDown.statusCode, serverDown]);
        break;
      case 'server.removes': {
        const row = (m.context as { removing: R }).removing;
        const answer = removal?.removed(row);
        app.server.answer('DELETE', removal?.path(row) ?? '', answer === undefined ? 204 : 200, answer);
        break;
      }
      case 'server.refusesRemoval': {
        const row = (m.context as { removing: R }).removing;
        app.server.answer(
          'DELETE',
          removal?.path(row) ?? '',
          removal?.refusal.statusCode ?? 500,
          removal?.refusal,
        );
        break;
      }
    }
    await settle();
  }

  describeSpecWalk({
    title: `a list, walked from its spec model through ${list.name}`,
    model,
    starts: [{ name: list.name, input: undefined as never }],
    events,
    canProduce: canProduceOn(list),
    // The guards read the page, the order and the search: states that differ in them are different states.
    serialize: (m) => {
      const c = m.context;
      return JSON.stringify([m.value, c.page, c.sorted, c.search, c.typed, c.whole, c.total]);
    },
    app: {
      machine: listMachine,
      isUnderTest: list.isUnderTest,
      notOnThisScreen: [
        ...EVERY_APP_EVENT.filter((type) => !offered.has(type)),
        // A list the server pages never cuts a page itself.
        ...(list.wholeList ? [] : ['list.change [isRecut]']),
        ...(list.byTheScreen ?? []),
      ],
    },
    open: (_path, inspect) =>
      renderApp({ path: list.path, storage: list.storage, inspect, prepare: list.prepare }),
    perform,
    // Whatever the planner picks, each screen that removes rows is seen cancelling and confirming.
    scenarios: removal
      ? [
          {
            name: 'Cancel closes the question and removes nothing',
            events: [{ type: 'server.answersRows' }, { type: 'user.asksRemoval' }, { type: 'user.cancels' }],
          },
          {
            name: `${removal.confirm} removes the row and the list starts over`,
            events: [
              { type: 'server.answersRows' },
              { type: 'user.asksRemoval' },
              { type: 'user.confirms' },
              { type: 'server.removes' },
              { type: 'server.answersRows' },
            ],
          },
        ]
      : [],
  });
}

walkList(allStaff);
walkList(adminDashboard);
walkList(staffDashboard);
walkList(myProfile);
walkList(userDetail);
walkList(myProfileBalance);
walkList(userDetailBalance);
walkList(payItemsBalance);
walkList(publicHolidays);
walkList(myPayslips);
