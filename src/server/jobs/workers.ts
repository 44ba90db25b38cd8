import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { workImportJobs } from '../services/imports/import-jobs';
import { workStaffInvites } from '../services/imports/invite';
import { createMailer, type Mailer } from '../services/mail';
import { DEFAULT_SEND_POLICY, type SendPolicy, workPayslipEmails } from '../services/payroll/emails';
import { workIr8aJobs } from '../services/payroll/ir8a-jobs';
import { createStorage } from '../storage';
import type { FileStorage } from '../storage/storage';
import { type JobQueue, startJobQueue } from './queue';

/**
 * Starts this process's job queue and, unless it only serves HTTP (WORKER=false), its workers. Every
 * `npm start` process does this; `npm run worker` does it without HTTP.
 */
export async function startJobs(
  database: Database,
  config: Pick<
    Config,
    | 'worker'
    | 'smtpUrl'
    | 'mailFrom'
    | 'companyName'
    | 'emailRetryDelaySeconds'
    | 'storage'
    | 'jwtSecret'
    | 'companyEmailDomain'
    | 'publicUrl'
  >,
  log: FastifyBaseLogger,
  options: { mailer?: Mailer; policy?: SendPolicy; storage?: FileStorage } = {},
): Promise<JobQueue> {
  const queue = await startJobQueue(database.queueTarget, (error) =>
    log.error({ err: error }, 'job queue error'),
  );
  if (config.worker) {
    const mailer =
      options.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, log });
    await workPayslipEmails(queue, {
      db: database.db,
      mailer,
      company: config,
      log,
      policy: options.policy ?? { ...DEFAULT_SEND_POLICY, retryDelaySeconds: config.emailRetryDelaySeconds },
    });
    await workStaffInvites(queue, { db: database.db, mailer, publicUrl: config.publicUrl });
    const storage = options.storage ?? (await createStorage(config));
    await workIr8aJobs(queue, { db: database.db, storage, company: config, log });
    await workImportJobs(queue, {
      db: database.db,
      storage,
      companyEmailDomain: config.companyEmailDomain,
      log,
    });
  }
  return queue;
}

/** Stops taking jobs and waits (up to 30 s) for the ones in hand; an unfinished one is retried after its expiry. */
export async function stopJobs(queue: JobQueue) {
  await queue.stop({ graceful: true, wait: true, timeout: 30_000 });
  mailers.get(queue)?.close?.();
}

/** The mailer each queue's workers send with, closed when the queue stops. */
const mailers = new WeakMap<JobQueue, Mailer>();
