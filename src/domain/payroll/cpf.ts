import { cpfRateRowFor, wageCeilingsFor } from './cpf-rates';
import {
  type CpfAgeBand,
  type CpfAgeBandInput,
  type CpfResidency,
  type CpfSection,
  type CpfType,
  cpfAgeBandSchema,
  cpfResidencySchema,
  cpfSectionSchema,
  cpfTypeSchema,
  parseEnum,
} from './enums';
import { PayrollInputError } from './errors';
import { add, floor, fromDecimal, mul, type Ratio, ratio, roundHalfUp, ZERO } from './exact';
import { assertCents, assertPercent, optionalCents } from './money';
import { assertPeriod, monthIndex } from './period';

// ---------------------------------------------------------------------------------------------
// Age band
// ---------------------------------------------------------------------------------------------

/** Completed age (on the last day of the previous month) below which each band applies. */
const ageBandLimits: readonly { readonly below: number; readonly band: CpfAgeBand }[] = [
  { below: 55, band: 'LE55' },
  { below: 60, band: '55_60' },
  { below: 65, band: '60_65' },
  { below: 70, band: '65_70' },
  { below: Number.POSITIVE_INFINITY, band: 'GT70' },
];

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date written YYYY-MM-DD (leap years checked); a bulk run reads thousands, so no schema. */
const parseIsoDate = (name: string, value: unknown): { year: number; month: number } => {
  const match = typeof value === 'string' ? isoDatePattern.exec(value) : null;
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  const day = Number(match?.[3]);
  if (!match || month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) {
    throw new PayrollInputError(`${name} must be a calendar date written YYYY-MM-DD, got ${String(value)}`);
  }
  return { year, month };
};

/**
 * The CPF age band for wages of a month. CPF applies the next band "from the first day of the month
 * after the month of his 55th, 60th, 65th or 70th birthday" (cpf-facts C9), so what counts is the
 * age completed by the end of the month before the wage month; the day of birth does not matter.
 */
export const cpfAgeBand = (birthDate: string, year: number, month: number): CpfAgeBand => {
  assertPeriod(year, month);
  const birth = parseIsoDate('birthDate', birthDate);
  const monthsSinceBirthMonth = monthIndex(year, month) - monthIndex(birth.year, birth.month);
  if (monthsSinceBirthMonth < 0) {
    throw new PayrollInputError(
      `Wages for ${year}-${String(month).padStart(2, '0')} precede birth on ${birthDate}`,
    );
  }
  const age = Math.floor((monthsSinceBirthMonth - 1) / 12);
  const limit = ageBandLimits.find((candidate) => age < candidate.below);
  // The last limit is infinite, so a band is always found.
  return limit?.band ?? 'GT70';
};

// ---------------------------------------------------------------------------------------------
// Rates
// ---------------------------------------------------------------------------------------------

export interface CpfPercentages {
  employeePercent: number;
  employerPercent: number;
}

export interface CpfRateQuery {
  year: number;
  month: number;
  residency: CpfResidency;
  ageBand: CpfAgeBandInput;
}

const graduatedResidencies: readonly CpfResidency[] = ['PR1_GG', 'PR2_GG'];

const resolveBand = (residency: CpfResidency, ageBand: unknown): CpfAgeBand => {
  if (ageBand === 'GT65') {
    if (!graduatedResidencies.includes(residency)) {
      throw new PayrollInputError(
        `Age band GT65 exists only in the G/G tables (PR1_GG, PR2_GG); for ${residency} use 65_70 or GT70`,
      );
    }
    // The G/G tables hold one row for 65_70 and GT70.
    return '65_70';
  }
  return parseEnum(cpfAgeBandSchema, 'CPF age band', ageBand);
};

const readQuery = (query: CpfRateQuery): { residency: CpfResidency; ageBand: CpfAgeBand } => {
  assertPeriod(query.year, query.month);
  const residency = parseEnum(cpfResidencySchema, 'CPF residency', query.residency);
  return { residency, ageBand: resolveBand(residency, query.ageBand) };
};

/** The official rates for total wages above $750 in the period, to prefill a payslip's rate fields. */
export const officialCpfRates = (query: CpfRateQuery): CpfPercentages => {
  const { residency, ageBand } = readQuery(query);
  const row = cpfRateRowFor(query.year, query.month, residency, ageBand);
  return { employeePercent: row.employee, employerPercent: row.employer };
};

// ---------------------------------------------------------------------------------------------
// Contributions
// ---------------------------------------------------------------------------------------------

/** The law's wage bands (First Schedule to the CPF Act, L1), in cents of total wages for the month. */
export const cpfWageBands = {
  /** Up to and including $50: no contribution. */
  nilUpToCents: 5_000,
  /** Above $50 up to $500: employer's rate only. */
  employerOnlyUpToCents: 50_000,
  /** Above $500 up to $750: the employee's share is phased in on the excess over $500. */
  phasedUpToCents: 75_000,
} as const;

export interface ComputeCpfInput extends CpfRateQuery {
  ordinaryWageCents: number;
  additionalWageCents: number;
  /** OW subject to CPF earlier in the calendar year with this employer. */
  owSubjectYearToDateCents?: number;
  /** AW subject to CPF earlier in the calendar year with this employer. */
  awSubjectYearToDateCents?: number;
  /**
   * OW expected for the rest of the year, for the in-year AW ceiling estimate. 0 (the default) gives
   * the exact ceiling used in December and in the last month of employment.
   */
  projectedOwRestOfYearCents?: number;
  /** The payslip's snapshot rates; they replace the table rates, everything else still applies. */
  rates?: CpfPercentages;
}

export interface CpfResult {
  totalCents: number;
  employeeCents: number;
  employerCents: number;
  /** OW on which CPF is payable: the month's OW up to the OW ceiling. */
  owSubjectCents: number;
  /** AW on which CPF is payable: the month's AW up to the remaining AW ceiling. */
  awSubjectCents: number;
}

interface ExactRates {
  employer: Ratio;
  employee: Ratio;
  phaseIn: Ratio;
}

const percentCache = new Map<number, Ratio>();
const decimalCache = new Map<number, Ratio>();
const decimal = (value: number): Ratio => {
  let exact = decimalCache.get(value);
  if (!exact) {
    exact = fromDecimal(value);
    if (decimalCache.size < 10_000) decimalCache.set(value, exact);
  }
  return exact;
};
const HUNDREDTH = ratio(1n, 100n);

/** A percentage as an exact fraction; the few distinct rates of a bulk run are read once each. */
const percent = (value: number): Ratio => {
  let exact = percentCache.get(value);
  if (!exact) {
    exact = mul(fromDecimal(value), HUNDREDTH);
    if (percentCache.size < 10_000) percentCache.set(value, exact);
  }
  return exact;
};

const ratesFor = (input: ComputeCpfInput, residency: CpfResidency, ageBand: CpfAgeBand): ExactRates => {
  const override: unknown = input.rates ?? undefined;
  if (override !== undefined) {
    if (typeof override !== 'object' || override === null) {
      throw new PayrollInputError('rates must be { employeePercent, employerPercent }');
    }
    const { employeePercent, employerPercent } = override as Partial<CpfPercentages>;
    const employee = percent(assertPercent('rates.employeePercent', employeePercent));
    const employer = percent(assertPercent('rates.employerPercent', employerPercent));
    // The phase-in keeps the employee's share continuous at $750 whatever the rate.
    return { employer, employee, phaseIn: mul(ratio(3n), employee) };
  }
  const row = cpfRateRowFor(input.year, input.month, residency, ageBand);
  return {
    employer: percent(row.employer),
    employee: percent(row.employee),
    phaseIn: decimal(row.phaseIn),
  };
};

const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);
const max = (a: bigint, b: bigint): bigint => (a > b ? a : b);

/**
 * CPF for one employee and one calendar month, in cents.
 *
 * The band is chosen by the month's actual total wages (OW + AW, cpf-facts s.3); the contribution
 * is computed on the wages subject to CPF (OW up to the OW ceiling, AW up to the AW ceiling). The
 * two differ in a low band only once the year's AW ceiling is used up: then no CPF is due on the
 * excess AW, so it adds nothing to the phased employee share either.
 *
 * Rounding as CPF states it (cpf-facts C7, C8): the month's total to the nearest dollar, 50 cents
 * up; the employee's share with the cents dropped; the employer pays the difference.
 */
export const computeCpf = (input: ComputeCpfInput): CpfResult => {
  const { residency, ageBand } = readQuery(input);
  const ow = BigInt(assertCents('ordinaryWageCents', input.ordinaryWageCents));
  const aw = BigInt(assertCents('additionalWageCents', input.additionalWageCents));
  const owYearToDate = BigInt(optionalCents('owSubjectYearToDateCents', input.owSubjectYearToDateCents));
  const awYearToDate = BigInt(optionalCents('awSubjectYearToDateCents', input.awSubjectYearToDateCents));
  const projectedOw = BigInt(optionalCents('projectedOwRestOfYearCents', input.projectedOwRestOfYearCents));

  const ceilings = wageCeilingsFor(input.year, input.month);
  const rates = ratesFor(input, residency, ageBand);

  const owSubject = min(ow, BigInt(ceilings.owCeilingCents));
  const awCeiling = max(
    0n,
    BigInt(ceilings.annualSalaryCeilingCents) - owYearToDate - owSubject - projectedOw - awYearToDate,
  );
  const awSubject = min(aw, awCeiling);
  const totalWages = ow + aw;
  const wages = ratio(owSubject + awSubject);
  const phasedExcess = ratio(max(0n, owSubject + awSubject - BigInt(cpfWageBands.employerOnlyUpToCents)));

  let total: Ratio = ZERO;
  let employee: Ratio = ZERO;
  if (totalWages > BigInt(cpfWageBands.phasedUpToCents)) {
    total = mul(add(rates.employer, rates.employee), wages);
    employee = mul(rates.employee, wages);
  } else if (totalWages > BigInt(cpfWageBands.employerOnlyUpToCents)) {
    employee = mul(rates.phaseIn, phasedExcess);
    total = add(mul(rates.employer, wages), employee);
  } else if (totalWages > BigInt(cpfWageBands.nilUpToCents)) {
    total = mul(rates.employer, wages);
  }

  const totalDollars = roundHalfUp(mul(total, ratio(1n, 100n)));
  // Never above the total: floor(employee) <= employee <= total, and rounding the total keeps it
  // at or above floor(total).
  const employeeDollars = floor(mul(employee, ratio(1n, 100n)));
  return {
    totalCents: Number(totalDollars * 100n),
    employeeCents: Number(employeeDollars * 100n),
    employerCents: Number((totalDollars - employeeDollars) * 100n),
    owSubjectCents: Number(owSubject),
    awSubjectCents: Number(awSubject),
  };
};

/**
 * OW expected for the months after this one in the same year, each month capped at its own OW
 * ceiling: the in-year AW ceiling estimate of ARCHITECTURE.md and CPF's worked figure (C4).
 */
export const estimateOwRestOfYearCents = (input: {
  year: number;
  month: number;
  ordinaryWageCents: number;
}): number => {
  assertPeriod(input.year, input.month);
  const ow = assertCents('ordinaryWageCents', input.ordinaryWageCents);
  let sum = 0;
  for (let later = input.month + 1; later <= 12; later += 1) {
    sum += Math.min(ow, wageCeilingsFor(input.year, later).owCeilingCents);
  }
  return sum;
};

// ---------------------------------------------------------------------------------------------
// Payment info -> residency
// ---------------------------------------------------------------------------------------------

/**
 * Payment info (spec section 3) to a CPF table. cpfSection matters only for 1st- and 2nd-year PRs:
 * CPF1 is G/G, CPF2 is F/G, and NONE (or not sent) falls back to G/G, CPF's default for SPRs
 * (cpf-facts C11). cpfType NONE, or not sent, means no CPF.
 */
const residencyByType: Readonly<Record<CpfType, Readonly<Record<CpfSection, CpfResidency>> | null>> = {
  NONE: null,
  'SINGAPORE CITIZEN': { NONE: 'SC', CPF1: 'SC', CPF2: 'SC' },
  'PR 3 YEAR AND ABOVE': { NONE: 'PR3', CPF1: 'PR3', CPF2: 'PR3' },
  'SINGAPORE PR 1 YEAR': { NONE: 'PR1_GG', CPF1: 'PR1_GG', CPF2: 'PR1_FG' },
  'SINGAPORE PR 2 YEAR': { NONE: 'PR2_GG', CPF1: 'PR2_GG', CPF2: 'PR2_FG' },
};

export const cpfResidencyOf = (
  cpfType: CpfType | null | undefined,
  cpfSection: CpfSection | null | undefined,
): CpfResidency | null => {
  const type = parseEnum(cpfTypeSchema, 'cpfType', cpfType ?? 'NONE');
  const section = parseEnum(cpfSectionSchema, 'cpfSection', cpfSection ?? 'NONE');
  return residencyByType[type]?.[section] ?? null;
};
