import * as z from 'zod/mini';
import { PayrollInputError } from './errors';

/** Which CPF table applies: citizens and 3rd-year-on PRs share Table 1; 1st/2nd-year PRs are graduated. */
export const cpfResidencies = ['SC', 'PR3', 'PR1_GG', 'PR1_FG', 'PR2_GG', 'PR2_FG'] as const;
export const cpfResidencySchema = z.enum(cpfResidencies);
export type CpfResidency = z.infer<typeof cpfResidencySchema>;

/** CPF age bands; the rate of a band applies from the month after the 55th/60th/65th/70th birthday month. */
export const cpfAgeBands = ['LE55', '55_60', '60_65', '65_70', 'GT70'] as const;
export const cpfAgeBandSchema = z.enum(cpfAgeBands);
export type CpfAgeBand = z.infer<typeof cpfAgeBandSchema>;

/**
 * Also accepted as input for the G/G tables only, which have a single "above 65" band (the vector
 * files write it so). For every other table 65-70 and above 70 differ, so it would be ambiguous there.
 */
export type CpfAgeBandInput = CpfAgeBand | 'GT65';

export const selfHelpGroupFunds = ['CDAC', 'SINDA', 'MBMF', 'ECF'] as const;
export const selfHelpGroupFundSchema = z.enum(selfHelpGroupFunds);
export type SelfHelpGroupFund = z.infer<typeof selfHelpGroupFundSchema>;

export const selfHelpGroups = ['NONE', ...selfHelpGroupFunds] as const;
export const selfHelpGroupSchema = z.enum(selfHelpGroups);
export type SelfHelpGroup = z.infer<typeof selfHelpGroupSchema>;

/** Payment info values from the spec (section 3). */
export const cpfTypes = [
  'NONE',
  'SINGAPORE PR 2 YEAR',
  'SINGAPORE PR 1 YEAR',
  'SINGAPORE CITIZEN',
  'PR 3 YEAR AND ABOVE',
] as const;
export const cpfTypeSchema = z.enum(cpfTypes);
export type CpfType = z.infer<typeof cpfTypeSchema>;

export const cpfSections = ['NONE', 'CPF1', 'CPF2'] as const;
export const cpfSectionSchema = z.enum(cpfSections);
export type CpfSection = z.infer<typeof cpfSectionSchema>;

/** Pay item types by kind (spec section 3; COMMISION is spelled as the spec and the API spell it). */
export const payItemTypesByKind = {
  ADHOC: ['OVERTIME', 'INCENTIVE', 'MOBILE_ALLOWANCE', 'OFFDAY', 'PUBLIC_HOLIDAY', 'RETENTION_INCENTIVE'],
  BONUS: ['COMMISION', 'ANNUAL_LEAVE_ENCASHMENT', 'BONUS', 'AWS', 'DIRECTOR_FEE', 'BACK_PAY'],
  DEDUCTION: ['LATENESS', 'UNPAID_LEAVE', 'INCOMPLETE_MONTH'],
  OTHER_ADDITION: [
    'TRAVEL_ALLOWANCE',
    'SKILL_ALLOWANCE',
    'MEDICAL_CLAIM',
    'OTHER',
    'NOTICE_PAY',
    'EXPENSE_CLAIM',
    'TAXABLE_EXPENSE_CLAIM',
  ],
  OTHER_DEDUCTION: ['DEDUCTION', 'ADVANCE', 'MEDICAL_CO_SHARE', 'NS_MAKEUP_PAY', 'LOAN', 'NOTICE_DEDUCTION'],
} as const;
export type PayItemKind = keyof typeof payItemTypesByKind;
export type PayItemType<K extends PayItemKind = PayItemKind> = (typeof payItemTypesByKind)[K][number];
export const payItemKinds = Object.keys(payItemTypesByKind) as PayItemKind[];
export const payItemKindSchema = z.enum(payItemKinds as [PayItemKind, ...PayItemKind[]]);

/**
 * Who wrote a pay item the administrator did not type (issue 36): TIMESHEET, the month's approved
 * timesheet; CLAIM, an approved expense claim (issue 37); SEPARATION, the leaving month's pay by the
 * Employment Act (issue 35 item 3). Only items of a source are rewritten by it; a typed item has none and
 * stays the officer's.
 */
export const PAY_ITEM_SOURCES = ['TIMESHEET', 'CLAIM', 'SEPARATION'] as const;

/** Types only a source writes (approved claims): the administrator cannot type them. */
export const GENERATED_PAY_ITEM_TYPES: readonly string[] = ['EXPENSE_CLAIM', 'TAXABLE_EXPENSE_CLAIM'];
export type PayItemSource = (typeof PAY_ITEM_SOURCES)[number];

/** Parses an enum argument or throws a PayrollInputError that names the argument and the allowed values. */
export const parseEnum = <T extends string>(schema: z.ZodMiniType<T>, name: string, value: unknown): T => {
  // The common case first: a plain membership test, as a bulk run calls this thousands of times.
  if (schema instanceof z.ZodMiniEnum && (schema.options as readonly unknown[]).includes(value))
    return value as T;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const allowed = schema instanceof z.ZodMiniEnum ? ` (expected one of ${schema.options.join(', ')})` : '';
  throw new PayrollInputError(`Unknown ${name} ${JSON.stringify(value) ?? String(value)}${allowed}`);
};
