import { fromPromise } from 'xstate';
import type { ToastParams } from '../../machines/effects';
import { publicHolidayFormMachine } from '../../machines/public-holiday-form.machine';
import { publicHolidaysMachine } from '../../machines/public-holidays.machine';
import type { HolidaysApi } from '../api/holidays.api';
import { wholeListPage } from '../domain/list-query';
import { holidayRow, type PublicHolidayRow } from '../domain/public-holiday-rows';
import { provideList } from './list.actors';

export interface PublicHolidaysEffects {
  holidays: HolidaysApi;
  notify: (toast: ToastParams) => void;
}

/** The columns the table sorts by; the server answers a year's holidays by date. */
const sortKeys = {
  date: (row: PublicHolidayRow) => row.date,
  name: (row: PublicHolidayRow) => row.name,
};

/** The Public Holidays screen (issue 17, part 4) with its live effects. */
export function providePublicHolidays({ holidays, notify }: PublicHolidaysEffects) {
  return publicHolidaysMachine.provide({
    actors: {
      holidays: provideList<PublicHolidayRow>({
        fetchRows: async (query) => {
          const year = Number(query.filters.year?.[0]);
          const rows = (await holidays.ofYear(year)).map(holidayRow);
          return wholeListPage(rows, query, sortKeys);
        },
        // The answer (the requests the deletion recounted) goes to the screen's machine.
        removeRow: (row) => holidays.remove(row.date),
        notify,
      }),
      holidayForm: publicHolidayFormMachine.provide({
        actors: {
          submit: fromPromise(({ input }) => holidays.add({ date: input.date, name: input.name })),
        },
        actions: { notify: (_, toast) => notify(toast) },
      }),
    },
  });
}

export type PublicHolidaysLogic = ReturnType<typeof providePublicHolidays>;
