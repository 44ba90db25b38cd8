import * as z from 'zod/mini';
import { isIsoDate, todayIso } from './dates';
import { BANK_NAMES, type RACES } from './enums';
import { idSchema, text } from './fields';
import { parseAmountText } from './money';
import {
  type CpfSection,
  type CpfType,
  cpfAgeBand,
  cpfResidencyOf,
  cpfSections,
  cpfTypes,
  officialCpfRates,
  PayrollError,
  type SelfHelpGroup,
  selfHelpGroups,
} from './payroll';

/** Spec section 5 (payment, and the payment snapshot of a payslip). */
export const SALARY_MESSAGE = 'Salary must be more than 0.';
export const CPF_FIELDS_MESSAGE = 'Please fill in the relevant CPF fields.';
export const CPF_RATES_MESSAGE = 'CPF rates must be numbers.';
export const SALARY_MAX = 1_000_000;

const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** A monthly amount in dollars with at most two decimals (cents at the edge; the server stores cents). */
export const salaryAmountSchema = z.number({ error: SALARY_MESSAGE }).check(
  // At least a cent: a positive amount below it (1e-9) would be stored as 0 cents.
  z.minimum(0.01, SALARY_MESSAGE),
  z.maximum(SALARY_MAX, `Salary must be at most ${SALARY_MAX.toLocaleString('en-SG')}.`),
  z.refine(hasAtMostTwoDecimals, 'Salary must have at most two decimals.'),
);

/** A CPF rate in percent, as the rate tables write them (e.g. 17 or 15.5). */
export const cpfRateSchema = z
  .number({ error: CPF_RATES_MESSAGE })
  .check(
    z.minimum(0, 'CPF rates must be between 0 and 100.'),
    z.maximum(100, 'CPF rates must be between 0 and 100.'),
    z.refine(hasAtMostTwoDecimals, 'CPF rates must have at most two decimals.'),
  );

/** Optional bank details: absent, null and '' all mean none (null). */
const optionalCode = (max: number, pattern: RegExp, message: string) =>
  z.pipe(
    z.nullish(
      text(max, { trim: true }).check(
        z.refine((value: string) => value === '' || pattern.test(value), message),
      ),
    ),
    z.transform((value: string | null | undefined) => value || null),
  );

const digits = (max: number, label: string) =>
  optionalCode(max, /^[0-9]+$/, `${label} must contain digits only.`);

/** Optional enumerations the client sends as undefined for NONE (spec section 3). */
const noneByDefault = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.pipe(
    z.nullish(z.enum(values, { error: message })),
    z.transform((value: T[number] | null | undefined) => value ?? ('NONE' as T[number])),
  );

/**
 * Payment info as the API receives it (PATCH /payment-info/{id} and onboarding). CPF type, section
 * and self-help group arrive as undefined for NONE, the bank name as ''. With a CPF type, both
 * rates are required; without one they are dropped.
 */
const paymentInfoBodyFields = z
  .object({
    /** The spec's client repeats the record id in the body; the path decides. */
    id: z.optional(idSchema),
    basicSalary: salaryAmountSchema,
    employeeCpfContributionRate: z.nullish(cpfRateSchema),
    employerCpfContributionRate: z.nullish(cpfRateSchema),
    cpfType: noneByDefault(cpfTypes, 'Unknown CPF type.'),
    cpfSection: noneByDefault(cpfSections, 'Unknown CPF section.'),
    selfHelpGroup: noneByDefault(selfHelpGroups, 'Unknown self-help group.'),
    bankName: z.pipe(
      z.nullish(z.enum([...BANK_NAMES, 'NONE', ''], { error: 'Unknown bank.' })),
      z.transform((value: (typeof BANK_NAMES)[number] | 'NONE' | '' | null | undefined) =>
        value && value !== 'NONE' ? value : null,
      ),
    ),
    bankCode: digits(10, 'Bank code'),
    branchCode: digits(10, 'Branch code'),
    accountNo: optionalCode(
      34,
      /^[0-9][0-9 -]*$/,
      'Account number must contain digits, spaces or dashes only.',
    ),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.cpfType === 'NONE') return;
      for (const field of ['employeeCpfContributionRate', 'employerCpfContributionRate'] as const) {
        if (value[field] === null || value[field] === undefined) {
          ctx.addIssue({ code: 'custom', path: [field], message: CPF_RATES_MESSAGE });
        }
      }
    }),
  );
export const paymentInfoBodySchema = z.pipe(
  paymentInfoBodyFields,
  z.transform(({ id: _, ...value }: z.output<typeof paymentInfoBodyFields>) => ({
    ...value,
    employeeCpfContributionRate:
      value.cpfType === 'NONE' ? null : (value.employeeCpfContributionRate ?? null),
    employerCpfContributionRate:
      value.cpfType === 'NONE' ? null : (value.employerCpfContributionRate ?? null),
  })),
);
export type PaymentInfoBody = z.infer<typeof paymentInfoBodySchema>;
export type PaymentInfoInput = z.input<typeof paymentInfoBodySchema>;

/** Payment info as the API answers it (spec section 3); money as amounts with two decimals. */
export const paymentInfoSchema = z.object({
  id: idSchema,
  basicSalary: z.number(),
  employeeCpfContributionRate: z.nullable(z.number()),
  employerCpfContributionRate: z.nullable(z.number()),
  cpfType: z.enum(cpfTypes),
  cpfSection: z.enum(cpfSections),
  selfHelpGroup: z.enum(selfHelpGroups),
  bankName: z.nullable(z.enum(BANK_NAMES)),
  bankCode: z.nullable(z.string()),
  branchCode: z.nullable(z.string()),
  accountNo: z.nullable(z.string()),
});
export type PaymentInfo = z.infer<typeof paymentInfoSchema>;

// ---------------------------------------------------------------------------------------------
// The payment form: text inputs and selects, validated with the spec's messages, sent as the body
// ---------------------------------------------------------------------------------------------

export type PaymentInfoFormValues = {
  basicSalary: string;
  employeeCpfContributionRate: string;
  employerCpfContributionRate: string;
  cpfType: CpfType | '';
  cpfSection: CpfSection | '';
  selfHelpGroup: SelfHelpGroup | '';
  bankName: (typeof BANK_NAMES)[number] | 'NONE' | '';
  bankCode: string;
  branchCode: string;
  accountNo: string;
};

export const emptyPaymentInfoForm: PaymentInfoFormValues = {
  basicSalary: '',
  employeeCpfContributionRate: '',
  employerCpfContributionRate: '',
  cpfType: '',
  cpfSection: '',
  selfHelpGroup: '',
  bankName: 'NONE',
  bankCode: '',
  branchCode: '',
  accountNo: '',
};

/** A rate field's text: '' stays undefined (missing); anything else is read as a number (NaN when it is not one). */
export const numberText = <T extends z.ZodMiniType<unknown, number | undefined>>(schema: T) =>
  z.pipe(
    z.pipe(
      z.string(),
      z.transform((text: string) => (text.trim() === '' ? undefined : Number(text.trim()))),
    ),
    schema,
  );

/** A salary as typed, '4,200' included; then the salary rules (spec section 5: 'Salary must be more than 0.'). */
export const salaryText = z.pipe(
  z.pipe(z.string(), z.transform(parseAmountText)),
  z.optional(salaryAmountSchema).check(z.refine((value) => value !== undefined, SALARY_MESSAGE)),
);

const chosen = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: CPF_FIELDS_MESSAGE });

/** The form's values to the API body: NONE goes as undefined for the CPF fields and '' for the bank. */
const paymentInfoFormFields = z
  .object({
    basicSalary: salaryText,
    employeeCpfContributionRate: numberText(z.optional(cpfRateSchema)),
    employerCpfContributionRate: numberText(z.optional(cpfRateSchema)),
    cpfType: chosen(cpfTypes),
    cpfSection: chosen(cpfSections),
    selfHelpGroup: chosen(selfHelpGroups),
    bankName: z.enum([...BANK_NAMES, 'NONE', '']),
    bankCode: z.string(),
    branchCode: z.string(),
    accountNo: z.string(),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.cpfType === 'NONE') return;
      for (const field of ['employeeCpfContributionRate', 'employerCpfContributionRate'] as const) {
        if (value[field] === undefined)
          ctx.addIssue({ code: 'custom', path: [field], message: CPF_RATES_MESSAGE });
      }
    }),
  );
export const paymentInfoFormSchema = z.pipe(
  paymentInfoFormFields,
  z.transform((value: z.output<typeof paymentInfoFormFields>) => {
    const cpf = value.cpfType !== 'NONE';
    return {
      basicSalary: value.basicSalary as number,
      employeeCpfContributionRate: cpf ? value.employeeCpfContributionRate : undefined,
      employerCpfContributionRate: cpf ? value.employerCpfContributionRate : undefined,
      cpfType: cpf ? value.cpfType : undefined,
      cpfSection: value.cpfSection === 'NONE' ? undefined : value.cpfSection,
      selfHelpGroup: value.selfHelpGroup === 'NONE' ? undefined : value.selfHelpGroup,
      bankName: value.bankName === 'NONE' ? '' : value.bankName,
      bankCode: value.bankCode.trim(),
      branchCode: value.branchCode.trim(),
      accountNo: value.accountNo.trim(),
    } satisfies PaymentInfoInput;
  }),
);

/** Stored payment info back into the form's text values. */
export function paymentInfoFormValues(info: PaymentInfo): PaymentInfoFormValues {
  const rate = (value: number | null) => (value === null ? '' : String(value));
  return {
    basicSalary: info.basicSalary.toFixed(2),
    employeeCpfContributionRate: rate(info.employeeCpfContributionRate),
    employerCpfContributionRate: rate(info.employerCpfContributionRate),
    cpfType: info.cpfType,
    cpfSection: info.cpfSection,
    selfHelpGroup: info.selfHelpGroup,
    bankName: info.bankName ?? 'NONE',
    bankCode: info.bankCode ?? '',
    branchCode: info.branchCode ?? '',
    accountNo: info.accountNo ?? '',
  };
}

// ---------------------------------------------------------------------------------------------
// Suggestions: self-help group from race, CPF rates from the payroll engine
// ---------------------------------------------------------------------------------------------

const SHG_BY_RACE: Readonly<Record<(typeof RACES)[number], SelfHelpGroup>> = {
  Chinese: 'CDAC',
  Indian: 'SINDA',
  Eurasian: 'ECF',
  Malay: 'MBMF',
  Others: 'NONE',
};

/** The self-help group a race usually contributes to; the admin may choose another. */
export function suggestedSelfHelpGroup(race: string | null | undefined): SelfHelpGroup | null {
  return race && race in SHG_BY_RACE ? SHG_BY_RACE[race as keyof typeof SHG_BY_RACE] : null;
}

export interface OfficialCpfRates {
  employee: number;
  employer: number;
}

/**
 * The official employee and employer rates for the month of `on` (default today in Singapore), the
 * CPF type and section, and the age band from the date of birth; null when no CPF applies or the
 * engine has no table for that month.
 */
export function officialCpfRatesFor(input: {
  cpfType: CpfType | '' | null | undefined;
  cpfSection: CpfSection | '' | null | undefined;
  dateOfBirth: string | null | undefined;
  on?: string;
}): OfficialCpfRates | null {
  if (!input.cpfType || !input.dateOfBirth || !isIsoDate(input.dateOfBirth)) return null;
  const residency = cpfResidencyOf(input.cpfType, input.cpfSection || 'NONE');
  if (!residency) return null;
  const [year = 0, month = 0] = (input.on ?? todayIso()).split('-').map(Number);
  try {
    const ageBand = cpfAgeBand(input.dateOfBirth, year, month);
    const rates = officialCpfRates({ year, month, residency, ageBand });
    return { employee: rates.employeePercent, employer: rates.employerPercent };
  } catch (error) {
    if (error instanceof PayrollError) return null;
    throw error;
  }
}

/** The rate fields of a payment form or panel draft. */
interface RateFields {
  cpfType?: string | null;
  cpfSection?: string | null;
  employeeCpfContributionRate?: string | null;
  employerCpfContributionRate?: string | null;
}

/** The choices the official rates follow: a change to either brings them again. */
export const CPF_RATE_CHOICES = ['cpfType', 'cpfSection'] as const;

/**
 * The one CPF-rate prefill (onboarding step 3 and the Payment Information panel): choosing a CPF type or
 * section fills in the official rates for the birth date; no CPF (NONE) clears them; without official
 * rates the values stay as they are.
 */
export function withOfficialCpfRates<T extends RateFields>(
  values: T,
  dateOfBirth: string | null | undefined,
): T {
  if (values.cpfType === 'NONE') {
    return { ...values, employeeCpfContributionRate: '', employerCpfContributionRate: '' };
  }
  const official = officialCpfRatesFor({
    cpfType: (values.cpfType ?? '') as CpfType | '',
    cpfSection: (values.cpfSection ?? '') as CpfSection | '',
    dateOfBirth,
  });
  if (!official) return values;
  return {
    ...values,
    employeeCpfContributionRate: String(official.employee),
    employerCpfContributionRate: String(official.employer),
  };
}

/** True when the form's rates are numbers that differ from the official ones (the form shows a hint). */
export function ratesDifferFromOfficial(
  values: Pick<PaymentInfoFormValues, 'employeeCpfContributionRate' | 'employerCpfContributionRate'>,
  official: OfficialCpfRates | null,
): boolean {
  if (!official) return false;
  const differs = (text: string, rate: number) => text.trim() !== '' && Number(text) !== rate;
  return (
    differs(values.employeeCpfContributionRate, official.employee) ||
    differs(values.employerCpfContributionRate, official.employer)
  );
}
