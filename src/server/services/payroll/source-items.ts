import { and, count, eq, sql } from 'drizzle-orm';
import type { PayItemSource } from '../../../domain/payroll';
import type { DbOrTx } from '../../db/client';
import { payItems } from '../../db/schema';
import { movePayslips } from './status';

type SourceItemRow = Omit<typeof payItems.$inferInsert, 'payslipId' | 'source'>;

/**
 * Replaces what one source (a timesheet, a separation) wrote on an unprocessed payslip with `rows`, and
 * moves the payslip as adding or removing an item does. Items typed by the administrator stay.
 */
export async function replaceSourceItems(
  tx: DbOrTx,
  payslipId: number,
  source: PayItemSource,
  rows: readonly SourceItemRow[],
): Promise<void> {
  await tx.delete(payItems).where(and(eq(payItems.payslipId, payslipId), eq(payItems.source, source)));
  if (rows.length > 0) await tx.insert(payItems).values(rows.map((row) => ({ ...row, payslipId, source })));
  const [left] = await tx.select({ n: count() }).from(payItems).where(eq(payItems.payslipId, payslipId));
  await movePayslips(
    tx,
    rows.length > 0 ? { type: 'payItem.add' } : { type: 'payItem.remove', itemsLeft: left?.n ?? 0 },
    { where: sql`p.id = ${payslipId}` },
  );
}
