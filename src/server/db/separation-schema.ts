import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { SEPARATION_REASONS, SEPARATION_STATUSES } from '../../domain/enums';
import { type FixedAmount, OVERTIME_RATE_BASES, SALARY_PERIODS } from '../../domain/kets';
import { separationStatusesTagged } from '../../domain/lifecycles/separation.lifecycle';
import { actorId, createdAt, id, isoDate, oneOf, payslips, updatedAt, users } from './schema';

const owner = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * The key employment terms the rest of the record does not keep (issue 35 item 1; MOM's list in
 * docs/features/staff-records.md). The working arrangement is employment info's work pattern.
 */
export const keyEmploymentTerms = pgTable(
  'key_employment_terms',
  {
    id: id(),
    userId: owner(),
    mainDuties: text('main_duties'),
    placeOfWork: text('place_of_work'),
    salaryPeriod: text('salary_period', { enum: SALARY_PERIODS }).notNull().default('MONTHLY'),
    /** Null: overtime is paid with the salary, for the same period. */
    overtimePaymentPeriod: text('overtime_payment_period', { enum: SALARY_PERIODS }),
    overtimeRateBasis: text('overtime_rate_basis', { enum: OVERTIME_RATE_BASES }),
    fixedAllowances: jsonb('fixed_allowances').$type<FixedAmount[]>().notNull().default([]),
    fixedDeductions: jsonb('fixed_deductions').$type<FixedAmount[]>().notNull().default([]),
    /** 0: no probation; null: not recorded. */
    probationMonths: integer('probation_months'),
    /** The contract's notice in days; null: the Act's table by length of service. */
    noticePeriodDays: integer('notice_period_days'),
    otherSalaryComponents: text('other_salary_components'),
    medicalBenefits: text('medical_benefits'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('key_employment_terms_user_key').on(t.userId),
    check('key_employment_terms_salary_period_check', oneOf(t.salaryPeriod, SALARY_PERIODS)),
    check(
      'key_employment_terms_overtime_period_check',
      sql`${t.overtimePaymentPeriod} is null or ${oneOf(t.overtimePaymentPeriod, SALARY_PERIODS)}`,
    ),
    check(
      'key_employment_terms_overtime_basis_check',
      sql`${t.overtimeRateBasis} is null or ${oneOf(t.overtimeRateBasis, OVERTIME_RATE_BASES)}`,
    ),
    check(
      'key_employment_terms_probation_check',
      sql`${t.probationMonths} is null or ${t.probationMonths} between 0 and 24`,
    ),
    check(
      'key_employment_terms_notice_check',
      sql`${t.noticePeriodDays} is null or ${t.noticePeriodDays} between 1 and 365`,
    ),
  ],
);

/**
 * An employee's leaving (issue 35 item 2). Its status changes only through the separation lifecycle;
 * the due dates are computed from it and the record (src/domain/separation.ts), never stored.
 */
export const separations = pgTable(
  'separations',
  {
    id: id(),
    userId: owner(),
    status: text('status', { enum: SEPARATION_STATUSES }).notNull(),
    reason: text('reason', { enum: SEPARATION_REASONS }).notNull(),
    noticeDate: isoDate('notice_date').notNull(),
    lastDay: isoDate('last_day').notNull(),
    noticeServed: boolean('notice_served').notNull(),
    requestedBy: actorId('requested_by'),
    acknowledgedBy: actorId('acknowledged_by'),
    /** IRAS's tax clearance (IR21, issue 35 item 5): until it is recorded a work-pass holder's pay is withheld. */
    ir21ClearedOn: isoDate('ir21_cleared_on'),
    ir21Reference: text('ir21_reference'),
    ir21ClearedBy: actorId('ir21_cleared_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One current separation per employee; withdrawn ones stay for the record.
    uniqueIndex('separations_current_key')
      .on(t.userId)
      .where(oneOf(t.status, separationStatusesTagged('current'))),
    index('separations_user_idx').on(t.userId, t.id),
    check('separations_status_check', oneOf(t.status, SEPARATION_STATUSES)),
    check('separations_reason_check', oneOf(t.reason, SEPARATION_REASONS)),
    check('separations_last_day_check', sql`${t.lastDay} >= ${t.noticeDate}`),
    check(
      'separations_ir21_clearance_check',
      sql`(${t.ir21ClearedOn} is null) = (${t.ir21Reference} is null) and (${t.ir21ClearedOn} is null or ${t.ir21ClearedOn} >= ${t.noticeDate})`,
    ),
  ],
);

/**
 * A payslip withheld for IR21 and paid by a bank file of released payments (issue 35 item 5): when that
 * file was last made, so Submissions can say so. One row per payslip, rewritten by a later such file.
 */
export const ir21ReleasedPayments = pgTable('ir21_released_payments', {
  payslipId: integer('payslip_id')
    .primaryKey()
    .references(() => payslips.id, { onDelete: 'cascade' }),
  fileOn: isoDate('file_on').notNull(),
  fileName: text('file_name').notNull(),
  madeBy: actorId('made_by'),
  updatedAt: updatedAt(),
});
