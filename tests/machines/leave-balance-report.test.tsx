import { screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import {
  type LeaveBalanceReportEvent,
  leaveBalanceReportMachine,
} from '../../machines/leave-balance-report.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { ApiError } from '../../src/domain/auth';
import { todayIso } from '../../src/domain/dates';
import type { YearlyLeaveBalanceRow } from '../../src/domain/leave';
import { admin } from '../views/fixtures';
import { planTransitionPaths } from './coverage';
import { expectToast, pdfTab, type RunningApp, renderApp, settle } from './harness';
import { leaveTypes } from './leave-fixtures';
import { describeModelWalk, followActor } from './model-walk';

/**
 * Model-based test of the leave-balance-report statechart (docs/decisions/0001) through /admin/leave-balance:
 * paths generated from the real machine, walked through the real app with HTTP answered at the fetch level.
 */

type Machine = typeof leaveBalanceReportMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event =
  | LeaveBalanceReportEvent
  | { type: `xstate.done.actor.${string}`; output: unknown; actorId: string }
  | { type: `xstate.error.actor.${string}`; error: ApiError; actorId: string };

const today = todayIso();
const thisYear = Number(today.slice(0, 4));
const rows: YearlyLeaveBalanceRow[] = [
  {
    user: { id: 8, fullName: 'Rajesh s/o Kumar' },
    balances: [
      { leaveTypeId: 1, balance: 13.5 },
      { leaveTypeId: 3, balance: null },
    ],
  },
  {
    user: { id: 7, fullName: 'Nur Aisyah binti Rahman' },
    balances: [
      { leaveTypeId: 1, balance: 14 },
      { leaveTypeId: 2, balance: 57 },
    ],
  },
];
const serverDown: ApiError = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'The database is unavailable.',
};
const FETCHED_AT = '2026-11-22T04:05:06.000Z';

const events: Event[] = [
  { type: 'year.change', year: thisYear - 1 },
  { type: 'balances.sort', sorting: [{ id: 'employee', desc: false }] },
  { type: 'balances.reload' },
  { type: 'pdf.open' },
  { type: 'yearEnd.closed' },
  {
    type: 'xstate.done.actor.loadBalances',
    output: { rows, types: leaveTypes, fetchedAt: FETCHED_AT },
    actorId: 'loadBalances',
  },
  { type: 'xstate.error.actor.loadBalances', error: serverDown, actorId: 'loadBalances' },
  { type: 'xstate.done.actor.openBalancesPdf', output: undefined, actorId: 'openBalancesPdf' },
  { type: 'xstate.error.actor.openBalancesPdf', error: serverDown, actorId: 'openBalancesPdf' },
];

/** The table (and so its sortable headers) shows once a year's figures are in. */
const canProduce = (s: Snapshot, event: Event) => {
  // Issue 17: Close year is offered for a year once its December has begun, and for earlier years.
  if (event.type === 'yearEnd.closed')
    return s.matches('ready') && (s.context.year < thisYear || today.slice(5, 7) === '12');
  return event.type !== 'balances.sort' || s.matches('ready') || s.matches('openingPdf');
};
const closed = {
  year: thisYear - 1,
  employees: 2,
  balancesCreated: 8,
  employeesCarrying: 2,
  daysCarried: 23.5,
  daysForfeited: 3,
};

const actor = followActor(leaveBalanceReportMachine);
const starts = [{ name: 'admin opens Leave Balance', input: { today } }];
/** The year shown decides what is offered: states are told apart by it too. */
const serialize = (s: Snapshot) => JSON.stringify([s.value, s.context.year]);
const plan = planTransitionPaths(leaveBalanceReportMachine, { starts, events, canProduce, serialize });

const _live = actor.live;

const signedInAdmin = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};
const YEARLY = '/api/users/leave-balances/year';
const PDF = '/api/users/leave-balances/year-pdf';
const tab = pdfTab('blob:balances-pdf');
const table = () => screen.queryByRole('table', { name: /^Leave Balance \d{4}$/ });

async function perform(app: RunningApp, event: Event) {
  switch (event.type) {
    case 'year.change':
      await app.user.selectOptions(screen.getByLabelText('Year'), String(event.year));
      break;
    case 'balances.sort':
      await app.user.click(within(table() as HTMLElement).getByRole('button', { name: 'Employee' }));
      break;
    case 'balances.reload':
      await app.user.click(screen.getByRole('button', { name: 'Try again' }));
      break;
    case 'pdf.open':
      await app.user.click(screen.getByRole('button', { name: 'Open in PDF' }));
      break;
    case 'yearEnd.closed': {
      const year = Number((screen.getByLabelText('Year') as HTMLSelectElement).value);
      await app.user.click(screen.getByRole('button', { name: `Close year ${year}` }));
      await settle();
      app.server.answer('GET', '/api/leave-balances/year-end', 200, { ...closed, year });
      await settle();
      await app.user.click(screen.getByRole('button', { name: 'Confirm' }));
      await settle();
      app.server.answer('POST', '/api/leave-balances/year-end', 200, { ...closed, year });
      break;
    }
    case 'xstate.done.actor.loadBalances':
      vi.setSystemTime(new Date(FETCHED_AT));
      app.server.answer('GET', YEARLY, 200, rows);
      app.server.answer('GET', '/api/leave-types', 200, leaveTypes);
      break;
    case 'xstate.error.actor.loadBalances':
      app.server.answer('GET', YEARLY, 200, rows);
      app.server.answer('GET', '/api/leave-types', 500, serverDown);
      break;
    case 'xstate.done.actor.openBalancesPdf':
      app.server.answer('POST', PDF, 200, '%PDF-1.7 demo');
      break;
    case 'xstate.error.actor.openBalancesPdf':
      app.server.answer('POST', PDF, 500, serverDown);
      break;
  }
  await settle();
}

function expectScreen(app: RunningApp, s: Snapshot, event: Event | null) {
  expect(document.querySelector('h1')?.textContent).toBe("View Employee's Leave Balance");
  const years = [...screen.getByLabelText('Year').querySelectorAll('option')].map((o) =>
    Number(o.textContent),
  );
  expect(years).toEqual([thisYear, thisYear - 1]);
  expect(screen.getByLabelText('Year')).toHaveValue(String(s.context.year));
  expect(screen.getByRole('heading', { level: 2, name: /^Leave Balance/ })).toHaveTextContent(
    `Leave Balance ${s.context.year}`,
  );
  const pdf = screen.getByRole('button', { name: /^(Open in PDF|Processing\.\.\.)$/ });
  expect(pdf).toHaveProperty('disabled', !s.matches('ready'));
  if (s.matches('loading') || s.matches('failed')) {
    expect(table()).toBeNull();
    expect(screen.getByTestId('balance-skeleton')).toBeInTheDocument();
    expect(screen.queryByText(/^Last fetched/)).toBeNull();
  }
  if (s.matches('loading'))
    expect(app.server.pending('GET', YEARLY).at(-1)?.query.get('year')).toBe(String(s.context.year));
  if (s.matches('failed')) expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  if (event?.type === 'xstate.error.actor.loadBalances')
    expectToast('Failed to fetch leave balances', 'Please try again later');
  if (s.matches('ready') || s.matches('openingPdf')) {
    const shown = table() as HTMLElement;
    // A column per leave type, named without its last word; 0 where a row has none, '-' for no limit.
    expect(
      within(shown)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Employee', 'Annual', 'Hospitalisation', 'Unpaid']);
    const cells = [...shown.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    const rajesh = ['Rajesh s/o Kumar', '13.5', '0', '-'];
    const aisyah = ['Nur Aisyah binti Rahman', '14', '57', '0'];
    expect(cells).toEqual(s.context.sorting.length ? [aisyah, rajesh] : [rajesh, aisyah]);
    expect(screen.getByText(/^Last fetched: /)).toHaveTextContent('Last fetched: 22 Nov 2026, 12:05:06');
  }
  if (s.matches('openingPdf')) expect(pdf).toHaveTextContent('Processing...');
  if (event?.type === 'yearEnd.closed') {
    // The year end ran, said so, and the year's balances are fetched again.
    expect(
      app.server.requests
        .filter((r) => r.method === 'POST' && r.path === '/api/leave-balances/year-end')
        .at(-1)?.body,
    ).toEqual({ year: s.context.year });
    expectToast(`Year ${s.context.year} closed`);
    expect(app.server.pending('GET', YEARLY)).toHaveLength(1);
  }
  if (event?.type === 'pdf.open')
    expect(app.server.pending('POST', PDF).at(-1)?.body).toEqual({ year: s.context.year });
  if (event?.type === 'xstate.done.actor.openBalancesPdf') {
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toBe('blob:balances-pdf');
  }
  if (event?.type === 'xstate.error.actor.openBalancesPdf') {
    expectToast('Error retrieving payslip', 'Please check your internet connection and try again');
    expect(tab.close).toHaveBeenCalled();
  }
}

describeModelWalk<Machine, Event>({
  title: 'leave-balance-report statechart, walked through /admin/leave-balance',
  machine: leaveBalanceReportMachine,
  actor,
  plan,
  open: () => renderApp({ path: '/admin/leave-balance', storage: signedInAdmin, inspect: actor.inspect }),
  perform,
  expectScreen,
  serialize,
  setup: tab.install,
});
