import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, type MockInstance, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import {
  type PaySubmissionsEvent,
  paySubmissionsMachine,
  type SubmissionFile,
} from '../../machines/pay-submissions.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { ApiError } from '../../src/domain/auth';
import { todayIso } from '../../src/domain/dates';
import type { CpfSummary } from '../../src/domain/submissions';
import { admin } from '../views/fixtures';
import { describeEvent, planScenario, planTransitionPaths } from './coverage';
import type { FakeServer, RecordedRequest } from './fake-server';
import { expectToast, pdfTab, type RunningApp, renderApp, settle } from './harness';
import { describeModelWalk, followActor } from './model-walk';

/**
 * Model-based test of the pay-submissions statechart (docs/decisions/0001) through Submissions
 * (/admin/pay-submissions): paths from the real machine, walked through the real app with HTTP answered at
 * the fetch level. After every step the test checks what the screen shows (the month's CPF summary, the
 * checks, the four file buttons, the value date's message, toasts) and which requests it made.
 */

type Machine = typeof paySubmissionsMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event =
  | PaySubmissionsEvent
  | { type: 'xstate.done.actor.loadSummary'; output: CpfSummary; actorId: 'loadSummary' }
  | { type: 'xstate.error.actor.loadSummary'; error: ApiError; actorId: 'loadSummary' }
  | { type: 'xstate.done.actor.download'; output: string | null; actorId: 'download' }
  | { type: 'xstate.error.actor.download'; error: ApiError; actorId: 'download' };

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const today = todayIso();
const thisYear = Number(today.slice(0, 4));
const thisMonth = Number(today.slice(5, 7));
const lastYear = thisYear - 1;
/** A calendar day `days` from today, as YYYY-MM-DD. */
const daysFromToday = (days: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const inAWeek = daysFromToday(7);
const in30Days = daysFromToday(30);
const in31Days = daysFromToday(31);
const yesterday = daysFromToday(-1);
const VALUE_DATE_RULE = 'Value date must be from today to 30 days ahead.';
const CHECKS = 'What would stop the CPF file';

/** A month with nothing in the way of the CPF file. */
const clean: CpfSummary = {
  year: thisYear,
  month: thisMonth,
  employees: 12,
  employeeCpf: 1234.5,
  employerCpf: 1048.83,
  totalCpf: 2283.33,
  sdl: 37,
  shg: [
    { fund: 'CDAC', donors: 3, amount: 4.5 },
    { fund: 'MBMF', donors: 1, amount: 3.25 },
  ],
  totalPayable: 2328.08,
  unprocessed: 0,
  problems: [],
};
/** A month whose CPF file the server would refuse, with staff left unprocessed. */
const blocked: CpfSummary = {
  ...clean,
  employees: 10,
  unprocessed: 2,
  problems: [
    "The company's CPF submission number is not set: enter it on the Company page.",
    'Tan Wei Ming has no NRIC or FIN on record.',
  ],
};
const serverDown: ApiError = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'The database is unavailable.',
};
const refused: ApiError = {
  statusCode: 409,
  error: 'Conflict',
  message: 'The bank account number of the company is not set: enter it on the Company page.',
};

const LOAD = 'loadSummary';
const DOWNLOAD = 'download';
const summaryDone = (output: CpfSummary) =>
  ({ type: `xstate.done.actor.${LOAD}`, output, actorId: LOAD }) as const;
const summaryFailed = { type: `xstate.error.actor.${LOAD}`, error: serverDown, actorId: LOAD } as const;
const downloadDone = { type: `xstate.done.actor.${DOWNLOAD}`, output: 'file', actorId: DOWNLOAD } as const;
const downloadFailed = { type: `xstate.error.actor.${DOWNLOAD}`, error: refused, actorId: DOWNLOAD } as const;
const download = (file: SubmissionFile) => ({ type: 'file.download', file }) as const;
const valueDate = (value: string) => ({ type: 'valueDate.change', valueDate: value }) as const;
/** Another year (the Year picker keeps the month) and another month (the Month picker keeps the year). */
const toLastYear = { type: 'period.change', year: lastYear, month: thisMonth } as const;
const toOtherMonth =
  thisMonth > 1
    ? ({ type: 'period.change', year: thisYear, month: thisMonth - 1 } as const)
    : ({ type: 'period.change', year: lastYear, month: 12 } as const);

const events: Event[] = [
  toLastYear,
  toOtherMonth,
  { type: 'summary.reload' },
  { type: 'bank.change', bank: 'DBS' },
  valueDate(inAWeek),
  valueDate(in31Days),
  valueDate(yesterday),
  valueDate(''),
  download('cpfFile'),
  download('bankFile'),
  download('ir8aPdf'),
  download('ir8aCsv'),
  summaryDone(clean),
  summaryDone(blocked),
  summaryFailed,
  downloadDone,
  downloadFailed,
];

/** Months a year offers: January to the current month this year, all twelve before. */
const monthsOf = (year: number) => (year === thisYear ? thisMonth : 12);

/** What the screen lets an admin do in a snapshot. */
function canProduce(s: Snapshot, event: Event): boolean {
  const c = s.context;
  switch (event.type) {
    case 'period.change': {
      // The pickers are locked while a file is made; each changes one of year and month.
      if (s.matches('downloading')) return false;
      const byYear = event.month === c.month && event.year !== c.year && c.years.includes(event.year);
      const byMonth = event.year === c.year && event.month !== c.month && event.month <= monthsOf(c.year);
      return byYear || byMonth;
    }
    // Bank and value date are locked only while a file is made.
    case 'bank.change':
      return !s.matches('downloading') && c.bank !== event.bank;
    case 'valueDate.change':
      return !s.matches('downloading') && c.valueDate !== event.valueDate;
    case 'file.download':
      // Download CPF file is disabled while the summary has problems; the bank file needs processed staff.
      if (event.file === 'cpfFile') return (c.summary?.problems.length ?? 1) === 0;
      if (event.file === 'bankFile') return (c.summary?.employees ?? 0) > 0;
      return true;
    default:
      return true;
  }
}

/** The guard reads the value date; the buttons read the summary; the requests read period and bank. */
const serialize = (s: Snapshot) => {
  const c = s.context;
  return JSON.stringify([
    s.value,
    c.year,
    c.month,
    c.summary === null ? null : c.summary.problems.length > 0,
    c.bank,
    c.valueDate,
    c.valueDateError !== null,
    c.downloading,
    c.downloadError !== null,
  ]);
};

const starts = [{ name: 'admin opens Submissions', input: { today } }];
const actor = followActor(paySubmissionsMachine);
const plan = planTransitionPaths(paySubmissionsMachine, { starts, events, canProduce, serialize });
const start = starts[0] as (typeof starts)[number];
/** Walked whatever the plan chose: each file, each value-date rule, each period picker. */
const scenarios: Event[][] = [
  [summaryDone(clean), download('cpfFile'), downloadDone],
  [summaryDone(clean), download('bankFile'), downloadDone],
  [summaryDone(clean), download('ir8aPdf'), downloadDone],
  [summaryDone(clean), download('ir8aCsv'), downloadDone],
  [summaryDone(clean), download('ir8aPdf'), downloadFailed],
  [summaryDone(blocked), download('bankFile'), downloadFailed, download('ir8aCsv'), downloadDone],
  [
    summaryDone(clean),
    valueDate(in31Days),
    download('bankFile'),
    valueDate(yesterday),
    download('bankFile'),
    valueDate(in30Days),
    { type: 'bank.change', bank: 'OCBC' },
    download('bankFile'),
    downloadDone,
  ],
  [
    summaryDone(clean),
    { type: 'bank.change', bank: 'DBS' },
    valueDate(today),
    download('bankFile'),
    downloadDone,
  ],
  [summaryDone(blocked), toLastYear, summaryDone(clean), download('ir8aCsv'), downloadDone],
  [summaryDone(clean), toOtherMonth, summaryFailed, { type: 'summary.reload' }, summaryDone(blocked)],
  // Bank and value date are taken while the summary is fetched or could not be: the next bank file has them.
  [
    summaryFailed,
    { type: 'bank.change', bank: 'OCBC' },
    valueDate(inAWeek),
    { type: 'summary.reload' },
    { type: 'bank.change', bank: 'DBS' },
    summaryDone(clean),
    download('bankFile'),
    downloadDone,
  ],
  // A value date typed while another month loads clears its message; another bank clears a refusal.
  [
    summaryDone(clean),
    valueDate(yesterday),
    download('bankFile'),
    toOtherMonth,
    valueDate(inAWeek),
    summaryDone(clean),
    download('bankFile'),
    downloadFailed,
    { type: 'bank.change', bank: 'DBS' },
  ],
];
const signature = (steps: readonly { event: Event }[] | Event[]) =>
  JSON.stringify(steps.map((step) => ('event' in step ? step.event : step)));
const planned = new Set(plan.paths.map((path) => signature(path.steps)));
plan.paths.push(
  ...scenarios
    .filter((steps) => !planned.has(signature(steps)))
    .map((steps) => planScenario<Machine, Event>(paySubmissionsMachine, start, steps)),
);

const live = actor.live;
const signedInAdmin = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};

const SUMMARY = '/api/payslips/cpf-summary';
const FILE_PATHS: Record<SubmissionFile, string> = {
  cpfFile: '/api/payslips/cpf-file',
  bankFile: '/api/payslips/bank-file',
  ir8aPdf: '/api/payslips/ir8a',
  ir8aCsv: '/api/payslips/ir8a',
};
const FILE_BUTTONS: Record<SubmissionFile, string> = {
  cpfFile: 'Download CPF file',
  bankFile: 'Download bank file',
  ir8aPdf: 'IR8A forms',
  ir8aCsv: 'IR8A CSV',
};
const pad = (n: string | null) => (n ?? '').padStart(2, '0');

/** The name the server gives each file in its Content-Disposition header (none the app would guess). */
function serverFileName(path: string, query: URLSearchParams): string | null {
  const year = query.get('year');
  if (path === FILE_PATHS.cpfFile) return `CPF-EZPAY-${year}${pad(query.get('month'))}.DTL`;
  if (path === FILE_PATHS.bankFile)
    return `${query.get('bank')}-SALARY-${year}${pad(query.get('month'))}.txt`;
  if (path === FILE_PATHS.ir8aCsv) return `IR8A-EMPLOYER-${year}.${query.get('format') ?? 'pdf'}`;
  return null;
}
const FILE_CONTENT = 'the file the server made';

/**
 * A browser's fetch reads a body as the page's Blob, which can be read back as text. In jsdom the page's
 * Blob has no `text()` and Node's fetch answers a Blob of Node's own (not the page's), so the fake server
 * answers a file request's refusal as a browser would: its JSON body as the page's Blob, readable as text.
 */
function asBrowserRefusal(response: Response, body: string): Response {
  const refusal = new Response(body, { status: response.status, headers: response.headers });
  const type = response.headers.get('content-type') ?? '';
  refusal.blob = async () => Object.assign(new Blob([body], { type }), { text: async () => body });
  return refusal;
}

/**
 * The fake server answers files as the real one does: with `content-disposition: attachment; filename=`,
 * and a refusal with the server's JSON (which the screen asked for as a blob, like the file).
 */
function withFileNames(server: FakeServer) {
  const answer = server.fetch;
  server.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await answer(input, init);
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const name = serverFileName(url.pathname, url.searchParams);
    if (name === null) return response;
    if (!response.ok) return asBrowserRefusal(response, await response.text());
    const headers = new Headers(response.headers);
    headers.set('content-type', 'application/octet-stream');
    headers.set('content-disposition', `attachment; filename="${name}"`);
    return new Response(await response.blob(), { status: response.status, headers });
  }) as typeof fetch;
}

// jsdom has no object URLs and no new tabs: the PDF's tab is a stand-in, saved files are link clicks.
const tab = pdfTab('blob:submission-file');
let saved: Array<{ download: string; href: string }> = [];
let clickSpy: MockInstance | null = null;
function setup() {
  tab.install();
  beforeEach(() => {
    saved = [];
    clickSpy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ download: this.download, href: this.getAttribute('href') ?? '' });
    });
  });
  afterEach(() => clickSpy?.mockRestore());
}

/** Requests to the payslip endpoints made by the step being walked. */
let requestsBefore = 0;
const newRequests = (app: RunningApp) =>
  app.server.requests.slice(requestsBefore).filter((r) => r.path.startsWith('/api/payslips/'));
const described = (r: RecordedRequest) => ({
  method: r.method,
  path: r.path,
  query: Object.fromEntries(r.query),
});

/** The request the screen must make for a file, from the snapshot that makes it. */
function fileRequest(s: Snapshot, file: SubmissionFile) {
  const { year, month, bank, valueDate: date } = s.context;
  const period = { year: String(year), month: String(month) };
  const query = {
    cpfFile: period,
    bankFile: { ...period, bank, ...(date ? { valueDate: date } : {}) },
    ir8aPdf: { year: String(year) },
    ir8aCsv: { year: String(year), format: 'csv' },
  }[file];
  return { method: 'GET', path: FILE_PATHS[file], query };
}

const button = (text: string) => screen.queryByText(text, { selector: 'button' }) as HTMLButtonElement | null;
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const valueDateInput = () => screen.getByLabelText('Value Date') as HTMLInputElement;

const toastTitles = () =>
  [...document.querySelectorAll('[data-scope="toast"][data-part="title"]')].map((t) => t.textContent);
/** The toasts showing before the step being walked. */
let toastsBefore: Array<string | null> = [];

/** Answers every pending summary request (an earlier period's too: its answer must change nothing). */
function answerSummary(server: FakeServer, status: number, body: (r: RecordedRequest) => unknown) {
  for (const request of server.pending('GET', SUMMARY)) server.answer('GET', SUMMARY, status, body(request));
}

async function perform(app: RunningApp, event: Event) {
  requestsBefore = app.server.requests.length;
  toastsBefore = toastTitles();
  const c = live().context;
  switch (event.type) {
    case 'period.change':
      if (event.year !== c.year) await app.user.selectOptions(select('Year'), String(event.year));
      else await app.user.selectOptions(select('Month'), String(event.month));
      break;
    case 'summary.reload':
      await app.user.click(button('Try again') as HTMLElement);
      break;
    case 'bank.change':
      await app.user.selectOptions(select('Bank'), event.bank);
      break;
    case 'valueDate.change':
      fireEvent.change(valueDateInput(), { target: { value: event.valueDate } });
      break;
    case 'file.download':
      await app.user.click(button(FILE_BUTTONS[event.file]) as HTMLElement);
      break;
    case 'xstate.done.actor.loadSummary': {
      const output = event.output;
      answerSummary(app.server, 200, (r) => ({
        ...output,
        year: Number(r.query.get('year')),
        month: Number(r.query.get('month')),
      }));
      break;
    }
    case 'xstate.error.actor.loadSummary':
      answerSummary(app.server, event.error.statusCode, () => event.error);
      break;
    case 'xstate.done.actor.download': {
      const file = c.downloading as SubmissionFile;
      app.server.answer(
        'GET',
        FILE_PATHS[file],
        200,
        file === 'ir8aPdf' ? { pdf: 'IR8A bytes' } : FILE_CONTENT,
      );
      break;
    }
    case 'xstate.error.actor.download':
      app.server.answer(
        'GET',
        FILE_PATHS[c.downloading as SubmissionFile],
        event.error.statusCode,
        event.error,
      );
      break;
  }
  await settle();
}

function expectRequests(app: RunningApp, s: Snapshot, event: Event | null, before: Snapshot | null) {
  const made = newRequests(app).map(described);
  const summaryOf = (x: Snapshot) => ({
    method: 'GET',
    path: SUMMARY,
    query: { year: String(x.context.year), month: String(x.context.month) },
  });
  if (event === null) {
    expect(made, 'the page asks for this month').toEqual([
      { method: 'GET', path: SUMMARY, query: { year: String(thisYear), month: String(thisMonth) } },
    ]);
    return;
  }
  if (event.type === 'period.change' || event.type === 'summary.reload') {
    expect(made, `${event.type} fetches the period's summary`).toEqual([summaryOf(s)]);
  } else if (event.type === 'file.download' && s.matches('downloading') && before?.matches('ready')) {
    expect(made, `${event.file} asks for the file`).toEqual([fileRequest(before, event.file)]);
  } else {
    expect(made, `no request after ${describeEvent(event)}`).toEqual([]);
  }
  if (s.matches('loading')) {
    // The summary shown is the one of the period picked last.
    const latest = app.server.pending('GET', SUMMARY).at(-1);
    expect(latest && described(latest)).toEqual(summaryOf(s));
  }
}

function expectSummary(s: Snapshot) {
  const c = s.context;
  const period = `${MONTHS[c.month - 1]} ${c.year}`;
  const table = document.querySelector('table');
  const checks = screen.queryByText('Before you submit');
  if (s.matches('failed')) {
    expect(screen.queryByText(`CPF summary for ${period}`)).toBeNull();
    expect(table).toBeNull();
    expect(checks).toBeNull();
    expect(document.querySelector('[data-part="form-error"]')).toHaveTextContent(serverDown.message);
    expect(button('Try again')).toBeEnabled();
    return;
  }
  expect(button('Try again')).toBeNull();
  expect(screen.getByText(`CPF summary for ${period}`)).toBeInTheDocument();
  expect(checks).toBeInTheDocument();
  const summary = c.summary;
  if (s.matches('loading') || !summary) {
    expect(table, 'no figures while they are fetched').toBeNull();
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    for (const problem of blocked.problems) expect(screen.queryByText(problem)).toBeNull();
    expect(screen.queryByRole('list', { name: CHECKS })).toBeNull();
    return;
  }
  // The amounts payable, in dollars with thousands separators and cents.
  const rows = new Map(
    [...(table?.querySelectorAll('tbody tr') ?? [])].map((row) => {
      const [label = '', amount = ''] = [...row.querySelectorAll('td')].map((td) => td.textContent ?? '');
      return [label, amount] as const;
    }),
  );
  expect(rows.get('CPF: employee')).toBe('1,234.50');
  expect(rows.get('CPF: employer')).toBe('1,048.83');
  expect(rows.get('CPF: total')).toBe('2,283.33');
  expect([...rows].find(([label]) => label.startsWith('SDL'))?.[1]).toBe('37.00');
  expect([...rows].find(([label]) => label.startsWith('CDAC'))?.[1]).toBe('4.50');
  expect([...rows].find(([label]) => label.startsWith('MBMF'))?.[1]).toBe('3.25');
  expect(rows.get('Total payable')).toBe('2,328.08');
  // The checks, a plain list: each of the server's sentences, and how many staff are not processed.
  const list = screen.getByRole('list', { name: CHECKS });
  expect(list.tagName).toBe('UL');
  expect(
    [...list.children].filter((child) => child.tagName !== 'LI'),
    'only items in the list',
  ).toEqual([]);
  const items = within(list)
    .queryAllByRole('listitem')
    .map((li) => li.textContent ?? '');
  for (const problem of summary.problems) expect(items).toContain(problem);
  if (summary.unprocessed > 0) {
    expect(items.filter((item) => /\b2 staff\b.*not processed/.test(item))).toHaveLength(1);
    expect(items).toHaveLength(summary.problems.length + 1);
  } else {
    expect(items).toHaveLength(summary.problems.length);
    expect(items.some((item) => /not processed/.test(item))).toBe(false);
  }
}

function expectFiles(s: Snapshot) {
  const c = s.context;
  const ready = s.matches('ready');
  const busy = s.matches('downloading');
  const problems = c.summary === null || c.summary.problems.length > 0;
  const disabledWhen: Record<SubmissionFile, boolean> = {
    cpfFile: !ready || problems,
    bankFile: !ready || (c.summary?.employees ?? 0) === 0,
    ir8aPdf: !ready,
    ir8aCsv: !ready,
  };
  const processing = [...document.querySelectorAll('button')].filter(
    (b) => b.textContent === 'Processing...',
  );
  expect(processing, "one button reads 'Processing...' while its file is made").toHaveLength(busy ? 1 : 0);
  for (const file of Object.keys(FILE_BUTTONS) as SubmissionFile[]) {
    const labelled = button(FILE_BUTTONS[file]);
    if (c.downloading === file) {
      expect(labelled, `${FILE_BUTTONS[file]} reads 'Processing...'`).toBeNull();
      expect(processing[0]).toBeDisabled();
      continue;
    }
    expect(labelled, FILE_BUTTONS[file]).not.toBeNull();
    expect(labelled, `${FILE_BUTTONS[file]} enabled?`).toHaveProperty('disabled', disabledWhen[file]);
  }
  expect(screen.getByText(`IRAS, year ${c.year}`)).toBeInTheDocument();
  // The pickers are locked while a file is made.
  expect(select('Year')).toHaveValue(String(c.year));
  expect(select('Year')).toHaveProperty('disabled', busy);
  expect(select('Month')).toHaveValue(String(c.month));
  expect(select('Month')).toHaveProperty('disabled', busy);
  const months = [...select('Month').querySelectorAll('option')].map((o) => o.textContent);
  expect(months).toEqual(MONTHS.slice(0, monthsOf(c.year)));
  expect([...select('Bank').querySelectorAll('option:not([disabled])')].map((o) => o.textContent)).toEqual([
    'UOB',
    'DBS',
    'OCBC',
  ]);
  expect(select('Bank')).toHaveValue(c.bank);
  // Bank and value date are taken whatever the summary's state (loading, failed, ready), and locked only
  // while a file is made.
  expect(select('Bank'), 'Bank locked?').toHaveProperty('disabled', busy);
  // The value date and its message beside it.
  const date = valueDateInput();
  expect(date.value).toBe(c.valueDate);
  expect(date, 'Value Date locked?').toHaveProperty('disabled', busy);
  const field = date.closest('.chakra-field__root') as HTMLElement;
  if (c.valueDateError !== null) {
    expect(c.valueDateError).toBe(VALUE_DATE_RULE);
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(within(field).getByText(VALUE_DATE_RULE)).toBeInTheDocument();
  } else {
    expect(date).not.toHaveAttribute('aria-invalid');
    expect(within(field).queryByText(VALUE_DATE_RULE)).toBeNull();
  }
  // A refusal stays beside the buttons.
  const filesCard = screen
    .getByText('Files', { selector: 'h2' })
    .closest('.chakra-card__body') as HTMLElement;
  const shownRefusal = filesCard.querySelector('[data-part="form-error"]');
  if (c.downloadError !== null) expect(shownRefusal).toHaveTextContent(refused.message);
  else expect(shownRefusal).toBeNull();
}

/** The toast showing has this title (the value date's message is also beside its field). */
function expectToastTitled(title: string) {
  expect(toastTitles()).toContain(title);
}

async function expectScreen(app: RunningApp, s: Snapshot, event: Event | null, before: Snapshot | null) {
  expect(window.location.pathname).toBe('/admin/pay-submissions');
  expect(document.querySelector('h1')?.textContent).toBe('Submissions');
  expectRequests(app, s, event, before);
  expectSummary(s);
  expectFiles(s);
  const file = before?.context.downloading ?? null;
  switch (event?.type) {
    case 'file.download':
      if (s.matches('ready')) {
        // The value date is refused before any request.
        expectToastTitled(VALUE_DATE_RULE);
        expect(s.context.valueDateError).toBe(VALUE_DATE_RULE);
      } else if (event.file === 'ir8aPdf') {
        expect(window.open).toHaveBeenCalledWith('', '_blank');
      }
      break;
    case 'xstate.error.actor.loadSummary':
      expect(
        [...document.querySelectorAll('[data-scope="toast"][data-part="description"]')].map(
          (d) => d.textContent,
        ),
      ).toContain(serverDown.message);
      break;
    case 'xstate.done.actor.download':
      if (file === 'ir8aPdf') {
        // The PDF opens in the tab opened with the click; nothing is saved, and no toast says so.
        expect(tab.location.href).toBe('blob:submission-file');
        expect(saved).toEqual([]);
        expect(toastTitles(), 'no toast for a PDF opened in a tab').toEqual(toastsBefore);
      } else if (file !== null) {
        const asked = app.server.requests
          .filter((r) => r.path === FILE_PATHS[file])
          .at(-1) as RecordedRequest;
        const name = serverFileName(asked.path, asked.query) as string;
        // Saved under the server's name through a download link, and a toast names it.
        expect(saved).toEqual([{ download: name, href: 'blob:submission-file' }]);
        const blob = vi.mocked(URL.createObjectURL).mock.calls.at(-1)?.[0] as Blob;
        expect(await blob.text()).toContain(FILE_CONTENT);
        expectToast('File downloaded', name);
        expect(window.open).not.toHaveBeenCalled();
      }
      break;
    case 'xstate.error.actor.download':
      // The server's reason, in the toast as beside the buttons.
      expectToast('Error generating file', refused.message);
      expect(saved).toEqual([]);
      if (file === 'ir8aPdf') expect(tab.close).toHaveBeenCalled();
      break;
  }
}

const label = (event: Event) => {
  switch (event.type) {
    case 'period.change':
      return `period.change (${event.year}-${pad(String(event.month))})`;
    case 'bank.change':
      return `bank.change (${event.bank})`;
    case 'valueDate.change':
      return `valueDate.change (${event.valueDate || 'empty'})`;
    case 'file.download':
      return `file.download (${event.file})`;
    case 'xstate.done.actor.loadSummary':
      return `${LOAD} done (${event.output.problems.length ? 'with problems' : 'clean'})`;
    default:
      return describeEvent(event);
  }
};

describeModelWalk<Machine, Event>({
  title: 'pay-submissions statechart, walked through /admin/pay-submissions',
  machine: paySubmissionsMachine,
  actor,
  plan,
  open: () => {
    requestsBefore = 0;
    return renderApp({
      path: '/admin/pay-submissions',
      storage: signedInAdmin,
      inspect: actor.inspect,
      prepare: withFileNames,
    });
  },
  perform,
  expectScreen,
  label,
  serialize,
  setup,
});
