import * as z from 'zod/mini';
import {
  CLAIM_DESCRIPTION_MAX,
  CLAIM_TYPE_NAME_MAX,
  type Claim,
  type ClaimType,
  type ClaimTypeBody,
} from './claims';
import { isIsoDate } from './dates';
import { claimStatusesTagged } from './lifecycles/claim.lifecycle';
import { amountToCents, formatAmount, parseAmountText } from './money';

/**
 * What the claims screens (issue 37 item 4) show and check before a request: the New claim and claim type
 * forms, and each type's totals this month and this year against its limits. The server checks the same
 * rules again (src/domain/claims.ts) and its refusals name the field.
 */

export const claimFormMessages = {
  typeRequired: 'Please choose a claim type.',
  dateRequired: 'Please enter the expense date.',
  dateInvalid: 'Please enter a valid date.',
  amountRequired: 'Please enter the amount.',
  amountInvalid: 'Please enter an amount in dollars, with at most two decimals.',
  amountNotPositive: 'The amount must be more than $0.00.',
  descriptionRequired: 'Please describe the expense.',
  descriptionTooLong: `Description must be at most ${CLAIM_DESCRIPTION_MAX} characters.`,
  nameRequired: 'Please enter the claim type name.',
  nameTooLong: `Name must be at most ${CLAIM_TYPE_NAME_MAX} characters.`,
  limitInvalid: 'Please enter an amount more than $0.00, or leave it empty for no limit.',
} as const;

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** Dollars as typed ('1,234.50'), more than zero, at most two decimals. */
const amountText = (messages: { required?: string; invalid: string; notPositive: string }) =>
  z.pipe(
    z.string().check(
      z.refine((text: string) => !messages.required || text.trim() !== '', messages.required ?? ''),
      z.refine((text: string) => {
        const value = parseAmountText(text);
        return value === undefined || (Number.isFinite(value) && twoDecimals(value));
      }, messages.invalid),
      z.refine((text: string) => {
        const value = parseAmountText(text);
        return value === undefined || !Number.isFinite(value) || value > 0;
      }, messages.notPositive),
    ),
    z.transform((text: string) => parseAmountText(text) ?? null),
  );

// ------------------------------------------------------------------ New claim

/** The New claim form: the file's name stands in `uploadKey`, the field the server's refusal names. */
export interface ClaimFormValues extends Record<string, string> {
  claimTypeId: string;
  date: string;
  amount: string;
  description: string;
  uploadKey: string;
}

export const CLAIM_FORM_INITIAL_VALUES: ClaimFormValues = {
  claimTypeId: '',
  date: '',
  amount: '',
  description: '',
  uploadKey: '',
};

export const claimFormSchema = z.object({
  claimTypeId: z.pipe(
    z.string().check(z.refine((text: string) => /^\d+$/.test(text), claimFormMessages.typeRequired)),
    z.transform(Number),
  ),
  date: z.string().check(
    z.minLength(1, claimFormMessages.dateRequired),
    z.refine((text: string) => text === '' || isIsoDate(text), claimFormMessages.dateInvalid),
  ),
  amount: z.pipe(
    amountText({
      required: claimFormMessages.amountRequired,
      invalid: claimFormMessages.amountInvalid,
      notPositive: claimFormMessages.amountNotPositive,
    }),
    z.number(),
  ),
  description: z.string().check(
    z.refine((text: string) => text.trim() !== '', claimFormMessages.descriptionRequired),
    z.maxLength(CLAIM_DESCRIPTION_MAX, claimFormMessages.descriptionTooLong),
  ),
  uploadKey: z.string(),
});
export type ClaimFormData = z.output<typeof claimFormSchema>;

/** The receipt input: a phone offers its camera, a computer its files (images or a PDF). */
export const RECEIPT_ACCEPT = 'image/*,application/pdf';

// ------------------------------------------------------------------ Claim types

export interface ClaimTypeFormValues extends Record<string, string> {
  name: string;
  perClaimLimit: string;
  monthlyLimit: string;
  yearlyLimit: string;
  /** 'yes' or ''. */
  receiptRequired: string;
  taxable: string;
}

export const CLAIM_TYPE_INITIAL_VALUES: ClaimTypeFormValues = {
  name: '',
  perClaimLimit: '',
  monthlyLimit: '',
  yearlyLimit: '',
  receiptRequired: '',
  taxable: '',
};

const limitText = amountText({
  invalid: claimFormMessages.limitInvalid,
  notPositive: claimFormMessages.limitInvalid,
});

export const claimTypeFormSchema = z.object({
  name: z.string().check(
    z.refine((text: string) => text.trim() !== '', claimFormMessages.nameRequired),
    z.maxLength(CLAIM_TYPE_NAME_MAX, claimFormMessages.nameTooLong),
  ),
  perClaimLimit: limitText,
  monthlyLimit: limitText,
  yearlyLimit: limitText,
  receiptRequired: z.pipe(
    z.string(),
    z.transform((text: string) => text === 'yes'),
  ),
  taxable: z.pipe(
    z.string(),
    z.transform((text: string) => text === 'yes'),
  ),
});

export const claimTypeBodyOf = (data: z.output<typeof claimTypeFormSchema>): ClaimTypeBody => ({
  ...data,
  name: data.name.trim(),
});

const limitValue = (limit: number | null) => (limit === null ? '' : formatAmount(limit).replace(/,/g, ''));

/** A stored type as the edit form starts. */
export const claimTypeFormValues = (type: ClaimType): ClaimTypeFormValues => ({
  name: type.name,
  perClaimLimit: limitValue(type.perClaimLimit),
  monthlyLimit: limitValue(type.monthlyLimit),
  yearlyLimit: limitValue(type.yearlyLimit),
  receiptRequired: type.receiptRequired ? 'yes' : '',
  taxable: type.taxable ? 'yes' : '',
});

// ------------------------------------------------------------------ Totals against limits

/** One type's use this month and this year (pending, approved and paid claims, as the server counts). */
export interface ClaimTypeTotal {
  typeId: number;
  name: string;
  monthCents: number;
  yearCents: number;
  monthlyLimitCents: number | null;
  yearlyLimitCents: number | null;
  perClaimLimitCents: number | null;
}

const centsOrNull = (dollars: number | null) => (dollars === null ? null : amountToCents(dollars));

/**
 * Each type's totals in the month and year of `today` from one person's claims of that year. Archived
 * types show only where they were used.
 */
export function claimTotals(types: readonly ClaimType[], claims: readonly Claim[], today: string) {
  const counted = new Set<string>(claimStatusesTagged('countsAgainstLimits'));
  const year = today.slice(0, 4);
  const month = today.slice(0, 7);
  const totals: ClaimTypeTotal[] = types.map((type) => ({
    typeId: type.id,
    name: type.name,
    monthCents: 0,
    yearCents: 0,
    monthlyLimitCents: centsOrNull(type.monthlyLimit),
    yearlyLimitCents: centsOrNull(type.yearlyLimit),
    perClaimLimitCents: centsOrNull(type.perClaimLimit),
  }));
  const byId = new Map(totals.map((total) => [total.typeId, total]));
  for (const claim of claims) {
    if (!counted.has(claim.status) || claim.date.slice(0, 4) !== year) continue;
    const total = byId.get(claim.claimTypeId);
    if (!total) continue;
    const cents = amountToCents(claim.amount);
    total.yearCents += cents;
    if (claim.date.slice(0, 7) === month) total.monthCents += cents;
  }
  const archived = new Set(types.filter((type) => type.archived).map((type) => type.id));
  return totals.filter((total) => !archived.has(total.typeId) || total.yearCents > 0);
}

const awaiting = new Set<string>(claimStatusesTagged('awaitsDecision'));
/** Whether an administrator may still decide it (and its owner delete it). */
export const claimAwaitsDecision = (claim: Pick<Claim, 'status'>) => awaiting.has(claim.status);

/** A claim's place in the admin list: those awaiting a decision first, then the newest expense. */
export const claimsPendingFirst = (a: Claim, b: Claim) =>
  Number(claimAwaitsDecision(b)) - Number(claimAwaitsDecision(a)) ||
  b.date.localeCompare(a.date) ||
  b.id - a.id;
