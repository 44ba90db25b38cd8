import {
  PayrollInputError,
  unpaidLeaveDeductionCents,
  workingDaysInMonth,
} from '../../../src/domain/payroll';

// Working days per month computed in shared/leave/sg-leave-facts.md section 3.4.
const fiveDay = {
  2025: [23, 20, 21, 22, 22, 21, 23, 21, 22, 23, 20, 23],
  2026: [22, 20, 22, 22, 21, 22, 23, 21, 22, 22, 21, 23],
  2027: [21, 20, 23, 22, 21, 22, 22, 22, 22, 21, 22, 23],
};
const sixDay = {
  2025: [27, 24, 26, 26, 27, 25, 27, 26, 26, 27, 25, 27],
  2026: [27, 24, 26, 26, 26, 26, 27, 26, 26, 27, 25, 27],
  2027: [26, 24, 27, 26, 26, 26, 27, 26, 26, 26, 26, 27],
};

describe('workingDaysInMonth', () => {
  it.each(Object.entries(fiveDay))('matches the 5-day table for %s', (year, counts) => {
    expect(counts.map((_, index) => workingDaysInMonth(Number(year), index + 1))).toEqual(counts);
  });

  it.each(Object.entries(sixDay))('matches the 6-day table for %s', (year, counts) => {
    expect(counts.map((_, index) => workingDaysInMonth(Number(year), index + 1, [1, 2, 3, 4, 5, 6]))).toEqual(
      counts,
    );
  });

  it('reads Sunday as 0 or 7', () => {
    expect(workingDaysInMonth(2026, 3, [0])).toBe(workingDaysInMonth(2026, 3, [7]));
    expect(workingDaysInMonth(2026, 3, [0])).toBe(5);
  });
});

describe('unpaidLeaveDeductionCents', () => {
  it('is monthly basic x unpaid days / working days, rounded down to the cent', () => {
    // $3,000 x 2 / 22 (March 2026) = $272.7272... -> $272.72.
    expect(
      unpaidLeaveDeductionCents({ basicSalaryCents: 300_000, unpaidDays: 2, year: 2026, month: 3 }),
    ).toBe(27_272);
    // Half a day in February 2026 (20 days): $4,000 x 0.5 / 20 = $100.
    expect(
      unpaidLeaveDeductionCents({ basicSalaryCents: 400_000, unpaidDays: 0.5, year: 2026, month: 2 }),
    ).toBe(10_000);
    // A 6-day week in March 2026 (26 days): $2,600 x 3 / 26 = $300.
    expect(
      unpaidLeaveDeductionCents({
        basicSalaryCents: 260_000,
        unpaidDays: 3,
        year: 2026,
        month: 3,
        workingWeekdays: [1, 2, 3, 4, 5, 6],
      }),
    ).toBe(30_000);
  });

  it('takes the whole salary for a month entirely unpaid, and nothing for none', () => {
    const month = { basicSalaryCents: 345_678, year: 2025, month: 11 };
    expect(unpaidLeaveDeductionCents({ ...month, unpaidDays: 20 })).toBe(345_678);
    expect(unpaidLeaveDeductionCents({ ...month, unpaidDays: 0 })).toBe(0);
  });

  it('refuses days the month does not have and odd fractions', () => {
    const month = { basicSalaryCents: 300_000, year: 2026, month: 2 };
    expect(() => unpaidLeaveDeductionCents({ ...month, unpaidDays: 20.5 })).toThrow(
      /exceeds the 20 working days of 2026-02/,
    );
    expect(() => unpaidLeaveDeductionCents({ ...month, unpaidDays: 1.25 })).toThrow(/multiple of 0.5/);
    expect(() => unpaidLeaveDeductionCents({ ...month, unpaidDays: -1 })).toThrow(PayrollInputError);
    expect(() => unpaidLeaveDeductionCents({ ...month, unpaidDays: 1, workingWeekdays: [] })).toThrow(
      /at least one day/,
    );
    expect(() => unpaidLeaveDeductionCents({ ...month, unpaidDays: 1, workingWeekdays: [8] })).toThrow(
      /workingWeekdays holds 8/,
    );
    expect(() => unpaidLeaveDeductionCents({ ...month, basicSalaryCents: -1, unpaidDays: 1 })).toThrow(
      /basicSalaryCents/,
    );
  });
});
