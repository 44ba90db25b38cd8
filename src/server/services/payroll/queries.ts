import { eq, type SQL, sql } from 'drizzle-orm';
import type { MailDelivery, PayslipEmailStatus, PayslipStatus } from '../../../domain/enums';
import { withholdsMonth } from '../../../domain/ir21';
import { isProcessedPayslip, payslipStatusesTagged } from '../../../domain/lifecycles/payslip.lifecycle';
import { centsToAmount } from '../../../domain/money';
import { attempt, computeRunPayslip } from '../../../domain/payroll';
import { periodKey } from '../../../domain/payroll/period';
import { payslipEmailStateOf } from '../../../domain/payslip-emails';
import type { PayslipAggregate, PayslipDetail, PayTotals, UnprocessedRow } from '../../../domain/payslips';
import type { DbOrTx } from '../../db/client';
import { queriesAtOnce } from '../../db/queries-at-once';
import { employmentInfo } from '../../db/schema';
import { rowsOf } from '../../db/statements';
import { notFound } from '../../lib/http-error';
import { withholdingOf } from '../ir21';
import { finalPayDueOf } from '../separations';
import { openPayrollPeriod } from './period-rows';
import {
  aggregateOf,
  emptyYearToDate,
  findPayslip,
  itemsOf,
  type Period,
  payTotalsOf,
  periodLabel,
  rateFlagOf,
  SNAPSHOT_COLUMNS,
  type SnapshotText,
  snapshotOf,
  snapshotRowOf,
  TOTALS_COLUMNS,
  type TotalsText,
  toEngineItem,
  totalsFromRow,
  totalsRowOf,
  yearToDate,
} from './repository';
import { separationItemsOf } from './separation-items';

/**
 * Reads of payroll: the period's open payslips, processed payslips, and one payslip with its figures.
 * The spec's reads of a period answer its payslips with their ids, so they open the period first (an
 * idempotent command, decision 0004).
 */

/** GET /payslips/unprocessed-and-items-added: the period's payslips not yet processed, rate flags included. */
export async function listUnprocessed(db: DbOrTx, { year, month }: Period): Promise<UnprocessedRow[]> {
  await db.transaction((tx) => openPayrollPeriod(tx, year, month));
  const rows = await unprocessedRows(db, { year, month });
  const leavers = rows.filter((row) => row.last_day_of_service?.startsWith(periodKey(year, month)));
  const marks = await leaverMarksOf(db, { year, month }, rows);
  const prefilled = await separationItemsOf(
    db,
    leavers.map((row) => row.id),
  );
  return rows.map((row) => {
    const snapshot = snapshotRowOf(row);
    return {
      payslipId: row.id,
      processingStatus: row.status,
      user: {
        id: row.user_id,
        fullName: row.full_name,
        email: row.email,
        employmentInfo:
          row.hire_date === null
            ? null
            : {
                designation: row.designation as string,
                employmentStatus: row.employment_status as string,
                hireDate: row.hire_date,
                lastDayOfService: row.last_day_of_service,
              },
      },
      ...marks(row.user_id),
      ...(prefilled.has(row.id) && {
        leaverItems: (prefilled.get(row.id) ?? []).map((item) => ({
          type: item.type,
          amount: centsToAmount(item.amountCents),
        })),
      }),
      basicSalarySnapshot: centsToAmount(snapshot.basicSalarySnapshotCents),
      employeeCpfRateSnapshot: snapshot.employeeCpfRateSnapshot,
      employerCpfRateSnapshot: snapshot.employerCpfRateSnapshot,
      rateFlag: rateFlagOf(snapshot),
    };
  });
}

/**
 * What Process Pay marks on a row, processed or not: a leaver of the month's final pay date (their
 * separation says it), and whether the month's pay is withheld for IR21 (as the bank file does).
 */
async function leaverMarksOf(
  db: DbOrTx,
  { year, month }: Period,
  rows: readonly { user_id: number; last_day_of_service: string | null }[],
) {
  const leavers = rows.filter((row) => row.last_day_of_service?.startsWith(periodKey(year, month)));
  const finalPay = await finalPayDueOf(
    db,
    leavers.map((row) => row.user_id),
  );
  const terms = await withholdingOf(
    db,
    rows.map((row) => row.user_id),
  );
  const withheld = new Set(terms.filter((t) => withholdsMonth(t, year, month)).map((t) => t.userId));
  return (userId: number) => ({
    finalPayDue: finalPay.get(userId) ?? null,
    withheldForIr21: withheld.has(userId),
  });
}

/**
 * The columns Process Pay's Unprocessed List shows, as a `sql` template: a 7,000-row month through
 * the query builder spent more time mapping its nested rows than PostgreSQL took to read them.
 */
const unprocessedRows = (db: DbOrTx, { year, month }: Period) =>
  rowsOf<
    SnapshotText & {
      id: number;
      status: PayslipStatus;
      user_id: number;
      full_name: string;
      email: string;
      designation: string | null;
      employment_status: string | null;
      hire_date: string | null;
      last_day_of_service: string | null;
    }
  >(
    db,
    sql`select p.id, p.status, ${SNAPSHOT_COLUMNS}, u.id as user_id, u.full_name, u.email,
     ei.designation, ei.employment_status, ei.hire_date::text, ei.last_day_of_service::text
   from payslips p
     join users u on u.id = p.user_id
     left join employment_info ei on ei.user_id = p.user_id
   where p.year = ${year} and p.month = ${month} and p.status in ${payslipStatusesTagged('open')}
   order by u.full_name, u.id`,
  );

/** Processed payslips of a period (every employee), or of one employee (optionally one year). */
export async function listProcessed(
  db: DbOrTx,
  filter: Period | { userId: number; year?: number },
  /** A further condition on `p`: staff's own list leaves out months awaiting approval (issue 39). */
  only?: SQL,
): Promise<PayslipAggregate[]> {
  const rows = await processedRows(db, filter, only);
  // A month's list marks leavers and withheld pay as the Unprocessed List does; one employee's does not.
  const marks = 'userId' in filter ? null : await leaverMarksOf(db, filter, rows);
  return rows.map((row) => ({
    ...aggregateOf(
      {
        id: row.id,
        userId: row.user_id,
        year: row.year,
        month: row.month,
        status: row.status,
        payDate: row.pay_date,
        ...totalsRowOf(row),
      },
      row.full_name,
      row.items,
    ),
    ...marks?.(row.user_id),
    ...(row.claims === undefined
      ? {}
      : {
          claims: (row.claims ?? []).map((claim) => ({
            type: claim.type,
            date: claim.date,
            amount: centsToAmount(Number(claim.amountCents)),
          })),
        }),
    email: payslipEmailStateOf(
      row.email_status === null || row.email_updated_at === null
        ? null
        : {
            status: row.email_status,
            delivery: row.email_delivery,
            sentAt: row.email_sent_at === null ? null : new Date(row.email_sent_at),
            updatedAt: new Date(row.email_updated_at),
          },
    ),
  }));
}

/** GET /payslips/processed/totals: the Processed List's totals row, over every processed payslip of the period. */
export const processedTotals = (db: DbOrTx, { year, month }: Period): Promise<PayTotals> =>
  payTotalsOf(
    db,
    sql`p.year = ${year} and p.month = ${month} and p.status in ${payslipStatusesTagged('processed')}`,
  );

/** A processed payslip as the lists show it: its amounts (as text, see db/statements.ts) and its items counted. */
interface ProcessedRow extends TotalsText {
  id: number;
  user_id: number;
  year: number;
  month: number;
  status: PayslipStatus;
  pay_date: string | null;
  full_name: string;
  last_day_of_service: string | null;
  items: number;
  /** The payslip's latest send (issue 34), null when never e-mailed. */
  email_status: PayslipEmailStatus | null;
  email_delivery: MailDelivery | null;
  /** Milliseconds since the epoch: a number whatever the driver makes of a timestamp. */
  email_sent_at: number | null;
  email_updated_at: number | null;
  /** One employee's list only: the expense claims the payslip pays (issue 37), by date. */
  claims?: Array<{ type: string; date: string; amountCents: number }> | null;
}

/**
 * View Processed Records and Process Pay's Processed List (a period's, by name), or one employee's
 * (latest first), as a `sql` template: a 7,000-row month through the query builder spent more time
 * mapping rows than PostgreSQL took to read them.
 */
function processedRows(db: DbOrTx, filter: Period | { userId: number; year?: number }, only?: SQL) {
  const which =
    'userId' in filter
      ? sql`p.user_id = ${filter.userId}${filter.year === undefined ? sql`` : sql` and p.year = ${filter.year}`}`
      : sql`p.year = ${filter.year} and p.month = ${filter.month}`;
  const order = 'userId' in filter ? sql`p.year desc, p.month desc` : sql`u.full_name, u.id`;
  // The employee's own list (My Payslips) names each claim the payslip pays; a month's list does not.
  const claims =
    'userId' in filter
      ? sql`, (select json_agg(json_build_object('type', ct.name, 'date', c.date, 'amountCents', c.amount_cents)
          order by c.date, c.id) from pay_items i join claims c on c.pay_item_id = i.id
          join claim_types ct on ct.id = c.claim_type_id where i.payslip_id = p.id) as claims`
      : sql``;
  return rowsOf<ProcessedRow>(
    db,
    sql`select p.id, p.user_id, p.year, p.month, p.status, p.pay_date::text, ${TOTALS_COLUMNS}, u.full_name,
     ei.last_day_of_service::text,
     (select count(*)::int from pay_items i where i.payslip_id = p.id) as items,
     e.status as email_status, e.delivery as email_delivery,
     (extract(epoch from e.sent_at) * 1000)::float8 as email_sent_at,
     (extract(epoch from e.updated_at) * 1000)::float8 as email_updated_at${claims}
   from payslips p join users u on u.id = p.user_id
   left join employment_info ei on ei.user_id = p.user_id
   left join lateral (select status, delivery, sent_at, updated_at from payslip_emails pe
     where pe.payslip_id = p.id order by pe.id desc limit 1) e on true
   where ${which} and p.status in ${payslipStatusesTagged('processed')}${only ? sql` and ${only}` : sql``}
   order by ${order}`,
  );
}

/**
 * GET /users/{userId}/payslips?month&year: the payslip with its snapshot and figures: the stored
 * amounts once processed, otherwise what processing would store now (a preview with the same engine).
 */
export async function getPayslip(
  db: DbOrTx,
  { userId, year, month }: Period & { userId: number },
): Promise<PayslipDetail> {
  await db.transaction((tx) => openPayrollPeriod(tx, year, month, userId));
  return readPayslip(db, userId, { year, month });
}

/** One payslip as the API shows it (who may read it is the calling route's access rule). */
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
