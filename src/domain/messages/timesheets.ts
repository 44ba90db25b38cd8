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
