import * as z from 'zod/mini';
import { JOB_STATUSES } from './payslip-emails';

/** The year's IR8A forms drawn in the background (issue 33.6): the request and the job's progress. */

/**
 * Employees above which GET /payslips/ir8a answers 409 (code IR8A_USE_JOB) for the PDF: a larger
 * document is made as a job (POST /payslips/ir8a/jobs). 200 forms draw in a few seconds.
 */
export const IR8A_PDF_DIRECT_LIMIT = 200;

/** A document job's stored states, which GET /jobs/{id} reports as the e-mail jobs' statuses, in this order. */
export const DOCUMENT_JOB_STATES = ['waiting', 'drawing', 'stored', 'refused'] as const;
export type DocumentJobState = (typeof DOCUMENT_JOB_STATES)[number];
export const OPEN_DOCUMENT_JOB_STATES = DOCUMENT_JOB_STATES.slice(0, 2) as DocumentJobState[];
export const documentJobStatus = (state: DocumentJobState) =>
  JOB_STATUSES[DOCUMENT_JOB_STATES.indexOf(state)] as (typeof JOB_STATUSES)[number];

export const ir8aJobRequestSchema = z.object({
  year: z.number().check(z.int(), z.minimum(2000), z.maximum(2100)),
});

export const documentJobAnswerSchema = z.object({ jobId: z.string() });
export type DocumentJobAnswer = z.infer<typeof documentJobAnswerSchema>;

export const documentJobProgressSchema = z.object({
  id: z.string(),
  kind: z.literal('ir8aPdf'),
  year: z.number(),
  status: z.enum(JOB_STATUSES),
  /** Forms to draw, and drawn so far. */
  total: z.number(),
  done: z.number(),
  /** Where the finished file is downloaded (ADMIN), until it is removed. */
  downloadUrl: z.nullable(z.string()),
  /** Why the job failed. */
  error: z.nullable(z.string()),
});
export type DocumentJobProgress = z.infer<typeof documentJobProgressSchema>;
