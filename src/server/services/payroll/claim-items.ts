import { type SQL, sql } from 'drizzle-orm';
import { COMPANY_TIME_ZONE } from '../../../domain/dates';
import {
  type ClaimLifecycleEventType,
  claimMoves,
  claimStatusesTagged,
} from '../../../domain/lifecycles/claim.lifecycle';
import { payslipStatusesTagged } from '../../../domain/lifecycles/payslip.lifecycle';
import type { PayItemSource } from '../../../domain/payroll';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/statements';
import type { Actor } from '../actor';
import { writeAudits } from '../audit';
import { inIds } from './repository';
import { movePayslips } from './status';

/**
 * Approved expense claims paid with the month's pay (issue 37 item 3). Each claim becomes one
 * OTHER_ADDITION item marked `source = 'CLAIM'`, linked from `claims.pay_item_id`, on the employee's
 * open payslip of the month it was approved in (Asia/Singapore), or of the first later month whose
 * payslip is not processed. A claim approved while its month has no payslip yet waits: opening the
 * period or processing it takes the claims owed up to that month. Processing makes them PAID; a
 * revert makes them APPROVED again, still on that payslip. Callers hold the employees' `users` rows.
 */

const SOURCE: PayItemSource = 'CLAIM';

const monthIndex = (year: number, month: number) => year * 12 + month - 1;
/** The Asia/Singapore month of the decision as year * 12 + month - 1. */
const decidedMonthIndex = sql`(extract(year from c.decided_at at time zone ${COMPANY_TIME_ZONE}) * 12
  + extract(month from c.decided_at at time zone ${COMPANY_TIME_ZONE}) - 1)`;

/**
 * Puts the owed claims matching `where` (alias `c`) that no payslip carries yet, decided in the month
 * or before, on their owners' open payslips of the month: one item each, ids taken first so each
 * claim can point at its own. Answers the claims placed.
 */
export async function placeOwedClaims(
  tx: DbOrTx,
  { year, month, where }: { year: number; month: number; where: SQL },
): Promise<Array<{ claim_id: number; payslip_id: number }>> {
  const placed = await rowsOf<{ claim_id: number; payslip_id: number }>(
    tx,
    sql`with owed as materialized (
        select c.id as claim_id, p.id as payslip_id, c.amount_cents, ct.taxable,
          nextval(pg_get_serial_sequence('pay_items', 'id')) as item_id
        from claims c
          join claim_types ct on ct.id = c.claim_type_id
          join payslips p on p.user_id = c.user_id and p.year = ${year} and p.month = ${month}
        where (${where}) and c.pay_item_id is null and c.status in ${claimStatusesTagged('owed')}
          and p.status not in ${payslipStatusesTagged('processed')}
          and ${decidedMonthIndex} <= ${monthIndex(year, month)}
        order by c.id
      ), items as (
        insert into pay_items (id, payslip_id, kind, type, amount_cents, source)
        overriding system value
        select item_id, payslip_id, 'OTHER_ADDITION',
          case when taxable then 'TAXABLE_EXPENSE_CLAIM' else 'EXPENSE_CLAIM' end, amount_cents, ${SOURCE}
        from owed
        returning id
      ), linked as (
        update claims c set pay_item_id = o.item_id from owed o where c.id = o.claim_id returning c.id
      )
      select claim_id, payslip_id from owed`,
  );
  if (placed.length > 0) {
    await movePayslips(
      tx,
      { type: 'payItem.add' },
      {
        where: inIds(
          sql`p.id`,
          placed.map((row) => row.payslip_id),
        ),
      },
    );
  }
  return placed;
}

/**
 * After an approval (the owner's `users` row held): the claim goes on the payslip of the decision's
 * month, or the first later month not processed. When that month has no payslip yet the claim waits
 * for the period's opening. Answers the payslip it went on, if any.
 */
export async function placeApprovedClaim(
  tx: DbOrTx,
  claim: { id: number; userId: number; decidedAt: Date },
): Promise<{ payslipId: number; year: number; month: number } | null> {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: COMPANY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
  })
    .format(claim.decidedAt)
    .split('-')
    .map(Number) as [number, number];
  const held = await rowsOf<{ id: number; year: number; month: number; processed: boolean }>(
    tx,
    sql`select id, year, month, status in ${payslipStatusesTagged('processed')} as processed
        from payslips where user_id = ${claim.userId} and year * 12 + month - 1 >= ${monthIndex(year, month)}
        order by year, month for update`,
  );
  let target = monthIndex(year, month);
  for (const payslip of held) {
    if (monthIndex(payslip.year, payslip.month) !== target) break;
    if (!payslip.processed) {
      const [placed] = await placeOwedClaims(tx, {
        year: payslip.year,
        month: payslip.month,
        where: sql`c.id = ${claim.id}`,
      });
      return placed ? { payslipId: placed.payslip_id, year: payslip.year, month: payslip.month } : null;
    }
    target += 1;
  }
  return null;
}

/**
 * Moves the claims carried by the payslips `payslipIds` through the claim lifecycle (claim.pay when
 * they are processed, claim.unpay when reverted), with an audit row each, in the caller's transaction.
 */
export async function moveCarriedClaims(
  tx: DbOrTx,
  actor: Actor,
  type: Extract<ClaimLifecycleEventType, 'claim.pay' | 'claim.unpay'>,
  payslipIds: readonly number[],
) {
  if (payslipIds.length === 0) return [];
  const moves = claimMoves(type);
  const next = sql.join(
    moves.map(({ from, to }) => sql`when ${from} then ${to}`),
    sql` `,
  );
  const moved = await rowsOf<{
    id: number;
    user_id: number;
    status: string;
    before: string;
    payslip_id: number;
  }>(
    tx,
    sql`update claims c set status = (case c.status ${next} end), updated_at = now()
        from (select c0.id, c0.status as before, i.payslip_id from claims c0
          join pay_items i on i.id = c0.pay_item_id
          where ${inIds(sql`i.payslip_id`, payslipIds)} and c0.status in ${moves.map((m) => m.from)}
          ) old
        where c.id = old.id
        returning c.id, c.user_id, c.status, old.before, old.payslip_id`,
  );
  await writeAudits(
    tx,
    moved.map((row) => ({
      actorUserId: actor.id,
      subjectUserId: row.user_id,
      action: type === 'claim.pay' ? 'claim.paid' : 'claim.unpaid',
      entity: 'claim',
      entityId: row.id,
      details: { payslipId: row.payslip_id, before: { status: row.before }, after: { status: row.status } },
    })),
  );
  return moved;
}
