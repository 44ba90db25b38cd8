import * as z from 'zod/mini';
import { IMPORT_JOB_THRESHOLD, IMPORT_KINDS, importErrorSchema } from './staff-import';

/**
 * An apply of a file over IMPORT_JOB_THRESHOLD rows runs as a job with progress (issue 38 item 6):
 * the request checks the whole file, answers 202 with the job's id, and GET /imports/jobs/{id} follows it.
 */
export const IMPORT_JOB_STATES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type ImportJobState = (typeof IMPORT_JOB_STATES)[number];
/** A job still to finish: one of these at a time per company. */
export const OPEN_IMPORT_JOB_STATES: ImportJobState[] = IMPORT_JOB_STATES.slice(0, 2);
const [QUEUED, RUNNING, DONE, FAILED] = IMPORT_JOB_STATES;
export const IMPORT_JOB_STATE = { QUEUED, RUNNING, DONE, FAILED } as const;

/** Whether a file of this many rows is applied by a job rather than in the request. */
export const appliesAsJob = (rows: number) => rows > IMPORT_JOB_THRESHOLD;

export const importJobSchema = z.object({
  id: z.string(),
  kind: z.enum(IMPORT_KINDS),
  state: z.enum(IMPORT_JOB_STATES),
  /** Rows to apply, and applied so far (on PGlite it moves from 0 to total at the end). */
  total: z.number(),
  done: z.number(),
  created: z.number(),
  /** The rows the apply refused (the world changed since the check): nothing was stored. */
  errors: z.array(importErrorSchema),
  /** What the job is doing or did, in a sentence for the administrator. */
  message: z.string(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importJobParams = z.object({ id: z.string().check(z.uuid('Not an import job id.')) });

const count = (n: number) => n.toLocaleString('en-SG');

export const IMPORT_JOB_MESSAGES = {
  queued: 'Waiting to start.',
  running: (done: number, total: number) => `Applying the file: ${count(done)} of ${count(total)} rows.`,
  done: (created: number) => `Done: ${count(created)} rows imported.`,
  hasErrors:
    'The file has errors now that it is applied (the records changed since the check): nothing was imported.',
  failed: 'The import failed: nothing was imported. Try again; if it fails again, the server log says why.',
  requesterGone: 'The administrator who started this import can no longer import: nothing was imported.',
  stalled: 'The import stopped without finishing (no process worked it to the end): nothing was imported.',
  notFound: 'Import job not found.',
  justStarted: 'Another import has just started: wait until it finishes, then apply again.',
  busy: (id: string, kind: string, done: number, total: number) =>
    `Another import is running (job ${id}, ${kind}, ${count(done)} of ${count(total)} rows): wait until it finishes.`,
} as const;
