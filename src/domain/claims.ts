import * as z from 'zod/mini';
import type { ErrorCode } from './api-error';
import { addDaysIso, formatDayMonthYear } from './dates';
import { CLAIM_STATUSES } from './enums';
import { freeText, idParam, idSchema, MAX_ID, MAX_LENGTH, text } from './fields';
import { FILE_KEY_MAX, leaveDateSchema, yearParam } from './leave';
import { claimDecisionEvent } from './lifecycles/claim.lifecycle';
import { formatCents } from './money';
import { payMonthSchema, payYearSchema } from './payslips';

/**
 * Expense claims (issue 37): the claim types with their limits, a claim as filed and listed, and the
 * rules a new claim must keep, shared by the server and (next) the screens. Amounts are dollars in the
 * API, integer cents in the database and in these rules.
 */

export const CLAIM_TYPE_NAME_MAX = 60;
export const CLAIM_DESCRIPTION_MAX = 500;
export const CLAIM_PAGE_SIZE = 10;
/** A company's default claim window (issue 37): a claim may be filed up to 90 days after its date. */
export const DEFAULT_CLAIM_WINDOW_DAYS = 90;
/** Larger than any expense a company reimburses, well inside a 64-bit cents column. */
const AMOUNT_MAX = 10_000_000;

/** The types a new company starts with (issue 37 item 1); the migration inserts the same names. */
export const DEFAULT_CLAIM_TYPES = ['Transport', 'Medical', 'Meals', 'Mobile', 'Others'] as const;

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** Dollars with at most two decimals; the sign is a rule of its own (claimAmountProblem). */
const dollars = z
  .number()
  .check(
    z.refine(Number.isFinite, 'must be a number'),
    z.refine(twoDecimals, 'must have at most two decimals'),
    z.maximum(AMOUNT_MAX, `must be at most ${AMOUNT_MAX}`),
    z.minimum(-AMOUNT_MAX, `must be at least -${AMOUNT_MAX}`),
  );
/** A limit: more than zero, or null (or absent) for none. */
const limit = z.nullish(
  z
    .number()
    .check(
      z.refine(twoDecimals, 'must have at most two decimals'),
      z.positive('must be more than zero, or null for no limit'),
      z.maximum(AMOUNT_MAX, `must be at most ${AMOUNT_MAX}`),
    ),
);

export const claimTypeBodySchema = z.object({
  name: text(CLAIM_TYPE_NAME_MAX, { trim: true, required: 'Please enter the claim type name.' }),
  perClaimLimit: limit,
  monthlyLimit: limit,
  yearlyLimit: limit,
  receiptRequired: z.boolean(),
  taxable: z.boolean(),
});
export type ClaimTypeBody = z.output<typeof claimTypeBodySchema>;

export const claimTypeSchema = z.object({
  id: idSchema,
  name: z.string(),
  perClaimLimit: z.nullable(z.number()),
  monthlyLimit: z.nullable(z.number()),
  yearlyLimit: z.nullable(z.number()),
  receiptRequired: z.boolean(),
  taxable: z.boolean(),
  /** Archived types keep their claims but take no new ones (a type with claims is never deleted). */
  archived: z.boolean(),
});
export type ClaimType = z.infer<typeof claimTypeSchema>;

/** DELETE /claim-types/{id}: removed when it had no claims, else archived. */
export const claimTypeRemovalSchema = z.object({ removed: z.enum(['DELETED', 'ARCHIVED']) });

export const claimStatusSchema = z.enum(CLAIM_STATUSES);

export const createClaimSchema = z.object({
  claimTypeId: idSchema,
  date: leaveDateSchema,
  amount: dollars,
  description: freeText(CLAIM_DESCRIPTION_MAX, { trim: true, required: 'Please describe the expense.' }),
  /** The receipt's upload key (an upload grant's, as for a leave attachment); '' or absent for none. */
  uploadKey: z.optional(text(FILE_KEY_MAX)),
});
export type CreateClaim = z.output<typeof createClaimSchema>;

export const claimSchema = z.object({
  id: idSchema,
  status: claimStatusSchema,
  claimTypeId: idSchema,
  /** The claim type's name. */
  type: z.string(),
  date: z.string(),
  amount: z.number(),
  description: z.string(),
  /** The sealed receipt's storage key (a view link comes from GET /s3/signed-url), or null. */
  receiptKey: z.nullable(z.string()),
  userId: idSchema,
  user: z.object({ id: idSchema, fullName: z.string(), email: z.string() }),
  decidedById: z.nullable(idSchema),
  decisionReason: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** A PAID claim's pay month: the processed payslip that carried it; null otherwise. */
  paidWith: z.optional(
    z.nullable(z.object({ year: z.number().check(z.int()), month: z.number().check(z.int()) })),
  ),
});
export type Claim = z.infer<typeof claimSchema>;

export const claimCountsSchema = z.object({
  PENDING: z.number().check(z.int()),
  APPROVED: z.number().check(z.int()),
  REJECTED: z.number().check(z.int()),
  PAID: z.number().check(z.int()),
  TOTAL: z.number().check(z.int()),
});
export type ClaimCounts = z.infer<typeof claimCountsSchema>;

/** A page of claims, named as the leave list's pages are, with the counts by status of the same scope. */
export const claimPageSchema = z.object({
  data: z.array(claimSchema),
  currentPage: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
  total: z.number().check(z.int()),
  totalPages: z.number().check(z.int()),
  counts: claimCountsSchema,
});
export type ClaimPage = z.infer<typeof claimPageSchema>;

const commaSeparated = z.pipe(
  text(MAX_LENGTH.search),
  z.transform((list: string) => (list === '' ? [] : list.split(',').map((part) => part.trim()))),
);

/** GET /claims: STAFF see their own whatever they ask; `userId` narrows ADMIN's list to one person. */
export const claimListQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_ID)), 1),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), CLAIM_PAGE_SIZE),
  status: z.optional(
    z.pipe(commaSeparated, z.array(claimStatusSchema).check(z.maxLength(CLAIM_STATUSES.length))),
  ),
  userId: z.optional(idParam),
  year: z.optional(yearParam),
  month: z.optional(
    z.pipe(
      z.pipe(z.string().check(z.regex(/^\d{1,2}$/, 'must be a month from 1 to 12')), z.transform(Number)),
      z
        .number()
        .check(z.minimum(1, 'must be a month from 1 to 12'), z.maximum(12, 'must be a month from 1 to 12')),
    ),
  ),
});
export type ClaimListQuery = z.output<typeof claimListQuerySchema>;

/** GET /claims/report: the month's claims report (issue 37 item 4) as CSV or PDF. */
export const claimsReportQuerySchema = z.object({
  year: payYearSchema,
  month: payMonthSchema,
  format: z.enum(['csv', 'pdf'], { error: 'format must be csv or pdf' }),
});

export const claimDecisionSchema = z.object({
  decision: z.enum(Object.keys(claimDecisionEvent) as ['APPROVE', 'REJECT'], {
    error: 'decision must be APPROVE or REJECT',
  }),
  /** Kept with the claim and in the audit trail. */
  reason: z.optional(freeText(CLAIM_DESCRIPTION_MAX, { trim: true })),
});

// ---------------------------------------------------------------------------------------------
// The rules a new claim keeps (issue 37 item 2): each refusal names its rule
// ---------------------------------------------------------------------------------------------

export interface ClaimRefusal {
  message: string;
  code: ErrorCode;
  field: 'date' | 'amount' | 'uploadKey' | 'claimTypeId';
}

const dollarsText = (cents: number) => `$${formatCents(cents)}`;

/** Zero or a negative amount is no expense. */
export function claimAmountProblem(amountCents: number): ClaimRefusal | null {
  if (amountCents > 0) return null;
  return {
    message: 'The amount must be more than $0.00.',
    code: 'CLAIM_AMOUNT_NOT_POSITIVE',
    field: 'amount',
  };
}

/**
 * The expense's date: not in the future, inside the employment, and no older than the company's claim
 * window (the window's first day is `windowDays` before today; a claim of that day is still accepted).
 */
export function claimDateProblem(
  date: string,
  context: { today: string; windowDays: number; hireDate?: string | null; lastDayOfService?: string | null },
): ClaimRefusal | null {
  const { today, windowDays, hireDate, lastDayOfService } = context;
  if (date > today) {
    return {
      message: 'The expense date cannot be in the future.',
      code: 'CLAIM_DATE_IN_FUTURE',
      field: 'date',
    };
  }
  if (hireDate && date < hireDate) {
    return {
      message: `The expense date cannot be before the hire date (${formatDayMonthYear(hireDate)}).`,
      code: 'CLAIM_BEFORE_HIRE_DATE',
      field: 'date',
    };
  }
  if (lastDayOfService && date > lastDayOfService) {
    return {
      message: `The expense date cannot be after the last day of service (${formatDayMonthYear(lastDayOfService)}).`,
      code: 'CLAIM_AFTER_LAST_DAY',
      field: 'date',
    };
  }
  const earliest = addDaysIso(today, -windowDays);
  if (date < earliest) {
    return {
      message: `Claims must be filed within ${windowDays} days of the expense: the earliest date accepted today is ${formatDayMonthYear(earliest)}.`,
      code: 'CLAIM_OUTSIDE_WINDOW',
      field: 'date',
    };
  }
  return null;
}

/** A type's limits in cents; null is no limit. */
export interface ClaimLimits {
  name: string;
  perClaimLimitCents: number | null;
  monthlyLimitCents: number | null;
  yearlyLimitCents: number | null;
}

/**
 * Whether a claim fits its type's limits: per claim, and in the month and the year of its date with the
 * owner's other pending, approved and paid claims of the type counted (`usedInMonthCents`,
 * `usedInYearCents`). The message gives the limit and what remains.
 */
export function claimLimitProblem(
  type: ClaimLimits,
  claim: { date: string; amountCents: number },
  used: { usedInMonthCents: number; usedInYearCents: number },
): ClaimRefusal | null {
  const { name, perClaimLimitCents, monthlyLimitCents, yearlyLimitCents } = type;
  const over = (message: string): ClaimRefusal => ({ message, code: 'CLAIM_OVER_LIMIT', field: 'amount' });
  if (perClaimLimitCents !== null && claim.amountCents > perClaimLimitCents) {
    return over(`${name} claims are limited to ${dollarsText(perClaimLimitCents)} per claim.`);
  }
  const month = `${claim.date.slice(5, 7)}/${claim.date.slice(0, 4)}`;
  if (monthlyLimitCents !== null && used.usedInMonthCents + claim.amountCents > monthlyLimitCents) {
    const remains = Math.max(0, monthlyLimitCents - used.usedInMonthCents);
    return over(
      `Over the monthly limit of ${dollarsText(monthlyLimitCents)} for ${name}: ${dollarsText(remains)} remains for ${month}, pending claims counted.`,
    );
  }
  const year = claim.date.slice(0, 4);
  if (yearlyLimitCents !== null && used.usedInYearCents + claim.amountCents > yearlyLimitCents) {
    const remains = Math.max(0, yearlyLimitCents - used.usedInYearCents);
    return over(
      `Over the yearly limit of ${dollarsText(yearlyLimitCents)} for ${name}: ${dollarsText(remains)} remains for ${year}, pending claims counted.`,
    );
  }
  return null;
}

/** A type that wants a receipt takes no claim without one. */
export function claimReceiptProblem(type: { name: string; receiptRequired: boolean }, hasReceipt: boolean) {
  if (!type.receiptRequired || hasReceipt) return null;
  return {
    message: `A receipt is required for ${type.name} claims.`,
    code: 'CLAIM_RECEIPT_REQUIRED',
    field: 'uploadKey',
  } satisfies ClaimRefusal;
}

/** Four eyes (decision 0003), as for leave: nobody decides their own claim. */
export const decidesOwnClaim = (claim: { userId: number }, deciderId: number) => claim.userId === deciderId;
