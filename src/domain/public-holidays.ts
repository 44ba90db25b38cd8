/**
 * Singapore public holidays as gazetted by MOM, one row per date off. The "next Monday" days that
 * follow a Sunday holiday are rows of their own, as MOM publishes them, rather than a rule: adjacent
 * holidays can shift further. A holiday on a Saturday stays a Saturday row; for a five-day week it
 * is an entitlement (a day off in lieu or a day's pay), not a date on the leave calendar.
 *
 * Adding a year is adding its rows and its number to PUBLIC_HOLIDAY_YEARS.
 */
export interface PublicHoliday {
  date: string;
  name: string;
}

export const PUBLIC_HOLIDAYS: readonly PublicHoliday[] = [
  { date: '2025-01-01', name: "New Year's Day" },
  { date: '2025-01-29', name: 'Chinese New Year' },
  { date: '2025-01-30', name: 'Chinese New Year (day 2)' },
  { date: '2025-03-31', name: 'Hari Raya Puasa' },
  { date: '2025-04-18', name: 'Good Friday' },
  { date: '2025-05-01', name: 'Labour Day' },
  { date: '2025-05-03', name: 'Polling Day' },
  { date: '2025-05-12', name: 'Vesak Day' },
  { date: '2025-06-07', name: 'Hari Raya Haji' },
  { date: '2025-08-09', name: 'National Day' },
  { date: '2025-10-20', name: 'Deepavali' },
  { date: '2025-12-25', name: 'Christmas Day' },

  { date: '2026-01-01', name: "New Year's Day" },
  { date: '2026-02-17', name: 'Chinese New Year' },
  { date: '2026-02-18', name: 'Chinese New Year (day 2)' },
  { date: '2026-03-21', name: 'Hari Raya Puasa' },
  { date: '2026-04-03', name: 'Good Friday' },
  { date: '2026-05-01', name: 'Labour Day' },
  { date: '2026-05-27', name: 'Hari Raya Haji' },
  { date: '2026-05-31', name: 'Vesak Day' },
  { date: '2026-06-01', name: 'Vesak Day (observed)' },
  { date: '2026-08-09', name: 'National Day' },
  { date: '2026-08-10', name: 'National Day (observed)' },
  { date: '2026-11-08', name: 'Deepavali' },
  { date: '2026-11-09', name: 'Deepavali (observed)' },
  { date: '2026-12-25', name: 'Christmas Day' },

  { date: '2027-01-01', name: "New Year's Day" },
  { date: '2027-02-06', name: 'Chinese New Year' },
  { date: '2027-02-07', name: 'Chinese New Year (day 2)' },
  { date: '2027-02-08', name: 'Chinese New Year (observed)' },
  { date: '2027-03-10', name: 'Hari Raya Puasa' },
  { date: '2027-03-26', name: 'Good Friday' },
  { date: '2027-05-01', name: 'Labour Day' },
  { date: '2027-05-17', name: 'Hari Raya Haji' },
  { date: '2027-05-20', name: 'Vesak Day' },
  { date: '2027-08-09', name: 'National Day' },
  { date: '2027-10-28', name: 'Deepavali' },
  { date: '2027-12-25', name: 'Christmas Day' },
];

/** The years whose holidays are all in the table; a date outside them cannot be counted. */
export const PUBLIC_HOLIDAY_YEARS: readonly number[] = [2025, 2026, 2027];

const byDate = new Map(PUBLIC_HOLIDAYS.map((holiday) => [holiday.date, holiday]));

/** A date whose year's holidays are not known: counting it would be a guess. */
export class HolidayCalendarError extends Error {
  override name = 'HolidayCalendarError';
  constructor(readonly year: number) {
    const first = PUBLIC_HOLIDAY_YEARS[0];
    const last = PUBLIC_HOLIDAY_YEARS[PUBLIC_HOLIDAY_YEARS.length - 1];
    super(
      `Public holidays for ${year} are not in the calendar yet; leave can be counted for ${first} to ${last}.`,
    );
  }
}

export function hasHolidayCalendar(year: number): boolean {
  return PUBLIC_HOLIDAY_YEARS.includes(year);
}

/** The holiday on a `YYYY-MM-DD` date, or undefined; throws HolidayCalendarError outside the table. */
export function publicHolidayOn(isoDate: string): PublicHoliday | undefined {
  const year = Number(isoDate.slice(0, 4));
  if (!hasHolidayCalendar(year)) throw new HolidayCalendarError(year);
  return byDate.get(isoDate);
}
