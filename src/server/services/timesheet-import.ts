import { parse } from 'csv-parse/sync';
import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { csvLine } from '../../domain/csv';
import { payslipStatusesTagged } from '../../domain/lifecycles/payslip.lifecycle';
import { monthBounds } from '../../domain/timesheet-checks';
import {
  IMPORT_MAX_ROWS,
  type ImportEmployee,
  type ImportError,
  type ImportReport,
  type ImportRow,
  importProblems,
  readImportRecords,
  rowsByEmployee,
} from '../../domain/timesheet-import';
import type { DbOrTx } from '../db/client';
import { employmentInfo, payslips, users } from '../db/schema';
import { timesheetDays, timesheets } from '../db/timesheet-schema';
import { badRequest } from '../lib/http-error';
import type { Actor } from './actor';
import { storedDay, storeMonth } from './timesheets';

/** A frozen month's rows name whose payslip it is: a file holds many people. */
export const frozenRowsMessage = (name: string) =>
  `${name}'s payslip for this month is processed: their timesheet can no longer change.`;

interface MonthInput {
  year: number;
  month: number;
}

/** The file read as text records; a file that is not CSV at all is one error at its line. */
function recordsOf(csv: string): { records: string[][] } | { error: ImportError } {
  try {
    const records = parse(csv, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 4096,
      // The header, the most rows taken, and one more to tell that there are more.
      to: IMPORT_MAX_ROWS + 2,
      // Every cell is text: nothing is cast, nothing evaluated (a "=SUM()" is just not a number).
      cast: false,
    }) as string[][];
    return { records };
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { error: { row: line, field: 'file', message: 'The file cannot be read as CSV.' } };
  }
}

/** Who the rows name: staff employed for some of the month, by lower-cased e-mail. */
async function employeesOf(
  db: DbOrTx,
  { year, month }: MonthInput,
  emails: readonly string[],
  lock: boolean,
): Promise<Map<string, ImportEmployee>> {
  if (emails.length === 0) return new Map();
  const { first, last } = monthBounds(year, month);
  const named = inArray(sql`lower(${users.email})`, [...emails]);
  if (lock) {
    // Users' rows first, in id order, as every change to someone's pay does (users before payslips).
    await db.select({ id: users.id }).from(users).where(named).orderBy(asc(users.id)).for('update');
  }
  const people = await db
    .select({ userId: users.id, email: users.email, name: users.fullName, employment: employmentInfo })
    .from(users)
    .innerJoin(employmentInfo, eq(employmentInfo.userId, users.id))
    .where(
      and(
        named,
        lte(employmentInfo.hireDate, last),
        or(isNull(employmentInfo.lastDayOfService), gte(employmentInfo.lastDayOfService, first)),
      ),
    );
  const ids = people.map((p) => p.userId);
  const slips = ids.length
    ? await db
        .select({ userId: payslips.userId, status: payslips.status })
        .from(payslips)
        .where(and(eq(payslips.year, year), eq(payslips.month, month), inArray(payslips.userId, ids)))
    : [];
  const processed = payslipStatusesTagged('processed');
  const frozen = new Set(slips.filter((s) => processed.includes(s.status)).map((s) => s.userId));
  return new Map(
    people.map((p) => [
      p.email.toLowerCase(),
      {
        userId: p.userId,
        name: p.name,
        employment: p.employment,
        pattern: p.employment,
        exempt: p.employment.overtimeExemptionRef !== null,
        frozen: frozen.has(p.userId),
      },
    ]),
  );
}

async function check(
  db: DbOrTx,
  input: MonthInput,
  rows: readonly ImportRow[],
  readErrors: ImportError[],
  lock: boolean,
) {
  const emails = [...new Set(rows.map((row) => row.employee))];
  const employees = await employeesOf(db, input, emails, lock);
  const errors = [...readErrors, ...importProblems(rows, input, employees, frozenRowsMessage)].sort(
    (a, b) => a.row - b.row,
  );
  return { employees, errors, named: emails.length };
}

/**
 * POST /timesheets/{year}/{month}/import: the dry run reports every bad row; the apply replaces each
 * named employee's month as the PUT does, all in one transaction, or refuses the whole file.
 */
export async function importTimesheets(
  db: DbOrTx,
  actor: Actor,
  input: MonthInput & { csv: string; dryRun: boolean },
): Promise<ImportReport> {
  const read = recordsOf(input.csv);
  if ('error' in read) {
    if (!input.dryRun) throw invalid(1);
    return { rows: 0, employees: 0, valid: false, errors: [read.error] };
  }
  const { rows, errors: readErrors, read: count } = readImportRecords(read.records);
  if (input.dryRun) {
    const { errors, named } = await check(db, input, rows, readErrors, false);
    return { rows: count, employees: named, valid: errors.length === 0, errors };
  }
  return db.transaction(async (tx) => {
    // Checked again under the users' locks, so no save or payroll run slips between check and write.
    const { employees, errors, named } = await check(tx, input, rows, readErrors, true);
    if (errors.length > 0) throw invalid(errors.length);
    const grouped = [...rowsByEmployee(rows)].flatMap(([email, days]) => {
      const who = employees.get(email);
      return who ? [{ userId: who.userId, days }] : [];
    });
    grouped.sort((a, b) => a.userId - b.userId);
    for (const { userId, days } of grouped) {
      await storeMonth(tx, actor, { userId, ...pickMonth(input) }, days.map(storedDay), 'timesheet.imported');
    }
    return { rows: count, employees: named, valid: true, errors: [] };
  });
}

const pickMonth = ({ year, month }: MonthInput) => ({ year, month });

const invalid = (count: number) =>
  badRequest(
    `The file has ${count} problem${count === 1 ? '' : 's'}: nothing was saved. The dry run names each row's.`,
    {
      code: 'TIMESHEET_IMPORT_INVALID',
    },
  );

/**
 * The template: the columns, and the month as it stands (each employee's saved days; a 0-hour first
 * day for anyone without), so it goes back up unchanged. Every cell is neutralised (src/domain/csv.ts).
 */
export async function timesheetImportTemplate(db: DbOrTx, { year, month }: MonthInput): Promise<string> {
  const { first, last } = monthBounds(year, month);
  const people = await db
    .select({ userId: users.id, email: users.email, hireDate: employmentInfo.hireDate })
    .from(users)
    .innerJoin(employmentInfo, eq(employmentInfo.userId, users.id))
    .where(
      and(
        lte(employmentInfo.hireDate, last),
        or(isNull(employmentInfo.lastDayOfService), gte(employmentInfo.lastDayOfService, first)),
      ),
    )
    .orderBy(asc(users.fullName), asc(users.id));
  const days = await db
    .select({ userId: timesheets.userId, day: timesheetDays })
    .from(timesheetDays)
    .innerJoin(timesheets, eq(timesheets.id, timesheetDays.timesheetId))
    .where(and(eq(timesheets.year, year), eq(timesheets.month, month)))
    .orderBy(asc(timesheetDays.date));
  const lines = [csvLine(['employee', 'date', 'hours', 'restDay', 'publicHoliday'])];
  for (const person of people) {
    const own = days.filter((d) => d.userId === person.userId).map((d) => d.day);
    // Someone hired during the month starts on their first day.
    const start = person.hireDate > first ? person.hireDate : first;
    if (own.length === 0) lines.push(csvLine([person.email, start, '0', '', 'false']));
    for (const day of own) {
      lines.push(
        csvLine([person.email, day.date, String(day.hours), day.restDay ?? '', String(day.publicHoliday)]),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
