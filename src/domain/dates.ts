import { DateTime } from 'luxon';

/** The company's time zone: dates without time are calendar days here. */
export const COMPANY_TIME_ZONE = 'Asia/Singapore';

/** Today's date in the company's time zone, `YYYY-MM-DD`. */
export function todayIso(now: Date = new Date(), zone: string = COMPANY_TIME_ZONE): string {
  return DateTime.fromJSDate(now).setZone(zone).toISODate() ?? '';
}

/** Adds calendar days to a `YYYY-MM-DD` date. */
export function addDaysIso(isoDate: string, days: number): string {
  return DateTime.fromISO(isoDate, { zone: 'utc' }).plus({ days }).toISODate() ?? '';
}

/** The earliest date the date pickers offer (spec section 5: years 1900 to the current year). */
export const EARLIEST_DATE = '1900-01-01';

export const INVALID_DATE = 'Please enter a valid date.';

/** Checks on a date field run after its format check fails too; they skip what is not a date. */
export const isIsoDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

// ---------------------------------------------------------------------------------------------
// Dates as people read them (spec section 9): the one place dates and times become text.
// ---------------------------------------------------------------------------------------------

/** `2025-12-29` -> `29/12/2025`. */
export function formatDayMonthYear(isoDate: string): string {
  const date = DateTime.fromISO(isoDate, { zone: 'utc' });
  return date.isValid ? date.toFormat('dd/MM/yyyy') : isoDate;
}

/** A stored timestamp as the company's calendar day, `dd/MM/yyyy`. */
export function formatTimestampDay(timestamp: string): string {
  const date = DateTime.fromISO(timestamp).setZone(COMPANY_TIME_ZONE);
  return date.isValid ? date.toFormat('dd/MM/yyyy') : timestamp;
}

/**
 * A day as a person types it, day first whatever the browser's locale (issue 34): `2/11/2026`,
 * `02-11-2026`, `02.11.2026`, `02 11 2026` or `02112026` -> `2026-11-02`; a pasted `2026-11-02` is taken as
 * it is. Null when it is not a day of the calendar (`31/02/2026`, a two-digit year, half a date).
 */
export function parseDayMonthYear(text: string): string | null {
  const typed = text.trim();
  const parts =
    /^(\d{1,2})[/.\- ](\d{1,2})[/.\- ](\d{4})$/.exec(typed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(typed);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typed);
  const [year, month, day] = parts
    ? [parts[3], parts[2], parts[1]].map(Number)
    : iso
      ? [iso[1], iso[2], iso[3]].map(Number)
      : [];
  if (year === undefined || month === undefined || day === undefined) return null;
  const date = DateTime.utc(year, month, day);
  return date.isValid && year >= 1000 ? date.toISODate() : null;
}

/** A moment as the company's date and time, `dd/MM/yyyy HH:mm` (when a report was made). */
export function formatDateTime(moment: Date): string {
  return DateTime.fromJSDate(moment).setZone(COMPANY_TIME_ZONE).toFormat('dd/MM/yyyy HH:mm');
}

/** A moment as the company's date and time to the second: `25/11/2026, 09:14:05` (when a list was fetched). */
export function formatDateTimeSeconds(moment: Date): string {
  return DateTime.fromJSDate(moment).setZone(COMPANY_TIME_ZONE).toFormat('dd/MM/yyyy, HH:mm:ss');
}
