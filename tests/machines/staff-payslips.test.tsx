import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type StaffPayslipsEvent, staffPayslipsMachine } from '../../machines/staff-payslips.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { ApiError } from '../../src/domain/auth';
import { todayIso } from '../../src/domain/dates';
import type { PayslipAggregate } from '../../src/domain/payslips';
import { staff } from '../views/fixtures';
import { planTransitionPaths } from './coverage';
import { expectToast, pdfTab, type RunningApp, renderApp, settle } from './harness';
import { describeModelWalk, followActor } from './model-walk';

/**
 * Model-based test of the staff-payslips statechart (docs/decisions/0001) through /staff/payslips:
 * paths generated from the real machine, walked through the real app with HTTP answered at the
 * fetch level.
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

const events: Event[] = [
  { type: 'year.change', year: thisYear - 1 },
  { type: 'payslips.reload' },
  { type: 'payslip.view', payslipId: 43 },
  { type: 'xstate.done.actor.loadPayslips', output: payslips, actorId: 'loadPayslips' },
  { type: 'xstate.error.actor.loadPayslips', error: serverDown, actorId: 'loadPayslips' },
  { type: 'xstate.done.actor.openPayslipPdf', output: undefined, actorId: 'openPayslipPdf' },
  { type: 'xstate.error.actor.openPayslipPdf', error: serverDown, actorId: 'openPayslipPdf' },
];

const canProduce = (s: Snapshot, event: Event) => event.type !== 'payslip.view' || s.context.rows.length > 0;

const actor = followActor(staffPayslipsMachine);
const starts = [{ name: 'staff opens Pay', input: { userId: staff.id, today, hireDate: staff.hireDate } }];
const plan = planTransitionPaths(staffPayslipsMachine, { starts, events, canProduce });

const signedInStaff = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: staff, isNewUser: false }),
};
const LIST = `/api/users/${staff.id}/payslips/processed/aggregates`;
const tab = pdfTab('blob:payslip-pdf');
const table = () => document.querySelector('table[aria-label="Payslips"]') as HTMLElement;

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
    default: {
      const ok = event.type.startsWith('xstate.done.');
      const error = (event as { error?: ApiError }).error;
      if (event.type.endsWith('loadPayslips'))
        app.server.answer('GET', LIST, ok ? 200 : 500, ok ? payslips : error);
      else app.server.answer('GET', '/api/payslips/43/pdf', ok ? 200 : 500, ok ? { pdf: 'bytes' } : error);
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
  if (s.matches('ready') || s.matches('openingPdf')) {
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
  const view = screen.queryByLabelText(`View payslip for March ${thisYear}`);
  if (view) expect(view).toHaveProperty('disabled', s.matches('openingPdf'));
  if (event?.type === 'xstate.error.actor.openPayslipPdf') {
    expectToast('Error retrieving payslip', 'Please check your internet connection and try again');
    expect(tab.close).toHaveBeenCalled();
  }
  if (event?.type === 'xstate.done.actor.openPayslipPdf') {
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toBe('blob:payslip-pdf');
  }
}

describeModelWalk<Machine, Event>({
  title: 'staff-payslips statechart, walked through /staff/payslips',
  machine: staffPayslipsMachine,
  actor,
  plan,
  open: () => renderApp({ path: '/staff/payslips', storage: signedInStaff, inspect: actor.inspect }),
  perform,
  expectScreen,
  setup: tab.install,
});
