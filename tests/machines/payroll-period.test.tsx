import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type PayrollPeriodEvent, payrollPeriodMachine } from '../../machines/payroll-period.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { ApiError } from '../../src/domain/auth';
import { todayIso } from '../../src/domain/dates';
import type { PayslipAggregate, UnprocessedRow } from '../../src/domain/payslips';
import { admin } from '../views/fixtures';
import { describeEvent, planTransitionPaths } from './coverage';
import {
  advance,
  advanceThroughDelay,
  expectToast,
  pdfTab,
  type RunningApp,
  renderApp,
  settle,
} from './harness';
import { describeModelWalk, followActor } from './model-walk';

/**
 * Model-based test of the payroll-period statechart (docs/decisions/0001) through its two screens,
 * Process Pay and View Processed Records: paths generated from the real machine are walked through
 * the real app with HTTP answered at the fetch level and the progress delay on a fake clock.
 */

type Machine = typeof payrollPeriodMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event =
  | PayrollPeriodEvent
  | { type: `xstate.error.actor.${string}`; error: ApiError; actorId: string }
  | { type: `xstate.done.actor.${string}`; output: unknown; actorId: string }
  | { type: 'xstate.after.progressDelay.payrollPeriod.processing.working' };

const today = todayIso();
const thisYear = Number(today.slice(0, 4));
const thisMonth = Number(today.slice(5, 7));
// Another month of the current year to switch to (January has none before it).
const otherMonth = thisMonth === 1 ? 2 : thisMonth - 1;

const names = Array.from({ length: 12 }, (_, i) => `Employee ${String(i + 1).padStart(2, '0')}`);
const unprocessed: UnprocessedRow[] = names.map((fullName, i) => ({
  payslipId: 100 + i,
  processingStatus: i % 3 === 0 ? 'ITEMS_ADDED' : 'UNPROCESSED',
  user: {
    id: 10 + i,
    fullName,
    email: `e${i}@company.test`,
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
  rateFlag: i === 1 ? { official: { employeePercent: 18, employerPercent: 16 } } : null,
}));
const processed: PayslipAggregate[] = names.map((name, i) => ({
  payslipId: 500 + i,
  payslipMonth: thisMonth,
  payslipYear: thisYear,
  processingStatus: 'PROCESSED',
  userDetails: { id: 60 + i, name: `Paid ${name}` },
  payDate: today,
  grossPay: 5000 + i,
  totalEmployeeCpfContribution: 1000,
  totalEmployerCpfContribution: 850,
  selfHelpGroupContribution: 0,
  netPay: 4000 + i,
  otherItems: 0,
  netPayable: 4000 + i,
  payItems: i % 2,
}));
const firstUnprocessed = unprocessed[0] as UnprocessedRow;
const firstProcessed = processed[0] as PayslipAggregate;

const serverDown: ApiError = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'The database is unavailable.',
};
const laterMonth: ApiError = {
  statusCode: 409,
  error: 'Conflict',
  message: 'Employee 01 already has a later processed month. Revert the later months first.',
};

const done = (id: string, output: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output, actorId: id }) as Event;
const failed = (id: string, error: ApiError) =>
  ({ type: `xstate.error.actor.${id}`, error, actorId: id }) as Event;

const PROCESS = 'processPayslips';
const REVERT = 'revertPayslip';
const PDF = 'openTablePdf';

const events: Event[] = [
  { type: 'period.change', year: thisYear, month: otherMonth },
  { type: 'period.change', year: thisYear, month: thisMonth },
  { type: 'selection.toggle', userId: firstUnprocessed.user.id },
  { type: 'selection.toggleAll' },
  { type: 'payDate.change', payDate: today },
  { type: 'pay.process' },
  { type: 'revert.request', row: firstProcessed },
  { type: 'tablePdf.open' },
  // Each list fetches its page (the one list statechart) and tells this machine what came back.
  { type: 'unprocessed.loaded', about: { userIds: unprocessed.map((row) => row.user.id) } },
  { type: 'unprocessed.failed', error: serverDown },
  {
    type: 'processed.loaded',
    about: { staff: processed.map((row) => ({ id: row.userDetails.id, name: row.userDetails.name })) },
  },
  { type: 'processed.failed', error: serverDown },
  done(PROCESS, { processed: 12, skipped: 0 }),
  failed(PROCESS, laterMonth),
  done(REVERT, undefined),
  failed(REVERT, laterMonth),
  done(PDF, undefined),
  failed(PDF, serverDown),
  { type: 'xstate.after.progressDelay.payrollPeriod.processing.working' },
];

const onProcessScreen = (s: Snapshot) => s.context.screen === 'process';
const unprocessedShown = (s: Snapshot) => s.context.unprocessedIds !== null;
const processedShown = (s: Snapshot) => s.context.processedStaff !== null;

/** What the screens let a user do in a snapshot (a list's rows are there once it has answered). */
function canProduce(s: Snapshot, event: Event): boolean {
  const process = onProcessScreen(s);
  switch (event.type) {
    case 'unprocessed.loaded':
    case 'unprocessed.failed':
      return process && !unprocessedShown(s);
    case 'processed.loaded':
    case 'processed.failed':
      return !processedShown(s);
    case 'selection.toggle':
    case 'selection.toggleAll':
      return process && unprocessedShown(s);
    case 'payDate.change':
    case 'pay.process':
      return process;
    case 'revert.request':
    case 'tablePdf.open':
      return processedShown(s);
    case 'period.change':
      return event.month !== s.context.month;
    default:
      return true;
  }
}

/** Guards read the selection and the pay date; which lists have answered decides what shows. */
const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.month,
    s.context.selected.length > 0,
    s.context.payDate !== '',
    unprocessedShown(s),
    processedShown(s),
  ]);

const starts = [
  {
    name: 'admin opens Process Pay',
    input: { screen: 'process' as const, today },
    path: '/admin/process-pay',
  },
  {
    name: 'admin opens View Processed Records',
    input: { screen: 'records' as const, today },
    path: '/admin/pay-records',
  },
];
const actor = followActor(payrollPeriodMachine);
const plan = planTransitionPaths(payrollPeriodMachine, {
  starts,
  events,
  canProduce,
  serialize: serializeState,
});

const live = actor.live;

const signedInAdmin = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};

const tableNamed = (name: string) => document.querySelector(`table[aria-label="${name}"]`) as HTMLElement;
const cardOf = (name: string) => tableNamed(name).closest('.chakra-card__body') as HTMLElement;
/** Body rows with data (not skeletons or the 'No results.' row); DOM queries, as role queries over 40 rows crawl. */
const dataRows = (name: string) =>
  [...tableNamed(name).querySelectorAll('tbody tr')].filter(
    (row) => row.getAttribute('aria-hidden') !== 'true' && row.querySelectorAll('td').length > 1,
  );
const cellText = (row: Element, index: number) => row.querySelectorAll('td')[index]?.textContent;

/** A button by its text (role queries over the whole page are slow in jsdom). */
const button = (text: string) => screen.getByText(text, { selector: 'button' });

const UNPROCESSED_GET = '/api/payslips/unprocessed-and-items-added';
const PROCESSED_GET = '/api/payslips/processed/aggregates';
/** The first page of each list, 10 a page, in the server's order. */
const firstUnprocessedPage = unprocessed.slice(0, 10).map((row) => row.user.fullName);
const firstProcessedPage = processed.slice(0, 10).map((row) => row.userDetails.name);

/** Answers every pending fetch of a list (an older one, for a period no longer shown, is dropped). */
function answerList(app: RunningApp, path: string, status: number, body: unknown) {
  for (const _ of app.server.pending('GET', path)) app.server.answer('GET', path, status, body);
}

/** After a failure the user asks again first (Try again in the list's card or under its skeleton). */
async function tryAgainIn(app: RunningApp, card: HTMLElement | null) {
  const again = card && within(card).queryByText('Try again', { selector: 'button' });
  if (again) {
    await app.user.click(again);
    await settle();
  }
}

async function chooseMenuItem(app: RunningApp, trigger: HTMLElement, item: string) {
  await app.user.click(trigger);
  const menu = screen.getByRole('menu');
  if (document.activeElement !== menu) act(() => menu.focus());
  const entry = within(menu).getByRole('menuitem', { name: item });
  for (let i = 0; i < 3 && !entry.hasAttribute('data-highlighted'); i++) {
    await app.user.keyboard('{ArrowDown}');
    await advance(20);
  }
  await app.user.keyboard('{Enter}');
  await advance(20);
}

async function perform(app: RunningApp, event: Event) {
  switch (event.type) {
    case 'period.change':
      await app.user.selectOptions(screen.getByLabelText('Month'), String(event.month));
      break;
    case 'selection.toggle':
      await app.user.click(screen.getByLabelText(`Select ${firstUnprocessed.user.fullName}`));
      break;
    case 'selection.toggleAll':
      await app.user.click(screen.getByLabelText('Select all'));
      break;
    case 'payDate.change':
      fireEvent.change(screen.getByLabelText('Pay Date'), { target: { value: event.payDate } });
      break;
    case 'pay.process':
      await app.user.click(button('Process Pay'));
      break;
    case 'revert.request':
      await chooseMenuItem(
        app,
        screen.getByLabelText(`Actions for ${event.row.userDetails.name}`),
        'Revert to Unprocessed',
      );
      break;
    case 'tablePdf.open':
      await app.user.click(button('Table View'));
      break;
    case 'unprocessed.loaded':
    case 'unprocessed.failed': {
      await tryAgainIn(app, cardOf('Unprocessed List'));
      const ok = event.type === 'unprocessed.loaded';
      answerList(app, UNPROCESSED_GET, ok ? 200 : 500, ok ? unprocessed : serverDown);
      break;
    }
    case 'processed.loaded':
    case 'processed.failed': {
      await tryAgainIn(app, processedCard());
      const ok = event.type === 'processed.loaded';
      answerList(app, PROCESSED_GET, ok ? 200 : 500, ok ? processed : serverDown);
      break;
    }
    case 'xstate.after.progressDelay.payrollPeriod.processing.working':
      await advanceThroughDelay(payrollPeriodMachine, event.type, () =>
        live().matches({ processing: 'slow' }),
      );
      break;
    default: {
      const type = event.type as string;
      const ok = type.startsWith('xstate.done.');
      const error = (event as { error?: ApiError }).error;
      if (type.endsWith(PROCESS)) {
        app.server.answer(
          'POST',
          '/api/payslips/bulk-process',
          ok ? 200 : 409,
          ok ? (event as { output: unknown }).output : error,
        );
      } else if (type.endsWith(REVERT)) {
        const row = live().context.reverting as PayslipAggregate;
        app.server.answer(
          'PATCH',
          `/api/payslips/${row.payslipId}/status`,
          ok ? 200 : 409,
          ok ? { ...row, processingStatus: 'UNPROCESSED', payDate: null } : error,
        );
      } else if (type.endsWith(PDF)) {
        app.server.answer(
          'GET',
          '/api/payslips/processed/pdf-table',
          ok ? 200 : 500,
          ok ? { pdf: 'bytes' } : error,
        );
      }
    }
  }
  await settle();
}

/** The card headed Processed List (its table, or the skeleton that replaces it after a failure). */
const processedCard = () =>
  screen
    .getByRole('heading', { level: 2, name: 'Processed List' })
    .closest('.chakra-card__body') as HTMLElement;

/** The pending fetch of a list asks for the period shown. */
function expectFetching(app: RunningApp, path: string, s: Snapshot) {
  const query = app.server.pending('GET', path).at(-1)?.query;
  expect(query?.get('year')).toBe(String(s.context.year));
  expect(query?.get('month')).toBe(String(s.context.month));
}

function expectScreen(app: RunningApp, s: Snapshot, event: Event | null) {
  const process = onProcessScreen(s);
  const type = event?.type ?? '';
  expect(document.querySelector('h1')?.textContent).toBe(process ? 'Process Pay' : 'View Processed Records');
  expect(screen.getByLabelText('Year')).toHaveValue(String(s.context.year));
  expect(screen.getByLabelText('Month')).toHaveValue(String(s.context.month));
  // In the current year the months run to the current one.
  expect(screen.getByLabelText('Month').querySelectorAll('option')).toHaveLength(thisMonth);

  if (processedShown(s)) {
    expect(dataRows('Processed List').map((row) => cellText(row, 0))).toEqual(firstProcessedPage);
    expect(screen.getByText('A total of 12 employees with processed payslips.')).toBeInTheDocument();
    expect(tableNamed('Processed List').querySelector('th[aria-sort]')).toHaveAttribute('aria-sort', 'none');
  } else if (type === 'processed.failed') {
    // View Processed Records: a skeleton with Try again, and the spec's toast.
    expect(tableNamed('Processed List')).toBeNull();
    expect(within(processedCard()).getByText('Try again', { selector: 'button' })).toBeEnabled();
    expectToast('Failed to fetch records', 'Please try again later');
  } else if (!type.endsWith('.failed')) {
    expect(tableNamed('Processed List')).toHaveAttribute('aria-busy', 'true');
    expectFetching(app, PROCESSED_GET, s);
  }
  if (!process) expect(app.server.requests.some((r) => r.path === UNPROCESSED_GET)).toBe(false);
  if (process && unprocessedShown(s)) {
    expect(dataRows('Unprocessed List').map((row) => cellText(row, 1))).toEqual(firstUnprocessedPage);
    expect(screen.getByText('A total of 12 payslips to process.')).toBeInTheDocument();
    expect(
      screen.getByLabelText(/^Rates differ\. Official rates: employee 18%, employer 16%/),
    ).toBeInTheDocument();
  } else if (process && type === 'unprocessed.failed') {
    expect(tableNamed('Unprocessed List').querySelector('[role="alert"]')).toHaveTextContent(
      serverDown.message,
    );
    expect(within(cardOf('Unprocessed List')).getByText('Try again', { selector: 'button' })).toBeEnabled();
    expectToast('Failed to fetch unprocessed payslips');
  } else if (process && !type.endsWith('.failed')) {
    expect(tableNamed('Unprocessed List')).toHaveAttribute('aria-busy', 'true');
    expectFetching(app, UNPROCESSED_GET, s);
  }
  if (process) {
    expect(screen.getByText(`${s.context.selected.length} selected`)).toBeInTheDocument();
    if (type === 'selection.toggleAll' && s.context.selected.length > 0)
      // Select all takes every row of the month, not only the page shown.
      expect(s.context.selected).toHaveLength(unprocessed.length);
  }
  if (process && s.matches('showing')) {
    const enabled = s.context.selected.length > 0 && s.context.payDate !== '';
    expect(button('Process Pay')).toHaveProperty('disabled', !enabled);
  }
  if (s.matches('processing')) {
    expect(button('Processing...')).toBeDisabled();
    const body = app.server.pending('POST', '/api/payslips/bulk-process')[0]?.body as {
      payDate: string;
      payslips: unknown[];
    };
    expect(body.payDate).toBe(s.context.payDate);
    expect(body.payslips).toHaveLength(s.context.selected.length);
    const progress = screen.queryByText(`Processing ${s.context.selected.length} payslips...`);
    if (s.matches({ processing: 'slow' })) expect(progress).toBeInTheDocument();
    else expect(progress).toBeNull();
  }
  if (!process) {
    const tableView = button(s.matches('openingTablePdf') ? 'Processing...' : 'Table View');
    expect(tableView).toHaveProperty('disabled', !(processedShown(s) && s.matches('showing')));
  }
  if (s.matches('reverting')) {
    expect(app.server.pending('PATCH')).toHaveLength(1);
    expect(app.server.pending('PATCH')[0]?.body).toEqual({ status: 'UNPROCESSED' });
  }

  if (type === `xstate.done.actor.${PROCESS}`) expectToast('Payslips processed', '12 payslips processed.');
  if (type === `xstate.error.actor.${PROCESS}`) expectToast('Failed to process payslips', laterMonth.message);
  if (type === `xstate.done.actor.${REVERT}`) expectToast('Success', 'Payslip removed from processed list');
  if (type === `xstate.error.actor.${REVERT}`)
    expectToast('Error removing from processed list', laterMonth.message);
  if (type === `xstate.error.actor.${PDF}`)
    expectToast('Error generating table pdf', 'Please try again later');
  if (type === `xstate.done.actor.${PDF}`) {
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toBe('blob:table-pdf');
  }
}

function openScreen(name: string) {
  const start = starts.find((s) => s.name === name);
  if (!start) throw new Error(`unknown start ${name}`);
  return renderApp({ path: start.path, storage: signedInAdmin, inspect: actor.inspect });
}

const tab = pdfTab('blob:table-pdf');

const label = (event: Event) => {
  if (event.type === 'period.change') return 'period.change (month)';
  return describeEvent(event);
};

describeModelWalk<Machine, Event>({
  title: 'payroll-period statechart, walked through Process Pay and View Processed Records',
  machine: payrollPeriodMachine,
  actor,
  plan,
  open: (path) => openScreen(path.start),
  perform,
  expectScreen,
  label,
  nameStarts: true,
  setup: tab.install,
  more: () => {
    it('Process Pay: the lists page 10 at a time and Employee sorts the Processed List, from the month fetched once; Select all takes the month', async () => {
      actor.forget();
      const app = await openScreen('admin opens Process Pay');
      answerList(app, UNPROCESSED_GET, 200, unprocessed);
      answerList(app, PROCESSED_GET, 200, processed);
      await settle();
      const unprocessedCard = cardOf('Unprocessed List');
      expect(within(unprocessedCard).getByText('Page 1 of 2')).toBeInTheDocument();
      await app.user.click(within(unprocessedCard).getByText('Next', { selector: 'button' }));
      // The month's rows are here: another page asks the server nothing (7,000 rows are not fetched again).
      expect(app.server.pending('GET', UNPROCESSED_GET)).toEqual([]);
      await settle();
      expect(dataRows('Unprocessed List').map((row) => cellText(row, 1))).toEqual([
        'Employee 11',
        'Employee 12',
      ]);
      expect(within(cardOf('Unprocessed List')).getByText('Page 2 of 2')).toBeInTheDocument();
      // Select all is every row of the month, on every page.
      await app.user.click(screen.getByLabelText('Select all'));
      await settle();
      expect(screen.getByText('12 selected')).toBeInTheDocument();

      const sortByEmployee = async () => {
        await app.user.click(
          tableNamed('Processed List').querySelector('th[aria-sort] button') as HTMLElement,
        );
        expect(app.server.pending('GET', PROCESSED_GET)).toEqual([]);
        await settle();
      };
      const header = () => tableNamed('Processed List').querySelector('th[aria-sort]');
      const paid = () => dataRows('Processed List').map((row) => cellText(row, 0));
      await sortByEmployee();
      expect(header()).toHaveAttribute('aria-sort', 'ascending');
      expect(paid()).toEqual(firstProcessedPage);
      await sortByEmployee();
      expect(header()).toHaveAttribute('aria-sort', 'descending');
      expect(paid()).toEqual(
        [...processed]
          .reverse()
          .slice(0, 10)
          .map((row) => row.userDetails.name),
      );
      await app.user.click(within(cardOf('Processed List')).getByText('Next', { selector: 'button' }));
      expect(app.server.pending('GET', PROCESSED_GET)).toEqual([]);
      await settle();
      expect(paid()).toEqual(['Paid Employee 02', 'Paid Employee 01']);
      await sortByEmployee();
      // As listed again, from page 1.
      expect(header()).toHaveAttribute('aria-sort', 'none');
      expect(paid()).toEqual(firstProcessedPage);
      expect(screen.getByText('A total of 12 employees with processed payslips.')).toBeInTheDocument();
      expect(screen.getByText('12 selected')).toBeInTheDocument();
    });
  },
});
