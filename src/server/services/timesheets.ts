import { and, asc, eq } from 'drizzle-orm';
import { payslipStatusesTagged } from '../../domain/lifecycles/payslip.lifecycle';
import {
  initialTimesheetStatus,
  timesheetStatusAfterSave,
} from '../../domain/lifecycles/timesheet.lifecycle';
import {
  DAY_LIMIT_MESSAGE,
  monthOvertime,
  type TimesheetDay,
  timesheetLimitProblems,
  type WorkPattern,
} from '../../domain/overtime';
import type { Timesheet, TimesheetBody } from '../../domain/timesheets';
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

const pad = (n: number) => String(n).padStart(2, '0');
const monthBounds = (year: number, month: number) => ({
  first: `${year}-${pad(month)}-01`,
  last: `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`,
});

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

/** The rules a day list keeps before anything is stored; each refusal names its day or limit. */
function checkDays(
  days: readonly TimesheetDay[],
  input: Month,
  employment: { hireDate: string; lastDayOfService: string | null },
  pattern: WorkPattern,
  exempt: boolean,
) {
  const { first, last } = monthBounds(input.year, input.month);
  const seen = new Set<string>();
  days.forEach((day, index) => {
    const field = `days.${index}.date`;
    if (day.date < first || day.date > last) {
      throw badRequest(`${day.date} is not in ${input.year}-${pad(input.month)}.`, {
        code: 'TIMESHEET_DAY_INVALID',
        field,
      });
    }
    if (
      day.date < employment.hireDate ||
      (employment.lastDayOfService && day.date > employment.lastDayOfService)
    ) {
      throw badRequest(`${day.date} is outside the employment.`, { code: 'TIMESHEET_DAY_INVALID', field });
    }
    if (seen.has(day.date)) {
      throw badRequest(`${day.date} is given twice.`, { code: 'TIMESHEET_DAY_INVALID', field });
    }
    seen.add(day.date);
  });
  const [problem] = timesheetLimitProblems(days, pattern, exempt);
  if (problem) {
    throw problem.index === null
      ? badRequest(problem.message, { code: 'TIMESHEET_MONTH_LIMIT', field: 'days' })
      : badRequest(DAY_LIMIT_MESSAGE, { code: 'TIMESHEET_DAY_LIMIT', field: `days.${problem.index}.hours` });
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
    const [processed] = await tx
      .select({ id: payslips.id, status: payslips.status })
      .from(payslips)
      .where(
        and(
          eq(payslips.userId, input.userId),
          eq(payslips.year, input.year),
          eq(payslips.month, input.month),
        ),
      );
    if (processed && payslipStatusesTagged('processed').includes(processed.status)) {
      throw conflict(FROZEN_MESSAGE, { code: 'TIMESHEET_FROZEN' });
    }
    const days = input.body.days.map((day) => ({
      date: day.date,
      hours: day.hours,
      restDay: day.restDay ?? null,
      publicHoliday: day.publicHoliday ?? false,
    }));
    checkDays(days, month, employment, employment, employment.overtimeExemptionRef !== null);

    const [existing] = await tx.select().from(timesheets).where(sheetOf(input));
    const status = timesheetStatusAfterSave(
      existing?.status ?? initialTimesheetStatus,
      actor.id === input.userId,
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
      action: 'timesheet.saved',
      entity: 'user',
      entityId: input.userId,
      details: { year: input.year, month: input.month, status, days, payItems },
    });
    return answer(tx, month, employment);
  });
}
