import {
  type CpfPercentages,
  cpfAgeBand,
  cpfResidencyOf,
  estimateOwRestOfYearCents,
  officialCpfRates,
} from './cpf';
import type { CpfSection, CpfType, SelfHelpGroup } from './enums';
import { PayrollError, PayrollInputError } from './errors';
import { computePayslip, ordinaryWageCents, type PayslipItem, type PayslipTotals } from './payslip';
import { firstDayOf, lastDayOf, periodKey } from './period';

/**
 * A month's payroll run on top of the engine: what a payslip snapshots, who gets a payslip row, the
 * year-to-date figures the AW ceiling needs, and the rate flag. Pure, so the server's bulk run, the
 * Pay Items preview and the tests compute the same figures.
 */

/** What a payslip row keeps from payment and staff info when it is created; editable until processed. */
export interface PayslipSnapshot {
  basicSalaryCents: number;
  cpfType: CpfType;
  cpfSection: CpfSection;
  /** Percentages; null when none were set (the official rates then apply). */
  employeeCpfRate: number | null;
  employerCpfRate: number | null;
  selfHelpGroup: SelfHelpGroup;
  dateOfBirth: string | null;
}

export interface YearToDate {
  /** OW and AW subject to CPF on the employee's processed payslips earlier in the same calendar year. */
  owSubjectCents: number;
  awSubjectCents: number;
}

export interface RunPayslipInput {
  year: number;
  month: number;
  snapshot: PayslipSnapshot;
  items: readonly PayslipItem[];
  yearToDate: YearToDate;
  /** The employee's last day of service, when they resigned (YYYY-MM-DD). */
  lastDayOfService: string | null;
}

const monthOf = (isoDate: string) => isoDate.slice(0, 7);

/** The month of the last day of service: the AW ceiling is then computed exactly, like in December. */
export const isLastMonthOfService = (lastDayOfService: string | null, year: number, month: number): boolean =>
  lastDayOfService !== null && monthOf(lastDayOfService) === periodKey(year, month);

/**
 * One payslip of a run: the engine's totals with the payslip's snapshot. The AW ceiling is estimated
 * during the year from this month's OW for every remaining month, and exact (no projection) in
 * December and in the last month of service.
 */
export function computeRunPayslip(input: RunPayslipInput): PayslipTotals {
  const { year, month, snapshot } = input;
  const residency = cpfResidencyOf(snapshot.cpfType, snapshot.cpfSection);
  const base = { year, month, basicSalaryCents: snapshot.basicSalaryCents, items: input.items };
  if (residency === null)
    return computePayslip({ ...base, cpf: null, selfHelpGroup: snapshot.selfHelpGroup });
  if (!snapshot.dateOfBirth) throw new PayrollInputError('A date of birth is needed for the CPF age band');
  const exact = month === 12 || isLastMonthOfService(input.lastDayOfService, year, month);
  return computePayslip({
    ...base,
    selfHelpGroup: snapshot.selfHelpGroup,
    cpf: {
      residency,
      ageBand: cpfAgeBand(snapshot.dateOfBirth, year, month),
      owSubjectYearToDateCents: input.yearToDate.owSubjectCents,
      awSubjectYearToDateCents: input.yearToDate.awSubjectCents,
      projectedOwRestOfYearCents: exact
        ? 0
        : estimateOwRestOfYearCents({ year, month, ordinaryWageCents: ordinaryWageCents(base) }),
      rates: snapshotRates(snapshot) ?? undefined,
    },
  });
}

const snapshotRates = (snapshot: PayslipSnapshot): CpfPercentages | null =>
  snapshot.employeeCpfRate === null || snapshot.employerCpfRate === null
    ? null
    : { employeePercent: snapshot.employeeCpfRate, employerPercent: snapshot.employerCpfRate };

export type RunOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

/** Runs a computation and turns the engine's input errors into a message, so one bad row can be named. */
export function attempt<T>(compute: () => T): RunOutcome<T> {
  try {
    return { ok: true, value: compute() };
  } catch (error) {
    if (error instanceof PayrollError) return { ok: false, message: error.message };
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Official rates and the flag
// ---------------------------------------------------------------------------------------------

export interface RateCheck {
  /** The official rates for the period and the employee's age band; null when there is no CPF or no table. */
  official: CpfPercentages | null;
  /** True when the snapshot's rates are not the official ones (or official ones cannot be found). */
  differs: boolean;
}

/** The official CPF rates for the payslip's period and the employee's age band, or null when there is no CPF. */
export function officialRatesFor(
  snapshot: Pick<PayslipSnapshot, 'cpfType' | 'cpfSection' | 'dateOfBirth'>,
  year: number,
  month: number,
): CpfPercentages | null {
  const residency = cpfResidencyOf(snapshot.cpfType, snapshot.cpfSection);
  if (residency === null || !snapshot.dateOfBirth) return null;
  return officialCpfRates({ year, month, residency, ageBand: cpfAgeBand(snapshot.dateOfBirth, year, month) });
}

/**
 * Compares a payslip's snapshot rates with the official ones (ARCHITECTURE.md payroll rules): the
 * unprocessed list marks a differing payslip and shows the official rates. Without CPF nothing is
 * compared; a period without official tables counts as differing, so it is looked at.
 */
export function checkSnapshotRates(snapshot: PayslipSnapshot, year: number, month: number): RateCheck {
  if (cpfResidencyOf(snapshot.cpfType, snapshot.cpfSection) === null)
    return { official: null, differs: false };
  const outcome = attempt(() => officialRatesFor(snapshot, year, month));
  if (!outcome.ok || outcome.value === null) return { official: null, differs: true };
  const official = outcome.value;
  const rates = snapshotRates(snapshot);
  const differs =
    rates === null ||
    rates.employeePercent !== official.employeePercent ||
    rates.employerPercent !== official.employerPercent;
  return { official, differs };
}

// ---------------------------------------------------------------------------------------------
// Periods (who gets a payslip row: src/server/services/payroll/period-rows.ts)
// ---------------------------------------------------------------------------------------------

export { firstDayOf, lastDayOf };
