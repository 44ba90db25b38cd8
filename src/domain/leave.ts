import * as z from 'zod/mini';
import type { ErrorCode } from './api-error';
import { ATTACHMENT_MIME_TYPES } from './attachments';
import { LEAVE_STATUSES } from './enums';
import { freeText, idSchema, MAX_ID, MAX_LENGTH, text } from './fields';
import { leaveDecisionStatus, withdrawalDecisionEvent } from './lifecycles/leave-request.lifecycle';

/**
 * Leave schemas, once for the form, the statecharts, the routes and the OpenAPI document (spec
 * sections 3, 5 and 7).
 */

export const LEAVE_PAGE_SIZE = 7;
export const FILE_NAME_MAX = 255;
export const FILE_KEY_MAX = 512;
export const MAX_LEAVE_ALLOWANCE = 366;

export const leaveMessages = {
  typeRequired: 'Please select a leave type',
  startRequired: 'Please select a start date',
  endRequired: 'Please select an end date',
  minimumDays: 'Minimum leave duration is 0.5 days',
  /** Ours (issue 34), beside the end date: the minimum under Days did not say what was wrong. */
  endBeforeStart: 'End date cannot be before the start date.',
} as const;

/** `YYYY-MM-DD`, a real calendar date from 2000 to 2100 (the range balances are kept for). */
export const leaveDateSchema = z.iso
  .date({ error: 'must be a date written YYYY-MM-DD' })
  .check(
    z.refine(
      (date: string) => date >= '2000-01-01' && date <= '2100-12-31',
      'must be a date from 2000 to 2100',
    ),
  );

export const leaveStatusSchema = z.enum(LEAVE_STATUSES);

export const leaveTypeSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** Counted on calendar days (weekends and holidays included) rather than working days. */
  countsCalendarDays: z.boolean(),
  /** No yearly allowance (Unpaid Leave): the balance shows '-' and never runs out. */
  unlimited: z.boolean(),
  /** Deducted from pay (Unpaid Leave). */
  unpaid: z.boolean(),
});
export type LeaveType = z.infer<typeof leaveTypeSchema>;

export const leaveRequestSchema = z.object({
  id: idSchema,
  status: leaveStatusSchema,
  /** The leave type's name (spec section 3). */
  type: z.string(),
  leaveTypeId: idSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  fromDate: z.string(),
  fromDateIsAm: z.boolean(),
  toDate: z.string(),
  toDateIsAm: z.boolean(),
  days: z.number(),
  reason: z.nullable(z.string()),
  /** The attachment's storage key, or null. */
  fileUrl: z.nullable(z.string()),
  userId: idSchema,
  user: z.object({ id: idSchema, fullName: z.string(), email: z.string() }),
});
export type LeaveRequest = z.infer<typeof leaveRequestSchema>;

export const leaveRequestPageSchema = z.object({
  data: z.array(leaveRequestSchema),
  currentPage: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
  total: z.number().check(z.int()),
  totalPages: z.number().check(z.int()),
});
export type LeaveRequestPage = z.infer<typeof leaveRequestPageSchema>;

export const leaveCountsSchema = z.object({
  PENDING: z.number().check(z.int()),
  APPROVED: z.number().check(z.int()),
  REJECTED: z.number().check(z.int()),
  TOTAL: z.number().check(z.int()),
});
export type LeaveCounts = z.infer<typeof leaveCountsSchema>;
export const EMPTY_LEAVE_COUNTS: LeaveCounts = { PENDING: 0, APPROVED: 0, REJECTED: 0, TOTAL: 0 };

/** Someone else away on a date of the request under review (for the approver). */
export const leaveClashSchema = z.pick(leaveRequestSchema, {
  id: true,
  status: true,
  type: true,
  fromDate: true,
  fromDateIsAm: true,
  toDate: true,
  toDateIsAm: true,
  user: true,
});
export type LeaveClash = z.infer<typeof leaveClashSchema>;

/** The creation payload (spec section 3); `days` is the client's preview and is recomputed by the server. */
export const createLeaveRequestSchema = z.object({
  userId: idSchema,
  leaveType: text(100).check(z.refine((name: string) => name.trim() !== '', leaveMessages.typeRequired)),
  fromDate: z.pipe(
    z.string({ error: leaveMessages.startRequired }).check(z.minLength(1, leaveMessages.startRequired)),
    leaveDateSchema,
  ),
  fromDateIsAm: z.boolean(),
  toDate: z.pipe(
    z.string({ error: leaveMessages.endRequired }).check(z.minLength(1, leaveMessages.endRequired)),
    leaveDateSchema,
  ),
  toDateIsAm: z.boolean(),
  reason: z.optional(freeText()),
  /** The upload key, or an empty string when there is no attachment. */
  fileUrl: z.optional(text(FILE_KEY_MAX)),
  days: z.optional(z.number()),
});
export type CreateLeaveRequest = z.infer<typeof createLeaveRequestSchema>;

export const decideLeaveRequestSchema = z.object({
  status: z.enum([leaveDecisionStatus.approve, leaveDecisionStatus.reject], {
    error: `status must be ${leaveDecisionStatus.approve} or ${leaveDecisionStatus.reject}`,
  }),
});

/** POST /leave-requests/{id}/withdrawal/decision: an administrator other than the owner answers. */
export const withdrawalDecisionSchema = z.object({
  decision: z.enum(Object.keys(withdrawalDecisionEvent) as ['APPROVE', 'REJECT'], {
    error: 'decision must be APPROVE or REJECT',
  }),
  /** Kept in the audit log with the decision. */
  reason: z.optional(freeText(500)),
});
export type WithdrawalDecisionInput = z.infer<typeof withdrawalDecisionSchema>;

/**
 * A payslip an approved withdrawal of unpaid leave touches: an open one whose prefilled UNPAID_LEAVE
 * deduction was recomputed, or a processed one, which is left as it is (`processed`).
 */
export const withdrawalPayslipSchema = z.object({
  year: z.number().check(z.int()),
  month: z.number().check(z.int()),
  processed: z.boolean(),
  message: z.string(),
});
export type WithdrawalPayslip = z.infer<typeof withdrawalPayslipSchema>;

export const withdrawalDecisionAnswerSchema = z.object({
  request: leaveRequestSchema,
  payslips: z.array(withdrawalPayslipSchema),
});
export type WithdrawalDecisionAnswer = z.infer<typeof withdrawalDecisionAnswerSchema>;

export const LEAVE_SORT_FIELDS = ['fromDate', 'toDate', 'createdAt'] as const;
export type LeaveSortField = (typeof LEAVE_SORT_FIELDS)[number];

/** A comma-joined list in a query string (spec section 7): `status=PENDING,APPROVED`. */
const commaSeparated = z.pipe(
  text(MAX_LENGTH.freeText),
  z.transform((list: string) => (list === '' ? [] : list.split(',').map((part) => part.trim()))),
);

export const leaveListQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_ID)), 1),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), LEAVE_PAGE_SIZE),
  search: z.optional(text(MAX_LENGTH.search)),
  status: z.optional(
    z.pipe(commaSeparated, z.array(leaveStatusSchema).check(z.maxLength(LEAVE_STATUSES.length))),
  ),
  type: z.optional(z.pipe(commaSeparated, z.array(text(100)).check(z.maxLength(50)))),
  sort: z._default(z.enum(LEAVE_SORT_FIELDS), 'createdAt'),
  order: z._default(z.enum(['asc', 'desc']), 'desc'),
});
export type LeaveListQuery = z.input<typeof leaveListQuerySchema>;

const YEAR_MESSAGE = 'must be a year from 2000 to 2100';
export const yearSchema = z
  .number()
  .check(z.int(), z.minimum(2000, YEAR_MESSAGE), z.maximum(2100, YEAR_MESSAGE));
/** A year in a query string: four digits. */
export const yearParam = z.pipe(
  z.pipe(z.string().check(z.regex(/^\d{4}$/, YEAR_MESSAGE)), z.transform(Number)),
  yearSchema,
);
/** Omitted = this year in the company's time zone. */
export const leaveBalanceYearQuerySchema = z.object({ year: z.optional(yearParam) });

export const leaveBalanceSchema = z.object({
  /** The stored allowance row, or null when the year's allowance is the policy's (not yet set). */
  id: z.nullable(idSchema),
  leaveType: z.object({ id: idSchema, name: z.string() }),
  year: z.number().check(z.int()),
  /** null = no limit. */
  totalDays: z.nullable(z.number()),
  /** Days the last year end carried into this year, and the day they expire (null: they do not). */
  carriedForwardDays: z.number(),
  carriedForwardExpiresOn: z.nullable(z.string()),
  /** The carried days that count: all of them until they expire, then only those already used. */
  carriedForwardUsableDays: z.number(),
  /** approvedDays + pendingDays; what is available is totalDays + carriedForwardUsableDays - usedDays. */
  usedDays: z.number(),
  approvedDays: z.number(),
  pendingDays: z.number(),
  /** What is still available, or null for no limit. */
  balance: z.nullable(z.number()),
});
export type LeaveBalance = z.infer<typeof leaveBalanceSchema>;

export const updateLeaveBalanceSchema = z.object({
  totalDays: z.nullable(
    z.number().check(
      z.minimum(0, 'Total days cannot be negative.'),
      z.maximum(MAX_LEAVE_ALLOWANCE),
      z.refine((days: number) => Number.isInteger(days * 2), 'Total days go in steps of 0.5.'),
    ),
  ),
  /** Defaults to the current year in the company's time zone. */
  year: z.optional(yearSchema),
});

export const yearlyLeaveBalanceRowSchema = z.object({
  user: z.object({ id: idSchema, fullName: z.string() }),
  balances: z.array(z.object({ leaveTypeId: idSchema, balance: z.nullable(z.number()) })),
});
export type YearlyLeaveBalanceRow = z.infer<typeof yearlyLeaveBalanceRowSchema>;

/**
 * The PDF request (spec section 7 sends the screen's rows as `data` too): the server reads the year
 * only and draws the figures from the same balance function as the screen, so they cannot differ.
 */
export const leaveBalancePdfRequestSchema = z.object({ year: yearSchema });

export const uploadGrantQuerySchema = z.object({
  fileName: text(FILE_NAME_MAX).check(z.refine((name: string) => name.trim() !== '', 'fileName is required')),
  fileType: z.enum(ATTACHMENT_MIME_TYPES, {
    error: `File type must be one of ${ATTACHMENT_MIME_TYPES.join(', ')}`,
  }),
});
export const uploadGrantSchema = z.object({ uploadKey: z.string(), uploadUrl: z.string() });
export type UploadGrant = z.infer<typeof uploadGrantSchema>;

export const downloadGrantQuerySchema = z.object({ fileUrl: text(FILE_KEY_MAX, { required: true }) });
export const downloadGrantSchema = z.object({ signedUrl: z.string() });

const dayMonthYear = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * Four eyes (decision 0003): nobody decides their own leave; another administrator does. The server refuses
 * such a decision and the review sheet offers none.
 */
export const decidesOwnLeave = (request: { userId: number }, deciderId: number | undefined) =>
  request.userId === deciderId;

/**
 * A leaver keeps signing in, to read their payslips and leave, until the end of the year after their
 * last day of service: the year they file income tax on that employment (decision 0005).
 */
export const leaverAccessEndsOn = (lastDayOfService: string) =>
  `${Number(lastDayOfService.slice(0, 4)) + 1}-12-31`;

/** Why a leaver may no longer sign in, or null while they may. */
export function leaverAccessEnded(lastDayOfService: string | null, today: string): string | null {
  if (!lastDayOfService) return null;
  const end = leaverAccessEndsOn(lastDayOfService);
  if (today <= end) return null;
  return `Your access ended on ${dayMonthYear(end)}, at the end of the year after your last day of service. Please ask HR for your records.`;
}

/**
 * Why a leave period falls outside the employee's service, or null when it is inside it: no leave
 * before the hire date, none after the last day of service, and nothing filed once that day has
 * passed (a leaver keeps reading their records, but asks for nothing more).
 */
export function outsideEmployment(
  period: { fromDate: string; toDate: string },
  employment: { hireDate: string; lastDayOfService: string | null },
  today: string,
): { statusCode: 400 | 403; message: string; code: ErrorCode; field?: 'fromDate' | 'toDate' } | null {
  const { hireDate, lastDayOfService: lastDay } = employment;
  if (lastDay && lastDay < today) {
    return {
      statusCode: 403,
      message: `Employment ended on ${dayMonthYear(lastDay)}: leave can no longer be requested.`,
      code: 'EMPLOYMENT_ENDED',
    };
  }
  if (period.fromDate < hireDate) {
    return {
      statusCode: 400,
      message: `Leave cannot start before the hire date (${dayMonthYear(hireDate)}).`,
      code: 'LEAVE_BEFORE_HIRE_DATE',
      field: 'fromDate',
    };
  }
  if (lastDay && period.toDate > lastDay) {
    return {
      statusCode: 400,
      message: `Leave cannot end after the last day of service (${dayMonthYear(lastDay)}).`,
      code: 'LEAVE_AFTER_LAST_DAY',
      field: 'toDate',
    };
  }
  return null;
}
