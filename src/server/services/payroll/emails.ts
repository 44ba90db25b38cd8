import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PayslipEmailStatus } from '../../../domain/enums';
import {
  initialPayslipEmailStatus,
  payslipEmailMoves,
  payslipEmailStatusesTagged,
  payslipEmailStatusHasTag,
} from '../../../domain/lifecycles/payslip-email.lifecycle';
import {
  type EmailPayslipsAnswer,
  type EmailPayslipsRequest,
  type JobProgress,
  jobStatusOf,
} from '../../../domain/payslip-emails';
import { MONTH_NAMES } from '../../../domain/payslip-labels';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { payslipEmailJobs, payslipEmails, payslips } from '../../db/schema';
import { rowsOf } from '../../db/statements';
import type { JobQueue } from '../../jobs/queue';
import { badRequest, notFound } from '../../lib/http-error';
import type { Actor } from '../actor';
import { writeAudit } from '../audit';
import type { CompanyDefaults } from '../company';
import type { Mailer } from '../mail';
import { payslipPdf } from './documents';
import { movePayslipEmails, statusList, whens } from './email-status';
import { isProcessedRow } from './repository';

/**
 * Payslips by e-mail (issue 16): a request becomes a job of one send per processed payslip, each
 * worked from the job queue. A send's row is its idempotency key: it is marked sent in the
 * transaction after the SMTP server accepted the message, and a row marked sent is never sent again,
 * however often its queue job is retried.
 */

export const PAYSLIP_EMAIL_QUEUE = 'payslip-email';

export interface SendPolicy {
  /** Tries of one send before it is reported as failed. */
  attempts: number;
  /** Seconds before the first retry; each next one waits about twice as long. */
  retryDelaySeconds: number;
  /** A send that runs longer (its worker died) is tried again after this many seconds. */
  expireSeconds: number;
}

/** A send takes well under a second; one not finished in a minute had its worker die (SMTP timeouts: mail.ts). */
export const DEFAULT_SEND_POLICY: SendPolicy = { attempts: 5, retryDelaySeconds: 10, expireSeconds: 60 };

const periodName = (year: number, month: number) => `${MONTH_NAMES[month - 1]} ${year}`;

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
): Promise<EmailPayslipsAnswer> {
  const { year, month, userIds, resend } = request;
  if (resend && !userIds)
    throw badRequest('Name the staff (userIds) whose payslips are to be sent again.', {
      code: 'RESEND_NEEDS_STAFF',
      field: 'userIds',
    });
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
    message: requestMessage(periodName(year, month), {
      queued: queued.length,
      inProgress,
      alreadySent,
      resend,
    }),
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
  counts: { queued: number; inProgress: number; alreadySent: number; resend: boolean | undefined },
) {
  const { queued, inProgress, alreadySent, resend } = counts;
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
  const being = `${queued} payslips of ${period} are being e-mailed`;
  return leftOut.length === 0 ? `${being}.` : `${being}; left out: ${leftOut.join(' and ')}.`;
}

async function enqueue(queue: JobQueue, emailIds: readonly number[]) {
  if (emailIds.length === 0) return;
  await queue.insert(emailIds.map((emailId) => ({ name: PAYSLIP_EMAIL_QUEUE, data: { emailId } })));
}

/** GET /jobs/{id}: how far a job has come, with each failure's reason. */
export async function jobProgress(db: DbOrTx, jobId: string): Promise<JobProgress> {
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
  };
}

/**
 * POST /jobs/{id}/retry: the job's failed sends are tried again, from their first attempt; not one
 * whose payslip another request has queued or in hand, or has e-mailed since (issue 33).
 */
export async function retryFailedSends(db: Db, queueOf: () => JobQueue, jobId: string) {
  const queue = queueOf();
  const retried = await db.transaction(async (tx) => {
    const [job] = await tx.select().from(payslipEmailJobs).where(eq(payslipEmailJobs.id, jobId));
    if (!job) throw notFound('Job not found.');
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
  return jobProgress(db, jobId);
}

export interface SendDeps {
  db: Db;
  mailer: Mailer;
  company: CompanyDefaults;
  log: FastifyBaseLogger;
  policy: SendPolicy;
}

/**
 * One send, as the queue's worker runs it. Claimed (a row sent or given up is left alone: the retry
 * of a job whose send went through does nothing), then the PDF is drawn and the message sent: marked
 * sent once the server holds it and before its ending line (mail.ts), and `sentAt` set when the
 * server has accepted it. A failure is recorded and thrown, so the queue retries with backoff; at the
 * last try the row is marked failed with the reason.
 */
export async function sendPayslipEmail(deps: SendDeps, emailId: number): Promise<void> {
  const { db } = deps;
  // One statement claims the send (its row lock keeps two claims apart) and reads what the message
  // needs. A send handed out again after its worker died between the record and the server's answer
  // is not claimed but taken as accepted: its ending line went out right after the record. A send
  // another worker claimed is claimed again only once that claim is older than a send can last (the
  // queue's expiry): the queue hands a job out again when it has waited that long since its batch
  // was fetched, which a live worker still holding it in a slow batch may not have reached.
  const [claimed] = await rowsOf<{
    status: PayslipEmailStatus;
    attempts: number;
    payslip_id: number;
    requested_by_id: number | null;
    to: string;
    name: string;
    year: number;
    month: number;
  }>(
    db,
    sql`update payslip_emails e set
        status = case e.status ${whens([...claimAny, ...accept])} end,
        attempts = case when e.status in (${statusList(claimAny.map(({ from }) => from))}) then e.attempts + 1 else e.attempts end,
        sent_at = case when e.status in (${statusList(accept.map(({ from }) => from))}) then now() else e.sent_at end,
        updated_at = now()
      from payslip_email_jobs j, users u, payslips p
      where e.id = ${emailId}
        and (e.status in (${statusList(claimFresh.map(({ from }) => from))})
          or (e.status in (${statusList(claimStaleOnly)})
            and e.updated_at < now() - make_interval(secs => ${deps.policy.expireSeconds}))
          or (e.status in (${statusList(accept.map(({ from }) => from))}) and e.sent_at is null))
        and j.id = e.job_id and u.id = e.user_id and p.id = e.payslip_id
      returning e.status, e.attempts, e.payslip_id, j.requested_by_id, u.email as "to", u.full_name as name, p.year, p.month`,
  );
  if (!claimed) {
    const [row] = await db
      .select({ status: payslipEmails.status })
      .from(payslipEmails)
      .where(eq(payslipEmails.id, emailId));
    // Thrown, so that the queue tries again later: by then the send is finished, or its worker is dead.
    if (row && payslipEmailStatusHasTag(row.status, 'inHand')) {
      throw new Error('This payslip is being e-mailed by another worker.');
    }
    return;
  }
  // Taken as accepted: its message went out before its worker died.
  if (payslipEmailStatusHasTag(claimed.status, 'delivered')) return;
  try {
    // The PDF a signed-in administrator gets from the payslip's View.
    const { pdf, fileName, companyName } = await payslipPdf(
      db,
      { id: claimed.requested_by_id ?? 0, role: 'ADMIN' },
      { id: claimed.payslip_id },
      deps.company,
    );
    const period = periodName(claimed.year, claimed.month);
    await deps.mailer.send(
      {
        to: claimed.to,
        fromName: companyName,
        subject: `Your payslip for ${period}`,
        text: `Dear ${claimed.name},\n\nYour payslip for ${period} is attached.\n\n${companyName}\n`,
        attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }],
        messageId: `<payslip-email-${emailId}@${MESSAGE_ID_DOMAIN}>`,
      },
      // Recorded before the server can accept the message (mail.ts), so that no crash leaves an
      // accepted message unrecorded and sent again on retry.
      // A send this worker no longer holds is not recorded, and its message not ended.
      async (tx) => {
        const held = await movePayslipEmails(
          tx,
          { type: 'payslipEmail.hold' },
          { where: eq(payslipEmails.id, emailId), set: { sentAt: null, lastError: null } },
        );
        if (held.length === 0) throw new Error("This payslip e-mail is no longer in this worker's hands.");
      },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Refused (before the record, or by the server at the message's end, which undoes the record).
    const [refused] = await movePayslipEmails(
      db,
      { type: 'payslipEmail.refuse', attempt: claimed.attempts, attempts: deps.policy.attempts },
      { where: eq(payslipEmails.id, emailId), set: { lastError: message.slice(0, 500) } },
    );
    const last = refused === undefined || payslipEmailStatusHasTag(refused.status, 'givenUp');
    deps.log.warn({ emailId, attempt: claimed.attempts, last }, 'a payslip e-mail was not sent');
    if (last) return;
    throw error;
  }
  // The server accepted it: only now does the job count it done.
  await movePayslipEmails(
    db,
    { type: 'payslipEmail.accept' },
    { where: eq(payslipEmails.id, emailId), set: { sentAt: new Date() } },
  );
}

/** A worker's claim, as the lifecycle moves it: from a waiting send, or from one whose claim expired. */
const claimFresh = payslipEmailMoves({ type: 'payslipEmail.claim', earlierClaimExpired: false });
const claimAny = payslipEmailMoves({ type: 'payslipEmail.claim', earlierClaimExpired: true });
const claimStaleOnly = claimAny
  .map(({ from }) => from)
  .filter((from) => !claimFresh.some((move) => move.from === from));
/** A send recorded but never answered (its worker died in between) is taken as accepted. */
const accept = payslipEmailMoves({ type: 'payslipEmail.accept' });

/** The right-hand side of the payslip e-mails' Message-IDs. */
const MESSAGE_ID_DOMAIN = 'payslips.hr-app';

/** Errors of two processes creating one queue at the same moment, which the second try does not meet. */
const CREATION_RACES = new Set(['40P01', '23505', '42P07']);

/**
 * Creates the queue, or brings its policy up to date. Processes started together each create it:
 * pg-boss's creation inserts its row and makes its table, and two at once can deadlock; the one
 * that loses tries again and finds the queue there.
 */
export async function ensureQueue(
  queue: JobQueue,
  options: Parameters<JobQueue['createQueue']>[1] & { name: string },
) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (await queue.getQueue(options.name)) await queue.updateQueue(options.name, options);
      else await queue.createQueue(options.name, options);
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= 5 || typeof code !== 'string' || !CREATION_RACES.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

/** Makes this process work the payslip sends (every `npm start` unless WORKER=false, and `npm run worker`). */
export async function workPayslipEmails(queue: JobQueue, deps: SendDeps) {
  const { policy } = deps;
  await ensureQueue(queue, {
    name: PAYSLIP_EMAIL_QUEUE,
    // The queue retries a send our handler threw for, one more time than it tries it itself, so the
    // last try's "failed" is always written by the handler.
    retryLimit: policy.attempts,
    retryDelay: policy.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: policy.expireSeconds,
  });
  // Each fetch takes a batch, sent several at a time: a worker fetches at most once per polling
  // interval (half a second), so the batch sets the pace: 24 capped a process at 96 sends a second
  // (7,000 took 73 s) while its thread idled. A batch outlasting the expiry is safe: the claim leaves
  // a send in hand to its worker. A send that must be retried is failed alone (queue.fail); pg-boss
  // then completes the rest of the batch.
  for (let worker = 0; worker < WORKERS; worker += 1) {
    await queue.work<{ emailId: number }>(
      PAYSLIP_EMAIL_QUEUE,
      { batchSize: BATCH, pollingIntervalSeconds: 0.5 },
      async (jobs) => {
        let next = 0;
        const sendNext = async (): Promise<void> => {
          const job = jobs[next++];
          if (!job) return;
          try {
            await sendPayslipEmail(deps, job.data.emailId);
          } catch (error) {
            await queue.fail(PAYSLIP_EMAIL_QUEUE, job.id, {
              message: error instanceof Error ? error.message : String(error),
            });
          }
          return sendNext();
        };
        await Promise.all(Array.from({ length: SENDS_AT_ONCE }, sendNext));
      },
    );
  }
}

/** Fetching workers per process, each with a batch of sends in hand. */
const WORKERS = 2;
const BATCH = 64;
/** Sends of one batch at once: while one waits for the database or the SMTP server, another's PDF is drawn. */
const SENDS_AT_ONCE = 6;
