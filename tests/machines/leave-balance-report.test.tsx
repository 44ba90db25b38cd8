import { screen, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { leaveBalanceReportMachine } from '../../machines/leave-balance-report.machine';
import type { ApiError } from '../../src/domain/auth';
import { todayIso } from '../../src/domain/dates';
import type { YearlyLeaveBalanceRow } from '../../src/domain/leave';
import {
  type LeaveBalanceReportModelEvent,
  leaveBalanceReportModel,
  PDF,
  YEARLY,
} from '../models/leave-balance-report.model';
import { admin } from '../views/fixtures';
import { pdfTab, type RunningApp, renderApp, settle, signedIn } from './harness';
import { leaveTypes } from './leave-fixtures';
import { describeSpecWalk } from './spec-walk';

/**
 * /admin/leave-balance walked from its spec model (tests/models/leave-balance-report.model.ts): the year's
 * figures loaded or failed (Try again), another year, Open in PDF answered or refused, and a year closed.
 * The app's leave-balance-report statechart is only followed for coverage.
 */

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
const closed = {
  employees: 2,
  balancesCreated: 8,
  employeesCarrying: 2,
  daysCarried: 23.5,
  daysForfeited: 3,
};
const tab = pdfTab('blob:balances-pdf');
const table = () => screen.queryByRole('table', { name: /^Leave Balance \d{4}$/ });

// A column per leave type, named without its last word; 0 where a row has none, '-' for no limit.
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

const events: LeaveBalanceReportModelEvent[] = [
  { type: 'server.sendsBalances' },
  { type: 'server.failsBalances' },
  { type: 'user.triesAgain' },
  { type: 'user.choosesYear', year: thisYear - 1 },
  { type: 'user.choosesYear', year: thisYear },
  { type: 'user.closesYear' },
  { type: 'user.opensPdf' },
  { type: 'server.sendsPdf' },
  { type: 'server.failsPdf' },
];

const openReport = (inspect?: Parameters<typeof renderApp>[0]['inspect']) =>
  renderApp({ path: '/admin/leave-balance', storage: signedIn(admin), inspect });

describeSpecWalk({
  title: '/admin/leave-balance, walked from its spec model',
  model: leaveBalanceReportModel,
  starts: [
    {
      name: 'admin opens Leave Balance',
      input: {
        year: thisYear,
        thisYear,
        december: today.slice(5, 7) === '12',
        columns: ['Employee', 'Annual', 'Hospitalisation', 'Unpaid'],
        rows: [rajesh, aisyah],
        caption: 'A total of 2 employees.',
        // The moment in Singapore, day first (issue 34).
        lastFetched: 'Last fetched: 22/11/2026, 12:05:06',
        pdfUrl: 'blob:balances-pdf',
      },
    },
  ],
  events,
  canProduce: (m, e) => {
    if (e.type === 'user.choosesYear') return e.year !== m.context.year;
    // One year closed a path (Close year is walked in leave-year-end.test.tsx).
    if (e.type === 'user.closesYear') return m.context.toast !== 'yearClosed';
    return true;
  },
  serialize: (m) => JSON.stringify([m.value, m.context.year]),
  app: { machine: leaveBalanceReportMachine },
  setup: tab.install,
  open: (_path, inspect) => openReport(inspect),
  async perform(app, event, m) {
    switch (event.type) {
      case 'server.sendsBalances':
        answerFigures(app);
        break;
      case 'server.failsBalances':
        answerFigures(app, 500);
        break;
      case 'user.triesAgain':
        await app.user.click(screen.getByRole('button', { name: 'Try again' }));
        break;
      case 'user.choosesYear':
        await app.user.selectOptions(screen.getByLabelText('Year'), String(event.year));
        break;
      case 'user.closesYear': {
        const year = m.context.year;
        await app.user.click(screen.getByRole('button', { name: `Close year ${year}` }));
        await settle();
        app.server.answer('GET', '/api/leave-balances/year-end', 200, { ...closed, year });
        await settle();
        await app.user.click(screen.getByRole('button', { name: 'Confirm' }));
        await settle();
        app.server.answer('POST', '/api/leave-balances/year-end', 200, { ...closed, year });
        break;
      }
      case 'user.opensPdf':
        await app.user.click(screen.getByRole('button', { name: 'Open in PDF' }));
        break;
      case 'server.sendsPdf':
        app.server.answer('POST', PDF, 200, '%PDF-1.7 demo');
        break;
      case 'server.failsPdf':
        app.server.answer('POST', PDF, 500, serverDown);
        break;
    }
    await settle();
  },
  label: (e) => (e.type === 'user.choosesYear' ? `user.choosesYear ${e.year}` : e.type),
  more: () => {
    it('a column header sorts every employee by it: ascending, descending, then as listed; nothing is fetched again', async () => {
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
