import { describe, expect, it } from 'vitest';
import {
  changedOver20,
  previousPeriod,
  usersOverALimit,
  varianceReport,
} from '../../../src/domain/payroll/variance';

// Issue 39 item 3: per employee, this month against last month (gross, CPF, net), flagged for a
// change over 20%, a joiner, a leaver and a first pay; totals against last month. Figures by hand.

const payslip = (userId: number, grossCents: number, cpfCents: number, netCents: number) => ({
  userId,
  name: `Person ${userId}`,
  grossCents,
  cpfCents,
  netCents,
});
const employee = (
  row: ReturnType<typeof payslip>,
  dates: { hireDate?: string; lastDayOfService?: string } = {},
) => ({ ...row, hireDate: dates.hireDate ?? '2020-01-06', lastDayOfService: dates.lastDayOfService ?? null });

const march = { year: 2026, month: 3 };

describe('the variance of a month against the one before', () => {
  it('flags a planted 25% rise in gross and not a 15% one', () => {
    // $4,000 -> $5,000 is +25%; $4,000 -> $4,600 is +15%. CPF and net moved with them in proportion.
    const report = varianceReport(
      march,
      [employee(payslip(1, 500_000, 185_000, 400_000)), employee(payslip(2, 460_000, 170_200, 368_000))],
      [payslip(1, 400_000, 148_000, 320_000), payslip(2, 400_000, 148_000, 320_000)],
    );
    expect(report.rows.map((row) => row.flags)).toEqual([['CHANGE_OVER_20'], []]);
    expect(report.rows[0]?.gross).toEqual({ current: 500_000, previous: 400_000 });
  });

  it('any one of gross, CPF or net changing by more than 20% flags, either way', () => {
    // Gross the same, CPF down from $1,480 to $1,100 (-25.7%).
    const cpfDown = varianceReport(
      march,
      [employee(payslip(1, 400_000, 110_000, 320_000))],
      [payslip(1, 400_000, 148_000, 320_000)],
    );
    expect(cpfDown.rows[0]?.flags).toEqual(['CHANGE_OVER_20']);
    // Net down from $3,200 to $2,500 (-21.9%).
    const netDown = varianceReport(
      march,
      [employee(payslip(1, 400_000, 148_000, 250_000))],
      [payslip(1, 400_000, 148_000, 320_000)],
    );
    expect(netDown.rows[0]?.flags).toEqual(['CHANGE_OVER_20']);
  });

  it('exactly 20% is not over 20%; a cent more is', () => {
    expect(changedOver20(120_000, 100_000)).toBe(false);
    expect(changedOver20(120_001, 100_000)).toBe(true);
    expect(changedOver20(80_000, 100_000)).toBe(false);
    expect(changedOver20(79_999, 100_000)).toBe(true);
    expect(changedOver20(1, 0)).toBe(true);
    expect(changedOver20(0, 0)).toBe(false);
  });

  it('a joiner hired in the month is a first pay too; a leaver whose last day is in the month', () => {
    const report = varianceReport(
      march,
      [
        employee(payslip(1, 300_000, 111_000, 240_000), { hireDate: '2026-03-02' }),
        employee(payslip(2, 400_000, 148_000, 320_000), { lastDayOfService: '2026-03-31' }),
        // Hired in February but first paid in March.
        employee(payslip(3, 400_000, 148_000, 320_000), { hireDate: '2026-02-16' }),
      ],
      [payslip(2, 400_000, 148_000, 320_000)],
    );
    expect(report.rows.map((row) => row.flags)).toEqual([['JOINER', 'FIRST_PAY'], ['LEAVER'], ['FIRST_PAY']]);
    expect(report.rows[0]?.gross.previous).toBeNull();
  });

  it('totals this month against last month', () => {
    const report = varianceReport(
      march,
      [employee(payslip(1, 500_000, 185_000, 400_000)), employee(payslip(2, 300_000, 111_000, 240_000))],
      [payslip(1, 400_000, 148_000, 320_000)],
    );
    expect(report.totals).toEqual({
      headcount: { current: 2, previous: 1 },
      gross: { current: 800_000, previous: 400_000 },
      cpf: { current: 296_000, previous: 148_000 },
      net: { current: 640_000, previous: 320_000 },
    });
  });

  it('last month of January is December of the year before', () => {
    expect(previousPeriod({ year: 2026, month: 1 })).toEqual({ year: 2025, month: 12 });
    expect(previousPeriod(march)).toEqual({ year: 2026, month: 2 });
  });
});

// Issue 39 item 3, "items over a limit": claims over their type's limits, overtime over the Employment
// Act's 72 hours a month (s.38) without MOM's exemption.
describe('items over a limit', () => {
  const claim = (
    userId: number,
    amountCents: number,
    limits: { perClaim?: number; monthly?: number },
    date = '2025-03-10',
  ) => ({
    userId,
    claimTypeId: 1,
    date,
    amountCents,
    perClaimLimitCents: limits.perClaim ?? null,
    monthlyLimitCents: limits.monthly ?? null,
  });

  it('flags a claim over the per-claim limit, and claims of one month over the monthly limit together', () => {
    expect([
      ...usersOverALimit(
        [claim(1, 10_001, { perClaim: 10_000 }), claim(2, 10_000, { perClaim: 10_000 })],
        [],
      ),
    ]).toEqual([1]);
    // $60 + $50 of March against a $100 monthly limit: over. $60 in March and $50 in February: not.
    expect([
      ...usersOverALimit([claim(3, 6_000, { monthly: 10_000 }), claim(3, 5_000, { monthly: 10_000 })], []),
    ]).toEqual([3]);
    expect([
      ...usersOverALimit(
        [claim(4, 6_000, { monthly: 10_000 }), claim(4, 5_000, { monthly: 10_000 }, '2025-02-27')],
        [],
      ),
    ]).toEqual([]);
  });

  it('flags more than 72 overtime hours unless exempted; 72 exactly is within', () => {
    const flagged = usersOverALimit(
      [],
      [
        { userId: 5, hours: 72.5, exempt: false },
        { userId: 6, hours: 72, exempt: false },
        { userId: 7, hours: 90, exempt: true },
      ],
    );
    expect([...flagged]).toEqual([5]);
  });

  it('the report carries the flag for those employees only', () => {
    const employee = (userId: number) => ({
      userId,
      name: `E${userId}`,
      grossCents: 500_000,
      cpfCents: 185_000,
      netCents: 400_000,
      hireDate: '2020-01-06',
      lastDayOfService: null,
    });
    const report = varianceReport(
      { year: 2025, month: 3 },
      [employee(1), employee(2)],
      [employee(1), employee(2)],
      new Set([2]),
    );
    expect(report.rows.map((row) => row.flags)).toEqual([[], ['OVER_A_LIMIT']]);
  });
});
