import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { nextPayslipStatus } from '../../../machines/payslip.lifecycle';
import { UNPAID_LEAVE } from '../../domain/enums';
import { amountToCents, centsToAmount } from '../../domain/money';
import {
  attempt,
  checkSnapshotRates,
  computeRunPayslip,
  firstDayOf,
  lastDayOf,
  type PayItemKind,
  type PayslipItem,
  type PayslipSnapshot,
  type PayslipTotals,
  payItemTypesByKind,
  unpaidDaysInMonth,
  unpaidLeaveDeductionCents,
} from '../../domain/payroll';
import {
  type BulkProcess,
  type BulkProcessResult,
  MAX_PAYSLIP_AMOUNT,
  monthName,
  type PayItem,
  type PayItemCreate,
  type PayslipAggregate,
  type PayslipDetail,
  payslipTooLargeMessage,
  type SnapshotUpdate,
  type UnprocessedRow,
} from '../../domain/payslips';
import { HolidayCalendarError } from '../../domain/public-holidays';
import type { DbOrTx, Tx } from '../db/client';
import {
  employmentInfo,
  leaveRequests,
  leaveTypes,
  payItems,
  paymentInfo,
  payslips,
  staffInfo,
  users,
} from '../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../lib/http-error';
import { renderPayrollTablePdf } from '../pdf/payroll-table';
import { renderPayslipPdf } from '../pdf/payslip';
import {
  type Actor,
  assertAdmin,
  assertOwnerOrAdmin,
  assertOwnerOrAdminElseNotFound,
  isAdmin,
} from './actor';
import { writeAudit } from './audit';

/**
 * Payroll (spec sections 3, 4 and 7; ARCHITECTURE.md payroll rules): payslip rows with their
 * snapshots, pay items, the bulk run and revert. Status changes are asked of the shared lifecycle
 * machine; every change writes an audit row in its own transaction.
 */

/** What the PDFs need beyond the database. */
export interface PdfDeps {
  companyName: string;
}

interface Period {
  year: number;
  month: number;
}

type PayslipRow = typeof payslips.$inferSelect;

/** Raw query rows from either driver (node-postgres and PGlite both answer `{ rows }`). */
async function rowsOf<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const period = (year: number, month: number) => `${monthName(month)} ${year}`;

const snapshotOf = (row: PayslipRow): PayslipSnapshot => ({
  basicSalaryCents: row.basicSalarySnapshotCents,
  cpfType: row.cpfTypeSnapshot,
  cpfSection: row.cpfSectionSnapshot,
  employeeCpfRate: row.employeeCpfRateSnapshot,
  employerCpfRate: row.employerCpfRateSnapshot,
  selfHelpGroup: row.selfHelpGroupSnapshot,
  dateOfBirth: row.dateOfBirthSnapshot,
});

const rateFlagOf = (row: PayslipRow) => {
  const check = checkSnapshotRates(snapshotOf(row), row.year, row.month);
  return check.differs ? { official: check.official } : null;
};

/** Refuses an event the payslip lifecycle does not allow from the stored status (409). */
function nextStatusOr409(
  row: PayslipRow,
  event: Parameters<typeof nextPayslipStatus>[1],
  message: string,
): PayslipRow['status'] {
  const next = nextPayslipStatus(row.status, event);
  if (next === null) throw conflict(message);
  return next;
}

const processedMessage = (row: PayslipRow) =>
  `The payslip for ${period(row.year, row.month)} is processed. Revert it to unprocessed before changing it.`;

// ---------------------------------------------------------------------------------------------
// Payslip rows
// ---------------------------------------------------------------------------------------------

/**
 * Creates the missing payslip rows of a period in one statement: every eligible staff member
 * (onboarded; ACTIVE, or RESIGNED with a last day on or after the period's first day; hired on or
 * before its last day) gets one, with snapshots of salary, CPF type, section and rates, self-help
 * group and date of birth. Concurrent callers are safe: the unique key keeps one row per period.
 * A new row whose employee has approved Unpaid Leave in the period gets an UNPAID_LEAVE deduction
 * (basic salary x unpaid days / working days of the month), which the admin can change or remove.
 */
export async function ensurePayslipRows(db: DbOrTx, year: number, month: number, userId?: number) {
  const first = firstDayOf(year, month);
  const last = lastDayOf(year, month);
  const created = await rowsOf<{ id: number; user_id: number; basic: number }>(
    db,
    sql`
      insert into payslips (user_id, year, month, status, basic_salary_snapshot_cents,
        employee_cpf_rate_snapshot, employer_cpf_rate_snapshot, cpf_type_snapshot,
        cpf_section_snapshot, self_help_group_snapshot, date_of_birth_snapshot)
      select u.id, ${year}, ${month}, 'UNPROCESSED', pi.basic_salary_cents, pi.employee_cpf_rate,
        pi.employer_cpf_rate, pi.cpf_type, pi.cpf_section, pi.self_help_group, si.date_of_birth
      from users u
        join employment_info ei on ei.user_id = u.id
        join staff_info si on si.user_id = u.id
        join payment_info pi on pi.user_id = u.id
      where u.role = 'STAFF'
        and ei.hire_date <= ${last}
        and (ei.employment_status = 'ACTIVE'
          or (ei.employment_status = 'RESIGNED' and ei.last_day_of_service >= ${first}))
        ${userId === undefined ? sql`` : sql`and u.id = ${userId}`}
      on conflict (user_id, year, month) do nothing
      returning id, user_id, basic_salary_snapshot_cents as basic`,
  );
  if (created.length === 0) return;

  const leaves = await db
    .select({
      userId: leaveRequests.userId,
      fromDate: leaveRequests.fromDate,
      fromDateIsAm: leaveRequests.fromDateIsAm,
      toDate: leaveRequests.toDate,
      toDateIsAm: leaveRequests.toDateIsAm,
    })
    .from(leaveRequests)
    .innerJoin(leaveTypes, eq(leaveTypes.id, leaveRequests.leaveTypeId))
    .where(
      and(
        eq(leaveTypes.name, UNPAID_LEAVE),
        eq(leaveRequests.status, 'APPROVED'),
        sql`${leaveRequests.fromDate} <= ${last} and ${leaveRequests.toDate} >= ${first}`,
      ),
    );
  if (leaves.length === 0) return;
  const prefills = created.flatMap((row) => {
    const own = leaves.filter((leave) => leave.userId === row.user_id);
    let unpaidDays = 0;
    try {
      unpaidDays = unpaidDaysInMonth(own, year, month);
    } catch (error) {
      // A year without a public-holiday table cannot be counted: no prefill, the admin adds it.
      if (error instanceof HolidayCalendarError) return [];
      throw error;
    }
    if (unpaidDays === 0) return [];
    const amountCents = unpaidLeaveDeductionCents({ basicSalaryCents: row.basic, unpaidDays, year, month });
    return amountCents > 0 ? [{ payslipId: row.id, amountCents }] : [];
  });
  if (prefills.length === 0) return;
  await db.insert(payItems).values(
    prefills.map((prefill) => ({
      payslipId: prefill.payslipId,
      kind: 'DEDUCTION' as const,
      type: 'UNPAID_LEAVE',
      amountCents: prefill.amountCents,
    })),
  );
  await db
    .update(payslips)
    .set({ status: 'ITEMS_ADDED' })
    .where(
      inArray(
        payslips.id,
        prefills.map((prefill) => prefill.payslipId),
      ),
    );
}

/** GET /payslips/unprocessed-and-items-added: rows of the period not yet processed, rate flags included. */
export async function listUnprocessed(
  db: DbOrTx,
  actor: Actor,
  { year, month }: Period,
): Promise<UnprocessedRow[]> {
  assertAdmin(actor);
  await db.transaction((tx) => ensurePayslipRows(tx, year, month));
  const rows = await db
    .select({ payslip: payslips, user: users, employment: employmentInfo })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.userId))
    .leftJoin(employmentInfo, eq(employmentInfo.userId, payslips.userId))
    .where(and(eq(payslips.year, year), eq(payslips.month, month), ne(payslips.status, 'PROCESSED')))
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

const itemCount = sql<number>`(select count(*)::int from pay_items i where i.payslip_id = ${payslips.id})`;

const aggregateOf = (payslip: PayslipRow, name: string, items: number): PayslipAggregate => ({
  payslipId: payslip.id,
  payslipMonth: payslip.month,
  payslipYear: payslip.year,
  processingStatus: payslip.status,
  userDetails: { id: payslip.userId, name },
  payDate: payslip.payDate,
  grossPay: centsToAmount(payslip.grossPayCents),
  totalEmployeeCpfContribution: centsToAmount(payslip.employeeCpfCents),
  totalEmployerCpfContribution: centsToAmount(payslip.employerCpfCents),
  selfHelpGroupContribution: centsToAmount(payslip.shgCents),
  netPay: centsToAmount(payslip.netPayCents),
  otherItems: centsToAmount(payslip.otherItemsCents),
  netPayable: centsToAmount(payslip.netPayableCents),
  payItems: Number(items),
});

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
    .select({ payslip: payslips, name: users.fullName, items: itemCount })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.userId))
    .where(and(where, eq(payslips.status, 'PROCESSED')))
    .orderBy(
      ...('userId' in filter
        ? [sql`${payslips.year} desc`, sql`${payslips.month} desc`]
        : [asc(users.fullName), asc(users.id)]),
    );
  return rows.map((row) => aggregateOf(row.payslip, row.name, row.items));
}

// ---------------------------------------------------------------------------------------------
// One payslip
// ---------------------------------------------------------------------------------------------

async function yearToDate(db: DbOrTx, userId: number, year: number, beforeMonth: number) {
  const [row] = await db
    .select({
      ow: sql<number>`coalesce(sum(${payslips.cpfOwSubjectCents}), 0)::int`,
      aw: sql<number>`coalesce(sum(${payslips.cpfAwSubjectCents}), 0)::int`,
    })
    .from(payslips)
    .where(
      and(
        eq(payslips.userId, userId),
        eq(payslips.year, year),
        sql`${payslips.month} < ${beforeMonth}`,
        eq(payslips.status, 'PROCESSED'),
      ),
    );
  return { owSubjectCents: Number(row?.ow ?? 0), awSubjectCents: Number(row?.aw ?? 0) };
}

async function itemsOf(db: DbOrTx, payslipId: number) {
  return db
    .select()
    .from(payItems)
    .where(eq(payItems.payslipId, payslipId))
    .orderBy(asc(payItems.createdAt), asc(payItems.id));
}

const totalsFromRow = (row: PayslipRow) => ({
  ordinaryWageCents: row.ordinaryWageCents,
  additionalWageCents: row.additionalWageCents,
  grossPayCents: row.grossPayCents,
  employeeCpfCents: row.employeeCpfCents,
  employerCpfCents: row.employerCpfCents,
  shgCents: row.shgCents,
  netPayCents: row.netPayCents,
  otherItemsCents: row.otherItemsCents,
  netPayableCents: row.netPayableCents,
});

async function lastDayOfServiceOf(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ lastDay: employmentInfo.lastDayOfService })
    .from(employmentInfo)
    .where(eq(employmentInfo.userId, userId));
  return row?.lastDay ?? null;
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
  await db.transaction((tx) => ensurePayslipRows(tx, year, month, userId));
  const [row] = await db
    .select()
    .from(payslips)
    .where(and(eq(payslips.userId, userId), eq(payslips.year, year), eq(payslips.month, month)));
  if (!row) throw notFound(`No payslip for this employee in ${period(year, month)}.`);
  const items = await itemsOf(db, row.id);
  let totals: ReturnType<typeof totalsFromRow> | null = totalsFromRow(row);
  let totalsError: string | null = null;
  if (row.status !== 'PROCESSED') {
    const ytd = await yearToDate(db, userId, year, month);
    const lastDayOfService = await lastDayOfServiceOf(db, userId);
    const preview = attempt(() =>
      computeRunPayslip({
        year,
        month,
        snapshot: snapshotOf(row),
        items: items.map(toEngineItem),
        yearToDate: ytd,
        lastDayOfService,
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
    rateFlag: row.status === 'PROCESSED' ? null : rateFlagOf(row),
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

const toEngineItem = (item: typeof payItems.$inferSelect): PayslipItem => ({
  kind: item.kind,
  type: item.type,
  amountCents: item.amountCents,
});

/** PUT /payslips/{userId}/{year}/{month}: Payment Information Used, until the payslip is processed. */
export async function updateSnapshot(
  db: DbOrTx,
  actor: Actor,
  input: Period & { userId: number } & SnapshotUpdate,
) {
  assertAdmin(actor);
  const key = input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(payslips)
      .where(and(eq(payslips.userId, key.userId), eq(payslips.year, key.year), eq(payslips.month, key.month)))
      .for('update');
    if (!row) throw notFound(`No payslip for this employee in ${period(key.year, key.month)}.`);
    nextStatusOr409(row, { type: 'snapshot.edit' }, processedMessage(row));
    await assertWithinPayslipMaximum(tx, row.id, amountToCents(input.basicSalarySnapshot));
    const values = {
      basicSalarySnapshotCents: amountToCents(input.basicSalarySnapshot),
      employeeCpfRateSnapshot: input.employeeCpfRateSnapshot,
      employerCpfRateSnapshot: input.employerCpfRateSnapshot,
      selfHelpGroupSnapshot: input.selfHelpGroupSnapshot,
    };
    const [updated] = await tx.update(payslips).set(values).where(eq(payslips.id, row.id)).returning();
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'payslip.snapshot.updated',
      entity: 'payslip',
      entityId: row.id,
      details: {
        before: {
          basicSalarySnapshotCents: row.basicSalarySnapshotCents,
          employeeCpfRateSnapshot: row.employeeCpfRateSnapshot,
          employerCpfRateSnapshot: row.employerCpfRateSnapshot,
          selfHelpGroupSnapshot: row.selfHelpGroupSnapshot,
        },
        after: values,
      },
    });
    return updated as PayslipRow;
  });
}

// ---------------------------------------------------------------------------------------------
// Pay items
// ---------------------------------------------------------------------------------------------

const toApiItem = (item: typeof payItems.$inferSelect): PayItem => ({
  id: item.id,
  type: item.type,
  amount: centsToAmount(item.amountCents),
});

/** Refuses a change that would take the payslip's salary and items past MAX_PAYSLIP_AMOUNT. */
async function assertWithinPayslipMaximum(tx: Tx, payslipId: number, otherCents: number) {
  const [items] = await rowsOf<{ cents: string | number }>(
    tx,
    sql`select coalesce(sum(abs(amount_cents)), 0)::bigint as cents from pay_items where payslip_id = ${payslipId}`,
  );
  if (Number(items?.cents ?? 0) + otherCents > amountToCents(MAX_PAYSLIP_AMOUNT)) {
    throw badRequest(payslipTooLargeMessage);
  }
}

/** POST /<kind>-items: adds an item; the payslip moves to ITEMS_ADDED (409 once processed). */
export async function addPayItem(
  db: DbOrTx,
  actor: Actor,
  input: PayItemCreate & { kind: PayItemKind },
): Promise<PayItem> {
  assertAdmin(actor);
  const { kind } = input;
  const types: readonly string[] = payItemTypesByKind[kind];
  if (!types.includes(input.type)) throw badRequest(`${input.type} is not a type of this kind of item.`);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(payslips).where(eq(payslips.id, input.payslipId)).for('update');
    if (!row) throw notFound('Payslip not found.');
    if (row.userId !== input.userId || row.year !== input.year || row.month !== input.month) {
      throw badRequest('The payslip does not belong to this employee and month.');
    }
    const next = nextStatusOr409(row, { type: 'payItem.add' }, processedMessage(row));
    await assertWithinPayslipMaximum(tx, row.id, row.basicSalarySnapshotCents + amountToCents(input.amount));
    const [item] = await tx
      .insert(payItems)
      .values({
        payslipId: row.id,
        kind,
        type: input.type,
        amountCents: amountToCents(input.amount),
        createdById: actor.id,
      })
      .returning();
    if (!item) throw new Error('pay item not inserted');
    if (next !== row.status) await tx.update(payslips).set({ status: next }).where(eq(payslips.id, row.id));
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'payItem.added',
      entity: 'payslip',
      entityId: row.id,
      details: { itemId: item.id, kind, type: item.type, amountCents: item.amountCents },
    });
    return toApiItem(item);
  });
}

/** DELETE /<kind>-items/{id}: removes an item; the last one takes the payslip back to UNPROCESSED. */
export async function removePayItem(
  db: DbOrTx,
  actor: Actor,
  { kind, id: itemId }: { kind: PayItemKind; id: number },
): Promise<void> {
  assertAdmin(actor);
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ payslipId: payItems.payslipId })
      .from(payItems)
      .where(and(eq(payItems.id, itemId), eq(payItems.kind, kind)));
    if (!found) throw notFound('Pay item not found.');
    const [row] = await tx.select().from(payslips).where(eq(payslips.id, found.payslipId)).for('update');
    // Re-read under the payslip's lock: a concurrent removal may have taken it already.
    const [item] = await tx.select().from(payItems).where(eq(payItems.id, itemId));
    if (!row || !item) throw notFound('Pay item not found.');
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(payItems)
      .where(eq(payItems.payslipId, row.id));
    const next = nextStatusOr409(row, { type: 'payItem.remove', itemsLeft: n - 1 }, processedMessage(row));
    await tx.delete(payItems).where(eq(payItems.id, itemId));
    if (next !== row.status) await tx.update(payslips).set({ status: next }).where(eq(payslips.id, row.id));
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'payItem.removed',
      entity: 'payslip',
      entityId: row.id,
      details: { itemId, kind, type: item.type, amountCents: item.amountCents },
    });
  });
}

/** GET /users/{userId}/<kind>-items?month&year: the items of one kind on the employee's payslip. */
export async function listPayItems(
  db: DbOrTx,
  actor: Actor,
  { kind, userId, year, month }: Period & { kind: PayItemKind; userId: number },
): Promise<PayItem[]> {
  assertAdmin(actor);
  const rows = await db
    .select({ item: payItems })
    .from(payItems)
    .innerJoin(payslips, eq(payslips.id, payItems.payslipId))
    .where(
      and(
        eq(payslips.userId, userId),
        eq(payslips.year, year),
        eq(payslips.month, month),
        eq(payItems.kind, kind),
      ),
    )
    .orderBy(asc(payItems.createdAt), asc(payItems.id));
  return rows.map((row) => toApiItem(row.item));
}

// ---------------------------------------------------------------------------------------------
// Bulk processing
// ---------------------------------------------------------------------------------------------

interface Candidate {
  id: number;
  user_id: number;
  full_name: string;
  basic: number;
  employee_rate: string | null;
  employer_rate: string | null;
  cpf_type: PayslipRow['cpfTypeSnapshot'];
  cpf_section: PayslipRow['cpfSectionSnapshot'];
  shg: PayslipRow['selfHelpGroupSnapshot'];
  dob: string | null;
  last_day: string | null;
  ytd_ow: number;
  ytd_aw: number;
  later_month: number | null;
  items: Array<[PayItemKind, string, number]> | null;
}

const ratePercent = (value: string | null) => (value === null ? null : Number(value));

/** "Tan Wei Ming, Siti Nur and 3 more" for messages about many employees. */
const someNames = (names: string[]) =>
  names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;

/**
 * POST /payslips/bulk-process: computes every selected payslip with the engine and stores every
 * amount and the pay date in one transaction. Set-based: a handful of statements whatever the
 * number of employees. Idempotent: payslips already processed are left exactly as they are and
 * counted as skipped. Rows are locked first, so a concurrent run, item change or revert waits and
 * then sees the outcome.
 */
export async function bulkProcess(db: DbOrTx, actor: Actor, input: BulkProcess): Promise<BulkProcessResult> {
  assertAdmin(actor);
  const periods = new Map<string, { year: number; month: number; userIds: number[] }>();
  for (const entry of input.payslips) {
    const key = `${entry.year}-${String(entry.month).padStart(2, '0')}`;
    const group = periods.get(key) ?? { year: entry.year, month: entry.month, userIds: [] };
    group.userIds.push(entry.userId);
    periods.set(key, group);
  }
  return db.transaction(async (tx) => {
    let processed = 0;
    let skipped = 0;
    // Earlier months first: a later month's year-to-date figures read them.
    for (const key of [...periods.keys()].sort()) {
      const group = periods.get(key) as { year: number; month: number; userIds: number[] };
      const result = await processPeriod(tx, actor, input.payDate, group.year, group.month, [
        ...new Set(group.userIds),
      ]);
      processed += result.processed;
      skipped += result.skipped;
    }
    return { processed, skipped };
  });
}

/** Locks the users of a JSON array of ids, in id order (see processPeriod). */
async function lockEmployees(tx: Tx, userIdsJson: string) {
  await rowsOf<{ id: number }>(
    tx,
    sql`select u.id from users u where u.id in (select value::int from jsonb_array_elements_text(${userIdsJson}::jsonb))
        order by u.id for update`,
  );
}

async function processPeriod(
  tx: Tx,
  actor: Actor,
  payDate: string,
  year: number,
  month: number,
  userIds: number[],
): Promise<BulkProcessResult> {
  const selected = JSON.stringify(userIds);
  const inSelection = sql`p.user_id in (select value::int from jsonb_array_elements_text(${selected}::jsonb))`;
  // The employees first, in id order: a month's figures read the other months of the employee's
  // year, so processing, revert and deletion of one employee take turns on this lock, and under READ
  // COMMITTED each statement after it sees what the one before committed. Locks are always taken
  // users first, then payslips, so the orders cannot deadlock.
  await lockEmployees(tx, selected);
  // Lock the selected payslips (in id order, so concurrent runs cannot deadlock). Rows not created
  // yet (the period was never listed) are created first.
  const lock = () =>
    rowsOf<{ id: number; status: PayslipRow['status'] }>(
      tx,
      sql`select p.id, p.status from payslips p where p.year = ${year} and p.month = ${month} and ${inSelection}
          order by p.id for update`,
    );
  let locked = await lock();
  if (locked.length < userIds.length) {
    await ensurePayslipRows(tx, year, month);
    locked = await lock();
  }
  if (locked.length < userIds.length) {
    throw notFound(
      `${userIds.length - locked.length} of the selected employees have no payslip for ${period(year, month)}.`,
    );
  }
  const skipped = locked.filter((row) => row.status === 'PROCESSED').length;
  if (skipped === locked.length) return { processed: 0, skipped };

  // Read after the locks are held, so items added or payslips reverted just before are seen.
  const candidates = await rowsOf<Candidate>(
    tx,
    sql`select p.id, p.user_id, u.full_name, p.basic_salary_snapshot_cents as basic,
          p.employee_cpf_rate_snapshot as employee_rate, p.employer_cpf_rate_snapshot as employer_rate,
          p.cpf_type_snapshot as cpf_type, p.cpf_section_snapshot as cpf_section,
          p.self_help_group_snapshot as shg, p.date_of_birth_snapshot::text as dob,
          ei.last_day_of_service::text as last_day,
          coalesce(ytd.ow, 0)::int as ytd_ow, coalesce(ytd.aw, 0)::int as ytd_aw, ytd.later_month,
          (select json_agg(json_build_array(i.kind, i.type, i.amount_cents)) from pay_items i
            where i.payslip_id = p.id) as items
        from payslips p
          join users u on u.id = p.user_id
          left join employment_info ei on ei.user_id = p.user_id
          left join (
            select e.user_id,
              sum(e.cpf_ow_subject_cents) filter (where e.month < ${month}) as ow,
              sum(e.cpf_aw_subject_cents) filter (where e.month < ${month}) as aw,
              min(e.month) filter (where e.month > ${month}) as later_month
            from payslips e
            where e.year = ${year} and e.status = 'PROCESSED'
              and e.user_id in (select value::int from jsonb_array_elements_text(${selected}::jsonb))
            group by e.user_id
          ) ytd on ytd.user_id = p.user_id
        where p.year = ${year} and p.month = ${month} and p.status <> 'PROCESSED' and ${inSelection}`,
  );

  // A later processed month of the same year already counted this month as zero in its
  // year-to-date figures: processing this one now would make that month wrong.
  const later = candidates
    .filter((row) => row.later_month !== null)
    .sort((a, b) => a.full_name.localeCompare(b.full_name));
  if (later.length > 0) {
    throw conflict(
      `${someNames(later.map((row) => `${row.full_name} (${period(year, Number(row.later_month))})`))} already ${later.length === 1 ? 'has' : 'have'} a later processed month. Revert the later months first.`,
    );
  }

  const failures: string[] = [];
  const results: Array<PayslipTotals & { id: number }> = [];
  for (const row of candidates) {
    const outcome = attempt(() =>
      computeRunPayslip({
        year,
        month,
        snapshot: {
          basicSalaryCents: Number(row.basic),
          cpfType: row.cpf_type,
          cpfSection: row.cpf_section,
          employeeCpfRate: ratePercent(row.employee_rate),
          employerCpfRate: ratePercent(row.employer_rate),
          selfHelpGroup: row.shg,
          dateOfBirth: row.dob,
        },
        items: (row.items ?? []).map(([kind, type, amount]) => ({ kind, type, amountCents: Number(amount) })),
        yearToDate: { owSubjectCents: Number(row.ytd_ow), awSubjectCents: Number(row.ytd_aw) },
        lastDayOfService: row.last_day,
      }),
    );
    if (outcome.ok) results.push({ ...outcome.value, id: row.id });
    else failures.push(`${row.full_name}: ${outcome.message}`);
  }
  if (failures.length > 0) {
    throw new HttpError(422, `No payslip was processed. ${someNames(failures)}.`);
  }

  const values = JSON.stringify(
    results.map((r) => [
      r.id,
      r.ordinaryWageCents,
      r.additionalWageCents,
      r.grossPayCents,
      r.employeeCpfCents,
      r.employerCpfCents,
      r.shgCents,
      r.sdlCents,
      r.netPayCents,
      r.otherItemsCents,
      r.netPayableCents,
      r.cpfOwSubjectCents,
      r.cpfAwSubjectCents,
    ]),
  );
  const updated = await rowsOf<{ id: number }>(
    tx,
    sql`update payslips p set status = 'PROCESSED', pay_date = ${payDate}, processed_at = now(),
          processed_by_id = ${actor.id}, updated_at = now(),
          ordinary_wage_cents = (r->>1)::int, additional_wage_cents = (r->>2)::int,
          gross_pay_cents = (r->>3)::int, employee_cpf_cents = (r->>4)::int, employer_cpf_cents = (r->>5)::int,
          shg_cents = (r->>6)::int, sdl_cents = (r->>7)::numeric, net_pay_cents = (r->>8)::int,
          other_items_cents = (r->>9)::int, net_payable_cents = (r->>10)::int,
          cpf_ow_subject_cents = (r->>11)::int, cpf_aw_subject_cents = (r->>12)::int
        from jsonb_array_elements(${values}::jsonb) as r
        where p.id = (r->>0)::int and p.status <> 'PROCESSED'
        returning p.id`,
  );
  // One audit entry per run and period: who processed which payslips, with which pay date.
  await writeAudit(tx, {
    actorUserId: actor.id,
    action: 'payslips.processed',
    entity: 'payslip',
    entityId: null,
    details: { year, month, payDate, payslipIds: updated.map((row) => row.id), skipped },
  });
  return { processed: updated.length, skipped };
}

// ---------------------------------------------------------------------------------------------
// Revert
// ---------------------------------------------------------------------------------------------

/**
 * PATCH /payslips/{id}/status: 'Revert to Unprocessed'. Only a processed payslip, and only the
 * employee's latest processed month of its year: later months' year-to-date figures depend on it.
 * The status becomes UNPROCESSED without items, ITEMS_ADDED with them (spec section 4).
 */
export async function revertPayslip(
  db: DbOrTx,
  actor: Actor,
  { id: payslipId, status: requested }: { id: number; status: PayslipRow['status'] },
): Promise<PayslipAggregate> {
  assertAdmin(actor);
  if (requested === 'PROCESSED') {
    throw badRequest('Payslips are processed with a pay date through bulk processing.');
  }
  return db.transaction(async (tx) => {
    // The employee first, as processing does: a revert and the processing of a later month of the
    // same employee take turns, so "only the latest processed month" holds when they race.
    const [owner] = await tx
      .select({ userId: payslips.userId })
      .from(payslips)
      .where(eq(payslips.id, payslipId));
    if (!owner) throw notFound('Payslip not found.');
    await lockEmployees(tx, JSON.stringify([owner.userId]));
    const [row] = await tx.select().from(payslips).where(eq(payslips.id, payslipId)).for('update');
    if (!row) throw notFound('Payslip not found.');
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(payItems)
      .where(eq(payItems.payslipId, row.id));
    const next = nextStatusOr409(
      row,
      { type: 'payslip.revert', itemCount: n },
      `The payslip for ${period(row.year, row.month)} is not processed.`,
    );
    const [latest] = await tx
      .select({ month: payslips.month })
      .from(payslips)
      .where(
        and(
          eq(payslips.userId, row.userId),
          eq(payslips.year, row.year),
          eq(payslips.status, 'PROCESSED'),
          sql`${payslips.month} > ${row.month}`,
        ),
      )
      .orderBy(sql`${payslips.month} desc`)
      .limit(1);
    if (latest) {
      throw conflict(
        `Revert ${period(row.year, latest.month)} first: later months of ${row.year} depend on this payslip's year-to-date figures.`,
      );
    }
    const [user] = await tx.select({ name: users.fullName }).from(users).where(eq(users.id, row.userId));
    const [updated] = await tx
      .update(payslips)
      .set({
        status: next,
        payDate: null,
        processedAt: null,
        processedById: null,
        ordinaryWageCents: 0,
        additionalWageCents: 0,
        grossPayCents: 0,
        employeeCpfCents: 0,
        employerCpfCents: 0,
        shgCents: 0,
        sdlCents: 0,
        netPayCents: 0,
        otherItemsCents: 0,
        netPayableCents: 0,
        cpfOwSubjectCents: 0,
        cpfAwSubjectCents: 0,
      })
      .where(eq(payslips.id, row.id))
      .returning();
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'payslip.reverted',
      entity: 'payslip',
      entityId: row.id,
      details: { status: next, payDate: row.payDate, ...totalsFromRow(row) },
    });
    return aggregateOf(updated as PayslipRow, user?.name ?? '', n);
  });
}

// ---------------------------------------------------------------------------------------------
// PDFs' data
// ---------------------------------------------------------------------------------------------

/** A processed payslip for its PDF; STAFF reach only their own. */
async function processedPayslipForPdf(db: DbOrTx, actor: Actor, payslipId: number) {
  const [found] = await db
    .select({ payslip: payslips, user: users, staff: staffInfo, employment: employmentInfo })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.userId))
    .leftJoin(staffInfo, eq(staffInfo.userId, payslips.userId))
    .leftJoin(employmentInfo, eq(employmentInfo.userId, payslips.userId))
    .where(eq(payslips.id, payslipId));
  if (!found) throw notFound('Payslip not found.');
  assertOwnerOrAdminElseNotFound(actor, found.payslip.userId, 'Payslip not found.');
  if (found.payslip.status !== 'PROCESSED') {
    throw isAdmin(actor) ? conflict('Only a processed payslip has a PDF.') : notFound('Payslip not found.');
  }
  const row = found.payslip;
  const [items, ytd, bank] = await Promise.all([
    itemsOf(db, row.id),
    db
      .select({
        gross: sql<number>`sum(${payslips.grossPayCents})::int`,
        ee: sql<number>`sum(${payslips.employeeCpfCents})::int`,
        er: sql<number>`sum(${payslips.employerCpfCents})::int`,
        net: sql<number>`sum(${payslips.netPayCents})::int`,
        payable: sql<number>`sum(${payslips.netPayableCents})::int`,
      })
      .from(payslips)
      .where(
        and(
          eq(payslips.userId, row.userId),
          eq(payslips.year, row.year),
          sql`${payslips.month} <= ${row.month}`,
          eq(payslips.status, 'PROCESSED'),
        ),
      ),
    db
      .select({ bankName: paymentInfo.bankName, accountNo: paymentInfo.accountNo })
      .from(paymentInfo)
      .where(eq(paymentInfo.userId, row.userId)),
  ]);
  const sums = ytd[0];
  return {
    payslip: row,
    user: found.user,
    nric: found.staff?.nric ?? null,
    designation: found.employment?.designation ?? null,
    items: items.map(toEngineItem),
    bank: bank[0] ?? null,
    yearToDate: {
      grossPayCents: Number(sums?.gross ?? 0),
      employeeCpfCents: Number(sums?.ee ?? 0),
      employerCpfCents: Number(sums?.er ?? 0),
      netPayCents: Number(sums?.net ?? 0),
      netPayableCents: Number(sums?.payable ?? 0),
    },
  };
}

const fileStamp = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** GET /payslips/{id}/pdf: a processed payslip as PDF. */
export async function payslipPdf(db: DbOrTx, actor: Actor, { id }: { id: number }, deps: PdfDeps) {
  const data = await processedPayslipForPdf(db, actor, id);
  const { payslip } = data;
  const pdf = await renderPayslipPdf({
    companyName: deps.companyName,
    employee: { fullName: data.user.fullName, nric: data.nric, designation: data.designation },
    year: payslip.year,
    month: payslip.month,
    payDate: payslip.payDate ?? '',
    basicSalaryCents: payslip.basicSalarySnapshotCents,
    items: data.items,
    totals: payslip,
    selfHelpGroup: payslip.selfHelpGroupSnapshot,
    cpfRates:
      payslip.employeeCpfRateSnapshot === null || payslip.employerCpfRateSnapshot === null
        ? null
        : {
            employeePercent: payslip.employeeCpfRateSnapshot,
            employerPercent: payslip.employerCpfRateSnapshot,
          },
    bank: data.bank,
    yearToDate: data.yearToDate,
  });
  return { pdf, fileName: `payslip-${fileStamp(payslip.year, payslip.month)}-${payslip.userId}.pdf` };
}

/** GET /payslips/processed/pdf-table: the period's Processed List as a PDF table. */
export async function processedTablePdf(db: DbOrTx, actor: Actor, { year, month }: Period, deps: PdfDeps) {
  assertAdmin(actor);
  const rows = await processedTableRows(db, year, month);
  const pdf = await renderPayrollTablePdf({ companyName: deps.companyName, year, month, rows });
  return { pdf, fileName: `processed-payslips-${fileStamp(year, month)}.pdf` };
}

/** Processed payslips of a period for the table PDF, employer costs included. */
async function processedTableRows(db: DbOrTx, year: number, month: number) {
  const rows = await db
    .select({ payslip: payslips, name: users.fullName })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.userId))
    .where(and(eq(payslips.year, year), eq(payslips.month, month), eq(payslips.status, 'PROCESSED')))
    .orderBy(asc(users.fullName), asc(users.id));
  return rows.map(({ payslip, name }) => ({
    name,
    grossPayCents: payslip.grossPayCents,
    employeeCpfCents: payslip.employeeCpfCents,
    employerCpfCents: payslip.employerCpfCents,
    netPayCents: payslip.netPayCents,
    otherItemsCents: payslip.otherItemsCents,
    netPayableCents: payslip.netPayableCents,
    sdlCents: Number(payslip.sdlCents),
  }));
}
