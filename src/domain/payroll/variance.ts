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

export type VarianceFlag = 'CHANGE_OVER_20' | 'JOINER' | 'LEAVER' | 'FIRST_PAY';

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
};
