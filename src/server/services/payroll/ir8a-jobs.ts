import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { and, eq, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type DocumentJobAnswer,
  type DocumentJobProgress,
  documentJobStatus,
  OPEN_DOCUMENT_JOB_STATES,
} from '../../../domain/document-jobs';
import { PayrollError } from '../../../domain/payroll/errors';
import type { Db, DbOrTx } from '../../db/client';
import { documentJobs } from '../../db/document-job-schema';
import { payslips } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import type { Ir8aPdfData } from '../../pdf/ir8a';
import type { FileStorage } from '../../storage/storage';
import { newReportKey } from '../../storage/storage';
import type { Actor } from '../actor';
import type { CompanyDefaults } from '../company';
import { ensureQueue } from './emails';
import { employerOf, yearOfPay } from './ir8a';
import { isProcessedRow } from './repository';

/**
 * The year's IR8A forms as one PDF, made in the background (issue 33.6): 7,000 forms drawn on request
 * took 85 s and held the whole document in memory. The job draws them in a thread of its own, writing
 * the pages to a file as they are drawn, counts the forms drawn, and stores the file for download.
 * A file is removed when a newer one for its year is made, or FILE_HOURS after it was made.
 */
export const IR8A_JOB_QUEUE = 'ir8a-pdf';
const FILE_HOURS = 24;

export const ir8aJobFileUrl = (jobId: string) => `/api/payslips/ir8a/jobs/${jobId}/file`;

/** POST /payslips/ir8a/jobs: queues the year's PDF, or answers the job already making it. */
export async function requestIr8aJob(
  db: Db,
  queueOf: () => JobQueue,
  storage: FileStorage,
  actor: Actor,
  { year }: { year: number },
  defaults: CompanyDefaults,
): Promise<DocumentJobAnswer> {
  const queue = queueOf();
  // The refusals the drawing would meet first, answered now rather than as a failed job.
  await employerOf(db, defaults);
  const [paid] = await db
    .select({ id: payslips.id })
    .from(payslips)
    .where(and(eq(payslips.year, year), isProcessedRow()))
    .limit(1);
  if (!paid) throw conflict(`No payslip is processed for ${year}.`);
  await removeOldFiles(db, storage);
  // One open job per year (a partial unique index): a second request, even at the same moment, joins it.
  const [created] = await db
    .insert(documentJobs)
    .values({ year, requestedById: actor.id })
    .onConflictDoNothing()
    .returning({ id: documentJobs.id });
  if (created) {
    await queue.send(IR8A_JOB_QUEUE, { jobId: created.id });
    return { jobId: created.id };
  }
  const [open] = await db
    .select({ id: documentJobs.id })
    .from(documentJobs)
    .where(and(eq(documentJobs.year, year), inArray(documentJobs.status, OPEN_DOCUMENT_JOB_STATES)));
  if (!open) throw conflict(`The IR8A PDF for ${year} has just been made; ask again to make a new one.`);
  return { jobId: open.id };
}

/** GET /jobs/{id} for a document job; undefined when the id is not one. */
export async function documentJobProgress(
  db: DbOrTx,
  jobId: string,
): Promise<DocumentJobProgress | undefined> {
  const [job] = await db.select().from(documentJobs).where(eq(documentJobs.id, jobId));
  if (!job) return undefined;
  return {
    id: job.id,
    kind: 'ir8aPdf',
    year: job.year,
    status: documentJobStatus(job.status),
    total: job.total,
    done: job.done,
    downloadUrl: job.fileKey ? ir8aJobFileUrl(job.id) : null,
    error: job.error,
  };
}

/** GET /payslips/ir8a/jobs/{id}/file: the stored PDF as a stream. */
export async function ir8aJobFile(db: DbOrTx, storage: FileStorage, jobId: string) {
  const [job] = await db.select().from(documentJobs).where(eq(documentJobs.id, jobId));
  if (!job) throw notFound('Job not found.');
  const file = job.fileKey ? await storage.readStream(job.fileKey) : undefined;
  if (!file) throw notFound('This IR8A PDF is not ready, or was removed: make it again.');
  return { ...file, fileName: `ir8a-${job.year}.pdf` };
}

/** Files of jobs finished more than FILE_HOURS ago are removed (and forgotten). */
async function removeOldFiles(db: DbOrTx, storage: FileStorage) {
  const old = await db
    .select({ id: documentJobs.id, fileKey: documentJobs.fileKey })
    .from(documentJobs)
    .where(
      and(
        isNotNull(documentJobs.fileKey),
        lt(documentJobs.finishedAt, sql`now() - make_interval(hours => ${FILE_HOURS})`),
      ),
    );
  if (old.length === 0) return;
  await db
    .update(documentJobs)
    .set({ fileKey: null })
    .where(
      inArray(
        documentJobs.id,
        old.map((row) => row.id),
      ),
    );
  await removeFiles(storage, old);
}

async function removeFiles(storage: FileStorage, rows: ReadonlyArray<{ fileKey: string | null }>) {
  for (const { fileKey } of rows) if (fileKey) await storage.remove(fileKey);
}

export interface Ir8aJobDeps {
  db: Db;
  storage: FileStorage;
  company: CompanyDefaults;
  log: FastifyBaseLogger;
}

// From the sources a thread registers tsx first (pdf/file-worker.mjs); the compiled server has the thread's
// code built beside it (dist-server/, vite.server.config.ts), as pdf/pool.ts finds its worker.
const IR8A_THREAD_FILE = import.meta.url.endsWith('.ts')
  ? '../../pdf/file-worker.mjs'
  : './ir8a-file-thread.js';

/** Draws the forms in a thread of their own, into `file`; `progress` hears how many are drawn. */
function drawInThread(data: Ir8aPdfData, file: string, progress: (done: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(IR8A_THREAD_FILE, import.meta.url), {
      workerData: { data, file },
    });
    worker.on('message', (message: { done: number }) => progress(message.done));
    worker.on('error', reject);
    worker.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`PDF thread exited with ${code}`)),
    );
  });
}

/** One job, as the queue's worker runs it; a refusal or a failure is written on the job. */
export async function runIr8aJob(deps: Ir8aJobDeps, jobId: string): Promise<void> {
  const { db, storage } = deps;
  const [job] = await db
    .update(documentJobs)
    .set({ status: 'drawing', done: 0 })
    .where(and(eq(documentJobs.id, jobId), inArray(documentJobs.status, OPEN_DOCUMENT_JOB_STATES)))
    .returning();
  if (!job) return;
  const file = path.join(tmpdir(), `ir8a-${jobId}.pdf`);
  try {
    const employer = await employerOf(db, deps.company);
    const figures = await yearOfPay(db, job.year);
    await db.update(documentJobs).set({ total: figures.length }).where(eq(documentJobs.id, jobId));
    // Progress is written one update at a time, the last one always.
    let written = Promise.resolve();
    await drawInThread({ employer, figures }, file, (done) => {
      written = written.then(async () => {
        await db.update(documentJobs).set({ done }).where(eq(documentJobs.id, jobId));
      });
    });
    await written;
    const key = newReportKey(`ir8a-${job.year}`);
    await storage.storeFile(key, file, 'application/pdf');
    // The year's earlier files give way to this one.
    const replaced = await db.transaction(async (tx) => {
      const earlier = await tx
        .select({ fileKey: documentJobs.fileKey })
        .from(documentJobs)
        .where(
          and(eq(documentJobs.year, job.year), ne(documentJobs.id, jobId), isNotNull(documentJobs.fileKey)),
        )
        .for('update');
      await tx
        .update(documentJobs)
        .set({ fileKey: null })
        .where(and(eq(documentJobs.year, job.year), ne(documentJobs.id, jobId)));
      await tx
        .update(documentJobs)
        .set({ status: 'stored', fileKey: key, finishedAt: new Date() })
        .where(eq(documentJobs.id, jobId));
      return earlier;
    });
    await removeFiles(storage, replaced);
  } catch (error) {
    deps.log.error({ err: error, jobId }, 'IR8A PDF job failed');
    await rm(file, { force: true });
    await db
      .update(documentJobs)
      .set({
        status: 'refused',
        // A refusal of the figures is the administrator's to read; anything else stays in the log.
        error:
          error instanceof HttpError || error instanceof PayrollError
            ? error.message
            : 'The PDF could not be made. Try again; if it fails again, the server log says why.',
        finishedAt: new Date(),
      })
      .where(eq(documentJobs.id, jobId));
  }
}

/** Makes this process work the IR8A PDF jobs, one at a time. */
export async function workIr8aJobs(queue: JobQueue, deps: Ir8aJobDeps) {
  await ensureQueue(queue, {
    name: IR8A_JOB_QUEUE,
    // A worker that died mid-job leaves it running; the queue hands it out again after its expiry.
    retryLimit: 2,
    expireInSeconds: 30 * 60,
  });
  await queue.work<{ jobId: string }>(
    IR8A_JOB_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (job) await runIr8aJob(deps, job.data.jobId);
    },
  );
}
