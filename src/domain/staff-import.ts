import * as z from 'zod/mini';
import { registerRequestSchema } from './auth';
import { type EmploymentInfoBody, employmentInfoBodySchema } from './employment-info';
import { BANK_NAMES, EMPLOYMENT_STATUSES, EMPLOYMENT_TYPES, GENDERS, PASS_TYPES, RACES } from './enums';
import { amountToCents, parseAmountText } from './money';
import { NATIONALITIES } from './nationalities';
import { allowanceDaysSchema, LEAVE_ALLOWANCE_MESSAGE } from './onboarding';
import { WEEKDAYS } from './overtime';
import { type PaymentInfoBody, paymentInfoBodySchema } from './payment-info';
import { cpfSections, cpfTypes, selfHelpGroups } from './payroll';
import type { CellKind, CellValue, SheetColumn } from './spreadsheet-cells';
import { type StaffInfoBody, staffInfoBodySchema } from './staff-info';
import type { UserDetail } from './users';

/**
 * Staff import (issue 38 item 2): one row of a CSV or XLSX per employee, holding every field the
 * onboarding wizard asks. The column headings are the API's field names, so that a staff export
 * written with STAFF_COLUMNS imports again unchanged; then one column per leave type with a yearly
 * allowance, headed with the leave type's name. The staff export (item 5) writes the same columns
 * (`staffSheetColumns` below), so an export imports again unchanged.
 */
export type StaffSection = 'user' | 'staffInfo' | 'employmentInfo' | 'paymentInfo';

export interface ImportColumn {
  /** The heading in the file, the field's name in the API, and the `field` of an error. */
  heading: string;
  section: StaffSection;
  required: boolean;
  /** The values a choice accepts, named in the template's explanation. */
  allowed?: readonly string[];
  explain: string;
}

const DATE = 'A date as YYYY-MM-DD.';
const column = (
  heading: string,
  section: StaffSection,
  required: boolean,
  explain: string,
  allowed?: readonly string[],
): ImportColumn =>
  allowed ? { heading, section, required, explain, allowed } : { heading, section, required, explain };

export const STAFF_COLUMNS: readonly ImportColumn[] = [
  column('fullName', 'user', true, 'Full name, as on the NRIC/FIN.'),
  column('email', 'user', true, "Work e-mail in the company's domain; the sign-in name."),
  column('nric', 'staffInfo', true, 'NRIC or FIN, with its check letter (e.g. S1234567D).'),
  column('dateOfBirth', 'staffInfo', true, DATE),
  column('gender', 'staffInfo', false, 'Optional.', GENDERS),
  column('race', 'staffInfo', true, 'One of the allowed values.', RACES),
  column('nationality', 'staffInfo', true, 'One of the allowed values.', NATIONALITIES),
  column('addressBlock', 'staffInfo', false, 'Singapore address: block or house number (optional).'),
  column('addressStreet', 'staffInfo', false, 'Singapore address: street name.'),
  column('addressUnit', 'staffInfo', false, 'Singapore address: unit, e.g. #05-12.'),
  column('addressPostalCode', 'staffInfo', false, 'Singapore address: six-digit postal code.'),
  column('foreignAddress', 'staffInfo', false, 'An address outside Singapore, instead of the parts above.'),
  column('designation', 'employmentInfo', true, 'Job title, up to 100 characters.'),
  column('employmentStatus', 'employmentInfo', false, 'ACTIVE when empty.', EMPLOYMENT_STATUSES),
  column('hireDate', 'employmentInfo', true, DATE),
  column('confirmedDate', 'employmentInfo', false, `${DATE} Optional; not before the hire date.`),
  column('passType', 'employmentInfo', true, 'One of the allowed values.', PASS_TYPES),
  column('employmentType', 'employmentInfo', true, 'One of the allowed values.', EMPLOYMENT_TYPES),
  column('lastDayOfService', 'employmentInfo', false, `${DATE} Required when RESIGNED.`),
  column('workman', 'employmentInfo', false, 'Yes or No (No when empty).', ['Yes', 'No']),
  column('daysPerWeek', 'employmentInfo', false, 'Working days a week, 1 to 6 in half days (5 when empty).'),
  column('normalHoursPerDay', 'employmentInfo', false, 'Normal hours a day, up to 12 (8.8 when empty).'),
  column('restDay', 'employmentInfo', false, 'SUNDAY when empty.', WEEKDAYS),
  column('overtimeExemptionRef', 'employmentInfo', false, "MOM's exemption from the 72-hour overtime limit."),
  column('basicSalary', 'paymentInfo', true, 'Monthly basic salary in dollars, e.g. 4500.00.'),
  column('employeeCpfContributionRate', 'paymentInfo', false, 'Percent; required with a CPF type.'),
  column('employerCpfContributionRate', 'paymentInfo', false, 'Percent; required with a CPF type.'),
  column('cpfType', 'paymentInfo', false, 'NONE when empty.', cpfTypes),
  column('cpfSection', 'paymentInfo', false, 'NONE when empty.', cpfSections),
  column('selfHelpGroup', 'paymentInfo', false, 'NONE when empty.', selfHelpGroups),
  column('bankName', 'paymentInfo', false, 'Optional.', BANK_NAMES),
  column('bankCode', 'paymentInfo', false, 'Digits only.'),
  column('branchCode', 'paymentInfo', false, 'Digits only.'),
  column('accountNo', 'paymentInfo', false, 'Digits, spaces or dashes.'),
];

export const LEAVE_COLUMN_EXPLAIN = "This year's allowance in days, in steps of 0.5 (0 to 366).";

/** Limits of one upload: its bytes, its rows, and a cell's characters (a hostile file stops here). */
export const IMPORT_MAX_BYTES = 8 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;
export const IMPORT_CELL_MAX = 2000;
/** Larger applies run as a job with progress (issue 38 item 6). */
export const IMPORT_JOB_THRESHOLD = 500;

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const IMPORT_MESSAGES = {
  empty: 'The file holds no rows to import.',
  tooManyRows: `A file may hold at most ${IMPORT_MAX_ROWS.toLocaleString('en-SG')} rows.`,
  unreadable: 'The file could not be read as CSV or XLSX.',
  formula: 'Formulas are not imported: type the value itself.',
  cellTooLong: `A cell may hold at most ${IMPORT_CELL_MAX} characters.`,
  unknownColumn: 'Unknown column: remove it or use the template.',
  missingColumn: 'This column is missing: use the template.',
  duplicateColumn: 'This column appears twice.',
  hasErrors: 'The file has errors: nothing was imported. Run the dry run to see them.',
} as const;

export const duplicateInFile = (label: string, row: number) => `The same ${label} is on row ${row}.`;

export const importQuerySchema = z.object({
  dryRun: z._default(
    z.pipe(
      z.enum(['true', 'false'], { error: 'dryRun must be true or false.' }),
      z.transform((value: 'true' | 'false') => value === 'true'),
    ),
    true,
  ),
});
export const templateQuerySchema = z.object({
  format: z._default(z.enum(IMPORT_FORMATS, { error: 'format must be csv or xlsx.' }), 'csv'),
});

export const importErrorSchema = z.object({ row: z.number(), field: z.string(), message: z.string() });
export type ImportError = z.infer<typeof importErrorSchema>;

/** The dry run's answer, and an apply refused for errors (nothing stored). */
export const importCheckSchema = z.object({
  rows: z.number(),
  valid: z.number(),
  errors: z.array(importErrorSchema),
});
export type ImportCheck = z.infer<typeof importCheckSchema>;

/**
 * An apply's answer: what was created. A clean file over IMPORT_JOB_THRESHOLD rows is applied by a job
 * (issue 38 item 6, src/domain/import-jobs.ts): 202 with `created: 0` and its `jobId`; otherwise null.
 */
export const importAppliedSchema = z.object({
  rows: z.number(),
  valid: z.number(),
  errors: z.array(importErrorSchema),
  created: z.number(),
  jobId: z.nullable(z.string()),
  /** A staff apply done in the request: the staff created, for the invite (none for a dry run or a job). */
  userIds: z.optional(z.array(z.number())),
});
export type ImportApplied = z.infer<typeof importAppliedSchema>;

/** A file read into its headings and rows of text; `line` is the row's number in the file (headings are 1). */
export interface ImportSheet {
  headings: string[];
  rows: { line: number; cells: string[] }[];
}

export interface LeaveColumn {
  leaveTypeId: number;
  heading: string;
}

export interface StaffImportRow {
  line: number;
  fullName: string;
  email: string;
  staffInfo: StaffInfoBody;
  employmentInfo: EmploymentInfoBody;
  paymentInfo: PaymentInfoBody;
  leaveBalances: { leaveTypeId: number; totalDays: number }[];
}

const norm = (heading: string) => heading.trim().toLowerCase();

/** The columns of a staff file: STAFF_COLUMNS, then each leave type with an allowance (required). */
export const staffColumnsWith = (leave: readonly LeaveColumn[]): { heading: string; required: boolean }[] => [
  ...STAFF_COLUMNS,
  ...leave.map((c) => ({ heading: c.heading, required: true })),
];

/** The headings row's problems (row 1): unknown, twice, or a required column missing. */
export function headingProblems(
  headings: readonly string[],
  columns: readonly { heading: string; required: boolean }[],
): ImportError[] {
  const known = new Map(columns.map((c) => [norm(c.heading), c] as const));
  const errors: ImportError[] = [];
  const seen = new Set<string>();
  for (const heading of headings) {
    const key = norm(heading);
    if (key === '') continue;
    if (!known.has(key)) errors.push({ row: 1, field: heading, message: IMPORT_MESSAGES.unknownColumn });
    else if (seen.has(key)) errors.push({ row: 1, field: heading, message: IMPORT_MESSAGES.duplicateColumn });
    seen.add(key);
  }
  for (const [key, c] of known)
    if (c.required && !seen.has(key))
      errors.push({ row: 1, field: c.heading, message: IMPORT_MESSAGES.missingColumn });
  return errors;
}

/** A row's cells by heading (case and spaces of headings ignored). */
export function cellsByHeading(headings: readonly string[], cells: readonly string[]): Map<string, string> {
  const byHeading = new Map<string, string>();
  headings.forEach((heading, index) => {
    const key = norm(heading);
    if (key !== '' && !byHeading.has(key)) byHeading.set(key, (cells[index] ?? '').trim());
  });
  return byHeading;
}

const orUndefined = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);
const numberOf = (value: string | undefined) => {
  const typed = orUndefined(value);
  return typed === undefined ? undefined : Number(typed);
};
const yesNo = (value: string | undefined) => {
  const typed = orUndefined(value)?.toLowerCase();
  if (typed === undefined) return undefined;
  if (typed === 'yes' || typed === 'true') return true;
  if (typed === 'no' || typed === 'false') return false;
  return typed;
};

type Issues = ReadonlyArray<{ path: PropertyKey[]; message: string }>;
function firstPerField(issues: Issues, line: number, errors: ImportError[], fallback: string) {
  const seen = new Set<string>();
  for (const issue of issues) {
    const field = issue.path[0] === undefined ? fallback : String(issue.path[0]);
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ row: line, field, message: issue.message });
  }
}

/** The register form's name and e-mail rules, built once per company domain (not once per row). */
const userSchemas = new Map<string, ReturnType<typeof userSchemaOf>>();
const userSchemaOf = (companyDomain: string) =>
  z.pick(registerRequestSchema(companyDomain), { fullName: true, email: true });
function userSchemaFor(companyDomain: string) {
  let schema = userSchemas.get(companyDomain);
  if (!schema) {
    schema = userSchemaOf(companyDomain);
    userSchemas.set(companyDomain, schema);
  }
  return schema;
}

/**
 * One row read with the schemas the wizard's forms and the onboarding endpoint use, so each
 * problem carries the same message the form shows beside the field.
 */
export function readStaffRow(
  line: number,
  cell: (heading: string) => string | undefined,
  leave: readonly LeaveColumn[],
  companyDomain: string,
): { row?: StaffImportRow; errors: ImportError[] } {
  const errors: ImportError[] = [];
  const user = userSchemaFor(companyDomain).safeParse({
    fullName: cell('fullName') ?? '',
    email: cell('email') ?? '',
  });
  if (!user.success) firstPerField(user.error.issues, line, errors, 'email');
  const staff = staffInfoBodySchema.safeParse({
    nric: cell('nric') ?? '',
    dateOfBirth: cell('dateOfBirth') ?? '',
    gender: cell('gender') ?? '',
    race: orUndefined(cell('race')),
    nationality: orUndefined(cell('nationality')),
    addressBlock: cell('addressBlock'),
    addressStreet: cell('addressStreet'),
    addressUnit: cell('addressUnit'),
    addressPostalCode: cell('addressPostalCode'),
    foreignAddress: cell('foreignAddress'),
  });
  if (!staff.success) firstPerField(staff.error.issues, line, errors, 'nric');
  const employment = employmentInfoBodySchema.safeParse({
    designation: cell('designation') ?? '',
    employmentStatus: orUndefined(cell('employmentStatus')),
    hireDate: cell('hireDate') ?? '',
    confirmedDate: cell('confirmedDate'),
    passType: orUndefined(cell('passType')),
    employmentType: orUndefined(cell('employmentType')),
    lastDayOfService: cell('lastDayOfService'),
    workman: yesNo(cell('workman')),
    daysPerWeek: numberOf(cell('daysPerWeek')),
    normalHoursPerDay: numberOf(cell('normalHoursPerDay')),
    restDay: orUndefined(cell('restDay')),
    overtimeExemptionRef: cell('overtimeExemptionRef'),
  });
  if (!employment.success) firstPerField(employment.error.issues, line, errors, 'designation');
  const salary = cell('basicSalary');
  const payment = paymentInfoBodySchema.safeParse({
    basicSalary: salary === undefined ? undefined : parseAmountText(salary),
    employeeCpfContributionRate: numberOf(cell('employeeCpfContributionRate')),
    employerCpfContributionRate: numberOf(cell('employerCpfContributionRate')),
    cpfType: orUndefined(cell('cpfType')),
    cpfSection: orUndefined(cell('cpfSection')),
    selfHelpGroup: orUndefined(cell('selfHelpGroup')),
    bankName: cell('bankName') ?? '',
    bankCode: cell('bankCode'),
    branchCode: cell('branchCode'),
    accountNo: cell('accountNo'),
  });
  if (!payment.success) firstPerField(payment.error.issues, line, errors, 'basicSalary');
  const leaveBalances: StaffImportRow['leaveBalances'] = [];
  for (const { leaveTypeId, heading } of leave) {
    const typed = orUndefined(cell(heading));
    if (typed === undefined) {
      errors.push({ row: line, field: heading, message: LEAVE_ALLOWANCE_MESSAGE });
      continue;
    }
    const days = allowanceDaysSchema.safeParse(Number(typed));
    if (days.success) leaveBalances.push({ leaveTypeId, totalDays: days.data });
    else
      errors.push({
        row: line,
        field: heading,
        message: days.error.issues[0]?.message ?? LEAVE_ALLOWANCE_MESSAGE,
      });
  }
  if (!user.success || !staff.success || !employment.success || !payment.success || errors.length > 0)
    return { errors };
  return {
    errors,
    row: {
      line,
      fullName: user.data.fullName,
      email: user.data.email.toLowerCase(),
      staffInfo: staff.data,
      employmentInfo: employment.data,
      paymentInfo: payment.data,
      leaveBalances,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Opening balances from a file (issue 38 items 3 and 4): one row per employee (by e-mail) and year
// ---------------------------------------------------------------------------------------------

export const OPENING_YTD_COLUMNS: readonly ImportColumn[] = [
  column('email', 'user', true, "The employee's sign-in e-mail."),
  column('year', 'paymentInfo', true, 'The year, e.g. 2025.'),
  column('throughMonth', 'paymentInfo', true, 'The last month paid before, 1 to 12.'),
  column('ordinaryWages', 'paymentInfo', true, 'Dollars, January to throughMonth.'),
  column('additionalWages', 'paymentInfo', true, 'Dollars (bonuses and other additional wages).'),
  column('employeeCpf', 'paymentInfo', true, 'Dollars.'),
  column('employerCpf', 'paymentInfo', true, 'Dollars.'),
  column('shg', 'paymentInfo', false, 'Self-help group contributions in dollars (0 when empty).'),
  column('sdl', 'paymentInfo', false, 'Skills Development Levy in dollars (0 when empty).'),
];

export const OPENING_LEAVE_BASE_COLUMNS: readonly ImportColumn[] = [
  column('email', 'user', true, "The employee's sign-in e-mail."),
  column('year', 'paymentInfo', true, 'The year, e.g. 2025.'),
];
export const OPENING_LEAVE_COLUMN_EXPLAIN =
  'Days of this leave already taken this year before the product, in steps of 0.5; empty leaves it as it is, 0 removes it.';

export const IMPORT_KINDS = ['staff', 'opening-ytd', 'opening-leave'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const NO_SUCH_STAFF = 'No staff member has this email.';

// ---------------------------------------------------------------------------------------------
// The staff export (issue 38 item 5): the import's columns, in its order, written from a user's records
// ---------------------------------------------------------------------------------------------

/** One staff member as the export writes: the user with their records, and this year's allowances by leave type name. */
export interface StaffSheetRow extends UserDetail {
  leaveAllowances: Readonly<Record<string, number | null>>;
}

/** How the export writes a column (text and enumerations otherwise); the import reads each back. */
const EXPORT_KINDS: Readonly<Record<string, CellKind>> = {
  dateOfBirth: 'date',
  hireDate: 'date',
  confirmedDate: 'date',
  lastDayOfService: 'date',
  workman: 'boolean',
  daysPerWeek: 'number',
  normalHoursPerDay: 'number',
  basicSalary: 'money',
  employeeCpfContributionRate: 'number',
  employerCpfContributionRate: 'number',
};

function exportValue(column: ImportColumn, row: StaffSheetRow): CellValue {
  if (column.section === 'user') return row[column.heading as 'fullName' | 'email'];
  const record = row[column.section] as Record<string, CellValue> | null;
  if (!record) return null;
  // The salary is kept in dollars on the record; the sheet's money cells take cents.
  if (column.heading === 'basicSalary') return amountToCents(Number(record.basicSalary));
  return record[column.heading] ?? null;
}

/** The staff sheet's columns for the company's leave types with a yearly allowance (in their order). */
export const staffSheetColumns = (allowanceTypeNames: readonly string[]): SheetColumn<StaffSheetRow>[] => [
  ...STAFF_COLUMNS.map((column) => ({
    heading: column.heading,
    kind: EXPORT_KINDS[column.heading] ?? 'text',
    value: (row: StaffSheetRow) => exportValue(column, row),
  })),
  ...allowanceTypeNames.map((name) => ({
    heading: name,
    kind: 'number' as const,
    value: (row: StaffSheetRow) => row.leaveAllowances[name] ?? null,
  })),
];
