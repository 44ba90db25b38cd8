import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { payrollPeriodMachine } from '../../machines/payroll-period.machine';
import { todayIso } from '../../src/domain/dates';
import type { PayslipAggregate, UnprocessedRow } from '../../src/domain/payslips';
import { dayMonthYear, monthName } from '../models/calendar-words';
import {
  cardUnder,
  dataRows,
  EMAIL_POST,
  type HeldPeriod,
  LATER_MONTH,
  PAY_DATE,
  type PayrollEvent,
  type PayrollInput,
  type PayrollModel,
  PREVIEW,
  PROCESSED_GET,
  payrollPeriodModel,
  previewOf,
  QUEUE_DOWN,
  RESEND_QUEUED,
  RESEND_TOO_SOON,
  SERVER_DOWN,
  TOTALS_GET,
  totalsOf,
  UNPROCESSED_GET,
} from '../models/payroll-period.model';
import { admin } from '../views/fixtures';
import { advance, openDialog, pdfTab, type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';

/**
 * Process Pay and View Processed Records walked from their spec model (tests/models/payroll-period.model.ts):
 * the lists of a period, selection, pay date, processing, the row menu's Revert to Unprocessed and Table View,
 * with the server's answers given by the fake server and the progress on the fake clock. The app's
 * payroll-period machine is only watched, for coverage.
 */

const today = todayIso();
const thisYear = Number(today.slice(0, 4));
const thisMonth = Number(today.slice(5, 7));
// Another month of the current year to switch to (January has none before it).
const otherMonth = thisMonth === 1 ? 2 : thisMonth - 1;

const unprocessedRow = (name: string, i: number, id: number): UnprocessedRow =>
  ({
    payslipId: 100 + id,
    processingStatus: i % 3 === 0 ? 'ITEMS_ADDED' : 'UNPROCESSED',
    user: {
      id,
      fullName: name,
      email: `e${id}@company.test`,
      employmentInfo: {
        designation: 'Analyst',
        employmentStatus: 'ACTIVE',
        hireDate: '2020-01-06',
        lastDayOfService: null,
      },
    },
    basicSalarySnapshot: 4000 + i,
    employeeCpfRateSnapshot: 20,
    employerCpfRateSnapshot: 17,
    rateFlag: id === 11 ? { official: { employeePercent: 18, employerPercent: 16 } } : null,
  }) as UnprocessedRow;

const processedRow = (
  name: string,
  i: number,
  id: number,
  month: number,
  payItems: number,
): PayslipAggregate =>
  ({
    payslipId: 500 + id,
    payslipMonth: month,
    payslipYear: thisYear,
    processingStatus: 'PROCESSED',
    userDetails: { id, name },
    payDate: today,
    grossPay: 5000 + i,
    totalEmployeeCpfContribution: 1000,
    totalEmployerCpfContribution: 850,
    selfHelpGroupContribution: 0,
    netPay: 4000 + i,
    otherItems: 0,
    netPayable: 4000 + i,
    payItems,
  }) as PayslipAggregate;

const twelve = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
/** The current month: 12 to process (more than a page), 12 processed; the first processed has no items. */
const current: HeldPeriod = {
  unprocessed: twelve.map((n, i) => unprocessedRow(`Employee ${n}`, i, 10 + i)),
  processed: twelve.map((n, i) => processedRow(`Paid Employee ${n}`, i, 60 + i, thisMonth, i % 2)),
};
/** The other month: a few of each; its first processed payslip has pay items (reverted, it reads Items Added). */
const other: HeldPeriod = {
  unprocessed: ['Late Joiner A', 'Late Joiner B'].map((name, i) => unprocessedRow(name, i + 1, 30 + i)),
  processed: ['Earlier Paid A', 'Earlier Paid B', 'Earlier Paid C'].map((name, i) =>
    processedRow(name, i, 80 + i, otherMonth, i === 0 ? 2 : 0),
  ),
};

const input = (screenName: PayrollInput['screen']): PayrollInput => ({
  screen: screenName,
  year: thisYear,
  month: thisMonth,
  monthsOffered: thisMonth,
  held: { [thisMonth]: current, [otherMonth]: other },
});

const starts = [
  { name: 'Process Pay', input: input('process') },
  { name: 'View Processed Records', input: input('records') },
];
const paths: Record<string, string> = {
  'Process Pay': '/admin/process-pay',
  'View Processed Records': '/admin/pay-records',
};

const events: PayrollEvent[] = [
  { type: 'user.changesMonth', month: otherMonth },
  { type: 'user.changesMonth', month: thisMonth },
  { type: 'user.togglesFirstRow' },
  { type: 'user.togglesAll' },
  { type: 'user.choosesPayDate' },
  { type: 'user.processesPay' },
  { type: 'server.sendsPreview' },
  { type: 'server.refusesPreview' },
  { type: 'user.triesPreviewAgain' },
  { type: 'user.cancelsProcessing' },
  { type: 'user.confirmsProcessing' },
  { type: 'user.opensRowMenu' },
  { type: 'user.closesRowMenu' },
  { type: 'user.choosesRevert' },
  { type: 'user.opensTableView' },
  { type: 'user.triesUnprocessedAgain' },
  { type: 'user.triesProcessedAgain' },
  { type: 'server.sendsUnprocessed' },
  { type: 'server.failsUnprocessed' },
  { type: 'server.sendsProcessed' },
  { type: 'server.failsProcessed' },
  { type: 'server.processes' },
  { type: 'server.refusesProcessing' },
  { type: 'clock.oneSecond' },
  { type: 'server.reverts' },
  { type: 'server.refusesRevert' },
  { type: 'server.sendsTablePdf' },
  { type: 'server.failsTablePdf' },
  { type: 'user.choosesViewPayslip' },
  { type: 'user.choosesResend' },
  { type: 'user.cancelsResend' },
  { type: 'user.confirmsResend' },
  { type: 'server.sendsPayslipPdf' },
  { type: 'server.failsPayslipPdf' },
  { type: 'server.queuesResend' },
  { type: 'server.leavesResendOut' },
  { type: 'server.refusesResend' },
];

/** The row menu's choices, by the words. */
const MENU_CHOICES: Partial<Record<PayrollEvent['type'], string>> = {
  'user.choosesViewPayslip': 'View payslip',
  'user.choosesResend': 'Re-send',
  'user.choosesRevert': 'Revert to Unprocessed',
};
const resendEvents = new Set<PayrollEvent['type']>(['user.cancelsResend', 'user.confirmsResend']);

type ModelSnapshot = { value: unknown; context: PayrollModel; matches: (v: string) => boolean };

/** The confirmation's buttons, usable only while it is open. */
const confirmationEvents = new Set<PayrollEvent['type']>([
  'user.triesPreviewAgain',
  'user.cancelsProcessing',
  'user.confirmsProcessing',
]);

/**
 * Behind an open row menu only the menu can be used, behind the confirmation only its buttons (the server
 * answers meanwhile); the month changes once the lists have answered.
 */
function canProduce(m: ModelSnapshot, event: PayrollEvent) {
  if (m.matches('rowMenu')) return event.type === 'user.closesRowMenu' || event.type in MENU_CHOICES;
  if (m.matches('confirmingResend')) return !event.type.startsWith('user.') || resendEvents.has(event.type);
  if (resendEvents.has(event.type)) return false;
  if (m.matches('confirming')) return !event.type.startsWith('user.') || confirmationEvents.has(event.type);
  if (confirmationEvents.has(event.type)) return false;
  if (event.type === 'user.changesMonth')
    return m.context.unprocessedList !== 'fetching' && m.context.processedList !== 'fetching';
  return true;
}

/** What the model's guards read: the lists' state, the selection, the pay date, rows left to act on. */
const serialize = (m: ModelSnapshot) => {
  const c = m.context;
  const held = c.held[c.month] as HeldPeriod;
  return JSON.stringify([
    m.value,
    c.screen,
    c.month,
    c.unprocessedList,
    c.processedList,
    c.selected.length === 0 ? 'none' : c.selected.length === held.unprocessed.length ? 'all' : 'some',
    c.payDate !== '',
    held.unprocessed.length > 0,
    held.processed.length > 0,
  ]);
};

/** Answers every pending fetch of a list (an older one, for a period no longer shown, is dropped). */
function answerList(app: RunningApp, path: string, status: number, body: unknown) {
  for (const _ of app.server.pending('GET', path)) app.server.answer('GET', path, status, body);
}

const button = (text: string) => screen.getByText(text, { selector: 'button' });
const heldNow = (c: PayrollModel) => c.held[c.month] as HeldPeriod;
const confirmation = (c: PayrollModel) =>
  openDialog('alertdialog', `Process pay for ${monthName(c.month)} ${c.year}?`);

async function perform(app: RunningApp, event: PayrollEvent, m: ModelSnapshot) {
  const c = m.context;
  switch (event.type) {
    case 'user.changesMonth':
      await app.user.selectOptions(screen.getByLabelText('Month'), String(event.month));
      break;
    case 'user.togglesFirstRow':
      await app.user.click(
        screen.getByLabelText(`Select ${(heldNow(c).unprocessed[0] as UnprocessedRow).user.fullName}`),
      );
      break;
    case 'user.togglesAll':
      await app.user.click(screen.getByLabelText('Select all'));
      break;
    case 'user.choosesPayDate':
      fireEvent.change(screen.getByLabelText('Pay Date'), { target: { value: dayMonthYear(PAY_DATE) } });
      break;
    case 'user.processesPay':
      await app.user.click(button('Process Pay'));
      break;
    // The latest: a preview of a confirmation cancelled earlier may still be unanswered, and changes nothing.
    case 'server.sendsPreview':
      app.server.answerLatest('POST', PREVIEW, 200, previewOf(c.selected.length));
      break;
    case 'server.refusesPreview':
      app.server.answerLatest('POST', PREVIEW, 409, LATER_MONTH);
      break;
    case 'user.triesPreviewAgain':
      await app.user.click(within(confirmation(c)).getByText('Try again', { selector: 'button' }));
      break;
    case 'user.cancelsProcessing':
      await app.user.click(within(confirmation(c)).getByText('Cancel', { selector: 'button' }));
      break;
    case 'user.confirmsProcessing':
      await app.user.click(within(confirmation(c)).getByText('Confirm', { selector: 'button' }));
      break;
    case 'user.opensRowMenu': {
      const row = heldNow(c).processed[0] as PayslipAggregate;
      await app.user.click(screen.getByLabelText(`Actions for ${row.userDetails.name}`));
      // The menu takes focus on an animation frame (see setup).
      const menu = screen.getByRole('menu');
      if (document.activeElement !== menu) act(() => menu.focus());
      await advance(20);
      break;
    }
    case 'user.closesRowMenu':
      await app.user.keyboard('{Escape}');
      await advance(20);
      break;
    case 'user.choosesViewPayslip':
    case 'user.choosesResend':
    case 'user.choosesRevert': {
      const name = MENU_CHOICES[event.type] as string;
      const entry = within(screen.getByRole('menu')).getByRole('menuitem', { name });
      for (let i = 0; i < 5 && !entry.hasAttribute('data-highlighted'); i++) {
        await app.user.keyboard('{ArrowDown}');
        await advance(20);
      }
      await app.user.keyboard('{Enter}');
      await advance(20);
      break;
    }
    case 'user.opensTableView':
      await app.user.click(button('Table View'));
      break;
    case 'user.triesUnprocessedAgain':
      await app.user.click(
        within(cardUnder('Unprocessed List')).getByText('Try again', { selector: 'button' }),
      );
      break;
    case 'user.triesProcessedAgain':
      await app.user.click(
        within(cardUnder('Processed List')).getByText('Try again', { selector: 'button' }),
      );
      break;
    case 'server.sendsUnprocessed':
      answerList(app, UNPROCESSED_GET, 200, heldNow(c).unprocessed);
      break;
    case 'server.failsUnprocessed':
      answerList(app, UNPROCESSED_GET, 500, SERVER_DOWN);
      break;
    case 'server.sendsProcessed':
      answerList(app, PROCESSED_GET, 200, heldNow(c).processed);
      answerList(app, TOTALS_GET, 200, totalsOf(heldNow(c).processed));
      break;
    case 'server.failsProcessed':
      answerList(app, PROCESSED_GET, 500, SERVER_DOWN);
      answerList(app, TOTALS_GET, 500, SERVER_DOWN);
      break;
    case 'server.processes':
      app.server.answer('POST', '/api/payslips/bulk-process', 200, {
        processed: c.selected.length,
        skipped: 0,
      });
      break;
    case 'server.refusesProcessing':
      app.server.answer('POST', '/api/payslips/bulk-process', 409, LATER_MONTH);
      break;
    case 'clock.oneSecond':
      await advance(1000);
      break;
    case 'server.reverts': {
      const row = c.reverting as PayslipAggregate;
      app.server.answer('PATCH', `/api/payslips/${row.payslipId}/status`, 200, {
        ...row,
        processingStatus: 'UNPROCESSED',
        payDate: null,
      });
      break;
    }
    case 'server.refusesRevert': {
      const row = c.reverting as PayslipAggregate;
      app.server.answer('PATCH', `/api/payslips/${row.payslipId}/status`, 409, LATER_MONTH);
      break;
    }
    case 'user.cancelsResend':
      await app.user.click(
        within(openDialog('alertdialog', 'Re-send payslip')).getByText('Cancel', { selector: 'button' }),
      );
      break;
    case 'user.confirmsResend':
      await app.user.click(
        within(openDialog('alertdialog', 'Re-send payslip')).getByText('Re-send', { selector: 'button' }),
      );
      break;
    case 'server.sendsPayslipPdf':
      app.server.answer('GET', `/api/payslips/${c.chosen?.payslipId}/pdf`, 200, { pdf: 'bytes' });
      break;
    case 'server.failsPayslipPdf':
      app.server.answer('GET', `/api/payslips/${c.chosen?.payslipId}/pdf`, 500, SERVER_DOWN);
      break;
    case 'server.queuesResend':
      app.server.answer('POST', EMAIL_POST, 202, {
        jobId: '0b1c2d3e-4f50-4617-8899-aabbccddeeff',
        total: 1,
        skipped: 0,
        message: RESEND_QUEUED,
        delivery: 'OUTBOX',
      });
      break;
    case 'server.leavesResendOut':
      app.server.answer('POST', EMAIL_POST, 202, {
        jobId: '0b1c2d3e-4f50-4617-8899-aabbccddeeff',
        total: 0,
        skipped: 1,
        alreadySent: 1,
        message: RESEND_TOO_SOON,
        delivery: 'SMTP',
      });
      break;
    case 'server.refusesResend':
      app.server.answer('POST', EMAIL_POST, 503, {
        statusCode: 503,
        error: 'Service Unavailable',
        message: QUEUE_DOWN,
      });
      break;
    case 'server.sendsTablePdf':
      app.server.answer('GET', '/api/payslips/processed/pdf-table', 200, { pdf: 'bytes' });
      break;
    case 'server.failsTablePdf':
      app.server.answer('GET', '/api/payslips/processed/pdf-table', 500, SERVER_DOWN);
      break;
  }
  await settle();
}

const tab = pdfTab('blob:table-pdf');

/**
 * Animation frames on the fake clock. jsdom runs frames on a real-clock interval that only the first
 * outstanding frame starts; a frame still outstanding when a test ends (the confirmation closing) left that
 * interval on the ended test's fake clock, and no frame ran again in the file (the row menus never listened
 * for Escape). On the fake clock every step's advance runs them, and each test starts with none.
 */
function setup() {
  tab.install();
  beforeEach(() => {
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
      setTimeout(() => callback(performance.now()), 16),
    );
    vi.stubGlobal('cancelAnimationFrame', (id: number) => clearTimeout(id));
  });
}

const label = (event: PayrollEvent) =>
  event.type === 'user.changesMonth'
    ? `user.changesMonth (${event.month === thisMonth ? 'this' : 'other'})`
    : event.type;

const both: PayrollEvent[] = [{ type: 'server.sendsUnprocessed' }, { type: 'server.sendsProcessed' }];

describeSpecWalk({
  title: 'Process Pay and View Processed Records, walked from their spec model',
  model: payrollPeriodModel,
  starts,
  events,
  canProduce: canProduce as never,
  serialize: serialize as never,
  app: { machine: payrollPeriodMachine },
  open: (path, inspect) =>
    renderApp({ path: paths[path.start] as string, storage: signedIn(admin), inspect }),
  perform: (app, event, model) => perform(app, event, model as unknown as ModelSnapshot),
  label,
  setup,
  scenarios: [
    {
      name: 'select a row, choose a pay date, Process Pay, Confirm: it leaves the Unprocessed List for the Processed List',
      events: [
        ...both,
        { type: 'user.togglesFirstRow' },
        { type: 'user.choosesPayDate' },
        { type: 'user.processesPay' },
        { type: 'server.sendsPreview' },
        { type: 'user.confirmsProcessing' },
        { type: 'clock.oneSecond' },
        { type: 'server.processes' },
        ...both,
      ],
    },
    {
      name: 'Select all takes the whole month (12 over two pages), and a second click none',
      events: [
        ...both,
        { type: 'user.togglesAll' },
        { type: 'user.choosesPayDate' },
        { type: 'user.togglesAll' },
        { type: 'user.togglesAll' },
        { type: 'user.processesPay' },
        { type: 'server.sendsPreview' },
        { type: 'user.confirmsProcessing' },
        { type: 'server.processes' },
        ...both,
      ],
    },
    {
      name: 'the confirmation cancelled, with its figures shown: nothing is processed, the selection stays',
      events: [
        ...both,
        { type: 'user.togglesAll' },
        { type: 'user.choosesPayDate' },
        { type: 'user.processesPay' },
        { type: 'server.sendsPreview' },
        { type: 'user.cancelsProcessing' },
      ],
    },
    {
      name: 'the confirmation cancelled while its figures are worked out: nothing is processed',
      events: [
        ...both,
        { type: 'user.togglesFirstRow' },
        { type: 'user.choosesPayDate' },
        { type: 'user.processesPay' },
        { type: 'user.cancelsProcessing' },
      ],
    },
    {
      name: 'a preview refused (a later month processed): the reason, Try again, then Confirm',
      events: [
        ...both,
        { type: 'user.togglesFirstRow' },
        { type: 'user.choosesPayDate' },
        { type: 'user.processesPay' },
        { type: 'server.refusesPreview' },
        { type: 'user.triesPreviewAgain' },
        { type: 'server.sendsPreview' },
        { type: 'user.confirmsProcessing' },
        { type: 'server.refusesProcessing' },
      ],
    },
    {
      name: 'processed row menu closed without choosing: nothing is reverted',
      events: [...both, { type: 'user.opensRowMenu' }, { type: 'user.closesRowMenu' }],
    },
    {
      name: 'Revert to Unprocessed on a payslip without items: back in the Unprocessed List as Unprocessed',
      events: [
        ...both,
        { type: 'user.opensRowMenu' },
        { type: 'user.choosesRevert' },
        { type: 'server.reverts' },
        ...both,
      ],
    },
    {
      name: 'Revert to Unprocessed on a payslip with pay items (another month): back as Items Added',
      events: [
        ...both,
        { type: 'user.changesMonth', month: otherMonth },
        ...both,
        { type: 'user.opensRowMenu' },
        { type: 'user.choosesRevert' },
        { type: 'server.reverts' },
        ...both,
      ],
    },
    {
      name: 'View Processed Records: revert refused, the row stays',
      start: 'View Processed Records',
      events: [
        { type: 'server.sendsProcessed' },
        { type: 'user.opensRowMenu' },
        { type: 'user.choosesRevert' },
        { type: 'server.refusesRevert' },
      ],
    },
  ],
  more: () => {
    it('Process Pay: the lists page 10 at a time and Employee sorts the Processed List, from the month fetched once', async () => {
      const app = await renderApp({ path: '/admin/process-pay', storage: signedIn(admin) });
      answerList(app, UNPROCESSED_GET, 200, current.unprocessed);
      answerList(app, PROCESSED_GET, 200, current.processed);
      answerList(app, TOTALS_GET, 200, totalsOf(current.processed));
      await settle();
      // A row whose CPF rates are not the official ones says so.
      expect(
        screen.getByLabelText(/^Rates differ\. Official rates: employee 18%, employer 16%/),
      ).toBeInTheDocument();
      const unprocessedCard = cardUnder('Unprocessed List');
      expect(within(unprocessedCard).getByText('Page 1 of 2')).toBeInTheDocument();
      await app.user.click(within(unprocessedCard).getByText('Next', { selector: 'button' }));
      // The month's rows are here: another page asks the server nothing.
      expect(app.server.pending('GET', UNPROCESSED_GET)).toEqual([]);
      await settle();
      const names = (list: string, cell: number) =>
        dataRows(list).map((row) => row.querySelectorAll('td')[cell]?.textContent);
      expect(names('Unprocessed List', 1)).toEqual(['Employee 11', 'Employee 12']);
      expect(within(cardUnder('Unprocessed List')).getByText('Page 2 of 2')).toBeInTheDocument();
      await app.user.click(screen.getByLabelText('Select all'));
      await settle();
      expect(screen.getByText('12 selected')).toBeInTheDocument();

      const table = () => document.querySelector('table[aria-label="Processed List"]') as HTMLElement;
      const sortByEmployee = async () => {
        await app.user.click(table().querySelector('th[aria-sort] button') as HTMLElement);
        expect(app.server.pending('GET', PROCESSED_GET)).toEqual([]);
        await settle();
      };
      const header = () => table().querySelector('th[aria-sort]');
      const firstPage = current.processed.slice(0, 10).map((row) => row.userDetails.name);
      await sortByEmployee();
      expect(header()).toHaveAttribute('aria-sort', 'ascending');
      expect(names('Processed List', 0)).toEqual(firstPage);
      await sortByEmployee();
      expect(header()).toHaveAttribute('aria-sort', 'descending');
      expect(names('Processed List', 0)).toEqual(
        [...current.processed]
          .reverse()
          .slice(0, 10)
          .map((row) => row.userDetails.name),
      );
      await app.user.click(within(cardUnder('Processed List')).getByText('Next', { selector: 'button' }));
      expect(app.server.pending('GET', PROCESSED_GET)).toEqual([]);
      await settle();
      expect(names('Processed List', 0)).toEqual(['Paid Employee 02', 'Paid Employee 01']);
      await sortByEmployee();
      // As listed again, from page 1.
      expect(header()).toHaveAttribute('aria-sort', 'none');
      expect(names('Processed List', 0)).toEqual(firstPage);
      expect(screen.getByText('12 selected')).toBeInTheDocument();
    });
  },
});
