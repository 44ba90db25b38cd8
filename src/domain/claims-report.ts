import { csvLine } from './csv';
import type { ClaimStatus } from './enums';
import { formatCents } from './money';

/**
 * The monthly claims report (issue 37 item 4), shared by the CSV and the PDF. No zod: the PDF worker
 * thread draws it. A month's claims are those decided in it (approved or rejected, in Asia/Singapore)
 * and those paid with its pay (on a processed payslip of that month): what the month's approvals and
 * its payroll did. Pending claims are not in it: nothing happened to them yet.
 */

export interface ClaimReportRow {
  id: number;
  employee: string;
  type: string;
  date: string;
  amountCents: number;
  status: ClaimStatus;
  /** The Asia/Singapore day of the decision. */
  decidedOn: string | null;
  /** The payslip month that pays it, 'YYYY-MM', once it is on one. */
  paidWith: string | null;
}

export interface ClaimReportTotal {
  name: string;
  count: number;
  amountCents: number;
}

export interface ClaimsReport {
  year: number;
  month: number;
  rows: ClaimReportRow[];
  byType: ClaimReportTotal[];
  byEmployee: ClaimReportTotal[];
  total: ClaimReportTotal;
}

const totalsBy = (rows: readonly ClaimReportRow[], key: (row: ClaimReportRow) => string) => {
  const totals = new Map<string, ClaimReportTotal>();
  for (const row of rows) {
    const name = key(row);
    const total = totals.get(name) ?? { name, count: 0, amountCents: 0 };
    total.count += 1;
    total.amountCents += row.amountCents;
    totals.set(name, total);
  }
  return [...totals.values()].sort((a, b) => a.name.localeCompare(b.name));
};

/** The rows (by employee, then date) with their totals per type, per employee and overall. */
export function claimsReportOf(year: number, month: number, rows: readonly ClaimReportRow[]): ClaimsReport {
  const sorted = [...rows].sort(
    (a, b) => a.employee.localeCompare(b.employee) || a.date.localeCompare(b.date) || a.id - b.id,
  );
  return {
    year,
    month,
    rows: sorted,
    byType: totalsBy(sorted, (row) => row.type),
    byEmployee: totalsBy(sorted, (row) => row.employee),
    total: {
      name: 'All claims',
      count: sorted.length,
      amountCents: sorted.reduce((sum, row) => sum + row.amountCents, 0),
    },
  };
}

/**
 * The report as CSV: the claims, then the totals per type and per employee, each section with its
 * header. Every cell goes through csvLine (a name typed as a formula is neutralised).
 */
export function claimsReportCsv(report: ClaimsReport): string {
  const money = (cents: number) => formatCents(cents).replaceAll(',', '');
  const lines = [
    csvLine(['Employee', 'Type', 'Date', 'Amount', 'Status', 'Decided on', 'Paid with']),
    ...report.rows.map((row) =>
      csvLine([
        row.employee,
        row.type,
        row.date,
        money(row.amountCents),
        row.status,
        row.decidedOn ?? '',
        row.paidWith ?? '',
      ]),
    ),
    '',
    csvLine(['Type', 'Claims', 'Amount']),
    ...report.byType.map((total) => csvLine([total.name, String(total.count), money(total.amountCents)])),
    '',
    csvLine(['Employee', 'Claims', 'Amount']),
    ...report.byEmployee.map((total) => csvLine([total.name, String(total.count), money(total.amountCents)])),
    '',
    csvLine([report.total.name, String(report.total.count), money(report.total.amountCents)]),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
