import { and, asc, eq, inArray, lte, not } from 'drizzle-orm';
import { centsToAmount } from '../../domain/money';
import type {
  OpeningLeave,
  OpeningLeaveBody,
  OpeningYtd,
  OpeningYtdBody,
} from '../../domain/opening-balances';
import type { DbOrTx, Tx } from '../db/client';
import { openingLeave, openingYtd } from '../db/opening-schema';
import { leaveTypes, payslips, users } from '../db/schema';
import { badRequest, conflict, notFound } from '../lib/http-error';
import type { Actor } from './actor';
import { writeAudit } from './audit';
import { isProcessedRow, lockEmployees, periodLabel } from './payroll/repository';
import { amountToCents } from './staff-records';

/**
 * Opening balances (issue 38 items 3 and 4): the year so far of an employee's pay and leave from before
 * the company used the product. Processing reads the opening YTD with the processed months
 * (payroll/repository.ts yearToDate), the IR8A adds it (payroll/ir8a.ts), every leave balance
 * subtracts the opening days (leave-balances.ts).
 */

const NO_OPENING = 'No opening year to date is recorded for this employee and year.';

type OpeningYtdRow = typeof openingYtd.$inferSelect;

const toOpeningYtd = (row: OpeningYtdRow): OpeningYtd => ({
  userId: row.userId,
  year: row.year,
  throughMonth: row.throughMonth,
  ordinaryWages: centsToAmount(row.ordinaryWageCents),
  additionalWages: centsToAmount(row.additionalWageCents),
  employeeCpf: centsToAmount(row.employeeCpfCents),
  employerCpf: centsToAmount(row.employerCpfCents),
  shg: centsToAmount(row.shgCents),
  sdl: centsToAmount(row.sdlCents),
});

/** The employee, locked as processing locks them, so a run and a change of the opening take turns. */
async function lockStaff(tx: Tx, userId: number) {
  await lockEmployees(tx, [userId]);
  const [user] = await tx
    .select({ id: users.id, role: users.role, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('User not found.');
  if (user.role !== 'STAFF')
    throw badRequest('Opening balances are kept for staff only.', { code: 'OPENING_NOT_STAFF' });
  return user;
}

/**
 * Refuses a change once a month of the year is processed here: a month up to the opening would be
 * counted twice, and a later month's CPF was worked out on the opening as it was (its AW ceiling).
 * The administrator reverts those months first, then reprocesses them on the new figures.
 */
async function assertNoProcessedMonth(tx: Tx, user: { id: number; fullName: string }, year: number) {
  const processed = await tx
    .select({ month: payslips.month })
    .from(payslips)
    .where(and(eq(payslips.userId, user.id), eq(payslips.year, year), isProcessedRow()))
    .orderBy(asc(payslips.month));
  if (processed.length > 0) {
    throw conflict(
      `${user.fullName} already has processed payslips in ${year} (${processed.map((p) => periodLabel(year, p.month)).join(', ')}): their CPF was worked out without this opening year to date. Revert them first, then process them again.`,
      // The months up to throughMonth are what the refusal is about: a form shows it beside that field.
      { code: 'OPENING_MONTHS_PROCESSED', field: 'throughMonth' },
    );
  }
}

export async function getOpeningYtd(
  db: DbOrTx,
  input: { userId: number; year: number },
): Promise<OpeningYtd> {
  const [row] = await db
    .select()
    .from(openingYtd)
    .where(and(eq(openingYtd.userId, input.userId), eq(openingYtd.year, input.year)));
  if (!row) throw notFound(NO_OPENING);
  return toOpeningYtd(row);
}

/**
 * PUT /users/{id}/opening-ytd (ADMIN): records or replaces the year so far. Payslip rows not yet
 * processed of the months it covers are removed (with their items): those months were paid elsewhere.
 */
export async function putOpeningYtd(
  db: DbOrTx,
  actor: Actor,
  input: { userId: number; body: OpeningYtdBody },
): Promise<OpeningYtd> {
  const { userId, body } = input;
  return db.transaction(async (tx) => {
    const user = await lockStaff(tx, userId);
    await assertNoProcessedMonth(tx, user, body.year);
    const [before] = await tx
      .select()
      .from(openingYtd)
      .where(and(eq(openingYtd.userId, userId), eq(openingYtd.year, body.year)));
    const columns = {
      throughMonth: body.throughMonth,
      ordinaryWageCents: amountToCents(body.ordinaryWages),
      additionalWageCents: amountToCents(body.additionalWages),
      employeeCpfCents: amountToCents(body.employeeCpf),
      employerCpfCents: amountToCents(body.employerCpf),
      shgCents: amountToCents(body.shg ?? 0),
      sdlCents: amountToCents(body.sdl ?? 0),
      savedBy: actor.id,
    };
    const [after] = await tx
      .insert(openingYtd)
      .values({ userId, year: body.year, ...columns })
      .onConflictDoUpdate({ target: [openingYtd.userId, openingYtd.year], set: columns })
      .returning();
    if (!after) throw new Error('opening year to date not stored');
    const removed = await tx
      .delete(payslips)
      .where(
        and(
          eq(payslips.userId, userId),
          eq(payslips.year, body.year),
          lte(payslips.month, body.throughMonth),
          not(isProcessedRow()),
        ),
      )
      .returning({ month: payslips.month });
    await writeAudit(tx, {
      actorUserId: actor.id,
      subjectUserId: userId,
      action: 'openingYtd.saved',
      entity: 'user',
      entityId: userId,
      details: {
        before: before ? toOpeningYtd(before) : null,
        after: toOpeningYtd(after),
        unprocessedMonthsRemoved: removed.map((row) => row.month).sort((a, b) => a - b),
      },
    });
    return toOpeningYtd(after);
  });
}

/** DELETE /users/{id}/opening-ytd?year (ADMIN): the year's months are then offered for processing again. */
export async function deleteOpeningYtd(
  db: DbOrTx,
  actor: Actor,
  input: { userId: number; year: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await lockStaff(tx, input.userId);
    await assertNoProcessedMonth(tx, user, input.year);
    const [before] = await tx
      .delete(openingYtd)
      .where(and(eq(openingYtd.userId, input.userId), eq(openingYtd.year, input.year)))
      .returning();
    if (!before) throw notFound(NO_OPENING);
    await writeAudit(tx, {
      actorUserId: actor.id,
      subjectUserId: input.userId,
      action: 'openingYtd.deleted',
      entity: 'user',
      entityId: input.userId,
      details: { before: toOpeningYtd(before), after: null },
    });
  });
}

const openingLeaveOf = async (db: DbOrTx, userId: number, year: number): Promise<OpeningLeave> => ({
  userId,
  year,
  balances: await db
    .select({
      leaveTypeId: openingLeave.leaveTypeId,
      leaveTypeName: leaveTypes.name,
      daysTaken: openingLeave.daysTaken,
    })
    .from(openingLeave)
    .innerJoin(leaveTypes, eq(leaveTypes.id, openingLeave.leaveTypeId))
    .where(and(eq(openingLeave.userId, userId), eq(openingLeave.year, year)))
    .orderBy(asc(leaveTypes.name)),
});

/** GET /users/{id}/opening-leave?year (ADMIN): the days taken per leave type before; none is an empty list. */
export async function getOpeningLeave(db: DbOrTx, input: { userId: number; year: number }) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
  if (!user) throw notFound('User not found.');
  return openingLeaveOf(db, input.userId, input.year);
}

/**
 * PUT /users/{id}/opening-leave (ADMIN): sets the days taken per leave type named in the body (0
 * removes one); types not named keep theirs. Under the employee's lock, as leave requests take it,
 * so a request's balance check sees the opening days before or after, never half.
 */
export async function putOpeningLeave(
  db: DbOrTx,
  actor: Actor,
  input: { userId: number; body: OpeningLeaveBody },
): Promise<OpeningLeave> {
  const { userId, body } = input;
  return db.transaction(async (tx) => {
    await lockStaff(tx, userId);
    const typeIds = body.balances.map((row) => row.leaveTypeId);
    if (typeIds.length > 0) {
      const known = await tx
        .select({ id: leaveTypes.id })
        .from(leaveTypes)
        .where(inArray(leaveTypes.id, typeIds));
      if (known.length !== typeIds.length)
        throw badRequest('There is no leave type with that id.', {
          code: 'LEAVE_TYPE_UNKNOWN',
          field: 'balances',
        });
    }
    const before = await openingLeaveOf(tx, userId, body.year);
    const mine = and(eq(openingLeave.userId, userId), eq(openingLeave.year, body.year));
    for (const { leaveTypeId, daysTaken } of body.balances) {
      if (daysTaken === 0) {
        await tx.delete(openingLeave).where(and(mine, eq(openingLeave.leaveTypeId, leaveTypeId)));
        continue;
      }
      await tx
        .insert(openingLeave)
        .values({ userId, leaveTypeId, year: body.year, daysTaken, savedBy: actor.id })
        .onConflictDoUpdate({
          target: [openingLeave.userId, openingLeave.leaveTypeId, openingLeave.year],
          set: { daysTaken, savedBy: actor.id },
        });
    }
    const after = await openingLeaveOf(tx, userId, body.year);
    await writeAudit(tx, {
      actorUserId: actor.id,
      subjectUserId: userId,
      action: 'openingLeave.saved',
      entity: 'user',
      entityId: userId,
      details: { year: body.year, before: before.balances, after: after.balances },
    });
    return after;
  });
}
