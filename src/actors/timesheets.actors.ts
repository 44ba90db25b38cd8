import { fromPromise } from 'xstate';
import type { ToastParams } from '../../machines/effects';
import { type TimesheetPeriod, timesheetMachine } from '../../machines/timesheet.machine';
import { timesheetFormMachine } from '../../machines/timesheet-form.machine';
import type { TimesheetsApi } from '../api/timesheets.api';
import { timesheetBodyOf } from '../domain/timesheet-form';
import type { Timesheet } from '../domain/timesheets';
import { provideLoad } from './load.actors';

export interface TimesheetEffects {
  timesheets: Pick<TimesheetsApi, 'ofMonth' | 'save'>;
  notify: (toast: ToastParams) => void;
}

/** One person's month of hours with its live effects (issue 36 item 5). */
export function provideTimesheet({ timesheets, notify }: TimesheetEffects) {
  return timesheetMachine.provide({
    actions: { notify: (_, toast) => notify(toast) },
    actors: {
      load: provideLoad<Timesheet, TimesheetPeriod>(({ userId, year, month }) =>
        timesheets.ofMonth(userId, year, month),
      ),
      timesheetForm: timesheetFormMachine.provide({
        actors: {
          submit: fromPromise(({ input }) =>
            timesheets.save(
              input.userId,
              input.year,
              input.month,
              timesheetBodyOf(input, input.year, input.month),
            ),
          ),
        },
        actions: { notify: (_, toast) => notify(toast) },
      }),
    },
  });
}

export type TimesheetLogic = ReturnType<typeof provideTimesheet>;
