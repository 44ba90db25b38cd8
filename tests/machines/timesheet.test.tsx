import { fireEvent, screen } from '@testing-library/react';
import { timesheetMachine } from '../../machines/timesheet.machine';
import { todayIso } from '../../src/domain/dates';
import {
  LIMIT_REFUSAL,
  monthPath,
  putBody,
  SERVER_DOWN,
  type TimesheetModelEvent,
  timesheetForm,
  timesheetModel,
} from '../models/my-timesheet.model';
import { staff } from '../views/fixtures';
import { type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';

/**
 * My Timesheet (/staff/timesheet) walked from its model (tests/models/my-timesheet.model.ts, issue 36 item 5's
 * words): the current month fetched (or not), one day's hours typed and submitted, the server storing it
 * as submitted or refusing it with the limit named. The app's timesheet machine is only watched.
 */

type Event = TimesheetModelEvent;
const today = todayIso();
const period = { userId: staff.id, year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
/** The year shown: the current one until the walk picks the year before. */
let year = period.year;
const pathNow = () => monthPath({ ...period, year });
/** What GET answers: nothing saved yet. */
const empty = () => ({ ...period, year, status: 'DRAFT', days: [], result: null });
/** What PUT answers: the day stored, the month submitted; $12.00 an hour, one overtime hour at $18.00. */
const stored = {
  ...period,
  status: 'SUBMITTED',
  days: putBody(period).days,
  result: {
    covered: true,
    hourlyBasicRate: 1200,
    overtimeHours: 1,
    overtimeRate: 1800,
    overtimePay: 1800,
    restDayPay: 0,
    publicHolidayPay: 0,
  },
};

const events: Event[] = [
  { type: 'server.sendsMonth' },
  { type: 'server.failsMonth' },
  { type: 'user.triesAgain' },
  { type: 'user.choosesLastYear' },
  { type: 'user.submits' },
  { type: 'server.stores' },
  { type: 'server.refusesLimit' },
];

async function perform(app: RunningApp, event: Event) {
  switch (event.type) {
    case 'server.sendsMonth':
      app.server.answer('GET', pathNow(), 200, empty());
      break;
    case 'server.failsMonth':
      app.server.answer('GET', pathNow(), SERVER_DOWN.statusCode, SERVER_DOWN);
      break;
    case 'user.choosesLastYear':
      year -= 1;
      fireEvent.change(screen.getByLabelText('Year'), { target: { value: String(year) } });
      break;
    case 'user.triesAgain':
      await app.user.click(screen.getByText('Try again', { selector: 'button' }));
      break;
    case 'user.submits': {
      const form = timesheetForm() as HTMLElement;
      fireEvent.change(form.querySelector('input[name="hours2"]') as HTMLInputElement, {
        target: { value: '9.8' },
      });
      await settle();
      await app.user.click(screen.getByText('Submit', { selector: 'button' }));
      break;
    }
    case 'server.stores':
      app.server.answer('PUT', pathNow(), 200, stored);
      break;
    case 'server.refusesLimit':
      app.server.answer('PUT', pathNow(), LIMIT_REFUSAL.statusCode, LIMIT_REFUSAL);
      break;
  }
  await settle();
}

describeSpecWalk<typeof timesheetModel, Event>({
  title: 'My Timesheet, walked from its model',
  model: timesheetModel,
  starts: [{ name: 'staff opens My Timesheet', input: period }],
  events,
  app: { machine: timesheetMachine },
  open: (_, inspect) => {
    year = period.year;
    return renderApp({ path: '/staff/timesheet', storage: signedIn(staff), inspect });
  },
  perform: (app, event) => perform(app, event),
  label: (event) => event.type,
  scenarios: [
    {
      name: 'submitted: the month shows SUBMITTED',
      events: [{ type: 'server.sendsMonth' }, { type: 'user.submits' }, { type: 'server.stores' }],
    },
    {
      name: 'refused: the limit named beside Submit and in a toast',
      events: [{ type: 'server.sendsMonth' }, { type: 'user.submits' }, { type: 'server.refusesLimit' }],
    },
    {
      name: 'failed, Try again, fetched',
      events: [{ type: 'server.failsMonth' }, { type: 'user.triesAgain' }, { type: 'server.sendsMonth' }],
    },
  ],
});
