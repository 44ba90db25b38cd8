import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { MailDelivery, PayslipEmailStatus } from '../../../domain/enums';
import {
  initialPayslipEmailStatus,
  payslipEmailStatusesTagged,
  payslipEmailStatusHasTag,
} from '../../../domain/lifecycles/payslip-email.lifecycle';
import {
  type EmailPayslipsAnswer,
  type EmailPayslipsRequest,
  type JobProgress,
  jobStatusOf,
} from '../../../domain/payslip-emails';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { payslipEmailJobs, payslipEmails, payslips } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { badRequest, notFound } from '../../lib/http-error';
import type { Actor } from '../actor';
import { writeAudit } from '../audit';
import { movePayslipEmails, statusList } from './email-status';
import { PAYSLIP_EMAIL_QUEUE } from './emails';
import { assertPayRunReleased } from './pay-runs';
import { isProcessedRow, periodLabel } from './repository';

/**
 * Asking for payslips by e-mail (issue 16) and following the job: a request becomes a job of one send
 * per processed payslip, queued for the workers of ./emails.
 */

/**
 * POST /payslips/email: queues one send per processed payslip of the month, leaving out (issue 33):
 * - a payslip with a send already queued or in hand, in this job or any other: a payslip has at most
 *   one (the unique index `payslip_emails_open_key`), so a double click or a resend clicked twenty
 *   times never queues a second copy. When nothing else is queued and one earlier job holds them, the
 *   answer is that job, for the screen to follow;
 * - without `resend`, a payslip e-mailed before;
 * - with `resend`, a payslip whose last copy went out less than RESEND_INTERVAL_MINUTES ago.
 * Requests for one month take turns (an advisory lock, as Retry failed does), so each reads the
 * others' sends as committed; the index is what guarantees it.
 */
export async function requestPayslipEmails(
  db: Db,
  queueOf: () => JobQueue,
  actor: Actor,
  request: EmailPayslipsRequest,
  delivery: MailDelivery,
): Promise<EmailPayslipsAnswer> {
  const { year, month, userIds, resend } = request;
  if (resend && !userIds)
    throw badRequest('Name the staff (userIds) whose payslips are to be sent again.', {
      code: 'RESEND_NEEDS_STAFF',
      field: 'userIds',
    });
  // A month awaiting its second administrator sends nothing (issue 39).
  await assertPayRunReleased(db, { year, month });
  // Before anything is written: without a queue nothing would ever send these.
  const queue = queueOf();
  const { jobId, queued, inProgress, alreadySent } = await db.transaction(async (tx) => {
    await lockMonthsEmails(tx, year, month);
    // Written out: drizzle leaves a select's own columns unqualified, and "id" would be the e-mail's.
    const sendsOf = (statuses: PayslipEmailStatus[]) =>
      sql`payslip_emails e where e.payslip_id = payslips.id and e.status in (${statusList(statuses)})`;
    const candidates = await tx
      .select({
        payslipId: payslips.id,
        userId: payslips.userId,
        heldBy: sql<
          string | null
        >`(select e.job_id from ${sendsOf(payslipEmailStatusesTagged('open'))} limit 1)`,
        sent: sql<boolean>`exists (select 1 from ${sendsOf(payslipEmailStatusesTagged('delivered'))})`,
        sentRecently: sql<boolean>`exists (select 1 from ${sendsOf(payslipEmailStatusesTagged('delivered'))}
          and coalesce(e.sent_at, e.updated_at) > now() - make_interval(mins => ${RESEND_INTERVAL_MINUTES}))`,
      })
      .from(payslips)
      .where(
        and(
          eq(payslips.year, year),
          eq(payslips.month, month),
          isProcessedRow(),
          userIds ? inArray(payslips.userId, userIds) : undefined,
        ),
      )
      .orderBy(asc(payslips.id));
    const held = candidates.filter((row) => row.heldBy !== null);
    const free = candidates.filter((row) => row.heldBy === null);
    const toSend = free.filter((row) => !(resend ? row.sentRecently : row.sent));
    const alreadySent = free.length - toSend.length;
    const holders = new Set(held.map((row) => row.heldBy));
    const [holder] = holders;
    // Nothing new, and one earlier job holds what was asked for: that job is the answer.
    if (toSend.length === 0 && holders.size === 1 && holder) {
      return { jobId: holder, queued: [], inProgress: held.length, alreadySent };
    }
    const [job] = await tx
      .insert(payslipEmailJobs)
      .values({ year, month, requestedById: actor.id })
      .returning({ id: payslipEmailJobs.id });
    if (!job) throw new Error('the job row was not created');
    // A payslip another send holds by now is not queued: the unique index of open sends refuses it.
    const rows =
      toSend.length === 0
        ? []
        : await tx
            .insert(payslipEmails)
            .values(
              toSend.map((row) => ({
                jobId: job.id,
                payslipId: row.payslipId,
                userId: row.userId,
                status: initialPayslipEmailStatus,
              })),
            )
            .onConflictDoNothing()
            .returning({ id: payslipEmails.id });
    const inProgress = held.length + toSend.length - rows.length;
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'payslips.emailRequested',
      entity: 'payroll',
      entityId: `${year}-${month}`,
      details: { jobId: job.id, queued: rows.length, alreadySent, inProgress, resend },
    });
    return { jobId: job.id, queued: rows, inProgress, alreadySent };
  });
  // After the commit, so a worker never meets a send whose row is not there yet.
  await enqueue(
    queue,
    queued.map((row) => row.id),
  );
  return {
    jobId,
    total: queued.length,
    skipped: inProgress + alreadySent,
    inProgress,
    alreadySent,
    message: requestMessage(periodLabel(year, month), {
      queued: queued.length,
      inProgress,
      alreadySent,
      resend,
      delivery,
    }),
    delivery,
  };
}

/** The shortest time between two copies of one payslip e-mailed on request (issue 33). */
export const RESEND_INTERVAL_MINUTES = 10;

/** E-mail requests and Retry failed of one month take turns: each then reads the others' sends as committed. */
const lockMonthsEmails = (tx: Tx, year: number, month: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('payslip-emails'), ${year * 100 + month})`);

const payslipsCount = (n: number) => `${n} payslip${n === 1 ? '' : 's'}`;

function requestMessage(
  period: string,
  counts: {
    queued: number;
    inProgress: number;
    alreadySent: number;
    resend: boolean | undefined;
    delivery: MailDelivery;
  },
) {
  const { queued, inProgress, alreadySent, resend, delivery } = counts;
  if (queued === 0 && inProgress === 0 && alreadySent === 0) return `No payslip of ${period} is processed.`;
  if (queued === 0 && inProgress === 0 && !resend) {
    return `Every processed payslip of ${period} has been e-mailed already; nothing was sent again.`;
  }
  const leftOut = [
    inProgress > 0 ? `${payslipsCount(inProgress)} being e-mailed already` : '',
    alreadySent === 0
      ? ''
      : resend
        ? `${payslipsCount(alreadySent)} e-mailed less than ${RESEND_INTERVAL_MINUTES} minutes ago (a payslip is sent again at most once every ${RESEND_INTERVAL_MINUTES} minutes)`
        : `${payslipsCount(alreadySent)} already e-mailed`,
  ].filter((part) => part !== '');
  if (queued === 0) return `Nothing was queued for ${period}: ${leftOut.join(' and ')}.`;
  // Without SMTP nothing leaves the machine: the answer says where the messages go (issue 34).
  const being =
    delivery === 'OUTBOX'
      ? `${payslipsCount(queued)} of ${period} ${queued === 1 ? 'is' : 'are'} being kept in the outbox (e-mail is not set up)`
      : `${queued} payslips of ${period} are being e-mailed`;
  return leftOut.length === 0 ? `${being}.` : `${being}; left out: ${leftOut.join(' and ')}.`;
}

async function enqueue(queue: JobQueue, emailIds: readonly number[]) {
  if (emailIds.length === 0) return;
  await queue.insert(emailIds.map((emailId) => ({ name: PAYSLIP_EMAIL_QUEUE, data: { emailId } })));
}

/** GET /jobs/{id}: how far a job has come, with each failure's reason. */
export async function jobProgress(db: DbOrTx, jobId: string, delivery: MailDelivery): Promise<JobProgress> {
  const [job] = await db.select().from(payslipEmailJobs).where(eq(payslipEmailJobs.id, jobId));
  if (!job) throw notFound('Job not found.');
  const tallies = await db
    .select({
      status: payslipEmails.status,
      n: count(),
      tried: sql<number>`sum(${payslipEmails.attempts})`,
      accepted: sql<number>`count(${payslipEmails.sentAt})`,
    })
    .from(payslipEmails)
    .where(eq(payslipEmails.jobId, jobId))
    .groupBy(payslipEmails.status);
  const sum = (count: (row: (typeof tallies)[number]) => number | null) =>
    tallies.reduce((total, row) => total + Number(count(row) ?? 0), 0);
  const total = sum((row) => row.n);
  const tried = sum((row) => row.tried);
  // Done: accepted by the server. A send recorded but not yet answered is still in hand.
  const done = sum((row) => (payslipEmailStatusHasTag(row.status, 'delivered') ? row.accepted : 0));
  const failed = sum((row) => (payslipEmailStatusHasTag(row.status, 'givenUp') ? row.n : 0));
  const errors =
    failed === 0
      ? []
      : await db
          .select({ userId: payslipEmails.userId, message: payslipEmails.lastError })
          .from(payslipEmails)
          .where(
            and(
              eq(payslipEmails.jobId, jobId),
              inArray(payslipEmails.status, payslipEmailStatusesTagged('givenUp')),
            ),
          )
          .orderBy(asc(payslipEmails.id));
  return {
    id: job.id,
    kind: 'payslipEmails',
    status: jobStatusOf({ total, tried, done, failed }),
    total,
    done,
    failed,
    errors: errors.map((row) => ({ userId: row.userId, message: row.message ?? 'Not sent.' })),
    delivery,
  };
}

/**
 * POST /jobs/{id}/retry: the job's failed sends are tried again, from their first attempt; not one
 * whose payslip another request has queued or in hand, or has e-mailed since (issue 33).
 */
export async function retryFailedSends(
  db: Db,
  queueOf: () => JobQueue,
  jobId: string,
  delivery: MailDelivery,
) {
  const queue = queueOf();
  const retried = await db.transaction(async (tx) => {
    const [job] = await tx.select().from(payslipEmailJobs).where(eq(payslipEmailJobs.id, jobId));
    if (!job) throw notFound('Job not found.');
    await assertPayRunReleased(tx, job);
    await lockMonthsEmails(tx, job.year, job.month);
    return movePayslipEmails(
      tx,
      { type: 'payslipEmail.retry' },
      {
        where: and(
          eq(payslipEmails.jobId, jobId),
          sql`not exists (select 1 from payslip_emails o where o.payslip_id = payslip_emails.payslip_id
            and (o.status in (${statusList(payslipEmailStatusesTagged('open'))})
              or (o.status in (${statusList(payslipEmailStatusesTagged('delivered'))}) and o.id > payslip_emails.id)))`,
        ) as SQL,
        set: { attempts: 0, lastError: null },
      },
    );
  });
  await enqueue(
    queue,
    retried.map((row) => row.id),
  );
  return jobProgress(db, jobId, delivery);
}
