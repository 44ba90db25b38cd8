import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import { payslipStatusesTagged } from '../../domain/lifecycles/payslip.lifecycle';
import {
  initialTimesheetStatus,
  timesheetStatusAfterSave,
} from '../../domain/lifecycles/timesheet.lifecycle';
import { monthOvertime, type TimesheetDay, type WorkPattern } from '../../domain/overtime';
import { monthBounds, timesheetDayProblems } from '../../domain/timesheet-checks';
import type { Timesheet, TimesheetBody, TimesheetGrid } from '../../domain/timesheets';
import type { DbOrTx } from '../db/client';
import { employmentInfo, paymentInfo, payslips, users } from '../db/schema';
import { timesheetDays, timesheets } from '../db/timesheet-schema';
import { badRequest, conflict, notFound } from '../lib/http-error';
import type { Actor } from './actor';
import { writeAudit } from './audit';
import { syncTimesheetPayItems } from './payroll/timesheet-items';

interface Month {
  userId: number;
  year: number;
  month: number;
}

export const FROZEN_MESSAGE = "This month's payslip is processed: its timesheet can no longer change.";
const NO_EMPLOYMENT = 'Employment information not found.';

async function employmentOf(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(employmentInfo).where(eq(employmentInfo.userId, userId));
  if (!row) throw notFound(NO_EMPLOYMENT);
  return row;
}

/** The month's basic: the payslip's snapshot once the month has one, else the current payment info. */
async function basicCentsOf(db: DbOrTx, { userId, year, month }: Month): Promise<number | null> {
  const [slip] = await db
    .select({ cents: payslips.basicSalarySnapshotCents })
    .from(payslips)
    .where(and(eq(payslips.userId, userId), eq(payslips.year, year), eq(payslips.month, month)));
  if (slip) return slip.cents;
  const [pay] = await db
    .select({ cents: paymentInfo.basicSalaryCents })
    .from(paymentInfo)
    .where(eq(paymentInfo.userId, userId));
  return pay?.cents ?? null;
}

/** The timesheet row of one employee's month. */
const sheetOf = (input: Month) =>
  and(
    eq(timesheets.userId, input.userId),
    eq(timesheets.year, input.year),
    eq(timesheets.month, input.month),
  );

async function answer(db: DbOrTx, input: Month, pattern: WorkPattern): Promise<Timesheet> {
  const [sheet] = await db.select().from(timesheets).where(sheetOf(input));
  const days = sheet
    ? await db
        .select({
          date: timesheetDays.date,
          hours: timesheetDays.hours,
          restDay: timesheetDays.restDay,
          publicHoliday: timesheetDays.publicHoliday,
        })
        .from(timesheetDays)
        .where(eq(timesheetDays.timesheetId, sheet.id))
        .orderBy(asc(timesheetDays.date))
    : [];
  const basic = await basicCentsOf(db, input);
  return {
    ...input,
    status: sheet?.status ?? initialTimesheetStatus,
    days,
    result: basic === null ? null : monthOvertime(days, pattern, basic),
  };
}

/** GET: the month's days and figures; an empty draft where nothing was saved yet. */
export async function getTimesheet(db: DbOrTx, input: Month): Promise<Timesheet> {
  const employment = await employmentOf(db, input.userId);
  return answer(db, input, employment);
}

/** The first of the day list's problems (src/domain/timesheet-checks.ts), as the PUT's refusal. */
function checkDays(
  days: readonly TimesheetDay[],
  input: Month,
  employment: { hireDate: string; lastDayOfService: string | null },
  pattern: WorkPattern,
  exempt: boolean,
) {
  const [problem] = timesheetDayProblems(days, input, employment, pattern, exempt);
  if (problem) {
    throw badRequest(problem.message, {
      code: problem.code,
      field: problem.index === null ? 'days' : `days.${problem.index}.${problem.field}`,
    });
  }
}

/**
 * PUT: replaces the month's days. The owner's save submits the timesheet; another administrator's
 * approves it (the lifecycle's four eyes). A processed month's payslip freezes it (409); an open one's
 * timesheet items are rewritten in the same transaction.
 */
export async function saveTimesheet(
  db: DbOrTx,
  actor: Actor,
  input: Month & { body: TimesheetBody },
): Promise<Timesheet> {
  return db.transaction(async (tx) => {
    // The user's row first, as every change to one person's pay does (users before payslips).
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, input.userId))
      .for('update');
    if (!owner) throw notFound('User not found.');
    const employment = await employmentOf(tx, input.userId);
    const month = { userId: input.userId, year: input.year, month: input.month };
    if (await isMonthProcessed(tx, month)) throw conflict(FROZEN_MESSAGE, { code: 'TIMESHEET_FROZEN' });
    const days = input.body.days.map(storedDay);
    checkDays(days, month, employment, employment, employment.overtimeExemptionRef !== null);
    await storeMonth(tx, actor, month, days, 'timesheet.saved');
    return answer(tx, month, employment);
  });
}

/** A day as stored: no rest-day request and no holiday unless given. */
export const storedDay = (day: TimesheetDay) => ({
  date: day.date,
  hours: day.hours,
  restDay: day.restDay ?? null,
  publicHoliday: day.publicHoliday ?? false,
});
type StoredDay = ReturnType<typeof storedDay>;

/** Whether the month's payslip is processed, which freezes its timesheet. */
export async function isMonthProcessed(tx: DbOrTx, month: Month): Promise<boolean> {
  const [slip] = await tx
    .select({ status: payslips.status })
    .from(payslips)
    .where(
      and(eq(payslips.userId, month.userId), eq(payslips.year, month.year), eq(payslips.month, month.month)),
    );
  return slip !== undefined && payslipStatusesTagged('processed').includes(slip.status);
}

/**
 * Replaces one employee's month inside the caller's transaction, with the user's row already locked and
 * the days checked: the status the lifecycle gives the save, the days, the open payslip's items, the audit.
 */
export async function storeMonth(
  tx: DbOrTx,
  actor: Actor,
  month: Month,
  days: readonly StoredDay[],
  action: 'timesheet.saved' | 'timesheet.imported',
): Promise<void> {
  const [existing] = await tx.select().from(timesheets).where(sheetOf(month));
  const status = timesheetStatusAfterSave(
    existing?.status ?? initialTimesheetStatus,
    actor.id === month.userId,
  );
  const [sheet] = existing
    ? await tx
        .update(timesheets)
        .set({ status, savedBy: actor.id })
        .where(eq(timesheets.id, existing.id))
        .returning()
    : await tx
        .insert(timesheets)
        .values({ ...month, status, savedBy: actor.id })
        .returning();
  if (!sheet) throw notFound('Timesheet not found.');
  await tx.delete(timesheetDays).where(eq(timesheetDays.timesheetId, sheet.id));
  if (days.length > 0) {
    await tx.insert(timesheetDays).values(days.map((day) => ({ ...day, timesheetId: sheet.id })));
  }
  // The open payslip's timesheet items follow at once: an approved month feeds pay, any other none.
  const payItems = await syncTimesheetPayItems(tx, month);
  await writeAudit(tx, {
    actorUserId: actor.id,
    action,
    entity: 'user',
    entityId: month.userId,
    details: { year: month.year, month: month.month, status, days, payItems },
  });
}

/**
 * GET /timesheets/{year}/{month}: every employee employed for some of the month (hired by its last day,
 * not gone before its first), by name, with their month as the one-person GET answers it. Four queries
 * whatever the headcount: the people, their sheets, the sheets' days, the month's payslips.
 */
export async function getTimesheetGrid(
  db: DbOrTx,
  { year, month }: { year: number; month: number },
): Promise<TimesheetGrid> {
  const { first, last } = monthBounds(year, month);
  const people = await db
    .select({
      userId: users.id,
      fullName: users.fullName,
      email: users.email,
      employment: employmentInfo,
      basicCents: paymentInfo.basicSalaryCents,
    })
    .from(users)
    .innerJoin(employmentInfo, eq(employmentInfo.userId, users.id))
    .leftJoin(paymentInfo, eq(paymentInfo.userId, users.id))
    .where(
      and(
        lte(employmentInfo.hireDate, last),
        or(isNull(employmentInfo.lastDayOfService), gte(employmentInfo.lastDayOfService, first)),
      ),
    )
    .orderBy(asc(users.fullName), asc(users.id));
  const ids = people.map((p) => p.userId);
  if (ids.length === 0) return { year, month, rows: [] };
  const sheets = await db
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.year, year), eq(timesheets.month, month), inArray(timesheets.userId, ids)));
  const days = sheets.length
    ? await db
        .select()
        .from(timesheetDays)
        .where(
          inArray(
            timesheetDays.timesheetId,
            sheets.map((s) => s.id),
          ),
        )
        .orderBy(asc(timesheetDays.date))
    : [];
  // The payslip's snapshot is the month's basic once it has one, as for one person.
  const slips = await db
    .select({ userId: payslips.userId, cents: payslips.basicSalarySnapshotCents })
    .from(payslips)
    .where(and(eq(payslips.year, year), eq(payslips.month, month), inArray(payslips.userId, ids)));
  const sheetOfUser = new Map(sheets.map((s) => [s.userId, s]));
  const basicOfUser = new Map(slips.map((s) => [s.userId, s.cents]));
  const rows = people.map((person) => {
    const sheet = sheetOfUser.get(person.userId);
    const own = sheet
      ? days
          .filter((d) => d.timesheetId === sheet.id)
          .map((d) => ({ date: d.date, hours: d.hours, restDay: d.restDay, publicHoliday: d.publicHoliday }))
      : [];
    const basic = basicOfUser.get(person.userId) ?? person.basicCents;
    return {
      fullName: person.fullName,
      email: person.email,
      timesheet: {
        userId: person.userId,
        year,
        month,
        status: sheet?.status ?? initialTimesheetStatus,
        days: own,
        result: basic === null ? null : monthOvertime(own, person.employment, basic),
      },
    };
  });
  return { year, month, rows };
}
