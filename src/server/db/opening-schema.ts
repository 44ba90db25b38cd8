import { sql } from 'drizzle-orm';
import { check, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { actorId, halfDays, id, leaveTypes, money, updatedAt, users } from './schema';

/**
 * What a company brings from before it used the product (issue 38 items 3 and 4): the year so far of
 * each employee's pay, and the leave days already taken. Processing and every balance add them in.
 */
export const openingYtd = pgTable(
  'opening_ytd',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    /** January up to this month were paid elsewhere: they are not processed here. */
    throughMonth: integer('through_month').notNull(),
    ordinaryWageCents: money('ordinary_wage_cents').notNull(),
    additionalWageCents: money('additional_wage_cents').notNull(),
    employeeCpfCents: money('employee_cpf_cents').notNull(),
    employerCpfCents: money('employer_cpf_cents').notNull(),
    shgCents: money('shg_cents').notNull().default(0),
    sdlCents: money('sdl_cents').notNull().default(0),
    savedBy: actorId('saved_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('opening_ytd_user_year_key').on(t.userId, t.year),
    check(
      'opening_ytd_period_check',
      sql`${t.throughMonth} between 1 and 12 and ${t.year} between 2000 and 2100`,
    ),
    check(
      'opening_ytd_amounts_check',
      sql`${t.ordinaryWageCents} >= 0 and ${t.additionalWageCents} >= 0 and ${t.employeeCpfCents} >= 0
        and ${t.employerCpfCents} >= 0 and ${t.shgCents} >= 0 and ${t.sdlCents} >= 0`,
    ),
  ],
);

/** Leave days an employee took in a year before the company used the product; every balance subtracts them. */
export const openingLeave = pgTable(
  'opening_leave',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leaveTypeId: integer('leave_type_id')
      .notNull()
      .references(() => leaveTypes.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    daysTaken: halfDays('days_taken').notNull(),
    savedBy: actorId('saved_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('opening_leave_user_type_year_key').on(t.userId, t.leaveTypeId, t.year),
    check(
      'opening_leave_days_check',
      sql`${t.daysTaken} >= 0 and ${t.daysTaken} * 2 = trunc(${t.daysTaken} * 2) and ${t.year} between 2000 and 2100`,
    ),
  ],
);
