import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type StaffPayslipsEvent, staffPayslipsMachine } from '../../machines/staff-payslips.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { ApiError } from '../../src/domain/auth';
import { todayIso } from '../../src/domain/dates';
import type { PayslipAggregate } from '../../src/domain/payslips';
import { staff } from '../views/fixtures';
import { describeEvent, planScenario, planTransitionPaths } from './coverage';
import type { FakeServer } from './fake-server';
import { expectToast, pdfTab, type RunningApp, renderApp, settle } from './harness';
import { describeModelWalk, followActor } from './model-walk';

/**
 * Model-based test of the staff-payslips statechart (docs/decisions/0001) through /staff/payslips:
 * paths generated from the real machine, walked through the real app with HTTP answered at the
 * fetch level. A year without payslips is among the server's answers: it offers no IR8A.
 */

type Machine = typeof staffPayslipsMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event =
  | StaffPayslipsEvent
  | { type: `xstate.done.actor.${string}`; output: unknown; actorId: string }
  | { type: `xstate.error.actor.${string}`; error: ApiError; actorId: string };

const today = todayIso();
const thisYear = Number(today.slice(0, 4));
const payslips: PayslipAggregate[] = [3, 2, 1].map((month) => ({
  payslipId: 40 + month,
  payslipMonth: month,
  payslipYear: thisYear,
  processingStatus: 'PROCESSED',
  userDetails: { id: staff.id, name: staff.fullName },
  payDate: `${thisYear}-0${month}-28`,
  grossPay: 6200,
  totalEmployeeCpfContribution: 1240,
  totalEmployerCpfContribution: 1054,
  selfHelpGroupContribution: 2,
  netPay: 4958,
  otherItems: month === 3 ? 120 : 0,
  netPayable: month === 3 ? 5078 : 4958,
  payItems: month === 3 ? 1 : 0,
}));
const serverDown: ApiError = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'The database is unavailable.',
};
const noIr8a: ApiError = {
  statusCode: 409,
  error: 'Conflict',
  message: `The company's UEN is not set: Form IR8A cannot be made for ${thisYear}.`,
};

const events: Event[] = [
  { type: 'year.change', year: thisYear - 1 },
  { type: 'payslips.reload' },
  { type: 'payslip.view', payslipId: 43 },
  { type: 'remunerationReturn.view' },
  { type: 'xstate.done.actor.loadPayslips', output: payslips, actorId: 'loadPayslips' },
  { type: 'xstate.done.actor.loadPayslips', output: [], actorId: 'loadPayslips' },
  { type: 'xstate.error.actor.loadPayslips', error: serverDown, actorId: 'loadPayslips' },
  { type: 'xstate.done.actor.openPayslipPdf', output: undefined, actorId: 'openPayslipPdf' },
  { type: 'xstate.error.actor.openPayslipPdf', error: serverDown, actorId: 'openPayslipPdf' },
  { type: 'xstate.done.actor.openIr8aPdf', output: undefined, actorId: 'openIr8aPdf' },
  { type: 'xstate.error.actor.openIr8aPdf', error: noIr8a, actorId: 'openIr8aPdf' },
];

/** View and IR8A are there only for a year with payslips, and take a click only while the screen is ready. */
const canProduce = (s: Snapshot, event: Event) =>
  (event.type !== 'payslip.view' && event.type !== 'remunerationReturn.view') ||
  (s.matches('ready') && s.context.rows.length > 0);

/** The guard of IR8A reads the rows: a year with payslips and one without are different states. */
const serialize = (s: Snapshot) => JSON.stringify([s.value, s.context.rows.length > 0]);

const actor = followActor(staffPayslipsMachine);
const starts = [{ name: 'staff opens Pay', input: { userId: staff.id, today, hireDate: staff.hireDate } }];
const plan = planTransitionPaths(staffPayslipsMachine, { starts, events, canProduce, serialize });
// Walked whatever the plan chose: a year without payslips offers no IR8A (nor View).
plan.paths.push(
  planScenario<Machine, Event>(staffPayslipsMachine, starts[0] as (typeof starts)[number], [
    { type: 'xstate.done.actor.loadPayslips', output: payslips, actorId: 'loadPayslips' },
    { type: 'year.change', year: thisYear - 1 },
    { type: 'xstate.done.actor.loadPayslips', output: [], actorId: 'loadPayslips' },
  ]),
);

const signedInStaff = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: staff, isNewUser: false }),
};
const LIST = `/api/users/${staff.id}/payslips/processed/aggregates`;
const IR8A = `/api/users/${staff.id}/ir8a`;
const PAYSLIP_PDF = '/api/payslips/43/pdf';
const live = actor.live;
/** IR8A clicks along the path walked. */
let ir8aClicks = 0;
const tab = pdfTab('blob:payslip-pdf');
const table = () => document.querySelector('table[aria-label="Payslips"]') as HTMLElement;

/**
 * A browser's fetch reads a body as the page's Blob, which can be read back as text. In jsdom the page's
 * Blob has no `text()` and Node's fetch answers a Blob of Node's own (not the page's), so the fake server
 * answers a refused PDF (asked for as a blob) as a browser would: its JSON body as the page's Blob.
 */
function withBrowserRefusals(server: FakeServer) {
  const answer = server.fetch;
  server.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await answer(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    if (response.ok || (path !== IR8A && path !== PAYSLIP_PDF)) return response;
    const body = await response.text();
    const refusal = new Response(body, { status: response.status, headers: response.headers });
    const type = response.headers.get('content-type') ?? '';
    refusal.blob = async () => Object.assign(new Blob([body], { type }), { text: async () => body });
    return refusal;
  }) as typeof fetch;
}

async function perform(app: RunningApp, event: Event) {
  switch (event.type) {
    case 'year.change':
      await app.user.selectOptions(screen.getByLabelText('Year'), String(event.year));
      break;
    case 'payslips.reload':
      await app.user.click(screen.getByText('Try again', { selector: 'button' }));
      break;
    case 'payslip.view':
      await app.user.click(screen.getByLabelText(`View payslip for March ${thisYear}`));
      break;
    case 'remunerationReturn.view':
      ir8aClicks += 1;
      await app.user.click(screen.getByLabelText(`IR8A for ${live().context.year}`));
      break;
    default: {
      const ok = event.type.startsWith('xstate.done.');
      const error = (event as { error?: ApiError }).error;
      const status = error?.statusCode ?? 200;
      if (event.type.endsWith('loadPayslips'))
        app.server.answer('GET', LIST, status, ok ? (event as { output: unknown }).output : error);
      else if (event.type.endsWith('openIr8aPdf'))
        app.server.answer('GET', IR8A, status, ok ? { pdf: 'IR8A bytes' } : error);
      else app.server.answer('GET', PAYSLIP_PDF, status, ok ? { pdf: 'bytes' } : error);
    }
  }
  await settle();
}

function expectScreen(app: RunningApp, s: Snapshot, event: Event | null) {
  expect(document.querySelector('h1')?.textContent).toBe('My Payslips');
  // From the hire year to the current year.
  const years = [...screen.getByLabelText('Year').querySelectorAll('option')].map((o) =>
    Number(o.textContent),
  );
  expect(years).toEqual(Array.from({ length: thisYear - 2024 + 1 }, (_, i) => thisYear - i));
  expect(screen.getByLabelText('Year')).toHaveValue(String(s.context.year));
  const headers = [...table().querySelectorAll('th')].map((th) => th.textContent);
  expect(headers).toEqual([
    'Month',
    'Year',
    'Gross Pay',
    'Employee CPF',
    'Net Pay',
    'Other Items',
    'Net Payable',
    'Payslip',
  ]);
  if (s.matches('loading')) {
    expect(table()).toHaveAttribute('aria-busy', 'true');
    expect(app.server.pending('GET', LIST).at(-1)?.query.get('year')).toBe(String(s.context.year));
  }
  const shown = s.matches('ready') || s.matches('openingPdf') || s.matches('openingIr8a');
  if (shown && s.context.rows.length === 0) {
    expect(table().querySelectorAll('tbody tr td button')).toHaveLength(0);
  }
  if (shown && s.context.rows.length > 0) {
    const first = [...table().querySelectorAll('tbody tr')][0];
    expect([...(first?.querySelectorAll('td') ?? [])].slice(0, 7).map((td) => td.textContent)).toEqual([
      'March',
      String(thisYear),
      '6,200.00',
      '1,240.00',
      '4,958.00',
      '120.00',
      '5,078.00',
    ]);
  }
  if (s.matches('failed'))
    expect(table().querySelector('[role="alert"]')).toHaveTextContent(serverDown.message);
  // View takes a click only while the screen is ready: while a payslip or the IR8A opens, it waits.
  const view = screen.queryByLabelText(`View payslip for March ${thisYear}`);
  if (s.matches('ready') || s.matches('openingPdf') || s.matches('openingIr8a')) {
    expect(view === null, 'View for a year with payslips').toBe(s.context.rows.length === 0);
  }
  if (view) expect(view, 'View waits?').toHaveProperty('disabled', !s.matches('ready'));
  if (event?.type === 'xstate.error.actor.openPayslipPdf') {
    expectToast('Error retrieving payslip', 'Please check your internet connection and try again');
    expect(tab.close).toHaveBeenCalled();
  }
  if (event?.type === 'xstate.done.actor.openPayslipPdf') {
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toBe('blob:payslip-pdf');
  }
  expectIr8a(app, s, event);
}

/**
 * IR8A: offered for a year with payslips once they show (while ready, or while the IR8A opens), it opens
 * that year's Form IR8A in a new tab.
 */
function expectIr8a(app: RunningApp, s: Snapshot, event: Event | null) {
  const year = s.context.year;
  const button = screen.queryByLabelText(`IR8A for ${year}`);
  const others = [...document.querySelectorAll('button[aria-label^="IR8A for "]')];
  expect(
    others.filter((b) => b !== button),
    'no IR8A button for another year',
  ).toHaveLength(0);
  const shown = s.matches('ready') || s.matches('openingIr8a');
  if (s.context.rows.length === 0 || !shown) {
    expect(
      button,
      s.context.rows.length === 0 ? 'no IR8A for a year without payslips' : `no IR8A while ${s.value}`,
    ).toBeNull();
    expect(screen.queryByText('IR8A', { selector: 'button' })).toBeNull();
  } else {
    expect(button, `IR8A for ${year}`).not.toBeNull();
    expect(button?.tagName).toBe('BUTTON');
    expect(button?.textContent).toBe(s.matches('openingIr8a') ? 'Processing...' : 'IR8A');
    // While the IR8A opens it reads 'Processing...' and takes no second click.
    expect(button).toHaveProperty('disabled', !s.matches('ready'));
  }
  const asked = app.server.requests.filter((r) => r.path === IR8A);
  if (s.matches('openingIr8a')) {
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(app.server.pending('GET', IR8A).map((r) => r.query.get('year'))).toEqual([String(year)]);
  }
  expect(asked, 'one IR8A request a click').toHaveLength(ir8aClicks);
  if (event?.type === 'xstate.done.actor.openIr8aPdf') {
    expect(tab.location.href).toBe('blob:payslip-pdf');
    expect(tab.close).not.toHaveBeenCalled();
  }
  if (event?.type === 'xstate.error.actor.openIr8aPdf') {
    // The server's reason for the refusal.
    expectToast('Error retrieving IR8A', noIr8a.message);
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  }
}

describeModelWalk<Machine, Event>({
  title: 'staff-payslips statechart, walked through /staff/payslips',
  machine: staffPayslipsMachine,
  actor,
  plan,
  open: () => {
    ir8aClicks = 0;
    return renderApp({
      path: '/staff/payslips',
      storage: signedInStaff,
      inspect: actor.inspect,
      prepare: withBrowserRefusals,
    });
  },
  perform,
  expectScreen,
  serialize,
  label: (event) =>
    event.type === 'xstate.done.actor.loadPayslips' && (event as { output: unknown[] }).output.length === 0
      ? 'loadPayslips done (no payslips)'
      : describeEvent(event),
  setup: tab.install,
});
