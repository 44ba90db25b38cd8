/** Base class of every error the payroll engine throws, so callers can map them to one HTTP answer. */
export class PayrollError extends Error {
  override name = 'PayrollError';
}

/** An argument is malformed: negative or fractional cents, an unknown enum value, a bad date. */
export class PayrollInputError extends PayrollError {
  override name = 'PayrollInputError';
}

/**
 * The rate tables do not cover the period (or the row asked for). The engine never guesses a rate
 * for a period it has no table for: a new year's rates must be added as rows first.
 */
export class PayrollRatesNotFoundError extends PayrollError {
  override name = 'PayrollRatesNotFoundError';
}
