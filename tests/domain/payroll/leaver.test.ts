import { describe, expect, it } from 'vitest';
import {
  computePayslip,
  daysAtGrossRateCents,
  encashableLeaveDays,
  incompleteMonth,
  noticeInLieu,
} from '../../../src/domain/payroll';

// Expectations are counted by hand on a March 2026 calendar (1 March is a Sunday) from the MOM formulas
// the issue names: salary = monthly gross x days worked / working days; a day's gross rate for notice and
// leave = 12 x monthly / (52 x days a week).
const FIVE_DAY = { daysPerWeek: 5, restDay: 'SUNDAY' } as const;
const SIX_DAY = { daysPerWeek: 6, restDay: 'SUNDAY' } as const;
const FIVE_AND_A_HALF = { daysPerWeek: 5.5, restDay: 'SUNDAY' } as const;
const march = { year: 2026, month: 3 } as const;

describe('salary for an incomplete month (EA s.20A)', () => {
  it("pays the issue's leaver 10 of 22 working days: $2,000.00, CPF $740.00 of which $400.00 the employee's", () => {
    const result = incompleteMonth({
      ...march,
      monthlyCents: 440_000,
      pattern: FIVE_DAY,
      hireDate: '2019-07-01',
      lastDay: '2026-03-13',
    });
    expect(result).toEqual({ workingDays: 22, workedDays: 10, deductionCents: 240_000 });
    const payslip = computePayslip({
      ...march,
      basicSalaryCents: 440_000,
      items: [{ kind: 'DEDUCTION', type: 'INCOMPLETE_MONTH', amountCents: result.deductionCents }],
      cpf: { residency: 'SC', ageBand: 'LE55' },
      selfHelpGroup: 'NONE',
    });
    expect(payslip.grossPayCents).toBe(200_000);
    expect(payslip.employeeCpfCents + payslip.employerCpfCents).toBe(74_000);
    expect(payslip.employeeCpfCents).toBe(40_000);
  });

  it('counts a 6-day week: Monday to Saturday, 12 of 26 days to Saturday 14 March', () => {
    const result = incompleteMonth({
      ...march,
      monthlyCents: 260_000,
      pattern: SIX_DAY,
      hireDate: '2019-07-01',
      lastDay: '2026-03-14',
    });
    // $2,600 x 12 / 26 = $1,200 paid; $1,400 deducted.
    expect(result).toEqual({ workingDays: 26, workedDays: 12, deductionCents: 140_000 });
  });

  it("counts a 5.5-day week's Saturday as half a day", () => {
    const result = incompleteMonth({
      ...march,
      monthlyCents: 440_000,
      pattern: FIVE_AND_A_HALF,
      hireDate: '2019-07-01',
      lastDay: '2026-03-13',
    });
    // 22 weekdays + 4 half Saturdays = 24; worked 10 weekdays + Saturday 7 March = 10.5; $4,400 x 10.5 / 24 = $1,925.
    expect(result).toEqual({ workingDays: 24, workedDays: 10.5, deductionCents: 247_500 });
  });

  it('pays a joiner from the hire date, and one who joins and leaves in the month between both', () => {
    const joiner = incompleteMonth({
      ...march,
      monthlyCents: 440_000,
      pattern: FIVE_DAY,
      hireDate: '2026-03-16',
      lastDay: null,
    });
    // 16-20, 23-27, 30-31 March: 12 days, $2,400 paid.
    expect(joiner).toEqual({ workingDays: 22, workedDays: 12, deductionCents: 200_000 });
    const both = incompleteMonth({
      ...march,
      monthlyCents: 440_000,
      pattern: FIVE_DAY,
      hireDate: '2026-03-09',
      lastDay: '2026-03-20',
    });
    expect(both).toEqual({ workingDays: 22, workedDays: 10, deductionCents: 240_000 });
  });

  it('deducts nothing for a whole month, and rounds a deduction down to the cent', () => {
    const whole = { ...march, pattern: FIVE_DAY, hireDate: '2019-07-01', lastDay: '2026-03-31' };
    expect(incompleteMonth({ ...whole, monthlyCents: 440_000 }).deductionCents).toBe(0);
    // $3,333.33 x 1 / 22 = $151.5150: $151.51 deducted.
    expect(incompleteMonth({ ...whole, monthlyCents: 333_333, lastDay: '2026-03-30' }).deductionCents).toBe(
      15_151,
    );
  });
});

describe('notice in lieu (EA s.11)', () => {
  // 4 weeks' notice given Monday 2 March ends Sunday 29 March; the last day is Friday 13 March.
  const unserved = {
    monthlyCents: 440_000,
    pattern: FIVE_DAY,
    lastDay: '2026-03-13',
    noticeEnds: '2026-03-29',
    noticeServed: false,
  };

  it("pays the employer's side's unserved notice: 10 working days at $4,400 x 12 / 260 a day", () => {
    // 52,800 / 260 = 203.0769...; x 10 = 2,030.769 -> $2,030.77.
    expect(noticeInLieu({ ...unserved, reason: 'TERMINATION' })).toEqual({
      type: 'NOTICE_PAY',
      days: 10,
      amountCents: 203_077,
    });
  });

  it('deducts the same from an employee who resigns without serving it', () => {
    expect(noticeInLieu({ ...unserved, reason: 'RESIGNATION' })).toEqual({
      type: 'NOTICE_DEDUCTION',
      days: 10,
      amountCents: 203_077,
    });
  });

  it('is nothing when notice is served or the last day is at its end', () => {
    expect(noticeInLieu({ ...unserved, reason: 'TERMINATION', noticeServed: true })).toBeNull();
    expect(noticeInLieu({ ...unserved, reason: 'TERMINATION', lastDay: '2026-03-29' })).toBeNull();
  });

  it('pays a full unserved week as a week at any pattern', () => {
    // Six days at $2,600 x 12 / (52 x 6) = $100 a day.
    expect(daysAtGrossRateCents(260_000, 6, 6)).toBe(60_000);
  });
});

describe('annual leave encashment (EA s.88A)', () => {
  it('prorates the leaving year by completed months: 14 days, 2 months to 13 March = 2.33 -> 2 days', () => {
    expect(
      encashableLeaveDays({
        fullYearDays: 14,
        hireDate: '2018-06-01',
        lastDay: '2026-03-13',
        carriedDays: 0,
        takenDays: 0,
      }),
    ).toBe(2);
  });

  it('adds carried days and takes off days taken: 14 x 6 / 12 = 7, + 3 - 4 = 6 days, $1,218.46', () => {
    const days = encashableLeaveDays({
      fullYearDays: 14,
      hireDate: '2018-06-01',
      lastDay: '2026-06-30',
      carriedDays: 3,
      takenDays: 4,
    });
    expect(days).toBe(6);
    // 6 x 52,800 / 260 = 1,218.4615...
    expect(daysAtGrossRateCents(440_000, 5, days)).toBe(121_846);
  });

  it('rounds a half day or more up (7 x 5 / 12 = 2.92 -> 3) and never goes below nothing', () => {
    const base = { hireDate: '2018-06-01', lastDay: '2026-05-31', carriedDays: 0 };
    expect(encashableLeaveDays({ ...base, fullYearDays: 7, takenDays: 0 })).toBe(3);
    expect(encashableLeaveDays({ ...base, fullYearDays: 7, takenDays: 5 })).toBe(0);
  });

  it('gives none before 3 completed months of service', () => {
    expect(
      encashableLeaveDays({
        fullYearDays: 7,
        hireDate: '2026-01-05',
        lastDay: '2026-03-20',
        carriedDays: 0,
        takenDays: 0,
      }),
    ).toBe(0);
  });
});

describe('the leaving month on the payslip', () => {
  it('pays notice in lieu outside CPF and leave encashment as an additional wage', () => {
    const payslip = computePayslip({
      ...march,
      basicSalaryCents: 440_000,
      items: [
        { kind: 'DEDUCTION', type: 'INCOMPLETE_MONTH', amountCents: 240_000 },
        { kind: 'OTHER_ADDITION', type: 'NOTICE_PAY', amountCents: 203_077 },
        { kind: 'BONUS', type: 'ANNUAL_LEAVE_ENCASHMENT', amountCents: 40_615 },
      ],
      cpf: { residency: 'SC', ageBand: 'LE55' },
      selfHelpGroup: 'NONE',
    });
    expect(payslip.ordinaryWageCents).toBe(200_000);
    expect(payslip.additionalWageCents).toBe(40_615);
    // CPF on $2,406.15 of wages at 37%, the employee's 20%: $890.28 rounds to $890; the employee's $481.23 down to $481.
    expect(payslip.employeeCpfCents + payslip.employerCpfCents).toBe(89_000);
    expect(payslip.employeeCpfCents).toBe(48_100);
    // Net pay: wages less the employee's CPF; the notice pay is paid beside it.
    expect(payslip.netPayableCents).toBe(240_615 - 48_100 + 203_077);
  });

  it('recovers a deduction in lieu of notice from net pay, after CPF', () => {
    const payslip = computePayslip({
      ...march,
      basicSalaryCents: 440_000,
      items: [
        { kind: 'DEDUCTION', type: 'INCOMPLETE_MONTH', amountCents: 240_000 },
        { kind: 'OTHER_DEDUCTION', type: 'NOTICE_DEDUCTION', amountCents: 50_000 },
      ],
      cpf: { residency: 'SC', ageBand: 'LE55' },
      selfHelpGroup: 'NONE',
    });
    expect(payslip.employeeCpfCents).toBe(40_000);
    expect(payslip.netPayableCents).toBe(200_000 - 40_000 - 50_000);
  });
});
