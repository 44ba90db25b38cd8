import * as z from 'zod/mini';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MIME_TYPES } from './attachments';
import { requiredDateSchema } from './date-fields';
import { freeText } from './fields';
import { type LeaveBalance, type LeaveType, leaveMessages } from './leave';
import { leaveDaysByYear, MINIMUM_LEAVE_DAYS, NO_HOLIDAYS, type YearDays, yearsOfPeriod } from './leave-days';
import { PUBLIC_HOLIDAYS } from './public-holidays';

/**
 * The Request for Leave dialog's rules (spec sections 2 and 5): the form's text values, the days it shows
 * as the user picks dates, and what POST /leave-requests gets.
 */

/** The AM/PM selector's choices (spec section 2, Reusable pieces: default AM). */
export const HALF_DAYS = ['AM', 'PM'] as const;
export type HalfDay = (typeof HALF_DAYS)[number];

export interface RequestLeaveFormValues extends Record<string, string> {
  leaveType: string;
  fromDate: string;
  /** 'AM': from the morning (a full first day); 'PM': from the afternoon. */
  fromTime: string;
  toDate: string;
  /** 'AM': until noon (a half last day); 'PM': to the end of the day. */
  toTime: string;
  /** Read-only, recomputed from the dates, the AM/PM choices and the leave type. */
  days: string;
  reason: string;
  /** The chosen file's name, or '' for none. */
  file: string;
}

/**
 * Start AM (the spec's default for the selector); the end defaults to PM so that a date range is whole days
 * unless the user asks for a half day (decision 0002: AM to PM of one day is one day).
 */
export const REQUEST_LEAVE_INITIAL_VALUES: RequestLeaveFormValues = {
  leaveType: '',
  fromDate: '',
  fromTime: 'AM',
  toDate: '',
  toTime: 'PM',
  days: '',
  reason: '',
  file: '',
};

/**
 * Holidays the form has loaded, by year (GET /public-holidays?year): the dates of each year, or null for a
 * year that could not be loaded.
 */
export type HolidaysByYear = Readonly<Record<string, readonly string[] | null>>;

/** The longest period whose holidays the form loads: a longer one is a typing slip, not a leave. */
export const MAX_PREVIEW_YEARS = 5;

/** The years of the chosen dates whose holidays the form still needs (none for a calendar-day type). */
export function holidayYearsNeeded(
  values: RequestLeaveFormValues,
  leaveTypes: readonly LeaveType[],
  loaded: HolidaysByYear,
): number[] {
  if (!isDate(values.fromDate) || !isDate(values.toDate)) return [];
  const type = leaveTypes.find((candidate) => candidate.name === values.leaveType);
  if (type?.countsCalendarDays) return [];
  const years = yearsOfPeriod(values);
  if (years.length > MAX_PREVIEW_YEARS) return [];
  return years.filter((year) => !(String(year) in loaded));
}

const gazettedHolidaysOf = (year: number) =>
  PUBLIC_HOLIDAYS.filter((holiday) => holiday.date.startsWith(`${year}-`)).map((holiday) => holiday.date);

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The days the form shows: the server's own count (src/domain/leave-days.ts) with the holidays the server
 * keeps, on calendar days for a type that counts them; '' while a date is missing. Until a year's holidays
 * have come from the server (or when they could not), that year counts with the gazetted holidays the
 * product ships (public-holidays.ts), so a figure shows the moment both dates are in and is corrected
 * when the company's list differs; the server counts again on its own whatever the form showed.
 */
export function previewLeaveDays(
  values: RequestLeaveFormValues,
  leaveTypes: readonly LeaveType[],
  holidaysByYear: HolidaysByYear = {},
): string {
  const charges = previewLeaveCharges(values, leaveTypes, holidaysByYear);
  return charges === null ? '' : String(charges.reduce((sum, { days }) => sum + days, 0));
}

/** That count by the year each day is charged to, as the server stores it; null where the form shows ''. */
export function previewLeaveCharges(
  values: RequestLeaveFormValues,
  leaveTypes: readonly LeaveType[],
  holidaysByYear: HolidaysByYear = {},
): YearDays[] | null {
  if (!isDate(values.fromDate) || !isDate(values.toDate)) return null;
  const type = leaveTypes.find((candidate) => candidate.name === values.leaveType);
  const calendarDays = type?.countsCalendarDays ?? false;
  let holidays = NO_HOLIDAYS;
  if (!calendarDays && values.fromDate <= values.toDate) {
    const years = yearsOfPeriod(values);
    if (years.length > MAX_PREVIEW_YEARS) return null;
    const dates: string[] = [];
    for (const year of years) dates.push(...(holidaysByYear[String(year)] ?? gazettedHolidaysOf(year)));
    holidays = new Set(dates);
  }
  return leaveDaysByYear(
    {
      fromDate: values.fromDate,
      fromDateIsAm: values.fromTime !== 'PM',
      toDate: values.toDate,
      toDateIsAm: values.toTime === 'AM',
    },
    { calendarDays, holidays },
  );
}

/** A date the API takes for leave (balances are kept for 2000 to 2100). */
const isLeaveDate = (value: string) => isDate(value) && value >= '2000-01-01' && value <= '2100-12-31';

/**
 * The years whose balance the dialog shows beside the Leave Type: those the chosen dates are charged to
 * (a request across the year end takes days from both), else the start date's, else this year's.
 */
export function balanceYearsOf(
  values: Pick<RequestLeaveFormValues, 'fromDate' | 'toDate'>,
  today: string,
): number[] {
  const { fromDate, toDate } = values;
  if (isLeaveDate(fromDate) && isLeaveDate(toDate) && fromDate <= toDate) {
    const years = yearsOfPeriod(values);
    if (years.length <= MAX_PREVIEW_YEARS) return years;
  }
  return [Number((isLeaveDate(fromDate) ? fromDate : today).slice(0, 4))];
}

/** One year's balance of the chosen leave type, beside the Leave Type field. */
export interface BalanceOutlook {
  year: number;
  /** What is available now (the balance the server keeps), null for no limit. */
  available: number | null;
  /**
   * What would remain after this request: available less the days it would be charged that year, the way
   * the server counts them; null for no limit, or while the days cannot be counted. Below zero, the server
   * refuses the request.
   */
  after: number | null;
}

/** The chosen type's balance for each year asked for, and what this request would leave of it. */
export function balanceOutlook(
  values: RequestLeaveFormValues,
  leaveTypes: readonly LeaveType[],
  holidaysByYear: HolidaysByYear,
  balances: readonly LeaveBalance[],
  years: readonly number[],
): BalanceOutlook[] {
  const type = leaveTypes.find((candidate) => candidate.name === values.leaveType);
  if (!type) return [];
  const charges = previewLeaveCharges(values, leaveTypes, holidaysByYear);
  const counted = charges !== null && charges.reduce((sum, { days }) => sum + days, 0) >= MINIMUM_LEAVE_DAYS;
  return years.flatMap((year) => {
    const balance = balances.find((b) => b.year === year && b.leaveType.id === type.id);
    if (!balance) return [];
    const available = balance.balance;
    const days = charges?.find((charge) => charge.year === year)?.days ?? 0;
    return [{ year, available, after: available === null || !counted ? null : available - days }];
  });
}

/** The form's data; userId comes from whoever opens the dialog, the file key from the upload. */
export interface RequestLeaveData {
  leaveType: string;
  fromDate: string;
  fromDateIsAm: boolean;
  toDate: string;
  toDateIsAm: boolean;
  reason: string;
  days: number;
}

const requestLeaveFormFields = z
  .object({
    leaveType: z.string().check(z.minLength(1, leaveMessages.typeRequired)),
    fromDate: requiredDateSchema(leaveMessages.startRequired),
    fromTime: z.enum(HALF_DAYS),
    toDate: requiredDateSchema(leaveMessages.endRequired),
    toTime: z.enum(HALF_DAYS),
    days: z
      .string()
      .check(
        z.refine(
          (days: string) => days !== '' && Number(days) >= MINIMUM_LEAVE_DAYS,
          leaveMessages.minimumDays,
        ),
      ),
    reason: freeText(),
    file: z.string(),
  })
  .check(
    z.superRefine(
      (values, ctx) => {
        if (isDate(values.fromDate) && isDate(values.toDate) && values.toDate < values.fromDate) {
          ctx.addIssue({ code: 'custom', path: ['toDate'], message: leaveMessages.endBeforeStart });
        }
      },
      // Said whatever else is wrong (the days are then below the minimum too).
      { when: ({ value }) => typeof value === 'object' && value !== null },
    ),
  );

export const requestLeaveFormSchema: z.ZodMiniType<RequestLeaveData, RequestLeaveFormValues> = z.pipe(
  requestLeaveFormFields,
  z.transform((values: z.output<typeof requestLeaveFormFields>) => ({
    leaveType: values.leaveType,
    fromDate: values.fromDate,
    fromDateIsAm: values.fromTime === 'AM',
    toDate: values.toDate,
    toDateIsAm: values.toTime === 'AM',
    reason: values.reason.trim(),
    days: Number(values.days),
  })),
) as unknown as z.ZodMiniType<RequestLeaveData, RequestLeaveFormValues>;

/** Spec section 5: submit is disabled while an error message shows (and while submitting). */
export const canSubmitLeaveRequest = (_values: RequestLeaveFormValues, errors: Record<string, unknown>) =>
  Object.values(errors).every((message) => message === undefined);

/** Spec section 5, drop rejections, by the drop zone's error codes. */
export const SMALLEST_ATTACHMENT_BYTES = 1;
export function attachmentRejection(code: string): string {
  switch (code) {
    case 'file-invalid-type':
      return `File type must be one of ${ATTACHMENT_MIME_TYPES.join(', ')}`;
    case 'file-too-large':
      return `File is larger than ${ATTACHMENT_MAX_BYTES} bytes`;
    case 'file-too-small':
      return `File is smaller than ${SMALLEST_ATTACHMENT_BYTES} bytes`;
    default:
      return 'Too many files';
  }
}
