import { PayrollInputError } from './errors';

/**
 * Exact rational numbers on BigInt. Money is integer cents and rates are decimal percentages, so
 * every step of a contribution is a fraction with a power-of-ten denominator; floating point would
 * misround figures such as 23.5% x $4,300 = $1,010.50 (vector H11).
 */
export interface Ratio {
  readonly num: bigint;
  /** Always positive. */
  readonly den: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) {
    [x, y] = [y, x % y];
  }
  return x;
};

export const ratio = (num: bigint, den = 1n): Ratio => {
  if (den === 0n) throw new RangeError('ratio with a zero denominator');
  const sign = den < 0n ? -1n : 1n;
  const divisor = gcd(num, den) || 1n;
  return { num: (sign * num) / divisor, den: (sign * den) / divisor };
};

export const ZERO = ratio(0n);

export const add = (a: Ratio, b: Ratio): Ratio => ratio(a.num * b.den + b.num * a.den, a.den * b.den);
export const mul = (a: Ratio, b: Ratio): Ratio => ratio(a.num * b.num, a.den * b.den);

/** Largest integer not above the value (BigInt division truncates toward zero, so adjust negatives). */
export const floor = (a: Ratio): bigint => {
  const quotient = a.num / a.den;
  return a.num < 0n && quotient * a.den !== a.num ? quotient - 1n : quotient;
};

/** Nearest integer, halves upward: CPF treats 50 cents as an additional dollar. */
export const roundHalfUp = (a: Ratio): bigint => floor(add(a, ratio(1n, 2n)));

/**
 * The exact decimal a JavaScript number was written as: `String(15.5)` is "15.5", so the value is
 * 155/10, not the binary double nearest to 15.5. Rates typed into forms arrive this way.
 */
export const fromDecimal = (value: number): Ratio => {
  if (!Number.isFinite(value)) throw new PayrollInputError(`Expected a finite number, got ${value}`);
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(value));
  if (!match) throw new PayrollInputError(`Cannot read ${value} as a decimal number`);
  const [, sign = '', whole = '0', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText) - fraction.length;
  const digits = BigInt(`${sign}${whole}${fraction}`);
  return exponent >= 0 ? ratio(digits * 10n ** BigInt(exponent)) : ratio(digits, 10n ** BigInt(-exponent));
};
