import { PayrollInputError } from './errors';

/** Checks an amount of money: a non-negative whole number of cents within the safe-integer range. */
export const assertCents = (name: string, value: unknown): number => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new PayrollInputError(`${name} must be a non-negative whole number of cents, got ${String(value)}`);
  }
  return value;
};

/** The same check for an optional amount that defaults to zero. */
export const optionalCents = (name: string, value: unknown): number =>
  value === undefined ? 0 : assertCents(name, value);

/** A percentage rate such as 17 or 15.5, between 0 and 100 inclusive. */
export const assertPercent = (name: string, value: unknown): number => {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100) {
    throw new PayrollInputError(`${name} must be a percentage from 0 to 100, got ${String(value)}`);
  }
  return value;
};
