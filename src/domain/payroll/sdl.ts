import { PayrollInputError } from './errors';
import { assertCents } from './money';

/**
 * Skills Development Levy (SDL Act s.3, cpf-facts L5 and C10): 0.25% of the month's total wages,
 * at least $2, and not charged on wages above $4,500 (so at most $11.25). Every employee counts,
 * foreigners included.
 */
export const sdlRules = {
  since: '2008-10',
  source: 'C10 (CPF Board), L5 (SDL Act s.3)',
  /** 0.25% = 1/400. */
  rateDenominator: 400,
  minimumCents: 200,
  chargeableUpToCents: 450_000,
} as const;

/**
 * The levy for one employee for the month, in cents. CPF does not round it per employee, so it can
 * hold fractions of a cent (always a whole number of 1/400 cent); only the employer's total is
 * rounded, by sdlPayableCents. A month without wages carries no levy.
 */
export const sdlCents = (totalWageCents: number): number => {
  const wages = assertCents('totalWageCents', totalWageCents);
  if (wages === 0) return 0;
  const chargeable = Math.min(wages, sdlRules.chargeableUpToCents);
  return Math.max(sdlRules.minimumCents, chargeable / sdlRules.rateDenominator);
};

/**
 * The employer's levy for the month: the employees' levies added up and rounded down to the dollar
 * (C10). Each levy is a whole number of 1/400 cent, so the sum is taken on those exact units and a
 * sum of floating-point fractions cannot drop a dollar.
 */
export const sdlPayableCents = (perEmployee: readonly number[]): number => {
  if (!Array.isArray(perEmployee))
    throw new PayrollInputError('perEmployee must be an array of levies in cents');
  let units = 0n;
  perEmployee.forEach((levy, index) => {
    const scaled = typeof levy === 'number' ? levy * sdlRules.rateDenominator : Number.NaN;
    const whole = Math.round(scaled);
    if (!(levy >= 0) || !Number.isSafeInteger(whole) || Math.abs(scaled - whole) > 1e-6) {
      throw new PayrollInputError(
        `perEmployee[${index}] must be a levy from sdlCents (a non-negative multiple of 1/400 cent), got ${String(levy)}`,
      );
    }
    units += BigInt(whole);
  });
  const unitsPerDollar = BigInt(100 * sdlRules.rateDenominator);
  return Number((units / unitsPerDollar) * 100n);
};
