import { describe, expect, it } from 'vitest';
import { leaveDays } from '../../src/domain/leave-days';

describe('leave days (spec section 9)', () => {
  it('same day: 0.5 with the start flag and not the end flag, 1 without the start flag, else 0.5', () => {
    expect(leaveDays('2026-03-02', true, '2026-03-02', false)).toBe(0.5);
    expect(leaveDays('2026-03-02', false, '2026-03-02', false)).toBe(1);
    expect(leaveDays('2026-03-02', false, '2026-03-02', true)).toBe(1);
    expect(leaveDays('2026-03-02', true, '2026-03-02', true)).toBe(0.5);
  });

  it('different days: the day difference, +0.5 for the start flag, +0.5 without the end flag', () => {
    expect(leaveDays('2026-03-02', true, '2026-03-04', false)).toBe(3);
    expect(leaveDays('2026-03-02', false, '2026-03-04', false)).toBe(2.5);
    expect(leaveDays('2026-03-02', true, '2026-03-04', true)).toBe(2.5);
    expect(leaveDays('2026-03-02', false, '2026-03-04', true)).toBe(2);
  });

  it('counts across month and year ends and daylight-saving dates alike', () => {
    expect(leaveDays('2026-12-31', false, '2027-01-01', true)).toBe(1);
    expect(leaveDays('2026-03-28', false, '2026-03-30', true)).toBe(2);
  });
});
