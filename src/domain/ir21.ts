import * as z from 'zod/mini';
import { csvLine } from './csv';
import { requiredDateSchema } from './date-fields';
import { isIsoDate } from './dates';
import type { PassType, SeparationReason } from './enums';
import { text } from './fields';
import { centsToAmount } from './money';
import type { Ir8aEmployer, Ir8aFigures } from './payroll/ir8a';
import { payYearSchema } from './payslips';
import { addressLines, type ResidentialAddress } from './residential-address';

/**
 * IR21 tax clearance (issue 35 item 5): IRAS's form for a foreign employee who leaves, with the income
 * of the year of leaving and the year before by IR8A item, and the withholding of their pay until
 * IRAS clears it (Income Tax Act 1947 s.68(7)). Sources and how sure each field is:
 * docs/statutory-files.md, "IR21".
 */

export const IR21_REFERENCE_MAX = 40;
export const CLEARANCE_REQUIRED = 'Please fill in all compulsory fields.';
export const CLEARANCE_BEFORE_NOTICE = 'The clearance date cannot be before the notice date.';
export const WITHHELD_REASON = 'IR21 tax clearance pending: pay is withheld until IRAS clears it.';

/** POST /users/{id}/ir21-clearance: the day IRAS cleared the employee and its reference. */
export const ir21ClearanceBodySchema = z.object({
  date: requiredDateSchema(CLEARANCE_REQUIRED),
  reference: text(IR21_REFERENCE_MAX, {
    error: CLEARANCE_REQUIRED,
    tooLong: `Reference must be at most ${IR21_REFERENCE_MAX} characters.`,
    trim: true,
    required: CLEARANCE_REQUIRED,
  }),
});
export type Ir21ClearanceBody = z.infer<typeof ir21ClearanceBodySchema>;

export type Ir21ClearanceFormValues = { date: string; reference: string };
export const IR21_CLEARANCE_INITIAL_VALUES: Ir21ClearanceFormValues = { date: '', reference: '' };

/** The clearance can only follow the notice: checked where the separation is known (form and server). */
export const clearanceDateProblem = (date: string, noticeDate: string): string | null =>
  isIsoDate(date) && date < noticeDate ? CLEARANCE_BEFORE_NOTICE : null;

export const ir21QuerySchema = z.object({
  year: payYearSchema,
  format: z._default(z.enum(['pdf', 'csv'], { error: 'Format must be pdf or csv.' }), 'pdf'),
});

/** What decides whether a month's pay is withheld: the separation and the IRAS clearance, if any. */
export interface WithholdingTerms {
  ir21Required: boolean;
  noticeDate: string;
  lastDay: string;
  ir21ClearedOn: string | null;
}

/**
 * Whether a payslip of `year`/`month` is withheld from the bank file: the employee needs an IR21, IRAS
 * has not cleared them, and the month runs from the notice date's month to the last day's month (a
 * notice spanning two months withholds both: money due from the notice date on, IRAS says).
 */
export function withholdsMonth(terms: WithholdingTerms, year: number, month: number): boolean {
  if (!terms.ir21Required || terms.ir21ClearedOn !== null) return false;
  const period = `${year}-${String(month).padStart(2, '0')}`;
  return period >= terms.noticeDate.slice(0, 7) && period <= terms.lastDay.slice(0, 7);
}

/**
 * Whether a payslip of `year`/`month` was withheld and is now released: the month is one withholding
 * covers, and IRAS's clearance is recorded. The bank file of released payments pays exactly these.
 */
export function releasesMonth(terms: WithholdingTerms, year: number, month: number): boolean {
  return terms.ir21ClearedOn !== null && withholdsMonth({ ...terms, ir21ClearedOn: null }, year, month);
}

/** GET /payslips/bank-file?payments=: every payment of the month, or only those released after clearance. */
export const BANK_FILE_PAYMENTS = ['all', 'released'] as const;
export type BankFilePayments = (typeof BANK_FILE_PAYMENTS)[number];

/** One employee withheld from a month's bank file. */
export const withheldPaymentSchema = z.object({
  userId: z.number(),
  name: z.string(),
  netPay: z.number(),
  reason: z.string(),
});
export type WithheldPayment = z.infer<typeof withheldPaymentSchema>;

/** One payment withheld, then released by IRAS's clearance; when its bank file of released payments was made. */
export const releasedPaymentSchema = z.object({
  userId: z.number(),
  name: z.string(),
  netPay: z.number(),
  clearedOn: z.string(),
  reference: z.string(),
  /** The day (Singapore) the last bank file of released payments holding it was made; null: not yet. */
  fileDownloadedOn: z.nullable(z.string()),
});
export type ReleasedPayment = z.infer<typeof releasedPaymentSchema>;

/** Everything an IR21 says, gathered by the server from the record and the IR8A figures. */
export interface Ir21Data {
  employer: Ir8aEmployer;
  employee: {
    fullName: string;
    idNumber: string;
    passType: PassType;
    dateOfBirth: string | null;
    gender: string | null;
    nationality: string | null;
    designation: string | null;
    address: ResidentialAddress;
    hireDate: string;
  };
  separation: { reason: SeparationReason; noticeDate: string; lastDay: string };
  /** The year of leaving asked for; income is for it and the year before. */
  year: number;
  /** The IR8A figures of `year` and `year - 1`, in that order; null: nothing processed that year. */
  income: ReadonlyArray<{ year: number; figures: Ir8aFigures | null }>;
  /** Net pay of the processed payslips held back from the bank files (IR21 asks for monies withheld). */
  withheldCents: number;
  clearance: { date: string; reference: string } | null;
}

const dollars = (cents: number) => centsToAmount(cents).toFixed(2);
const orBlank = (value: string | null) => value ?? '';

/** The income items, as the IR8A boxes name them, each read from a year's figures. */
const INCOME_ITEMS: ReadonlyArray<readonly [string, (f: Ir8aFigures) => number]> = [
  ['(a) Salary, leave pay, wages and overtime', (f) => f.salaryCents],
  ['(b) Bonus', (f) => f.bonusCents],
  ["(c) Director's fees", (f) => f.directorsFeesCents],
  ['(d) Gross commission', (f) => f.commissionCents],
  ['(d) Transport allowance', (f) => f.transportAllowanceCents],
  ['(d) Other allowances', (f) => f.otherAllowancesCents],
  ['(d) Others, total', (f) => f.othersCents],
  ['Total income (a) to (d)', (f) => f.totalCents],
  ['Employee CPF contributions', (f) => f.employeeCpfCents],
  ['Donations through salary', (f) => f.donationsCents],
  ['Mosque Building Fund', (f) => f.mbfCents],
];

/** The particulars, worded once for the PDF and the CSV. The full FIN/NRIC: IRAS files the form by it. */
export function ir21Particulars(data: Ir21Data): Array<[section: string, field: string, value: string]> {
  const { employer, employee, separation } = data;
  return [
    ['Employer', 'Name', employer.name],
    ['Employer', 'UEN (tax reference)', employer.uen],
    ['Employer', 'Address', orBlank(employer.address)],
    ['Employer', 'Authorised person', orBlank(employer.authorisedPersonName)],
    ['Employer', 'Designation', orBlank(employer.authorisedPersonDesignation)],
    ['Employer', 'Telephone', orBlank(employer.authorisedPersonPhone)],
    ['Employer', 'E-mail', orBlank(employer.authorisedPersonEmail)],
    ['Employee', 'Full name', employee.fullName],
    ['Employee', 'FIN/NRIC', employee.idNumber],
    ['Employee', 'Pass type', employee.passType],
    ['Employee', 'Date of birth', orBlank(employee.dateOfBirth)],
    ['Employee', 'Sex', orBlank(employee.gender)],
    ['Employee', 'Nationality', orBlank(employee.nationality)],
    ['Employee', 'Designation', orBlank(employee.designation)],
    ['Employee', 'Address', addressLines(employee.address).join(', ')],
    ['Employment', 'Date of commencement', employee.hireDate],
    ['Employment', 'Date of notice', separation.noticeDate],
    ['Employment', 'Date of cessation', separation.lastDay],
    ['Employment', 'Reason for cessation', separation.reason],
    ['Tax clearance', 'Monies withheld', dollars(data.withheldCents)],
    ['Tax clearance', 'IRAS clearance date', data.clearance?.date ?? ''],
    ['Tax clearance', 'IRAS reference', data.clearance?.reference ?? ''],
  ];
}

/** The income table: one line per item, a column per year (the year of leaving first); '' for a year with nothing processed. */
export function ir21IncomeLines(data: Ir21Data): Array<[item: string, ...amounts: string[]]> {
  return INCOME_ITEMS.map(([item, of]) => [
    item,
    ...data.income.map(({ figures }) => (figures ? dollars(of(figures)) : '')),
  ]);
}

/**
 * The IR21 as CSV: section, item and one column per year (the year of leaving, then the one before);
 * particulars fill the first value column. Every cell goes through csvField (neutralised, quoted).
 */
export function ir21Csv(data: Ir21Data): string {
  const years = data.income.map(({ year }) => `Year ${year}`);
  const lines = [
    csvLine(['Section', 'Item', ...years]),
    ...ir21Particulars(data).map(([section, field, value]) => csvLine([section, field, value])),
    ...ir21IncomeLines(data).map(([item, ...amounts]) => csvLine(['Income', item, ...amounts])),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
