import * as z from 'zod/mini';
import { isoDateSchema } from './auth';
import { PAYSLIP_STATUSES } from './enums';
import { choiceError, idSchema, text } from './fields';
import { payrollMessages } from './messages/payroll';
import { parseAmountText } from './money';
import { CPF_FIELDS_MESSAGE, CPF_RATES_MESSAGE, cpfRateSchema, numberText, salaryText } from './payment-info';
import {
  hasTreatmentChoice,
  PAY_ITEM_SOURCES,
  type PayItemKind,
  type PayItemTreatmentChoice,
  payItemTreatmentChoices,
  payItemTypesByKind,
  selfHelpGroupSchema,
  selfHelpGroups,
} from './payroll';
import { payslipEmailStateSchema } from './payslip-emails';
import { payItemTypeLabel } from './payslip-labels';

/**
 * Payroll as the API and the screens exchange it (spec sections 3, 5 and 7): request and response
 * schemas, the words shown for item types and the spec's messages. Amounts are dollars with two
 * decimals here; the database and the engine keep integer cents.
 */

export { MONTH_NAMES, monthName } from './payslip-labels';

// ---------------------------------------------------------------------------------------------
// Pay item kinds and types
// ---------------------------------------------------------------------------------------------

export interface PayItemKindInfo {
  kind: PayItemKind;
  /** Path segment of the item endpoints: POST /adhoc-items, GET /users/{id}/adhoc-items ... */
  path: string;
  /** Tab or panel heading. */
  title: string;
  added: string;
  addFailed: string;
  /** The spec names no toast for a deletion; these follow its wording for additions. */
  deleted: string;
  deleteFailed: string;
}

/** Per kind, in the order of the Pay Items panels (spec section 2 and the toasts of section 8). */
export const payItemKindInfo: readonly PayItemKindInfo[] = [
  {
    kind: 'ADHOC',
    path: 'adhoc-items',
    title: 'Adhoc',
    added: 'Adhoc item added',
    addFailed: 'Failed to add adhoc item',
    deleted: 'Adhoc item deleted',
    deleteFailed: 'Failed to delete adhoc item',
  },
  {
    kind: 'BONUS',
    path: 'bonus-items',
    title: 'Bonus',
    added: 'Bonus item added',
    addFailed: 'Failed to add bonus item',
    deleted: 'Bonus item deleted',
    deleteFailed: 'Failed to delete bonus item',
  },
  {
    kind: 'DEDUCTION',
    path: 'deduction-items',
    title: 'Deductions',
    added: 'Deduction item added',
    addFailed: 'Failed to add deduction item',
    deleted: 'Deduction item deleted',
    deleteFailed: 'Failed to delete deduction item',
  },
  {
    kind: 'OTHER_ADDITION',
    path: 'other-addition-items',
    title: 'Other Additions',
    added: 'Other addition item added',
    addFailed: 'Failed to add other addition item',
    deleted: 'Other addition item deleted',
    deleteFailed: 'Failed to delete other addition item',
  },
  {
    kind: 'OTHER_DEDUCTION',
    path: 'other-deduction-items',
    title: 'Other Deductions',
    added: 'Other deduction item added',
    addFailed: 'Failed to add other deduction item',
    deleted: 'Other deduction item deleted',
    deleteFailed: 'Failed to delete other deduction item',
  },
];

export const kindInfo = (kind: PayItemKind): PayItemKindInfo =>
  payItemKindInfo.find((info) => info.kind === kind) ?? (payItemKindInfo[0] as PayItemKindInfo);

export { payItemTreatmentLabels, payItemTypeLabel, payItemTypeLabels } from './payslip-labels';

// ---------------------------------------------------------------------------------------------
// Messages (spec sections 5 and 8)
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Request schemas
// ---------------------------------------------------------------------------------------------

/** The largest amount accepted for one item or a salary: $10 million, far above any real month. */
export const MAX_AMOUNT = 10_000_000;

/**
 * The most a payslip's salary and items may add up to: $20 million. Every amount of a processed
 * payslip is bounded by it, so each fits the database's 32-bit cents columns (up to $21.47 million).
 */
export const MAX_PAYSLIP_AMOUNT = 20_000_000;
export const payslipTooLargeMessage = `A payslip's salary and items together must be at most ${MAX_PAYSLIP_AMOUNT.toLocaleString('en-SG')}.`;

const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** Dollars with at most two decimals, greater than 0. */
const positiveAmount = (message: string, missing: string) =>
  z.number({ error: missing }).check(
    // At least a cent: a positive amount below it (1e-9) would be stored as 0 cents.
    z.minimum(0.01, message),
    z.maximum(MAX_AMOUNT, `Amount must be at most ${MAX_AMOUNT.toLocaleString('en-SG')}.`),
    z.refine(hasAtMostTwoDecimals, 'Amounts have at most two decimals.'),
  );

/** Pay periods the database holds (the payslips table's check), as numbers in bodies. */
export const MIN_PAY_YEAR = 2000;
export const MAX_PAY_YEAR = 2100;
const yearNumber = z.number().check(z.int(), z.minimum(MIN_PAY_YEAR), z.maximum(MAX_PAY_YEAR));
const monthNumber = z.number().check(z.int(), z.minimum(1), z.maximum(12));

/** A year or month in a path or query string: plain digits only, read as a number. */
export const payYearSchema = z.pipe(
  z.pipe(
    z.string().check(z.regex(/^\d{4}$/, 'must be a year written with four digits')),
    z.transform(Number),
  ),
  yearNumber,
);
export const payMonthSchema = z.pipe(
  z.pipe(
    z.string().check(z.regex(/^(0?[1-9]|1[0-2])$/, 'must be a month from 1 to 12')),
    z.transform(Number),
  ),
  monthNumber,
);
export const periodQuerySchema = z.object({ year: payYearSchema, month: payMonthSchema });

const anyItemType = Object.values(payItemTypesByKind).flat() as string[];

/** How a type paid either way was paid: a fixed sum (a wage) or a reimbursement (payroll/treatment.ts). */
const payItemTreatmentSchema = z.enum(payItemTreatmentChoices, {
  error: choiceError('Treatment', payrollMessages.payItemIncomplete),
});

/**
 * POST /<kind>-items: the spec's payload (spec section 3), and for a type paid either way its
 * treatment (the default when left out); the kind comes from the path.
 */
export const payItemCreateSchema = z
  .object({
    amount: positiveAmount(payrollMessages.payItemAmount, payrollMessages.payItemIncomplete),
    type: text(40).check(
      z.minLength(1, { error: payrollMessages.payItemIncomplete, abort: true }),
      z.refine((type: string) => anyItemType.includes(type), 'Unknown pay item type.'),
    ),
    treatment: z.optional(payItemTreatmentSchema),
    userId: idSchema,
    month: monthNumber,
    year: yearNumber,
    payslipId: idSchema,
  })
  .check(
    z.superRefine(({ type, treatment }, ctx) => {
      if (treatment !== undefined && !hasTreatmentChoice(type)) {
        ctx.addIssue({
          code: 'custom',
          path: ['treatment'],
          message: `${payItemTypeLabel(type)} is treated one way only, so it takes no treatment.`,
        });
      }
    }),
  );
export type PayItemCreate = z.infer<typeof payItemCreateSchema>;

const cpfRate = z
  .number({ error: payrollMessages.cpfFields })
  .check(
    z.minimum(0, payrollMessages.cpfFields),
    z.maximum(100, payrollMessages.cpfFields),
    z.refine(hasAtMostTwoDecimals, 'Rates have at most two decimals.'),
  );

/** PUT /payslips/{userId}/{year}/{month}: Payment Information Used. */
export const snapshotUpdateSchema = z.object({
  basicSalarySnapshot: positiveAmount(payrollMessages.salary, payrollMessages.salary),
  employeeCpfRateSnapshot: cpfRate,
  employerCpfRateSnapshot: cpfRate,
  selfHelpGroupSnapshot: z.enum(selfHelpGroups, {
    error: choiceError('Self-help group', payrollMessages.cpfFields),
  }),
});
export type SnapshotUpdate = z.infer<typeof snapshotUpdateSchema>;

/** The largest bulk request: far above a company's staff, small enough to bound one transaction. */
export const MAX_BULK_PAYSLIPS = 20_000;

/**
 * The pay dates a run of these months may carry: from the first day of the month before the
 * earliest one (a salary paid in advance) to the end of the year after the latest one (a late
 * correction), so a mistyped year such as 1899 or 2206 is refused rather than printed on payslips.
 */
export function payDateReach(periods: readonly { year: number; month: number }[]): {
  from: string;
  to: string;
} {
  const keys = periods.map((p) => p.year * 12 + (p.month - 1));
  const earliest = Math.min(...keys) - 1;
  const latestYear = Math.floor(Math.max(...keys) / 12);
  const from = `${Math.floor(earliest / 12)}-${String((earliest % 12) + 1).padStart(2, '0')}-01`;
  return { from, to: `${latestYear + 1}-12-31` };
}

const dayMonthYear = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export const bulkProcessSchema = z
  .object({
    payDate: isoDateSchema,
    payslips: z
      .array(z.object({ userId: idSchema, month: monthNumber, year: yearNumber }))
      .check(z.minLength(1, 'Select at least one payslip.'), z.maxLength(MAX_BULK_PAYSLIPS)),
  })
  .check(
    z.superRefine(({ payDate, payslips }, ctx) => {
      if (payslips.length === 0) return;
      const { from, to } = payDateReach(payslips);
      if (payDate < from || payDate > to) {
        ctx.addIssue({
          code: 'custom',
          path: ['payDate'],
          message: `Pay date must be between ${dayMonthYear(from)} and ${dayMonthYear(to)} for the selected months.`,
        });
      }
    }),
  );
export type BulkProcess = z.infer<typeof bulkProcessSchema>;

export const statusUpdateSchema = z.object({ status: z.enum(PAYSLIP_STATUSES) });

// ---------------------------------------------------------------------------------------------
// Response schemas
// ---------------------------------------------------------------------------------------------

export const payslipStatusSchema = z.enum(PAYSLIP_STATUSES);

export const ratesSchema = z.object({ employeePercent: z.number(), employerPercent: z.number() });

/** GET /payslips/unprocessed-and-items-added: user (with employmentInfo), processingStatus (spec section 3). */
export const unprocessedRowSchema = z.object({
  payslipId: idSchema,
  processingStatus: payslipStatusSchema,
  user: z.object({
    id: idSchema,
    fullName: z.string(),
    email: z.string(),
    employmentInfo: z.nullable(
      z.object({
        designation: z.string(),
        employmentStatus: z.string(),
        hireDate: z.string(),
        lastDayOfService: z.nullable(z.string()),
      }),
    ),
  }),
  /** A leaver's separation this month (issue 35 item 4): when their final pay is due. */
  finalPayDue: z.optional(z.nullable(z.iso.date())),
  /** The month's pay is withheld from the bank file until IRAS's IR21 clearance (issue 35 item 5). */
  withheldForIr21: z.optional(z.boolean()),
  /** The items the separation prefilled on a leaver's payslip (issue 35 item 3), in dollars. */
  leaverItems: z.optional(z.array(z.object({ type: z.string(), amount: z.number() }))),
  basicSalarySnapshot: z.number(),
  employeeCpfRateSnapshot: z.nullable(z.number()),
  employerCpfRateSnapshot: z.nullable(z.number()),
  /** Set when the snapshot rates are not the official ones for the period and age band. */
  rateFlag: z.nullable(z.object({ official: z.nullable(ratesSchema) })),
});
export type UnprocessedRow = z.infer<typeof unprocessedRowSchema>;

/** The payslip aggregate (spec section 3) with the employer costs the table PDF shows. */
export const payslipAggregateSchema = z.object({
  payslipId: idSchema,
  payslipMonth: z.number().check(z.int()),
  payslipYear: z.number().check(z.int()),
  processingStatus: payslipStatusSchema,
  userDetails: z.object({ id: idSchema, name: z.string() }),
  payDate: z.nullable(z.string()),
  grossPay: z.number(),
  totalEmployeeCpfContribution: z.number(),
  totalEmployerCpfContribution: z.number(),
  selfHelpGroupContribution: z.number(),
  netPay: z.number(),
  otherItems: z.number(),
  netPayable: z.number(),
  /** How many pay items of every kind the payslip holds: revert goes to UNPROCESSED only without any. */
  payItems: z.number().check(z.int()),
  /** The payslip's latest e-mail (issue 34), in the processed lists; absent in a revert's answer. */
  email: z.optional(payslipEmailStateSchema),
  /** A month's list: a leaver's final pay date, and whether the pay is withheld for IR21 (issue 35). */
  finalPayDue: z.optional(z.nullable(z.iso.date())),
  withheldForIr21: z.optional(z.boolean()),
  /** One employee's list (My Payslips): the expense claims it pays, by type and date (issue 37). */
  claims: z.optional(z.array(z.object({ type: z.string(), date: z.string(), amount: z.number() }))),
});
export type PayslipAggregate = z.infer<typeof payslipAggregateSchema>;

export const payItemSchema = z.object({
  id: idSchema,
  type: z.string(),
  amount: z.number(),
  /** The treatment chosen for a type paid either way; null for a type treated one way. */
  treatment: z.nullable(payItemTreatmentSchema),
  /** The hours an item from the timesheet pays (issue 36); null for a typed item. */
  hours: z.optional(z.nullable(z.number())),
  /** TIMESHEET for an item the approved timesheet wrote, rewritten when it changes; null when typed. */
  source: z.optional(z.nullable(z.enum(PAY_ITEM_SOURCES))),
});
export type PayItem = z.infer<typeof payItemSchema>;

/** GET /users/{userId}/payslips?month&year: the payslip with its snapshot and the engine's figures. */
export const payslipDetailSchema = z.object({
  id: idSchema,
  userId: idSchema,
  year: z.number().check(z.int()),
  month: z.number().check(z.int()),
  processingStatus: payslipStatusSchema,
  basicSalarySnapshot: z.number(),
  employeeCpfRateSnapshot: z.nullable(z.number()),
  employerCpfRateSnapshot: z.nullable(z.number()),
  selfHelpGroupSnapshot: selfHelpGroupSchema,
  cpfTypeSnapshot: z.string(),
  cpfSectionSnapshot: z.string(),
  dateOfBirthSnapshot: z.nullable(z.string()),
  payDate: z.nullable(z.string()),
  rateFlag: z.nullable(z.object({ official: z.nullable(ratesSchema) })),
  /** Stored amounts once processed; computed now (a preview) before. Null when the engine cannot compute. */
  totals: z.nullable(
    z.object({
      ordinaryWages: z.number(),
      additionalWages: z.number(),
      grossPay: z.number(),
      employeeCpf: z.number(),
      employerCpf: z.number(),
      selfHelpGroup: z.number(),
      netPay: z.number(),
      otherItems: z.number(),
      netPayable: z.number(),
    }),
  ),
  /** Why totals are missing (for example no CPF rates for the period). */
  totalsError: z.nullable(z.string()),
  payItems: z.number().check(z.int()),
});
export type PayslipDetail = z.infer<typeof payslipDetailSchema>;

export const bulkProcessResultSchema = z.object({
  processed: z.number().check(z.int()),
  /** Already processed before this request: left exactly as they were. */
  skipped: z.number().check(z.int()),
});
export type BulkProcessResult = z.infer<typeof bulkProcessResultSchema>;

/** Payslips' amounts added up, in dollars: a period's processed payslips, or what a run would store. */
export const payTotalsSchema = z.object({
  payslips: z.number().check(z.int()),
  grossPay: z.number(),
  employeeCpf: z.number(),
  employerCpf: z.number(),
  selfHelpGroup: z.number(),
  netPay: z.number(),
  otherItems: z.number(),
  netPayable: z.number(),
});
export type PayTotals = z.infer<typeof payTotalsSchema>;

/** POST /payslips/bulk-process/preview: what the same request to bulk-process would process and store. */
export const bulkProcessPreviewSchema = z.object({
  /** Already processed: processing would leave them as they are. */
  skipped: z.number().check(z.int()),
  totals: payTotalsSchema,
});
export type BulkProcessPreview = z.infer<typeof bulkProcessPreviewSchema>;

// ---------------------------------------------------------------------------------------------
// Periods on the pay screens
// ---------------------------------------------------------------------------------------------

/** Years the pay screens offer: from `fromYear` (a staff member's hire year) to the current year. */
export function payYears(today: string, fromYear = Number(today.slice(0, 4)) - 4): number[] {
  const current = Number(today.slice(0, 4));
  const first = Math.max(MIN_PAY_YEAR, Math.min(fromYear, current));
  return Array.from({ length: current - first + 1 }, (_, i) => current - i);
}

/** Spec sections 2 and 9: January to the current month in the current year, otherwise all 12. */
export function payMonths(year: number, today: string): number[] {
  const last = year === Number(today.slice(0, 4)) ? Number(today.slice(5, 7)) : 12;
  return Array.from({ length: last }, (_, i) => i + 1);
}

/** The period a pay screen opens on: the one passed in navigation state, else the current month. */
export function initialPayPeriod(today: string, passed?: { year?: number; month?: number } | null) {
  const year = passed?.year ?? Number(today.slice(0, 4));
  const month = passed?.month ?? Number(today.slice(5, 7));
  return { year, month: Math.min(month, payMonths(year, today).length) };
}

/** Rows per page in the payroll lists (the table's default, spec section 9): a 7,000-employee month stays quick to draw. */
export const PAY_LIST_PAGE_SIZE = 10;

// ---------------------------------------------------------------------------------------------
// The Pay Items forms: Payment Information Used and a pay item, as text (spec section 5)
// ---------------------------------------------------------------------------------------------

/** The Payment Information Used panel's fields as its inputs hold them. */
export type SnapshotFormValues = {
  basicSalarySnapshot: string;
  employeeCpfRateSnapshot: string;
  employerCpfRateSnapshot: string;
  selfHelpGroupSnapshot: string;
};

/** The panel's text to the PUT body, with the payment messages (spec section 5: "same salary and CPF messages"). */
const snapshotFormFields = z.object({
  basicSalarySnapshot: salaryText,
  employeeCpfRateSnapshot: numberText(
    z.optional(cpfRateSchema).check(z.refine((value) => value !== undefined, CPF_RATES_MESSAGE)),
  ),
  employerCpfRateSnapshot: numberText(
    z.optional(cpfRateSchema).check(z.refine((value) => value !== undefined, CPF_RATES_MESSAGE)),
  ),
  selfHelpGroupSnapshot: z.enum(selfHelpGroups, { error: CPF_FIELDS_MESSAGE }),
});
export const snapshotFormSchema = z.pipe(
  snapshotFormFields,
  z.transform(
    (value: z.output<typeof snapshotFormFields>): SnapshotUpdate => ({
      // Each refinement above refuses undefined.
      basicSalarySnapshot: value.basicSalarySnapshot as number,
      employeeCpfRateSnapshot: value.employeeCpfRateSnapshot as number,
      employerCpfRateSnapshot: value.employerCpfRateSnapshot as number,
      selfHelpGroupSnapshot: value.selfHelpGroupSnapshot,
    }),
  ),
);

/** A payslip's snapshot as the panel's text; without CPF the rates are 0 (the panel hides them). */
export function snapshotFormValues(payslip: PayslipDetail): SnapshotFormValues {
  const rate = (value: number | null) => String(value ?? 0);
  return {
    basicSalarySnapshot: payslip.basicSalarySnapshot.toFixed(2),
    employeeCpfRateSnapshot: rate(payslip.employeeCpfRateSnapshot),
    employerCpfRateSnapshot: rate(payslip.employerCpfRateSnapshot),
    selfHelpGroupSnapshot: payslip.selfHelpGroupSnapshot,
  };
}

/** A pay item being typed: its type, its treatment (for a type paid either way) and its amount, as text. */
export type PayItemDraft = { type: string; treatment: string; amount: string };
export const emptyPayItemDraft: PayItemDraft = { type: '', treatment: '', amount: '' };

/** An amount as typed, thousands separators allowed ('1,500.50'); NaN when it is not a number. */
const amountOf = (text: string) => parseAmountText(text) ?? Number.NaN;

/**
 * Spec section 5: type and amount required, the amount above 0; a type paid either way needs its
 * treatment too. One message at a time, beside the field it concerns: 'Please fill all fields.' beside
 * the first one empty (Type, Treatment, then Amount), else what is wrong with the amount. Null when the
 * item can be added.
 */
export function payItemDraftProblem(
  draft: PayItemDraft,
): { field: keyof PayItemDraft; message: string } | null {
  if (draft.type === '') return { field: 'type', message: payrollMessages.payItemIncomplete };
  if (hasTreatmentChoice(draft.type) && draft.treatment === '')
    return { field: 'treatment', message: payrollMessages.payItemIncomplete };
  if (draft.amount.trim() === '') return { field: 'amount', message: payrollMessages.payItemIncomplete };
  const amount = amountOf(draft.amount);
  const problem =
    !Number.isFinite(amount) || amount <= 0
      ? payrollMessages.payItemAmount
      : amount > MAX_AMOUNT
        ? `Amount must be at most ${MAX_AMOUNT.toLocaleString('en-SG')}.`
        : !hasAtMostTwoDecimals(amount)
          ? 'Amounts have at most two decimals.'
          : null;
  return problem ? { field: 'amount', message: problem } : null;
}

/**
 * A kind's Add form read into what its POST takes besides whose payslip it is: the type, the amount,
 * and the treatment only for a type paid either way (the spec's payload otherwise).
 */
export const payItemFormSchema = z.pipe(
  z.object({ type: z.string(), treatment: z.string(), amount: z.string() }).check(
    z.superRefine((draft, ctx) => {
      const problem = payItemDraftProblem(draft);
      if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    }),
  ),
  z.transform((draft: PayItemDraft) => ({
    type: draft.type,
    amount: amountOf(draft.amount),
    ...(hasTreatmentChoice(draft.type) ? { treatment: draft.treatment as PayItemTreatmentChoice } : {}),
  })),
);
export type PayItemFormData = z.output<typeof payItemFormSchema>;

// Payroll's words live in the feature's messages module, with its toasts.
export { payrollMessages };
