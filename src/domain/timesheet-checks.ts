import type { ErrorCode } from './api-error';
import { DAY_LIMIT_MESSAGE, type TimesheetDay, timesheetLimitProblems, type WorkPattern } from './overtime';

/**
 * The rules a month's day list keeps before anything is stored (issue 36), shared by the timesheet PUT
 * and the CSV import so both refuse with the same words.
 */
export interface DayProblem {
  /** Index of the day at fault, or null for the month as a whole. */
  index: number | null;
  /** Which part of the day: its date or its hours; `days` for the month's total. */
  field: 'date' | 'hours' | 'days';
  code: ErrorCode;
  message: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export const monthBounds = (year: number, month: number) => ({
  first: `${year}-${pad(month)}-01`,
  last: `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`,
});

export const notInMonthMessage = (date: string, year: number, month: number) =>
  `${date} is not in ${year}-${pad(month)}.`;
export const outsideEmploymentMessage = (date: string) => `${date} is outside the employment.`;
export const givenTwiceMessage = (date: string) => `${date} is given twice.`;

/** Every problem of a day list, in the order the PUT reports them: each day's date, then the limits. */
export function timesheetDayProblems(
  days: readonly TimesheetDay[],
  month: { year: number; month: number },
  employment: { hireDate: string; lastDayOfService: string | null },
  pattern: WorkPattern,
  exempt: boolean,
): DayProblem[] {
  const { first, last } = monthBounds(month.year, month.month);
  const problems: DayProblem[] = [];
  const seen = new Set<string>();
  days.forEach((day, index) => {
    const invalid = (message: string) =>
      problems.push({ index, field: 'date', code: 'TIMESHEET_DAY_INVALID', message });
    if (day.date < first || day.date > last) invalid(notInMonthMessage(day.date, month.year, month.month));
    else if (
      day.date < employment.hireDate ||
      (employment.lastDayOfService && day.date > employment.lastDayOfService)
    )
      invalid(outsideEmploymentMessage(day.date));
    else if (seen.has(day.date)) invalid(givenTwiceMessage(day.date));
    seen.add(day.date);
  });
  for (const limit of timesheetLimitProblems(days, pattern, exempt)) {
    problems.push(
      limit.index === null
        ? { index: null, field: 'days', code: 'TIMESHEET_MONTH_LIMIT', message: limit.message }
        : { index: limit.index, field: 'hours', code: 'TIMESHEET_DAY_LIMIT', message: DAY_LIMIT_MESSAGE },
    );
  }
  return problems;
}
