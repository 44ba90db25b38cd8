import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { nextPayslipStatus, payslipStatusesTagged } from '../../../domain/lifecycles/payslip.lifecycle';
import { centsToAmount } from '../../../domain/money';
import {
  type CpfSection,
  type CpfType,
  checkSnapshotRates,
  openingCpfSubject,
  type PayslipItem,
  type PayslipSnapshot,
  type SelfHelpGroup,
} from '../../../domain/payroll';
import { monthName, type PayslipAggregate, type PayTotals } from '../../../domain/payslips';
import type { DbOrTx, Tx } from '../../db/client';
import { openingYtd } from '../../db/opening-schema';
import { payItems, payslips, users } from '../../db/schema';
import { rowsOf } from '../../db/statements';
import { conflict } from '../../lib/http-error';

/**
 * What the payroll services share: the row types, the one snapshot mapper, the one year-to-date query,
 * the employee lock and the mapping of rows to the API's shapes.
 */

export interface Period {
  year: number;
  month: number;
}

export type PayslipRow = typeof payslips.$inferSelect;
export type PayItemRow = typeof payItems.$inferSelect;

/** "March 2026". */
export const periodLabel = (year: number, month: number) => `${monthName(month)} ${year}`;

/**
 * `column in (the ids)`, with the ids sent as one parameter (an int[] literal): a month of 7,000
 * employees stays one bound value instead of 7,000. Tested with `= any`, a condition on each row:
 * the former `in (select ... from jsonb_array_elements_text(..))` was a join, which PostgreSQL planned
 * as a nested loop when its statistics did not know a month's payslips yet (they are created on the
 * month's first listing, just before it is processed) and compared 7,000 by 7,000 ids.
 */
export const inIds = (column: AnyPgColumn | SQL, ids: readonly number[]) =>
  sql`${column} = any(${`{${ids.join(',')}}`}::int[])`;

/** Payslips whose amounts are final (processed), as the lifecycle tags them. */
export const isProcessedRow = () => inArray(payslips.status, payslipStatusesTagged('processed'));

/** A payslip's snapshot (the engine's input) and its period. */
type SnapshotRow = Pick<
  PayslipRow,
  | 'year'
  | 'month'
  | 'basicSalarySnapshotCents'
  | 'cpfTypeSnapshot'
  | 'cpfSectionSnapshot'
  | 'employeeCpfRateSnapshot'
  | 'employerCpfRateSnapshot'
  | 'selfHelpGroupSnapshot'
  | 'dateOfBirthSnapshot'
>;

/** The snapshot columns in a `sql` template (payslip `p`), as {@link SnapshotText} reads them. */
export const SNAPSHOT_COLUMNS = sql`p.year, p.month, p.basic_salary_snapshot_cents::text, p.cpf_type_snapshot,
  p.cpf_section_snapshot, p.employee_cpf_rate_snapshot::text, p.employer_cpf_rate_snapshot::text,
  p.self_help_group_snapshot, p.date_of_birth_snapshot::text`;

/** The snapshot as a template answers it: the amount and the rates as text (see db/statements.ts). */
export interface SnapshotText {
  year: number;
  month: number;
  basic_salary_snapshot_cents: string;
  cpf_type_snapshot: CpfType;
  cpf_section_snapshot: CpfSection;
  employee_cpf_rate_snapshot: string | null;
  employer_cpf_rate_snapshot: string | null;
  self_help_group_snapshot: SelfHelpGroup;
  date_of_birth_snapshot: string | null;
}

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

export const snapshotRowOf = (row: SnapshotText): SnapshotRow => ({
  year: row.year,
  month: row.month,
  basicSalarySnapshotCents: Number(row.basic_salary_snapshot_cents),
  cpfTypeSnapshot: row.cpf_type_snapshot,
  cpfSectionSnapshot: row.cpf_section_snapshot,
  employeeCpfRateSnapshot: numberOrNull(row.employee_cpf_rate_snapshot),
  employerCpfRateSnapshot: numberOrNull(row.employer_cpf_rate_snapshot),
  selfHelpGroupSnapshot: row.self_help_group_snapshot,
  dateOfBirthSnapshot: row.date_of_birth_snapshot,
});

/** A payslip's stored amounts in a `sql` template (payslip `p`), as {@link TotalsText} reads them. */
export const TOTALS_COLUMNS = sql`p.gross_pay_cents::text, p.employee_cpf_cents::text,
  p.employer_cpf_cents::text, p.shg_cents::text, p.net_pay_cents::text, p.other_items_cents::text,
  p.net_payable_cents::text`;

/** The stored amounts as a template answers them: bigint as text (see db/statements.ts). */
export interface TotalsText {
  gross_pay_cents: string;
  employee_cpf_cents: string;
  employer_cpf_cents: string;
  shg_cents: string;
  net_pay_cents: string;
  other_items_cents: string;
  net_payable_cents: string;
}

export const totalsRowOf = (row: TotalsText) => ({
  grossPayCents: Number(row.gross_pay_cents),
  employeeCpfCents: Number(row.employee_cpf_cents),
  employerCpfCents: Number(row.employer_cpf_cents),
  shgCents: Number(row.shg_cents),
  netPayCents: Number(row.net_pay_cents),
  otherItemsCents: Number(row.other_items_cents),
  netPayableCents: Number(row.net_payable_cents),
});

/**
 * The stored amounts of the payslips `where` picks (payslip `p`) added up in one statement, in dollars:
 * the Processed List's totals row and a run's preview both read the columns processing wrote.
 */
export async function payTotalsOf(db: DbOrTx, where: SQL): Promise<PayTotals> {
  const [row] = await rowsOf<TotalsText & { payslips: number }>(
    db,
    sql`select count(*)::int as payslips, coalesce(sum(p.gross_pay_cents), 0)::text as gross_pay_cents,
       coalesce(sum(p.employee_cpf_cents), 0)::text as employee_cpf_cents,
       coalesce(sum(p.employer_cpf_cents), 0)::text as employer_cpf_cents,
       coalesce(sum(p.shg_cents), 0)::text as shg_cents, coalesce(sum(p.net_pay_cents), 0)::text as net_pay_cents,
       coalesce(sum(p.other_items_cents), 0)::text as other_items_cents,
       coalesce(sum(p.net_payable_cents), 0)::text as net_payable_cents
     from payslips p where ${where}`,
  );
  if (!row) throw new Error('payTotalsOf: an aggregate answers one row');
  const cents = totalsRowOf(row);
  return {
    payslips: row.payslips,
    grossPay: centsToAmount(cents.grossPayCents),
    employeeCpf: centsToAmount(cents.employeeCpfCents),
    employerCpf: centsToAmount(cents.employerCpfCents),
    selfHelpGroup: centsToAmount(cents.shgCents),
    netPay: centsToAmount(cents.netPayCents),
    otherItems: centsToAmount(cents.otherItemsCents),
    netPayable: centsToAmount(cents.netPayableCents),
  };
}

/** The engine's view of a payslip's snapshot. */
export const snapshotOf = (row: SnapshotRow): PayslipSnapshot => ({
  basicSalaryCents: row.basicSalarySnapshotCents,
  cpfType: row.cpfTypeSnapshot,
  cpfSection: row.cpfSectionSnapshot,
  employeeCpfRate: row.employeeCpfRateSnapshot,
  employerCpfRate: row.employerCpfRateSnapshot,
  selfHelpGroup: row.selfHelpGroupSnapshot,
  dateOfBirth: row.dateOfBirthSnapshot,
});

export const rateFlagOf = (row: SnapshotRow) => {
  const check = checkSnapshotRates(snapshotOf(row), row.year, row.month);
  return check.differs ? { official: check.official } : null;
};

export const toEngineItem = (item: PayItemRow): PayslipItem => ({
  kind: item.kind,
  type: item.type,
  amountCents: item.amountCents,
  treatment: item.treatment,
});

/** The stored amounts of a processed payslip. */
export const totalsFromRow = (row: PayslipRow) => ({
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

export const processedMessage = (row: PayslipRow) =>
  `The payslip for ${periodLabel(row.year, row.month)} is processed. Revert it to unprocessed before changing it.`;

/** Refuses (409) an event the payslip lifecycle does not allow from the stored status. */
export function assertPayslipAllows(
  row: PayslipRow,
  event: Parameters<typeof nextPayslipStatus>[1],
  message: string,
): void {
  if (nextPayslipStatus(row.status, event) === null) throw conflict(message);
}

/** The columns of a payslip that the lists show (aggregateOf). */
/** The columns of a payslip its aggregate (the lists' row) is made of. */
type AggregateColumns = Pick<
  PayslipRow,
  | 'id'
  | 'userId'
  | 'year'
  | 'month'
  | 'status'
  | 'payDate'
  | 'grossPayCents'
  | 'employeeCpfCents'
  | 'employerCpfCents'
  | 'shgCents'
  | 'netPayCents'
  | 'otherItemsCents'
  | 'netPayableCents'
>;

export const aggregateOf = (payslip: AggregateColumns, name: string, items: number): PayslipAggregate => ({
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

/**
 * A payslip's items as the engine takes them, as one JSON column of a template on payslip `p`, in
 * itemsOf's order: a second query over a month's items was a round trip and 7,000 rows mapped.
 */
export const ITEMS_COLUMN = sql`coalesce((select json_agg(json_build_object('kind', i.kind, 'type', i.type,
    'amountCents', i.amount_cents, 'treatment', i.treatment, 'hours', i.hours,
    'claim', (select json_build_object('type', ct.name, 'date', c.date) from claims c
      join claim_types ct on ct.id = c.claim_type_id where c.pay_item_id = i.id)) order by i.created_at, i.id)
  from pay_items i where i.payslip_id = p.id), '[]'::json)`;

export async function itemsOf(db: DbOrTx, payslipId: number) {
  return db
    .select()
    .from(payItems)
    .where(eq(payItems.payslipId, payslipId))
    .orderBy(asc(payItems.createdAt), asc(payItems.id));
}

export async function findPayslip(db: DbOrTx, userId: number, { year, month }: Period, lock = false) {
  const query = db
    .select()
    .from(payslips)
    .where(and(eq(payslips.userId, userId), eq(payslips.year, year), eq(payslips.month, month)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** One employee's CPF-subject wages over processed months of a year. */
export interface YearToDate {
  owSubjectCents: number;
  awSubjectCents: number;
  /** The first and the last processed month after the period, if any: their figures counted this month as it was. */
  laterMonth: number | null;
  latestMonth: number | null;
  /** The last month of an opening year to date (paid before the company used the product), if any. */
  openingThroughMonth: number | null;
}

export const emptyYearToDate: YearToDate = {
  owSubjectCents: 0,
  awSubjectCents: 0,
  laterMonth: null,
  latestMonth: null,
  openingThroughMonth: null,
};

/**
 * The one year-to-date query of processing: for each employee, the CPF-subject wages of their
 * processed payslips of the period's year before its month (the ceilings read them), and their first
 * and last processed months after it. A `sql` template (filtered sums), its sums as text (bigint).
 * An opening year to date (issue 38) adds the wages paid before, as the ceilings count them
 * (openingCpfSubject). The payslip PDF's year to date is read with the payslip (documents.ts).
 */
export async function yearToDate(
  db: DbOrTx,
  { year, month }: Period,
  userIds: readonly number[],
): Promise<Map<number, YearToDate>> {
  const processed = payslipStatusesTagged('processed');
  const rows = await rowsOf<YearToDateRow>(
    db,
    sql`select p.user_id,
     coalesce(sum(p.cpf_ow_subject_cents) filter (where p.month < ${month}), 0)::text as ow_subject_cents,
     coalesce(sum(p.cpf_aw_subject_cents) filter (where p.month < ${month}), 0)::text as aw_subject_cents,
     min(p.month) filter (where p.month > ${month}) as later_month,
     max(p.month) filter (where p.month > ${month}) as latest_month
   from payslips p
   where p.year = ${year} and p.status in ${processed} and ${inIds(sql`p.user_id`, userIds)}
   group by p.user_id`,
  );
  const result = new Map<number, YearToDate>(
    rows.map((row) => [
      row.user_id,
      {
        owSubjectCents: Number(row.ow_subject_cents),
        awSubjectCents: Number(row.aw_subject_cents),
        laterMonth: row.later_month,
        latestMonth: row.latest_month,
        openingThroughMonth: null,
      },
    ]),
  );
  const openings = await db
    .select()
    .from(openingYtd)
    .where(and(eq(openingYtd.year, year), inIds(openingYtd.userId, userIds)));
  for (const opening of openings) {
    const held = result.get(opening.userId) ?? emptyYearToDate;
    const before = openingCpfSubject(opening);
    result.set(opening.userId, {
      ...held,
      owSubjectCents: held.owSubjectCents + before.owSubjectCents,
      awSubjectCents: held.awSubjectCents + before.awSubjectCents,
      openingThroughMonth: opening.throughMonth,
    });
  }
  return result;
}

interface YearToDateRow {
  user_id: number;
  ow_subject_cents: string;
  aw_subject_cents: string;
  later_month: number | null;
  latest_month: number | null;
}

/**
 * Locks the employees, in id order. A month's figures read the other months of the employee's year,
 * so processing, revert and deletion of one employee take turns on this lock, and under READ
 * COMMITTED each statement after it sees what the one before committed. Locks are always taken users
 * first, then payslips, so the orders cannot deadlock.
 */
export async function lockEmployees(tx: Tx, userIds: readonly number[]) {
  // Counted rather than returned: a month of 7,000 locked rows was 7,000 ids sent back for nothing.
  await rowsOf(
    tx,
    sql`select count(*) from (select 1 from ${users} where ${inIds(users.id, userIds)} order by ${users.id} for update) locked`,
  );
}
