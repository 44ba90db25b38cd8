import { describe, expect, it } from 'vitest';
import {
  availableDays,
  displayBalance,
  firstShortfall,
  formatDays,
  insufficientBalanceMessage,
  leaveTypeColumnName,
} from '../../src/domain/leave-balance';

// The balance arithmetic every screen, the API and the PDF read; until now only the views and the API
// suites checked it, and a mutation run of the domain tests found no test covering any of it.

describe('leave balance arithmetic', () => {
  it("is the year's allowance plus carried-in days, less approved and pending days; no limit is null", () => {
    expect(availableDays({ totalDays: 14, carriedDays: 3, approvedDays: 5, pendingDays: 2 })).toBe(10);
    expect(availableDays({ totalDays: 14, approvedDays: 5, pendingDays: 2 })).toBe(7);
    expect(availableDays({ totalDays: 2, approvedDays: 3, pendingDays: 0.5 })).toBe(-1.5);
    expect(availableDays({ totalDays: null, carriedDays: 3, approvedDays: 5, pendingDays: 2 })).toBeNull();
  });

  it('finds the first year a request would overdraw, with what is left there (never below zero)', () => {
    const figures = {
      2026: { totalDays: 14, approvedDays: 10, pendingDays: 0 },
      2027: { totalDays: 14, approvedDays: 16, pendingDays: 0 },
    } as const;
    const balanceOf = (year: number) => figures[year as 2026 | 2027];
    expect(firstShortfall([{ year: 2026, days: 4 }], balanceOf)).toBeUndefined();
    expect(firstShortfall([{ year: 2026, days: 4.5 }], balanceOf)).toEqual({ year: 2026, available: 4 });
    expect(
      firstShortfall(
        [
          { year: 2026, days: 2 },
          { year: 2027, days: 1 },
        ],
        balanceOf,
      ),
    ).toEqual({ year: 2027, available: 0 });
    expect(
      firstShortfall([{ year: 2026, days: 400 }], () => ({
        totalDays: null,
        approvedDays: 0,
        pendingDays: 0,
      })),
    ).toBeUndefined();
  });

  it('words the refusal with the type, the year and the days left, pointing to Unpaid Leave', () => {
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(0.5)).toBe('0.5 days');
    expect(formatDays(0)).toBe('0 days');
    expect(insufficientBalanceMessage('Annual Leave', 2026, 1)).toBe(
      'Not enough Annual Leave balance for 2026: 1 day available. Please request Unpaid Leave instead.',
    );
  });

  it('shows a dash for no limit, and heads a column with the type name less its last word', () => {
    expect(displayBalance(null)).toBe('-');
    expect(displayBalance(0)).toBe('0');
    expect(displayBalance(7.5)).toBe('7.5');
    expect(leaveTypeColumnName('Annual Leave')).toBe('Annual');
    expect(leaveTypeColumnName('  Child Care  Leave ')).toBe('Child Care');
    expect(leaveTypeColumnName('Compassionate')).toBe('Compassionate');
  });
});
