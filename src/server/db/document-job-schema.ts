import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DOCUMENT_JOB_STATES, OPEN_DOCUMENT_JOB_STATES } from '../../domain/document-jobs';
import { createdAt, oneOf, users } from './schema';

/**
 * A large document drawn in the background (issue 33.6): the year's IR8A forms as one PDF. The worker
 * counts the forms drawn, writes the file to storage as it draws, and names its key when done. One
 * open (queued or running) job per year, so a second request joins the first.
 */
export const documentJobs = pgTable(
  'document_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    year: integer('year').notNull(),
    status: text('status', { enum: DOCUMENT_JOB_STATES }).notNull().default(DOCUMENT_JOB_STATES[0]),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    /** The stored file's key once drawn; null again once removed. */
    fileKey: text('file_key'),
    error: text('error'),
    requestedById: integer('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('document_jobs_open_year_key').on(t.year).where(oneOf(t.status, OPEN_DOCUMENT_JOB_STATES)),
    check('document_jobs_status_check', oneOf(t.status, DOCUMENT_JOB_STATES)),
  ],
);
