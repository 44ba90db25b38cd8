import * as z from 'zod/mini';
import { idSchema } from './fields';
import { MAX_LEAVE_ALLOWANCE, yearParam, yearSchema } from './leave';
import { LEAVE_ENTITLEMENTS, LEAVE_STATUTES, type LeavePolicy, type LeaveStatute } from './leave-entitlement';

/**
 * Leave policies (issue 17): how each leave type's yearly entitlement is set, and what carries into
 * the next year. The rules themselves are in leave-entitlement.ts; this file holds the API's shapes
 * and the defaults a new company starts from.
 */

/** A type's policy with the law that sets its minimum, as GET /leave-policies answers it. */
export interface LeaveTypePolicy extends LeavePolicy {
  leaveTypeId: number;
  leaveType: { id: number; name: string };
  statute: LeaveStatute | null;
}

/** A type created without a default: a fixed 0 days (or no limit when it has none), set on the screen. */
export const policyForNewType = (unlimited: boolean): { statute: null } & LeavePolicy => ({
  statute: null,
  entitlement: unlimited ? 'NONE' : 'FIXED',
  days: unlimited ? null : 0,
  schedule: null,
  prorate: false,
  carryForwardMaxDays: 0,
  carryForwardExpiryMonths: null,
});

export const policyMessages = {
  daysRequired: 'Please enter the days a year.',
  scheduleRequired: 'Please enter the days for each year of service.',
  halfDays: 'Days go in steps of 0.5.',
  noLimitOnly: (type: string) => `${type} has no limit: its policy can only be 'No limit'.`,
  limitRequired: (type: string) => `${type} has a yearly limit: choose how its days are set.`,
  updated: 'Leave Policy Updated!',
} as const;

const days = z.number().check(
  z.minimum(0, 'Days cannot be negative.'),
  z.maximum(MAX_LEAVE_ALLOWANCE, `Days cannot be more than ${MAX_LEAVE_ALLOWANCE}.`),
  z.refine((value: number) => Number.isInteger(value * 2), policyMessages.halfDays),
);

/** PUT /leave-policies/{leaveTypeId}: the policy's own fields (the statute is the type's, not edited). */
export const leavePolicyInputSchema = z
  .object({
    entitlement: z.enum(LEAVE_ENTITLEMENTS),
    days: z.optional(z.nullable(days)),
    schedule: z.optional(z.nullable(z.array(days).check(z.minLength(1), z.maxLength(50)))),
    prorate: z.boolean(),
    carryForwardMaxDays: days,
    carryForwardExpiryMonths: z.nullable(z.number().check(z.int(), z.minimum(1), z.maximum(12))),
  })
  .check(
    z.refine((policy) => policy.entitlement !== 'FIXED' || typeof policy.days === 'number', {
      message: policyMessages.daysRequired,
      path: ['days'],
    }),
    z.refine((policy) => policy.entitlement !== 'SERVICE' || (policy.schedule?.length ?? 0) > 0, {
      message: policyMessages.scheduleRequired,
      path: ['schedule'],
    }),
  );
export type LeavePolicyInput = z.infer<typeof leavePolicyInputSchema>;

export const leavePolicySchema = z.object({
  leaveTypeId: idSchema,
  leaveType: z.object({ id: idSchema, name: z.string() }),
  statute: z.nullable(z.enum(LEAVE_STATUTES)),
  entitlement: z.enum(LEAVE_ENTITLEMENTS),
  days: z.nullable(z.number()),
  schedule: z.nullable(z.array(z.number())),
  prorate: z.boolean(),
  carryForwardMaxDays: z.number(),
  carryForwardExpiryMonths: z.nullable(z.number()),
});

/** GET /users/{id}/leave-entitlements: per type, the law's minimum, the policy's days and what was carried in. */
export const leaveEntitlementSchema = z.object({
  leaveType: z.object({ id: idSchema, name: z.string() }),
  /** null: no statute for this type. */
  statutoryDays: z.nullable(z.number()),
  /** null: no limit. */
  entitledDays: z.nullable(z.number()),
  carriedForwardDays: z.number(),
  carriedForwardExpiresOn: z.nullable(z.string()),
});
export type LeaveEntitlement = z.infer<typeof leaveEntitlementSchema>;

export const yearEndInputSchema = z.object({ year: yearSchema });
export const yearEndQuerySchema = z.object({ year: yearParam });

/** What a year end does (POST) or would do (GET): the confirmation and the answer say the same. */
export const yearEndSummarySchema = z.object({
  year: z.number(),
  /** Employees whose next year's balances it sets. */
  employees: z.number(),
  /** Next year's balance rows it creates from the policies (those already there are kept). */
  balancesCreated: z.number(),
  /** Employees with at least one day carried. */
  employeesCarrying: z.number(),
  daysCarried: z.number(),
  /** Unused days of the types that carry, beyond their limit, and carried days that expired unused. */
  daysForfeited: z.number(),
});
export type YearEndSummary = z.infer<typeof yearEndSummarySchema>;
