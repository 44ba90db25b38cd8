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

/** `2025-12-29` (or a timestamp, read in the company's zone) -> `Dec 29, 2025`. */
export function formatShortDate(value: string): string {
  const date =
    value.length === 10
      ? DateTime.fromISO(value, { zone: 'utc' })
      : DateTime.fromISO(value).setZone(COMPANY_TIME_ZONE);
  return date.isValid ? date.setLocale('en-US').toFormat('LLL d, yyyy') : value;
}

/** A moment as the company's date and time, `dd/MM/yyyy HH:mm` (when a report was made). */
export function formatDateTime(moment: Date): string {
  return DateTime.fromJSDate(moment).setZone(COMPANY_TIME_ZONE).toFormat('dd/MM/yyyy HH:mm');
}

const mediumDateTime = new Intl.DateTimeFormat('en-SG', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: COMPANY_TIME_ZONE,
});

/** A moment as the company's date and time in a sentence: `25 Nov 2026, 9:14:05 am`. */
export const formatMediumDateTime = (moment: Date): string => mediumDateTime.format(moment);
