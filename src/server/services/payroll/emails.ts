import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PayslipEmailStatus } from '../../../domain/enums';
import { isProcessedPayslip } from '../../../domain/lifecycles/payslip.lifecycle';
import {
  payslipEmailMoves,
  payslipEmailStatusesTagged,
} from '../../../domain/lifecycles/payslip-email.lifecycle';
import {
  PAYSLIP_PASSWORD_HINT,
  PAYSLIP_PASSWORD_MISSING,
  payslipPdfPassword,
} from '../../../domain/payroll/payslip-password';
import type { Db } from '../../db/client';
import { payslipEmails } from '../../db/schema';
import { rowsOf } from '../../db/statements';
import type { JobQueue } from '../../jobs/queue';
import { composePayslipEmail } from '../../pdf/pool';
import { COMPANY_ROW, type CompanyDefaults } from '../company';
import { addressOf, type Mailer } from '../mail';
import {
  NOT_PROCESSED,
  PAYSLIP_DOCUMENT_COLUMNS,
  PAYSLIP_DOCUMENT_JOINS,
  type PayslipDocumentRow,
  payslipFileName,
  payslipPdfData,
} from './documents';
import { holdPayslipEmail, movePayslipEmails, statusList, whens } from './email-status';
import { inIds, periodLabel } from './repository';

/**
 * Payslips by e-mail (issue 16), as the job queue's workers send them: one queue job per send
 * (./email-requests queues them). A send's row is its idempotency key: it is marked sent once the
 * SMTP server holds the whole message and before its ending line, and a row marked sent is never sent
 * again, however often its queue job is retried.
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

export interface SendDeps {
  db: Db;
  mailer: Mailer;
  company: CompanyDefaults;
  log: FastifyBaseLogger;
  policy: SendPolicy;
}

/** One send, as a batch of one; a send to be tried again later throws. */
export async function sendPayslipEmail(deps: SendDeps, emailId: number): Promise<void> {
  const [outcome] = await sendPayslipEmails(deps, [emailId]);
  if (outcome) throw outcome;
}

/**
 * A batch of sends, as the queue's worker runs them (issue 33: five statements a send, each a round
 * trip, were most of a send's cost). One statement claims the batch and reads what each PDF prints;
 * each PDF is drawn and its message composed in a PDF thread, then sent, and marked sent (held) once
 * the server holds it and before its ending line (mail.ts); one statement then records the batch's
 * accepted sends (`sentAt`). Answers each send's outcome, in order: null when it is done with (sent,
 * taken as accepted, given up, or sent already), else the error for which the queue tries it again.
 */
export async function sendPayslipEmails(
  deps: SendDeps,
  emailIds: readonly number[],
): Promise<Array<Error | null>> {
  const ids = [...new Set(emailIds)];
  const claimed = await claim(deps, ids);
  const outcomes = new Map<number, Error | null>();
  // Not claimed: sent or given up (left alone: the retry of a job whose send went through does
  // nothing), or in another worker's hands, to be asked again later: by then the send is finished,
  // or its worker is dead.
  const unclaimed = ids.filter((id) => !claimed.some((row) => row.email_id === id));
  if (unclaimed.length > 0) {
    const rows = await deps.db
      .select({ id: payslipEmails.id, status: payslipEmails.status })
      .from(payslipEmails)
      .where(inIds(payslipEmails.id, unclaimed));
    for (const row of rows) {
      if (IN_HAND.includes(row.status)) {
        outcomes.set(row.id, new Error('This payslip is being e-mailed by another worker.'));
      }
    }
  }
  // Taken as accepted (by the claim): its message went out before its worker died.
  const toSend = claimed.filter((row) => !DELIVERED.includes(row.send_status));
  const accepted: number[] = [];
  let next = 0;
  const sendNext = async (): Promise<void> => {
    const row = toSend[next++];
    if (!row) return;
    const outcome = await sendOne(deps, row);
    if (outcome === 'accepted') accepted.push(row.email_id);
    else outcomes.set(row.email_id, outcome);
    return sendNext();
  };
  await Promise.all(Array.from({ length: SENDS_AT_ONCE }, sendNext));
  // The server accepted these: only now does the job count them done. Should this fail, the queue
  // hands them out again and the claim takes them as accepted.
  if (accepted.length > 0) {
    await movePayslipEmails(
      deps.db,
      { type: 'payslipEmail.accept' },
      { where: inIds(payslipEmails.id, accepted), set: { sentAt: new Date() } },
    ).catch((error: unknown) => {
      for (const id of accepted) outcomes.set(id, error instanceof Error ? error : new Error(String(error)));
    });
  }
  return emailIds.map((id) => outcomes.get(id) ?? null);
}

/** A claimed send with its payslip's document. */
type ClaimedSend = PayslipDocumentRow & {
  email_id: number;
  send_status: PayslipEmailStatus;
  attempts: number;
  to: string;
  /** The company protects e-mailed payslip PDFs with a password (on until an administrator turns it off). */
  protect_pdf: boolean;
};

/**
 * Claims the sends in one statement (their row locks, taken in id order, keep two claims apart) and
 * reads each one's payslip document. A send handed out again after its worker died between the
 * record and the server's answer is not claimed but taken as accepted: its ending line went out
 * right after the record. A send another worker claimed is claimed again only once that claim is
 * older than a send can last (the queue's expiry): the queue hands a job out again when it has waited
 * that long since its batch was fetched, which a live worker still holding it in a slow batch may not
 * have reached.
 */
function claim(deps: SendDeps, ids: readonly number[]) {
  return rowsOf<ClaimedSend>(
    deps.db,
    sql`with claimed as (
      update payslip_emails e set
        status = case e.status ${whens([...claimAny, ...accept])} end,
        attempts = case when e.status in (${statusList(claimAny.map(({ from }) => from))}) then e.attempts + 1 else e.attempts end,
        sent_at = case when e.status in (${statusList(accept.map(({ from }) => from))}) then now() else e.sent_at end,
        updated_at = now()
      from (select id from payslip_emails where ${inIds(sql`id`, ids)} order by id for update) locked
      where e.id = locked.id
        and (e.status in (${statusList(claimFresh.map(({ from }) => from))})
          or (e.status in (${statusList(claimStaleOnly)})
            and e.updated_at < now() - make_interval(secs => ${deps.policy.expireSeconds}))
          or (e.status in (${statusList(accept.map(({ from }) => from))}) and e.sent_at is null))
      returning e.id, e.status, e.attempts, e.payslip_id)
    select c.id as email_id, c.status as send_status, c.attempts, u.email as "to",
      coalesce((select co.protect_emailed_payslips from company co where co.id = ${COMPANY_ROW}), true) as protect_pdf,
      ${PAYSLIP_DOCUMENT_COLUMNS}
    from claimed c join payslips p on p.id = c.payslip_id ${PAYSLIP_DOCUMENT_JOINS}`,
  );
}

/**
 * Draws, composes and sends one claimed send. Answers 'accepted' once the server has accepted it;
 * a failure is recorded (before the record, or the server's refusal at the message's end, which
 * undoes the record) and answered for the queue to retry with backoff, but at the last try the send
 * is marked failed with the reason and answered done (null).
 */
async function sendOne(deps: SendDeps, row: ClaimedSend): Promise<'accepted' | Error | null> {
  try {
    // A payslip reverted since the request has no PDF.
    if (!isProcessedPayslip(row.status)) throw new Error(NOT_PROCESSED);
    // PDPA (issue 34): a protected payslip is never sent open; without the password's parts it is not sent.
    const password = row.protect_pdf ? payslipPdfPassword(row.nric, row.date_of_birth_snapshot) : null;
    if (row.protect_pdf && password === null) throw new LastTry(PAYSLIP_PASSWORD_MISSING);
    const payslip = payslipPdfData(row, deps.company);
    const period = periodLabel(row.year, row.month);
    const opening = password === null ? '' : `\n\n${PAYSLIP_PASSWORD_HINT}`;
    const fields = {
      to: row.to,
      subject: `Your payslip for ${period}`,
      text: `Dear ${row.full_name},\n\nYour payslip for ${period} is attached.${opening}\n\n${payslip.companyName}\n`,
    };
    const filename = payslipFileName(row);
    const { message, pdfBytes } = await composePayslipEmail({
      payslip,
      password,
      message: {
        ...fields,
        from: deps.mailer.from
          ? { name: payslip.companyName, address: addressOf(deps.mailer.from) }
          : undefined,
        messageId: `<payslip-email-${row.email_id}@${MESSAGE_ID_DOMAIN}>`,
        filename,
      },
    });
    await deps.mailer.send(
      { ...fields, raw: message, attachments: [{ filename, bytes: pdfBytes }] },
      // Recorded before the server can accept the message (mail.ts), so that no crash leaves an
      // accepted message unrecorded and sent again on retry. Only this worker's claim (its try)
      // records it: a send another worker has claimed since is not recorded, and its message not ended.
      async (tx) => {
        const held = await holdPayslipEmail(tx).execute({
          id: row.email_id,
          attempts: row.attempts,
          delivery: deps.mailer.delivery ?? 'SMTP',
        });
        if (held.length === 0) throw new Error("This payslip e-mail is no longer in this worker's hands.");
      },
    );
    return 'accepted';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A send no retry can mend is given up at once.
    const attempt = error instanceof LastTry ? deps.policy.attempts : row.attempts;
    // Only this try's claim: a send another worker has claimed since is that worker's to finish.
    const [refused] = await movePayslipEmails(
      deps.db,
      { type: 'payslipEmail.refuse', attempt, attempts: deps.policy.attempts },
      {
        where: and(eq(payslipEmails.id, row.email_id), eq(payslipEmails.attempts, row.attempts)) as SQL,
        set: { lastError: message.slice(0, 500) },
      },
    );
    const last = refused === undefined || GIVEN_UP.includes(refused.status);
    deps.log.warn({ emailId: row.email_id, attempt: row.attempts, last }, 'a payslip e-mail was not sent');
    return last ? null : error instanceof Error ? error : new Error(message);
  }
}

/** A refusal that another try would meet again (no password can be made): the send is given up at once. */
class LastTry extends Error {}

/** A worker's claim, as the lifecycle moves it: from a waiting send, or from one whose claim expired. */
const claimFresh = payslipEmailMoves({ type: 'payslipEmail.claim', earlierClaimExpired: false });
const claimAny = payslipEmailMoves({ type: 'payslipEmail.claim', earlierClaimExpired: true });
const claimStaleOnly = claimAny
  .map(({ from }) => from)
  .filter((from) => !claimFresh.some((move) => move.from === from));
/** A send recorded but never answered (its worker died in between) is taken as accepted. */
const accept = payslipEmailMoves({ type: 'payslipEmail.accept' });
const IN_HAND = payslipEmailStatusesTagged('inHand');
const DELIVERED = payslipEmailStatusesTagged('delivered');
const GIVEN_UP = payslipEmailStatusesTagged('givenUp');

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
  // (7,000 took 73 s) while its thread idled. A batch outlasting the expiry is safe: another worker
  // may then claim its sends not yet made, and only the latest claim records its message (the hold
  // checks the try). A send that must be retried is failed alone (queue.fail); pg-boss then
  // completes the rest of the batch.
  for (let worker = 0; worker < WORKERS; worker += 1) {
    await queue.work<{ emailId: number }>(
      PAYSLIP_EMAIL_QUEUE,
      { batchSize: BATCH, pollingIntervalSeconds: 0.5 },
      async (jobs) => {
        const outcomes = await sendPayslipEmails(
          deps,
          jobs.map((job) => job.data.emailId),
        );
        await Promise.all(
          jobs.map((job, index) => {
            const error = outcomes[index];
            return error && queue.fail(PAYSLIP_EMAIL_QUEUE, job.id, { message: error.message });
          }),
        );
      },
    );
  }
}

/** Fetching workers per process, each with a batch of sends in hand. */
const WORKERS = 2;
const BATCH = 64;
/** Sends of one batch at once: while one waits for the database or the SMTP server, another's PDF is drawn. */
const SENDS_AT_ONCE = 6;
