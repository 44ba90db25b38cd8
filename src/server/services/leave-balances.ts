import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { formatDateTime, todayIso } from '../../domain/dates';
import type { LeaveBalance, YearlyLeaveBalanceRow } from '../../domain/leave';
import { availableDays, carriedTakenMessage, formatDays } from '../../domain/leave-balance';
import { availableCarriedDays, carryForward } from '../../domain/leave-entitlement';
import type { LeaveTypePolicy } from '../../domain/leave-policies';
import { leaveStatusesTagged } from '../../domain/lifecycles/leave-request.lifecycle';
import type { DbOrTx } from '../db/client';
import { leaveCarryForwards } from '../db/leave-law-schema';
import { openingLeave } from '../db/opening-schema';
import { queriesAtOnce } from '../db/queries-at-once';
import {
  employmentInfo,
  leaveBalances,
  leaveRequestDays,
  leaveRequests,
  leaveTypes,
  users,
} from '../db/schema';
import { conflict, notFound } from '../lib/http-error';
import { renderPdfDocument } from '../pdf/pool';
import type { Actor } from './actor';
import { writeAudit } from './audit';
import { entitlementFor, leavePoliciesOf, servicesOf } from './leave-entitlements';
import { listLeaveTypes } from './leave-types';

const thisYear = () => Number(todayIso().slice(0, 4));

/**
 * THE balance function: every screen, the API and the PDF read balances from here.
 *
 * A year's allowance is the user's row for that year (set on onboarding, on the Leave Allowance
 * panel, by a year end, or pinned by a request), or else what the type's policy gives for that year
 * and the user's service (leave-entitlements.ts). Days a year end carried in are added, used before
 * the year's own days, and after their expiry only those already used still count. What is taken is
 * derived from the requests themselves (their days charged to this year, by status), so a balance
 * can never drift from the requests it reflects, plus the days taken before the company used the
 * product (opening leave), counted as approved.
 */
export async function leaveBalancesOf(
  db: DbOrTx,
  userIds: readonly number[],
  year: number,
  asOf: string = todayIso(),
): Promise<Map<number, LeaveBalance[]>> {
  const result = new Map<number, LeaveBalance[]>();
  if (userIds.length === 0) return result;
  const ids = [...userIds];
  const carry = leaveCarryForwards;
  const [policies, services, allowances, carried, taken, opening] = await queriesAtOnce(
    db,
    () => leavePoliciesOf(db),
    () => servicesOf(db, ids),
    () =>
      db
        .select({
          id: leaveBalances.id,
          userId: leaveBalances.userId,
          leaveTypeId: leaveBalances.leaveTypeId,
          totalDays: leaveBalances.totalDays,
        })
        .from(leaveBalances)
        .where(and(inArray(leaveBalances.userId, ids), eq(leaveBalances.year, year))),
    () =>
      db
        .select()
        .from(carry)
        .where(and(inArray(carry.userId, ids), eq(carry.year, year))),
    () =>
      db
        .select({
          userId: leaveRequests.userId,
          leaveTypeId: leaveRequests.leaveTypeId,
          approved:
            sql<number>`coalesce(sum(${leaveRequestDays.days}) filter (where ${inArray(leaveRequests.status, leaveStatusesTagged('taken'))}), 0)`.mapWith(
              Number,
            ),
          pending:
            sql<number>`coalesce(sum(${leaveRequestDays.days}) filter (where ${inArray(leaveRequests.status, leaveStatusesTagged('awaitsDecision'))}), 0)`.mapWith(
              Number,
            ),
          // Carried days go first: what a request starting by their expiry takes is taken from them.
          beforeExpiry:
            sql<number>`coalesce(sum(${leaveRequestDays.days}) filter (where ${leaveRequests.fromDate} <= ${carry.expiresOn}), 0)`.mapWith(
              Number,
            ),
        })
        .from(leaveRequestDays)
        .innerJoin(leaveRequests, eq(leaveRequests.id, leaveRequestDays.leaveRequestId))
        .leftJoin(
          carry,
          and(
            eq(carry.userId, leaveRequests.userId),
            eq(carry.leaveTypeId, leaveRequests.leaveTypeId),
            eq(carry.year, leaveRequestDays.year),
          ),
        )
        .where(
          and(
            eq(leaveRequestDays.year, year),
            inArray(leaveRequests.userId, ids),
            inArray(leaveRequests.status, leaveStatusesTagged('holdsDays')),
          ),
        )
        .groupBy(leaveRequests.userId, leaveRequests.leaveTypeId),
    () =>
      db
        .select({
          userId: openingLeave.userId,
          leaveTypeId: openingLeave.leaveTypeId,
          daysTaken: openingLeave.daysTaken,
        })
        .from(openingLeave)
        .where(and(inArray(openingLeave.userId, ids), eq(openingLeave.year, year))),
  );
  const key = (userId: number, typeId: number) => `${userId}:${typeId}`;
  const allowanceOf = new Map(allowances.map((a) => [key(a.userId, a.leaveTypeId), a]));
  const carriedOf = new Map(carried.map((c) => [key(c.userId, c.leaveTypeId), c]));
  const takenOf = new Map(taken.map((t) => [key(t.userId, t.leaveTypeId), t]));
  const openingOf = new Map(opening.map((o) => [key(o.userId, o.leaveTypeId), o.daysTaken]));
  for (const userId of ids) {
    result.set(
      userId,
      policies.map((policy) => {
        const type = policy.leaveType;
        const allowance = allowanceOf.get(key(userId, type.id));
        const totalDays = allowance
          ? allowance.totalDays
          : entitlementFor(policy, services.get(userId), year, asOf).entitledDays;
        const used = takenOf.get(key(userId, type.id));
        // Days taken before the company used the product count as approved (issue 38 item 4).
        const approvedDays = (used?.approved ?? 0) + (openingOf.get(key(userId, type.id)) ?? 0);
        const pendingDays = used?.pending ?? 0;
        const carriedIn = carriedOf.get(key(userId, type.id));
        const carriedDays = carriedIn?.days ?? 0;
        const usable = availableCarriedDays({
          carriedDays,
          expiresOn: carriedIn?.expiresOn ?? null,
          usedOnOrBeforeExpiry: used?.beforeExpiry ?? 0,
          asOf,
        });
        return {
          id: allowance?.id ?? null,
          leaveType: { id: type.id, name: type.name },
          year,
          totalDays,
          carriedForwardDays: carriedDays,
          // A year end writes a row of no days too (the year is closed for them): nothing expires.
          carriedForwardExpiresOn: carriedDays > 0 ? (carriedIn?.expiresOn ?? null) : null,
          carriedForwardUsableDays: usable,
          approvedDays,
          pendingDays,
          usedDays: approvedDays + pendingDays,
          balance: availableDays({ totalDays, carriedDays: usable, approvedDays, pendingDays }),
        };
      }),
    );
  }
  return result;
}

/** One user's balances for a year (default this year): own for STAFF, anyone's for ADMIN. */
export async function userLeaveBalances(
  db: DbOrTx,
  input: { userId: number; year?: number | undefined },
): Promise<LeaveBalance[]> {
  const { userId } = input;
  const year = input.year ?? thisYear();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User not found.');
  return (await leaveBalancesOf(db, [userId], year)).get(userId) ?? [];
}

/**
 * The yearly report (ADMIN): the balance per leave type of every staff member employed in that year
 * (onboarded, hired by its end, not gone before its start), by name.
 */
export async function yearlyLeaveBalances(
  db: DbOrTx,
  input: { year?: number | undefined },
): Promise<YearlyLeaveBalanceRow[]> {
  const year = input.year ?? thisYear();
  const staff = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .innerJoin(employmentInfo, eq(employmentInfo.userId, users.id))
    .where(
      and(
        eq(users.role, 'STAFF'),
        lte(employmentInfo.hireDate, `${year}-12-31`),
        or(isNull(employmentInfo.lastDayOfService), gte(employmentInfo.lastDayOfService, `${year}-01-01`)),
      ),
    )
    .orderBy(asc(users.fullName), asc(users.id));
  const balances = await leaveBalancesOf(
    db,
    staff.map((s) => s.id),
    year,
  );
  return staff.map((user) => ({
    user,
    balances: (balances.get(user.id) ?? []).map((b) => ({ leaveTypeId: b.leaveType.id, balance: b.balance })),
  }));
}

/** The yearly report as a PDF (ADMIN), from the same figures as the screen. */
export async function yearlyLeaveBalancesPdf(
  db: DbOrTx,
  input: { year?: number | undefined },
): Promise<{ year: number; pdf: Buffer }> {
  const year = input.year ?? thisYear();
  const [rows, types] = await Promise.all([yearlyLeaveBalances(db, { year }), listLeaveTypes(db)]);
  const generatedAt = formatDateTime(new Date());
  return {
    year,
    pdf: await renderPdfDocument({ kind: 'leaveBalances', data: { year, generatedAt, types, rows } }),
  };
}

/**
 * Gives every year a request charges its own allowance row (copied from the allowance in force), so a
 * later change to an earlier year's allowance cannot pull the rug from under requests already made.
 */
export async function pinAllowances(
  tx: DbOrTx,
  userId: number,
  leaveTypeId: number,
  years: readonly number[],
) {
  for (const year of years) {
    const [own] = await tx
      .select({ id: leaveBalances.id })
      .from(leaveBalances)
      .where(
        and(
          eq(leaveBalances.userId, userId),
          eq(leaveBalances.leaveTypeId, leaveTypeId),
          eq(leaveBalances.year, year),
        ),
      );
    if (own) continue;
    const balance = (await leaveBalancesOf(tx, [userId], year))
      .get(userId)
      ?.find((b) => b.leaveType.id === leaveTypeId);
    await tx
      .insert(leaveBalances)
      .values({ userId, leaveTypeId, year, totalDays: balance ? balance.totalDays : 0 })
      .onConflictDoNothing();
  }
}

/**
 * Sets one allowance (ADMIN). Refused below what is already approved or pending that year, so what is
 * available never goes below zero. Onboarding can call this too.
 */
export async function setLeaveAllowance(
  db: DbOrTx,
  actor: Actor,
  input: { userId: number; leaveTypeId: number; year?: number | undefined; totalDays: number | null },
): Promise<LeaveBalance> {
  const { userId, leaveTypeId, totalDays } = input;
  const year = input.year ?? thisYear();
  return db.transaction(async (tx) => {
    // The same lock as leave requests take, so no request slips in between the check and the change.
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound('User not found.');
    const [type] = await tx.select().from(leaveTypes).where(eq(leaveTypes.id, leaveTypeId));
    if (!type) throw notFound('Leave type not found.');
    const before = (await leaveBalancesOf(tx, [userId], year))
      .get(userId)
      ?.find((b) => b.leaveType.id === leaveTypeId);
    const used = before?.usedDays ?? 0;
    if (totalDays !== null && totalDays < used) {
      throw conflict(
        `${type.name} for ${year} cannot be set below the ${formatDays(used)} already approved or pending.`,
      );
    }
    await tx
      .insert(leaveBalances)
      .values({ userId, leaveTypeId, year, totalDays })
      .onConflictDoUpdate({
        target: [leaveBalances.userId, leaveBalances.leaveTypeId, leaveBalances.year],
        set: { totalDays },
      });
    await recarry(tx, { userId, leaveTypeId }, [year]);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'leaveBalance.updated',
      entity: 'user',
      entityId: userId,
      subjectUserId: userId,
      details: {
        leaveType: type.name,
        year,
        before: { totalDays: before?.totalDays ?? null },
        after: { totalDays },
      },
    });
    const after = (await leaveBalancesOf(tx, [userId], year))
      .get(userId)
      ?.find((b) => b.leaveType.id === leaveTypeId);
    if (!after) throw notFound('Leave type not found.');
    return after;
  });
}

/**
 * What a year's end carries of one type for one employee, from the year's balance as its last day sees
 * it; null for a type that carries nothing (its days are yearly). The year end and `recarry` both
 * count with this.
 */
export function carryOutcome(policy: LeaveTypePolicy, balance: LeaveBalance) {
  if (balance.totalDays === null) return null;
  if (policy.carryForwardMaxDays <= 0 && balance.carriedForwardDays <= 0) return null;
  return carryForward({
    entitledDays: balance.totalDays,
    carriedInDays: balance.carriedForwardDays,
    carriedInAvailable: balance.carriedForwardUsableDays,
    usedDays: balance.usedDays,
    maxDays: policy.carryForwardMaxDays,
  });
}

/**
 * Keeps what closed years carried equal to what they leave unused (issue 33): after a change to the
 * days taken or allowed in `years`, each of those years a year end has closed for the employee (a
 * carry row into the next exists) has its carry recounted in the caller's transaction, and so on
 * into the years after, while they are closed too. Refused (409) when the next year has taken more
 * of the carried days than are left, so that no balance goes below zero. The caller holds the
 * employee's lock.
 */
export async function recarry(
  tx: DbOrTx,
  request: { userId: number; leaveTypeId: number },
  years: readonly number[],
) {
  const { userId, leaveTypeId } = request;
  const policy = (await leavePoliciesOf(tx)).find((p) => p.leaveTypeId === leaveTypeId);
  if (!policy) return;
  const balanceOf = async (year: number, asOf?: string) =>
    (await leaveBalancesOf(tx, [userId], year, asOf))
      .get(userId)
      ?.find((b) => b.leaveType.id === leaveTypeId);
  for (const first of [...new Set(years)].sort((a, b) => a - b)) {
    for (let year = first; ; year += 1) {
      const carriedInto = and(
        eq(leaveCarryForwards.userId, userId),
        eq(leaveCarryForwards.leaveTypeId, leaveTypeId),
        eq(leaveCarryForwards.year, year + 1),
      );
      const [carried] = await tx.select().from(leaveCarryForwards).where(carriedInto).for('update');
      if (!carried) break;
      const closed = await balanceOf(year, `${year}-12-31`);
      const days = (closed && carryOutcome(policy, closed)?.carriedDays) ?? 0;
      if (days === carried.days) break;
      const before = (await balanceOf(year + 1))?.balance ?? 0;
      await tx.update(leaveCarryForwards).set({ days }).where(carriedInto);
      const after = (await balanceOf(year + 1))?.balance ?? 0;
      if (after < 0 && after < before) {
        throw conflict(carriedTakenMessage(policy.leaveType.name, year, -after));
      }
    }
  }
}

/**
 * Stores a request's days per year (replacing any) and pins those years' allowances, as creating a
 * request and recounting one (a public holiday added or removed) both do; what closed years carried
 * follows (recarry).
 */
export async function storeCharges(
  tx: DbOrTx,
  request: { id: number; userId: number; leaveTypeId: number },
  charges: readonly { year: number; days: number }[],
) {
  await tx.delete(leaveRequestDays).where(eq(leaveRequestDays.leaveRequestId, request.id));
  await tx.insert(leaveRequestDays).values(charges.map((c) => ({ leaveRequestId: request.id, ...c })));
  const years = charges.map((c) => c.year);
  await pinAllowances(tx, request.userId, request.leaveTypeId, years);
  await recarry(tx, request, years);
}
