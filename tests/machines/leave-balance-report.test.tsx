import { screen, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
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

const facts = { types: leaveTypes, fetchedAt: FETCHED_AT };
const events: Event[] = [
  { type: 'year.change', year: thisYear - 1 },
  { type: 'year.change', year: thisYear },
  { type: 'pdf.open' },
  { type: 'yearEnd.closed' },
  // The year's figures arrive, or fail, through the list (which emits them); Try again is the list's own.
  { type: 'balances.loaded', facts },
  { type: 'balances.failed', error: serverDown },
  { type: 'xstate.done.actor.openBalancesPdf', output: undefined, actorId: 'openBalancesPdf' },
  { type: 'xstate.error.actor.openBalancesPdf', error: serverDown, actorId: 'openBalancesPdf' },
];

/** What the screen offers: the picker, Close year and Open in PDF wait for the year's figures. */
const canProduce = (s: Snapshot, event: Event) => {
  const shown = s.context.facts !== null;
  switch (event.type) {
    case 'balances.loaded':
    case 'balances.failed':
      return !shown;
    case 'year.change':
      return shown && s.matches('showing') && event.year !== s.context.year;
    case 'yearEnd.closed':
      // Issue 17: Close year is offered for a year once its December has begun, and for earlier years.
      return shown && s.matches('showing') && (s.context.year < thisYear || today.slice(5, 7) === '12');
    default:
      return true;
  }
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
/** The year shown and whether its figures are in decide what is offered: states are told apart by them too. */
const serialize = (s: Snapshot) => JSON.stringify([s.value, s.context.year, s.context.facts !== null]);
const plan = planTransitionPaths(leaveBalanceReportMachine, { starts, events, canProduce, serialize });

const signedInAdmin = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};
const YEARLY = '/api/users/leave-balances/year';
const PDF = '/api/users/leave-balances/year-pdf';
const tab = pdfTab('blob:balances-pdf');
const table = () => screen.queryByRole('table', { name: /^Leave Balance \d{4}$/ });

const rajesh = ['Rajesh s/o Kumar', '13.5', '0', '-'];
const aisyah = ['Nur Aisyah binti Rahman', '14', '57', '0'];
const shownRows = () =>
  [...(table() as HTMLElement).querySelectorAll('tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent),
  );

/** The year's figures: the balances and the leave types (the columns) are both fetched. */
function answerFigures(app: RunningApp, typesStatus = 200) {
  vi.setSystemTime(new Date(FETCHED_AT));
  app.server.answer('GET', YEARLY, 200, rows);
  app.server.answer('GET', '/api/leave-types', typesStatus, typesStatus === 200 ? leaveTypes : serverDown);
}

async function perform(app: RunningApp, event: Event) {
  switch (event.type) {
    case 'year.change':
      await app.user.selectOptions(screen.getByLabelText('Year'), String(event.year));
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
    case 'balances.loaded':
    case 'balances.failed': {
      // After a failure the user asks again first.
      const again = screen.queryByRole('button', { name: 'Try again' });
      if (again) {
        await app.user.click(again);
        await settle();
      }
      answerFigures(app, event.type === 'balances.loaded' ? 200 : 500);
      break;
    }
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
  const shown = s.context.facts !== null;
  const pdf = screen.getByRole('button', { name: /^(Open in PDF|Processing\.\.\.)$/ });
  expect(pdf).toHaveProperty('disabled', !(shown && s.matches('showing')));
  const failed = event?.type === 'balances.failed';
  if (!shown) {
    // A skeleton while there is no data (spec section 2), with Try again after a failure.
    expect(table()).toBeNull();
    expect(screen.getByTestId('balance-skeleton')).toBeInTheDocument();
    expect(screen.queryByText(/^Last fetched/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' }) !== null).toBe(failed);
    expect(screen.getByLabelText('Year')).toHaveProperty('disabled', !failed);
  }
  if (!shown && !failed)
    expect(app.server.pending('GET', YEARLY).at(-1)?.query.get('year')).toBe(String(s.context.year));
  if (failed) expectToast('Failed to fetch leave balances', 'Please try again later');
  if (shown) {
    // A column per leave type, named without its last word; 0 where a row has none, '-' for no limit.
    expect(
      within(table() as HTMLElement)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Employee', 'Annual', 'Hospitalisation', 'Unpaid']);
    expect(shownRows()).toEqual([rajesh, aisyah]);
    expect(screen.getByText('A total of 2 employees.')).toBeInTheDocument();
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

const openReport = () =>
  renderApp({ path: '/admin/leave-balance', storage: signedInAdmin, inspect: actor.inspect });

describeModelWalk<Machine, Event>({
  title: 'leave-balance-report statechart, walked through /admin/leave-balance',
  machine: leaveBalanceReportMachine,
  actor,
  plan,
  open: openReport,
  perform,
  expectScreen,
  serialize,
  setup: tab.install,
  more: () => {
    it('a column header sorts every employee by it: ascending, descending, then as listed; nothing is fetched again', async () => {
      actor.forget();
      const app = await openReport();
      answerFigures(app);
      await settle();
      const asked = app.server.requests.length;
      const lastFetched = screen.getByText(/^Last fetched/).textContent;
      const sortBy = async (name: string) => {
        await app.user.click(within(table() as HTMLElement).getByRole('button', { name }));
        await settle();
        // The year's figures are here already: a sort asks the server nothing, and 'Last fetched' stays.
        expect(app.server.requests.length).toBe(asked);
        expect(screen.getByText(/^Last fetched/).textContent).toBe(lastFetched);
      };
      await sortBy('Employee');
      expect(shownRows()).toEqual([aisyah, rajesh]);
      await sortBy('Employee');
      expect(shownRows()).toEqual([rajesh, aisyah]);
      await sortBy('Employee');
      expect(shownRows()).toEqual([rajesh, aisyah]);
      // By a leave type's balance: 13.5 before 14, then 14 before 13.5.
      await sortBy('Annual');
      expect(shownRows()).toEqual([rajesh, aisyah]);
      await sortBy('Annual');
      expect(shownRows()).toEqual([aisyah, rajesh]);
      expect(screen.getByText('A total of 2 employees.')).toBeInTheDocument();
    });
  },
});
