import { DateTime } from 'luxon';
import type { ChangedLeaveRequest, PublicHoliday } from './holidays';

/**
 * The Public Holidays screen's rows and notice (issue 17, part 4): a holiday as a row of the one list
 * statechart (which needs a number id: the date's digits, unique as the date is), its day of the week, and
 * what an add or a delete did to the pending requests.
 */

export interface PublicHolidayRow extends PublicHoliday {
  readonly id: number;
}

export const holidayRow = (holiday: PublicHoliday): PublicHolidayRow => ({
  id: Number(holiday.date.replaceAll('-', '')),
  date: holiday.date,
  name: holiday.name,
});

/** `2026-01-01` -> `Thursday`. */
export function weekdayName(isoDate: string): string {
  const date = DateTime.fromISO(isoDate, { zone: 'utc' });
  return date.isValid ? date.setLocale('en-GB').toFormat('cccc') : '';
}

/** The years the screen offers: last year, this year and the next two (holidays are entered ahead). */
export const holidayYears = (thisYear: number): number[] => [
  thisYear + 2,
  thisYear + 1,
  thisYear,
  thisYear - 1,
];

/** What an add or a delete did: the holiday and the pending requests whose days it changed. */
export interface HolidayNotice {
  change: 'added' | 'deleted';
  holiday: PublicHoliday;
  changedRequests: ChangedLeaveRequest[];
}
