/**
 * How many days a leave request takes. One rule for every case (docs/decisions/0002-leave-day-count.md):
 * the counted days from start to end inclusive, minus half a day when the start is PM (from the
 * afternoon) and minus half a day when the end is AM (until noon), each only when that date is itself
 * counted. Counted days are the work week less the public holidays given (the administrator keeps them in
 * the database: GET /api/public-holidays), or every calendar day for leave types that run on calendar
 * days (maternity, hospitalisation).
 *
 * The form shows this number as the user types; the server recomputes it with this same function and
 * ignores the number the client sent.
 */
export interface LeavePeriod {
  fromDate: string;
  /** true: the first day starts in the morning (a full day); false: from the afternoon. */
  fromDateIsAm: boolean;
  toDate: string;
  /** true: the last day ends at noon (a half day); false: at the end of the day. */
  toDateIsAm: boolean;
}

/** ISO weekdays, Monday = 1 ... Sunday = 7. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The company's work week. One constant shared by the form and the server, so both count alike. */
export const WORK_WEEK: readonly IsoWeekday[] = [1, 2, 3, 4, 5];

export interface DayCountRule {
  /** Count every calendar day (no weekends or holidays taken out). */
  calendarDays: boolean;
  workWeek?: readonly IsoWeekday[];
  /**
   * The public holidays (`YYYY-MM-DD`) of the years the period touches; a year with none is counted
   * without holidays. Ignored for calendar days.
   */
  holidays: ReadonlySet<string>;
}

/** No public holidays: for calendar-day counts, and for years the administrator has not filled in. */
export const NO_HOLIDAYS: ReadonlySet<string> = new Set();

/** The calendar years a period touches, in order (none when the end is before the start). */
export function yearsOfPeriod(period: Pick<LeavePeriod, 'fromDate' | 'toDate'>): number[] {
  const first = Number(period.fromDate.slice(0, 4));
  const last = Number(period.toDate.slice(0, 4));
  const years: number[] = [];
  for (let year = first; year <= last; year++) years.push(year);
  return years;
}

export const MINIMUM_LEAVE_DAYS = 0.5;

export interface YearDays {
  year: number;
  days: number;
}

/**
 * The days of a period charged to each calendar year, in year order: a request from 29 Dec to 2 Jan
 * takes its December days from one year's balance and its January days from the next. The half-day
 * deductions belong to the year of their date.
 */
export function leaveDaysByYear(period: LeavePeriod, rule: DayCountRule): YearDays[] {
  const first = dayNumber(period.fromDate);
  const last = dayNumber(period.toDate);
  const workWeek = rule.workWeek ?? WORK_WEEK;
  const counts = (day: number) => {
    if (rule.calendarDays) return true;
    if (!workWeek.includes(isoWeekday(day))) return false;
    return !rule.holidays.has(isoDateOf(day));
  };
  const perYear = new Map<number, number>();
  const add = (day: number, amount: number) => {
    const year = yearOf(day);
    perYear.set(year, (perYear.get(year) ?? 0) + amount);
  };
  for (let day = first; day <= last; day++) {
    if (counts(day)) add(day, 1);
  }
  if (first <= last) {
    if (!period.fromDateIsAm && counts(first)) add(first, -0.5);
    if (period.toDateIsAm && counts(last)) add(last, -0.5);
  }
  return [...perYear.entries()]
    .filter(([, days]) => days !== 0)
    .sort(([a], [b]) => a - b)
    .map(([year, days]) => ({ year, days }));
}

/** Total days of a period; 0 when the end is before the start. */
export function leaveDays(period: LeavePeriod, rule: DayCountRule): number {
  return leaveDaysByYear(period, rule).reduce((sum, { days }) => sum + days, 0);
}

/**
 * Half-day slots a period occupies, inclusive: each date has a morning slot and an afternoon slot, so
 * the AM and the PM of one date can be two requests that do not overlap.
 */
export function halfDaySlots(period: LeavePeriod): { first: number; last: number } {
  return {
    first: dayNumber(period.fromDate) * 2 + (period.fromDateIsAm ? 0 : 1),
    last: dayNumber(period.toDate) * 2 + (period.toDateIsAm ? 0 : 1),
  };
}

/** Whether two periods share a half day. */
export function periodsOverlap(a: LeavePeriod, b: LeavePeriod): boolean {
  const x = halfDaySlots(a);
  const y = halfDaySlots(b);
  return x.first <= x.last && y.first <= y.last && x.first <= y.last && y.first <= x.last;
}

/** Days since 1970-01-01 for a `YYYY-MM-DD` date, independent of the machine's time zone. */
export function dayNumber(isoDate: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${isoDate}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 86_400_000;
}

export function isoDateOf(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

function yearOf(day: number): number {
  return new Date(day * 86_400_000).getUTCFullYear();
}

/** 1970-01-01 was a Thursday (ISO weekday 4). */
function isoWeekday(day: number): IsoWeekday {
  return (((((day + 3) % 7) + 7) % 7) + 1) as IsoWeekday;
}
