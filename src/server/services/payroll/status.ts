import { type SQL, sql } from 'drizzle-orm';
import type { PayslipStatus } from '../../../domain/enums';
import { type PayslipLifecycleEvent, payslipMoves } from '../../../domain/lifecycles/payslip.lifecycle';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/statements';

/**
 * The one writer of payslip status. Every change (an item added or removed, the unpaid-leave prefill,
 * processing, revert) is an event of the shared lifecycle: the payslips matching `where` (alias `p`)
 * that the lifecycle lets the event leave their status move to the status it leads to, in one
 * statement, with the event's other column changes (`set`, reading the optional `from` list). Rows
 * the event is not allowed from are left alone; the caller sees which moved.
 */
export async function movePayslips(
  tx: DbOrTx,
  event: PayslipLifecycleEvent,
  target: { where: SQL; set?: SQL; from?: SQL },
): Promise<Array<{ id: number; status: PayslipStatus }>> {
  const moves = payslipMoves(event);
  if (moves.length === 0) return [];
  const next = sql.join(
    moves.map(({ from, to }) => sql`when ${from} then ${to}`),
    sql` `,
  );
  const allowed = sql.join(
    moves.map(({ from }) => sql`${from}`),
    sql`, `,
  );
  return rowsOf(
    tx,
    sql`update payslips p set status = (case p.status ${next} end), updated_at = now()
          ${target.set ? sql`, ${target.set}` : sql``}
        ${target.from ? sql`from ${target.from}` : sql``}
        where (${target.where}) and p.status in (${allowed})
        returning p.id, p.status`,
  );
}
