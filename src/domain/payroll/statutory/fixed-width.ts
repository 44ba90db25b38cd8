import { PayrollInputError } from '../errors';

/*
 * Building blocks of the fixed-width files (CPF EZPay, UOB, OCBC). The builders check their data
 * first and report problems in words; these helpers throw when a value still does not fit, because
 * by then it is a bug of ours, and a file with a shifted column would be worse than no file.
 */

export interface TextFieldOptions {
  /** Cut a value longer than the field instead of refusing it. */
  truncate?: boolean;
  /** Names the field in the error. */
  what?: string;
}

/** A text field: left-justified and padded with spaces to `length`. */
export function textField(value: string, length: number, options: TextFieldOptions = {}): string {
  if (value.length > length) {
    if (!options.truncate) {
      throw new PayrollInputError(
        `${options.what ?? 'Text'} "${value}" is ${value.length} characters long; the field holds ${length}.`,
      );
    }
    return value.slice(0, length);
  }
  return value.padEnd(length, ' ');
}

/** A numeric field: a non-negative whole number, right-justified and zero-padded to `length`. */
export function numberField(value: number, length: number, what = 'Number'): string {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new PayrollInputError(`${what} must be a non-negative whole number, got ${String(value)}.`);
  }
  const digits = String(value);
  if (digits.length > length) {
    throw new PayrollInputError(`${what} ${digits} has more than ${length} digits.`);
  }
  return digits.padStart(length, '0');
}

/** True when a non-negative whole number fits in `length` digits. */
export const fitsDigits = (value: number, length: number): boolean =>
  Number.isSafeInteger(value) && value >= 0 && String(value).length <= length;

/** A record made of fields, checked to come out at exactly `length` characters. */
export function fixedRecord(length: number, fields: readonly string[]): string {
  const record = fields.join('');
  if (record.length !== length) {
    throw new PayrollInputError(`A record came out ${record.length} characters long instead of ${length}.`);
  }
  return record;
}

export const CRLF = '\r\n';

/** Records joined by CRLF, with a CRLF after the last one too (every record is a complete line). */
export const joinRecords = (records: readonly string[]): string =>
  records.map((record) => record + CRLF).join('');

/** The distinct characters of `value` that appear in `forbidden`, in order of appearance. */
export function forbiddenCharacters(value: string, forbidden: string): string[] {
  const found: string[] = [];
  for (const char of value) {
    if (forbidden.includes(char) && !found.includes(char)) found.push(char);
  }
  return found;
}

/**
 * The distinct characters outside printable ASCII (space to tilde). Fixed-width files count bytes,
 * and the UOB hash is defined on ASCII codes, so anything else would shift columns or the hash.
 */
export function nonAsciiCharacters(value: string): string[] {
  const found: string[] = [];
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if ((code < 0x20 || code > 0x7e) && !found.includes(char)) found.push(char);
  }
  return found;
}

/** Runs of white space (tabs and line breaks included) as one space, without leading or trailing ones. */
export const collapseSpaces = (value: string): string => value.replace(/\s+/g, ' ').trim();

/** Quotes characters for a message: `"_", "$"`. */
export const quoteCharacters = (chars: readonly string[]): string =>
  chars.map((char) => JSON.stringify(char)).join(', ');
