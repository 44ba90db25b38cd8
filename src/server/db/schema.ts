import { type SQLWrapper, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../domain/auth';
import {
  BANK_NAMES,
  EMPLOYMENT_STATUSES,
  EMPLOYMENT_TYPES,
  GENDERS,
  LEAVE_STATUSES,
  MAIL_DELIVERIES,
  PASS_TYPES,
  PAYSLIP_EMAIL_STATUSES,
  PAYSLIP_STATUSES,
  RACES,
} from '../../domain/enums';
import { OPEN_SENDS } from '../../domain/lifecycles/payslip-email.lifecycle';
import { WEEKDAYS } from '../../domain/overtime';
import {
  cpfSections as CPF_SECTIONS,
  cpfTypes as CPF_TYPES,
  type PayItemKind,
  payItemKinds,
  payItemTreatmentChoices,
  payItemTypesByKind,
  selfHelpGroups as SELF_HELP_GROUPS,
} from '../../domain/payroll';
import { payItemOrigin, payItemOriginCheck, TYPES_WITH_TREATMENT_CHOICE } from './pay-item-columns';

// Enumerated values are text columns with CHECK constraints rather than PostgreSQL enum types:
// adding a value is one migration line, and the rule still holds in the database itself.
export const oneOf = (column: SQLWrapper, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`;

export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
/**
 * Money in integer cents, 64-bit: a year's sums and a large company's totals pass 32 bits (about
 * $21 million). Read as JavaScript numbers, exact to $90 trillion; the API caps a payslip far below.
 */
export const money = (name: string) => bigint(name, { mode: 'number' });
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => instant('created_at').notNull().defaultNow();
export const updatedAt = () =>
  instant('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** Leave days in half-day steps; percentages with two decimals. Read back as JS numbers. */
export const halfDays = (name: string) => numeric(name, { precision: 6, scale: 1, mode: 'number' });
const percent = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' });
export const isoDate = (name: string) => date(name, { mode: 'string' });
/** The owning user; `users` is read lazily, so the helper may stand before the table. */
const ownerId = (onDelete: 'cascade' | 'restrict') =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete });
export const actorId = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Set for accounts created with a temporary password; cleared when the user sets their own. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Access tokens issued before this instant are refused (set on password change and reset). */
    tokensValidFrom: instant('tokens_valid_from').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // The leave list's 'Search staff...': every word typed starts a word of the name (or the e-mail).
    index('users_search_idx').using('gin', sql`to_tsvector('simple', ${t.fullName} || ' ' || ${t.email})`),
    // Lists by name (the staff directory, a month's payslips, the balance report): `full_name, id`.
    index('users_full_name_idx').on(t.fullName, t.id),
    check('users_role_check', oneOf(t.role, ROLES)),
    check('users_full_name_check', sql`length(trim(${t.fullName})) > 0`),
  ],
);

export const staffInfo = pgTable(
  'staff_info',
  {
    id: id(),
    userId: ownerId('cascade'),
    gender: text('gender', { enum: GENDERS }),
    nric: text('nric').notNull(),
    dateOfBirth: isoDate('date_of_birth').notNull(),
    race: text('race', { enum: RACES }).notNull(),
    nationality: text('nationality').notNull(),
    // The residential address (IR8A): a Singapore one in parts, or a foreign one as its lines.
    addressBlock: text('address_block'),
    addressStreet: text('address_street'),
    addressUnit: text('address_unit'),
    addressPostalCode: text('address_postal_code'),
    foreignAddress: text('foreign_address'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_info_user_key').on(t.userId),
    check('staff_info_postal_code_check', sql`${t.addressPostalCode} ~ '^[0-9]{6}$'`),
    check(
      'staff_info_one_address_check',
      sql`${t.foreignAddress} is null or num_nonnulls(${t.addressBlock}, ${t.addressStreet}, ${t.addressUnit}, ${t.addressPostalCode}) = 0`,
    ),
    uniqueIndex('staff_info_nric_key').on(t.nric),
    check('staff_info_nric_upper_check', sql`${t.nric} = upper(${t.nric})`),
    check('staff_info_gender_check', oneOf(t.gender, GENDERS)),
    check('staff_info_race_check', oneOf(t.race, RACES)),
  ],
);

export const employmentInfo = pgTable(
  'employment_info',
  {
    id: id(),
    userId: ownerId('cascade'),
    designation: text('designation').notNull(),
    employmentStatus: text('employment_status', { enum: EMPLOYMENT_STATUSES }).notNull().default('ACTIVE'),
    hireDate: isoDate('hire_date').notNull(),
    confirmedDate: isoDate('confirmed_date'),
    passType: text('pass_type', { enum: PASS_TYPES }).notNull(),
    employmentType: text('employment_type', { enum: EMPLOYMENT_TYPES }).notNull(),
    /** Set with RESIGNED: payroll uses it for the last month's CPF and to leave the person out afterwards. */
    lastDayOfService: isoDate('last_day_of_service'),
    // The work pattern (issue 36): Part IV coverage and the overtime, rest-day and holiday rates.
    // Rows from before it read as a 5-day, 44-hour week with Sunday as rest day, not a workman.
    workman: boolean('workman').notNull().default(false),
    daysPerWeek: numeric('days_per_week', { precision: 2, scale: 1, mode: 'number' }).notNull().default(5),
    normalHoursPerDay: numeric('normal_hours_per_day', { precision: 4, scale: 2, mode: 'number' })
      .notNull()
      .default(8.8),
    restDay: text('rest_day', { enum: WEEKDAYS }).notNull().default('SUNDAY'),
    /** MOM's reference for an exemption from the 72-hour monthly overtime limit, as the company records it. */
    overtimeExemptionRef: text('overtime_exemption_ref'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('employment_info_user_key').on(t.userId),
    check('employment_info_status_check', oneOf(t.employmentStatus, EMPLOYMENT_STATUSES)),
    check('employment_info_pass_type_check', oneOf(t.passType, PASS_TYPES)),
    check('employment_info_type_check', oneOf(t.employmentType, EMPLOYMENT_TYPES)),
    check('employment_info_rest_day_check', oneOf(t.restDay, WEEKDAYS)),
    check(
      'employment_info_days_per_week_check',
      sql`${t.daysPerWeek} between 1 and 6 and ${t.daysPerWeek} * 2 = trunc(${t.daysPerWeek} * 2)`,
    ),
    check(
      'employment_info_normal_hours_check',
      sql`${t.normalHoursPerDay} > 0 and ${t.normalHoursPerDay} <= 12`,
    ),
    check(
      'employment_info_exemption_ref_check',
      sql`${t.overtimeExemptionRef} is null or length(${t.overtimeExemptionRef}) between 1 and 60`,
    ),
    check(
      'employment_info_confirmed_after_hire_check',
      sql`${t.confirmedDate} is null or ${t.confirmedDate} >= ${t.hireDate}`,
    ),
    check(
      'employment_info_last_day_after_hire_check',
      sql`${t.lastDayOfService} is null or ${t.lastDayOfService} >= ${t.hireDate}`,
    ),
  ],
);

export const paymentInfo = pgTable(
  'payment_info',
  {
    id: id(),
    userId: ownerId('cascade'),
    basicSalaryCents: money('basic_salary_cents').notNull(),
    employeeCpfRate: percent('employee_cpf_rate'),
    employerCpfRate: percent('employer_cpf_rate'),
    cpfType: text('cpf_type', { enum: CPF_TYPES }).notNull().default('NONE'),
    cpfSection: text('cpf_section', { enum: CPF_SECTIONS }).notNull().default('NONE'),
    selfHelpGroup: text('self_help_group', { enum: SELF_HELP_GROUPS }).notNull().default('NONE'),
    bankName: text('bank_name', { enum: BANK_NAMES }),
    bankCode: text('bank_code'),
    branchCode: text('branch_code'),
    accountNo: text('account_no'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_info_user_key').on(t.userId),
    check('payment_info_salary_check', sql`${t.basicSalaryCents} > 0`),
    check(
      'payment_info_rates_check',
      sql`coalesce(${t.employeeCpfRate}, 0) between 0 and 100 and coalesce(${t.employerCpfRate}, 0) between 0 and 100`,
    ),
    check('payment_info_cpf_type_check', oneOf(t.cpfType, CPF_TYPES)),
    check('payment_info_cpf_section_check', oneOf(t.cpfSection, CPF_SECTIONS)),
    check('payment_info_shg_check', oneOf(t.selfHelpGroup, SELF_HELP_GROUPS)),
    check('payment_info_bank_check', sql`${t.bankName} is null or ${oneOf(t.bankName, BANK_NAMES)}`),
  ],
);

export const leaveTypes = pgTable(
  'leave_types',
  {
    id: id(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Counted on calendar days (maternity, hospitalisation) instead of working days. */
    countsCalendarDays: boolean('counts_calendar_days').notNull().default(false),
    /** No yearly allowance: the balance shows '-' and never runs out (Unpaid Leave). */
    unlimited: boolean('unlimited').notNull().default(false),
    /** Deducted from pay: approved days prefill the month's UNPAID_LEAVE deduction. */
    unpaid: boolean('unpaid').notNull().default(false),
  },
  (t) => [uniqueIndex('leave_types_name_key').on(t.name)],
);

export const leaveBalances = pgTable(
  'leave_balances',
  {
    id: id(),
    userId: ownerId('cascade'),
    leaveTypeId: integer('leave_type_id')
      .notNull()
      .references(() => leaveTypes.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    /** The year's allowance; null = no limit (Unpaid Leave). What is used is derived from the requests. */
    totalDays: halfDays('total_days'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('leave_balances_user_type_year_key').on(t.userId, t.leaveTypeId, t.year),
    check(
      'leave_balances_total_days_check',
      sql`${t.totalDays} is null or (${t.totalDays} >= 0 and ${t.totalDays} * 2 = trunc(${t.totalDays} * 2))`,
    ),
    check('leave_balances_year_check', sql`${t.year} between 2000 and 2100`),
  ],
);

export const leaveRequests = pgTable(
  'leave_requests',
  {
    id: id(),
    userId: ownerId('cascade'),
    leaveTypeId: integer('leave_type_id')
      .notNull()
      .references(() => leaveTypes.id, { onDelete: 'restrict' }),
    // No default, here and for payslips and their e-mails: a new row's status is its lifecycle's initial state.
    status: text('status', { enum: LEAVE_STATUSES }).notNull(),
    fromDate: isoDate('from_date').notNull(),
    fromDateIsAm: boolean('from_date_is_am').notNull().default(false),
    toDate: isoDate('to_date').notNull(),
    toDateIsAm: boolean('to_date_is_am').notNull().default(false),
    days: halfDays('days').notNull(),
    reason: text('reason'),
    /** Storage key of the supporting attachment, if any. */
    fileKey: text('file_key'),
    createdById: actorId('created_by_id'),
    decidedById: actorId('decided_by_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('leave_requests_user_idx').on(t.userId, t.fromDate),
    index('leave_requests_status_idx').on(t.status),
    // The admin list's three sort orders, each with its tie-breaker: read forwards for `asc`, backwards
    // for `desc` (newest first, the default). Ascending on purpose: a backward scan gives exactly
    // `desc nulls first`, what `order by ... desc` means; a `desc` index (drizzle-kit writes it
    // `desc nulls last`) matched no order the lists ask, and the first page sorted the whole table.
    index('leave_requests_created_idx').on(t.createdAt, t.id),
    index('leave_requests_from_idx').on(t.fromDate, t.id),
    index('leave_requests_to_idx').on(t.toDate, t.id),
    // One user's list (My Leave, a staff record's requests), newest first by default.
    index('leave_requests_user_created_idx').on(t.userId, t.createdAt, t.id),
    uniqueIndex('leave_requests_file_key_key').on(t.fileKey),
    check('leave_requests_status_check', oneOf(t.status, LEAVE_STATUSES)),
    check('leave_requests_dates_check', sql`${t.toDate} >= ${t.fromDate}`),
    check('leave_requests_days_check', sql`${t.days} >= 0.5 and ${t.days} * 2 = trunc(${t.days} * 2)`),
  ],
);

/**
 * How many requests there are of each type and status, kept by a trigger on leave_requests (see
 * db/extras.ts), so the dashboard's counts and unsearched list totals need no scan of every request.
 */
export const leaveRequestTallies = pgTable(
  'leave_request_tallies',
  {
    leaveTypeId: integer('leave_type_id')
      .notNull()
      .references(() => leaveTypes.id, { onDelete: 'cascade' }),
    status: text('status', { enum: LEAVE_STATUSES }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.leaveTypeId, t.status] }),
    check('leave_request_tallies_n_check', sql`${t.n} >= 0`),
  ],
);

/**
 * The days of a leave request charged to each calendar year (a request across the year end has two
 * rows). Balances are derived from these rows and the request's status, so they cannot drift.
 */
export const leaveRequestDays = pgTable(
  'leave_request_days',
  {
    leaveRequestId: integer('leave_request_id')
      .notNull()
      .references(() => leaveRequests.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    days: halfDays('days').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.leaveRequestId, t.year] }),
    index('leave_request_days_year_idx').on(t.year),
    check('leave_request_days_days_check', sql`${t.days} > 0 and ${t.days} * 2 = trunc(${t.days} * 2)`),
  ],
);

export const payslips = pgTable(
  'payslips',
  {
    id: id(),
    userId: ownerId('restrict'),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    status: text('status', { enum: PAYSLIP_STATUSES }).notNull(),
    // Snapshots taken when the payslip is created, so later edits to payment info do not rewrite history.
    basicSalarySnapshotCents: money('basic_salary_snapshot_cents').notNull(),
    employeeCpfRateSnapshot: percent('employee_cpf_rate_snapshot'),
    employerCpfRateSnapshot: percent('employer_cpf_rate_snapshot'),
    cpfTypeSnapshot: text('cpf_type_snapshot', { enum: CPF_TYPES }).notNull().default('NONE'),
    cpfSectionSnapshot: text('cpf_section_snapshot', { enum: CPF_SECTIONS }).notNull().default('NONE'),
    selfHelpGroupSnapshot: text('self_help_group_snapshot', { enum: SELF_HELP_GROUPS })
      .notNull()
      .default('NONE'),
    dateOfBirthSnapshot: isoDate('date_of_birth_snapshot'),
    payDate: isoDate('pay_date'),
    // Totals computed by the payroll engine (integer cents), frozen when processed.
    ordinaryWageCents: money('ordinary_wage_cents').notNull().default(0),
    additionalWageCents: money('additional_wage_cents').notNull().default(0),
    grossPayCents: money('gross_pay_cents').notNull().default(0),
    employeeCpfCents: money('employee_cpf_cents').notNull().default(0),
    employerCpfCents: money('employer_cpf_cents').notNull().default(0),
    shgCents: money('shg_cents').notNull().default(0),
    // A levy is a whole number of 1/400 cent (0.25% of cents): four decimals keep it exact.
    sdlCents: numeric('sdl_cents', { precision: 14, scale: 4, mode: 'number' }).notNull().default(0),
    // OW and AW on which CPF was paid: the year-to-date figures of the employee's later months.
    cpfOwSubjectCents: money('cpf_ow_subject_cents').notNull().default(0),
    cpfAwSubjectCents: money('cpf_aw_subject_cents').notNull().default(0),
    netPayCents: money('net_pay_cents').notNull().default(0),
    otherItemsCents: money('other_items_cents').notNull().default(0),
    netPayableCents: money('net_payable_cents').notNull().default(0),
    processedAt: instant('processed_at'),
    processedById: actorId('processed_by_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payslips_user_period_key').on(t.userId, t.year, t.month),
    index('payslips_period_idx').on(t.year, t.month, t.status),
    check('payslips_month_check', sql`${t.month} between 1 and 12`),
    check('payslips_year_check', sql`${t.year} between 2000 and 2100`),
    check('payslips_status_check', oneOf(t.status, PAYSLIP_STATUSES)),
    check(
      'payslips_processed_check',
      sql`${t.status} <> 'PROCESSED' or (${t.payDate} is not null and ${t.processedAt} is not null)`,
    ),
    check('payslips_salary_check', sql`${t.basicSalarySnapshotCents} >= 0`),
  ],
);

export const payItems = pgTable(
  'pay_items',
  {
    id: id(),
    payslipId: integer('payslip_id')
      .notNull()
      .references(() => payslips.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: payItemKinds as [PayItemKind, ...PayItemKind[]] }).notNull(),
    type: text('type').notNull(),
    amountCents: money('amount_cents').notNull(),
    /** How a type paid either way was paid (src/domain/payroll/treatment.ts); null for the other types. */
    treatment: text('treatment', { enum: payItemTreatmentChoices }),
    ...payItemOrigin(),
    createdById: actorId('created_by_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('pay_items_payslip_idx').on(t.payslipId, t.kind),
    check('pay_items_amount_check', sql`${t.amountCents} > 0`),
    payItemOriginCheck(t),
    check(
      'pay_items_kind_type_check',
      sql.join(
        payItemKinds.map(
          (kind) => sql`(${t.kind} = ${sql.raw(`'${kind}'`)} and ${oneOf(t.type, payItemTypesByKind[kind])})`,
        ),
        sql` or `,
      ),
    ),
    check(
      'pay_items_treatment_check',
      sql`case when ${oneOf(t.type, TYPES_WITH_TREATMENT_CHOICE)} then ${t.treatment} is not null
        and ${oneOf(t.treatment, payItemTreatmentChoices)} else ${t.treatment} is null end`,
    ),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: ownerId('cascade'),
    /** Every token issued by rotation from one sign-in shares a family; reuse revokes the family. */
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    rotatedAt: instant('rotated_at'),
    revokedAt: instant('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: ownerId('cascade'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash)],
);

/** A request to e-mail a month's payslips (issue 16): the job an administrator follows. */
export const payslipEmailJobs = pgTable('payslip_email_jobs', {
  id: uuid('id').primaryKey().defaultRandom(),
  year: integer('year').notNull(),
  month: integer('month').notNull(),
  requestedById: actorId('requested_by_id'),
  createdAt: createdAt(),
});

/**
 * A payslip to e-mail in a job, its id the send's idempotency key: marked sent before the message's ending
 * line (services/mail.ts), never sent again, and one open (queued or in hand) per payslip (issue 33).
 */
export const payslipEmails = pgTable(
  'payslip_emails',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => payslipEmailJobs.id, { onDelete: 'cascade' }),
    payslipId: integer('payslip_id')
      .notNull()
      .references(() => payslips.id, { onDelete: 'cascade' }),
    userId: ownerId('cascade'),
    status: text('status', { enum: PAYSLIP_EMAIL_STATUSES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    /** How its message left when recorded sent (issue 34): OUTBOX when e-mail was not set up. */
    delivery: text('delivery', { enum: MAIL_DELIVERIES }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payslip_emails_job_payslip_key').on(t.jobId, t.payslipId),
    uniqueIndex('payslip_emails_open_key').on(t.payslipId).where(oneOf(t.status, OPEN_SENDS)),
    index('payslip_emails_payslip_idx').on(t.payslipId, t.status),
    check('payslip_emails_status_check', oneOf(t.status, PAYSLIP_EMAIL_STATUSES)),
    check('payslip_emails_delivery_check', oneOf(t.delivery, MAIL_DELIVERIES)),
  ],
);
