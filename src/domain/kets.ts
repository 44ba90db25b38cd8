import * as z from 'zod/mini';
import { formatDayMonthYear } from './dates';
import { freeText, text } from './fields';
import { formatCents } from './money';

/**
 * Key employment terms (issue 35 item 1): Employment Act s.95A and the Employment (Key Employment
 * Terms) Regulations 2016, as MOM lists the items (docs/features/staff-records.md, "Key employment
 * terms"). What the record keeps elsewhere (names, job title, start date, the work pattern, basic
 * salary, leave) is read from there; this holds the rest.
 */

export const SALARY_PERIODS = ['MONTHLY', 'SEMI_MONTHLY', 'WEEKLY', 'DAILY'] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];
/** The Act's 1.5 times the hourly basic rate, or none for an employee Part IV does not cover. */
export const OVERTIME_RATE_BASES = ['ACT_ONE_AND_HALF', 'NOT_APPLICABLE'] as const;
export type OvertimeRateBasis = (typeof OVERTIME_RATE_BASES)[number];

export const KET_TEXT_MAX = 500;
export const FIXED_AMOUNT_NAME_MAX = 100;
export const FIXED_AMOUNTS_MAX = 20;
/** A fixed amount a month is capped like a payslip's item: $1,000,000. */
export const FIXED_AMOUNT_CENTS_MAX = 100_000_000;

export interface FixedAmount {
  name: string;
  amountCents: number;
}

const fixedAmountsSchema = z
  .array(
    z.object({
      name: text(FIXED_AMOUNT_NAME_MAX, { trim: true, required: 'Please enter the name.' }),
      amountCents: z.number().check(z.int(), z.minimum(1), z.maximum(FIXED_AMOUNT_CENTS_MAX)),
    }),
  )
  .check(z.maxLength(FIXED_AMOUNTS_MAX));

const optionalText = (max: number) =>
  z.optional(
    z.nullable(
      z.pipe(
        freeText(max, { trim: true }),
        z.transform((value: string) => (value === '' ? null : value)),
      ),
    ),
  );

/** PUT /users/{id}/key-employment-terms (ADMIN): every item; null where not agreed or not recorded. */
export const keyEmploymentTermsBodySchema = z.object({
  mainDuties: optionalText(KET_TEXT_MAX),
  placeOfWork: optionalText(KET_TEXT_MAX),
  salaryPeriod: z._default(z.enum(SALARY_PERIODS), 'MONTHLY'),
  overtimePaymentPeriod: z.optional(z.nullable(z.enum(SALARY_PERIODS))),
  overtimeRateBasis: z.optional(z.nullable(z.enum(OVERTIME_RATE_BASES))),
  fixedAllowances: z._default(fixedAmountsSchema, []),
  fixedDeductions: z._default(fixedAmountsSchema, []),
  probationMonths: z.optional(z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(24)))),
  noticePeriodDays: z.optional(z.nullable(z.number().check(z.int(), z.minimum(1), z.maximum(365)))),
  otherSalaryComponents: optionalText(KET_TEXT_MAX),
  medicalBenefits: optionalText(KET_TEXT_MAX),
});
export type KeyEmploymentTermsBody = z.infer<typeof keyEmploymentTermsBodySchema>;

export interface KeyEmploymentTerms {
  mainDuties: string | null;
  placeOfWork: string | null;
  salaryPeriod: SalaryPeriod;
  overtimePaymentPeriod: SalaryPeriod | null;
  overtimeRateBasis: OvertimeRateBasis | null;
  fixedAllowances: FixedAmount[];
  fixedDeductions: FixedAmount[];
  probationMonths: number | null;
  noticePeriodDays: number | null;
  otherSalaryComponents: string | null;
  medicalBenefits: string | null;
}

export const EMPTY_KEY_EMPLOYMENT_TERMS: KeyEmploymentTerms = {
  mainDuties: null,
  placeOfWork: null,
  salaryPeriod: 'MONTHLY',
  overtimePaymentPeriod: null,
  overtimeRateBasis: null,
  fixedAllowances: [],
  fixedDeductions: [],
  probationMonths: null,
  noticePeriodDays: null,
  otherSalaryComponents: null,
  medicalBenefits: null,
};

/** The items a KETs document cannot say from the record, in MOM's order, as the document names them. */
export const KET_ITEMS = {
  jobTitle: 'job title',
  mainDuties: 'main duties and responsibilities',
  startDate: 'start date of employment',
  workingArrangement: 'working arrangement',
  basicSalary: 'basic salary',
  overtimeRate: 'overtime rate of pay',
  probation: 'probation period',
  placeOfWork: 'place of work',
} as const;
export type KetItem = keyof typeof KET_ITEMS;

/**
 * What is missing: an item the record has no value for. Fixed allowances and deductions, other salary
 * components and medical benefits may rightly be none; the notice period falls back on the Act's table.
 */
export function missingKetItems(record: {
  employment: { designation: string; hireDate: string } | null;
  basicSalaryCents: number | null;
  terms: KeyEmploymentTerms;
}): string[] {
  const missing: KetItem[] = [];
  if (!record.employment) missing.push('jobTitle');
  if (!record.terms.mainDuties) missing.push('mainDuties');
  if (!record.employment) missing.push('startDate', 'workingArrangement');
  if (record.basicSalaryCents === null) missing.push('basicSalary');
  if (!record.terms.overtimeRateBasis) missing.push('overtimeRate');
  if (record.terms.probationMonths === null) missing.push('probation');
  if (!record.terms.placeOfWork) missing.push('placeOfWork');
  return missing.map((item) => KET_ITEMS[item]);
}

const fixedAmountOut = z.object({ name: z.string(), amountCents: z.number() });
/** The terms as the API answers them, with the items still missing named. */
export const keyEmploymentTermsSchema = z.object({
  mainDuties: z.nullable(z.string()),
  placeOfWork: z.nullable(z.string()),
  salaryPeriod: z.enum(SALARY_PERIODS),
  overtimePaymentPeriod: z.nullable(z.enum(SALARY_PERIODS)),
  overtimeRateBasis: z.nullable(z.enum(OVERTIME_RATE_BASES)),
  fixedAllowances: z.array(fixedAmountOut),
  fixedDeductions: z.array(fixedAmountOut),
  probationMonths: z.nullable(z.number()),
  noticePeriodDays: z.nullable(z.number()),
  otherSalaryComponents: z.nullable(z.string()),
  medicalBenefits: z.nullable(z.string()),
  missing: z.array(z.string()),
});
export type KeyEmploymentTermsAnswer = z.infer<typeof keyEmploymentTermsSchema>;

export const SALARY_PERIOD_LABELS: Record<SalaryPeriod, string> = {
  MONTHLY: 'Monthly',
  SEMI_MONTHLY: 'Twice a month',
  WEEKLY: 'Weekly',
  DAILY: 'Daily',
};
export const OVERTIME_RATE_LABELS: Record<OvertimeRateBasis, string> = {
  ACT_ONE_AND_HALF: '1.5 times the hourly basic rate (Employment Act)',
  NOT_APPLICABLE: 'Not applicable',
};

const titleCase = (word: string) => word.charAt(0) + word.slice(1).toLowerCase();
const money = (cents: number) => `$${formatCents(cents)}`;
const amounts = (items: readonly FixedAmount[]) =>
  items.length === 0 ? 'None' : items.map((item) => `${item.name}: ${money(item.amountCents)}`).join('; ');
const orMissing = (value: string | null | undefined) => value || 'Missing';

/** The document's sections in MOM's order: what the KETs PDF prints, worded from the record. */
export function ketSections(record: {
  companyName: string;
  employeeName: string;
  employment: {
    designation: string;
    hireDate: string;
    employmentType: string;
    daysPerWeek: number;
    normalHoursPerDay: number;
    restDay: string;
  } | null;
  basicSalaryCents: number | null;
  terms: KeyEmploymentTerms;
}): Array<{ title: string; pairs: Array<[string, string]> }> {
  const { employment: job, terms } = record;
  const notice = terms.noticePeriodDays
    ? `${terms.noticePeriodDays} days`
    : "The Employment Act's: 1 day under 26 weeks of service, 1 week under 2 years, 2 weeks under 5 years, 4 weeks from 5 years";
  return [
    {
      title: 'Employment',
      pairs: [
        ['Employer', record.companyName],
        ['Employee', record.employeeName],
        ['Job title', orMissing(job?.designation)],
        ['Main duties and responsibilities', orMissing(terms.mainDuties)],
        ['Start date', job ? formatDayMonthYear(job.hireDate) : 'Missing'],
        ['Employment type', orMissing(job?.employmentType)],
        ['Place of work', orMissing(terms.placeOfWork)],
      ],
    },
    {
      title: 'Working arrangement',
      pairs: job
        ? [
            ['Working days a week', String(job.daysPerWeek)],
            ['Normal hours a day', String(job.normalHoursPerDay)],
            ['Rest day', titleCase(job.restDay)],
          ]
        : [['Working arrangement', 'Missing']],
    },
    {
      title: 'Salary',
      pairs: [
        ['Salary period', SALARY_PERIOD_LABELS[terms.salaryPeriod]],
        ['Basic salary', record.basicSalaryCents === null ? 'Missing' : money(record.basicSalaryCents)],
        ['Fixed allowances', amounts(terms.fixedAllowances)],
        ['Fixed deductions', amounts(terms.fixedDeductions)],
        ['Overtime payment period', SALARY_PERIOD_LABELS[terms.overtimePaymentPeriod ?? terms.salaryPeriod]],
        [
          'Overtime rate of pay',
          terms.overtimeRateBasis ? OVERTIME_RATE_LABELS[terms.overtimeRateBasis] : 'Missing',
        ],
        ['Other salary-related components', terms.otherSalaryComponents ?? 'None'],
      ],
    },
    {
      title: 'Leave and medical benefits',
      pairs: [
        [
          'Leave',
          "As the company's leave policies and the Employment Act grant (annual, sick, hospitalisation, maternity, childcare)",
        ],
        ['Medical benefits', terms.medicalBenefits ?? 'None'],
      ],
    },
    {
      title: 'Probation and notice',
      pairs: [
        [
          'Probation period',
          terms.probationMonths === null
            ? 'Missing'
            : terms.probationMonths === 0
              ? 'None'
              : `${terms.probationMonths} months`,
        ],
        ['Notice period', notice],
      ],
    },
  ];
}
