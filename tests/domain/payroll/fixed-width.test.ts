import { describe, expect, it } from 'vitest';
import { PayrollInputError } from '../../../src/domain/payroll/errors';
import {
  collapseSpaces,
  fitsDigits,
  fixedRecord,
  forbiddenCharacters,
  joinRecords,
  nonAsciiCharacters,
  numberField,
  quoteCharacters,
  textField,
} from '../../../src/domain/payroll/statutory/fixed-width';

// The fields the CPF EZPay and bank files are built from. The file builders check their data first, so
// these refusals are never reached through them: they are the last guard against a shifted column, and
// mutation testing showed nothing checked them.

describe('fixed-width fields', () => {
  it('pads text to the field, takes text that fills it, and refuses or cuts text longer than it', () => {
    expect(textField('ABC', 5)).toBe('ABC  ');
    expect(textField('ABCDE', 5)).toBe('ABCDE');
    expect(() => textField('ABCDEF', 5, { what: 'Payee name' })).toThrow(
      new PayrollInputError('Payee name "ABCDEF" is 6 characters long; the field holds 5.'),
    );
    expect(() => textField('ABCDEF', 5)).toThrow('Text "ABCDEF" is 6 characters long');
    expect(textField('ABCDEF', 5, { truncate: true })).toBe('ABCDE');
  });

  it('zero-pads a non-negative whole number that fits, and refuses any other', () => {
    expect(numberField(42, 5)).toBe('00042');
    expect(numberField(0, 3)).toBe('000');
    expect(numberField(99_999, 5)).toBe('99999');
    expect(() => numberField(100_000, 5, 'Amount')).toThrow(
      new PayrollInputError('Amount 100000 has more than 5 digits.'),
    );
    expect(() => numberField(-1, 3)).toThrow('Number must be a non-negative whole number, got -1.');
    for (const value of [-1, 1.5, Number.NaN, 2 ** 53]) {
      expect(() => numberField(value, 20, 'Amount')).toThrow(
        `Amount must be a non-negative whole number, got ${String(value)}.`,
      );
    }
  });

  it('says whether a number fits in so many digits', () => {
    expect(fitsDigits(999, 3)).toBe(true);
    expect(fitsDigits(0, 1)).toBe(true);
    expect(fitsDigits(1000, 3)).toBe(false);
    expect(fitsDigits(-1, 3)).toBe(false);
    expect(fitsDigits(1.5, 3)).toBe(false);
  });

  it('joins fields into a record of exactly its length, and records into CRLF lines', () => {
    expect(fixedRecord(5, ['AB', '123'])).toBe('AB123');
    expect(() => fixedRecord(6, ['AB', '123'])).toThrow(
      new PayrollInputError('A record came out 5 characters long instead of 6.'),
    );
    expect(joinRecords(['A', 'B'])).toBe('A\r\nB\r\n');
    expect(joinRecords([])).toBe('');
  });
});

describe('characters a file cannot carry', () => {
  it('lists each forbidden character once, in the order it appears', () => {
    expect(forbiddenCharacters('a$b_c$_', '_$')).toEqual(['$', '_']);
    expect(forbiddenCharacters('plain', '_$')).toEqual([]);
  });

  it('lists each character outside printable ASCII (space to tilde) once', () => {
    expect(nonAsciiCharacters(' ~AZaz09')).toEqual([]);
    expect(nonAsciiCharacters('Zoë\tZoë\u007f')).toEqual(['ë', '\t', '\u007f']);
  });

  it('collapses runs of white space and quotes characters for a message', () => {
    expect(collapseSpaces('  Tan \t Ah\n Kow  ')).toBe('Tan Ah Kow');
    expect(quoteCharacters(['_', '$', '"'])).toBe('"_", "$", "\\""');
  });
});
