import { and, eq, inArray } from 'drizzle-orm';
import {
  clearanceDateProblem,
  type Ir21ClearanceBody,
  type Ir21Data,
  ir21Csv,
  ir21IncomeLines,
  ir21Particulars,
  WITHHELD_REASON,
  type WithheldPayment,
  withholdsMonth,
} from '../../domain/ir21';
import { separationStatusesTagged } from '../../domain/lifecycles/separation.lifecycle';
import { centsToAmount } from '../../domain/money';
import { ir21Required, type Separation } from '../../domain/separation';
import type { DbOrTx } from '../db/client';
import { employmentInfo, payslips, staffInfo, users } from '../db/schema';
import { separations } from '../db/separation-schema';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { renderPdfDocument } from '../pdf/pool';
import type { Actor } from './actor';
import { writeAudit } from './audit';
import type { CompanyDefaults } from './company';
import { employerOf, yearOfPay } from './payroll/ir8a';
import { isProcessedRow, type Period } from './payroll/repository';
import { answerOf, currentOf, SEPARATION_NOT_FOUND } from './separations';

/**
 * IR21 tax clearance (issue 35 item 5): which payslips are withheld from the bank file, IRAS's
 * clearance that releases them, and the IR21 itself from the IR8A figures.
 */

export const IR21_NOT_REQUIRED = 'This employee needs no IR21 tax clearance: their pay is not withheld.';
export const IR21_ALREADY_CLEARED = "IRAS's clearance is already recorded for this employee.";

/** The standing separations of these employees with what decides withholding (the pass type as it is now). */
export async function withholdingOf(db: DbOrTx, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      userId: separations.userId,
      noticeDate: separations.noticeDate,
      lastDay: separations.lastDay,
      ir21ClearedOn: separations.ir21ClearedOn,
      ir21Reference: separations.ir21Reference,
      passType: employmentInfo.passType,
    })
    .from(separations)
    .innerJoin(employmentInfo, eq(employmentInfo.userId, separations.userId))
    .where(
      and(
        inArray(separations.userId, [...userIds]),
        inArray(separations.status, separationStatusesTagged('current')),
      ),
    );
  return rows.map((row) => ({ ...row, ir21Required: ir21Required(row.passType) }));
}

/**
 * Splits a month's payments into those paid and those withheld for IR21 (with the reason). A payment
 * of nothing is neither: it is left out of the file anyway.
 */
export async function splitWithheld<T extends { userId: number; name: string; netPayableCents: number }>(
  db: DbOrTx,
  period: Period,
  rows: readonly T[],
): Promise<{ paid: T[]; withheld: WithheldPayment[] }> {
  const terms = await withholdingOf(
    db,
    rows.map((row) => row.userId),
  );
  const held = new Set(
    terms.filter((t) => withholdsMonth(t, period.year, period.month)).map((t) => t.userId),
  );
  return {
    paid: rows.filter((row) => !held.has(row.userId)),
    withheld: rows
      .filter((row) => held.has(row.userId) && row.netPayableCents !== 0)
      .map((row) => ({
        userId: row.userId,
        name: row.name,
        netPay: centsToAmount(row.netPayableCents),
        reason: WITHHELD_REASON,
      })),
  };
}

/**
 * POST /users/{id}/ir21-clearance (ADMIN): IRAS's clearance, recorded once; the next bank file of a
 * withheld month pays the employee.
 */
export async function recordIr21Clearance(
  db: DbOrTx,
  actor: Actor,
  input: { userId: number; body: Ir21ClearanceBody },
): Promise<Separation> {
  const row = await db.transaction(async (tx) => {
    // The user's row first, as every change of theirs locks it (then the separation).
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, input.userId))
      .for('update');
    if (!user) throw notFound(SEPARATION_NOT_FOUND);
    const before = await currentOf(tx, input.userId);
    if (!before) throw notFound(SEPARATION_NOT_FOUND);
    const [employment] = await tx
      .select({ passType: employmentInfo.passType })
      .from(employmentInfo)
      .where(eq(employmentInfo.userId, input.userId));
    if (!employment || !ir21Required(employment.passType)) throw conflict(IR21_NOT_REQUIRED);
    if (before.ir21ClearedOn !== null) throw conflict(IR21_ALREADY_CLEARED);
    const problem = clearanceDateProblem(input.body.date, before.noticeDate);
    if (problem) throw badRequest(problem, { code: 'BAD_REQUEST', field: 'date' });
    const [after] = await tx
      .update(separations)
      .set({ ir21ClearedOn: input.body.date, ir21Reference: input.body.reference, ir21ClearedBy: actor.id })
      .where(eq(separations.id, before.id))
      .returning();
    if (!after) throw notFound(SEPARATION_NOT_FOUND);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'separation.ir21Cleared',
      entity: 'user',
      entityId: input.userId,
      subjectUserId: input.userId,
      details: {
        before: { ir21ClearedOn: null, ir21Reference: null },
        after: { ir21ClearedOn: after.ir21ClearedOn, ir21Reference: after.ir21Reference },
      },
    });
    return after;
  });
  return answerOf(db, row);
}

/** Net pay of the employee's processed payslips held back now (the months withholding covers). */
async function withheldCentsOf(db: DbOrTx, userId: number, terms: Parameters<typeof withholdsMonth>[0]) {
  const rows = await db
    .select({ year: payslips.year, month: payslips.month, net: payslips.netPayableCents })
    .from(payslips)
    .where(and(eq(payslips.userId, userId), isProcessedRow()));
  return rows
    .filter((row) => withholdsMonth(terms, row.year, row.month))
    .reduce((total, row) => total + row.net, 0);
}

/** GET /users/{id}/ir21?year&format (ADMIN): the IR21's particulars and the two years' income by IR8A item. */
export async function ir21Document(
  db: DbOrTx,
  input: { userId: number; year: number; format: 'pdf' | 'csv' },
  defaults: CompanyDefaults,
) {
  const [separation] = await db
    .select()
    .from(separations)
    .where(
      and(
        eq(separations.userId, input.userId),
        inArray(separations.status, separationStatusesTagged('current')),
      ),
    );
  if (!separation) throw notFound(SEPARATION_NOT_FOUND);
  const [person] = await db
    .select()
    .from(employmentInfo)
    .innerJoin(staffInfo, eq(staffInfo.userId, employmentInfo.userId))
    .innerJoin(users, eq(users.id, employmentInfo.userId))
    .where(eq(employmentInfo.userId, input.userId));
  if (!person) throw notFound(SEPARATION_NOT_FOUND);
  const employer = await employerOf(db, defaults);
  // The same figures as the IR8A of each year, not a second computation.
  const [leaving] = await yearOfPay(db, input.year, input.userId);
  const [before] = await yearOfPay(db, input.year - 1, input.userId);
  const { staff_info: staff, employment_info: employment } = person;
  const required = ir21Required(employment.passType);
  const withholding = { ...separation, ir21Required: required };
  const data: Ir21Data = {
    employer,
    employee: {
      fullName: leaving?.employee.fullName ?? before?.employee.fullName ?? person.users.fullName,
      idNumber: staff.nric,
      passType: employment.passType,
      dateOfBirth: staff.dateOfBirth,
      gender: staff.gender,
      nationality: staff.nationality,
      designation: employment.designation,
      address: {
        addressBlock: staff.addressBlock,
        addressStreet: staff.addressStreet,
        addressUnit: staff.addressUnit,
        addressPostalCode: staff.addressPostalCode,
        foreignAddress: staff.foreignAddress,
      },
      hireDate: employment.hireDate,
    },
    separation: { reason: separation.reason, noticeDate: separation.noticeDate, lastDay: separation.lastDay },
    year: input.year,
    income: [
      { year: input.year, figures: leaving ?? null },
      { year: input.year - 1, figures: before ?? null },
    ],
    withheldCents: await withheldCentsOf(db, input.userId, withholding),
    clearance:
      separation.ir21ClearedOn && separation.ir21Reference
        ? { date: separation.ir21ClearedOn, reference: separation.ir21Reference }
        : null,
  };
  const fileName = `ir21-${input.year}-${input.userId}`;
  if (input.format === 'csv')
    return { kind: 'csv' as const, body: ir21Csv(data), fileName: `${fileName}.csv` };
  const sections = new Map<string, Array<[string, string]>>();
  for (const [section, field, value] of ir21Particulars(data)) {
    sections.set(section, [...(sections.get(section) ?? []), [field, value]]);
  }
  const pdf = await renderPdfDocument({
    kind: 'ir21',
    data: {
      employeeName: data.employee.fullName,
      year: input.year,
      sections: [...sections].map(([title, pairs]) => ({ title, pairs })),
      years: data.income.map(({ year }) => String(year)),
      income: ir21IncomeLines(data),
    },
  });
  return { kind: 'pdf' as const, body: pdf, fileName: `${fileName}.pdf` };
}
