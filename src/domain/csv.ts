/**
 * CSV cells as every CSV the app writes has them (issue 32): the IR8A CSV, the DBS salary file and any
 * other. One function, so no writer can forget a rule.
 */

/** What a spreadsheet reads as the start of a formula (or DDE): =, +, -, @, tab and carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell a spreadsheet would run as a formula (a name typed as "=HYPERLINK(...)" or "-SUM(A1) Tan")
 * gets a leading apostrophe, so opening the file runs nothing and shows the text as typed. Amounts
 * the app writes are never negative, so they never start so.
 */
export const neutraliseCsvCell = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** A CSV field (RFC 4180), neutralised: quoted when it holds a comma, a quote or a line break, its quotes doubled. */
export const csvField = (value: string): string => {
  const safe = neutraliseCsvCell(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** One CSV line of fields, each through csvField. */
export const csvLine = (fields: readonly string[]): string => fields.map(csvField).join(',');
