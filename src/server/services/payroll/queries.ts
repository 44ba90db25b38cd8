import { and, asc, eq, sql } from 'drizzle-orm';
import { isProcessedPayslip } from '../../../../machines/payslip.lifecycle';
import { centsToAmount } from '../../../domain/money';
import { attempt, computeRunPayslip } from '../../../domain/payroll';
import type { PayslipAggregate, PayslipDetail, UnprocessedRow } from '../../../domain/payslips';
import type { DbOrTx } from '../../db/client';
import { queriesAtOnce } from '../../db/queries-at-once';
import { employmentInfo, payslips, users } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { type Actor, assertAdmin, assertOwnerOrAdmin } from '../actor';
import { openPayrollPeriod } from './period-rows';
import {
  aggregateColumns,
  aggregateOf,
  emptyYearToDate,
  findPayslip,
  isOpenRow,
  isProcessedRow,
  itemCount,
  itemsOf,
  type Period,
  periodLabel,
  rateFlagOf,
  snapshotColumns,
  snapshotOf,
  toEngineItem,
  totalsFromRow,
  yearToDate,
} from './repository';

/**
 * Reads of payroll: the period's open payslips, processed payslips, and one payslip with its figures.
 * The spec's reads of a period answer its payslips with their ids, so they open the period first (an
 * idempotent command, decision 0004).
 */

/** GET /payslips/unprocessed-and-items-added: the period's payslips not yet processed, rate flags included. */
export async function listUnprocessed(
  db: DbOrTx,
  actor: Actor,
  { year, month }: Period,
): Promise<UnprocessedRow[]> {
  assertAdmin(actor);
  await db.transaction((tx) => openPayrollPeriod(tx, year, month));
  // The columns the rows show (a 7,000-row month read whole, users and employment too, took twice as long).
  const rows = await db
    .select({
      payslip: { id: payslips.id, status: payslips.status, ...snapshotColumns },
      user: { id: users.id, fullName: users.fullName, email: users.email },
      employment: {
        designation: employmentInfo.designation,
        employmentStatus: employmentInfo.employmentStatus,
        hireDate: employmentInfo.hireDate,
        lastDayOfService: employmentInfo.lastDayOfService,
      },
    })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.userId))
    .leftJoin(employmentInfo, eq(employmentInfo.userId, payslips.userId))
    .where(and(eq(payslips.year, year), eq(payslips.month, month), isOpenRow()))
    .orderBy(asc(users.fullName), asc(users.id));
  return rows.map(({ payslip, user, employment }) => ({
    payslipId: payslip.id,
    processingStatus: payslip.status,
    user: {
      id: user.id,
      fullName: user.fullName,
      email: user.email,
      employmentInfo: employment && {
        designation: employment.designation,
        employmentStatus: employment.employmentStatus,
        hireDate: employment.hireDate,
        lastDayOfService: employment.lastDayOfService,
      },
    },
    basicSalarySnapshot: centsToAmount(payslip.basicSalarySnapshotCents),
    employeeCpfRateSnapshot: payslip.employeeCpfRateSnapshot,
    employerCpfRateSnapshot: payslip.employerCpfRateSnapshot,
    rateFlag: rateFlagOf(payslip),
  }));
}

/** Processed payslips of a period (every employee), or of one employee (optionally one year). */
export async function listProcessed(
  db: DbOrTx,
  actor: Actor,
  filter: Period | { userId: number; year?: number },
): Promise<PayslipAggregate[]> {
  if ('userId' in filter) assertOwnerOrAdmin(actor, filter.userId, 'You can only access your own payslips.');
  else assertAdmin(actor);
  const where =
    'userId' in filter
      ? and(
          eq(payslips.userId, filter.userId),
          filter.year === undefined ? undefined : eq(payslips.year, filter.year),
        )
      : and(eq(payslips.year, filter.year), eq(payslips.month, filter.month));
  const rows = await db
    .select({ payslip: aggregateColumns, name: users.fullName, items: itemCount })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.userId))
    .where(and(where, isProcessedRow()))
    .orderBy(
      ...('userId' in filter
        ? [sql`${payslips.year} desc`, sql`${payslips.month} desc`]
        : [asc(users.fullName), asc(users.id)]),
    );
  return rows.map((row) => aggregateOf(row.payslip, row.name, row.items));
}

/**
 * GET /users/{userId}/payslips?month&year: the payslip with its snapshot and figures: the stored
 * amounts once processed, otherwise what processing would store now (a preview with the same engine).
 */
export async function getPayslip(
  db: DbOrTx,
  actor: Actor,
  { userId, year, month }: Period & { userId: number },
): Promise<PayslipDetail> {
  assertAdmin(actor);
  await db.transaction((tx) => openPayrollPeriod(tx, year, month, userId));
  return readPayslip(db, userId, { year, month });
}

/** One payslip as the API shows it (the admin's access is checked by the caller). */
export async function readPayslip(
  db: DbOrTx,
  userId: number,
  { year, month }: Period,
): Promise<PayslipDetail> {
  const row = await findPayslip(db, userId, { year, month });
  if (!row) throw notFound(`No payslip for this employee in ${periodLabel(year, month)}.`);
  const items = await itemsOf(db, row.id);
  const open = !isProcessedPayslip(row.status);
  let totals: ReturnType<typeof totalsFromRow> | null = totalsFromRow(row);
  let totalsError: string | null = null;
  if (open) {
    const [ytd, employment] = await queriesAtOnce(
      db,
      () => yearToDate(db, { year, month }, [userId]),
      () =>
        db
          .select({ lastDay: employmentInfo.lastDayOfService })
          .from(employmentInfo)
          .where(eq(employmentInfo.userId, userId)),
    );
    const preview = attempt(() =>
      computeRunPayslip({
        year,
        month,
        snapshot: snapshotOf(row),
        items: items.map(toEngineItem),
        yearToDate: ytd.get(userId) ?? emptyYearToDate,
        lastDayOfService: employment[0]?.lastDay ?? null,
      }),
    );
    totals = preview.ok ? preview.value : null;
    totalsError = preview.ok ? null : preview.message;
  }
  return {
    id: row.id,
    userId: row.userId,
    year: row.year,
    month: row.month,
    processingStatus: row.status,
    basicSalarySnapshot: centsToAmount(row.basicSalarySnapshotCents),
    employeeCpfRateSnapshot: row.employeeCpfRateSnapshot,
    employerCpfRateSnapshot: row.employerCpfRateSnapshot,
    selfHelpGroupSnapshot: row.selfHelpGroupSnapshot,
    cpfTypeSnapshot: row.cpfTypeSnapshot,
    cpfSectionSnapshot: row.cpfSectionSnapshot,
    dateOfBirthSnapshot: row.dateOfBirthSnapshot,
    payDate: row.payDate,
    rateFlag: open ? rateFlagOf(row) : null,
    totals: totals && {
      ordinaryWages: centsToAmount(totals.ordinaryWageCents),
      additionalWages: centsToAmount(totals.additionalWageCents),
      grossPay: centsToAmount(totals.grossPayCents),
      employeeCpf: centsToAmount(totals.employeeCpfCents),
      employerCpf: centsToAmount(totals.employerCpfCents),
      selfHelpGroup: centsToAmount(totals.shgCents),
      netPay: centsToAmount(totals.netPayCents),
      otherItems: centsToAmount(totals.otherItemsCents),
      netPayable: centsToAmount(totals.netPayableCents),
    },
    totalsError,
    payItems: items.length,
  };
}
