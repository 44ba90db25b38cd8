import { describe, expect, it } from 'vitest';
import { csvCellText, unneutraliseCell, xlsxCellValue } from '../../src/domain/spreadsheet-cells';

// Issue 38 item 5: how an export writes each kind of value, the same in CSV and XLSX.

describe('cells of an export', () => {
  it('money: integer cents as dollars with two decimals, exactly', () => {
    expect(csvCellText('money', 420050)).toBe('4200.50');
    expect(csvCellText('money', 5)).toBe('0.05');
    expect(csvCellText('money', 0)).toBe('0.00');
    expect(csvCellText('money', 123456789012)).toBe('1234567890.12');
    expect(csvCellText('money', -25000)).toBe('-250.00');
    expect(xlsxCellValue('money', 420050)).toBe(4200.5);
  });

  it('SDL: a fraction of a cent kept, as dollars with six decimals', () => {
    expect(csvCellText('fineMoney', 1125)).toBe('11.250000');
    expect(csvCellText('fineMoney', 751.25)).toBe('7.512500');
    expect(xlsxCellValue('fineMoney', 751.25)).toBe(7.5125);
  });

  it('yes/no as TRUE/FALSE; nothing as an empty cell', () => {
    expect(csvCellText('boolean', true)).toBe('TRUE');
    expect(csvCellText('boolean', false)).toBe('FALSE');
    expect(xlsxCellValue('boolean', false)).toBe('FALSE');
    expect(csvCellText('date', null)).toBe('');
    expect(xlsxCellValue('text', null)).toBeNull();
  });

  it('text a spreadsheet would run gets an apostrophe in both formats; an importer takes it off', () => {
    for (const hostile of ['=1+1', '+65 9123', '-SUM(A1)', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvCellText('text', hostile)).toBe(`'${hostile}`);
      expect(xlsxCellValue('enum', hostile)).toBe(`'${hostile}`);
      expect(unneutraliseCell(`'${hostile}`)).toBe(hostile);
    }
    expect(csvCellText('text', 'Tan Ah Kow')).toBe('Tan Ah Kow');
    expect(unneutraliseCell("O'Brien")).toBe("O'Brien");
    // Numbers stay numbers: a negative amount is not text to neutralise.
    expect(xlsxCellValue('number', -3)).toBe(-3);
  });

  it('codes with leading zeros stay text', () => {
    expect(csvCellText('text', '018956')).toBe('018956');
    expect(xlsxCellValue('text', '018956')).toBe('018956');
  });
});
