import { describe, expect, it } from 'vitest';
import {
  claimAmountProblem,
  claimDateProblem,
  claimLimitProblem,
  claimReceiptProblem,
  createClaimSchema,
} from '../../src/domain/claims';
import { canClaim, claimStatusesTagged, nextClaimStatus } from '../../src/domain/lifecycles/claim.lifecycle';

// Issue 37 item 2: each refusal names its rule; limits count pending claims; a 90-day window by default.

const transport = {
  name: 'Transport',
  perClaimLimitCents: 10_000,
  monthlyLimitCents: 20_000,
  yearlyLimitCents: 100_000,
};

describe('claim limits, pending claims counted', () => {
  it('accepts a claim that fits every limit exactly', () => {
    // $100 per claim; $150 used this month + $50 = $200, the monthly limit.
    expect(
      claimLimitProblem(
        transport,
        { date: '2026-03-10', amountCents: 5_000 },
        { usedInMonthCents: 15_000, usedInYearCents: 15_000 },
      ),
    ).toBeNull();
  });

  it('refuses over the per-claim limit, naming it', () => {
    const problem = claimLimitProblem(
      transport,
      { date: '2026-03-10', amountCents: 10_001 },
      { usedInMonthCents: 0, usedInYearCents: 0 },
    );
    expect(problem?.code).toBe('CLAIM_OVER_LIMIT');
    expect(problem?.message).toContain('$100.00');
  });

  it('refuses over the monthly limit with what remains this month', () => {
    // $200 a month, $150 pending or approved: $50 remains; $60 does not fit.
    const problem = claimLimitProblem(
      transport,
      { date: '2026-03-10', amountCents: 6_000 },
      { usedInMonthCents: 15_000, usedInYearCents: 15_000 },
    );
    expect(problem?.message).toContain('$200.00');
    expect(problem?.message).toContain('$50.00');
    expect(problem?.message).toContain('03/2026');
  });

  it('refuses over the yearly limit with what remains this year', () => {
    // $1,000 a year, $980 used in earlier months: $20 remains; $30 does not fit though the month is empty.
    const problem = claimLimitProblem(
      transport,
      { date: '2026-11-02', amountCents: 3_000 },
      { usedInMonthCents: 0, usedInYearCents: 98_000 },
    );
    expect(problem?.message).toContain('$1,000.00');
    expect(problem?.message).toContain('$20.00');
    expect(problem?.message).toContain('2026');
  });

  it('has no limit where none is set', () => {
    const open = {
      name: 'Others',
      perClaimLimitCents: null,
      monthlyLimitCents: null,
      yearlyLimitCents: null,
    };
    expect(
      claimLimitProblem(
        open,
        { date: '2026-01-01', amountCents: 9_999_999 },
        { usedInMonthCents: 1e9, usedInYearCents: 1e9 },
      ),
    ).toBeNull();
  });
});

describe('the expense date', () => {
  const today = '2026-05-20';
  it('refuses a date in the future', () => {
    expect(claimDateProblem('2026-05-21', { today, windowDays: 90 })?.code).toBe('CLAIM_DATE_IN_FUTURE');
    expect(claimDateProblem('2026-05-20', { today, windowDays: 90 })).toBeNull();
  });
  it('keeps to the window: 90 days back is the last day accepted', () => {
    // 20 May 2026 less 90 days is 19 February 2026.
    expect(claimDateProblem('2026-02-19', { today, windowDays: 90 })).toBeNull();
    const late = claimDateProblem('2026-02-18', { today, windowDays: 90 });
    expect(late?.code).toBe('CLAIM_OUTSIDE_WINDOW');
    expect(late?.message).toContain('90 days');
    expect(late?.message).toContain('19/02/2026');
  });
  it('keeps to the employment', () => {
    expect(claimDateProblem('2026-04-30', { today, windowDays: 90, hireDate: '2026-05-01' })?.code).toBe(
      'CLAIM_BEFORE_HIRE_DATE',
    );
    expect(
      claimDateProblem('2026-05-02', {
        today,
        windowDays: 90,
        hireDate: '2020-01-01',
        lastDayOfService: '2026-05-01',
      })?.code,
    ).toBe('CLAIM_AFTER_LAST_DAY');
  });
});

describe('amount and receipt', () => {
  it('refuses zero and negative amounts', () => {
    expect(claimAmountProblem(0)?.code).toBe('CLAIM_AMOUNT_NOT_POSITIVE');
    expect(claimAmountProblem(-1)?.code).toBe('CLAIM_AMOUNT_NOT_POSITIVE');
    expect(claimAmountProblem(1)).toBeNull();
  });
  it('wants a receipt only where the type requires one', () => {
    expect(claimReceiptProblem({ name: 'Medical', receiptRequired: true }, false)?.message).toContain(
      'Medical',
    );
    expect(claimReceiptProblem({ name: 'Medical', receiptRequired: true }, true)).toBeNull();
    expect(claimReceiptProblem({ name: 'Meals', receiptRequired: false }, false)).toBeNull();
  });
  it('takes dollars with two decimals and a description of at most 500 characters', () => {
    const base = { claimTypeId: 1, date: '2026-05-01', description: 'Taxi' };
    expect(createClaimSchema.safeParse({ ...base, amount: 12.34 }).success).toBe(true);
    expect(createClaimSchema.safeParse({ ...base, amount: 12.345 }).success).toBe(false);
    expect(createClaimSchema.safeParse({ ...base, amount: 1, description: 'x'.repeat(501) }).success).toBe(
      false,
    );
  });
});

describe('the claim lifecycle', () => {
  it('PENDING is decided or deleted; APPROVED is paid; the rest are final', () => {
    expect(nextClaimStatus('PENDING', 'claim.approve')).toBe('APPROVED');
    expect(nextClaimStatus('PENDING', 'claim.reject')).toBe('REJECTED');
    expect(canClaim('PENDING', 'claim.delete')).toBe(true);
    expect(nextClaimStatus('APPROVED', 'claim.pay')).toBe('PAID');
    expect(canClaim('APPROVED', 'claim.delete')).toBe(false);
    expect(canClaim('REJECTED', 'claim.approve')).toBe(false);
    expect(canClaim('PAID', 'claim.reject')).toBe(false);
  });
  it('counts pending, approved and paid claims against the limits, never rejected ones', () => {
    expect(new Set(claimStatusesTagged('countsAgainstLimits'))).toEqual(
      new Set(['PENDING', 'APPROVED', 'PAID']),
    );
  });
});
