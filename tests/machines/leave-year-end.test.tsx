import { screen, within } from '@testing-library/react';
import { leaveYearEndMachine } from '../../machines/leave-year-end.machine';
import type { ApiError } from '../../src/domain/auth';
import { todayIso } from '../../src/domain/dates';
import {
  closeDialog,
  type LeaveYearEndModelEvent,
  leaveYearEndModel,
  offered,
  YEAR_END,
  YEARLY,
  yearShown,
} from '../models/leave-year-end.model';
import { admin } from '../views/fixtures';
import { type RunningApp, renderApp, settle, signedIn } from './harness';
import { leaveTypes } from './leave-fixtures';
import { describeSpecWalk } from './spec-walk';

/**
 * Close year on /admin/leave-balance (issue 17) walked from its spec model
 * (tests/models/leave-year-end.model.ts): the year chosen, what a year end would do, the confirmation
 * (Cancel against Confirm), and refusals at either step. The app's leave-year-end statechart is only followed.
 */

const today = todayIso();
const thisYear = Number(today.slice(0, 4));
const summary = { employees: 12, daysCarried: 23.5, daysForfeited: 3 };
const answered = (year: number) => ({ year, ...summary, balancesCreated: 96, employeesCarrying: 12 });
const refused: ApiError = { statusCode: 409, error: 'Conflict', message: 'The year end is already running.' };

const events: LeaveYearEndModelEvent[] = [
  { type: 'user.choosesYear', year: thisYear - 1 },
  { type: 'user.choosesYear', year: thisYear },
  { type: 'user.closesYear' },
  { type: 'server.previews' },
  { type: 'server.refusesPreview' },
  { type: 'user.confirms' },
  { type: 'user.cancels' },
  { type: 'server.closesYear' },
  { type: 'server.refusesClose' },
];
const ev = (type: LeaveYearEndModelEvent['type']) =>
  events.find((e) => e.type === type) as LeaveYearEndModelEvent;

async function loadBalances(app: RunningApp) {
  app.server.answer('GET', YEARLY, 200, []);
  for (const r of app.server.pending('GET', '/api/leave-types'))
    app.server.answer(r.method, r.path, 200, leaveTypes);
  await settle();
}

describeSpecWalk({
  title: 'Close year on /admin/leave-balance, walked from its spec model',
  model: leaveYearEndModel,
  starts: [
    {
      name: 'admin opens Leave Balance',
      input: {
        year: thisYear,
        thisYear,
        december: today.slice(5, 7) === '12',
        summary,
        refusal: refused.message,
      },
    },
  ],
  events,
  // The year picker offers this year and the last; Close year is pressed only where it shows.
  canProduce: (m, e) => {
    if (e.type === 'user.choosesYear') return e.year !== m.context.year;
    if (e.type === 'user.closesYear') return offered(m.context);
    return true;
  },
  serialize: (m) => JSON.stringify([m.value, m.context.year]),
  app: { machine: leaveYearEndMachine },
  open: async (_path, inspect) => {
    const app = await renderApp({ path: '/admin/leave-balance', storage: signedIn(admin), inspect });
    await loadBalances(app);
    return app;
  },
  async perform(app, event) {
    switch (event.type) {
      case 'user.choosesYear':
        await app.user.selectOptions(screen.getByLabelText('Year'), String(event.year));
        await settle();
        await loadBalances(app);
        break;
      case 'user.closesYear':
        await app.user.click(screen.getByRole('button', { name: /^Close year \d{4}$/ }));
        break;
      case 'server.previews':
        app.server.answer('GET', YEAR_END, 200, answered(yearShown()));
        break;
      case 'server.refusesPreview':
        app.server.answer('GET', YEAR_END, 409, refused);
        break;
      case 'user.confirms':
        await app.user.click(within(closeDialog(yearShown())).getByRole('button', { name: 'Confirm' }));
        break;
      case 'user.cancels':
        await app.user.click(within(closeDialog(yearShown())).getByRole('button', { name: 'Cancel' }));
        break;
      case 'server.closesYear':
        app.server.answer('POST', YEAR_END, 200, answered(yearShown()));
        await settle();
        await loadBalances(app);
        break;
      case 'server.refusesClose':
        app.server.answer('POST', YEAR_END, 409, refused);
        break;
    }
    await settle();
  },
  scenarios: [
    {
      name: 'Close year, then Cancel: the dialog closes and nothing is sent',
      events: [ev('user.choosesYear'), ev('user.closesYear'), ev('server.previews'), ev('user.cancels')],
    },
    {
      name: 'Close year, then Confirm: the year is closed, with its toast, and the balances fetched again',
      events: [
        ev('user.choosesYear'),
        ev('user.closesYear'),
        ev('server.previews'),
        ev('user.confirms'),
        ev('server.closesYear'),
      ],
    },
  ],
  label: (e) => (e.type === 'user.choosesYear' ? `user.choosesYear ${e.year}` : e.type),
});
