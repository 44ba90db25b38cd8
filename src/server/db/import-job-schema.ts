import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { IMPORT_JOB_STATES, type ImportJobState, OPEN_IMPORT_JOB_STATES } from '../../domain/import-jobs';
import { IMPORT_KINDS, type ImportError } from '../../domain/staff-import';
import { createdAt, oneOf, users } from './schema';

/**
 * An import applied in the background (issue 38 item 6): the uploaded file waits in storage under
 * `fileKey` (removed once the job ends), the worker counts the rows applied, and the result is kept.
 * One open (queued or running) import per company: a partial unique index on a constant.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: IMPORT_KINDS }).notNull(),
    state: text('state', { enum: IMPORT_JOB_STATES })
      .notNull()
      .default(IMPORT_JOB_STATES[0] as ImportJobState),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    created: integer('created').notNull().default(0),
    errors: jsonb('errors').$type<ImportError[]>().notNull().default([]),
    /** Why it failed, when it did. */
    error: text('error'),
    fileKey: text('file_key'),
    requestedById: integer('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('import_jobs_one_open_key').on(sql`(true)`).where(oneOf(t.state, OPEN_IMPORT_JOB_STATES)),
    check('import_jobs_state_check', oneOf(t.state, IMPORT_JOB_STATES)),
    check('import_jobs_kind_check', oneOf(t.kind, IMPORT_KINDS)),
  ],
);
