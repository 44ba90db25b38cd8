import { and, asc, eq, inArray } from 'drizzle-orm';
import { todayIso } from '../../domain/dates';
import {
  belowTheLaw,
  entitledDays,
  type LeavePolicy,
  type Service,
  statutoryDays,
} from '../../domain/leave-entitlement';
import {
  type LeaveEntitlement,
  type LeavePolicyInput,
  type LeaveTypePolicy,
  policyForNewType,
  policyMessages,
} from '../../domain/leave-policies';
import type { DbOrTx } from '../db/client';
import { leaveCarryForwards, leavePolicies } from '../db/leave-law-schema';
import { employmentInfo, leaveTypes, staffInfo, users } from '../db/schema';
import { badRequest, notFound } from '../lib/http-error';
import type { Actor } from './actor';
import { writeAudit } from './audit';

/** Every leave type's policy, in the forms' order; a type without one reads as a fixed 0 (or no limit). */
export async function leavePoliciesOf(db: DbOrTx): Promise<LeaveTypePolicy[]> {
  const rows = await db
    .select({ type: leaveTypes, policy: leavePolicies })
    .from(leaveTypes)
    .leftJoin(leavePolicies, eq(leavePolicies.leaveTypeId, leaveTypes.id))
    .orderBy(asc(leaveTypes.sortOrder), asc(leaveTypes.id));
  return rows.map(({ type, policy }) => {
    const { statute, ...rules } = policy ?? { ...policyForNewType(type.unlimited), leaveTypeId: type.id };
    return {
      leaveTypeId: type.id,
      leaveType: { id: type.id, name: type.name },
      statute: statute ?? null,
      entitlement: rules.entitlement,
      days: rules.days,
      schedule: rules.schedule,
      prorate: rules.prorate,
      carryForwardMaxDays: rules.carryForwardMaxDays,
      carryForwardExpiryMonths: rules.carryForwardExpiryMonths,
    };
  });
}

/**
 * Sets a type's policy (ADMIN). Refused with the law's figures when it would give less than the
 * Employment Act or the CDCA, and 'No limit' stays the only policy of a type without a limit.
 */
export async function updateLeavePolicy(
  db: DbOrTx,
  actor: Actor,
  leaveTypeId: number,
  input: LeavePolicyInput,
): Promise<LeaveTypePolicy> {
  return db.transaction(async (tx) => {
    const before = (await leavePoliciesOf(tx)).find((p) => p.leaveTypeId === leaveTypeId);
    if (!before) throw notFound('Leave type not found.');
    const [type] = await tx.select().from(leaveTypes).where(eq(leaveTypes.id, leaveTypeId));
    const name = before.leaveType.name;
    if (type?.unlimited && input.entitlement !== 'NONE') {
      throw badRequest(policyMessages.noLimitOnly(name), {
        code: 'LEAVE_POLICY_NO_LIMIT_ONLY',
        field: 'entitlement',
      });
    }
    if (!type?.unlimited && input.entitlement === 'NONE') {
      throw badRequest(policyMessages.limitRequired(name), {
        code: 'LEAVE_POLICY_LIMIT_REQUIRED',
        field: 'entitlement',
      });
    }
    const policy: LeavePolicy = {
      entitlement: input.entitlement,
      // Only the field the kind reads is kept, so a stored policy never says two things.
      days: input.entitlement === 'FIXED' ? (input.days ?? null) : null,
      schedule: input.entitlement === 'SERVICE' ? (input.schedule ?? null) : null,
      prorate: input.prorate,
      carryForwardMaxDays: input.carryForwardMaxDays,
      carryForwardExpiryMonths: input.carryForwardMaxDays > 0 ? input.carryForwardExpiryMonths : null,
    };
    const unlawful = belowTheLaw(policy, before.statute, name);
    if (unlawful) {
      throw badRequest(unlawful.message, { code: 'LEAVE_POLICY_BELOW_STATUTE', field: unlawful.field });
    }
    await tx
      .insert(leavePolicies)
      .values({ leaveTypeId, statute: before.statute, ...policy })
      .onConflictDoUpdate({ target: leavePolicies.leaveTypeId, set: policy });
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'leavePolicy.updated',
      entity: 'leaveType',
      entityId: leaveTypeId,
      details: { leaveType: name, before: withoutNames(before), after: policy },
    });
    return { ...before, ...policy };
  });
}

const withoutNames = ({ leaveType: _type, leaveTypeId: _id, ...policy }: LeaveTypePolicy) => policy;

/** Each user's service (hire date, last day and gender); users not yet onboarded have none. */
export async function servicesOf(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, Service>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: employmentInfo.userId,
      hireDate: employmentInfo.hireDate,
      lastDate: employmentInfo.lastDayOfService,
      gender: staffInfo.gender,
    })
    .from(employmentInfo)
    .leftJoin(staffInfo, eq(staffInfo.userId, employmentInfo.userId))
    .where(inArray(employmentInfo.userId, [...userIds]));
  return new Map(rows.map(({ userId, ...service }) => [userId, service]));
}

/**
 * A type's days for a year by the policy; none for someone not (or not yet) employed then. Sick
 * leave counts the months served by `asOf` (today), as the law grants it.
 */
export function entitlementFor(
  policy: LeaveTypePolicy,
  service: Service | undefined,
  year: number,
  asOf: string = todayIso(),
) {
  if (!service) {
    return {
      statutoryDays: policy.statute === null ? null : 0,
      entitledDays: policy.entitlement === 'NONE' ? null : 0,
    };
  }
  return {
    statutoryDays: statutoryDays(policy.statute, service, year, asOf),
    entitledDays: entitledDays(policy, policy.statute, service, year, asOf),
  };
}

/** GET /users/{id}/leave-entitlements: own for STAFF, anyone's for ADMIN. */
export async function userLeaveEntitlements(
  db: DbOrTx,
  input: { userId: number; year?: number | undefined },
): Promise<LeaveEntitlement[]> {
  const { userId } = input;
  const year = input.year ?? Number(todayIso().slice(0, 4));
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User not found.');
  const [policies, services, carried] = [
    await leavePoliciesOf(db),
    await servicesOf(db, [userId]),
    await db
      .select()
      .from(leaveCarryForwards)
      .where(and(eq(leaveCarryForwards.userId, userId), eq(leaveCarryForwards.year, year))),
  ];
  const carriedOf = new Map(carried.map((row) => [row.leaveTypeId, row]));
  return policies.map((policy) => ({
    leaveType: policy.leaveType,
    ...entitlementFor(policy, services.get(userId), year),
    carriedForwardDays: carriedOf.get(policy.leaveTypeId)?.days ?? 0,
    // A row of no days only says the year before is closed: nothing expires.
    carriedForwardExpiresOn: carriedOf.get(policy.leaveTypeId)?.days
      ? (carriedOf.get(policy.leaveTypeId)?.expiresOn ?? null)
      : null,
  }));
}
