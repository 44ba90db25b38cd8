import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAY_RUN_STATUSES } from '../../domain/enums';
import { actorId, id, instant, oneOf, updatedAt } from './schema';

/**
 * A month's pay run (issue 39): one row per month once it is processed, submitted or approved; a month
 * without one is OPEN. Its status changes only through src/domain/lifecycles/pay-run.lifecycle.ts.
 */
export const payRuns = pgTable(
  'pay_runs',
  {
    id: id(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    status: text('status', { enum: PAY_RUN_STATUSES }).notNull(),
    submittedBy: actorId('submitted_by'),
    submittedAt: instant('submitted_at'),
    approvedBy: actorId('approved_by'),
    approvedAt: instant('approved_at'),
    rejectedReason: text('rejected_reason'),
    reopenedReason: text('reopened_reason'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('pay_runs_month_key').on(t.year, t.month),
    check('pay_runs_status_check', oneOf(t.status, PAY_RUN_STATUSES)),
    check('pay_runs_month_check', sql`${t.month} between 1 and 12 and ${t.year} between 2000 and 2100`),
  ],
);
