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
