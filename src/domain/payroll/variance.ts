import { MAX_OVERTIME_HOURS_A_MONTH } from '../overtime';

/**
 * The approver's variance report (issue 39 item 3): each employee paid this month against their
 * payslip of the month before, and the month's totals against last month's. Pure: the server reads
 * the rows, the screen and the PDF show the answer. Amounts in integer cents.
 */

/** A processed payslip as the report reads it. */
export interface VariancePayslip {
  userId: number;
  name: string;
  grossCents: number;
  /** Employee and employer CPF together: what the CPF Board is paid for the person. */
  cpfCents: number;
  netCents: number;
}

export interface VarianceEmployee extends VariancePayslip {
  hireDate: string | null;
  lastDayOfService: string | null;
}

export type VarianceFlag = 'CHANGE_OVER_20' | 'JOINER' | 'LEAVER' | 'FIRST_PAY' | 'OVER_A_LIMIT';

export interface VarianceAmount {
  current: number;
  previous: number | null;
}

export interface VarianceRow {
  userId: number;
  name: string;
  gross: VarianceAmount;
  cpf: VarianceAmount;
  net: VarianceAmount;
  flags: VarianceFlag[];
}

export interface VarianceTotals {
  headcount: VarianceAmount;
  gross: VarianceAmount;
  cpf: VarianceAmount;
  net: VarianceAmount;
}

export interface VarianceReport {
  rows: VarianceRow[];
  totals: VarianceTotals;
}

/** More than 20% either way, in integers: 5 × |change| > previous. From nothing to something counts. */
export function changedOver20(current: number, previous: number): boolean {
  const change = Math.abs(current - previous);
  if (previous === 0) return change !== 0;
  return 5 * change > Math.abs(previous);
}

/** 'YYYY-MM-DD' falls in the month. */
const inMonth = (date: string | null, year: number, month: number) =>
  date !== null && date.slice(0, 7) === `${year}-${String(month).padStart(2, '0')}`;

const sum = (rows: readonly VariancePayslip[], pick: (row: VariancePayslip) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);

export function varianceReport(
  period: { year: number; month: number },
  current: readonly VarianceEmployee[],
  previous: readonly VariancePayslip[],
  /** The employees paid an item over a limit this month (usersOverALimit). */
  overALimit: ReadonlySet<number> = new Set(),
): VarianceReport {
  const before = new Map(previous.map((row) => [row.userId, row]));
  const rows = current.map((row): VarianceRow => {
    const last = before.get(row.userId);
    const flags: VarianceFlag[] = [];
    if (
      last &&
      (changedOver20(row.grossCents, last.grossCents) ||
        changedOver20(row.cpfCents, last.cpfCents) ||
        changedOver20(row.netCents, last.netCents))
    ) {
      flags.push('CHANGE_OVER_20');
    }
    if (inMonth(row.hireDate, period.year, period.month)) flags.push('JOINER');
    if (inMonth(row.lastDayOfService, period.year, period.month)) flags.push('LEAVER');
    if (!last) flags.push('FIRST_PAY');
    if (overALimit.has(row.userId)) flags.push('OVER_A_LIMIT');
    return {
      userId: row.userId,
      name: row.name,
      gross: { current: row.grossCents, previous: last?.grossCents ?? null },
      cpf: { current: row.cpfCents, previous: last?.cpfCents ?? null },
      net: { current: row.netCents, previous: last?.netCents ?? null },
      flags,
    };
  });
  const total = (pick: (row: VariancePayslip) => number): VarianceAmount => ({
    current: sum(current, pick),
    previous: sum(previous, pick),
  });
  return {
    rows,
    totals: {
      headcount: { current: current.length, previous: previous.length },
      gross: total((row) => row.grossCents),
      cpf: total((row) => row.cpfCents),
      net: total((row) => row.netCents),
    },
  };
}

/** The month before, for "last month". */
export const previousPeriod = ({ year, month }: { year: number; month: number }) =>
  month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };

/** How the screen and the PDF name each flag (issue 39 item 3's words). */
export const varianceFlagLabels: Record<VarianceFlag, string> = {
  CHANGE_OVER_20: 'Change over 20%',
  JOINER: 'Joiner',
  LEAVER: 'Leaver',
  FIRST_PAY: 'First pay',
  OVER_A_LIMIT: 'Items over a limit',
};

/** An expense claim paid with the month's pay, with its type's limits as they stand now (cents). */
export interface PaidClaim {
  userId: number;
  claimTypeId: number;
  /** The claim's date: the monthly limit counts a calendar month of claim dates. */
  date: string;
  amountCents: number;
  perClaimLimitCents: number | null;
  monthlyLimitCents: number | null;
}

/** The overtime hours the month's payslip pays an employee, and whether MOM exempted them. */
export interface PaidOvertime {
  userId: number;
  hours: number;
  exempt: boolean;
}

/**
 * Who is paid items over a limit this month (issue 39 item 3): a claim over its type's per-claim
 * limit, claims of one type and calendar month over its monthly limit (possible when a limit is
 * lowered after approval), or more than 72 overtime hours without an exemption.
 */
export function usersOverALimit(
  claims: readonly PaidClaim[],
  overtime: readonly PaidOvertime[],
): Set<number> {
  const over = new Set<number>();
  const monthly = new Map<string, { userId: number; cents: number; limit: number }>();
  for (const claim of claims) {
    if (claim.perClaimLimitCents !== null && claim.amountCents > claim.perClaimLimitCents)
      over.add(claim.userId);
    if (claim.monthlyLimitCents === null) continue;
    const key = `${claim.userId}:${claim.claimTypeId}:${claim.date.slice(0, 7)}`;
    const sum = monthly.get(key) ?? { userId: claim.userId, cents: 0, limit: claim.monthlyLimitCents };
    sum.cents += claim.amountCents;
    monthly.set(key, sum);
  }
  for (const sum of monthly.values()) if (sum.cents > sum.limit) over.add(sum.userId);
  for (const row of overtime) if (!row.exempt && row.hours > MAX_OVERTIME_HOURS_A_MONTH) over.add(row.userId);
  return over;
}
