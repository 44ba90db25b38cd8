import {
  DEFAULT_WORK_PATTERN,
  REST_DAY_REQUESTS,
  type RestDayRequest,
  type TimesheetDay,
  type WorkPattern,
} from './overtime';
import { timesheetDayProblems } from './timesheet-checks';
import { HOURS_MESSAGE, timesheetDaySchema } from './timesheets';

/**
 * A month's hours from a CSV file (issue 36 item 5): one row per employee and day. The rules of each
 * row are the timesheet PUT's, with its words; here they are reported for every row at once, by row
 * number (the header is row 1) and column, instead of the first one refused.
 */
export const IMPORT_COLUMNS = ['employee', 'date', 'hours', 'restDay', 'publicHoliday'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
const REQUIRED: readonly ImportColumn[] = ['employee', 'date', 'hours'];

/** About 500 staff for a whole month of days, and well under a megabyte of text. */
export const IMPORT_MAX_ROWS = 16_000;
export const IMPORT_MAX_BYTES = 1_048_576;

export interface ImportError {
  row: number;
  field: ImportColumn | 'file';
  message: string;
}

export interface ImportReport {
  /** Data rows read, the header not counted. */
  rows: number;
  /** Employees whose month the file replaces. */
  employees: number;
  valid: boolean;
  errors: ImportError[];
}

export interface ImportRow {
  row: number;
  /** The e-mail as written, lower-cased: how the app identifies staff. */
  employee: string;
  day: TimesheetDay;
}

export const missingColumnMessage = (column: string) => `The column ${column} is missing.`;
export const unknownColumnMessage = (column: string) =>
  `The column ${column} is not one of ${IMPORT_COLUMNS.join(', ')}.`;
export const EMPLOYEE_REQUIRED_MESSAGE = "The employee's e-mail is required.";
export const DATE_FORMAT_MESSAGE = 'The date must be written YYYY-MM-DD.';
export const REST_DAY_MESSAGE = `A rest day is left empty or is ${REST_DAY_REQUESTS.join(' or ')}.`;
export const PUBLIC_HOLIDAY_MESSAGE = 'A public holiday is left empty or is true or false.';
export const tooManyRowsMessage = (max: number) => `The file has more than ${max} rows.`;
export const EMPTY_FILE_MESSAGE = 'The file has no header row.';

const NUMBER = /^\d+(\.\d+)?$|^\.\d+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const isRealDate = (value: string) => {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** Hours as the PUT's schema reads them: a plain number (never a formula), 0 to 24, two decimals. */
const hoursOf = (cell: string): number | null => {
  if (!NUMBER.test(cell)) return null;
  const parsed = timesheetDaySchema.shape.hours.safeParse(Number(cell));
  return parsed.success ? parsed.data : null;
};

const restDayOf = (cell: string): RestDayRequest | null | undefined => {
  if (cell === '') return null;
  return REST_DAY_REQUESTS.find((value) => value === cell.toUpperCase());
};

const holidayOf = (cell: string): boolean | undefined => {
  const value = cell.toLowerCase();
  if (value === '' || value === 'false' || value === 'no' || value === '0') return false;
  if (value === 'true' || value === 'yes' || value === '1') return true;
  return undefined;
};

/** The file's records (its header first) read into rows; each cell that cannot be read is an error. */
export function readImportRecords(records: readonly (readonly string[])[]): {
  rows: ImportRow[];
  errors: ImportError[];
  read: number;
} {
  const [header, ...body] = records;
  if (!header) return { rows: [], errors: [{ row: 1, field: 'file', message: EMPTY_FILE_MESSAGE }], read: 0 };
  const errors: ImportError[] = [];
  const position = new Map<ImportColumn, number>();
  header.forEach((name, index) => {
    const column = IMPORT_COLUMNS.find((known) => known.toLowerCase() === name.trim().toLowerCase());
    if (column) position.set(column, index);
    else if (name.trim() !== '')
      errors.push({ row: 1, field: 'file', message: unknownColumnMessage(name.trim()) });
  });
  for (const column of REQUIRED) {
    if (!position.has(column)) errors.push({ row: 1, field: column, message: missingColumnMessage(column) });
  }
  if (errors.length > 0) return { rows: [], errors, read: body.length };
  if (body.length > IMPORT_MAX_ROWS) {
    return {
      rows: [],
      errors: [{ row: 1, field: 'file', message: tooManyRowsMessage(IMPORT_MAX_ROWS) }],
      read: body.length,
    };
  }
  const rows: ImportRow[] = [];
  body.forEach((record, index) => {
    const row = index + 2;
    const cell = (column: ImportColumn) => {
      const at = position.get(column);
      return at === undefined ? '' : (record[at] ?? '').trim();
    };
    const fail = (field: ImportColumn, message: string) => errors.push({ row, field, message });
    const employee = cell('employee').toLowerCase();
    const date = cell('date');
    const hours = hoursOf(cell('hours'));
    const restDay = restDayOf(cell('restDay'));
    const publicHoliday = holidayOf(cell('publicHoliday'));
    const before = errors.length;
    if (employee === '') fail('employee', EMPLOYEE_REQUIRED_MESSAGE);
    if (!isRealDate(date)) fail('date', DATE_FORMAT_MESSAGE);
    if (hours === null) fail('hours', HOURS_MESSAGE);
    if (restDay === undefined) fail('restDay', REST_DAY_MESSAGE);
    if (publicHoliday === undefined) fail('publicHoliday', PUBLIC_HOLIDAY_MESSAGE);
    if (errors.length === before && hours !== null && restDay !== undefined && publicHoliday !== undefined) {
      rows.push({ row, employee, day: { date, hours, restDay, publicHoliday } });
    }
  });
  return { rows, errors, read: body.length };
}

/** What the server knows of one employee named in the file. */
export interface ImportEmployee {
  userId: number;
  /** The full name, for the messages that concern the person rather than a cell. */
  name: string;
  employment: { hireDate: string; lastDayOfService: string | null };
  pattern: WorkPattern;
  exempt: boolean;
  /** The month's payslip is processed: its timesheet is frozen. */
  frozen: boolean;
}

/** No bounds: an unknown employee's dates are checked against the month only. */
const ANY_EMPLOYMENT = { hireDate: '0000-01-01', lastDayOfService: null };

export const unknownEmployeeMessage = (email: string, year: number, month: number) =>
  `No one employed in ${year}-${String(month).padStart(2, '0')} has the e-mail ${email}.`;

/**
 * Each employee's rows checked as the PUT checks one month (dates in the month and the employment,
 * no date twice, 12 hours a day, 72 overtime hours a month): every problem, at its row.
 */
export function importProblems(
  rows: readonly ImportRow[],
  month: { year: number; month: number },
  employees: ReadonlyMap<string, ImportEmployee>,
  /** What the rows of someone whose month's payslip is processed say, naming them. */
  frozenMessage: (name: string) => string,
): ImportError[] {
  const errors: ImportError[] = [];
  const byEmployee = new Map<string, ImportRow[]>();
  for (const row of rows) byEmployee.set(row.employee, [...(byEmployee.get(row.employee) ?? []), row]);
  for (const [email, own] of byEmployee) {
    const who = employees.get(email);
    if (!who) {
      for (const row of own)
        errors.push({
          row: row.row,
          field: 'employee',
          message: unknownEmployeeMessage(email, month.year, month.month),
        });
    } else if (who.frozen) {
      for (const row of own)
        errors.push({ row: row.row, field: 'employee', message: frozenMessage(who.name) });
      continue;
    }
    // An unknown employee's cells are still checked, so the dry run lists every problem at once: the
    // checks that need no employment or pattern (the month, twice, 12 hours a day; no monthly limit).
    const days = own.map((row) => row.day);
    const checks = who
      ? timesheetDayProblems(days, month, who.employment, who.pattern, who.exempt)
      : timesheetDayProblems(days, month, ANY_EMPLOYMENT, DEFAULT_WORK_PATTERN, true);
    for (const problem of checks) {
      // The month's total is the employee's: reported at their last row, where it was passed.
      const at = own[problem.index ?? own.length - 1];
      if (at)
        errors.push({
          row: at.row,
          field: problem.field === 'days' ? 'hours' : problem.field,
          message: problem.message,
        });
    }
  }
  return errors.sort((a, b) => a.row - b.row);
}

/** The rows of each employee, grouped for the apply. */
export const rowsByEmployee = (rows: readonly ImportRow[]): Map<string, TimesheetDay[]> => {
  const grouped = new Map<string, TimesheetDay[]>();
  for (const row of rows) grouped.set(row.employee, [...(grouped.get(row.employee) ?? []), row.day]);
  return grouped;
};
