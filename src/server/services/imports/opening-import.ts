import { asc, inArray, sql } from 'drizzle-orm';
import { parseAmountText } from '../../../domain/money';
import { openingLeaveBodySchema, openingYtdBodySchema } from '../../../domain/opening-balances';
import {
  cellsByHeading,
  duplicateInFile,
  headingProblems,
  type ImportCheck,
  type ImportError,
  NO_SUCH_STAFF,
  OPENING_LEAVE_BASE_COLUMNS,
  OPENING_LEAVE_COLUMN_EXPLAIN,
  OPENING_YTD_COLUMNS,
} from '../../../domain/staff-import';
import type { DbOrTx } from '../../db/client';
import { leaveTypes, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { Actor } from '../actor';
import { putOpeningLeave, putOpeningYtd } from '../opening-balances';
import type { ReadSheet } from './read-sheet';
import type { TemplateColumn } from './template';

/**
 * Opening balances from a file (issue 38 items 3 and 4). Each row goes through the same service as
 * PUT /users/{id}/opening-ytd and /opening-leave, in a savepoint of one transaction: its rules (staff
 * only, no processed month of the year, known leave types) name the row; the dry run, or any error,
 * rolls everything back, so an apply is all or nothing.
 */
export type OpeningKind = 'opening-ytd' | 'opening-leave';

export async function openingColumns(db: DbOrTx, kind: OpeningKind): Promise<TemplateColumn[]> {
  if (kind === 'opening-ytd') return [...OPENING_YTD_COLUMNS];
  const types = await db
    .select({ name: leaveTypes.name })
    .from(leaveTypes)
    .orderBy(asc(leaveTypes.sortOrder), asc(leaveTypes.id));
  return [
    ...OPENING_LEAVE_BASE_COLUMNS,
    ...types.map((type) => ({ heading: type.name, required: false, explain: OPENING_LEAVE_COLUMN_EXPLAIN })),
  ];
}

const numberOf = (text: string | undefined) => (text === undefined || text === '' ? undefined : Number(text));
const amountOf = (text: string | undefined) => (text === undefined ? undefined : parseAmountText(text));

class RolledBack extends Error {}

export async function importOpening(
  db: DbOrTx,
  actor: Actor,
  kind: OpeningKind,
  sheet: ReadSheet,
  dryRun: boolean,
  progress?: (done: number, total: number) => Promise<void>,
): Promise<{ check: ImportCheck; created: number }> {
  const columns = await openingColumns(db, kind);
  const errors: ImportError[] = [...headingProblems(sheet.headings, columns), ...sheet.cellErrors];
  const typeIds = new Map(
    (await db.select({ id: leaveTypes.id, name: leaveTypes.name }).from(leaveTypes)).map((t) => [
      t.name.toLowerCase(),
      t.id,
    ]),
  );
  const emails = sheet.rows.map(
    ({ cells }) => cellsByHeading(sheet.headings, cells).get('email')?.toLowerCase() ?? '',
  );
  const ids = new Map<string, number>();
  for (let start = 0; start < emails.length; start += 1000) {
    const part = emails.slice(start, start + 1000).filter(Boolean);
    if (part.length === 0) continue;
    const found = await db
      .select({ id: users.id, email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, part));
    for (const row of found) ids.set(row.email, row.id);
  }
  const failed = new Set(sheet.cellErrors.map((e) => e.row));
  const seen = new Map<string, number>();
  const planned: { line: number; run: (tx: DbOrTx) => Promise<unknown> }[] = [];
  sheet.rows.forEach(({ line, cells }, index) => {
    const cell = cellsByHeading(sheet.headings, cells);
    const email = emails[index] ?? '';
    const rowErrors: ImportError[] = [];
    const userId = ids.get(email);
    if (userId === undefined) rowErrors.push({ row: line, field: 'email', message: NO_SUCH_STAFF });
    const key = `${email}\u0000${cell.get('year') ?? ''}`;
    const first = seen.get(key);
    if (first !== undefined)
      rowErrors.push({ row: line, field: 'email', message: duplicateInFile('email and year', first) });
    else seen.set(key, line);
    // The leave columns filled in, in order: an allowance's problem is named by its column.
    const leaveCells = [...cell.entries()].filter(([heading, text]) => typeIds.has(heading) && text !== '');
    const parsed =
      kind === 'opening-ytd'
        ? openingYtdBodySchema.safeParse({
            year: numberOf(cell.get('year')),
            throughMonth: numberOf(cell.get('throughmonth')),
            ordinaryWages: amountOf(cell.get('ordinarywages')),
            additionalWages: amountOf(cell.get('additionalwages')),
            employeeCpf: amountOf(cell.get('employeecpf')),
            employerCpf: amountOf(cell.get('employercpf')),
            shg: amountOf(cell.get('shg')),
            sdl: amountOf(cell.get('sdl')),
          })
        : openingLeaveBodySchema.safeParse({
            year: numberOf(cell.get('year')),
            balances: leaveCells.map(([heading, text]) => ({
              leaveTypeId: typeIds.get(heading),
              daysTaken: Number(text),
            })),
          });
    if (!parsed.success) {
      const fields = new Set<string>();
      for (const issue of parsed.error.issues) {
        let field = String(issue.path[0] ?? 'year');
        if (field === 'balances' && typeof issue.path[1] === 'number') {
          const heading = leaveCells[issue.path[1]]?.[0];
          field = columns.find((c) => c.heading.toLowerCase() === heading)?.heading ?? field;
        }
        if (fields.has(field)) continue;
        fields.add(field);
        rowErrors.push({ row: line, field, message: issue.message });
      }
    }
    errors.push(...rowErrors);
    if (rowErrors.length > 0 || failed.has(line) || userId === undefined || !parsed.success) return;
    const body = parsed.data;
    planned.push({
      line,
      run: (tx) =>
        kind === 'opening-ytd'
          ? putOpeningYtd(tx, actor, { userId, body: body as Parameters<typeof putOpeningYtd>[2]['body'] })
          : putOpeningLeave(tx, actor, {
              userId,
              body: body as Parameters<typeof putOpeningLeave>[2]['body'],
            }),
    });
  });
  let created = 0;
  try {
    await db.transaction(async (tx) => {
      for (const { line, run } of planned) {
        try {
          await run(tx);
          created += 1;
          if (created % 100 === 0 || created === planned.length) await progress?.(created, planned.length);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          errors.push({ row: line, field: error.refusal?.field ?? 'email', message: error.message });
        }
      }
      if (dryRun || errors.length > 0) throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
    created = 0;
  }
  errors.sort((a, b) => a.row - b.row);
  const failedRows = new Set(errors.map((e) => e.row));
  const valid = sheet.rows.filter((row) => !failedRows.has(row.line)).length;
  return { check: { rows: sheet.rows.length, valid, errors }, created };
}
