import { fireEvent, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { timesheetGridMachine } from '../../machines/timesheet-grid.machine';
import { todayIso } from '../../src/domain/dates';
import { type GridEvent, SERVER_DOWN, timesheetGridModel } from '../models/timesheet-grid.model';
import { admin } from '../views/fixtures';
import { type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';

/**
 * /admin/timesheets walked from its model (tests/models/timesheet-grid.model.ts, issue 36 item 5's words).
 * The app's grid machine is only watched.
 */

const today = todayIso();
const start = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
let year = start.year;
const pad = (n: number) => String(n).padStart(2, '0');
const employee = { userId: 5, fullName: 'Ada Worker', overtimePay: '$180.00' };
const gridPath = () => `/api/timesheets/${year}/${start.month}`;
const sheetPath = () => `/api/users/${employee.userId}/timesheets/${year}/${start.month}`;
/** Ten overtime hours of a workman on $2,288 (the first vector): $180.00, submitted by its owner. */
const sheet = () => ({
  userId: employee.userId,
  year,
  month: start.month,
  status: 'SUBMITTED',
  days: [{ date: `${year}-${pad(start.month)}-02`, hours: 9.8, restDay: null, publicHoliday: false }],
  result: {
    covered: true,
    hourlyBasicRate: 1200,
    overtimeHours: 10,
    overtimeRate: 1800,
    overtimePay: 18_000,
    restDayPay: 0,
    publicHolidayPay: 0,
  },
});
const grid = () => ({
  year,
  month: start.month,
  rows: [{ fullName: employee.fullName, email: 'ada@company.test', timesheet: sheet() }],
});
const clean = { rows: 1, employees: 1, valid: true, errors: [] };

async function perform(app: RunningApp, event: GridEvent) {
  switch (event.type) {
    case 'server.sendsGrid':
      app.server.answer('GET', gridPath(), 200, grid());
      break;
    case 'server.failsGrid':
      app.server.answer('GET', gridPath(), SERVER_DOWN.statusCode, SERVER_DOWN);
      break;
    case 'user.triesAgain':
      await app.user.click(screen.getByText('Try again', { selector: 'button' }));
      break;
    case 'user.choosesLastYear':
      year -= 1;
      fireEvent.change(screen.getByLabelText('Year'), { target: { value: String(year) } });
      break;
    case 'user.opensRow':
      await app.user.click(screen.getByRole('button', { name: `Open ${employee.fullName}'s month` }));
      break;
    case 'user.closesRow': {
      const dialog = screen.getByRole('dialog');
      await app.user.click(within(dialog).getByRole('button', { name: /close/i }));
      break;
    }
    case 'user.savesRow':
      await app.user.click(screen.getByText('Submit', { selector: 'button' }));
      break;
    case 'server.storesRow':
      app.server.answer('PUT', sheetPath(), 200, { ...sheet(), status: 'APPROVED' });
      break;
    case 'user.approves':
      await app.user.click(screen.getByRole('button', { name: `Approve ${employee.fullName}'s month` }));
      break;
    case 'server.approves':
      app.server.answer('PUT', sheetPath(), 200, { ...sheet(), status: 'APPROVED' });
      break;
    case 'server.refusesApproval':
      app.server.answer('PUT', sheetPath(), 409, {
        statusCode: 409,
        error: 'Conflict',
        message: "This month's payslip is processed: its timesheet can no longer change.",
      });
      break;
    case 'user.downloadsTemplate':
      await app.user.click(screen.getByText('Download template', { selector: 'button' }));
      app.server.answer('GET', `${gridPath()}/import/template`, 200, 'employee,date,hours\r\n');
      break;
    case 'user.uploadsCleanFile': {
      const input = screen.getByLabelText("CSV file of the month's hours");
      fireEvent.change(input, { target: { files: [new File(['employee,date,hours\n'], 'm.csv')] } });
      await settle();
      app.server.answer('POST', `${gridPath()}/import`, 200, clean);
      await settle();
      await app.user.click(screen.getByText('Apply', { selector: 'button' }));
      await settle();
      app.server.answer('POST', `${gridPath()}/import`, 200, clean);
      break;
    }
  }
  await settle();
}

describeSpecWalk<typeof timesheetGridModel, GridEvent>({
  title: 'Timesheets (the month grid), walked from its model',
  model: timesheetGridModel,
  starts: [{ name: 'admin opens Timesheets', input: { ...start, employee } }],
  events: [
    { type: 'server.sendsGrid' },
    { type: 'server.failsGrid' },
    { type: 'user.triesAgain' },
    { type: 'user.choosesLastYear' },
    { type: 'user.opensRow' },
    { type: 'user.closesRow' },
    { type: 'user.savesRow' },
    { type: 'server.storesRow' },
    { type: 'user.approves' },
    { type: 'server.approves' },
    { type: 'server.refusesApproval' },
    { type: 'user.downloadsTemplate' },
    { type: 'user.uploadsCleanFile' },
  ],
  app: { machine: timesheetGridMachine },
  open: (_, inspect) => {
    year = start.year;
    return renderApp({ path: '/admin/timesheets', storage: signedIn(admin), inspect });
  },
  perform: (app, event) => perform(app, event),
  label: (event) => event.type,
  setup: () => {
    URL.createObjectURL = vi.fn(() => 'blob:template');
    URL.revokeObjectURL = vi.fn();
  },
});
