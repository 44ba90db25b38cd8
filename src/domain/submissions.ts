import { DateTime } from 'luxon';
import * as z from 'zod/mini';
import { addDaysIso } from './dates';
import { BANK_FILE_PAYMENTS, releasedPaymentSchema, withheldPaymentSchema } from './ir21';
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
  /** 'released': only the payments released by IRAS's IR21 clearance (issue 35 item 5). */
  payments: z._default(z.enum(BANK_FILE_PAYMENTS, { error: 'Payments must be all or released.' }), 'all'),
});

export const ir8aQuerySchema = z.object({
  year: payYearSchema,
  format: z._default(z.enum(['pdf', 'csv', 'ais'], { error: 'Format must be pdf, csv or ais.' }), 'pdf'),
});

export const aisCheckQuerySchema = z.object({ year: payYearSchema });

/** One thing to fix before the AIS file can be made; the company's own problems have userId 0. */
export const aisProblemSchema = z.object({
  userId: z.number(),
  name: z.string(),
  /** nric, dateOfBirth, sex, nationality, residentialAddress, name, payslips, company.organisationId ... */
  field: z.string(),
  message: z.string(),
});

/** GET /payslips/ir8a/ais-check: what stops the year's AIS IR8A file (issue 32.13). */
export const aisCheckSchema = z.object({
  year: z.number(),
  /** Employees with a processed payslip in the year. */
  employees: z.number(),
  problems: z.array(aisProblemSchema),
});
export type AisCheck = z.infer<typeof aisCheckSchema>;
export type AisProblem = z.infer<typeof aisProblemSchema>;

/** The problems by whom they are fixed on, in the order the check told them (the company first when it has any). */
export function aisProblemsByPerson(problems: readonly AisProblem[]) {
  const people = new Map<number, { userId: number; name: string; messages: string[] }>();
  for (const problem of problems) {
    const person = people.get(problem.userId) ?? { userId: problem.userId, name: problem.name, messages: [] };
    person.messages.push(problem.message);
    people.set(problem.userId, person);
  }
  return [...people.values()].sort((a, b) => (a.userId === 0 ? -1 : b.userId === 0 ? 1 : 0));
}

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
  /** Processed payslips the bank file leaves out: a foreign leaver's pay until IRAS's IR21 clearance. */
  withheld: z.array(withheldPaymentSchema),
  /**
   * Payments withheld, then released by IRAS's clearance: the bank file of released payments pays only
   * these; the month's full file now pays them too.
   */
  released: z.array(releasedPaymentSchema),
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

// ---------------------------------------------------------------------------------------------
// The bank file's value date on the server (issue 32): a real date, a business day of the
// company's calendar, not past; the default says where it came from.
// ---------------------------------------------------------------------------------------------

/** Where a bank file's value date came from: chosen, the pay date, or the next business day. */
export type ValueDateSource = 'chosen' | 'pay-date' | 'next-business-day';

/** A YYYY-MM-DD that names a day of the calendar (2026-11-31 and 2026-02-29 do not). */
export function isCalendarDate(isoDate: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return false;
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Monday to Friday and not one of the company's public holidays (`holidays`, YYYY-MM-DD). */
export const isBusinessDay = (isoDate: string, holidays: ReadonlySet<string>): boolean =>
  DateTime.fromISO(isoDate, { zone: 'utc' }).weekday <= 5 && !holidays.has(isoDate);

/** The first business day after `isoDate`. */
export function nextBusinessDay(isoDate: string, holidays: ReadonlySet<string>): string {
  let day = addDaysIso(isoDate, 1);
  while (!isBusinessDay(day, holidays)) day = addDaysIso(day, 1);
  return day;
}

/**
 * Why a chosen value date cannot be used, as the 400 names it (`valueDate: ...`), or null. Not a real
 * date, in the past, a weekend day or a public holiday of the company's calendar, or more than 30
 * days ahead (UOB v4.8 takes at most 30).
 */
export function valueDateProblem(
  valueDate: string,
  today: string,
  holidays: ReadonlySet<string>,
): string | null {
  if (!isCalendarDate(valueDate)) return `valueDate: ${valueDate} is not a date of the calendar.`;
  if (valueDate < today)
    return `valueDate: ${valueDate} is in the past; choose today or a later business day.`;
  if (valueDate > addDaysIso(today, VALUE_DATE_MAX_DAYS_AHEAD)) {
    return `valueDate: ${valueDate} is more than ${VALUE_DATE_MAX_DAYS_AHEAD} days ahead; banks take at most ${VALUE_DATE_MAX_DAYS_AHEAD}.`;
  }
  const weekday = DateTime.fromISO(valueDate, { zone: 'utc' }).weekday;
  if (weekday > 5) {
    return `valueDate: ${valueDate} is a ${weekday === 6 ? 'Saturday' : 'Sunday'}, not a business day.`;
  }
  if (holidays.has(valueDate)) return `valueDate: ${valueDate} is a public holiday, not a business day.`;
  return null;
}

/**
 * The value date when none is chosen: the pay date when it is a business day and not past; else the
 * next business day after the pay date, or after today when the pay date has passed.
 */
export function defaultBankValueDate(
  payDate: string | null,
  today: string,
  holidays: ReadonlySet<string>,
): { valueDate: string; source: ValueDateSource } {
  if (payDate !== null && payDate >= today && isBusinessDay(payDate, holidays)) {
    return { valueDate: payDate, source: 'pay-date' };
  }
  const from = payDate !== null && payDate >= today ? payDate : today;
  return { valueDate: nextBusinessDay(from, holidays), source: 'next-business-day' };
}
