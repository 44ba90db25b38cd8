import type { TimesheetStatus } from '../enums';
import { isApprovedTimesheet } from '../lifecycles/timesheet.lifecycle';
import { monthName } from '../payslip-labels';
import type { Toast } from './toast';

/** Issue 36 item 5: the words of the timesheet screens (the spec has none of its own for them). */
export const timesheetToasts = {
  loadFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to fetch timesheet',
    description: error.message,
  }),
  saved: (sheet: { year: number; month: number; status: TimesheetStatus }): Toast => ({
    type: 'success',
    title: isApprovedTimesheet(sheet.status) ? 'Timesheet approved' : 'Timesheet submitted',
    description: `${monthName(sheet.month)} ${sheet.year}`,
  }),
  saveFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Timesheet not saved',
    description: error.message,
  }),
};

/** Issue 36 item 5: the month grid and its CSV upload. */
export const timesheetGridToasts = {
  loadFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to fetch timesheets',
    description: error.message,
  }),
  templateFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Template not downloaded',
    description: error.message,
  }),
  approveFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Timesheet not approved',
    description: error.message,
  }),
  checkFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'File not checked',
    description: error.message,
  }),
  hasProblems: (count: number): Toast => ({
    type: 'error',
    title: 'The file has problems',
    description: `${count} ${count === 1 ? 'problem' : 'problems'}: fix the rows named and choose the file again.`,
  }),
  applied: (report: { rows: number; employees: number }): Toast => ({
    type: 'success',
    title: 'Timesheets uploaded',
    description: `${report.rows} ${report.rows === 1 ? 'day' : 'days'} for ${report.employees} ${report.employees === 1 ? 'employee' : 'employees'}`,
  }),
  applyFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Timesheets not uploaded',
    description: error.message,
  }),
};
