import * as z from 'zod/mini';
import { TIMESHEET_STATUSES } from './enums';
import { idParam } from './fields';
import { REST_DAY_REQUESTS } from './overtime';
import { payMonthSchema, payYearSchema } from './payslips';

/** A month of every employee's timesheets, `GET /timesheets/{year}/{month}` (issue 36 item 5). */
export const timesheetMonthParams = z.object({ year: payYearSchema, month: payMonthSchema });

/** Issue 36: a month's hours, `PUT/GET /users/{id}/timesheets/{year}/{month}`. */
export const timesheetParams = z.object({ id: idParam, year: payYearSchema, month: payMonthSchema });

export const HOURS_MESSAGE = 'Hours must be from 0 to 24, to two decimals.';

export const timesheetDaySchema = z.object({
  date: z.iso.date(),
  // Up to 24 is a day the schema can read; more than the Act's 12 is refused with the limit's own message.
  hours: z
    .number({ error: HOURS_MESSAGE })
    .check(
      z.refine(
        (value) => value >= 0 && value <= 24 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-9,
        HOURS_MESSAGE,
      ),
    ),
  restDay: z.optional(z.nullable(z.enum(REST_DAY_REQUESTS))),
  publicHoliday: z.optional(z.boolean()),
});
export type TimesheetDayInput = z.infer<typeof timesheetDaySchema>;

export const timesheetBodySchema = z.object({
  days: z.array(timesheetDaySchema).check(z.maxLength(31)),
});
export type TimesheetBody = z.infer<typeof timesheetBodySchema>;

/** The month's statutory figures, money in cents (src/domain/overtime.ts). */
export const overtimeResultSchema = z.object({
  covered: z.boolean(),
  hourlyBasicRate: z.nullable(z.number()),
  overtimeHours: z.number(),
  overtimeRate: z.nullable(z.number()),
  overtimePay: z.number(),
  restDayPay: z.number(),
  publicHolidayPay: z.number(),
});

export const timesheetSchema = z.object({
  userId: z.number(),
  year: z.number(),
  month: z.number(),
  status: z.enum(TIMESHEET_STATUSES),
  days: z.array(
    z.object({
      date: z.string(),
      hours: z.number(),
      restDay: z.nullable(z.enum(REST_DAY_REQUESTS)),
      publicHoliday: z.boolean(),
    }),
  ),
  /** Null while the employee has no basic salary recorded for the month. */
  result: z.nullable(overtimeResultSchema),
});
export type Timesheet = z.infer<typeof timesheetSchema>;

/** One row of the administrator's month grid: who, and their month's timesheet. */
export const timesheetGridRowSchema = z.object({
  fullName: z.string(),
  email: z.string(),
  timesheet: timesheetSchema,
});
export type TimesheetGridRow = z.infer<typeof timesheetGridRowSchema>;

/** The month grid: each employee employed for some of the month, by name. */
export const timesheetGridSchema = z.object({
  year: z.number(),
  month: z.number(),
  rows: z.array(timesheetGridRowSchema),
});
export type TimesheetGrid = z.infer<typeof timesheetGridSchema>;

/** `POST /timesheets/{year}/{month}/import?dryRun=`: a dry run unless told false. */
export const timesheetImportQuery = z.object({ dryRun: z.optional(z.enum(['true', 'false'])) });

/** The import's answer: rows read, employees named, and every bad row by row number and column. */
export const timesheetImportReportSchema = z.object({
  rows: z.number(),
  employees: z.number(),
  valid: z.boolean(),
  errors: z.array(z.object({ row: z.number(), field: z.string(), message: z.string() })),
});
export type TimesheetImportReport = z.infer<typeof timesheetImportReportSchema>;
