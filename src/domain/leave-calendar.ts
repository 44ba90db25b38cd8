import * as z from 'zod/mini';
import { addDaysIso } from './dates';
import { idParam, idSchema } from './fields';
import { leaveRequestSchema, yearParam } from './leave';
import type { LeavePeriod } from './leave-days';
import { monthName } from './payslip-labels';

/**
 * The team calendar (issue 17, part 5): who is away in a month, approved and pending, with half days as
 * halves. Pure date rules shared by the server (which requests overlap a month), the calendar statechart
 * (previous and next month) and the view (the month's weeks, each date's people and halves).
 */

/** A month of a year; `month` runs from 1 (January) to 12. */
export interface CalendarMonth {
  year: number;
  month: number;
}

/** The part of a date a request takes: the whole day, the morning or the afternoon. */
export type DayPart = 'FULL' | 'AM' | 'PM';

const MONTH_MESSAGE = 'must be a month from 1 to 12';
const monthParam = z.pipe(
  z.pipe(z.string().check(z.regex(/^(0?[1-9]|1[0-2])$/, MONTH_MESSAGE)), z.transform(Number)),
  z.number().check(z.int(), z.minimum(1), z.maximum(12)),
);

/** GET /leave-calendar: the month, and optionally one leave type and one person (STAFF: only themselves). */
export const leaveCalendarQuerySchema = z.object({
  year: yearParam,
  month: monthParam,
  leaveTypeId: z.optional(idParam),
  userId: z.optional(idParam),
});
export type LeaveCalendarQuery = z.output<typeof leaveCalendarQuerySchema>;

/**
 * One request on the calendar: the request as the lists answer it (so an entry opens the same details
 * sheet) with its leave type as `{id, name}`.
 */
export const leaveCalendarEntrySchema = z.extend(leaveRequestSchema, {
  leaveType: z.object({ id: idSchema, name: z.string() }),
});
export type LeaveCalendarEntry = z.infer<typeof leaveCalendarEntrySchema>;

const pad = (n: number) => String(n).padStart(2, '0');

/** `{2026, 3}` -> `2026-03-01`. */
export const firstOfMonth = ({ year, month }: CalendarMonth) => `${year}-${pad(month)}-01`;

/** The number of days of the month (28 to 31). */
export const daysInMonth = ({ year, month }: CalendarMonth) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The first and last dates of the month, `YYYY-MM-DD`. */
export function monthRange(m: CalendarMonth): { fromDate: string; toDate: string } {
  return { fromDate: firstOfMonth(m), toDate: `${m.year}-${pad(m.month)}-${pad(daysInMonth(m))}` };
}

/** The month `delta` months after (or before, when negative) the given one. */
export function shiftMonth({ year, month }: CalendarMonth, delta: number): CalendarMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The month a `YYYY-MM-DD` date falls in. */
export const monthOfDate = (isoDate: string): CalendarMonth => ({
  year: Number(isoDate.slice(0, 4)),
  month: Number(isoDate.slice(5, 7)),
});

/** 'March 2026'. */
export const monthTitle = (m: CalendarMonth) => `${monthName(m.month)} ${m.year}`;

/** ISO weekday of a date: Monday 1 ... Sunday 7. */
export function weekdayOf(isoDate: string): number {
  const day = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

export const isWeekend = (isoDate: string) => weekdayOf(isoDate) >= 6;

/** Every date of the month in order. */
export function monthDates(m: CalendarMonth): string[] {
  const first = firstOfMonth(m);
  return Array.from({ length: daysInMonth(m) }, (_, i) => addDaysIso(first, i));
}

export interface CalendarCell {
  date: string;
  /** False for the neighbouring months' days that fill the first and last weeks. */
  inMonth: boolean;
}

/** The month's grid: weeks from Monday to Sunday, the first and last filled with the neighbours' days. */
export function monthWeeks(m: CalendarMonth): CalendarCell[][] {
  const { fromDate, toDate } = monthRange(m);
  let date = addDaysIso(fromDate, 1 - weekdayOf(fromDate));
  const end = addDaysIso(toDate, 7 - weekdayOf(toDate));
  const weeks: CalendarCell[][] = [];
  while (date <= end) {
    const week: CalendarCell[] = [];
    for (let i = 0; i < 7; i += 1) {
      week.push({ date, inMonth: date >= fromDate && date <= toDate });
      date = addDaysIso(date, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/**
 * The part of one date a request takes, or null when it takes none of it: the first date from the
 * afternoon when it starts PM, the last date until noon when it ends AM, whole days between.
 */
export function dayPartOf(period: LeavePeriod, date: string): DayPart | null {
  if (date < period.fromDate || date > period.toDate) return null;
  const morning = date > period.fromDate || period.fromDateIsAm;
  const afternoon = date < period.toDate || !period.toDateIsAm;
  if (morning && afternoon) return 'FULL';
  if (morning) return 'AM';
  if (afternoon) return 'PM';
  return null;
}

/** The dates of the month a request takes, each with its part, in date order. */
export function dayPartsInMonth(period: LeavePeriod, m: CalendarMonth): { date: string; part: DayPart }[] {
  const out: { date: string; part: DayPart }[] = [];
  for (const date of monthDates(m)) {
    const part = dayPartOf(period, date);
    if (part) out.push({ date, part });
  }
  return out;
}

/** Someone away on a date: the entry and the part of the day. */
export interface Away<Entry> {
  entry: Entry;
  part: DayPart;
}

/**
 * Who is away on each date of the month, in the order the entries come (the server's: by start date,
 * then name). Dates nobody is away on are absent.
 */
export function awayByDate<Entry extends LeavePeriod>(
  entries: readonly Entry[],
  m: CalendarMonth,
): Map<string, Away<Entry>[]> {
  const byDate = new Map<string, Away<Entry>[]>();
  for (const entry of entries) {
    for (const { date, part } of dayPartsInMonth(entry, m)) {
      const list = byDate.get(date) ?? [];
      list.push({ entry, part });
      byDate.set(date, list);
    }
  }
  return byDate;
}
