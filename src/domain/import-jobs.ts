import * as z from 'zod/mini';
import { importErrorSchema } from './staff-import';

/**
 * An apply over IMPORT_JOB_THRESHOLD rows runs as a job (issue 38 item 6): the apply answers its `jobId`
 * and `GET /api/imports/jobs/{jobId}` answers its progress. The Import screen polls while it is queued or
 * running; `errors` are the rows that stopped it (nothing is stored then, as with a refused apply).
 */
export const IMPORT_JOB_STATES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type ImportJobState = (typeof IMPORT_JOB_STATES)[number];

export const importJobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  state: z.enum(IMPORT_JOB_STATES),
  total: z.number(),
  done: z.number(),
  created: z.nullish(z.number()),
  errors: z._default(z.array(importErrorSchema), []),
  message: z.nullish(z.string()),
});
export type ImportJob = z.infer<typeof importJobSchema>;
