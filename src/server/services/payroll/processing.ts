import { and, count, eq, sql } from 'drizzle-orm';
import { isProcessedPayslip, payslipStatusesTagged } from '../../../domain/lifecycles/payslip.lifecycle';
import { attempt, computeRunPayslip, type PayslipItem, type PayslipTotals } from '../../../domain/payroll';
import type {
  BulkProcess,
  BulkProcessPreview,
  BulkProcessResult,
  PayslipAggregate,
} from '../../../domain/payslips';
import type { DbOrTx, Tx } from '../../db/client';
import { payItems, payslips, users } from '../../db/schema';
import { rowsOf } from '../../db/statements';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import type { Actor } from '../actor';
import { writeAudit, writeAudits } from '../audit';
import { moveCarriedClaims, placeOwedClaims } from './claim-items';
import { freezeIdentities, releaseIdentity } from './identities';
import { payslipsChanging } from './pay-runs';
import { openPayrollPeriod } from './period-rows';
import {
  aggregateOf,
  assertPayslipAllows,
  emptyYearToDate,
  ITEMS_COLUMN,
  inIds,
  isProcessedRow,
  lockEmployees,
  type PayslipRow,
  type Period,
  payTotalsOf,
  periodLabel,
  SNAPSHOT_COLUMNS,
  type SnapshotText,
  snapshotOf,
  snapshotRowOf,
  totalsFromRow,
  yearToDate,
} from './repository';
import { movePayslips } from './status';

/** "Tan Wei Ming, Siti Nur and 3 more" for messages about many employees. */
const someNames = (names: string[]) =>
  names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;

/**
 * POST /payslips/bulk-process: computes every selected payslip with the engine and stores every
 * amount and the pay date in one transaction. Set-based: a handful of statements whatever the
 * number of employees. Idempotent: payslips already processed are left exactly as they are and
 * counted as skipped. Employees and then rows are locked first, so a concurrent run, item change,
 * revert or deletion waits and then sees the outcome.
 */
export async function bulkProcess(db: DbOrTx, actor: Actor, input: BulkProcess): Promise<BulkProcessResult> {
  return db.transaction(async (tx) => {
    const run = await processAll(tx, actor, input);
    return { processed: run.ids.length, skipped: run.skipped };
  });
}

/** Thrown to roll a preview's run back once its totals are read. */
class PreviewDone extends Error {
  constructor(readonly preview: BulkProcessPreview) {
    super('preview rolled back');
  }
}

/**
 * POST /payslips/bulk-process/preview: Process Pay's confirmation. The run is made exactly as
 * bulk-process makes it (same locks, refusals and statements), its stored amounts are added up, and
 * the transaction is rolled back: the figures are what processing would store, to the cent, and
 * nothing is kept (not even the audit row).
 */
export async function previewBulkProcess(
  db: DbOrTx,
  actor: Actor,
  input: BulkProcess,
): Promise<BulkProcessPreview> {
  try {
    await db.transaction(async (tx) => {
      const run = await processAll(tx, actor, input);
      throw new PreviewDone({
        skipped: run.skipped,
        totals: await payTotalsOf(tx, inIds(sql`p.id`, run.ids)),
      });
    });
  } catch (error) {
    if (error instanceof PreviewDone) return error.preview;
    throw error;
  }
  throw new Error('previewBulkProcess: the run was not rolled back');
}

/** Every period of the request, earlier months first: a later month's year-to-date figures read them. */
async function processAll(tx: Tx, actor: Actor, input: BulkProcess) {
  const periods = new Map<string, { year: number; month: number; userIds: number[] }>();
  for (const entry of input.payslips) {
    const key = `${entry.year}-${String(entry.month).padStart(2, '0')}`;
    const group = periods.get(key) ?? { year: entry.year, month: entry.month, userIds: [] };
    group.userIds.push(entry.userId);
    periods.set(key, group);
  }
  const ids: number[] = [];
  let skipped = 0;
  for (const key of [...periods.keys()].sort()) {
    const group = periods.get(key) as { year: number; month: number; userIds: number[] };
    const result = await processPeriod(tx, actor, input.payDate, group.year, group.month, [
      ...new Set(group.userIds),
    ]);
    ids.push(...result.ids);
    skipped += result.skipped;
  }
  return { ids, skipped };
}

async function processPeriod(
  tx: Tx,
  actor: Actor,
  payDate: string,
  year: number,
  month: number,
  userIds: number[],
): Promise<{ ids: number[]; skipped: number }> {
  const inPeriod = and(eq(payslips.year, year), eq(payslips.month, month), inIds(payslips.userId, userIds));
  await lockEmployees(tx, userIds);
  await refuseMonthsPaidBefore(tx, year, month, userIds);
  // Then the selected payslips, in id order, so concurrent runs cannot deadlock. Rows not created yet
  // (the period was never listed) are created first. Counted in the statement: the rows locked and
  // those of them already processed.
  const lockRows = async () => {
    const [row] = await rowsOf<{ locked: number; processed: number }>(
      tx,
      sql`select count(*)::int as locked, count(*) filter (where processed)::int as processed
          from (select ${isProcessedRow()} as processed from ${payslips} where ${inPeriod}
            order by ${payslips.id} for update) held`,
    );
    return row ?? { locked: 0, processed: 0 };
  };
  let rows = await lockRows();
  if (rows.locked < userIds.length) {
    await openPayrollPeriod(tx, year, month);
    rows = await lockRows();
  }
  if (rows.locked < userIds.length) {
    throw notFound(
      `${userIds.length - rows.locked} of the selected employees have no payslip for ${periodLabel(year, month)}.`,
    );
  }
  const skipped = rows.processed;
  if (skipped === rows.locked) return { ids: [], skipped };
  // The month's pay run after the payslips' locks: a submitted run reopens, an approved one refuses.
  await payslipsChanging(tx, actor, { year, month }, 'process');

  // Claims owed up to this month that no payslip carries yet (approved while the month had none) join now.
  await placeOwedClaims(tx, { year, month, where: inIds(sql`c.user_id`, userIds) });
  // Read after the locks are held, so items added or payslips reverted just before are seen. One after
  // another: a transaction is one connection, which runs one statement at a time anyway.
  const candidates = await candidatesOf(tx, { year, month }, userIds);
  const ytd = await yearToDate(tx, { year, month }, userIds);

  // A later processed month of the same year already counted this month as zero in its
  // year-to-date figures: processing this one now would make that month wrong.
  const later = candidates
    .filter((row) => ytd.get(row.user_id)?.laterMonth != null)
    .sort((a, b) => a.full_name.localeCompare(b.full_name));
  if (later.length > 0) {
    throw conflict(
      `${someNames(later.map((row) => `${row.full_name} (${periodLabel(year, Number(ytd.get(row.user_id)?.laterMonth))})`))} already ${later.length === 1 ? 'has' : 'have'} a later processed month. Revert the later months first.`,
    );
  }

  const failures: string[] = [];
  const results: Array<PayslipTotals & { id: number }> = [];
  for (const row of candidates) {
    const outcome = attempt(() =>
      computeRunPayslip({
        year,
        month,
        snapshot: snapshotOf(snapshotRowOf(row)),
        items: row.items,
        yearToDate: ytd.get(row.user_id) ?? emptyYearToDate,
        lastDayOfService: row.last_day_of_service,
      }),
    );
    if (outcome.ok) results.push({ ...outcome.value, id: row.id });
    else failures.push(`${row.full_name}: ${outcome.message}`);
  }
  if (failures.length > 0) {
    throw new HttpError(422, `No payslip was processed. ${someNames(failures)}.`);
  }

  // One typed array per column, unnested into rows: PostgreSQL reads int arrays far faster than it
  // takes 13 fields apart from each of 7,000 JSON elements.
  const column = (pick: (r: (typeof results)[number]) => number) => `{${results.map(pick).join(',')}}`;
  const updated = await movePayslips(
    tx,
    { type: 'payslip.process' },
    {
      set: sql`pay_date = ${payDate}, processed_at = now(), processed_by_id = ${actor.id},
          ordinary_wage_cents = r.ow, additional_wage_cents = r.aw, gross_pay_cents = r.gross,
          employee_cpf_cents = r.employee_cpf, employer_cpf_cents = r.employer_cpf, shg_cents = r.shg,
          sdl_cents = r.sdl, net_pay_cents = r.net, other_items_cents = r.other,
          net_payable_cents = r.net_payable, cpf_ow_subject_cents = r.ow_subject,
          cpf_aw_subject_cents = r.aw_subject`,
      from: sql`unnest(${column((r) => r.id)}::int[], ${column((r) => r.ordinaryWageCents)}::bigint[],
          ${column((r) => r.additionalWageCents)}::bigint[], ${column((r) => r.grossPayCents)}::bigint[],
          ${column((r) => r.employeeCpfCents)}::bigint[], ${column((r) => r.employerCpfCents)}::bigint[],
          ${column((r) => r.shgCents)}::bigint[], ${column((r) => r.sdlCents)}::numeric[],
          ${column((r) => r.netPayCents)}::bigint[], ${column((r) => r.otherItemsCents)}::bigint[],
          ${column((r) => r.netPayableCents)}::bigint[], ${column((r) => r.cpfOwSubjectCents)}::bigint[],
          ${column((r) => r.cpfAwSubjectCents)}::bigint[])
          as r(id, ow, aw, gross, employee_cpf, employer_cpf, shg, sdl, net, other, net_payable, ow_subject, aw_subject)`,
      where: sql`p.id = r.id`,
    },
  );
  // The claims these payslips carry are paid with them.
  await moveCarriedClaims(
    tx,
    actor,
    'claim.pay',
    updated.map((row) => row.id),
  );
  // Whom each payslip paid, as of now: the month's files read these, never the current records.
  await freezeIdentities(
    tx,
    updated.map((row) => row.id),
  );
  // One audit entry per run and period: who processed which payslips, with which pay date.
  await writeAudit(tx, {
    actorUserId: actor.id,
    action: 'payslips.processed',
    entity: 'payslip',
    entityId: null,
    details: { year, month, payDate, payslipIds: updated.map((row) => row.id), skipped },
  });
  // And one per payslip, on its own record: its status and the figures it was paid with.
  const candidateOf = new Map(candidates.map((row) => [row.id, row]));
  const figuresOf = new Map(results.map((row) => [row.id, row]));
  await writeAudits(
    tx,
    updated.map((moved) => {
      const figures = figuresOf.get(moved.id);
      return {
        actorUserId: actor.id,
        subjectUserId: candidateOf.get(moved.id)?.user_id ?? null,
        action: 'payslip.processed',
        entity: 'payslip',
        entityId: moved.id,
        details: {
          before: { status: candidateOf.get(moved.id)?.status ?? null },
          after: {
            status: moved.status,
            payDate,
            grossPayCents: figures?.grossPayCents ?? null,
            employeeCpfCents: figures?.employeeCpfCents ?? null,
            employerCpfCents: figures?.employerCpfCents ?? null,
            netPayCents: figures?.netPayCents ?? null,
          },
        },
      };
    }),
  );
  return { ids: updated.map((row) => row.id), skipped };
}

/** A month an opening year to date covers was paid before the company used the product: never here. */
async function refuseMonthsPaidBefore(tx: Tx, year: number, month: number, userIds: readonly number[]) {
  const covered = await rowsOf<{ full_name: string; through_month: number }>(
    tx,
    sql`select u.full_name, o.through_month from opening_ytd o join users u on u.id = o.user_id
     where o.year = ${year} and o.through_month >= ${month} and ${inIds(sql`o.user_id`, userIds)}
     order by u.full_name`,
  );
  if (covered.length === 0) return;
  throw conflict(
    `${someNames(covered.map((row) => `${row.full_name} (paid before up to ${periodLabel(year, row.through_month)})`))}: ${periodLabel(year, month)} was paid before the company used this system, as the opening year to date says.`,
  );
}

/**
 * The selected payslips of a period not yet processed, with what the engine takes: the snapshot,
 * the items (as JSON), the last day of service, and the name its messages use.
 */
const candidatesOf = (tx: Tx, { year, month }: Period, userIds: readonly number[]) =>
  rowsOf<
    SnapshotText & {
      id: number;
      user_id: number;
      status: PayslipRow['status'];
      full_name: string;
      last_day_of_service: string | null;
      items: PayslipItem[];
    }
  >(
    tx,
    sql`select p.id, p.user_id, p.status, ${SNAPSHOT_COLUMNS}, u.full_name, ei.last_day_of_service::text,
     ${ITEMS_COLUMN} as items
   from payslips p
     join users u on u.id = p.user_id
     left join employment_info ei on ei.user_id = p.user_id
   where p.year = ${year} and p.month = ${month} and ${inIds(sql`p.user_id`, userIds)}
     and p.status not in ${payslipStatusesTagged('processed')}`,
  );

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
  if (isProcessedPayslip(requested)) {
    throw badRequest('Payslips are processed with a pay date through bulk processing.', {
      code: 'PAYSLIP_PROCESSED_IN_BULK',
      field: 'status',
    });
  }
  return db.transaction(async (tx) => {
    // The employee first, as processing does: a revert and the processing of a later month of the
    // same employee take turns, so "only the latest processed month" holds when they race.
    const [owner] = await tx
      .select({ userId: payslips.userId })
      .from(payslips)
      .where(eq(payslips.id, payslipId));
    if (!owner) throw notFound('Payslip not found.');
    await lockEmployees(tx, [owner.userId]);
    const [row] = await tx.select().from(payslips).where(eq(payslips.id, payslipId)).for('update');
    if (!row) throw notFound('Payslip not found.');
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(payItems)
      .where(eq(payItems.payslipId, row.id));
    const event = { type: 'payslip.revert', itemCount: n } as const;
    assertPayslipAllows(row, event, `The payslip for ${periodLabel(row.year, row.month)} is not processed.`);
    await payslipsChanging(tx, actor, { year: row.year, month: row.month }, 'revert');
    const ytd = await yearToDate(tx, row, [row.userId]);
    const latestMonth = ytd.get(row.userId)?.latestMonth;
    if (latestMonth != null) {
      throw conflict(
        `Revert ${periodLabel(row.year, latestMonth)} first: later months of ${row.year} depend on this payslip's year-to-date figures.`,
      );
    }
    const [user] = await tx.select({ name: users.fullName }).from(users).where(eq(users.id, row.userId));
    const [moved] = await movePayslips(tx, event, {
      set: sql`pay_date = null, processed_at = null, processed_by_id = null, ordinary_wage_cents = 0,
          additional_wage_cents = 0, gross_pay_cents = 0, employee_cpf_cents = 0, employer_cpf_cents = 0,
          shg_cents = 0, sdl_cents = 0, net_pay_cents = 0, other_items_cents = 0, net_payable_cents = 0,
          cpf_ow_subject_cents = 0, cpf_aw_subject_cents = 0`,
      where: sql`p.id = ${row.id}`,
    });
    if (!moved) throw new Error('payslip not reverted');
    await releaseIdentity(tx, row.id);
    // Its claims are owed again, still on this payslip.
    await moveCarriedClaims(tx, actor, 'claim.unpay', [row.id]);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'payslip.reverted',
      entity: 'payslip',
      entityId: row.id,
      subjectUserId: row.userId,
      details: {
        before: { status: row.status, payDate: row.payDate, ...totalsFromRow(row) },
        after: { status: moved.status, payDate: null },
      },
    });
    const [updated] = await tx.select().from(payslips).where(eq(payslips.id, row.id));
    return aggregateOf(updated as PayslipRow, user?.name ?? '', n);
  });
}
