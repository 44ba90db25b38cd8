import { describe, expect, it } from 'vitest';
import { csvField, csvLine, neutraliseCsvCell } from '../../src/domain/csv';
import { type SalaryFileInput, salaryFile } from '../../src/domain/payroll/statutory';

/**
 * Issue 32: a CSV cell a spreadsheet would run as a formula (OWASP's "CSV injection" list: =, +, -, @,
 * tab, carriage return at the start) is written with a leading apostrophe, in every CSV the app writes.
 */
describe('neutraliseCsvCell', () => {
  it('puts an apostrophe before a cell starting with = + - @ tab or CR, and leaves the rest', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(neutraliseCsvCell(`${start}SUM(A1)`), JSON.stringify(start)).toBe(`'${start}SUM(A1)`);
    }
    for (const plain of ['Tan Ah Kow', '1234.56', '', "O'Neil", 'a=b', ' =1']) {
      expect(neutraliseCsvCell(plain)).toBe(plain);
    }
  });

  it('quotes what RFC 4180 needs quoted, after neutralising', () => {
    expect(csvField('Tan, Ah Kow')).toBe('"Tan, Ah Kow"');
    expect(csvField('=1+1, "x"')).toBe('"\'=1+1, ""x"""');
    expect(csvLine(['-SUM(A1) Tan', '3456.78', '@cmd'])).toBe("'-SUM(A1) Tan,3456.78,'@cmd");
  });
});

describe('the DBS salary file (CSV)', () => {
  it('writes a name that starts like a formula neutralised', () => {
    const input: SalaryFileInput = {
      bank: 'DBS',
      originator: { name: '+Acme', bankName: 'DBS', accountNo: '0720123456', organisationId: 'SGACME01' },
      year: 2026,
      month: 11,
      valueDate: '2026-11-27',
      createdAt: { date: '2026-11-25', time: '10:00:00' },
      sequence: 1,
      payments: [
        {
          userId: 7,
          name: '-SUM(A1) Tan',
          bankName: 'DBS',
          branchCode: '081',
          accountNo: '0123456789',
          amountCents: 100_00,
        },
      ],
    };
    // Read as the layout numbers it: HEADER's H04 is the 4th cell, PAYMENT's D11 the 11th.
    const [header = '', payment = ''] = salaryFile(input).content.split('\r\n');
    expect(header.split(',')[3]).toBe("'+Acme");
    expect(payment.split(',')[10]).toBe("'-SUM(A1) Tan");
    for (const cell of [...header.split(','), ...payment.split(',')])
      expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});
