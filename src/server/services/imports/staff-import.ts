import { asc, inArray, sql } from 'drizzle-orm';
import { todayIso } from '../../../domain/dates';
import {
  cellsByHeading,
  duplicateInFile,
  headingProblems,
  type ImportCheck,
  type ImportError,
  type LeaveColumn,
  readStaffRow,
  type StaffImportRow,
  staffColumnsWith,
} from '../../../domain/staff-import';
import { NRIC_TAKEN } from '../../../domain/staff-info';
import type { DbOrTx, Tx } from '../../db/client';
import { employmentInfo, leaveBalances, leaveTypes, paymentInfo, staffInfo, users } from '../../db/schema';
import type { Actor } from '../actor';
import { type AuditEntry, writeAudits } from '../audit';
import { paymentInfoColumns } from '../payment-info';
import { amountToCents } from '../staff-records';
import { EMAIL_TAKEN_MESSAGE } from '../users';
import type { ReadSheet } from './read-sheet';

/**
 * An imported account has no password until its owner sets one through the e-mailed link of
 * "Forgot password" (services/auth.ts): a value no Argon2 hash ever takes, so no password matches it.
 * Hashing a temporary password for each of 5,000 rows would take minutes.
 */
export const NO_PASSWORD_YET = '!imported: set through the e-mailed link';

/** The leave types that need an allowance (every type but Unpaid Leave), as the file's columns. */
export async function leaveColumns(db: DbOrTx): Promise<LeaveColumn[]> {
  const types = await db
    .select({ id: leaveTypes.id, name: leaveTypes.name, unlimited: leaveTypes.unlimited })
    .from(leaveTypes)
    .orderBy(asc(leaveTypes.sortOrder), asc(leaveTypes.id));
  return types
    .filter((type) => !type.unlimited)
    .map((type) => ({ leaveTypeId: type.id, heading: type.name }));
}

export interface StaffImportPlan {
  check: ImportCheck;
  rows: StaffImportRow[];
}

/** The dry run: every row read with the forms' rules, then duplicates in the file and against the staff. */
export async function checkStaffImport(
  db: DbOrTx,
  sheet: ReadSheet,
  companyDomain: string,
): Promise<StaffImportPlan> {
  const leave = await leaveColumns(db);
  const errors: ImportError[] = [
    ...headingProblems(sheet.headings, staffColumnsWith(leave)),
    ...sheet.cellErrors,
  ];
  const refused = new Set(sheet.cellErrors.map((error) => `${error.row}\u0000${error.field}`));
  const rows: StaffImportRow[] = [];
  const failedLines = new Set(sheet.cellErrors.map((error) => error.row));
  for (const { line, cells } of sheet.rows) {
    const byHeading = cellsByHeading(sheet.headings, cells);
    const read = readStaffRow(line, (h) => byHeading.get(h.toLowerCase()), leave, companyDomain);
    // A cell refused as read (a formula) is reported once, not again as empty.
    for (const error of read.errors) if (!refused.has(`${error.row}\u0000${error.field}`)) errors.push(error);
    if (read.row && !failedLines.has(line)) rows.push(read.row);
    else failedLines.add(line);
  }
  const duplicates = await duplicateProblems(db, sheet, rows);
  errors.push(...duplicates);
  for (const error of duplicates) failedLines.add(error.row);
  errors.sort((a, b) => a.row - b.row);
  const valid = rows.filter((row) => !failedLines.has(row.line));
  return { check: { rows: sheet.rows.length, valid: valid.length, errors }, rows: valid };
}

/** E-mails and NRIC/FINs used twice in the file, or already a staff member's (the forms' messages). */
async function duplicateProblems(
  db: DbOrTx,
  sheet: ReadSheet,
  rows: StaffImportRow[],
): Promise<ImportError[]> {
  const errors: ImportError[] = [];
  // Every row's typed e-mail and NRIC count, even a row with other errors.
  const firstEmail = new Map<string, number>();
  const firstNric = new Map<string, number>();
  for (const { line, cells } of sheet.rows) {
    const byHeading = cellsByHeading(sheet.headings, cells);
    const email = byHeading.get('email')?.toLowerCase();
    const nric = byHeading.get('nric')?.toUpperCase();
    if (email) {
      const first = firstEmail.get(email);
      if (first === undefined) firstEmail.set(email, line);
      else errors.push({ row: line, field: 'email', message: duplicateInFile('email', first) });
    }
    if (nric) {
      const first = firstNric.get(nric);
      if (first === undefined) firstNric.set(nric, line);
      else errors.push({ row: line, field: 'nric', message: duplicateInFile('NRIC/FIN', first) });
    }
  }
  const taken = await takenValues(
    db,
    rows.map((row) => row.email),
    rows.map((row) => row.staffInfo.nric),
  );
  for (const row of rows) {
    if (taken.emails.has(row.email))
      errors.push({ row: row.line, field: 'email', message: EMAIL_TAKEN_MESSAGE });
    if (taken.nrics.has(row.staffInfo.nric))
      errors.push({ row: row.line, field: 'nric', message: NRIC_TAKEN });
  }
  return errors;
}

const CHUNK = 1000;
const chunks = <T>(items: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
};

async function takenValues(db: DbOrTx, emails: string[], nrics: string[]) {
  const found = { emails: new Set<string>(), nrics: new Set<string>() };
  for (const part of chunks(emails)) {
    const rows = await db
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, part));
    for (const row of rows) found.emails.add(row.email);
  }
  for (const part of chunks(nrics)) {
    const rows = await db
      .select({ nric: staffInfo.nric })
      .from(staffInfo)
      .where(inArray(staffInfo.nric, part));
    for (const row of rows) found.nrics.add(row.nric);
  }
  return found;
}

/**
 * The apply: the file checked again inside one transaction and, only when no row has an error,
 * every employee created with their three records, this year's allowances and an audit row.
 * Other imports wait on a transaction-level advisory lock, so two files cannot both take an e-mail.
 */
export async function applyStaffImport(
  db: DbOrTx,
  actor: Actor,
  sheet: ReadSheet,
  companyDomain: string,
  progress?: (done: number, total: number) => Promise<void>,
): Promise<{ check: ImportCheck; created: number; userIds: number[] }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff-import'))`);
    const plan = await checkStaffImport(tx, sheet, companyDomain);
    // All or nothing: a file with any error creates no one, and answers as the dry run does.
    if (plan.check.errors.length > 0) return { check: plan.check, created: 0, userIds: [] };
    const year = Number(todayIso().slice(0, 4));
    const types = await tx.select({ id: leaveTypes.id, unlimited: leaveTypes.unlimited }).from(leaveTypes);
    let done = 0;
    const userIds: number[] = [];
    for (const part of chunks(plan.rows, 500)) {
      userIds.push(...(await createPart(tx, actor, part, types, year)));
      done += part.length;
      await progress?.(done, plan.rows.length);
    }
    return { check: plan.check, created: plan.rows.length, userIds };
  });
}

async function createPart(
  tx: Tx,
  actor: Actor,
  rows: StaffImportRow[],
  types: { id: number; unlimited: boolean }[],
  year: number,
): Promise<number[]> {
  const created = await tx
    .insert(users)
    .values(
      rows.map((row) => ({
        fullName: row.fullName,
        email: row.email,
        role: 'STAFF' as const,
        passwordHash: NO_PASSWORD_YET,
        mustChangePassword: true,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const idOf = new Map(created.map((user) => [user.email, user.id]));
  const withId = rows.map((row) => {
    const userId = idOf.get(row.email);
    if (userId === undefined) throw new Error('insert returned no row for an imported user');
    return { userId, row };
  });
  await tx.insert(staffInfo).values(withId.map(({ userId, row }) => ({ userId, ...row.staffInfo })));
  await tx
    .insert(employmentInfo)
    .values(withId.map(({ userId, row }) => ({ userId, ...row.employmentInfo })));
  await tx
    .insert(paymentInfo)
    .values(withId.map(({ userId, row }) => ({ userId, ...paymentInfoColumns(row.paymentInfo) })));
  const balances = withId.flatMap(({ userId, row }) => {
    const byType = new Map(row.leaveBalances.map((b) => [b.leaveTypeId, b.totalDays]));
    return types.map((type) => ({
      userId,
      year,
      leaveTypeId: type.id,
      totalDays: byType.get(type.id) ?? null,
    }));
  });
  for (const part of chunks(balances, 2000)) await tx.insert(leaveBalances).values(part);
  await writeAudits(
    tx,
    withId.map(
      ({ userId, row }): AuditEntry => ({
        actorUserId: actor.id,
        action: 'user.imported',
        entity: 'user',
        entityId: userId,
        subjectUserId: userId,
        details: {
          before: null,
          after: {
            fullName: row.fullName,
            email: row.email,
            role: 'STAFF',
            designation: row.employmentInfo.designation,
            hireDate: row.employmentInfo.hireDate,
            basicSalaryCents: amountToCents(row.paymentInfo.basicSalary),
            cpfType: row.paymentInfo.cpfType,
            nric: row.staffInfo.nric,
            dateOfBirth: row.staffInfo.dateOfBirth,
            bankName: row.paymentInfo.bankName,
            accountNo: row.paymentInfo.accountNo,
          },
          year,
          leaveBalances: row.leaveBalances,
          fileRow: row.line,
        },
      }),
    ),
  );
  return withId.map(({ userId }) => userId);
}
