import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PayslipEmailStatus } from '../../../domain/enums';
import {
  type PayslipEmailLifecycleEvent,
  payslipEmailMoves,
} from '../../../domain/lifecycles/payslip-email.lifecycle';
import type { DbOrTx } from '../../db/client';
import { payslipEmails } from '../../db/schema';
import { preparedFor } from '../../db/statements';

type Written = Pick<typeof payslipEmails.$inferInsert, 'attempts' | 'lastError' | 'sentAt' | 'delivery'>;
/** The columns an event writes beside the status (a value, or a prepared statement's placeholder). */
type EmailColumns = { [K in keyof Written]?: Written[K] | SQL };

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
  return moveQuery(db, moves, target);
}

function moveQuery(
  db: DbOrTx,
  moves: ReturnType<typeof payslipEmailMoves>,
  target: { where: SQL; set?: EmailColumns },
) {
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

/**
 * The hold (`payslipEmail.hold`) of one send by the try that claimed it (`id`, `attempts`), as
 * movePayslipEmails writes it but prepared once per database handle: each of a month's sends runs
 * it, and building the statement took some 0.1 ms each time.
 */
export const holdPayslipEmail = preparedFor((db) =>
  moveQuery(db, payslipEmailMoves({ type: 'payslipEmail.hold' }), {
    where: and(
      eq(payslipEmails.id, sql.placeholder('id')),
      eq(payslipEmails.attempts, sql.placeholder('attempts')),
    ) as SQL,
    // How the message left (the outbox or SMTP), for the Processed List to say (issue 34).
    set: { sentAt: null, lastError: null, delivery: sql`${sql.placeholder('delivery')}` },
  }).prepare('payslip_email_hold'),
);

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
