import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { WithdrawalPayslip } from '../../../domain/leave';
import { isProcessedPayslip } from '../../../domain/lifecycles/payslip.lifecycle';
import { formatCents } from '../../../domain/money';
import { firstDayOf, lastDayOf } from '../../../domain/payroll';
import type { Tx } from '../../db/client';
import { payItems, payslips } from '../../db/schema';
import { holidaysBetween } from '../public-holidays';
import { takenUnpaidLeaves, unpaidLeavePrefill } from './period-rows';
import { periodLabel } from './repository';
import { movePayslips } from './status';

/** What a withdrawal did to one payslip, for the answer and the audit row. */
export interface WithdrawnLeavePayslip extends WithdrawalPayslip {
  payslipId: number;
  /** The prefilled deduction before and after (cents); null for a processed payslip, left alone. */
  beforeCents: number | null;
  afterCents: number | null;
}

/** The months a leave touches, in order. */
function monthsOf(fromDate: string, toDate: string) {
  const months: Array<{ year: number; month: number }> = [];
  let year = Number(fromDate.slice(0, 4));
  let month = Number(fromDate.slice(5, 7));
  const endYear = Number(toDate.slice(0, 4));
  const endMonth = Number(toDate.slice(5, 7));
  while (year < endYear || (year === endYear && month <= endMonth)) {
    months.push({ year, month });
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year += 1;
  }
  return months;
}

const dayWord = (days: number) => (days === 1 ? 'day' : 'days');

/**
 * Payroll after unpaid leave is withdrawn (issue 34), in the withdrawal's transaction, once the leave
 * no longer counts as taken. A month without a payslip yet needs nothing: its prefill will read only
 * the leave still taken. An open payslip's prefilled UNPAID_LEAVE deduction (the one the prefill wrote:
 * no creator) is recomputed from the unpaid leave still taken that month, or removed; a deduction an
 * administrator entered is theirs and left alone. A processed payslip is never changed: it is named,
 * so the administrator can revert it. The caller holds the employee's user lock (users before payslips).
 */
export async function followWithdrawnUnpaidLeave(
  tx: Tx,
  leave: { userId: number; fullName: string; fromDate: string; toDate: string },
): Promise<WithdrawnLeavePayslip[]> {
  const touched: WithdrawnLeavePayslip[] = [];
  for (const { year, month } of monthsOf(leave.fromDate, leave.toDate)) {
    const [payslip] = await tx
      .select()
      .from(payslips)
      .where(and(eq(payslips.userId, leave.userId), eq(payslips.year, year), eq(payslips.month, month)))
      .for('update');
    if (!payslip) continue;
    const label = `${periodLabel(year, month)} payslip of ${leave.fullName}`;
    if (isProcessedPayslip(payslip.status)) {
      touched.push({
        payslipId: payslip.id,
        year,
        month,
        processed: true,
        message: `${label} is processed: revert it and correct its unpaid-leave deduction to take the returned days into account.`,
        beforeCents: null,
        afterCents: null,
      });
      continue;
    }
    const [prefilled] = await tx
      .select()
      .from(payItems)
      .where(
        and(
          eq(payItems.payslipId, payslip.id),
          eq(payItems.kind, 'DEDUCTION'),
          eq(payItems.type, 'UNPAID_LEAVE'),
          isNull(payItems.createdById),
        ),
      )
      .orderBy(asc(payItems.id))
      .limit(1);
    if (!prefilled) continue;
    const leaves = await takenUnpaidLeaves(tx, year, month, leave.userId);
    const holidays = await holidaysBetween(tx, firstDayOf(year, month), lastDayOf(year, month));
    const { unpaidDays, amountCents } = unpaidLeavePrefill(leaves, {
      basicSalaryCents: payslip.basicSalarySnapshotCents,
      year,
      month,
      holidays,
    });
    let message: string;
    if (amountCents > 0) {
      await tx.update(payItems).set({ amountCents }).where(eq(payItems.id, prefilled.id));
      message = `${label}: its unpaid-leave deduction is now $${formatCents(amountCents)} for ${unpaidDays} ${dayWord(unpaidDays)}.`;
    } else {
      await tx.delete(payItems).where(eq(payItems.id, prefilled.id));
      const [left] = await tx.select({ n: count() }).from(payItems).where(eq(payItems.payslipId, payslip.id));
      await movePayslips(
        tx,
        { type: 'payItem.remove', itemsLeft: left?.n ?? 0 },
        { where: sql`p.id = ${payslip.id}` },
      );
      message = `${label}: its unpaid-leave deduction is removed.`;
    }
    touched.push({
      payslipId: payslip.id,
      year,
      month,
      processed: false,
      message,
      beforeCents: prefilled.amountCents,
      afterCents: amountCents,
    });
  }
  return touched;
}
