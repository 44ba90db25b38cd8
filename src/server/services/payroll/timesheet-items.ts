import { and, asc, eq, sql } from 'drizzle-orm';
import { isProcessedPayslip } from '../../../domain/lifecycles/payslip.lifecycle';
import { isApprovedTimesheet } from '../../../domain/lifecycles/timesheet.lifecycle';
import { type TimesheetPayItem, timesheetPayItems } from '../../../domain/overtime';
import type { PayItemSource } from '../../../domain/payroll';
import type { DbOrTx } from '../../db/client';
import { employmentInfo, payItems, payslips } from '../../db/schema';
import { timesheetDays, timesheets } from '../../db/timesheet-schema';
import { inIds } from './repository';
import { replaceSourceItems } from './source-items';
import { movePayslips } from './status';

/**
 * The month's approved timesheet as pay items (issue 36 item 4): its overtime, rest-day and
 * public-holiday pay become ADHOC items OVERTIME, OFFDAY and PUBLIC_HOLIDAY with their hours, marked
 * `source = 'TIMESHEET'`. Only those marked items are ever rewritten: an item the administrator typed
 * stays theirs. A timesheet that is not APPROVED feeds nothing; a processed payslip is never touched.
 */

const SOURCE: PayItemSource = 'TIMESHEET';

interface Month {
  userId: number;
  year: number;
  month: number;
}

/** One employee's approved days of the month, or null: no timesheet, or not approved. */
async function approvedDays(tx: DbOrTx, { userId, year, month }: Month) {
  const [sheet] = await tx
    .select({ id: timesheets.id, status: timesheets.status })
    .from(timesheets)
    .where(and(eq(timesheets.userId, userId), eq(timesheets.year, year), eq(timesheets.month, month)));
  if (!sheet || !isApprovedTimesheet(sheet.status)) return null;
  return tx
    .select({
      date: timesheetDays.date,
      hours: timesheetDays.hours,
      restDay: timesheetDays.restDay,
      publicHoliday: timesheetDays.publicHoliday,
    })
    .from(timesheetDays)
    .where(eq(timesheetDays.timesheetId, sheet.id));
}

const rowsFor = (payslipId: number, items: readonly TimesheetPayItem[]) =>
  items.map((item) => ({
    payslipId,
    kind: 'ADHOC' as const,
    type: item.type,
    amountCents: item.amountCents,
    hours: item.hours,
    source: SOURCE,
  }));

export interface TimesheetItemsChange {
  payslipId: number;
  before: TimesheetPayItem[];
  after: TimesheetPayItem[];
}

/**
 * Rewrites the timesheet's items on the employee's open payslip of the month, in the caller's
 * transaction, after a timesheet save or a change of the payslip's basic salary. Answers what changed,
 * or null: no payslip yet (opening the period will write them), a processed one, or nothing different.
 * The caller holds the employee's user lock where it has one (users before payslips).
 */
export async function syncTimesheetPayItems(tx: DbOrTx, input: Month): Promise<TimesheetItemsChange | null> {
  const [payslip] = await tx
    .select()
    .from(payslips)
    .where(
      and(eq(payslips.userId, input.userId), eq(payslips.year, input.year), eq(payslips.month, input.month)),
    )
    .for('update');
  if (!payslip || isProcessedPayslip(payslip.status)) return null;
  const days = await approvedDays(tx, input);
  const [pattern] = await tx
    .select({
      workman: employmentInfo.workman,
      daysPerWeek: employmentInfo.daysPerWeek,
      normalHoursPerDay: employmentInfo.normalHoursPerDay,
    })
    .from(employmentInfo)
    .where(eq(employmentInfo.userId, input.userId));
  const after = days && pattern ? timesheetPayItems(days, pattern, payslip.basicSalarySnapshotCents) : [];
  const stored = await tx
    .select({ type: payItems.type, amountCents: payItems.amountCents, hours: payItems.hours })
    .from(payItems)
    .where(and(eq(payItems.payslipId, payslip.id), eq(payItems.source, SOURCE)))
    .orderBy(asc(payItems.id));
  const before = stored.map((item) => ({ ...item, hours: item.hours ?? 0 }) as TimesheetPayItem);
  if (JSON.stringify(before) === JSON.stringify(after)) return null;

  await replaceSourceItems(tx, payslip.id, SOURCE, rowsFor(payslip.id, after));
  return { payslipId: payslip.id, before, after };
}

/**
 * The timesheet items of payslips a period's opening just created: one read of the month's approved
 * timesheets among their employees, one of those timesheets' days.
 */
export async function prefillTimesheetPayItems(
  tx: DbOrTx,
  created: ReadonlyArray<{ id: number; userId: number; basicCents: number }>,
  year: number,
  month: number,
) {
  const sheets = await tx
    .select({
      id: timesheets.id,
      userId: timesheets.userId,
      status: timesheets.status,
      workman: employmentInfo.workman,
      daysPerWeek: employmentInfo.daysPerWeek,
      normalHoursPerDay: employmentInfo.normalHoursPerDay,
    })
    .from(timesheets)
    .innerJoin(employmentInfo, eq(employmentInfo.userId, timesheets.userId))
    .where(
      and(
        eq(timesheets.year, year),
        eq(timesheets.month, month),
        inIds(
          timesheets.userId,
          created.map((row) => row.userId),
        ),
      ),
    );
  const approved = sheets.filter((sheet) => isApprovedTimesheet(sheet.status));
  if (approved.length === 0) return;
  const days = await tx
    .select({
      timesheetId: timesheetDays.timesheetId,
      date: timesheetDays.date,
      hours: timesheetDays.hours,
      restDay: timesheetDays.restDay,
      publicHoliday: timesheetDays.publicHoliday,
    })
    .from(timesheetDays)
    .where(
      inIds(
        timesheetDays.timesheetId,
        approved.map((sheet) => sheet.id),
      ),
    );
  const payslipOf = new Map(created.map((row) => [row.userId, row]));
  const daysOf = new Map<number, typeof days>();
  for (const day of days) {
    const list = daysOf.get(day.timesheetId);
    if (list) list.push(day);
    else daysOf.set(day.timesheetId, [day]);
  }
  const rows = approved.flatMap((sheet) => {
    const payslip = payslipOf.get(sheet.userId);
    if (!payslip) return [];
    return rowsFor(payslip.id, timesheetPayItems(daysOf.get(sheet.id) ?? [], sheet, payslip.basicCents));
  });
  if (rows.length === 0) return;
  await tx.insert(payItems).values(rows);
  await movePayslips(
    tx,
    { type: 'payItem.add' },
    {
      where: inIds(
        sql`p.id`,
        rows.map((row) => row.payslipId),
      ),
    },
  );
}
