import { and, eq } from 'drizzle-orm';
import { addDaysIso } from '../domain/dates';
import type { DefaultLeaveType } from '../domain/enums';
import { leaveDecisionStatus } from '../domain/lifecycles/leave-request.lifecycle';
import { lastDayOf, lastRatedPeriod } from '../domain/payroll';
import { nextPeriod } from '../domain/payroll/period';
import { publicHolidayOn } from '../domain/public-holidays';
import type { DbOrTx } from './db/client';
import { payslips } from './db/schema';
import { DEMO_PAY_MONTHS, type DemoPayItem } from './seed/demo-company';
import type { Actor } from './services/actor';
import { createLeaveRequest, decideLeaveRequest } from './services/leave-requests';
import { addPayItem, bulkProcess, openPayrollPeriod } from './services/payroll';

/**
 * The processed months of `DEMO_PAY_MONTHS` for the demo company, through the payroll services, so the
 * figures are the engine's: each month's payslips are created (an approved Unpaid Leave first, so its
 * deduction is prefilled), its items added and every payslip processed on the month's last weekday.
 * `staffIds` maps the demo e-mail local parts to the onboarded users.
 */
export async function seedPayroll(
  db: DbOrTx,
  admin: Actor,
  today: string,
  staffIds: ReadonlyMap<string, number>,
) {
  const idOf = (who: string) => {
    const id = staffIds.get(who);
    if (id === undefined) throw new Error(`seed: ${who} is not onboarded demo staff`);
    return id;
  };
  // Counted back from this month, or from just after the last month the CPF tables cover, so a demo
  // started after them still has processed months.
  const lastRated = lastRatedPeriod();
  const anchor = today.slice(0, 7) <= lastRated ? today : `${nextPeriod(lastRated)}-01`;
  // Earlier months first: a month's CPF reads the year's processed months before it.
  for (const demo of [...DEMO_PAY_MONTHS].sort((a, b) => b.monthsBack - a.monthsBack)) {
    // Date.UTC carries a month below January into the year before.
    const start = new Date(
      Date.UTC(Number(anchor.slice(0, 4)), Number(anchor.slice(5, 7)) - 1 - demo.monthsBack, 1),
    );
    const period = { year: start.getUTCFullYear(), month: start.getUTCMonth() + 1 };
    if (demo.unpaidLeave) {
      // Through the services, as a user would: the staff member asks, the administrator approves,
      // and the audit trail has both.
      const userId = idOf(demo.unpaidLeave.who);
      const request = await createLeaveRequest(
        db,
        { id: userId, role: 'STAFF' },
        {
          userId,
          leaveType: 'Unpaid Leave' satisfies DefaultLeaveType,
          reason: demo.unpaidLeave.reason,
          ...twoWorkingDaysIn(period),
        },
        {},
      );
      await decideLeaveRequest(db, admin, { id: request.id, status: leaveDecisionStatus.approve });
    }
    await processMonth(db, admin, period, demo.items, idOf);
  }
}

/** The first two consecutive working days from the 8th of the month, whole days. */
function twoWorkingDaysIn({ year, month }: { year: number; month: number }) {
  const isWorkday = (date: string) => {
    const day = new Date(`${date}T00:00:00Z`).getUTCDay();
    return day !== 0 && day !== 6 && !publicHolidayOn(date);
  };
  let from = `${year}-${String(month).padStart(2, '0')}-08`;
  while (!isWorkday(from) || !isWorkday(addDaysIso(from, 1))) from = addDaysIso(from, 1);
  return { fromDate: from, fromDateIsAm: true, toDate: addDaysIso(from, 1), toDateIsAm: false };
}

/** Lists the month (creating its payslips), adds the items and processes every payslip on its last weekday. */
async function processMonth(
  db: DbOrTx,
  admin: Actor,
  period: { year: number; month: number },
  items: DemoPayItem[],
  idOf: (who: string) => number,
) {
  const { year, month } = period;
  await db.transaction((tx) => openPayrollPeriod(tx, year, month));
  const rows = await db
    .select({ id: payslips.id, userId: payslips.userId })
    .from(payslips)
    .where(and(eq(payslips.year, year), eq(payslips.month, month)));
  for (const item of items) {
    const userId = idOf(item.who);
    const row = rows.find((r) => r.userId === userId);
    if (!row) throw new Error(`seed: ${item.who} has no payslip in ${year}-${month}`);
    await addPayItem(db, admin, {
      kind: item.kind,
      type: item.type,
      amount: item.amount,
      userId,
      year,
      month,
      payslipId: row.id,
    });
  }
  if (rows.length === 0) return;
  let payDate = lastDayOf(year, month);
  while ([0, 6].includes(new Date(`${payDate}T00:00:00Z`).getUTCDay())) payDate = addDaysIso(payDate, -1);
  await bulkProcess(db, admin, {
    payDate,
    payslips: rows.map((row) => ({ userId: row.userId, year, month })),
  });
}
