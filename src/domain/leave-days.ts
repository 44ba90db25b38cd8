/**
 * Leave days between two ISO dates with half-day flags, exactly as spec section 9 states it.
 * Same day: 0.5 when the start flag is set and the end flag is not, 1 when the start flag is not
 * set, otherwise 0.5. Different days: the calendar-day difference, plus 0.5 when the start flag is
 * set, plus 0.5 when the end flag is not set.
 */
export function leaveDays(
  fromDate: string,
  fromDateIsAm: boolean,
  toDate: string,
  toDateIsAm: boolean,
): number {
  const difference = dayNumber(toDate) - dayNumber(fromDate);
  if (difference === 0) {
    if (fromDateIsAm && !toDateIsAm) return 0.5;
    if (!fromDateIsAm) return 1;
    return 0.5;
  }
  return difference + (fromDateIsAm ? 0.5 : 0) + (toDateIsAm ? 0 : 0.5);
}

/** Days since 1970-01-01 for a `YYYY-MM-DD` date, independent of the machine's time zone. */
export function dayNumber(isoDate: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${isoDate}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 86_400_000;
}
