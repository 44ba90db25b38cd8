import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { PayslipAggregate, UnprocessedRow } from '../../src/domain/payslips';
import { isDialogOpen, openDialog, type RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';
import { dayMonthYear, monthName } from './calendar-words';

/**
 * Process Pay (/admin/process-pay) and View Processed Records (/admin/pay-records) as the spec tells them:
 * section 2 (Admin process pay, Admin pay records: the period pickers, the Unprocessed List with selectable
 * rows, a pay date and Process Pay, the Processed List with its columns, caption, row menu and Table View),
 * section 3 (the payslip aggregate and the unprocessed row), section 4 (payslip processing status: bulk
 * processing moves the selected payslips to PROCESSED; 'Revert to Unprocessed' on a processed payslip sets
 * UNPROCESSED, or ITEMS_ADDED when it has pay items or other items, the row leaves the Processed List and the
 * Unprocessed List refreshes; pay records refetch when the month changes), section 7 (the payroll calls),
 * section 8 (the toasts; 'Processing...' while a request is in flight) and section 9 (10 rows a page; months
 * up to now in the current year).
 *
 * Issue 34 (items 3 and 9) adds: while Process Pay is disabled a short text beside it says what is missing
 * (no pay date, no one selected, or both); Process Pay first asks, in a confirmation showing the headcount and
 * the totals of the selected payslips (gross pay, employee CPF, employer CPF, SHG, net payable, in dollars
 * with cents) as the server works them out (POST /api/payslips/bulk-process/preview, the same body), before
 * anything is processed: Cancel processes nothing, Confirm processes as before; a preview the
 * server refuses shows its reason with Try again. The Processed List has a totals row: each money column
 * added up over every processed payslip of the period (GET /api/payslips/processed/totals), not the page.
 */

export type PayScreen = 'process' | 'records';
type ListStatus = 'none' | 'fetching' | 'shown' | 'failed';

/** What the server holds for one month. */
export interface HeldPeriod {
  unprocessed: UnprocessedRow[];
  processed: PayslipAggregate[];
}

export interface PayrollModel {
  screen: PayScreen;
  year: number;
  month: number;
  /** Months the picker offers: January to the current one, as the period is in the current year. */
  monthsOffered: number;
  /** The server's payslips, by month of the current year. */
  held: Record<number, HeldPeriod>;
  unprocessedList: ListStatus;
  processedList: ListStatus;
  /** User ids of the selected unprocessed rows. */
  selected: number[];
  payDate: string;
  /** The processed row being reverted. */
  reverting: PayslipAggregate | null;
  /** The toast showing: the last one raised (the walks stay well within its 5 seconds). */
  toast: { title: string; description?: string } | null;
  /** The table PDF was just opened in a new tab. */
  pdfOpened: boolean;
  /** Runs sent to bulk-process so far: a cancelled confirmation sends none. */
  runs: number;
  /** The processed row whose payslip is opened or re-sent (issue 34). */
  chosen: PayslipAggregate | null;
  /** Which PDF the last step opened: a payslip's or the table's. */
  pdfPath: string | null;
}

export type PayrollEvent =
  | { type: 'user.changesMonth'; month: number }
  | { type: 'user.togglesFirstRow' }
  | { type: 'user.togglesAll' }
  | { type: 'user.choosesPayDate' }
  | { type: 'user.processesPay' }
  | { type: 'server.sendsPreview' }
  | { type: 'server.refusesPreview' }
  | { type: 'user.triesPreviewAgain' }
  | { type: 'user.cancelsProcessing' }
  | { type: 'user.confirmsProcessing' }
  | { type: 'user.opensRowMenu' }
  | { type: 'user.closesRowMenu' }
  | { type: 'user.choosesRevert' }
  | { type: 'user.opensTableView' }
  | { type: 'user.triesUnprocessedAgain' }
  | { type: 'user.triesProcessedAgain' }
  | { type: 'server.sendsUnprocessed' }
  | { type: 'server.failsUnprocessed' }
  | { type: 'server.sendsProcessed' }
  | { type: 'server.failsProcessed' }
  | { type: 'server.processes' }
  | { type: 'server.refusesProcessing' }
  | { type: 'clock.oneSecond' }
  | { type: 'server.reverts' }
  | { type: 'server.refusesRevert' }
  | { type: 'server.sendsTablePdf' }
  | { type: 'server.failsTablePdf' }
  // Issue 34: a processed row's menu opens its payslip (a PDF in a new tab) and re-sends it, asking first.
  | { type: 'user.choosesViewPayslip' }
  | { type: 'user.choosesResend' }
  | { type: 'user.cancelsResend' }
  | { type: 'user.confirmsResend' }
  | { type: 'server.sendsPayslipPdf' }
  | { type: 'server.failsPayslipPdf' }
  | { type: 'server.queuesResend' }
  | { type: 'server.leavesResendOut' }
  | { type: 'server.refusesResend' };

export const PAY_DATE = '2026-01-28';
export const EMAIL_POST = '/api/payslips/email';
/** The server's answers to a re-send (issue 33's limit of one copy in ten minutes; a queue not running). */
export const RESEND_QUEUED = '1 payslip of this month is being kept in the outbox (e-mail is not set up).';
export const RESEND_TOO_SOON =
  'Nothing was queued: 1 payslip e-mailed less than 10 minutes ago (a payslip is sent again at most once every 10 minutes).';
export const QUEUE_DOWN = 'Payslips cannot be e-mailed now: the job queue is not running.';
export const PAGE_SIZE = 10;
export const SERVER_DOWN = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'The database is unavailable.',
};
export const LATER_MONTH = {
  statusCode: 409,
  error: 'Conflict',
  message: 'Employee 01 already has a later processed month. Revert the later months first.',
};

export interface PayrollInput {
  screen: PayScreen;
  year: number;
  month: number;
  monthsOffered: number;
  held: Record<number, HeldPeriod>;
}

// ------------------------------------------------------------------ reading the screen

const tableNamed = (name: string) =>
  document.querySelector(`table[aria-label="${name}"]`) as HTMLElement | null;
/** The card under a level-2 heading (its table, or what replaces it). */
export const cardUnder = (heading: string) =>
  screen.getByRole('heading', { level: 2, name: heading }).closest('.chakra-card__body') as HTMLElement;
/** Body rows with data (not skeletons or 'No results.'); DOM queries, as role queries over many rows crawl. */
export const dataRows = (name: string) =>
  [...(tableNamed(name)?.querySelectorAll('tbody tr') ?? [])].filter(
    (row) => row.getAttribute('aria-hidden') !== 'true' && row.querySelectorAll('td').length > 1,
  );
/** The toast showing now (DOM queries: text queries over the whole page crawl in jsdom). */
function expectToastNow(toast: PayrollModel['toast']) {
  const shown = [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')].map((root) => ({
    title: root.querySelector('[data-part="title"]')?.textContent,
    description: root.querySelector('[data-part="description"]')?.textContent,
  }));
  // Exactly the toast the model raised last, or none: a toast the spec does not call for fails too.
  expect(
    shown.map((t) => t.title),
    'the toasts showing',
  ).toEqual(toast ? [toast.title] : []);
  if (toast?.description) expect(shown[0]?.description, `toast '${toast.title}'`).toBe(toast.description);
}
const cells = (row: Element) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '');
const buttonNamed = (text: string) => screen.getByText(text, { selector: 'button' });
const statusLabel = {
  UNPROCESSED: 'Unprocessed',
  ITEMS_ADDED: 'Items Added',
  PROCESSED: 'Processed',
} as const;
/** Processing, a revert or the table PDF in flight: the period and the row menus wait. */
const busy = (m: { value: unknown }) =>
  typeof m.value === 'object' ||
  ['reverting', 'openingTablePdf', 'openingPayslip', 'confirmingResend', 'resending'].includes(
    m.value as string,
  );
const period = (c: PayrollModel) => c.held[c.month] as HeldPeriod;

/** The pending fetch of a list asks for the period shown (section 7: ?year&month). */
function expectFetching(app: RunningApp, path: string, c: PayrollModel) {
  const query = app.server.pending('GET', path).at(-1)?.query;
  expect(query?.get('year'), `${path} asks for the year shown`).toBe(String(c.year));
  expect(query?.get('month'), `${path} asks for the month shown`).toBe(String(c.month));
}

export const UNPROCESSED_GET = '/api/payslips/unprocessed-and-items-added';
export const PROCESSED_GET = '/api/payslips/processed/aggregates';
export const TOTALS_GET = '/api/payslips/processed/totals';
export const BULK_PROCESS = '/api/payslips/bulk-process';
export const PREVIEW = '/api/payslips/bulk-process/preview';

/** Each payslip of this walk, processed, is $5,000 gross, $1,000 and $850 CPF, no SHG, $4,000 net (processedNow). */
export const PER_PAYSLIP = {
  grossPay: 5000,
  employeeCpf: 1000,
  employerCpf: 850,
  selfHelpGroup: 0,
  netPayable: 4000,
};
/** What the server answers for a run of n payslips: n times one payslip's figures. */
export const previewOf = (n: number) => ({
  skipped: 0,
  totals: {
    payslips: n,
    grossPay: PER_PAYSLIP.grossPay * n,
    employeeCpf: PER_PAYSLIP.employeeCpf * n,
    employerCpf: PER_PAYSLIP.employerCpf * n,
    selfHelpGroup: PER_PAYSLIP.selfHelpGroup * n,
    netPay: PER_PAYSLIP.netPayable * n,
    otherItems: 0,
    netPayable: PER_PAYSLIP.netPayable * n,
  },
});

/** The Processed List's money columns added up over every processed payslip of the period, in cents. */
export function totalsOf(rows: readonly PayslipAggregate[]) {
  const sum = (pick: (row: PayslipAggregate) => number) =>
    rows.reduce((total, row) => total + Math.round(pick(row) * 100), 0) / 100;
  return {
    payslips: rows.length,
    grossPay: sum((row) => row.grossPay),
    employeeCpf: sum((row) => row.totalEmployeeCpfContribution),
    employerCpf: sum((row) => row.totalEmployerCpfContribution),
    selfHelpGroup: sum((row) => row.selfHelpGroupContribution),
    netPay: sum((row) => row.netPay),
    otherItems: sum((row) => row.otherItems),
    netPayable: sum((row) => row.netPayable),
  };
}

/** Dollars with cents and thousands separators: 12345.5 -> '12,345.50'. */
export const money = (amount: number) =>
  amount.toLocaleString('en-SG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** What is missing while Process Pay is disabled, said beside it. */
export const MISSING = {
  payDate: 'Choose a pay date.',
  selection: 'Select at least one employee.',
  both: 'Choose a pay date and select at least one employee.',
};

function expectUnprocessedList(app: RunningApp, c: PayrollModel) {
  const table = tableNamed('Unprocessed List');
  if (c.unprocessedList === 'fetching') {
    expect(table).toHaveAttribute('aria-busy', 'true');
    expectFetching(app, UNPROCESSED_GET, c);
    return;
  }
  if (c.unprocessedList === 'failed') {
    expect(table?.querySelector('[role="alert"]')).toHaveTextContent(SERVER_DOWN.message);
    expect(
      within(cardUnder('Unprocessed List')).getByText('Try again', { selector: 'button' }),
    ).toBeEnabled();
    return;
  }
  const rows = period(c).unprocessed;
  const page = rows.slice(0, PAGE_SIZE);
  const shown = dataRows('Unprocessed List');
  expect(
    shown.map((row) => cells(row)[1]),
    'the Unprocessed List, 10 a page',
  ).toEqual(page.map((row) => row.user.fullName));
  expect(table?.querySelector('caption')?.textContent).toBe(`A total of ${rows.length} payslips to process.`);
  shown.forEach((row, i) => {
    const held = page[i] as UnprocessedRow;
    // Each unprocessed row: its status badge, a box to select it, its name leading to its pay items; no row menu.
    expect(cells(row)[3], `${held.user.fullName}'s status`).toBe(statusLabel[held.processingStatus]);
    const box = row.querySelector('input[type="checkbox"]') as HTMLInputElement;
    expect(box).toHaveAttribute('aria-label', `Select ${held.user.fullName}`);
    expect(box.checked, `${held.user.fullName} selected`).toBe(c.selected.includes(held.user.id));
    const link = row.querySelector('a');
    expect(link?.textContent).toBe(held.user.fullName);
    expect(link).toHaveAttribute('href', `/admin/users/${held.user.id}/pay-items/${c.year}/${c.month}`);
    expect(
      row.querySelector('button[aria-label^="Actions for"]'),
      'no row menu on an unprocessed row',
    ).toBeNull();
  });
  const all = screen.getByLabelText('Select all') as HTMLInputElement;
  expect(all.checked, 'Select all is ticked when every row of the month is').toBe(
    rows.length > 0 && c.selected.length === rows.length,
  );
}

function expectProcessedList(app: RunningApp, c: PayrollModel, idle: boolean) {
  const table = tableNamed('Processed List');
  if (c.processedList === 'fetching') {
    expect(table).toHaveAttribute('aria-busy', 'true');
    expectFetching(app, PROCESSED_GET, c);
    expectFetching(app, TOTALS_GET, c);
    return;
  }
  if (c.processedList === 'failed') {
    const card = cardUnder('Processed List');
    if (c.screen === 'records') {
      // View Processed Records: a placeholder skeleton with Try again.
      expect(table).toBeNull();
    } else {
      expect(table?.querySelector('[role="alert"]')).toHaveTextContent(SERVER_DOWN.message);
    }
    expect(within(card).getByText('Try again', { selector: 'button' })).toBeEnabled();
    return;
  }
  const rows = period(c).processed;
  const page = rows.slice(0, PAGE_SIZE);
  const shown = dataRows('Processed List');
  expect(
    shown.map((row) => cells(row)[0]),
    'the Processed List, 10 a page',
  ).toEqual(page.map((row) => row.userDetails.name));
  expect(table?.querySelector('caption')?.textContent).toBe(
    `A total of ${rows.length} employees with processed payslips.`,
  );
  const headers = [...(table?.querySelectorAll('thead th') ?? [])].map((th) => th.textContent?.trim());
  expect(headers.slice(0, 7)).toEqual([
    'Employee',
    'Gross Pay',
    'Employee CPF',
    'Net Pay',
    'Other Items',
    'Net Payable',
    // Issue 34: each person's e-mail state (queued, sent, kept in the outbox, failed, with the time).
    'E-mail',
  ]);
  expect(table?.querySelector('th[aria-sort]')).toHaveAttribute('aria-sort', 'none');
  // The totals row: every processed payslip of the period (12 over two pages), not the 10 shown.
  const footer = [...(table?.querySelectorAll('tfoot tr') ?? [])].map(cells);
  if (rows.length === 0) {
    expect(footer, 'no totals row without rows').toEqual([]);
  } else {
    const sums = totalsOf(rows);
    expect(footer, 'the totals row').toEqual([
      [
        'Total',
        money(sums.grossPay),
        money(sums.employeeCpf),
        money(sums.netPay),
        money(sums.otherItems),
        money(sums.netPayable),
        '',
        '',
      ],
    ]);
  }
  shown.forEach((row, i) => {
    const held = page[i] as PayslipAggregate;
    // A processed row: its menu, waiting while anything is in flight; no box to select it for processing.
    const menu = row.querySelector(`button[aria-label="Actions for ${held.userDetails.name}"]`);
    expect(menu, `${held.userDetails.name}'s row menu`).not.toBeNull();
    expect(menu?.hasAttribute('disabled'), `${held.userDetails.name}'s menu waits while busy`).toBe(!idle);
    expect(row.querySelector('input[type="checkbox"]')).toBeNull();
    // Never e-mailed in this walk: the e-mail column shows nothing but a dash.
    expect(cells(row)[6], `${held.userDetails.name}'s e-mail`).toBe('-');
  });
}

// ------------------------------------------------------------------ the model

const revertedStatus = (row: PayslipAggregate) =>
  row.payItems === 0 && row.otherItems === 0 ? ('UNPROCESSED' as const) : ('ITEMS_ADDED' as const);

/** The unprocessed row a reverted payslip becomes on the server. */
function unprocessedAgain(row: PayslipAggregate, like: UnprocessedRow | undefined): UnprocessedRow {
  return {
    payslipId: row.payslipId,
    processingStatus: revertedStatus(row),
    user: {
      id: row.userDetails.id,
      fullName: row.userDetails.name,
      email: `${row.userDetails.id}@company.test`,
      employmentInfo: like?.user.employmentInfo ?? null,
    },
    basicSalarySnapshot: 4000,
    employeeCpfRateSnapshot: 20,
    employerCpfRateSnapshot: 17,
    rateFlag: null,
  } as UnprocessedRow;
}

/** The processed aggregate a processed unprocessed row becomes on the server. */
function processedNow(row: UnprocessedRow, c: PayrollModel): PayslipAggregate {
  return {
    payslipId: row.payslipId,
    payslipMonth: c.month,
    payslipYear: c.year,
    processingStatus: 'PROCESSED',
    userDetails: { id: row.user.id, name: row.user.fullName },
    payDate: c.payDate,
    grossPay: 5000,
    totalEmployeeCpfContribution: 1000,
    totalEmployerCpfContribution: 850,
    selfHelpGroupContribution: 0,
    netPay: 4000,
    otherItems: 0,
    netPayable: 4000,
    payItems: row.processingStatus === 'ITEMS_ADDED' ? 1 : 0,
  } as PayslipAggregate;
}

/** Both lists asked for again, nothing selected (a new period, or after processing or a revert). */
const refetch = (c: PayrollModel) => ({
  unprocessedList: c.screen === 'process' ? ('fetching' as const) : ('none' as const),
  processedList: 'fetching' as const,
  selected: [],
});

/** A step that opens no PDF; the toast showing stays (one at a time, replaced by the next, spec section 4). */
const quiet = { pdfOpened: false };

export const payrollPeriodModel = setup({
  types: { context: {} as PayrollModel, events: {} as PayrollEvent, input: {} as PayrollInput },
  guards: {
    readyToProcess: ({ context }) => context.selected.length > 0 && context.payDate !== '',
    unprocessedFetching: ({ context }) => context.unprocessedList === 'fetching',
    unprocessedFailed: ({ context }) => context.unprocessedList === 'failed',
    processedFetching: ({ context }) => context.processedList === 'fetching',
    processedFailed: ({ context }) => context.processedList === 'failed',
    processedFetchingOnRecords: ({ context }) =>
      context.processedList === 'fetching' && context.screen === 'records',
    hasUnprocessedRows: ({ context }) =>
      context.unprocessedList === 'shown' && period(context).unprocessed.length > 0,
    hasProcessedRows: ({ context }) =>
      context.processedList === 'shown' && period(context).processed.length > 0,
    onRecordsWithList: ({ context }) => context.screen === 'records' && context.processedList === 'shown',
    anotherMonth: ({ context, event }) => event.type === 'user.changesMonth' && event.month !== context.month,
  },
}).createMachine({
  id: 'payrollPeriodModel',
  context: ({ input }) => ({
    screen: input.screen,
    year: input.year,
    month: input.month,
    monthsOffered: input.monthsOffered,
    held: input.held,
    unprocessedList: input.screen === 'process' ? 'fetching' : 'none',
    processedList: 'fetching',
    selected: [],
    payDate: '',
    reverting: null,
    toast: null,
    pdfOpened: false,
    chosen: null,
    pdfPath: null,
    runs: 0,
  }),
  meta: shows((app, m) => {
    const c = m.context as PayrollModel;
    const idle = !busy(m);
    const process = c.screen === 'process';
    expect(document.querySelector('h1')?.textContent).toBe(
      process ? 'Process Pay' : 'View Processed Records',
    );
    expect(screen.getByLabelText('Year')).toHaveValue(String(c.year));
    const monthPicker = screen.getByLabelText('Month');
    expect(monthPicker).toHaveValue(String(c.month));
    // In the current year the months run from January to the current one.
    const months = [...monthPicker.querySelectorAll('option')].map((o) => o.textContent);
    expect(months[0]).toBe('January');
    expect(months).toHaveLength(c.monthsOffered);
    // The period waits while something is in flight.
    expect(monthPicker.hasAttribute('disabled'), 'the month picker waits').toBe(!idle);
    expectToastNow(c.toast);
    expectProcessedList(app, c, idle);
    if (process) {
      expectUnprocessedList(app, c);
      expect(screen.getByText(`${c.selected.length} selected`, { selector: 'p' })).toBeInTheDocument();
      expect(screen.getByLabelText('Pay Date')).toHaveValue(dayMonthYear(c.payDate));
      expect(screen.queryByText('Table View', { selector: 'button' })).toBeNull();
    } else {
      // View Processed Records has no Unprocessed List and never asks for one.
      expect(tableNamed('Unprocessed List')).toBeNull();
      expect(app.server.requests.some((r) => r.path === UNPROCESSED_GET)).toBe(false);
      expect(screen.queryByText('Process Pay', { selector: 'button' })).toBeNull();
    }
    if (c.pdfOpened) {
      expect(window.open).toHaveBeenCalledWith('', '_blank');
      expect(app.server.requests.at(-1)?.path).toBe(c.pdfPath ?? '/api/payslips/processed/pdf-table');
    }
    if (!c.reverting) expect(app.server.pending('PATCH'), 'no revert in flight').toEqual([]);
    if (!m.matches('processing'))
      expect(app.server.pending('POST', BULK_PROCESS), 'no processing in flight').toEqual([]);
    expect(
      app.server.requests.filter((r) => r.method === 'POST' && r.path === BULK_PROCESS),
      'runs sent to be processed',
    ).toHaveLength(c.runs);
    if (!m.matches('confirming'))
      expect(isDialogOpen('alertdialog', `Process pay for ${monthName(c.month)} ${c.year}?`)).toBe(false);
  }),
  initial: 'idle',
  states: {
    idle: {
      meta: shows((_app, m) => {
        const c = m.context as PayrollModel;
        if (c.screen === 'process') {
          const noDate = c.payDate === '';
          const noOne = c.selected.length === 0;
          const button = buttonNamed('Process Pay');
          expect(button.hasAttribute('disabled'), 'Process Pay needs rows and a date').toBe(noDate || noOne);
          // Beside a disabled Process Pay, what is missing; nothing beside an enabled one.
          const missing =
            noDate && noOne ? MISSING.both : noDate ? MISSING.payDate : noOne ? MISSING.selection : null;
          for (const words of Object.values(MISSING)) {
            expect(screen.queryByText(words), words).toEqual(words === missing ? expect.anything() : null);
          }
          if (missing) {
            const said = document.getElementById(button.getAttribute('aria-describedby') ?? '');
            expect(said?.textContent, 'Process Pay is described by what is missing').toBe(missing);
          }
          expect(screen.getByLabelText('Pay Date')).toBeEnabled();
        } else {
          expect(buttonNamed('Table View').hasAttribute('disabled'), 'Table View needs the list').toBe(
            c.processedList !== 'shown',
          );
        }
        expect(screen.queryByRole('menu')).toBeNull();
      }),
      on: {
        'user.changesMonth': {
          guard: 'anotherMonth',
          actions: assign(({ context, event }) => ({
            ...refetch(context),
            month: event.month,
            ...quiet,
          })),
        },
        'user.togglesFirstRow': {
          guard: 'hasUnprocessedRows',
          actions: assign(({ context }) => {
            const first = (period(context).unprocessed[0] as UnprocessedRow).user.id;
            return {
              selected: context.selected.includes(first)
                ? context.selected.filter((id) => id !== first)
                : [...context.selected, first],
              ...quiet,
            };
          }),
        },
        'user.togglesAll': {
          guard: 'hasUnprocessedRows',
          // Every unprocessed row of the month, on every page; or none when all are selected.
          actions: assign(({ context }) => {
            const all = period(context).unprocessed.map((row) => row.user.id);
            return { selected: context.selected.length === all.length ? [] : all, ...quiet };
          }),
        },
        'user.choosesPayDate': { actions: assign({ payDate: PAY_DATE, ...quiet }) },
        // The confirmation opens (and, as every dialog, clears the toast showing).
        'user.processesPay': {
          guard: 'readyToProcess',
          target: 'confirming',
          actions: assign({ toast: null, ...quiet }),
        },
        'user.opensRowMenu': { guard: 'hasProcessedRows', target: 'rowMenu', actions: assign(quiet) },
        'user.opensTableView': {
          guard: 'onRecordsWithList',
          target: 'openingTablePdf',
          actions: assign(quiet),
        },
        'user.triesUnprocessedAgain': {
          guard: 'unprocessedFailed',
          actions: assign({ unprocessedList: 'fetching', ...quiet }),
        },
        'user.triesProcessedAgain': {
          guard: 'processedFailed',
          actions: assign({ processedList: 'fetching', ...quiet }),
        },
      },
    },
    rowMenu: {
      // The row menu of a processed payslip (issue 34): View payslip, Re-send, and Revert to Unprocessed;
      // issue 39 item 6: "a payslip link to their own history".
      meta: shows(() => {
        const menu = screen.getByRole('menu');
        expect(
          within(menu)
            .getAllByRole('menuitem')
            .map((item) => item.textContent),
        ).toEqual(['View payslip', 'Re-send', 'Revert to Unprocessed', 'History']);
      }),
      on: {
        'user.closesRowMenu': { target: 'idle' },
        'user.choosesViewPayslip': {
          target: 'openingPayslip',
          actions: assign({ chosen: ({ context }) => period(context).processed[0] as PayslipAggregate }),
        },
        'user.choosesResend': {
          target: 'confirmingResend',
          actions: assign({ chosen: ({ context }) => period(context).processed[0] as PayslipAggregate }),
        },
        'user.choosesRevert': {
          target: 'reverting',
          actions: assign({ reverting: ({ context }) => period(context).processed[0] as PayslipAggregate }),
        },
      },
    },
    confirming: {
      // Before anything is processed: the period, Cancel, and Confirm once the server's figures are in.
      meta: shows((app, m) => {
        const c = m.context as PayrollModel;
        const dialog = openDialog('alertdialog', `Process pay for ${monthName(c.month)} ${c.year}?`);
        expect(within(dialog).getByText('Cancel', { selector: 'button' })).toBeEnabled();
        expect(within(dialog).getByText('Confirm', { selector: 'button' }).hasAttribute('disabled')).toBe(
          !m.matches({ confirming: 'ready' }),
        );
        // Behind it, Process Pay waits and says nothing is missing.
        expect(buttonNamed('Process Pay')).toBeDisabled();
        for (const words of Object.values(MISSING)) expect(screen.queryByText(words)).toBeNull();
        // The preview asks for exactly what processing will be sent.
        const asked = app.server.requests.filter((r) => r.method === 'POST' && r.path === PREVIEW).at(-1);
        expect(asked?.body).toEqual({
          payDate: c.payDate,
          payslips: c.selected.map((userId) => ({ userId, month: c.month, year: c.year })),
        });
      }),
      initial: 'previewing',
      states: {
        previewing: {
          meta: shows((app) => {
            const asked = app.server.requests.filter((r) => r.method === 'POST' && r.path === PREVIEW).at(-1);
            expect(asked?.answered, 'the preview is on its way').toBe(false);
            expect(screen.getByText('Working out the totals...')).toBeInTheDocument();
          }),
          on: {
            'server.sendsPreview': { target: 'ready' },
            'server.refusesPreview': { target: 'failed' },
          },
        },
        ready: {
          // The headcount, the pay date and each total in dollars with cents, as the server answered.
          meta: shows((_app, m) => {
            const c = m.context as PayrollModel;
            const n = c.selected.length;
            const dialog = openDialog('alertdialog', `Process pay for ${monthName(c.month)} ${c.year}?`);
            expect(dialog).toHaveTextContent(
              `${n === 1 ? '1 payslip' : `${n} payslips`} will be processed with the pay date 28/01/2026.`,
            );
            const lines = [...dialog.querySelectorAll('tbody tr')].map(cells);
            expect(lines).toEqual([
              ['Gross Pay', money(PER_PAYSLIP.grossPay * n)],
              ['Employee CPF', money(PER_PAYSLIP.employeeCpf * n)],
              ['Employer CPF', money(PER_PAYSLIP.employerCpf * n)],
              ['SHG (self-help groups)', money(PER_PAYSLIP.selfHelpGroup * n)],
              ['Net Payable', money(PER_PAYSLIP.netPayable * n)],
            ]);
          }),
          on: {
            'user.confirmsProcessing': {
              target: '#payrollPeriodModel.processing',
              actions: assign({ runs: ({ context }) => context.runs + 1 }),
            },
          },
        },
        failed: {
          meta: shows((_app, m) => {
            const c = m.context as PayrollModel;
            const dialog = openDialog('alertdialog', `Process pay for ${monthName(c.month)} ${c.year}?`);
            expect(within(dialog).getByRole('alert')).toHaveTextContent(LATER_MONTH.message);
            expect(within(dialog).getByText('Try again', { selector: 'button' })).toBeEnabled();
          }),
          on: { 'user.triesPreviewAgain': { target: 'previewing' } },
        },
      },
      on: {
        // Nothing is processed; the selection and the pay date stay.
        'user.cancelsProcessing': { target: 'idle' },
      },
    },
    processing: {
      meta: shows((app, m) => {
        const c = m.context as PayrollModel;
        expect(buttonNamed('Processing...')).toBeDisabled();
        expect(screen.getByLabelText('Pay Date')).toBeDisabled();
        const sent = app.server.pending('POST', BULK_PROCESS);
        expect(sent).toHaveLength(1);
        expect(sent[0]?.body).toEqual({
          payDate: c.payDate,
          payslips: c.selected.map((userId) => ({ userId, month: c.month, year: c.year })),
        });
      }),
      initial: 'justStarted',
      states: {
        justStarted: {
          meta: shows((_app, m) => {
            const n = (m.context as PayrollModel).selected.length;
            expect(document.body.textContent).not.toContain(`Processing ${n} payslips...`);
          }),
          on: { 'clock.oneSecond': { target: 'longRun' } },
        },
        longRun: {
          // A run longer than a second shows how many payslips are being processed.
          meta: shows((_app, m) => {
            const n = (m.context as PayrollModel).selected.length;
            expect(document.body.textContent).toContain(`Processing ${n} payslips...`);
          }),
        },
      },
      on: {
        'server.processes': {
          target: 'idle',
          actions: assign(({ context }) => {
            const chosen = period(context).unprocessed.filter((row) =>
              context.selected.includes(row.user.id),
            );
            const held = {
              ...context.held,
              [context.month]: {
                unprocessed: period(context).unprocessed.filter(
                  (row) => !context.selected.includes(row.user.id),
                ),
                processed: [...chosen.map((row) => processedNow(row, context)), ...period(context).processed],
              },
            };
            return {
              held,
              ...refetch(context),
              toast: { title: 'Payslips processed', description: `${chosen.length} payslips processed.` },
              pdfOpened: false,
            };
          }),
        },
        'server.refusesProcessing': {
          target: 'idle',
          actions: assign({
            toast: { title: 'Failed to process payslips', description: LATER_MONTH.message },
            pdfOpened: false,
          }),
        },
      },
    },
    reverting: {
      meta: shows((app, m) => {
        const c = m.context as PayrollModel;
        const sent = app.server.pending('PATCH');
        expect(sent).toHaveLength(1);
        expect(sent[0]?.path).toBe(`/api/payslips/${c.reverting?.payslipId}/status`);
        expect(sent[0]?.body).toEqual({ status: 'UNPROCESSED' });
      }),
      on: {
        'server.reverts': {
          target: 'idle',
          actions: assign(({ context }) => {
            const row = context.reverting as PayslipAggregate;
            const now = period(context);
            const held = {
              ...context.held,
              [context.month]: {
                // The row leaves the Processed List and is unprocessed again, first in the server's order.
                unprocessed: [unprocessedAgain(row, now.unprocessed[0]), ...now.unprocessed],
                processed: now.processed.filter((p) => p.payslipId !== row.payslipId),
              },
            };
            return {
              held,
              ...refetch(context),
              reverting: null,
              toast: { title: 'Success', description: 'Payslip removed from processed list' },
              pdfOpened: false,
            };
          }),
        },
        'server.refusesRevert': {
          target: 'idle',
          actions: assign({
            reverting: null,
            toast: { title: 'Error removing from processed list', description: LATER_MONTH.message },
            pdfOpened: false,
          }),
        },
      },
    },
    openingPayslip: {
      // View payslip: that payslip's PDF is asked for (the tab opened on the click shows it).
      meta: shows((app, m) => {
        const c = m.context as PayrollModel;
        expect(app.server.pending('GET', `/api/payslips/${c.chosen?.payslipId}/pdf`)).toHaveLength(1);
      }),
      on: {
        'server.sendsPayslipPdf': {
          target: 'idle',
          actions: assign(({ context }) => ({
            pdfOpened: true,
            pdfPath: `/api/payslips/${context.chosen?.payslipId}/pdf`,
            chosen: null,
          })),
        },
        'server.failsPayslipPdf': {
          target: 'idle',
          actions: assign({
            toast: {
              title: 'Error retrieving payslip',
              description: 'Please check your internet connection and try again',
            },
            pdfOpened: false,
            chosen: null,
          }),
        },
      },
    },
    confirmingResend: {
      // Re-send asks first, naming the person and the month; nothing is sent yet.
      meta: shows((app, m) => {
        const c = m.context as PayrollModel;
        const dialog = openDialog('alertdialog', 'Re-send payslip');
        expect(dialog.textContent).toContain(c.chosen?.userDetails.name);
        expect(dialog.textContent).toContain(`${monthName(c.month)} ${c.year}`);
        expect(app.server.pending('POST', EMAIL_POST)).toEqual([]);
      }),
      on: {
        'user.cancelsResend': { target: 'idle', actions: assign({ chosen: null, ...quiet }) },
        'user.confirmsResend': { target: 'resending', actions: assign(quiet) },
      },
    },
    resending: {
      // The one person's payslip of the month, asked again (POST /payslips/email with resend).
      meta: shows((app, m) => {
        const c = m.context as PayrollModel;
        const sent = app.server.pending('POST', EMAIL_POST);
        expect(sent).toHaveLength(1);
        expect(sent[0]?.body).toEqual({
          year: c.year,
          month: c.month,
          userIds: [c.chosen?.userDetails.id],
          resend: true,
        });
      }),
      on: {
        'server.queuesResend': {
          target: 'idle',
          // Queued: the toast gives the server's answer, and the Processed List is asked again.
          actions: assign({
            toast: { title: 'Payslip queued to be sent again', description: RESEND_QUEUED },
            processedList: 'fetching',
            chosen: null,
            pdfOpened: false,
          }),
        },
        'server.leavesResendOut': {
          target: 'idle',
          actions: assign({
            toast: { title: 'Payslip not sent again', description: RESEND_TOO_SOON },
            chosen: null,
            pdfOpened: false,
          }),
        },
        'server.refusesResend': {
          target: 'idle',
          actions: assign({
            toast: { title: 'Failed to re-send payslip', description: QUEUE_DOWN },
            chosen: null,
            pdfOpened: false,
          }),
        },
      },
    },
    openingTablePdf: {
      meta: shows((app, m) => {
        const c = m.context as PayrollModel;
        expect(buttonNamed('Processing...')).toBeDisabled();
        const sent = app.server.pending('GET', '/api/payslips/processed/pdf-table');
        expect(sent).toHaveLength(1);
        expect(sent[0]?.query.get('month')).toBe(String(c.month));
        expect(sent[0]?.query.get('year')).toBe(String(c.year));
      }),
      on: {
        'server.sendsTablePdf': { target: 'idle', actions: assign({ pdfOpened: true, pdfPath: null }) },
        'server.failsTablePdf': {
          target: 'idle',
          actions: assign({
            toast: { title: 'Error generating table pdf', description: 'Please try again later' },
            pdfOpened: false,
          }),
        },
      },
    },
  },
  // The lists answer whatever else is going on.
  on: {
    'server.sendsUnprocessed': {
      guard: 'unprocessedFetching',
      actions: assign(({ context }) => {
        // A selection no longer listed is dropped.
        const listed = period(context).unprocessed.map((row) => row.user.id);
        return {
          unprocessedList: 'shown' as const,
          selected: context.selected.filter((id) => listed.includes(id)),
          ...quiet,
        };
      }),
    },
    'server.failsUnprocessed': {
      guard: 'unprocessedFetching',
      actions: assign({
        unprocessedList: 'failed',
        toast: { title: 'Failed to fetch unprocessed payslips' },
        pdfOpened: false,
      }),
    },
    'server.sendsProcessed': {
      guard: 'processedFetching',
      actions: assign({ processedList: 'shown', ...quiet }),
    },
    'server.failsProcessed': [
      {
        // View Processed Records says so in a toast.
        guard: 'processedFetchingOnRecords',
        actions: assign({
          processedList: 'failed',
          toast: { title: 'Failed to fetch records', description: 'Please try again later' },
          pdfOpened: false,
        }),
      },
      {
        // Process Pay names the unprocessed payslips only; its Processed List says what failed.
        guard: 'processedFetching',
        actions: assign({ processedList: 'failed', ...quiet }),
      },
    ],
  },
});
