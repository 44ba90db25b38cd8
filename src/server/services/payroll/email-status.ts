import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { PayslipEmailStatus } from '../../../domain/enums';
import {
  type PayslipEmailLifecycleEvent,
  payslipEmailMoves,
} from '../../../domain/lifecycles/payslip-email.lifecycle';
import type { DbOrTx } from '../../db/client';
import { payslipEmails } from '../../db/schema';

/** The columns an event writes beside the status. */
type EmailColumns = Partial<Pick<typeof payslipEmails.$inferInsert, 'attempts' | 'lastError' | 'sentAt'>>;

/**
 * The one writer of a payslip e-mail's status (decision 0004), as `movePayslips` is of a payslip's:
 * the sends matching `where` whose status the lifecycle lets the event leave move to the status it
 * leads to, with the event's other columns, in one statement. Sends the event is not allowed from are
 * left alone; the caller sees which moved.
 */
export async function movePayslipEmails(
  db: DbOrTx,
  event: PayslipEmailLifecycleEvent,
  target: { where: SQL; set?: EmailColumns },
): Promise<Array<{ id: number; status: PayslipEmailStatus }>> {
  const moves = payslipEmailMoves(event);
  if (moves.length === 0) return [];
  return db
    .update(payslipEmails)
    .set({ ...target.set, status: sql`(case ${payslipEmails.status} ${whens(moves)} end)` })
    .where(
      and(
        target.where,
        inArray(
          payslipEmails.status,
          moves.map(({ from }) => from),
        ),
      ),
    )
    .returning({ id: payslipEmails.id, status: payslipEmails.status });
}

/** `when <from> then <to>` of each move, for a `case <status>` expression. */
export const whens = (moves: ReadonlyArray<{ from: PayslipEmailStatus; to: PayslipEmailStatus }>) =>
  sql.join(
    moves.map(({ from, to }) => sql`when ${from} then ${to}`),
    sql` `,
  );

/** The statuses as a list of parameters, for `in (...)`. */
export const statusList = (statuses: readonly PayslipEmailStatus[]) =>
  sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );
