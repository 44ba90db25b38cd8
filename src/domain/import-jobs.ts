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

export const importJobFinished = (job: ImportJob): boolean => job.state === 'DONE' || job.state === 'FAILED';

/** At most this many staff are e-mailed their sign-in link by one invite request. */
export const INVITE_MAX_USERS = 5000;

export const inviteRequestSchema = z.object({
  userIds: z
    .array(z.number().check(z.int(), z.positive()))
    .check(
      z.minLength(1, { error: 'Name at least one staff member.' }),
      z.maxLength(INVITE_MAX_USERS, { error: `At most ${INVITE_MAX_USERS} staff at a time.` }),
    ),
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

export const inviteAnswerSchema = z.object({ invited: z.number() });
export type InviteAnswer = z.infer<typeof inviteAnswerSchema>;
