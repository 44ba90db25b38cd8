import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { todayIso } from '../../domain/dates';
import { carryForward, carryForwardExpiresOn } from '../../domain/leave-entitlement';
import type { YearEndSummary } from '../../domain/leave-policies';
import type { DbOrTx } from '../db/client';
import { leaveCarryForwards } from '../db/leave-law-schema';
import { employmentInfo, leaveBalances, users } from '../db/schema';
import { conflict } from '../lib/http-error';
import type { Actor } from './actor';
import { writeAudit } from './audit';
import { leaveBalancesOf } from './leave-balances';
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
    const plan = await planYearEnd(tx, input.year);
    const next = input.year + 1;
    const staffIds = plan.staff.map((s) => s.id);
    if (staffIds.length > 0) {
      await tx
        .delete(leaveCarryForwards)
        .where(and(eq(leaveCarryForwards.year, next), inArray(leaveCarryForwards.userId, staffIds)));
    }
    if (plan.carried.length > 0) await tx.insert(leaveCarryForwards).values(plan.carried);
    if (plan.balances.length > 0) await tx.insert(leaveBalances).values(plan.balances).onConflictDoNothing();
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
      if (policy.carryForwardMaxDays <= 0 && balance.carriedForwardDays <= 0) continue;
      const outcome = carryForward({
        entitledDays: balance.totalDays,
        carriedInDays: balance.carriedForwardDays,
        carriedInAvailable: balance.carriedForwardUsableDays,
        usedDays: balance.usedDays,
        maxDays: policy.carryForwardMaxDays,
      });
      daysForfeited += outcome.forfeitedDays;
      if (outcome.carriedDays <= 0) continue;
      carrying.add(userId);
      daysCarried += outcome.carriedDays;
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
  return { staff, carried, balances: newBalances, summary };
}
