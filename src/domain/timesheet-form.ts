import * as z from 'zod/mini';
import { DAY_LIMIT_MESSAGE, REST_DAY_REQUESTS, type RestDayRequest } from './overtime';
import type { Timesheet, TimesheetDayInput } from './timesheets';

/**
 * A month's timesheet as a form (issue 36 item 5, the staff's own entry): three fields a day of the
 * month, `hours{d}`, `rest{d}` ('' or who asked for the rest-day work) and `holiday{d}` ('yes' or ''). A
 * day with no hours and neither mark is not sent: nothing worked.
 */
export const MONTH_DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
export type TimesheetFormValues = Record<string, string>;

const pad = (n: number) => String(n).padStart(2, '0');
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
export const dateOfDay = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

export const TIMESHEET_INITIAL_VALUES: TimesheetFormValues = Object.fromEntries(
  MONTH_DAYS.flatMap((d) => [
    [`hours${d}`, ''],
    [`rest${d}`, ''],
    [`holiday${d}`, ''],
  ]),
);

/** The stored month as the form's values. */
export function timesheetFormValues(sheet: Pick<Timesheet, 'days'>): TimesheetFormValues {
  const values = { ...TIMESHEET_INITIAL_VALUES };
  for (const day of sheet.days) {
    const d = Number(day.date.slice(8, 10));
    values[`hours${d}`] = String(day.hours);
    values[`rest${d}`] = day.restDay ?? '';
    values[`holiday${d}`] = day.publicHoliday ? 'yes' : '';
  }
  return values;
}

export const HOURS_FORM_MESSAGE = 'Enter hours from 0 to 24, to two decimals.';

const hoursField = z.string().check(
  z.refine((value) => value.trim() === '' || /^\d{1,2}(\.\d{1,2})?$/.test(value.trim()), HOURS_FORM_MESSAGE),
  // The Act's daily limit, said beside the day before the server would refuse it in the same words.
  z.refine((value) => value.trim() === '' || Number(value) <= 12, DAY_LIMIT_MESSAGE),
);
const restField = z
  .string()
  .check(
    z.refine(
      (value) => value === '' || (REST_DAY_REQUESTS as readonly string[]).includes(value),
      'Choose who asked.',
    ),
  );

/** The days the form sends, by day of the month; the request makes them dates of its month. */
export interface TimesheetFormData {
  days: Array<Omit<TimesheetDayInput, 'date'> & { day: number }>;
}

export const timesheetFormSchema = z.pipe(
  z.object(
    Object.fromEntries(
      MONTH_DAYS.flatMap((d) => [
        [`hours${d}`, hoursField],
        [`rest${d}`, restField],
        [`holiday${d}`, z.string()],
      ]),
    ),
  ),
  z.transform(
    (values: Record<string, string>): TimesheetFormData => ({
      days: MONTH_DAYS.flatMap((day) => {
        const hours = (values[`hours${day}`] ?? '').trim();
        const rest = values[`rest${day}`] ?? '';
        const holiday = values[`holiday${day}`] === 'yes';
        if (hours === '' && rest === '' && !holiday) return [];
        return [
          {
            day,
            hours: hours === '' ? 0 : Number(hours),
            restDay: rest === '' ? null : (rest as RestDayRequest),
            publicHoliday: holiday,
          },
        ];
      }),
    }),
  ),
);

/** The body of PUT /users/{id}/timesheets/{year}/{month} from the form's days. */
export const timesheetBodyOf = (data: TimesheetFormData, year: number, month: number) => ({
  days: data.days
    .filter((d) => d.day <= daysInMonth(year, month))
    .map(({ day, ...rest }) => ({ date: dateOfDay(year, month, day), ...rest })),
});
