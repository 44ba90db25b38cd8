import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  IMPORT_JOB_MESSAGES,
  IMPORT_JOB_STATE,
  type ImportJob,
  OPEN_IMPORT_JOB_STATES,
} from '../../../domain/import-jobs';
import type { ImportCheck, ImportKind } from '../../../domain/staff-import';
import type { Db, DbOrTx } from '../../db/client';
import { importJobs } from '../../db/import-job-schema';
import { users } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import type { FileStorage } from '../../storage/storage';
import { newImportKey } from '../../storage/storage';
import type { Actor } from '../actor';
import { ensureQueue } from '../payroll/emails';
import { importOpening } from './opening-import';
import { readSheet } from './read-sheet';
import { applyStaffImport } from './staff-import';

/**
 * Imports over IMPORT_JOB_THRESHOLD rows applied in the background (issue 38 item 6). The request
 * checks the file, stores it, and queues the job; a worker (this process or `npm run worker`) applies
 * it in one transaction, checking it again there, and writes the result in that same transaction.
 * Progress is written from outside it: on PostgreSQL through another connection while it runs; on
 * PGlite, which runs one transaction at a time, those writes wait for its end, so `done` goes from
 * 0 to the total at once there.
 */
export const IMPORT_JOB_QUEUE = 'import-apply';
const QUEUE_OPTIONS = {
  name: IMPORT_JOB_QUEUE,
  // A worker that died mid-apply rolled it back; the queue hands the job out again after its expiry.
  retryLimit: 2,
  expireInSeconds: 30 * 60,
};

type JobRow = typeof importJobs.$inferSelect;

const busy = (job: JobRow) =>
  conflict(IMPORT_JOB_MESSAGES.busy(job.id, job.kind, job.done, job.total), { code: 'IMPORT_RUNNING' });

/**
 * A job still open this long after it was asked for will not end by itself: no process works jobs, or
 * its workers died more times than the queue retries (each try expires after 30 minutes). 5,000 rows
 * take under half a minute.
 */
const STALE_HOURS = 3;

/**
 * An apply (direct or as a job) is refused while another import job is open: 409 naming it. A stale
 * one is ended as failed instead (nothing of it was stored: its result commits with its rows).
 */
export async function refuseWhileImportRuns(db: Db, storage: FileStorage) {
  const [open] = await db
    .select()
    .from(importJobs)
    .where(inArray(importJobs.state, OPEN_IMPORT_JOB_STATES))
    .limit(1);
  if (!open) return;
  if (open.createdAt.getTime() > Date.now() - STALE_HOURS * 3_600_000) throw busy(open);
  await finish(db, storage, open.id, { state: IMPORT_JOB_STATE.FAILED, error: IMPORT_JOB_MESSAGES.stalled });
}

/** Stores the checked file and queues its apply; answers the job's id. */
export async function startImportJob(
  db: Db,
  queueOf: () => JobQueue,
  storage: FileStorage,
  actor: Actor,
  kind: ImportKind,
  file: Buffer,
  check: ImportCheck,
): Promise<string> {
  const queue = queueOf();
  await refuseWhileImportRuns(db, storage);
  const key = newImportKey();
  await storage.put(key, file, 'application/octet-stream');
  // One open job at a time (a partial unique index): of two at the same moment, one is refused.
  const [created] = await db
    .insert(importJobs)
    .values({ kind, total: check.valid, fileKey: key, requestedById: actor.id })
    .onConflictDoNothing()
    .returning({ id: importJobs.id });
  if (!created) {
    await storage.remove(key);
    await refuseWhileImportRuns(db, storage);
    throw conflict(IMPORT_JOB_MESSAGES.justStarted, { code: 'IMPORT_RUNNING' });
  }
  try {
    if (!(await queue.getQueue(IMPORT_JOB_QUEUE))) await ensureQueue(queue, QUEUE_OPTIONS);
    await queue.send(IMPORT_JOB_QUEUE, { jobId: created.id });
  } catch (error) {
    await finish(db, storage, created.id, {
      state: IMPORT_JOB_STATE.FAILED,
      error: IMPORT_JOB_MESSAGES.failed,
    });
    throw error;
  }
  return created.id;
}

function messageOf(job: JobRow): string {
  switch (job.state) {
    case IMPORT_JOB_STATE.QUEUED:
      return IMPORT_JOB_MESSAGES.queued;
    case IMPORT_JOB_STATE.RUNNING:
      return IMPORT_JOB_MESSAGES.running(job.done, job.total);
    case IMPORT_JOB_STATE.DONE:
      return IMPORT_JOB_MESSAGES.done(job.created);
    default:
      return job.error ?? IMPORT_JOB_MESSAGES.failed;
  }
}

/** GET /imports/jobs/{id}. */
export async function importJobProgress(db: DbOrTx, jobId: string): Promise<ImportJob> {
  const [job] = await db.select().from(importJobs).where(eq(importJobs.id, jobId));
  if (!job) throw notFound(IMPORT_JOB_MESSAGES.notFound);
  return {
    id: job.id,
    kind: job.kind,
    state: job.state,
    total: job.total,
    done: job.done,
    created: job.created,
    errors: job.errors,
    message: messageOf(job),
  };
}

/** Ends a job outside the apply (a refusal before it, or a failure), and removes its file. */
async function finish(
  db: Db,
  storage: FileStorage,
  jobId: string,
  values: Partial<Pick<JobRow, 'state' | 'error'>>,
) {
  const [job] = await db
    .update(importJobs)
    .set({ ...values, finishedAt: new Date() })
    .where(and(eq(importJobs.id, jobId), inArray(importJobs.state, OPEN_IMPORT_JOB_STATES)))
    .returning({ fileKey: importJobs.fileKey });
  await removeFile(db, storage, jobId, job?.fileKey ?? null);
}

/** The uploaded file holds NRICs and bank accounts: it is kept only until its job ends. */
async function removeFile(db: Db, storage: FileStorage, jobId: string, fileKey: string | null) {
  if (!fileKey) return;
  await storage.remove(fileKey);
  await db.update(importJobs).set({ fileKey: null }).where(eq(importJobs.id, jobId));
}

async function readAll(storage: FileStorage, key: string): Promise<Buffer | undefined> {
  const file = await storage.readStream(key);
  if (!file) return undefined;
  const parts: Buffer[] = [];
  for await (const part of file.stream) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

/** Who asked for the job, still an administrator; undefined when they are not. */
async function requesterOf(db: DbOrTx, userId: number | null): Promise<Actor | undefined> {
  if (userId === null) return undefined;
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId));
  return user?.role === 'ADMIN' ? user : undefined;
}

export interface ImportJobDeps {
  db: Db;
  storage: FileStorage;
  companyEmailDomain: string;
  log: FastifyBaseLogger;
}

/** One job, as the queue's worker runs it: the apply and its result in one transaction. */
export async function runImportJob(deps: ImportJobDeps, jobId: string): Promise<void> {
  const { db, storage } = deps;
  const [job] = await db
    .update(importJobs)
    .set({ state: IMPORT_JOB_STATE.RUNNING })
    .where(and(eq(importJobs.id, jobId), inArray(importJobs.state, OPEN_IMPORT_JOB_STATES)))
    .returning();
  if (!job) return;
  // Progress writes, one at a time and never awaited inside the transaction (see above).
  let written: Promise<unknown> = Promise.resolve();
  const progress = async (done: number) => {
    written = written
      .then(() =>
        db
          .update(importJobs)
          .set({ done: sql`greatest(${importJobs.done}, ${done})` })
          .where(and(eq(importJobs.id, jobId), eq(importJobs.state, IMPORT_JOB_STATE.RUNNING))),
      )
      .catch((error: unknown) => deps.log.warn({ err: error, jobId }, 'import progress not written'));
  };
  try {
    const actor = await requesterOf(db, job.requestedById);
    if (!actor) {
      await finish(db, storage, jobId, {
        state: IMPORT_JOB_STATE.FAILED,
        error: IMPORT_JOB_MESSAGES.requesterGone,
      });
      return;
    }
    const file = job.fileKey ? await readAll(storage, job.fileKey) : undefined;
    if (!file) throw new Error('the import file is missing from storage');
    const sheet = await readSheet(file);
    await db.transaction(async (tx) => {
      // A job handed out again while an earlier run still applies it waits here, then finds it ended.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('import-job'))`);
      const [now] = await tx
        .select({ state: importJobs.state })
        .from(importJobs)
        .where(eq(importJobs.id, jobId));
      if (now?.state !== IMPORT_JOB_STATE.RUNNING) return;
      const result =
        job.kind === 'staff'
          ? await applyStaffImport(tx, actor, sheet, deps.companyEmailDomain, progress)
          : await importOpening(tx, actor, job.kind, sheet, false, progress);
      const refused = result.check.errors.length > 0;
      await tx
        .update(importJobs)
        .set(
          refused
            ? {
                state: IMPORT_JOB_STATE.FAILED,
                errors: result.check.errors,
                error: IMPORT_JOB_MESSAGES.hasErrors,
                finishedAt: new Date(),
              }
            : {
                state: IMPORT_JOB_STATE.DONE,
                done: result.created,
                created: result.created,
                finishedAt: new Date(),
              },
        )
        .where(eq(importJobs.id, jobId));
    });
    await written;
    await removeFile(db, storage, jobId, job.fileKey);
  } catch (error) {
    deps.log.error({ err: error, jobId }, 'import job failed');
    await written;
    await finish(db, storage, jobId, {
      state: IMPORT_JOB_STATE.FAILED,
      error: error instanceof HttpError ? error.message : IMPORT_JOB_MESSAGES.failed,
    });
  }
}

/** Makes this process work the import jobs, one at a time. */
export async function workImportJobs(queue: JobQueue, deps: ImportJobDeps) {
  await ensureQueue(queue, QUEUE_OPTIONS);
  await queue.work<{ jobId: string }>(
    IMPORT_JOB_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (job) await runImportJob(deps, job.data.jobId);
    },
  );
}
