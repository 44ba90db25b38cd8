import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { LEAVE_ENTITLEMENTS, LEAVE_STATUTES } from '../../domain/leave-entitlement';
import { createdAt, halfDays, isoDate, leaveTypes, oneOf, updatedAt, users } from './schema';

// The tables of issue 17 (leave as the law counts it), beside schema.ts, which keeps the rest.

/** How a leave type's yearly entitlement is set (one row per type; GET/PUT /leave-policies). */
export const leavePolicies = pgTable(
  'leave_policies',
  {
    leaveTypeId: integer('leave_type_id')
      .primaryKey()
      .references(() => leaveTypes.id, { onDelete: 'cascade' }),
    /** The law that sets the type's minimum (domain/leave-entitlement.ts); null: none. */
    statute: text('statute', { enum: LEAVE_STATUTES }),
    entitlement: text('entitlement', { enum: LEAVE_ENTITLEMENTS }).notNull(),
    days: halfDays('days'),
    schedule: jsonb('schedule').$type<number[]>(),
    prorate: boolean('prorate').notNull().default(true),
    carryForwardMaxDays: halfDays('carry_forward_max_days').notNull().default(0),
    carryForwardExpiryMonths: integer('carry_forward_expiry_months'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('leave_policies_statute_check', sql`${t.statute} is null or ${oneOf(t.statute, LEAVE_STATUTES)}`),
    check('leave_policies_entitlement_check', oneOf(t.entitlement, LEAVE_ENTITLEMENTS)),
    check('leave_policies_days_check', sql`${t.entitlement} <> 'FIXED' or ${t.days} is not null`),
    check('leave_policies_schedule_check', sql`${t.entitlement} <> 'SERVICE' or ${t.schedule} is not null`),
    check('leave_policies_carry_check', sql`${t.carryForwardMaxDays} >= 0`),
    check(
      'leave_policies_expiry_check',
      sql`${t.carryForwardExpiryMonths} is null or ${t.carryForwardExpiryMonths} between 1 and 12`,
    ),
  ],
);

/**
 * Days a year end carried into `year` for one employee and type, and when they expire. Written by
 * POST /leave-balances/year-end (again when it runs again, so a rerun gives the same figures).
 */
export const leaveCarryForwards = pgTable(
  'leave_carry_forwards',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leaveTypeId: integer('leave_type_id')
      .notNull()
      .references(() => leaveTypes.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    days: halfDays('days').notNull(),
    expiresOn: isoDate('expires_on'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.leaveTypeId, t.year] }),
    check('leave_carry_forwards_days_check', sql`${t.days} >= 0 and ${t.days} * 2 = trunc(${t.days} * 2)`),
  ],
);

/** Public holidays, kept by the administrator (seeded with the gazetted days of 2025 to 2027). */
export const publicHolidays = pgTable(
  'public_holidays',
  {
    date: isoDate('date').primaryKey(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('public_holidays_name_check', sql`length(trim(${t.name})) between 1 and 100`)],
);
