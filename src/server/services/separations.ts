import { and, between, desc, eq, inArray } from 'drizzle-orm';
import { addDaysIso, todayIso } from '../../domain/dates';
import type { SeparationStatus } from '../../domain/enums';
import {
  isEndingSeparation,
  nextSeparationStatus,
  type SeparationLifecycleEvent,
  separationStatusesTagged,
  separationStatusOn,
} from '../../domain/lifecycles/separation.lifecycle';
import { type Separation, type SeparationBody, separationTerms } from '../../domain/separation';
import type { DbOrTx, Tx } from '../db/client';
import { publicHolidays } from '../db/leave-law-schema';
import { employmentInfo } from '../db/schema';
import { keyEmploymentTerms, separations } from '../db/separation-schema';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { type Actor, isAdmin } from './actor';
import { writeAudit } from './audit';
import { EMPLOYMENT_INFO_NOT_FOUND } from './employment-info';
import { syncSeparationPayItems } from './payroll/separation-items';

export const SEPARATION_NOT_FOUND = 'No separation is recorded for this employee.';
export const SEPARATION_EXISTS = 'A separation is already recorded for this employee.';
export const STAFF_RESIGNATION_ONLY = 'You can only submit your resignation.';
export const NOTICE_BEFORE_HIRE = 'The notice date cannot be before the hire date.';
export const NOT_REQUESTED = 'Only a submitted resignation can be acknowledged.';
export const WITHDRAW_TOO_LATE = 'A separation can only be withdrawn before the last day.';

type SeparationRow = typeof separations.$inferSelect;

/** What the due dates are computed from: employment info, the contract's notice and the holidays after the last day. */
async function contextOf(db: DbOrTx, userId: number, lastDay: string) {
  const [employment] = await db.select().from(employmentInfo).where(eq(employmentInfo.userId, userId));
  if (!employment) throw notFound(EMPLOYMENT_INFO_NOT_FOUND);
  const [terms] = await db
    .select({ noticePeriodDays: keyEmploymentTerms.noticePeriodDays })
    .from(keyEmploymentTerms)
    .where(eq(keyEmploymentTerms.userId, userId));
  // Three working days fall well within a month of the last day.
  const holidays = await db
    .select({ date: publicHolidays.date })
    .from(publicHolidays)
    .where(between(publicHolidays.date, lastDay, addDaysIso(lastDay, 31)));
  return {
    employment: { ...employment, noticePeriodDays: terms?.noticePeriodDays ?? null },
    holidays: new Set(holidays.map((h) => h.date)),
  };
}

export async function answerOf(db: DbOrTx, row: SeparationRow, today = todayIso()): Promise<Separation> {
  const { employment, holidays } = await contextOf(db, row.userId, row.lastDay);
  const terms = separationTerms(row, employment, holidays, today);
  return {
    id: row.id,
    userId: row.userId,
    status: separationStatusOn(row.status, row.lastDay, today),
    reason: row.reason,
    noticeDate: row.noticeDate,
    lastDay: row.lastDay,
    noticeServed: row.noticeServed,
    ...terms,
    ir21ClearedOn: row.ir21ClearedOn,
    ir21Reference: row.ir21Reference,
    payWithheld: terms.ir21Required && row.ir21ClearedOn === null,
  };
}

export const currentOf = async (db: DbOrTx, userId: number) => {
  const [row] = await db
    .select()
    .from(separations)
    .where(
      and(eq(separations.userId, userId), inArray(separations.status, separationStatusesTagged('current'))),
    )
    .orderBy(desc(separations.id))
    .limit(1)
    .for('update');
  return row;
};

/** Employment info follows the separation: RESIGNED with its last day while it stands (decision 0005). */
async function setEmployment(tx: Tx, userId: number, lastDay: string | null) {
  await tx
    .update(employmentInfo)
    .set({ employmentStatus: lastDay ? 'RESIGNED' : 'ACTIVE', lastDayOfService: lastDay })
    .where(eq(employmentInfo.userId, userId));
}

/** Locks the employee's employment info: one separation change at a time for them. */
async function lockEmployment(tx: Tx, userId: number) {
  const [row] = await tx.select().from(employmentInfo).where(eq(employmentInfo.userId, userId)).for('update');
  if (!row) throw notFound(EMPLOYMENT_INFO_NOT_FOUND);
  return row;
}

/** The leaving month's payslip follows the separation (issue 35 item 3): what changed goes in the audit row. */
const syncPay = (tx: Tx, row: SeparationRow) =>
  syncSeparationPayItems(tx, {
    userId: row.userId,
    year: Number(row.lastDay.slice(0, 4)),
    month: Number(row.lastDay.slice(5, 7)),
  });

const auditValues = (row: SeparationRow) => ({
  status: row.status,
  reason: row.reason,
  noticeDate: row.noticeDate,
  lastDay: row.lastDay,
  noticeServed: row.noticeServed,
});

/**
 * POST /users/{id}/separation: an administrator records it (acknowledged at once, the employee reads
 * RESIGNED with the last day); the employee themself can only submit a resignation, which waits.
 */
export async function createSeparation(
  db: DbOrTx,
  actor: Actor,
  input: { userId: number; body: SeparationBody },
): Promise<Separation> {
  const admin = isAdmin(actor);
  if (!admin && input.body.reason !== 'RESIGNATION') {
    throw badRequest(STAFF_RESIGNATION_ONLY, { code: 'BAD_REQUEST', field: 'reason' });
  }
  const event: SeparationLifecycleEvent = { type: admin ? 'separation.record' : 'separation.request' };
  const row = await db.transaction(async (tx) => {
    const employment = await lockEmployment(tx, input.userId);
    if (input.body.noticeDate < employment.hireDate) {
      throw badRequest(NOTICE_BEFORE_HIRE, { code: 'BAD_REQUEST', field: 'noticeDate' });
    }
    if (await currentOf(tx, input.userId)) throw conflict(SEPARATION_EXISTS);
    const status = nextSeparationStatus(null, event) as SeparationStatus;
    const [created] = await tx
      .insert(separations)
      .values({
        userId: input.userId,
        status,
        ...input.body,
        requestedBy: actor.id,
        acknowledgedBy: isEndingSeparation(status) ? actor.id : null,
      })
      .returning();
    if (!created) throw new Error('separation insert returned nothing');
    if (isEndingSeparation(status)) await setEmployment(tx, input.userId, created.lastDay);
    const payItems = isEndingSeparation(status) ? await syncPay(tx, created) : null;
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: admin ? 'separation.recorded' : 'separation.requested',
      entity: 'user',
      entityId: input.userId,
      subjectUserId: input.userId,
      details: { before: null, after: auditValues(created), payItems },
    });
    return created;
  });
  return answerOf(db, row);
}

/** GET /users/{id}/separation: the standing one (not withdrawn), with what is due when. */
export async function getSeparation(db: DbOrTx, input: { userId: number }): Promise<Separation> {
  const [row] = await db
    .select()
    .from(separations)
    .where(
      and(
        eq(separations.userId, input.userId),
        inArray(separations.status, separationStatusesTagged('current')),
      ),
    );
  if (!row) throw notFound(SEPARATION_NOT_FOUND);
  return answerOf(db, row);
}

async function change(
  db: DbOrTx,
  actor: Actor,
  input: { userId: number; event: SeparationLifecycleEvent; refused: string; action: string },
  check?: (row: SeparationRow) => void,
): Promise<Separation> {
  const row = await db.transaction(async (tx) => {
    await lockEmployment(tx, input.userId);
    const before = await currentOf(tx, input.userId);
    if (!before) throw notFound(SEPARATION_NOT_FOUND);
    check?.(before);
    const status = nextSeparationStatus(before.status, input.event);
    if (!status) throw conflict(input.refused);
    const [after] = await tx
      .update(separations)
      .set({ status, ...(input.event.type === 'separation.acknowledge' && { acknowledgedBy: actor.id }) })
      .where(eq(separations.id, before.id))
      .returning();
    if (!after) throw notFound(SEPARATION_NOT_FOUND);
    if (isEndingSeparation(status) !== isEndingSeparation(before.status)) {
      await setEmployment(tx, input.userId, isEndingSeparation(status) ? after.lastDay : null);
    }
    const payItems = await syncPay(tx, after);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: input.action,
      entity: 'user',
      entityId: input.userId,
      subjectUserId: input.userId,
      details: { before: auditValues(before), after: auditValues(after), payItems },
    });
    return after;
  });
  return answerOf(db, row);
}

/** POST /users/{id}/separation/acknowledge (ADMIN): the employee's resignation is accepted. */
export const acknowledgeSeparation = (db: DbOrTx, actor: Actor, input: { userId: number }) =>
  change(db, actor, {
    userId: input.userId,
    event: { type: 'separation.acknowledge' },
    refused: NOT_REQUESTED,
    action: 'separation.acknowledged',
  });

/** DELETE /users/{id}/separation (ADMIN): withdrawn before the last day; the employee is ACTIVE again. */
export const withdrawSeparation = (db: DbOrTx, actor: Actor, input: { userId: number; today?: string }) =>
  change(
    db,
    actor,
    {
      userId: input.userId,
      event: { type: 'separation.withdraw' },
      refused: WITHDRAW_TOO_LATE,
      action: 'separation.withdrawn',
    },
    (row) => {
      if (row.lastDay <= (input.today ?? todayIso())) throw conflict(WITHDRAW_TOO_LATE);
    },
  );

/**
 * When final pay is due for the employees whose separation stands, by user: Process Pay shows it beside
 * a leaver's row. Only the few leavers of a month are asked for.
 */
export async function finalPayDueOf(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(separations)
    .where(
      and(
        inArray(separations.userId, [...userIds]),
        inArray(separations.status, separationStatusesTagged('ending')),
      ),
    );
  const answers = await Promise.all(rows.map((row) => answerOf(db, row)));
  return new Map(answers.map((answer) => [answer.userId, answer.finalPayDue]));
}
