import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { TIMESHEET_STATUSES } from '../../domain/enums';
import { REST_DAY_REQUESTS } from '../../domain/overtime';
import { actorId, id, isoDate, oneOf, updatedAt, users } from './schema';

/** A user's month of hours (issue 36): one row per user and month, its days beside it. */
export const timesheets = pgTable(
  'timesheets',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    status: text('status', { enum: TIMESHEET_STATUSES }).notNull(),
    savedBy: actorId('saved_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('timesheets_user_month_key').on(t.userId, t.year, t.month),
    check('timesheets_status_check', oneOf(t.status, TIMESHEET_STATUSES)),
    check('timesheets_month_check', sql`${t.month} between 1 and 12 and ${t.year} between 2000 and 2100`),
  ],
);

/**
 * One worked day. Rows rather than a JSON array, so the database itself holds the rules a day must
 * keep: one row per date, the date in its timesheet's month (checked by the service), the Act's 12 hours.
 */
export const timesheetDays = pgTable(
  'timesheet_days',
  {
    id: id(),
    timesheetId: integer('timesheet_id')
      .notNull()
      .references(() => timesheets.id, { onDelete: 'cascade' }),
    date: isoDate('date').notNull(),
    hours: numeric('hours', { precision: 4, scale: 2, mode: 'number' }).notNull(),
    restDay: text('rest_day', { enum: REST_DAY_REQUESTS }),
    publicHoliday: boolean('public_holiday').notNull().default(false),
  },
  (t) => [
    uniqueIndex('timesheet_days_date_key').on(t.timesheetId, t.date),
    check('timesheet_days_hours_check', sql`${t.hours} >= 0 and ${t.hours} <= 12`),
    check(
      'timesheet_days_rest_day_check',
      sql`${t.restDay} is null or ${oneOf(t.restDay, REST_DAY_REQUESTS)}`,
    ),
  ],
);
