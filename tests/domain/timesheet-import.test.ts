import { describe, expect, it } from 'vitest';
import { importProblems, readImportRecords } from '../../src/domain/timesheet-import';

// Issue 36 item 5: the CSV's rows read one by one; every bad cell is named by row (header = 1) and column.

const pattern = { workman: true, daysPerWeek: 5, normalHoursPerDay: 8.8 };
const who = {
  userId: 7,
  name: 'Ah Seng',
  employment: { hireDate: '2025-06-10', lastDayOfService: null },
  pattern,
  exempt: false,
  frozen: false,
};

describe('readImportRecords', () => {
  it('reads columns in any order and case, and names each unreadable cell', () => {
    const { rows, errors, read } = readImportRecords([
      ['Hours', 'EMPLOYEE', 'date', 'publicholiday'],
      ['8', 'A@X.CO', '2025-06-11', 'yes'],
      ['', 'a@x.co', '2025-06-31', ''],
      ['=2+2', '', '2025-06-12', 'maybe'],
    ]);
    expect(read).toBe(3);
    expect(rows).toEqual([
      {
        row: 2,
        employee: 'a@x.co',
        day: { date: '2025-06-11', hours: 8, restDay: null, publicHoliday: true },
      },
    ]);
    expect(errors.map((e) => [e.row, e.field])).toEqual([
      [3, 'date'],
      [3, 'hours'],
      [4, 'employee'],
      [4, 'hours'],
      [4, 'publicHoliday'],
    ]);
  });

  it('names a missing required column and an unknown one on the header row', () => {
    const { errors } = readImportRecords([['employee', 'day', 'hours']]);
    expect(errors.map((e) => [e.row, e.field])).toEqual([
      [1, 'file'],
      [1, 'date'],
    ]);
  });
});

const frozen = (name: string) => `${name} frozen`;

describe('importProblems', () => {
  it("checks each employee's rows as one month: before hire, twice, unknown", () => {
    const { rows } = readImportRecords([
      ['employee', 'date', 'hours'],
      ['a@x.co', '2025-06-09', '8'],
      ['a@x.co', '2025-06-11', '8'],
      ['a@x.co', '2025-06-11', '7'],
      ['b@x.co', '2025-06-11', '7'],
    ]);
    const errors = importProblems(rows, { year: 2025, month: 6 }, new Map([['a@x.co', who]]), frozen);
    expect(errors.map((e) => [e.row, e.field])).toEqual([
      [2, 'date'],
      [4, 'date'],
      [5, 'employee'],
    ]);
  });

  it("checks an unknown employee's other cells too: a 13-hour day and a date twice", () => {
    const { rows } = readImportRecords([
      ['employee', 'date', 'hours'],
      ['b@x.co', '2025-06-11', '13'],
      ['b@x.co', '2025-06-11', '7'],
      ['b@x.co', '2025-07-01', '7'],
    ]);
    const errors = importProblems(rows, { year: 2025, month: 6 }, new Map([['a@x.co', who]]), frozen);
    expect(errors.map((e) => [e.row, e.field])).toEqual(
      expect.arrayContaining([
        [2, 'employee'],
        [2, 'hours'],
        [3, 'employee'],
        [3, 'date'],
        [4, 'employee'],
        [4, 'date'],
      ]),
    );
    expect(errors).toHaveLength(6);
  });

  it("names the person whose month's payslip is processed", () => {
    const { rows } = readImportRecords([
      ['employee', 'date', 'hours'],
      ['a@x.co', '2025-06-11', '8'],
    ]);
    const errors = importProblems(
      rows,
      { year: 2025, month: 6 },
      new Map([['a@x.co', { ...who, frozen: true }]]),
      frozen,
    );
    expect(errors).toEqual([{ row: 2, field: 'employee', message: 'Ah Seng frozen' }]);
  });
});
