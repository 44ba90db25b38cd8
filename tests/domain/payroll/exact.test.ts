import { floor, fromDecimal, mul, ratio, roundHalfUp } from '../../../src/domain/payroll/exact';

describe('exact arithmetic', () => {
  it('reads numbers as the decimals they were written as', () => {
    expect(fromDecimal(15.5)).toEqual(ratio(31n, 2n));
    expect(fromDecimal(0.345)).toEqual(ratio(345n, 1000n));
    expect(fromDecimal(1e-7)).toEqual(ratio(1n, 10_000_000n));
    expect(fromDecimal(2e21)).toEqual(ratio(2_000_000_000_000_000_000_000n));
    expect(fromDecimal(-12.5)).toEqual(ratio(-25n, 2n));
    expect(() => fromDecimal(Number.NaN)).toThrow(/finite/);
  });

  it('rounds the float trap of vector H11 the way CPF does', () => {
    expect(0.235 * 4300).toBeLessThan(1010.5); // the trap itself
    expect(roundHalfUp(mul(fromDecimal(0.235), ratio(4300n)))).toBe(1011n);
  });

  it('floors and rounds halves upward, negatives included', () => {
    expect(floor(ratio(7n, 2n))).toBe(3n);
    expect(floor(ratio(-7n, 2n))).toBe(-4n);
    expect(roundHalfUp(ratio(5n, 2n))).toBe(3n);
    expect(roundHalfUp(ratio(24_999n, 10_000n))).toBe(2n);
    expect(roundHalfUp(ratio(-5n, 2n))).toBe(-2n);
  });
});
