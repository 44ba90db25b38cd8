import * as z from 'zod/mini';
import { idSchema, text } from './fields';
import { leaveDateSchema, yearParam } from './leave';

/**
 * Public holidays kept by the administrator (issue 17, part 4): the schemas of GET/POST/DELETE
 * /api/public-holidays, the Public Holidays screen's Add form, and what a change did to the days of the
 * requests awaiting a decision. The leave day count (leave-days.ts) takes these dates as its input.
 */

export const HOLIDAY_NAME_MAX = 100;

export const holidayMessages = {
  dateRequired: 'Please enter a date.',
  dateInvalid: 'Please enter a valid date from 2000 to 2100.',
  nameRequired: 'Please enter the holiday name.',
  nameTooLong: `Name must be at most ${HOLIDAY_NAME_MAX} characters.`,
} as const;

export const publicHolidaySchema = z.object({
  date: z.string(),
  name: z.string(),
});
export type PublicHoliday = z.infer<typeof publicHolidaySchema>;

/** GET /public-holidays?year: omitted = this year in the company's time zone. */
export const publicHolidayYearQuerySchema = z.object({ year: z.optional(yearParam) });

/** POST /public-holidays: a real date from 2000 to 2100 and a name of 1 to 100 characters (trimmed). */
export const publicHolidayBodySchema = z.object({
  date: z.pipe(
    z.string({ error: holidayMessages.dateRequired }).check(z.minLength(1, holidayMessages.dateRequired)),
    leaveDateSchema,
  ),
  name: text(HOLIDAY_NAME_MAX, { trim: true, required: holidayMessages.nameRequired }),
});
export type PublicHolidayBody = z.output<typeof publicHolidayBodySchema>;

/** DELETE /public-holidays/{date}. */
export const publicHolidayDateParams = z.object({ date: leaveDateSchema });

/** A request awaiting a decision whose days a holiday change recounted. */
export const changedLeaveRequestSchema = z.object({
  id: idSchema,
  user: z.object({ id: idSchema, fullName: z.string() }),
  leaveType: z.object({ id: idSchema, name: z.string() }),
  fromDate: z.string(),
  toDate: z.string(),
  daysBefore: z.number(),
  daysAfter: z.number(),
});
export type ChangedLeaveRequest = z.infer<typeof changedLeaveRequestSchema>;

/** POST (201) and DELETE (200) answer the holiday and the pending requests whose days changed. */
export const publicHolidayChangeSchema = z.object({
  date: z.string(),
  name: z.string(),
  changedRequests: z.array(changedLeaveRequestSchema),
});
export type PublicHolidayChange = z.infer<typeof publicHolidayChangeSchema>;

// ------------------------------------------------------------------ the Add form

export interface PublicHolidayFormValues extends Record<string, string> {
  date: string;
  name: string;
}

export const PUBLIC_HOLIDAY_INITIAL_VALUES: PublicHolidayFormValues = { date: '', name: '' };

export const publicHolidayFormSchema = z.object({
  date: z.string().check(
    z.minLength(1, holidayMessages.dateRequired),
    z.refine((value: string) => value === '' || leaveDateSchema.safeParse(value).success, {
      message: holidayMessages.dateInvalid,
    }),
  ),
  name: text(HOLIDAY_NAME_MAX, {
    trim: true,
    required: holidayMessages.nameRequired,
    tooLong: holidayMessages.nameTooLong,
  }),
});

/** The holidays of a year as the day count takes them. */
export const holidayDates = (holidays: readonly PublicHoliday[]): Set<string> =>
  new Set(holidays.map((holiday) => holiday.date));
