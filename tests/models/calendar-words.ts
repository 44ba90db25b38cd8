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
