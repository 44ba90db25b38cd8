import { screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { assign, setup } from 'xstate';
import type { CpfSummary } from '../../src/domain/submissions';
import { pdfTab, type RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';
import { dayMonthYear, MONTHS } from './calendar-words';

/**
 * Submissions (/admin/pay-submissions) as issue 15 and docs/statutory-files.md ("Where to find them") tell it,
 * in the spec's style: section 2's period pickers (section 9: months up to now in the current year), the
 * month's CPF summary with what would stop the CPF file (GET /api/payslips/cpf-summary), then one file at a
 * time: the summary as a PDF for the finance file (issue 34; for a month with processed staff), the CPF file
 * (only when nothing stops it), the bank's salary file with the bank (UOB, DBS, OCBC) and
 * an optional value date ('Value date must be from today to 30 days ahead.', told beside the field and in a
 * toast before any request), and the year's IR8A forms as a CSV. A saved file
 * takes the server's name and a toast names it; a refusal shows the server's reason beside the buttons and in
 * a toast (section 8: one toast at a time, 'Processing...' on the button of the file being made).
 * The year's IR8A PDF is made as a job (issue 33.6), walked in tests/models/ir8a-job.model.ts: here it only
 * offers to be made. Issue 32.13: an 'IRAS AIS file' action first checks the year
 * (GET /api/payslips/ir8a/ais-check?year=Y); with problems it lists them per employee (their name, what to
 * fix; the name leads to their staff record, the company's problems to the Company page) and downloads
 * nothing; with none it downloads the file (GET /api/payslips/ir8a?year=Y&format=ais). The words are ours:
 * a toast 'AIS file not made' counting the things to fix.
 * Issue 35 item 5 and its follow-up: after IRAS's IR21 clearance "the next bank file for that month
 * includes" the leaver's pay, so the Bank section shows the payments "Released after IRAS clearance"
 * (each released, its file downloaded on a day or not yet), warns that the month's file now includes
 * them too, and offers a "Bank file of released payments" (the same bank and value date, with
 * payments=released); once it is saved the month's summary is fetched again to say when.
 */

export type SubmissionFileKind =
  | 'cpfSummaryPdf'
  | 'cpfFile'
  | 'bankFile'
  | 'releasedBankFile'
  | 'ir8aCsv'
  | 'aisFile';
export type Bank = 'UOB' | 'DBS' | 'OCBC';
/** 'released': a payment released by IR21 clearance, its file not made; 'releasedFiled': made. */
export type SummaryKind = 'clean' | 'blocked' | 'released' | 'releasedFiled';

export const VALUE_DATE_RULE = 'Value date must be from today to 30 days ahead.';
export const CHECKS = 'What would stop the CPF file';
export const SUMMARY = '/api/payslips/cpf-summary';
export const FILE_PATHS: Record<SubmissionFileKind, string> = {
  cpfSummaryPdf: '/api/payslips/cpf-summary/pdf',
  cpfFile: '/api/payslips/cpf-file',
  bankFile: '/api/payslips/bank-file',
  releasedBankFile: '/api/payslips/bank-file',
  ir8aCsv: '/api/payslips/ir8a',
  aisFile: '/api/payslips/ir8a',
};
export const AIS_CHECK = '/api/payslips/ir8a/ais-check';
export const RELEASED_SECTION = 'Released after IRAS clearance';
export const AIS_LIST = 'What stops the AIS file';
/** What the check finds for a year with gaps: two on one employee, one on another, one of the company's. */
export const AIS_PROBLEMS: AisProblem[] = [
  { userId: 0, name: 'Acme Pte Ltd', field: 'uen', message: "The company's UEN is not set." },
  { userId: 31, name: 'Tan Wei Ming', field: 'nric', message: 'NRIC or FIN is missing.' },
  { userId: 44, name: 'Priya Ramasamy', field: 'dateOfBirth', message: 'Date of birth is missing.' },
  { userId: 31, name: 'Tan Wei Ming', field: 'address', message: 'Address is missing.' },
];
export const FILE_BUTTONS: Record<SubmissionFileKind, string> = {
  cpfSummaryPdf: 'CPF summary (PDF)',
  cpfFile: 'Download CPF file',
  bankFile: 'Download bank file',
  releasedBankFile: 'Bank file of released payments',
  ir8aCsv: 'IR8A CSV',
  aisFile: 'IRAS AIS file',
};
export const BANKS: Bank[] = ['UOB', 'DBS', 'OCBC'];
export const FILE_CONTENT = 'the file the server made';
export const SERVER_DOWN = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'The database is unavailable.',
};
export const REFUSED = {
  statusCode: 409,
  error: 'Conflict',
  message: 'The bank account number of the company is not set: enter it on the Company page.',
};
const pad = (n: number | string) => String(n).padStart(2, '0');

/** The name the server gives each file (its Content-Disposition), which the saved file must keep. */
export function serverFileName(path: string, query: URLSearchParams): string | null {
  const year = query.get('year');
  const month = pad(query.get('month') ?? '');
  if (path === FILE_PATHS.cpfSummaryPdf) return `cpf-summary-${year}-${month}.pdf`;
  if (path === FILE_PATHS.cpfFile) return `CPF-EZPAY-${year}${month}.DTL`;
  if (path === FILE_PATHS.bankFile) {
    // The released payments' file is the month's second: the server numbers it so.
    const second = query.get('payments') === 'released' ? '-02' : '';
    return `${query.get('bank')}-SALARY-${year}${month}${second}.txt`;
  }
  if (path === FILE_PATHS.ir8aCsv) return `IR8A-EMPLOYER-${year}.${query.get('format') ?? 'pdf'}`;
  return null;
}

// The browser's side: jsdom has no object URLs and no new tabs; saved files are download-link clicks.
export const tab = pdfTab('blob:submission-file');
export const browser = { saved: [] as Array<{ download: string; href: string }> };

export interface Request {
  path: string;
  query: Record<string, string>;
}
type Toast = { title: string; description?: string };

export interface PaySubmissionsInput {
  today: string;
  summaries: Record<SummaryKind, CpfSummary>;
}

export interface AisProblem {
  userId: number;
  name: string;
  field: string;
  message: string;
}

export interface PaySubmissionsModel extends PaySubmissionsInput {
  thisYear: number;
  thisMonth: number;
  year: number;
  month: number;
  /** The summary shown (none while fetched or when it could not be). */
  summary: CpfSummary | null;
  bank: Bank;
  valueDate: string;
  /** The value date's message shows beside its field. */
  valueDateWrong: boolean;
  downloading: SubmissionFileKind | null;
  /** The server's reason for the last refused file, beside the buttons. */
  refusal: string | null;
  toast: Toast | null;
  /** Every request to /api/payslips/* so far, in order. */
  requests: Request[];
  /** Files saved so far, by name. */
  saved: string[];
  /** What the last AIS check found to fix (none shown before a check, or after another year is chosen). */
  aisProblems: AisProblem[] | null;
}

export type PaySubmissionsModelEvent =
  | { type: 'user.choosesYear'; year: number }
  | { type: 'user.choosesMonth'; month: number }
  | { type: 'user.triesAgain' }
  | { type: 'user.choosesBank'; bank: Bank }
  | { type: 'user.typesValueDate'; valueDate: string }
  | { type: 'user.downloads'; file: SubmissionFileKind }
  | { type: 'server.sendsSummary'; summary: SummaryKind }
  | { type: 'server.failsSummary' }
  | { type: 'server.sendsFile' }
  | { type: 'server.findsAisProblems' }
  | { type: 'server.findsNothingToFix' }
  | { type: 'server.refusesFile' };

/** Section 9: January to the current month in the current year, all twelve before. */
export const monthsOf = (m: Pick<PaySubmissionsModel, 'thisYear' | 'thisMonth'>, year: number) =>
  year === m.thisYear ? m.thisMonth : 12;

/** A calendar day `days` after `iso`. */
export const addDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
/** From today to 30 days ahead; none lets the server choose. */
const valueDateAllowed = (m: PaySubmissionsModel) =>
  m.valueDate === '' || (m.valueDate >= m.today && m.valueDate <= addDays(m.today, 30));

/** Download CPF file waits for a summary with nothing in the way; the bank file and the summary's PDF for processed staff. */
export function fileOffered(m: PaySubmissionsModel, file: SubmissionFileKind) {
  if (file === 'cpfFile') return m.summary !== null && m.summary.problems.length === 0;
  if (file === 'bankFile' || file === 'cpfSummaryPdf') return (m.summary?.employees ?? 0) > 0;
  if (file === 'releasedBankFile') return releasedShown(m);
  return true;
}

/** The released payments show (with their file's button) once a summary lists any. */
export const releasedShown = (m: PaySubmissionsModel) => (m.summary?.released.length ?? 0) > 0;

function fileRequest(m: PaySubmissionsModel, file: SubmissionFileKind): Request {
  const period = { year: String(m.year), month: String(m.month) };
  const query = {
    cpfSummaryPdf: period,
    cpfFile: period,
    bankFile: { ...period, bank: m.bank, ...(m.valueDate ? { valueDate: m.valueDate } : {}) },
    releasedBankFile: {
      ...period,
      bank: m.bank,
      ...(m.valueDate ? { valueDate: m.valueDate } : {}),
      payments: 'released',
    },
    ir8aCsv: { year: String(m.year), format: 'csv' },
    aisFile: { year: String(m.year), format: 'ais' },
  }[file] as Record<string, string>;
  return { path: FILE_PATHS[file], query };
}
/** The name of the file last asked for, as the server gives it. */
const savedName = (m: PaySubmissionsModel) => {
  const asked = m.requests.at(-1) as Request;
  return serverFileName(asked.path, new URLSearchParams(asked.query)) as string;
};
const summaryRequest = (year: number, month: number): Request => ({
  path: SUMMARY,
  query: { year: String(year), month: String(month) },
});

/** Another period: its summary is fetched; a refusal of the last one's files goes. */
const toPeriod = (m: PaySubmissionsModel, year: number, month: number) => {
  const clamped = Math.min(month, monthsOf(m, year));
  return {
    // The AIS check was the year's: another year's file is checked again.
    aisProblems: year === m.year ? m.aisProblems : null,
    year,
    month: clamped,
    summary: null,
    refusal: null,
    requests: [...m.requests, summaryRequest(year, clamped)],
  };
};

// ------------------------------------------------------------------ reading the screen

const button = (text: string) => screen.queryByText(text, { selector: 'button' }) as HTMLButtonElement | null;
export const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
export const valueDateInput = () => screen.getByLabelText('Value Date') as HTMLInputElement;

function expectRequests(app: RunningApp, m: PaySubmissionsModel) {
  const made = app.server.requests
    .filter((r) => r.path.startsWith('/api/payslips/'))
    .map((r) => ({ path: r.path, query: Object.fromEntries(r.query) }));
  expect(made, 'the requests to /api/payslips').toEqual(m.requests);
  expect(
    app.server.requests.filter((r) => r.path.startsWith('/api/payslips/')).every((r) => r.method === 'GET'),
  ).toBe(true);
}

function expectToastNow(toast: Toast | null) {
  const shown = [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')].map((root) => ({
    title: root.querySelector('[data-part="title"]')?.textContent,
    description: root.querySelector('[data-part="description"]')?.textContent || undefined,
  }));
  expect(shown, 'the toast showing').toEqual(toast ? [toast] : []);
}

function expectSummary(s: { matches: (v: string) => boolean }, m: PaySubmissionsModel) {
  const period = `${MONTHS[m.month - 1]} ${m.year}`;
  const table = document.querySelector('table');
  const checks = screen.queryByText('Before you submit');
  if (s.matches('failed')) {
    expect(screen.queryByText(`CPF summary for ${period}`)).toBeNull();
    expect(table).toBeNull();
    expect(checks).toBeNull();
    expect(document.querySelector('[data-part="form-error"]')).toHaveTextContent(SERVER_DOWN.message);
    expect(button('Try again')).toBeEnabled();
    return;
  }
  expect(button('Try again')).toBeNull();
  expect(screen.getByText(`CPF summary for ${period}`)).toBeInTheDocument();
  expect(checks).toBeInTheDocument();
  const summary = m.summary;
  if (!summary) {
    expect(table, 'no figures while they are fetched').toBeNull();
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    for (const problem of m.summaries.blocked.problems) expect(screen.queryByText(problem)).toBeNull();
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
  const money = (n: number) =>
    n.toLocaleString('en-SG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  expect(rows.get('CPF: employee')).toBe(money(summary.employeeCpf));
  expect(rows.get('CPF: employer')).toBe(money(summary.employerCpf));
  expect(rows.get('CPF: total')).toBe(money(summary.totalCpf));
  expect([...rows].find(([label]) => label.startsWith('SDL'))?.[1]).toBe(money(summary.sdl));
  for (const fund of summary.shg)
    expect([...rows].find(([label]) => label.startsWith(fund.fund))?.[1]).toBe(money(fund.amount));
  expect(rows.get('Total payable')).toBe(money(summary.totalPayable));
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
    const unprocessed = new RegExp(`\\b${summary.unprocessed} staff\\b.*not processed`);
    expect(items.filter((item) => unprocessed.test(item))).toHaveLength(1);
    expect(items).toHaveLength(summary.problems.length + 1);
  } else {
    expect(items).toHaveLength(summary.problems.length);
    expect(items.some((item) => /not processed/.test(item))).toBe(false);
  }
}

function expectFiles(s: { matches: (v: string) => boolean }, m: PaySubmissionsModel) {
  const ready = s.matches('ready');
  const busy = s.matches('downloading') || s.matches('checking');
  const processing = [...document.querySelectorAll('button')].filter(
    (b) => b.textContent === 'Processing...',
  );
  expect(processing, "one button reads 'Processing...' while its file is made").toHaveLength(busy ? 1 : 0);
  for (const file of Object.keys(FILE_BUTTONS) as SubmissionFileKind[]) {
    const labelled = button(FILE_BUTTONS[file]);
    if (file === 'releasedBankFile' && !releasedShown(m)) {
      expect(labelled, 'no file of released payments without any').toBeNull();
      continue;
    }
    if (m.downloading === file) {
      expect(labelled, `${FILE_BUTTONS[file]} reads 'Processing...'`).toBeNull();
      expect(processing[0]).toBeDisabled();
      continue;
    }
    expect(labelled, FILE_BUTTONS[file]).not.toBeNull();
    expect(labelled, `${FILE_BUTTONS[file]} enabled?`).toHaveProperty(
      'disabled',
      !(ready && fileOffered(m, file)),
    );
  }
  expect(screen.getByText(`IRAS, year ${m.year}`)).toBeInTheDocument();
  // The year's IR8A PDF is offered as a job, whatever the month's state.
  expect(button('Make IR8A forms (PDF)')).toBeEnabled();
  // The pickers are locked while a file is made.
  expect(select('Year')).toHaveValue(String(m.year));
  expect(select('Year')).toHaveProperty('disabled', busy);
  expect(select('Month')).toHaveValue(String(m.month));
  expect(select('Month')).toHaveProperty('disabled', busy);
  const months = [...select('Month').querySelectorAll('option')].map((o) => o.textContent);
  expect(months).toEqual(MONTHS.slice(0, monthsOf(m, m.year)));
  expect([...select('Bank').querySelectorAll('option:not([disabled])')].map((o) => o.textContent)).toEqual(
    BANKS,
  );
  expect(select('Bank')).toHaveValue(m.bank);
  // Bank and value date are taken whatever the summary's state, and locked only while a file is made.
  expect(select('Bank'), 'Bank locked?').toHaveProperty('disabled', busy);
  const date = valueDateInput();
  expect(date.value).toBe(dayMonthYear(m.valueDate));
  expect(date, 'Value Date locked?').toHaveProperty('disabled', busy);
  const field = date.closest('.chakra-field__root') as HTMLElement;
  if (m.valueDateWrong) {
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
  if (m.refusal !== null) expect(shownRefusal).toHaveTextContent(m.refusal);
  else expect(shownRefusal).toBeNull();
}

/** The AIS check's findings: one item per person, their name leading to where it is fixed, then what to fix. */
function expectAisProblems(m: PaySubmissionsModel) {
  const list = screen.queryByRole('list', { name: AIS_LIST });
  if (m.aisProblems === null) {
    expect(list, 'no AIS problems listed').toBeNull();
    return;
  }
  expect(list).not.toBeNull();
  const items = within(list as HTMLElement).getAllByRole('listitem');
  const people = [...new Set(m.aisProblems.map((p) => p.userId))];
  expect(items).toHaveLength(people.length);
  for (const userId of people) {
    const theirs = m.aisProblems.filter((p) => p.userId === userId);
    const name = userId === 0 ? 'Company' : (theirs[0] as AisProblem).name;
    const link = within(list as HTMLElement).getByRole('link', { name });
    expect(link).toHaveAttribute('href', userId === 0 ? '/admin/company' : `/admin/users/${userId}`);
    const item = link.closest('li') as HTMLElement;
    for (const problem of theirs) expect(item).toHaveTextContent(problem.message);
  }
}

/** Released payments: each with its net pay and whether its file was made, and the warning. */
function expectReleased(m: PaySubmissionsModel) {
  const section = screen.queryByRole('region', { name: RELEASED_SECTION });
  if (!releasedShown(m)) {
    expect(section, 'no released payments shown').toBeNull();
    return;
  }
  expect(section).not.toBeNull();
  const inSection = within(section as HTMLElement);
  expect(inSection.getByText(RELEASED_SECTION)).toBeInTheDocument();
  const rows = inSection.getAllByRole('row').slice(1);
  const released = m.summary?.released ?? [];
  expect(rows).toHaveLength(released.length);
  released.forEach((payment, i) => {
    const row = rows[i] as HTMLElement;
    expect(row).toHaveTextContent(payment.name);
    expect(row).toHaveTextContent(
      payment.netPay.toLocaleString('en-SG', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    );
    expect(row).toHaveTextContent(payment.reference);
    if (payment.fileDownloadedOn)
      expect(row).toHaveTextContent(`file downloaded on ${dayMonthYear(payment.fileDownloadedOn)}`);
    else expect(row.textContent).not.toMatch(/downloaded on/);
  });
  // The month's full file pays them again: the screen says which file to upload.
  expect(section).toHaveTextContent(/month's bank file now includes/i);
  expect(section).toHaveTextContent(/upload only the bank file of released payments/i);
}

/** Saved files keep the server's name and hold what it sent; no tab is opened for any of them. */
async function expectBrowser(m: PaySubmissionsModel) {
  expect(browser.saved, 'files saved through a download link').toEqual(
    m.saved.map((name) => ({ download: name, href: 'blob:submission-file' })),
  );
  if (m.saved.length > 0) {
    const blobs = vi.mocked(URL.createObjectURL).mock.calls.map((call) => call[0] as Blob);
    expect(await (blobs.at(-1) as Blob).text()).toContain(FILE_CONTENT);
  }
  expect(vi.mocked(window.open), 'no tab opened').not.toHaveBeenCalled();
  expect(tab.location.href).toBe('');
}

// ------------------------------------------------------------------ the model

export const paySubmissionsModel = setup({
  types: {
    context: {} as PaySubmissionsModel,
    events: {} as PaySubmissionsModelEvent,
    input: {} as PaySubmissionsInput,
  },
  guards: {
    offered: ({ context, event }) => event.type === 'user.downloads' && fileOffered(context, event.file),
    wrongValueDate: ({ context, event }) =>
      event.type === 'user.downloads' &&
      (event.file === 'bankFile' || event.file === 'releasedBankFile') &&
      !valueDateAllowed(context),
    releasedFile: ({ context }) => context.downloading === 'releasedBankFile',
    aisFile: ({ event }) => event.type === 'user.downloads' && event.file === 'aisFile',
  },
}).createMachine({
  id: 'paySubmissionsModel',
  context: ({ input }) => {
    const thisYear = Number(input.today.slice(0, 4));
    const thisMonth = Number(input.today.slice(5, 7));
    return {
      ...input,
      thisYear,
      thisMonth,
      year: thisYear,
      month: thisMonth,
      summary: null,
      bank: 'UOB',
      valueDate: '',
      valueDateWrong: false,
      downloading: null,
      refusal: null,
      toast: null,
      requests: [summaryRequest(thisYear, thisMonth)],
      saved: [],
      aisProblems: null,
    };
  },
  meta: shows(async (app, s) => {
    const m = s.context as PaySubmissionsModel;
    expect(window.location.pathname).toBe('/admin/pay-submissions');
    expect(document.querySelector('h1')?.textContent).toBe('Submissions');
    expectRequests(app, m);
    expectSummary(s, m);
    expectFiles(s, m);
    expectAisProblems(m);
    expectReleased(m);
    expectToastNow(m.toast);
    await expectBrowser(m);
  }),
  // Bank and value date are taken in any state but downloading (the screen locks them then).
  on: {
    'user.choosesBank': { actions: assign({ bank: ({ event }) => event.bank, refusal: null }) },
    'user.typesValueDate': {
      actions: assign({ valueDate: ({ event }) => event.valueDate, valueDateWrong: false }),
    },
    'user.choosesYear': {
      target: '.loading',
      actions: assign(({ context, event }) => toPeriod(context, event.year, context.month)),
    },
    'user.choosesMonth': {
      target: '.loading',
      actions: assign(({ context, event }) => toPeriod(context, context.year, event.month)),
    },
  },
  initial: 'loading',
  states: {
    loading: {
      on: {
        'server.sendsSummary': {
          target: 'ready',
          actions: assign({ summary: ({ context, event }) => context.summaries[event.summary] }),
        },
        'server.failsSummary': {
          target: 'failed',
          actions: assign({
            toast: { title: 'Failed to fetch the CPF summary', description: SERVER_DOWN.message },
          }),
        },
      },
    },
    failed: {
      on: {
        'user.triesAgain': {
          target: 'loading',
          actions: assign({
            requests: ({ context: c }) => [...c.requests, summaryRequest(c.year, c.month)],
          }),
        },
      },
    },
    ready: {
      on: {
        'user.downloads': [
          {
            guard: 'wrongValueDate',
            // Told before any request, beside the field and in a toast.
            actions: assign({ valueDateWrong: true, toast: { title: VALUE_DATE_RULE } }),
          },
          {
            guard: 'aisFile',
            target: 'checking',
            // The check comes first; its last findings go while it runs.
            actions: assign(({ context }) => ({
              downloading: 'aisFile' as const,
              refusal: null,
              aisProblems: null,
              requests: [...context.requests, { path: AIS_CHECK, query: { year: String(context.year) } }],
            })),
          },
          {
            guard: 'offered',
            target: 'downloading',
            actions: assign(({ context, event }) => ({
              downloading: event.file,
              refusal: null,
              requests: [...context.requests, fileRequest(context, event.file)],
            })),
          },
        ],
      },
    },
    checking: {
      on: {
        'server.findsAisProblems': {
          target: 'ready',
          actions: assign(({ context }) => ({
            downloading: null,
            aisProblems: AIS_PROBLEMS,
            toast: {
              title: 'AIS file not made',
              description: `${AIS_PROBLEMS.length} things to fix for ${context.year} first: see the list under Files.`,
            },
          })),
        },
        'server.findsNothingToFix': {
          target: 'downloading',
          actions: assign(({ context }) => ({
            requests: [...context.requests, fileRequest(context, 'aisFile')],
          })),
        },
        'server.refusesFile': {
          target: 'ready',
          actions: assign({
            downloading: null,
            refusal: REFUSED.message,
            toast: { title: 'Error generating file', description: REFUSED.message },
          }),
        },
      },
    },
    downloading: {
      on: {
        'server.sendsFile': [
          {
            // Saved; the month's summary is asked again (its figures go meanwhile) to say when it was made.
            guard: 'releasedFile',
            target: 'loading',
            actions: assign(({ context }) => {
              const name = savedName(context);
              return {
                downloading: null,
                summary: null,
                saved: [...context.saved, name],
                toast: { title: 'File downloaded', description: name },
                requests: [...context.requests, summaryRequest(context.year, context.month)],
              };
            }),
          },
          {
            target: 'ready',
            actions: assign(({ context }) => {
              const name = savedName(context);
              return {
                downloading: null,
                saved: [...context.saved, name],
                toast: { title: 'File downloaded', description: name },
              };
            }),
          },
        ],
        'server.refusesFile': {
          target: 'ready',
          actions: assign({
            downloading: null,
            refusal: REFUSED.message,
            toast: { title: 'Error generating file', description: REFUSED.message },
          }),
        },
      },
    },
  },
});
