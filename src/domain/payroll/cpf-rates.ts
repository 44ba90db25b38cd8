import type { CpfAgeBand, CpfResidency } from './enums';
import { PayrollRatesNotFoundError } from './errors';
import { covers, type Dated, describeCoverage, type PeriodKey, periodKey } from './period';

/*
 * CPF figures as dated tables. Source tags (C1, L3, T2...) are those of
 * shared/payroll/cpf-facts.md, which gives the addresses. Adding a year is adding rows here; a
 * period no row covers is an error, never the nearest year's rates.
 */

// ---------------------------------------------------------------------------------------------
// Wage ceilings
// ---------------------------------------------------------------------------------------------

export interface WageCeilingRow extends Dated {
  /** Ordinary wages above this, in a calendar month, attract no CPF. */
  readonly owCeilingCents: number;
  /** The AW ceiling is this less the year's OW subject to CPF (and AW already subject). */
  readonly annualSalaryCeilingCents: number;
  readonly source: string;
}

export const wageCeilings: readonly WageCeilingRow[] = [
  {
    from: '2023-01',
    to: '2023-08',
    owCeilingCents: 600_000,
    annualSalaryCeilingCents: 10_200_000,
    source: 'C3',
  },
  {
    from: '2023-09',
    to: '2023-12',
    owCeilingCents: 630_000,
    annualSalaryCeilingCents: 10_200_000,
    source: 'C3, C4',
  },
  {
    from: '2024-01',
    to: '2024-12',
    owCeilingCents: 680_000,
    annualSalaryCeilingCents: 10_200_000,
    source: 'C3',
  },
  {
    from: '2025-01',
    to: '2025-12',
    owCeilingCents: 740_000,
    annualSalaryCeilingCents: 10_200_000,
    source: 'C3, T1',
  },
  {
    from: '2026-01',
    to: '2026-12',
    owCeilingCents: 800_000,
    annualSalaryCeilingCents: 10_200_000,
    source: 'C3, C1, T1',
  },
];

/** The tables never change at run time, so each period's look-up is remembered (a bulk run repeats them). */
const ceilingByPeriod = new Map<PeriodKey, WageCeilingRow>();

export const wageCeilingsFor = (year: number, month: number): WageCeilingRow => {
  const period = periodKey(year, month);
  const known = ceilingByPeriod.get(period);
  if (known) return known;
  const row = wageCeilings.find((candidate) => covers(candidate, period));
  if (row) ceilingByPeriod.set(period, row);
  if (!row) {
    throw new PayrollRatesNotFoundError(
      `No CPF wage ceiling for ${period}: the ceiling table covers ${describeCoverage(wageCeilings)}`,
    );
  }
  return row;
};

// ---------------------------------------------------------------------------------------------
// Contribution rates
// ---------------------------------------------------------------------------------------------

/**
 * One age band of one CPF table, read as the law's schedule reads (total wages TW for the month):
 * - TW <= $50: nil;
 * - $50 < TW <= $500: employer% x TW, nothing from the employee;
 * - $500 < TW <= $750: employer% x TW + phaseIn x (TW - $500), of which the employee pays
 *   phaseIn x (TW - $500);
 * - TW > $750: (employer% + employee%) x wages subject to CPF, the employee paying employee%.
 * phaseIn is always 3 x employee% (it makes the employee share continuous at $750); it is kept as
 * data because the law prints it, and a test checks the identity on every row.
 */
export interface CpfRateRow {
  /** Percent of wages; for G/G tables the graduated employer rate. */
  readonly employer: number;
  /** Percent of wages. */
  readonly employee: number;
  /** Multiplier of (TW - $500) in the phased band. */
  readonly phaseIn: number;
}

/** The five CPF tables; PR 3rd year onwards uses Table 1 with citizens. */
export type CpfTable = 'TABLE1' | 'PR1_GG' | 'PR2_GG' | 'PR1_FG' | 'PR2_FG';

export const cpfTableOf: Readonly<Record<CpfResidency, CpfTable>> = {
  SC: 'TABLE1',
  PR3: 'TABLE1',
  PR1_GG: 'PR1_GG',
  PR2_GG: 'PR2_GG',
  PR1_FG: 'PR1_FG',
  PR2_FG: 'PR2_FG',
};

export const cpfTableNames: Readonly<Record<CpfTable, string>> = {
  TABLE1: 'Table 1 (Singapore Citizens and SPRs from the 3rd year)',
  PR1_GG: 'Table 2 (SPR 1st year, graduated employer and employee rates, G/G)',
  PR2_GG: 'Table 3 (SPR 2nd year, G/G)',
  PR1_FG: 'Table 4 (SPR 1st year, full employer and graduated employee rates, F/G)',
  PR2_FG: 'Table 5 (SPR 2nd year, F/G)',
};

export const cpfAgeBandNames: Readonly<Record<CpfAgeBand, string>> = {
  LE55: '55 and below',
  '55_60': 'above 55 to 60',
  '60_65': 'above 60 to 65',
  '65_70': 'above 65 to 70',
  GT70: 'above 70',
};

export interface CpfRateSchedule extends Dated {
  readonly source: string;
  readonly tables: Readonly<Partial<Record<CpfTable, Readonly<Partial<Record<CpfAgeBand, CpfRateRow>>>>>>;
}

const row = (employer: number, employee: number, phaseIn: number): CpfRateRow => ({
  employer,
  employee,
  phaseIn,
});

/** Tables 2 and 3 have one "above 65" band: the same row serves 65_70 and GT70. */
const graduatedAbove65 = row(3.5, 5, 0.15);

/** Tables 2 and 3, unchanged in 2025 and 2026 (C2: "no changes to the graduated ... rates"; T2, T3). */
const pr1GraduatedFrom2025 = {
  LE55: row(4, 5, 0.15),
  '55_60': row(4, 5, 0.15),
  '60_65': row(3.5, 5, 0.15),
  '65_70': graduatedAbove65,
  GT70: graduatedAbove65,
} as const;

const pr2GraduatedFrom2025 = {
  LE55: row(9, 15, 0.45),
  '55_60': row(6, 12.5, 0.375),
  '60_65': row(3.5, 7.5, 0.225),
  '65_70': graduatedAbove65,
  GT70: graduatedAbove65,
} as const;

export const cpfRateSchedules: readonly CpfRateSchedule[] = [
  {
    // Only the 55-and-below row was read for 2023 (unchanged since 2016: L4, L1).
    from: '2023-01',
    to: '2023-12',
    source: 'L4, L1',
    tables: { TABLE1: { LE55: row(17, 20, 0.6) } },
  },
  {
    // From S 916/2023; the above-70 split and the SPR tables for 2024 were not read.
    from: '2024-01',
    to: '2024-12',
    source: 'L1, L2, C2',
    tables: {
      TABLE1: {
        LE55: row(17, 20, 0.6),
        '55_60': row(15, 16, 0.48),
        '60_65': row(11.5, 10.5, 0.315),
        '65_70': row(9, 7.5, 0.225),
      },
    },
  },
  {
    from: '2025-01',
    to: '2025-12',
    source: 'C2, L3; T1-T3 for the SPR tables and phase-in multipliers',
    tables: {
      TABLE1: {
        LE55: row(17, 20, 0.6),
        '55_60': row(15.5, 17, 0.51),
        '60_65': row(12, 11.5, 0.345),
        '65_70': row(9, 7.5, 0.225),
        GT70: row(7.5, 5, 0.15),
      },
      PR1_GG: pr1GraduatedFrom2025,
      PR2_GG: pr2GraduatedFrom2025,
      // F/G: the full Table 1 employer rate of the year with the graduated employee leg.
      PR1_FG: {
        LE55: row(17, 5, 0.15),
        '55_60': row(15.5, 5, 0.15),
        '60_65': row(12, 5, 0.15),
        '65_70': row(9, 5, 0.15),
        GT70: row(7.5, 5, 0.15),
      },
      PR2_FG: {
        LE55: row(17, 15, 0.45),
        '55_60': row(15.5, 12.5, 0.375),
        '60_65': row(12, 7.5, 0.225),
        '65_70': row(9, 5, 0.15),
        GT70: row(7.5, 5, 0.15),
      },
    },
  },
  {
    from: '2026-01',
    to: '2026-12',
    source: 'C1, C2; T1, T2 for the SPR tables and phase-in multipliers',
    tables: {
      TABLE1: {
        LE55: row(17, 20, 0.6),
        '55_60': row(16, 18, 0.54),
        '60_65': row(12.5, 12.5, 0.375),
        '65_70': row(9, 7.5, 0.225),
        GT70: row(7.5, 5, 0.15),
      },
      PR1_GG: pr1GraduatedFrom2025,
      PR2_GG: pr2GraduatedFrom2025,
      PR1_FG: {
        LE55: row(17, 5, 0.15),
        '55_60': row(16, 5, 0.15),
        '60_65': row(12.5, 5, 0.15),
        '65_70': row(9, 5, 0.15),
        GT70: row(7.5, 5, 0.15),
      },
      PR2_FG: {
        LE55: row(17, 15, 0.45),
        '55_60': row(16, 12.5, 0.375),
        '60_65': row(12.5, 7.5, 0.225),
        '65_70': row(9, 5, 0.15),
        GT70: row(7.5, 5, 0.15),
      },
    },
  },
];

/** The last month both CPF tables cover: payroll for a later month is refused until its rows are added. */
export const lastRatedPeriod = (): PeriodKey => {
  const lastOf = (rows: readonly Dated[]) =>
    rows.reduce<PeriodKey>((last, row) => (row.to > last ? row.to : last), '0000-01');
  const [ceilings, rates] = [lastOf(wageCeilings), lastOf(cpfRateSchedules)];
  return ceilings < rates ? ceilings : rates;
};

const scheduleByPeriod = new Map<PeriodKey, CpfRateSchedule>();

/** The rate row for a period, residency and band, or an error that names what is missing. */
export const cpfRateRowFor = (
  year: number,
  month: number,
  residency: CpfResidency,
  ageBand: CpfAgeBand,
): CpfRateRow => {
  const period: PeriodKey = periodKey(year, month);
  const schedule =
    scheduleByPeriod.get(period) ?? cpfRateSchedules.find((candidate) => covers(candidate, period));
  if (schedule) scheduleByPeriod.set(period, schedule);
  if (!schedule) {
    throw new PayrollRatesNotFoundError(
      `No CPF contribution rates for ${period}: the rate tables cover ${describeCoverage(cpfRateSchedules)}`,
    );
  }
  const table = cpfTableOf[residency];
  const found = schedule.tables[table]?.[ageBand];
  if (!found) {
    throw new PayrollRatesNotFoundError(
      `No CPF contribution rates for ${period} in ${cpfTableNames[table]}, age ${cpfAgeBandNames[ageBand]}: ` +
        `the rates for ${schedule.from} to ${schedule.to} do not include that row`,
    );
  }
  return found;
};
