import { DateTime } from 'luxon';
import * as z from 'zod/mini';
import { addDaysIso } from './dates';
import { payMonthSchema, payYearSchema } from './payslips';
import { hasHolidayCalendar, publicHolidayOn } from './public-holidays';

/**
 * The month's hand-over to the CPF Board, the bank and IRAS (issue 15): the requests of the
 * Submissions screen, the CPF summary it shows, and the value-date rule of the bank file.
 */

export const SALARY_FILE_BANK_CODES = ['UOB', 'DBS', 'OCBC'] as const;

/** How far ahead a bank takes a value date (UOB v4.8: at most 30 calendar days). */
export const VALUE_DATE_MAX_DAYS_AHEAD = 30;
export const VALUE_DATE_MESSAGE = `Value date must be from today to ${VALUE_DATE_MAX_DAYS_AHEAD} days ahead.`;

const isoDateText = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written as YYYY-MM-DD'));

export const cpfFileQuerySchema = z.object({
  year: payYearSchema,
  month: payMonthSchema,
  adviceCode: z._default(
    z.string().check(z.regex(/^(0[1-9]|[1-9]\d)$/, 'Advice code must be two digits from 01 to 99.')),
    '01',
  ),
});

/** The bank arrives as text so that an unknown one is refused by name (the service says which). */
export const bankFileQuerySchema = z.object({
  year: payYearSchema,
  month: payMonthSchema,
  bank: z.string().check(z.maxLength(20, 'must be at most 20 characters')),
  valueDate: z.optional(isoDateText),
  sequence: z.optional(
    z.pipe(
      z.string().check(z.regex(/^(0?[1-9]|[1-9]\d)$/, 'Sequence must be a number from 1 to 99.')),
      z.transform(Number),
    ),
  ),
});

export const ir8aQuerySchema = z.object({
  year: payYearSchema,
  format: z._default(z.enum(['pdf', 'csv'], { error: 'Format must be pdf or csv.' }), 'pdf'),
});

export const userIr8aQuerySchema = z.object({ year: payYearSchema });

const dollars = z.number();
export const shgFundLineSchema = z.object({
  fund: z.enum(['MBMF', 'SINDA', 'CDAC', 'ECF']),
  donors: z.number(),
  amount: dollars,
});

/** GET /payslips/cpf-summary: the month's amounts payable to the CPF Board, in dollars. */
export const cpfSummarySchema = z.object({
  year: z.number(),
  month: z.number(),
  /** Processed payslips of the month. */
  employees: z.number(),
  employeeCpf: dollars,
  employerCpf: dollars,
  totalCpf: dollars,
  /** The month's levy: the employees' levies added up and rounded down to the dollar. */
  sdl: dollars,
  shg: z.array(shgFundLineSchema),
  /** CPF + self-help groups + SDL: what the CPF file's trailer totals. */
  totalPayable: dollars,
  /** Eligible staff whose payslip for the month is not processed: they are not in the files. */
  unprocessed: z.number(),
  /** What stops the CPF file, each a sentence; empty when it can be downloaded. */
  problems: z.array(z.string()),
});
export type CpfSummary = z.infer<typeof cpfSummarySchema>;

const isWorkingDay = (isoDate: string) => {
  if (DateTime.fromISO(isoDate, { zone: 'utc' }).weekday > 5) return false;
  return !hasHolidayCalendar(Number(isoDate.slice(0, 4))) || publicHolidayOn(isoDate) === undefined;
};

/** The first working day after `isoDate` (Monday to Friday, not a public holiday). */
export function nextWorkingDay(isoDate: string): string {
  let day = addDaysIso(isoDate, 1);
  while (!isWorkingDay(day)) day = addDaysIso(day, 1);
  return day;
}

/** The bank file's value date when none is given: the pay date if it is still ahead, else the next working day. */
export const defaultValueDate = (payDate: string | null, today: string): string =>
  payDate !== null && payDate >= today ? payDate : nextWorkingDay(today);

/** Whether a chosen value date is one a bank takes: not past, at most 30 days ahead. */
export const isValueDateAllowed = (valueDate: string, today: string): boolean =>
  valueDate >= today && valueDate <= addDaysIso(today, VALUE_DATE_MAX_DAYS_AHEAD);
