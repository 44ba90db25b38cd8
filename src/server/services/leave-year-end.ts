import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { todayIso } from '../../domain/dates';
import type { LeaveBalance } from '../../domain/leave';
import { formatDays } from '../../domain/leave-balance';
import { carryForwardExpiresOn } from '../../domain/leave-entitlement';
import type { YearEndSummary } from '../../domain/leave-policies';
import type { DbOrTx } from '../db/client';
import { leaveCarryForwards } from '../db/leave-law-schema';
import { employmentInfo, leaveBalances, users } from '../db/schema';
import { conflict } from '../lib/http-error';
import type { Actor } from './actor';
import { writeAudit } from './audit';
import { carryOutcome, leaveBalancesOf } from './leave-balances';
import { entitlementFor, leavePoliciesOf, servicesOf } from './leave-entitlements';

/**
 * The year end (issue 17): next year's balances for every employee who stays into it, from the
 * policies, and the unused days of this year carried into it up to each type's limit, expiring when
 * the policy says. Running it again gives the same figures (it recomputes and overwrites what it
 * carried, and keeps balances already there), so it can run again after late December requests.
 */
export async function yearEnd(db: DbOrTx, actor: Actor, input: { year: number }): Promise<YearEndSummary> {
  return db.transaction(async (tx) => {
    // One year end at a time: two at once would each delete and write the other's carried rows.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('leave-year-end'))`);
    // And no leave change of anyone in between (they take the employee's lock, as this does).
    await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'STAFF'))
      .orderBy(asc(users.id))
      .for('update');
    const plan = await planYearEnd(tx, input.year);
    const next = input.year + 1;
    const staffIds = plan.staff.map((s) => s.id);
    const before = await leaveBalancesOf(tx, staffIds, next);
    if (staffIds.length > 0) {
      await tx
        .delete(leaveCarryForwards)
        .where(and(eq(leaveCarryForwards.year, next), inArray(leaveCarryForwards.userId, staffIds)));
    }
    if (plan.carried.length > 0) await tx.insert(leaveCarryForwards).values(plan.carried);
    if (plan.pinned.length > 0) await tx.insert(leaveBalances).values(plan.pinned).onConflictDoNothing();
    if (plan.balances.length > 0) await tx.insert(leaveBalances).values(plan.balances).onConflictDoNothing();
    // Carried days are kept equal to what the year leaves unused, so a run again finds the same; one
    // that would still carry less than the next year has taken (its carry limit lowered since) is refused.
    await assertNoneBelowZero(tx, before, await leaveBalancesOf(tx, staffIds, next), next);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'leaveBalance.yearEnd',
      entity: 'leaveYear',
      entityId: input.year,
      details: { ...plan.summary },
    });
    return plan.summary;
  });
}

async function assertNoneBelowZero(
  tx: DbOrTx,
  before: Map<number, LeaveBalance[]>,
  after: Map<number, LeaveBalance[]>,
  year: number,
) {
  for (const [userId, balances] of after) {
    for (const balance of balances) {
      const was = before.get(userId)?.find((b) => b.leaveType.id === balance.leaveType.id)?.balance ?? 0;
      if (balance.balance !== null && balance.balance < 0 && balance.balance < was) {
        const [user] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
        throw conflict(
          `The year end of ${year - 1} would carry less ${balance.leaveType.name} into ${year} than ${user?.fullName ?? 'an employee'} has taken there (${formatDays(-balance.balance)} short), as the carry limit is lower now. Raise the limit, or reject or delete their leave first.`,
        );
      }
    }
  }
}

/** What the year end would do now, for its confirmation (ADMIN). */
export async function previewYearEnd(db: DbOrTx, input: { year: number }): Promise<YearEndSummary> {
  return (await planYearEnd(db, input.year)).summary;
}

/**
 * A year can close once it has begun: the Leave Balance screen offers it from 1 December, and an
 * earlier run is simply run again later (it recomputes). A year not yet begun has nothing to carry.
 */
export function assertYearCanClose(year: number, today = todayIso()) {
  if (year > Number(today.slice(0, 4))) {
    throw conflict(`The year end of ${year} cannot run before ${year} has begun.`);
  }
}

async function planYearEnd(db: DbOrTx, year: number) {
  assertYearCanClose(year);
  const next = year + 1;
  // Employed in the year and still employed on the first day of the next.
  const staff = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(employmentInfo, eq(employmentInfo.userId, users.id))
    .where(
      and(
        eq(users.role, 'STAFF'),
        lte(employmentInfo.hireDate, `${year}-12-31`),
        or(isNull(employmentInfo.lastDayOfService), gte(employmentInfo.lastDayOfService, `${next}-01-01`)),
      ),
    )
    .orderBy(asc(users.id));
  const ids = staff.map((s) => s.id);
  const [policies, services, balances, existing] = [
    await leavePoliciesOf(db),
    await servicesOf(db, ids),
    // As the year's last day sees them: carried-in days expired by then count only as far as used.
    await leaveBalancesOf(db, ids, year, `${year}-12-31`),
    ids.length === 0
      ? []
      : await db
          .select({ userId: leaveBalances.userId, leaveTypeId: leaveBalances.leaveTypeId })
          .from(leaveBalances)
          .where(and(eq(leaveBalances.year, next), inArray(leaveBalances.userId, ids))),
  ];
  const exists = new Set(existing.map((row) => `${row.userId}:${row.leaveTypeId}`));
  const carried: Array<typeof leaveCarryForwards.$inferInsert> = [];
  const newBalances: Array<typeof leaveBalances.$inferInsert> = [];
  const pinned: Array<typeof leaveBalances.$inferInsert> = [];
  const carrying = new Set<number>();
  let daysCarried = 0;
  let daysForfeited = 0;
  for (const userId of ids) {
    for (const balance of balances.get(userId) ?? []) {
      const policy = policies.find((p) => p.leaveTypeId === balance.leaveType.id);
      if (!policy || balance.totalDays === null) continue;
      // Sick leave grows with the months served through the year: it stays computed, never frozen.
      if (!exists.has(`${userId}:${policy.leaveTypeId}`) && policy.entitlement !== 'STATUTORY_SICK') {
        const { entitledDays } = entitlementFor(policy, services.get(userId), next, `${next}-12-31`);
        newBalances.push({ userId, leaveTypeId: policy.leaveTypeId, year: next, totalDays: entitledDays });
      }
      // A type that carries nothing (sick leave, say) forfeits nothing either: its days are yearly.
      const outcome = carryOutcome(policy, balance);
      if (!outcome) continue;
      daysForfeited += outcome.forfeitedDays;
      // The closed year's allowance is its own row from now on: a later policy or employment change
      // cannot change what it left unused behind the carry's back.
      pinned.push({ userId, leaveTypeId: policy.leaveTypeId, year, totalDays: balance.totalDays });
      if (outcome.carriedDays > 0) {
        carrying.add(userId);
        daysCarried += outcome.carriedDays;
      }
      // Written even when nothing is carried: the row says the year is closed for them, and later
      // leave in it is recounted into it (recarry).
      carried.push({
        userId,
        leaveTypeId: policy.leaveTypeId,
        year: next,
        days: outcome.carriedDays,
        expiresOn: carryForwardExpiresOn(year, policy.carryForwardExpiryMonths),
      });
    }
  }
  const summary: YearEndSummary = {
    year,
    employees: ids.length,
    balancesCreated: newBalances.length,
    employeesCarrying: carrying.size,
    daysCarried,
    daysForfeited,
  };
  return { staff, carried, balances: newBalances, pinned, summary };
}
