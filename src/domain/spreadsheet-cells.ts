import { neutraliseCsvCell } from './csv';

/**
 * How a value is written in an exported (or imported) sheet, the same in CSV and XLSX (issue 38 item 5):
 * dates YYYY-MM-DD, money in dollars with two decimals, enumerations as their values, yes/no as
 * TRUE/FALSE. Text that a spreadsheet would run as a formula is made inert as in every CSV the app writes.
 */
export type CellKind =
  /** Free text, neutralised. */
  | 'text'
  /** An enumeration's value (SINGAPORE CITIZEN, ACTIVE), neutralised like text. */
  | 'enum'
  /** YYYY-MM-DD, as text in both formats so no spreadsheet shifts it by a time zone. */
  | 'date'
  /** Integer cents in, dollars with two decimals out. */
  | 'money'
  /** Cents kept to four decimals (a payslip's SDL is a fraction of a cent), dollars with six decimals out. */
  | 'fineMoney'
  /** A plain number (rates in percent, days, hours). */
  | 'number'
  /** TRUE or FALSE. */
  | 'boolean';

export type CellValue = string | number | boolean | null;

export interface SheetColumn<Row> {
  heading: string;
  kind: CellKind;
  value: (row: Row) => CellValue;
}

/** Integer cents as dollars with two decimals, exactly (no floating point on the way). */
export function centsText(cents: number): string {
  const whole = Math.round(cents);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Hundredths of a cent (SDL) as dollars with six decimals. */
function fineCentsText(cents: number): string {
  const tenThousandths = Math.round(cents * 10_000);
  const sign = tenThousandths < 0 ? '-' : '';
  const abs = Math.abs(tenThousandths);
  return `${sign}${Math.floor(abs / 1_000_000)}.${String(abs % 1_000_000).padStart(6, '0')}`;
}

/** A cell as CSV text (before quoting): '' for none; text and enumerations neutralised. */
export function csvCellText(kind: CellKind, value: CellValue): string {
  if (value === null || value === '') return '';
  switch (kind) {
    case 'money':
      return centsText(Number(value));
    case 'fineMoney':
      return fineCentsText(Number(value));
    case 'number':
      return String(value);
    case 'boolean':
      return value === true ? 'TRUE' : 'FALSE';
    default:
      return neutraliseCsvCell(String(value));
  }
}

/**
 * A cell as an XLSX writer takes it: amounts and numbers as numbers (dollars), everything else as a
 * string cell, neutralised as in CSV, so a file saved again as CSV stays inert. Never a formula.
 */
export function xlsxCellValue(kind: CellKind, value: CellValue): string | number | null {
  if (value === null || value === '') return null;
  switch (kind) {
    case 'money':
      return Math.round(Number(value)) / 100;
    case 'fineMoney':
      return Math.round(Number(value) * 10_000) / 1_000_000;
    case 'number':
      return Number(value);
    case 'boolean':
      return value === true ? 'TRUE' : 'FALSE';
    default:
      return neutraliseCsvCell(String(value));
  }
}

/** The number format an XLSX column of this kind shows its numbers with. */
export const xlsxNumberFormat = (kind: CellKind): string | undefined =>
  kind === 'money' ? '#,##0.00' : kind === 'fineMoney' ? '#,##0.000000' : undefined;

/**
 * The value a neutralised cell held before it was written: the apostrophe added in front of a
 * formula's first character is taken off again (an importer reading back an export).
 */
export const unneutraliseCell = (text: string): string => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);
