import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type PayrollPeriodEvent, payrollPeriodMachine } from '../../machines/payroll-period.machine';
import { processedPage, unprocessedPage } from '../../machines/payroll-period.selectors';
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
  | {
      type: 'xstate.done.actor.0.payrollPeriod.loading';
      output: { unprocessed: UnprocessedRow[]; processed: PayslipAggregate[] };
      actorId: string;
    }
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
const lists = { unprocessed, processed };
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

const LOAD = 'loadLists';
const PROCESS = 'processPayslips';
const REVERT = 'revertPayslip';
const PDF = 'openTablePdf';

const events: Event[] = [
  { type: 'period.change', year: thisYear, month: otherMonth },
  { type: 'lists.reload' },
  { type: 'selection.toggle', userId: firstUnprocessed.user.id },
  { type: 'selection.toggleAll' },
  { type: 'payDate.change', payDate: today },
  { type: 'pay.process' },
  { type: 'unprocessed.page', page: 2 },
  { type: 'processed.page', page: 2 },
  { type: 'processed.sort' },
  { type: 'revert.request', payslipId: firstProcessed.payslipId },
  { type: 'tablePdf.open' },
  done(LOAD, lists),
  failed(LOAD, serverDown),
  done(PROCESS, { processed: 12, skipped: 0 }),
  failed(PROCESS, laterMonth),
  done(REVERT, undefined),
  failed(REVERT, laterMonth),
  done(PDF, undefined),
  failed(PDF, serverDown),
  { type: 'xstate.after.progressDelay.payrollPeriod.processing.working' },
];

const onProcessScreen = (s: Snapshot) => s.context.screen === 'process';

/** What the screens let a user do in a snapshot. */
function canProduce(s: Snapshot, event: Event): boolean {
  switch (event.type) {
    case 'selection.toggle':
    case 'selection.toggleAll':
    case 'payDate.change':
      return onProcessScreen(s);
    case 'unprocessed.page':
      return onProcessScreen(s) && s.context.unprocessedPage === 1;
    case 'processed.page':
      return s.context.processedPage === 1;
    case 'revert.request':
      return s.context.processedPage === 1;
    case 'pay.process':
      return onProcessScreen(s);
    case 'payDate.change' as never:
      return s.context.payDate === '';
    default:
      return true;
  }
}

/** Guards read the selection and the pay date; the pages and order decide which buttons work. */
const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.selected.length > 0,
    s.context.payDate !== '',
    s.context.unprocessedPage,
    s.context.processedPage,
    s.context.processedOrder,
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

function answerLists(app: RunningApp, status: number, bodies: { unprocessed: unknown; processed: unknown }) {
  if (onProcessScreen(live())) app.server.answer('GET', UNPROCESSED_GET, status, bodies.unprocessed);
  app.server.answer('GET', PROCESSED_GET, status, bodies.processed);
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
    case 'lists.reload':
      await app.user.click(button('Try again'));
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
    case 'unprocessed.page':
      await app.user.click(within(cardOf('Unprocessed List')).getByText('Next', { selector: 'button' }));
      break;
    case 'processed.page':
      await app.user.click(within(cardOf('Processed List')).getByText('Next', { selector: 'button' }));
      break;
    case 'processed.sort':
      await app.user.click(tableNamed('Processed List').querySelector('th[aria-sort] button') as HTMLElement);
      break;
    case 'revert.request': {
      const first = processedPage(live())[0] as PayslipAggregate;
      await chooseMenuItem(
        app,
        screen.getByLabelText(`Actions for ${first.userDetails.name}`),
        'Revert to Unprocessed',
      );
      break;
    }
    case 'tablePdf.open':
      await app.user.click(button('Table View'));
      break;
    case 'xstate.after.progressDelay.payrollPeriod.processing.working':
      await advanceThroughDelay(payrollPeriodMachine, event.type, () =>
        live().matches({ processing: 'slow' }),
      );
      break;
    default: {
      const type = event.type as string;
      const ok = type.startsWith('xstate.done.');
      const error = (event as { error?: ApiError }).error;
      if (type.endsWith(LOAD))
        answerLists(app, ok ? 200 : 500, ok ? lists : { unprocessed: error, processed: error });
      else if (type.endsWith(PROCESS)) {
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

function expectScreen(app: RunningApp, s: Snapshot, event: Event | null) {
  const process = onProcessScreen(s);
  expect(document.querySelector('h1')?.textContent).toBe(process ? 'Process Pay' : 'View Processed Records');
  expect(screen.getByLabelText('Year')).toHaveValue(String(s.context.year));
  expect(screen.getByLabelText('Month')).toHaveValue(String(s.context.month));
  // In the current year the months run to the current one.
  expect(screen.getByLabelText('Month').querySelectorAll('option')).toHaveLength(thisMonth);

  if (s.matches('loading')) {
    expect(tableNamed('Processed List')).toHaveAttribute('aria-busy', 'true');
    const query = app.server.pending('GET', PROCESSED_GET).at(-1)?.query;
    expect(query?.get('month')).toBe(String(s.context.month));
    expect(query?.get('year')).toBe(String(s.context.year));
    // A choice made while loading asks again; the older request's answer no longer matters.
    const unprocessed = app.server.pending('GET', UNPROCESSED_GET).at(-1)?.query;
    expect(unprocessed?.get('month')).toBe(process ? String(s.context.month) : undefined);
  }
  const showsLists =
    s.matches('ready') || s.matches('processing') || s.matches('reverting') || s.matches('openingTablePdf');
  if (showsLists) {
    const paid = dataRows('Processed List').map((row) => cellText(row, 0));
    expect(paid).toEqual(processedPage(s).map((row) => row.userDetails.name));
    expect(
      screen.getByText(`A total of ${s.context.processed.length} employees with processed payslips.`),
    ).toBeInTheDocument();
    const header = tableNamed('Processed List').querySelector('th[aria-sort]');
    expect(header).toHaveAttribute(
      'aria-sort',
      s.context.processedOrder === null
        ? 'none'
        : s.context.processedOrder === 'asc'
          ? 'ascending'
          : 'descending',
    );
    if (process) {
      const names = dataRows('Unprocessed List').map((row) => cellText(row, 1));
      expect(names).toEqual(unprocessedPage(s).map((row) => row.user.fullName));
      expect(screen.getByText(`${s.context.selected.length} selected`)).toBeInTheDocument();
    }
  }
  if (process && s.matches('ready')) {
    const enabled = s.context.selected.length > 0 && s.context.payDate !== '';
    expect(button('Process Pay')).toHaveProperty('disabled', !enabled);
    if (s.context.unprocessedPage === 1) {
      expect(
        screen.getByLabelText(/^Rates differ\. Official rates: employee 18%, employer 16%/),
      ).toBeInTheDocument();
    }
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
  if (s.matches('failed')) {
    expect(button('Try again')).toBeEnabled();
    if (process)
      expect(tableNamed('Unprocessed List').querySelector('[role="alert"]')).toHaveTextContent(
        serverDown.message,
      );
  }
  if (!process) {
    const tableView = button(s.matches('openingTablePdf') ? 'Processing...' : 'Table View');
    expect(tableView).toHaveProperty('disabled', !s.matches('ready'));
  }
  if (s.matches('reverting')) {
    expect(app.server.pending('PATCH')).toHaveLength(1);
    expect(app.server.pending('PATCH')[0]?.body).toEqual({ status: 'UNPROCESSED' });
  }

  const type = event?.type ?? '';
  if (type === `xstate.error.actor.${LOAD}`) {
    if (process) expectToast('Failed to fetch unprocessed payslips');
    else expectToast('Failed to fetch records', 'Please try again later');
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
  open: (path) => {
    const start = starts.find((s) => s.name === path.start);
    if (!start) throw new Error(`unknown start ${path.start}`);
    return renderApp({ path: start.path, storage: signedInAdmin, inspect: actor.inspect });
  },
  perform,
  expectScreen,
  label,
  nameStarts: true,
  setup: tab.install,
});
