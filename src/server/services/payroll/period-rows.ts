import { and, eq, inArray, sql } from 'drizzle-orm';
import { leaveStatusesTagged } from '../../../domain/lifecycles/leave-request.lifecycle';
import { initialPayslipStatus } from '../../../domain/lifecycles/payslip.lifecycle';
import {
  firstDayOf,
  type LeaveSpan,
  lastDayOf,
  unpaidDaysInMonth,
  unpaidLeaveDeductionCents,
} from '../../../domain/payroll';
import type { DbOrTx } from '../../db/client';
import { leaveRequests, leaveTypes, payItems } from '../../db/schema';
import { rowsOf } from '../../db/statements';
import { holidaysBetween } from '../public-holidays';
import { placeOwedClaims } from './claim-items';
import { inIds } from './repository';
import { prefillSeparationPayItems } from './separation-items';
import { movePayslips } from './status';
import { prefillTimesheetPayItems } from './timesheet-items';

/**
 * Who is paid for a period, over `users u` joined to `employment_info ei`: staff hired by its last
 * day, ACTIVE, or RESIGNED with a last day on or after its first day.
 */
export const isPaidInPeriod = (year: number, month: number) => sql`u.role = 'STAFF'
  and ei.hire_date <= ${lastDayOf(year, month)}
  and (ei.employment_status = 'ACTIVE'
    or (ei.employment_status = 'RESIGNED' and ei.last_day_of_service >= ${firstDayOf(year, month)}))`;

/** Taken (approved) Unpaid Leave touching a month, everyone's or one employee's: what the prefill deducts. */
export const takenUnpaidLeaves = (tx: DbOrTx, year: number, month: number, userId?: number) =>
  tx
    .select({
      userId: leaveRequests.userId,
      fromDate: leaveRequests.fromDate,
      fromDateIsAm: leaveRequests.fromDateIsAm,
      toDate: leaveRequests.toDate,
      toDateIsAm: leaveRequests.toDateIsAm,
    })
    .from(leaveRequests)
    .innerJoin(leaveTypes, eq(leaveTypes.id, leaveRequests.leaveTypeId))
    .where(
      and(
        eq(leaveTypes.unpaid, true),
        inArray(leaveRequests.status, leaveStatusesTagged('taken')),
        sql`${leaveRequests.fromDate} <= ${lastDayOf(year, month)} and ${leaveRequests.toDate} >= ${firstDayOf(year, month)}`,
        userId === undefined ? undefined : eq(leaveRequests.userId, userId),
      ),
    );

/**
 * The UNPAID_LEAVE prefill of one employee's month: their unpaid days in it (counted with the
 * administrator's holidays, as the leave requests were) and basic salary x days / working days.
 */
export function unpaidLeavePrefill(
  leaves: readonly LeaveSpan[],
  input: { basicSalaryCents: number; year: number; month: number; holidays: ReadonlySet<string> },
) {
  const { basicSalaryCents, year, month, holidays } = input;
  const unpaidDays = unpaidDaysInMonth(leaves, year, month, { holidays });
  const amountCents =
    unpaidDays === 0 ? 0 : unpaidLeaveDeductionCents({ basicSalaryCents, unpaidDays, year, month });
  return { unpaidDays, amountCents };
}

/**
 * Opens a payroll period: creates the missing payslip rows in one statement. Every eligible staff
 * member (onboarded; ACTIVE, or RESIGNED with a last day on or after the period's first day; hired on
 * or before its last day) gets one, with snapshots of salary, CPF type, section and rates, self-help
 * group and date of birth taken now; not for a month an employee's opening year to date covers
 * (opening-balances.ts). Idempotent and safe for concurrent callers: the unique key keeps
 * one row per period (a row another caller inserts meanwhile is skipped by the conflict clause). A
 * new row whose employee has approved Unpaid Leave in the period gets an UNPAID_LEAVE deduction
 * (basic salary x unpaid days / working days of the month), which the admin can change or remove; one
 * whose employee has an approved timesheet gets its overtime, rest-day and holiday items; a leaver's
 * month, the separation's items (separation-items.ts).
 * Called, in the caller's transaction, before a period is read or changed.
 */
export async function openPayrollPeriod(tx: DbOrTx, year: number, month: number, userId?: number) {
  const first = firstDayOf(year, month);
  const last = lastDayOf(year, month);
  const created = await rowsOf<{ id: number; user_id: number; basic: number | string }>(
    tx,
    sql`
      insert into payslips (user_id, year, month, status, basic_salary_snapshot_cents,
        employee_cpf_rate_snapshot, employer_cpf_rate_snapshot, cpf_type_snapshot,
        cpf_section_snapshot, self_help_group_snapshot, date_of_birth_snapshot)
      select u.id, ${year}, ${month}, ${initialPayslipStatus}, pi.basic_salary_cents, pi.employee_cpf_rate,
        pi.employer_cpf_rate, pi.cpf_type, pi.cpf_section, pi.self_help_group, si.date_of_birth
      from users u
        join employment_info ei on ei.user_id = u.id
        join staff_info si on si.user_id = u.id
        join payment_info pi on pi.user_id = u.id
      where ${isPaidInPeriod(year, month)}
        ${userId === undefined ? sql`` : sql`and u.id = ${userId}`}
        -- Rows that exist are skipped here, not by the conflict clause: once a period is open, every
        -- listing of it came here, and 7,000 conflicting inserts took 90 ms to find nothing to do.
        -- NOT IN is planned as one hashed set of the period's user ids, whatever the statistics say
        -- (a NOT EXISTS, planned while a new month's rows were not yet analysed, scanned them per user).
        and u.id not in (select held.user_id from payslips held
          where held.year = ${year} and held.month = ${month})
        -- Months an opening year to date covers were paid before the company used the product.
        and u.id not in (select o.user_id from opening_ytd o
          where o.year = ${year} and o.through_month >= ${month})
      on conflict (user_id, year, month) do nothing
      returning id, user_id, basic_salary_snapshot_cents as basic`,
  );
  if (created.length === 0) return;
  // Approved claims waiting for this month (approved in it, or before while their month was processed).
  await placeOwedClaims(tx, {
    year,
    month,
    where: inIds(
      sql`c.user_id`,
      created.map((row) => row.user_id),
    ),
  });
  await prefillTimesheetPayItems(
    tx,
    created.map((row) => ({ id: row.id, userId: row.user_id, basicCents: Number(row.basic) })),
    year,
    month,
  );
  await prefillSeparationPayItems(
    tx,
    created.map((row) => ({ userId: row.user_id })),
    year,
    month,
  );

  const leaves = await takenUnpaidLeaves(tx, year, month);
  if (leaves.length === 0) return;
  const holidays = await holidaysBetween(tx, first, last);
  const prefills = created.flatMap((row) => {
    const own = leaves.filter((leave) => leave.userId === row.user_id);
    const { amountCents } = unpaidLeavePrefill(own, {
      basicSalaryCents: Number(row.basic),
      year,
      month,
      holidays,
    });
    return amountCents > 0 ? [{ payslipId: row.id, amountCents }] : [];
  });
  if (prefills.length === 0) return;
  await tx.insert(payItems).values(
    prefills.map((prefill) => ({
      payslipId: prefill.payslipId,
      kind: 'DEDUCTION' as const,
      type: 'UNPAID_LEAVE',
      amountCents: prefill.amountCents,
    })),
  );
  await movePayslips(
    tx,
    { type: 'payItem.add' },
    {
      where: inIds(
        sql`p.id`,
        prefills.map((p) => p.payslipId),
      ),
    },
  );
}
