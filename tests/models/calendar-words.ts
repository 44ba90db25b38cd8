/** The months as the screens name them (spec section 9: month names in English, January first). */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The name of month 1 to 12. */
export const monthName = (month: number): string => MONTHS[month - 1] ?? '';

/**
 * A `YYYY-MM-DD` day as the screens print it and a person types it, day first whatever the browser's locale
 * (spec section 9, issue 34); anything else as it is.
 */
export const dayMonthYear = (iso: string): string => iso.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3/$2/$1');

/** A date, or a moment read as the company's (Singapore's) calendar day, as the screens print it. */
export const singaporeDay = (value: string): string =>
  value.length === 10
    ? dayMonthYear(value)
    : new Date(value).toLocaleDateString('en-GB', {
        timeZone: 'Asia/Singapore',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      });
