import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { CLAIM_STATUSES } from '../../domain/enums';
import { actorId, createdAt, id, instant, isoDate, money, oneOf, payItems, updatedAt, users } from './schema';

// Expense claims (issue 37), beside schema.ts: the types with their limits, and the claims.

/**
 * A kind of expense and its limits in cents (null: no limit). A type with claims is archived rather
 * than deleted, so its claims keep their type; the migration inserts the five a new company starts with.
 */
export const claimTypes = pgTable(
  'claim_types',
  {
    id: id(),
    name: text('name').notNull(),
    perClaimLimitCents: money('per_claim_limit_cents'),
    monthlyLimitCents: money('monthly_limit_cents'),
    yearlyLimitCents: money('yearly_limit_cents'),
    receiptRequired: boolean('receipt_required').notNull().default(false),
    // Whether a reimbursement of this type is income in the IR8A (issue 37 item 3).
    taxable: boolean('taxable').notNull().default(false),
    archivedAt: instant('archived_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live type per name, whatever its case; an archived one frees its name.
    uniqueIndex('claim_types_name_key').on(sql`lower(${t.name})`).where(sql`${t.archivedAt} is null`),
    check('claim_types_name_check', sql`length(trim(${t.name})) between 1 and 60`),
    check(
      'claim_types_limits_check',
      sql`coalesce(${t.perClaimLimitCents}, 1) > 0 and coalesce(${t.monthlyLimitCents}, 1) > 0 and coalesce(${t.yearlyLimitCents}, 1) > 0`,
    ),
  ],
);

/** One expense claimed by its owner; decided by another administrator; paid with a month's pay. */
export const claims = pgTable(
  'claims',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimTypeId: integer('claim_type_id')
      .notNull()
      .references(() => claimTypes.id, { onDelete: 'restrict' }),
    // No default: a new claim's status is its lifecycle's initial state.
    status: text('status', { enum: CLAIM_STATUSES }).notNull(),
    date: isoDate('date').notNull(),
    amountCents: money('amount_cents').notNull(),
    description: text('description').notNull(),
    /** The sealed receipt's storage key, if any. */
    receiptKey: text('receipt_key'),
    decidedById: actorId('decided_by_id'),
    decisionReason: text('decision_reason'),
    /** When it was decided: an approved claim is paid with the pay of that month (Asia/Singapore). */
    decidedAt: instant('decided_at'),
    /** The pay item that pays an approved claim (issue 37 item 3); null until a payslip takes it. */
    payItemId: integer('pay_item_id').references(() => payItems.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The limits' sums: one person's claims of a type in a month or a year.
    index('claims_user_type_date_idx').on(t.userId, t.claimTypeId, t.date),
    index('claims_status_idx').on(t.status),
    index('claims_created_idx').on(t.createdAt, t.id),
    uniqueIndex('claims_receipt_key_key').on(t.receiptKey),
    uniqueIndex('claims_pay_item_key').on(t.payItemId),
    check('claims_status_check', oneOf(t.status, CLAIM_STATUSES)),
    check('claims_amount_check', sql`${t.amountCents} > 0`),
    check('claims_description_check', sql`length(${t.description}) <= 500`),
    check('claims_decision_reason_check', sql`length(${t.decisionReason}) <= 500`),
  ],
);
