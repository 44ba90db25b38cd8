import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { formatDayMonthYear, todayIso } from '../../domain/dates';
import type {
  ChangedLeaveRequest,
  PublicHoliday,
  PublicHolidayBody,
  PublicHolidayChange,
} from '../../domain/holidays';
import { leaveDaysByYear, MINIMUM_LEAVE_DAYS } from '../../domain/leave-days';
import { leaveStatusesTagged } from '../../domain/lifecycles/leave-request.lifecycle';
import type { DbOrTx, Tx } from '../db/client';
import { publicHolidays } from '../db/leave-law-schema';
import { leaveRequests, leaveTypes, users } from '../db/schema';
import { conflict, notFound } from '../lib/http-error';
import type { Actor } from './actor';
import { writeAudit } from './audit';
import { storeCharges } from './leave-balances';

/**
 * Public holidays kept by the administrator (issue 17, part 4; docs/decisions/0009). Every leave day
 * count reads them from here; a change recounts the working-day requests awaiting a decision that cover
 * the date, in the same transaction, and answers which changed. Decided requests keep their days. A
 * request counts its days under the lock a change takes (lockHolidaysToCount).
 */

/**
 * The holidays a day count reads and the change to them take turns (issue 33): a change holds this
 * lock exclusively from before it writes until it commits, and a leave request holds it shared while
 * it counts and stores its days. A request then either counts with the change committed, or is
 * committed before the change's recount looks for it; requests do not wait for each other.
 */
const HOLIDAYS_LOCK = sql`hashtext('public-holidays')`;
export const lockHolidaysToCount = (tx: Tx) =>
  tx.execute(sql`select pg_advisory_xact_lock_shared(${HOLIDAYS_LOCK})`);
const lockHolidaysToChange = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(${HOLIDAYS_LOCK})`);

/** The holidays between two dates (inclusive) as the day count takes them. */
export async function holidaysBetween(db: DbOrTx, fromDate: string, toDate: string): Promise<Set<string>> {
  if (toDate < fromDate) return new Set();
  const rows = await db
    .select({ date: publicHolidays.date })
    .from(publicHolidays)
    .where(and(gte(publicHolidays.date, fromDate), lte(publicHolidays.date, toDate)));
  return new Set(rows.map((row) => row.date));
}

/** GET /public-holidays?year (every signed-in user): the year's holidays by date. */
export async function listPublicHolidays(db: DbOrTx, { year }: { year?: number }): Promise<PublicHoliday[]> {
  const y = year ?? Number(todayIso().slice(0, 4));
  return db
    .select({ date: publicHolidays.date, name: publicHolidays.name })
    .from(publicHolidays)
    .where(and(gte(publicHolidays.date, `${y}-01-01`), lte(publicHolidays.date, `${y}-12-31`)))
    .orderBy(asc(publicHolidays.date));
}

/** POST /public-holidays (ADMIN): 409 when the date already is one, or when a pending request would take no day. */
export async function addPublicHoliday(
  db: DbOrTx,
  actor: Actor,
  body: PublicHolidayBody,
): Promise<PublicHolidayChange> {
  return db.transaction(async (tx) => {
    await lockHolidaysToChange(tx);
    const [inserted] = await tx
      .insert(publicHolidays)
      .values({ date: body.date, name: body.name })
      .onConflictDoNothing()
      .returning({ date: publicHolidays.date, name: publicHolidays.name });
    if (!inserted) {
      const [existing] = await tx
        .select({ name: publicHolidays.name })
        .from(publicHolidays)
        .where(eq(publicHolidays.date, body.date));
      throw conflict(
        `${formatDayMonthYear(body.date)} is already a public holiday${existing ? ` (${existing.name})` : ''}.`,
      );
    }
    const changedRequests = await recountPendingOn(tx, actor, body.date);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'publicHoliday.added',
      entity: 'publicHoliday',
      entityId: inserted.date,
      details: { ...inserted, changedRequests: changedRequests.map(auditOf) },
    });
    return { ...inserted, changedRequests };
  });
}

/** DELETE /public-holidays/{date} (ADMIN): 404 when the date is not one. */
export async function removePublicHoliday(
  db: DbOrTx,
  actor: Actor,
  { date }: { date: string },
): Promise<PublicHolidayChange> {
  return db.transaction(async (tx) => {
    await lockHolidaysToChange(tx);
    const [removed] = await tx
      .delete(publicHolidays)
      .where(eq(publicHolidays.date, date))
      .returning({ date: publicHolidays.date, name: publicHolidays.name });
    if (!removed) throw notFound(`${formatDayMonthYear(date)} is not a public holiday.`);
    const changedRequests = await recountPendingOn(tx, actor, date);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'publicHoliday.removed',
      entity: 'publicHoliday',
      entityId: removed.date,
      details: { ...removed, changedRequests: changedRequests.map(auditOf) },
    });
    return { ...removed, changedRequests };
  });
}

const auditOf = (c: ChangedLeaveRequest) => ({
  id: c.id,
  userId: c.user.id,
  daysBefore: c.daysBefore,
  daysAfter: c.daysAfter,
});

/**
 * Recounts, with the holidays as they now are, the working-day requests awaiting a decision whose period
 * covers `date`, and stores the new days (total and per year). Runs inside the change's transaction,
 * after the change. Refuses (409, naming the request) a change that would leave one below the minimum.
 */
async function recountPendingOn(tx: Tx, actor: Actor, date: string): Promise<ChangedLeaveRequest[]> {
  const pendingOn = and(
    inArray(leaveRequests.status, leaveStatusesTagged('awaitsDecision')),
    eq(leaveTypes.countsCalendarDays, false),
    lte(leaveRequests.fromDate, date),
    gte(leaveRequests.toDate, date),
  );
  // Their owners' locks first, in one order, as every leave change takes them (a recount may change
  // what a closed year carried, issue 33); then the requests' rows.
  const owners = await tx
    .selectDistinct({ id: leaveRequests.userId })
    .from(leaveRequests)
    .innerJoin(leaveTypes, eq(leaveTypes.id, leaveRequests.leaveTypeId))
    .where(pendingOn);
  if (owners.length > 0) {
    await tx
      .select({ id: users.id })
      .from(users)
      .where(
        inArray(
          users.id,
          owners.map((owner) => owner.id),
        ),
      )
      .orderBy(asc(users.id))
      .for('update');
  }
  const candidates = await tx
    .select({
      id: leaveRequests.id,
      userId: leaveRequests.userId,
      fullName: users.fullName,
      leaveTypeId: leaveRequests.leaveTypeId,
      leaveTypeName: leaveTypes.name,
      fromDate: leaveRequests.fromDate,
      fromDateIsAm: leaveRequests.fromDateIsAm,
      toDate: leaveRequests.toDate,
      toDateIsAm: leaveRequests.toDateIsAm,
      days: leaveRequests.days,
    })
    .from(leaveRequests)
    .innerJoin(users, eq(users.id, leaveRequests.userId))
    .innerJoin(leaveTypes, eq(leaveTypes.id, leaveRequests.leaveTypeId))
    .where(pendingOn)
    .orderBy(asc(leaveRequests.fromDate), asc(leaveRequests.id))
    .for('update', { of: leaveRequests });
  const changed: ChangedLeaveRequest[] = [];
  for (const request of candidates) {
    const holidays = await holidaysBetween(tx, request.fromDate, request.toDate);
    const charges = leaveDaysByYear(request, { calendarDays: false, holidays });
    const days = charges.reduce((sum, c) => sum + c.days, 0);
    if (days === request.days) continue;
    if (days < MINIMUM_LEAVE_DAYS) {
      throw conflict(
        `The pending ${request.leaveTypeName} request of ${request.fullName} (${formatDayMonthYear(request.fromDate)} to ${formatDayMonthYear(request.toDate)}) would take no days with this holiday: reject it, or ask for it to be deleted, first.`,
      );
    }
    await tx.update(leaveRequests).set({ days }).where(eq(leaveRequests.id, request.id));
    await storeCharges(tx, request, charges);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'leaveRequest.recounted',
      entity: 'leaveRequest',
      entityId: request.id,
      subjectUserId: request.userId,
      details: { holiday: date, before: { days: request.days }, after: { days }, charges },
    });
    changed.push({
      id: request.id,
      user: { id: request.userId, fullName: request.fullName },
      leaveType: { id: request.leaveTypeId, name: request.leaveTypeName },
      fromDate: request.fromDate,
      toDate: request.toDate,
      daysBefore: request.days,
      daysAfter: days,
    });
  }
  return changed;
}
