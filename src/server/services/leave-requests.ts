import { and, asc, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import { todayIso } from '../../domain/dates';
import type { LeaveStatus } from '../../domain/enums';
import type { CreateLeaveRequest, LeaveClash, LeaveRequest } from '../../domain/leave';
import { decidesOwnLeave, leaveMessages, outsideEmployment } from '../../domain/leave';
import { type BalanceFigures, firstShortfall, insufficientBalanceMessage } from '../../domain/leave-balance';
import {
  type LeavePeriod,
  leaveDaysByYear,
  MINIMUM_LEAVE_DAYS,
  NO_HOLIDAYS,
  periodsOverlap,
} from '../../domain/leave-days';
import { leaveStatusLabel } from '../../domain/leave-display';
import {
  canLeaveRequest,
  decisionEvent,
  initialLeaveStatus,
  type LeaveRequestLifecycleEventType,
  leaveStatusesTagged,
  leaveStatusHasTag,
  nextLeaveStatus,
} from '../../domain/lifecycles/leave-request.lifecycle';
import type { DbOrTx, Tx } from '../db/client';
import { employmentInfo, leaveRequestDays, leaveRequests, leaveTypes, users } from '../db/schema';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../lib/http-error';
import type { FileStorage } from '../storage/storage';
import type { Actor } from './actor';
import { sealAttachment } from './attachments';
import { writeAudit } from './audit';
import { leaveBalancesOf, pinAllowances, recarry, storeCharges } from './leave-balances';
import { holidaysBetween, lockHolidaysToCount } from './public-holidays';

/** Process-wide collaborators of the leave services. */
export interface LeaveDeps {
  storage: FileStorage;
}

// ------------------------------------------------------------------ reading

const requestColumns = {
  id: leaveRequests.id,
  status: leaveRequests.status,
  type: leaveTypes.name,
  leaveTypeId: leaveRequests.leaveTypeId,
  createdAt: leaveRequests.createdAt,
  updatedAt: leaveRequests.updatedAt,
  fromDate: leaveRequests.fromDate,
  fromDateIsAm: leaveRequests.fromDateIsAm,
  toDate: leaveRequests.toDate,
  toDateIsAm: leaveRequests.toDateIsAm,
  days: leaveRequests.days,
  reason: leaveRequests.reason,
  fileUrl: leaveRequests.fileKey,
  userId: leaveRequests.userId,
  userFullName: users.fullName,
  userEmail: users.email,
};

const selectRequests = (db: DbOrTx) =>
  db
    .select(requestColumns)
    .from(leaveRequests)
    .innerJoin(users, eq(users.id, leaveRequests.userId))
    .innerJoin(leaveTypes, eq(leaveTypes.id, leaveRequests.leaveTypeId));

type RequestRow = Awaited<ReturnType<typeof selectRequests>>[number];

function toLeaveRequest(row: RequestRow): LeaveRequest {
  const { userFullName, userEmail, createdAt, updatedAt, ...rest } = row;
  return {
    ...rest,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    user: { id: row.userId, fullName: userFullName, email: userEmail },
  };
}

export async function findRequest(db: DbOrTx, id: number): Promise<LeaveRequest | undefined> {
  const [row] = await selectRequests(db).where(eq(leaveRequests.id, id));
  return row ? toLeaveRequest(row) : undefined;
}

/** Pending or approved requests of a user that touch the given dates. */
async function activeRequestsAround(
  db: DbOrTx,
  period: LeavePeriod,
  scope: { userId?: number; notUserId?: number },
) {
  const conditions = [
    inArray(leaveRequests.status, leaveStatusesTagged('holdsDays')),
    lte(leaveRequests.fromDate, period.toDate),
    gte(leaveRequests.toDate, period.fromDate),
  ];
  if (scope.userId !== undefined) conditions.push(eq(leaveRequests.userId, scope.userId));
  if (scope.notUserId !== undefined) conditions.push(ne(leaveRequests.userId, scope.notUserId));
  const rows = await selectRequests(db)
    .where(and(...conditions))
    .orderBy(asc(leaveRequests.fromDate), asc(leaveRequests.id));
  // The date range found the candidates; half days decide.
  return rows.map(toLeaveRequest).filter((other) => periodsOverlap(other, period));
}

/** Who else is away (approved or pending) on any half day of a request: the approver sees clashes. */
export async function leaveClashes(db: DbOrTx, { id }: { id: number }): Promise<LeaveClash[]> {
  const request = await findRequest(db, id);
  if (!request) throw notFound('Leave request not found.');
  const others = await activeRequestsAround(db, request, { notUserId: request.userId });
  return others.map(({ id, status, type, fromDate, fromDateIsAm, toDate, toDateIsAm, user }) => ({
    id,
    status,
    type,
    fromDate,
    fromDateIsAm,
    toDate,
    toDateIsAm,
    user,
  }));
}

// ------------------------------------------------------------------ changing

/** Every change to one user's leave takes this lock first, so checks and writes cannot interleave. */
async function lockUser(tx: Tx, userId: number) {
  const [user] = await tx
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return user;
}

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const describePeriod = (p: LeavePeriod) =>
  `${dmy(p.fromDate)} ${p.fromDateIsAm ? 'AM' : 'PM'} to ${dmy(p.toDate)} ${p.toDateIsAm ? 'AM' : 'PM'}`;

/** Refuses when a year the request is charged to would go below zero. */
async function assertBalanceCovers(
  tx: DbOrTx,
  request: { userId: number; leaveTypeId: number; typeName: string },
  charges: { year: number; days: number }[],
  alreadyHeld: boolean,
) {
  const byYear = new Map<number, BalanceFigures>();
  for (const { year } of charges) {
    const balance = (await leaveBalancesOf(tx, [request.userId], year))
      .get(request.userId)
      ?.find((b) => b.leaveType.id === request.leaveTypeId);
    const figures = {
      totalDays: balance ? balance.totalDays : 0,
      carriedDays: balance?.carriedForwardUsableDays ?? 0,
      approvedDays: balance?.approvedDays ?? 0,
      pendingDays: balance?.pendingDays ?? 0,
    };
    // On approval the request's own days are already held as pending: leave them out of the check.
    const own = alreadyHeld ? (charges.find((c) => c.year === year)?.days ?? 0) : 0;
    byYear.set(year, { ...figures, pendingDays: figures.pendingDays - own });
  }
  const shortfall = firstShortfall(
    charges,
    (year) => byYear.get(year) ?? { totalDays: 0, approvedDays: 0, pendingDays: 0 },
  );
  if (shortfall) {
    throw conflict(insufficientBalanceMessage(request.typeName, shortfall.year, shortfall.available));
  }
}

export async function createLeaveRequest(
  db: DbOrTx,
  actor: Actor,
  input: CreateLeaveRequest,
  { storage }: Partial<LeaveDeps>,
): Promise<LeaveRequest> {
  const [type] = await db.select().from(leaveTypes).where(eq(leaveTypes.name, input.leaveType));
  if (!type)
    throw badRequest(`There is no leave type named ${input.leaveType}.`, {
      code: 'LEAVE_TYPE_UNKNOWN',
      field: 'leaveType',
    });
  const period: LeavePeriod = {
    fromDate: input.fromDate,
    fromDateIsAm: input.fromDateIsAm,
    toDate: input.toDate,
    toDateIsAm: input.toDateIsAm,
  };
  // The server's own count, with the administrator's holidays; the client's `days` is only its preview.
  // Counted here to refuse early, and again in the transaction that stores it (issue 33).
  const countDays = async (tx: DbOrTx) => {
    const holidays = type.countsCalendarDays
      ? NO_HOLIDAYS
      : await holidaysBetween(tx, period.fromDate, period.toDate);
    const charges = leaveDaysByYear(period, { calendarDays: type.countsCalendarDays, holidays });
    const days = charges.reduce((sum, c) => sum + c.days, 0);
    if (days < MINIMUM_LEAVE_DAYS)
      throw badRequest(leaveMessages.minimumDays, { code: 'LEAVE_BELOW_MINIMUM_DAYS' });
    return { charges, days };
  };
  await countDays(db);
  const uploaded = input.fileUrl?.trim() || null;
  // Before the transaction: it may read from S3, and the user lock should stay short.
  const fileKey = uploaded && (await sealAttachment(storage, actor, uploaded));

  const id = await db.transaction(async (tx) => {
    // The holidays cannot change until this request is stored, nor a change's recount miss it.
    await lockHolidaysToCount(tx);
    const { charges, days } = await countDays(tx);
    const owner = await lockUser(tx, input.userId);
    if (!owner) throw notFound('User not found.');
    const [employment] = await tx
      .select({ hireDate: employmentInfo.hireDate, lastDayOfService: employmentInfo.lastDayOfService })
      .from(employmentInfo)
      .where(eq(employmentInfo.userId, input.userId));
    const outside = employment ? outsideEmployment(period, employment, todayIso()) : null;
    if (outside) {
      const { statusCode, message, code, field } = outside;
      throw new HttpError(statusCode, message, {}, { code, field });
    }
    if (fileKey) {
      const [taken] = await tx
        .select({ id: leaveRequests.id })
        .from(leaveRequests)
        .where(eq(leaveRequests.fileKey, fileKey));
      if (taken) throw conflict('This attachment already belongs to another leave request.');
    }
    const [overlap] = await activeRequestsAround(tx, period, { userId: input.userId });
    if (overlap) {
      throw conflict(
        `These dates overlap a ${leaveStatusLabel(overlap.status).toLowerCase()} ${overlap.type} request (${describePeriod(overlap)}).`,
      );
    }
    // The allowance the request records is pinned first, and the check reads that row: a policy
    // changed meanwhile cannot give the check one figure and the record another (issue 33).
    await pinAllowances(
      tx,
      input.userId,
      type.id,
      charges.map((c) => c.year),
    );
    await assertBalanceCovers(
      tx,
      { userId: input.userId, leaveTypeId: type.id, typeName: type.name },
      charges,
      false,
    );
    const [created] = await tx
      .insert(leaveRequests)
      .values({
        userId: input.userId,
        leaveTypeId: type.id,
        status: initialLeaveStatus,
        ...period,
        days,
        reason: input.reason?.trim() || null,
        fileKey,
        createdById: actor.id,
      })
      .returning({ id: leaveRequests.id });
    if (!created) throw new Error('leave request not created');
    await storeCharges(tx, { id: created.id, userId: input.userId, leaveTypeId: type.id }, charges);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'leaveRequest.created',
      entity: 'leaveRequest',
      entityId: created.id,
      subjectUserId: input.userId,
      details: { type: type.name, ...period, days, charges, fileKey },
    });
    return created.id;
  });
  const request = await findRequest(db, id);
  if (!request) throw notFound('Leave request not found.');
  return request;
}

export const chargedYears = async (tx: Tx, id: number) =>
  (
    await tx
      .select({ year: leaveRequestDays.year })
      .from(leaveRequestDays)
      .where(eq(leaveRequestDays.leaveRequestId, id))
  ).map((charge) => charge.year);

/**
 * Reads and locks a request: the owner's lock first (every change to one person's leave takes it),
 * then the row.
 */
export async function lockRequest(tx: Tx, id: number) {
  const [peek] = await tx
    .select({ userId: leaveRequests.userId })
    .from(leaveRequests)
    .where(eq(leaveRequests.id, id));
  if (!peek) throw notFound('Leave request not found.');
  const owner = await lockUser(tx, peek.userId);
  const [row] = await tx
    .select({
      id: leaveRequests.id,
      userId: leaveRequests.userId,
      status: leaveRequests.status,
      leaveTypeId: leaveRequests.leaveTypeId,
      fromDate: leaveRequests.fromDate,
      toDate: leaveRequests.toDate,
      fileKey: leaveRequests.fileKey,
    })
    .from(leaveRequests)
    .where(eq(leaveRequests.id, id))
    .for('update');
  // Deleted while this transaction waited for the lock.
  if (!row || !owner) throw notFound('Leave request not found.');
  return { ...row, ownerName: owner.fullName };
}

/** Reads and locks a pending request for a decision or its deletion (409 once it is not pending). */
async function lockForEvent(
  tx: Tx,
  id: number,
  event: Extract<LeaveRequestLifecycleEventType, `leaveRequest.${'approve' | 'reject' | 'delete'}`>,
) {
  const row = await lockRequest(tx, id);
  if (!canLeaveRequest(row.status, event)) {
    const verb = event === 'leaveRequest.delete' ? 'deleted' : 'approved or rejected';
    throw conflict(`Only a pending leave request can be ${verb}; this one is ${statusWords(row.status)}.`);
  }
  return row;
}

/** A status inside a sentence: 'this one is approved', '... is awaiting a decision on its withdrawal'. */
export const statusWords = (status: LeaveStatus) =>
  leaveStatusHasTag(status, 'awaitsWithdrawal')
    ? 'awaiting a decision on its withdrawal'
    : leaveStatusLabel(status).toLowerCase();

export async function decideLeaveRequest(
  db: DbOrTx,
  actor: Actor,
  input: { id: number; status: keyof typeof decisionEvent },
): Promise<LeaveRequest> {
  await db.transaction(async (tx) => {
    const event = decisionEvent[input.status];
    const row = await lockForEvent(tx, input.id, event);
    const status = nextLeaveStatus(row.status, event);
    if (!status) throw new Error('the lifecycle allowed a decision without a next status');
    if (decidesOwnLeave(row, actor.id)) {
      throw forbidden(
        'You cannot approve or reject your own leave request; another administrator must decide it.',
      );
    }
    if (leaveStatusHasTag(status, 'taken')) {
      const charges = await tx
        .select({ year: leaveRequestDays.year, days: leaveRequestDays.days })
        .from(leaveRequestDays)
        .where(eq(leaveRequestDays.leaveRequestId, row.id))
        .orderBy(asc(leaveRequestDays.year));
      const [type] = await tx.select().from(leaveTypes).where(eq(leaveTypes.id, row.leaveTypeId));
      await assertBalanceCovers(
        tx,
        { userId: row.userId, leaveTypeId: row.leaveTypeId, typeName: type?.name ?? 'leave' },
        charges,
        true,
      );
    }
    await tx.update(leaveRequests).set({ status, decidedById: actor.id }).where(eq(leaveRequests.id, row.id));
    // A rejection gives days back: what a closed year carried follows.
    if (!leaveStatusHasTag(status, 'holdsDays')) await recarry(tx, row, await chargedYears(tx, row.id));
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: event === 'leaveRequest.approve' ? 'leaveRequest.approved' : 'leaveRequest.rejected',
      entity: 'leaveRequest',
      entityId: row.id,
      subjectUserId: row.userId,
      details: { before: { status: row.status }, after: { status } },
    });
  });
  const request = await findRequest(db, input.id);
  if (!request) throw notFound('Leave request not found.');
  return request;
}

/** Deletes a pending request: the owner's own, or any as ADMIN (from the user detail). */
export async function deleteLeaveRequest(
  db: DbOrTx,
  actor: Actor,
  input: { id: number },
  { storage }: LeaveDeps,
) {
  const fileKey = await db.transaction(async (tx) => {
    const row = await lockForEvent(tx, input.id, 'leaveRequest.delete');
    const years = await chargedYears(tx, row.id);
    await tx.delete(leaveRequests).where(eq(leaveRequests.id, row.id));
    await recarry(tx, row, years);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'leaveRequest.deleted',
      entity: 'leaveRequest',
      entityId: row.id,
      subjectUserId: row.userId,
      details: { before: { status: row.status }, after: null, fileKey: row.fileKey },
    });
    return row.fileKey;
  });
  // The attachment goes with its request; a failure here leaves an orphan file, never a broken request.
  if (fileKey) await storage.remove(fileKey).catch(() => {});
}
