import type { LeaveType, YearlyLeaveBalanceRow } from '../../domain/leave';
import { displayBalance, leaveTypeColumnName } from '../../domain/leave-balance';
import { heading, renderPdf } from './document';
import { drawTable } from './table';

export interface LeaveBalancesPdfData {
  year: number;
  /** When the figures were read, in the company's time zone, as the screen's Last fetched shows it. */
  generatedAt: string;
  types: readonly Pick<LeaveType, 'id' | 'name'>[];
  rows: readonly YearlyLeaveBalanceRow[];
}

/** The admin Leave Balance page as a PDF: one row per employee, one column per leave type. */
export function renderLeaveBalancesPdf(data: LeaveBalancesPdfData): Promise<Buffer> {
  const landscape = data.types.length > 5;
  return renderPdf(
    { title: `Leave Balance ${data.year}`, layout: landscape ? 'landscape' : 'portrait' },
    (doc) => {
      heading(doc, `Leave Balance ${data.year}`, `Generated ${data.generatedAt}. A dash means no limit.`);
      drawTable(doc, {
        columns: [
          { header: 'Employee', weight: 1.8 },
          ...data.types.map((type) => ({
            header: leaveTypeColumnName(type.name),
            weight: 1.7,
            align: 'right' as const,
          })),
        ],
        rows: data.rows.map((row) => [
          row.user.fullName,
          ...data.types.map((type) => {
            const entry = row.balances.find((b) => b.leaveTypeId === type.id);
            return entry ? displayBalance(entry.balance) : '0';
          }),
        ]),
        emptyText: 'No staff members.',
        fontSize: 8,
      });
    },
  );
}
