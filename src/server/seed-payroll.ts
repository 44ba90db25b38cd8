import { and, eq } from 'drizzle-orm';
import { addDaysIso } from '../domain/dates';
import { leaveDaysByYear } from '../domain/leave-days';
import { lastDayOf } from '../domain/payroll';
import { publicHolidayOn } from '../domain/public-holidays';
import type { Tx } from './db/client';
import { leaveRequestDays, leaveRequests, leaveTypes, payslips, users } from './db/schema';
import type { Actor } from './services/actor';
import { addPayItem, bulkProcess, ensurePayslipRows } from './services/payslips';

/**
 * Three processed months for the demo company, the three before the current one: a plain month, a
 * month with bonuses, and a month with unpaid leave (prefilled from an approved Unpaid Leave). The
 * staff include an employee past 55 (Lim Hui Ling) and a PR in the second year (Muhammad Hafiz).
 * Runs through the payroll services, so the figures are the engine's.
 */
export async function seedPayroll(tx: Tx, admin: Actor, today: string) {
  const months = [3, 2, 1].map((back) => {
    // Date.UTC carries a month below January into the year before.
    const start = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 - back, 1));
    return { year: start.getUTCFullYear(), month: start.getUTCMonth() + 1 };
  });
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.role, 'STAFF'));
  const idOf = (emailStart: string) => people.find((p) => p.email.startsWith(`${emailStart}@`))?.id;

  const [plain, bonuses, unpaid] = months as [(typeof months)[0], (typeof months)[0], (typeof months)[0]];

  await processMonth(tx, admin, plain, []);
  await processMonth(tx, admin, bonuses, [
    { who: idOf('weiming.tan'), kind: 'BONUS', type: 'BONUS', amount: 3000 },
    { who: idOf('chloe.fernandez'), kind: 'BONUS', type: 'COMMISION', amount: 850 },
    { who: idOf('rajesh.kumar'), kind: 'BONUS', type: 'AWS', amount: 8500 },
    { who: idOf('huiling.lim'), kind: 'BONUS', type: 'BONUS', amount: 2000 },
    { who: idOf('hafiz.osman'), kind: 'ADHOC', type: 'OVERTIME', amount: 245.5 },
  ]);

  // Two working days of unpaid leave in the third month, approved before its payslips exist.
  const technician = idOf('an.nguyen');
  const [unpaidType] = await tx.select().from(leaveTypes).where(eq(leaveTypes.name, 'Unpaid Leave'));
  if (technician && unpaidType) {
    let from = `${unpaid.year}-${String(unpaid.month).padStart(2, '0')}-08`;
    const isWorkday = (date: string) => {
      const day = new Date(`${date}T00:00:00Z`).getUTCDay();
      return day !== 0 && day !== 6 && !publicHolidayOn(date);
    };
    while (!isWorkday(from) || !isWorkday(addDaysIso(from, 1))) from = addDaysIso(from, 1);
    const period = { fromDate: from, fromDateIsAm: true, toDate: addDaysIso(from, 1), toDateIsAm: false };
    const charges = leaveDaysByYear(period, { calendarDays: false });
    const [request] = await tx
      .insert(leaveRequests)
      .values({
        userId: technician,
        leaveTypeId: unpaidType.id,
        status: 'APPROVED',
        ...period,
        days: charges.reduce((sum, charge) => sum + charge.days, 0),
        reason: 'Family matters overseas',
        createdById: technician,
        decidedById: admin.id,
      })
      .returning({ id: leaveRequests.id });
    if (request) {
      await tx
        .insert(leaveRequestDays)
        .values(charges.map((charge) => ({ leaveRequestId: request.id, ...charge })));
    }
  }
  await processMonth(tx, admin, unpaid, [
    { who: idOf('hafiz.osman'), kind: 'ADHOC', type: 'OVERTIME', amount: 180 },
    { who: idOf('weiming.tan'), kind: 'OTHER_ADDITION', type: 'TRAVEL_ALLOWANCE', amount: 120 },
    { who: idOf('aisyah.rahman'), kind: 'OTHER_DEDUCTION', type: 'LOAN', amount: 200 },
  ]);
}

type SeedItem = {
  who: number | undefined;
  kind: 'ADHOC' | 'BONUS' | 'DEDUCTION' | 'OTHER_ADDITION' | 'OTHER_DEDUCTION';
  type: string;
  amount: number;
};

/** Lists the month (creating its payslips), adds the items and processes every payslip on its last weekday. */
async function processMonth(
  tx: Tx,
  admin: Actor,
  period: { year: number; month: number },
  items: SeedItem[],
) {
  const { year, month } = period;
  await ensurePayslipRows(tx, year, month);
  const rows = await tx
    .select({ id: payslips.id, userId: payslips.userId })
    .from(payslips)
    .where(and(eq(payslips.year, year), eq(payslips.month, month)));
  for (const item of items) {
    const row = rows.find((r) => r.userId === item.who);
    if (!row) continue;
    await addPayItem(tx, admin, {
      kind: item.kind,
      type: item.type,
      amount: item.amount,
      userId: row.userId,
      year,
      month,
      payslipId: row.id,
    });
  }
  if (rows.length === 0) return;
  let payDate = lastDayOf(year, month);
  while ([0, 6].includes(new Date(`${payDate}T00:00:00Z`).getUTCDay())) payDate = addDaysIso(payDate, -1);
  await bulkProcess(tx, admin, {
    payDate,
    payslips: rows.map((row) => ({ userId: row.userId, year, month })),
  });
}
