import { timesheetToasts } from '../src/domain/messages/timesheets';
import {
  TIMESHEET_INITIAL_VALUES,
  type TimesheetFormData,
  type TimesheetFormValues,
  timesheetFormSchema,
} from '../src/domain/timesheet-form';
import type { Timesheet } from '../src/domain/timesheets';
import { createFormMachine } from './form';

/** Whose month the form saves: PUT /users/{userId}/timesheets/{year}/{month}. */
export interface TimesheetFormParams {
  userId: number;
  year: number;
  month: number;
}

/**
 * A month's hours (issue 36 item 5): hours, rest-day and public-holiday marks for each day. The owner's
 * save submits the month for approval; another administrator's approves it (the server's lifecycle). It
 * finishes with the stored month and its figures, which its holder shows and makes the form from again.
 */
export const timesheetFormMachine = createFormMachine<
  TimesheetFormValues,
  TimesheetFormData,
  Timesheet,
  TimesheetFormParams
>({
  id: 'timesheetForm',
  description: "A month's hours a day with its rest-day and public-holiday marks, then PUT the month.",
  initialValues: TIMESHEET_INITIAL_VALUES,
  schema: timesheetFormSchema,
  request: {
    id: 'saveTimesheet',
    description: "Submit: PUT /users/{id}/timesheets/{year}/{month}; the button reads 'Processing...'.",
  },
  successToast: (sheet) => timesheetToasts.saved(sheet),
  failureToast: timesheetToasts.saveFailed,
  afterSuccess: { description: 'Saved: the month shows its status and figures as stored.' },
});
