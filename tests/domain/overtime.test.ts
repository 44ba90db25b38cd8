import { describe, expect, it } from 'vitest';
import {
  DAY_LIMIT_MESSAGE,
  isCovered,
  MONTH_LIMIT_MESSAGE,
  monthOvertime,
  type TimesheetDay,
  timesheetLimitProblems,
  timesheetPayItems,
} from '../../src/domain/overtime';

/**
 * Worked examples from issue 36's vectors and MOM's rules (docs/payroll.md, "Overtime"); every
 * expected figure is a hand calculation written beside it.
 */
const week44 = { daysPerWeek: 5, normalHoursPerDay: 8.8 };
const workman = { workman: true, ...week44 };
const nonWorkman = { workman: false, ...week44 };

/** `count` ordinary days in June 2025 of `hours` each. */
const days = (count: number, hours: number): TimesheetDay[] =>
  Array.from({ length: count }, (_, i) => ({ date: `2025-06-${String(i + 2).padStart(2, '0')}`, hours }));

describe('who Part IV covers (MOM: workmen up to $4,500, others up to $2,600 basic)', () => {
  it('draws the line at the ceiling itself', () => {
    expect(isCovered(true, 450_000)).toBe(true);
    expect(isCovered(true, 450_001)).toBe(false);
    expect(isCovered(false, 260_000)).toBe(true);
    expect(isCovered(false, 260_001)).toBe(false);
  });
});

describe('the issue vectors', () => {
  it('a workman on $2,288, 44-hour week: $12.00 an hour, 10 overtime hours = $180.00', () => {
    // 12 x 2288 / (52 x 44) = 27456 / 2288 = 12.00; 10 x 1.5 x 12.00 = 180.00
    const result = monthOvertime(days(10, 9.8), workman, 228_800);
    expect(result).toEqual({
      covered: true,
      hourlyBasicRate: 1200,
      overtimeHours: 10,
      overtimeRate: 1800,
      overtimePay: 18_000,
      restDayPay: 0,
      publicHolidayPay: 0,
    });
  });

  it('a non-workman on $2,288 is covered with the rate capped at the $2,250 rate', () => {
    // 12 x 2250 / 2288 = 11.8007 an hour (MOM quotes $11.80); x 1.5 = 17.701;
    // 10 hours = 177.0105, rounded once: $177.01, less than $180.00
    const result = monthOvertime(days(10, 9.8), nonWorkman, 228_800);
    expect(result.covered).toBe(true);
    expect(result.hourlyBasicRate).toBe(1200);
    expect(result.overtimeRate).toBe(1770);
    expect(result.overtimePay).toBe(17_701);
  });

  it('a non-workman on $2,700 is not covered: no statutory overtime', () => {
    const result = monthOvertime(days(10, 9.8), nonWorkman, 270_000);
    expect(result).toMatchObject({ covered: false, overtimePay: 0, restDayPay: 0, publicHolidayPay: 0 });
    expect(result.overtimeHours).toBe(10);
  });

  it('refuses 13 hours on one day, naming the limit', () => {
    const sheet = [...days(2, 8), { date: '2025-06-20', hours: 13 }];
    expect(timesheetLimitProblems(sheet, workman, false)).toEqual([{ index: 2, message: DAY_LIMIT_MESSAGE }]);
    expect(timesheetLimitProblems(days(1, 12), workman, false)).toEqual([]);
  });

  it('refuses 73 overtime hours in a month unless MOM exempted the employee', () => {
    // 24 days x 3 hours beyond 8.8 = 72 hours: allowed; one more hour on another day: 73
    const sheet72 = days(24, 11.8);
    expect(timesheetLimitProblems(sheet72, workman, false)).toEqual([]);
    const sheet73 = [...sheet72, { date: '2025-06-30', hours: 9.8 }];
    expect(timesheetLimitProblems(sheet73, workman, false)).toEqual([
      { index: null, message: MONTH_LIMIT_MESSAGE },
    ]);
    expect(timesheetLimitProblems(sheet73, workman, true)).toEqual([]);
  });
});

describe('rest-day work (MOM: by who asked and for how long)', () => {
  // A day's basic rate for $2,288 on a 5-day week: 12 x 2288 / (52 x 5) = 105.60
  const restDay = (hours: number, restDay: 'EMPLOYEE_REQUEST' | 'EMPLOYER_REQUEST') => [
    { date: '2025-06-01', hours, restDay },
  ];

  it("at the employee's request: half a day's salary up to half the normal hours, one day beyond", () => {
    expect(monthOvertime(restDay(4.4, 'EMPLOYEE_REQUEST'), workman, 228_800).restDayPay).toBe(5280);
    expect(monthOvertime(restDay(4.5, 'EMPLOYEE_REQUEST'), workman, 228_800).restDayPay).toBe(10_560);
  });

  it("at the employer's request: one day's salary up to half the normal hours, two days' beyond", () => {
    expect(monthOvertime(restDay(4, 'EMPLOYER_REQUEST'), workman, 228_800).restDayPay).toBe(10_560);
    expect(monthOvertime(restDay(6, 'EMPLOYER_REQUEST'), workman, 228_800).restDayPay).toBe(21_120);
  });

  it('pays the hours beyond the normal hours as overtime on top', () => {
    // 10 hours at the employer's request: 2 x 105.60 = 211.20, plus 1.2 h x 18.00 = 21.60
    const result = monthOvertime(restDay(10, 'EMPLOYER_REQUEST'), workman, 228_800);
    expect(result.restDayPay).toBe(21_120);
    expect(result.overtimeHours).toBe(1.2);
    expect(result.overtimePay).toBe(2160);
  });
});

describe('public-holiday work (MOM: an extra day at the basic rate, overtime beyond normal hours)', () => {
  it("pays an extra day's basic salary and the hours beyond normal as overtime", () => {
    // 105.60 for the day; 10 - 8.8 = 1.2 h x 18.00 = 21.60
    const result = monthOvertime([{ date: '2025-06-07', hours: 10, publicHoliday: true }], workman, 228_800);
    expect(result.publicHolidayPay).toBe(10_560);
    expect(result.overtimePay).toBe(2160);
  });

  it('pays nothing extra for a holiday not worked', () => {
    expect(
      monthOvertime([{ date: '2025-06-07', hours: 0, publicHoliday: true }], workman, 228_800)
        .publicHolidayPay,
    ).toBe(0);
  });
});

describe('other work patterns', () => {
  it('a 5.5-day week of 8 hours is 44 hours: same hourly rate, a day is 1/5.5 of the week', () => {
    // 12 x 2288 / (52 x 44) = 12.00; 12 x 2288 / (52 x 5.5) = 96.00
    const pattern = { workman: true, daysPerWeek: 5.5, normalHoursPerDay: 8 };
    const result = monthOvertime(
      [{ date: '2025-06-01', hours: 8, restDay: 'EMPLOYER_REQUEST' }],
      pattern,
      228_800,
    );
    expect(result.hourlyBasicRate).toBe(1200);
    expect(result.restDayPay).toBe(19_200);
  });

  it('a 40-hour week divides by 40; a longer one by the 44 the Act allows', () => {
    // 12 x 2080 / (52 x 40) = 12.00; 12 x 2288 / (52 x 44) = 12.00 for a 6 x 9 = 54-hour pattern
    expect(
      monthOvertime([], { workman: true, daysPerWeek: 5, normalHoursPerDay: 8 }, 208_000).hourlyBasicRate,
    ).toBe(1200);
    expect(
      monthOvertime([], { workman: true, daysPerWeek: 6, normalHoursPerDay: 9 }, 228_800).hourlyBasicRate,
    ).toBe(1200);
  });
});

describe("the timesheet's pay items (issue 36 item 4)", () => {
  it('a workman on $2,288 with 10 overtime hours: one OVERTIME item of $180.00 for 10 hours', () => {
    // 12 x 2288 / (52 x 44) = 12.00 an hour; 1.5 x 12.00 x 10 = 180.00
    expect(timesheetPayItems(days(10, 9.8), workman, 228_800)).toEqual([
      { type: 'OVERTIME', amountCents: 18_000, hours: 10 },
    ]);
  });

  it('rest-day and holiday work become OFFDAY and PUBLIC_HOLIDAY items with the hours worked', () => {
    // A day is 12 x 2288 / (52 x 5) = 105.60. Sunday 6 h at the employer's request: two days, 211.20.
    // A holiday worked 8 h: an extra day, 105.60. Neither passes 8.8 h, so no overtime.
    const items = timesheetPayItems(
      [
        { date: '2025-06-01', hours: 6, restDay: 'EMPLOYER_REQUEST' },
        { date: '2025-06-07', hours: 8, publicHoliday: true },
      ],
      workman,
      228_800,
    );
    expect(items).toEqual([
      { type: 'OFFDAY', amountCents: 21_120, hours: 6 },
      { type: 'PUBLIC_HOLIDAY', amountCents: 10_560, hours: 8 },
    ]);
  });

  it('no item for work within normal hours, nor for anyone Part IV does not cover', () => {
    expect(timesheetPayItems(days(20, 8.8), workman, 228_800)).toEqual([]);
    expect(timesheetPayItems(days(10, 9.8), nonWorkman, 270_000)).toEqual([]);
  });
});
