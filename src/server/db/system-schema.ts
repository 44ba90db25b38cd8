import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, instant } from './schema';

// The installation's own records beside schema.ts: the audit trail, the outbox and shared secrets.

/**
 * Append-only: a trigger (migration 0023) refuses UPDATE and DELETE. The actor and the subject are
 * user ids without a foreign key, so deleting a user neither cascades into the trail nor rewrites it
 * (a SET NULL would be an update); the list shows a deleted user's id without a name.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: instant('at').notNull().defaultNow(),
    /** Who made the change (null for the system: the seed, a job). */
    actorUserId: integer('actor_user_id'),
    /** Whose record the change is about (a staff member whose salary changed), when it is someone's. */
    subjectUserId: integer('subject_user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_subject_idx').on(t.subjectUserId, t.at),
    index('audit_log_actor_idx').on(t.actorUserId, t.at),
  ],
);

export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** The names and sizes of attached files (their bytes are not kept). */
    attachments: jsonb('attachments').$type<Array<{ filename: string; bytes: number }>>(),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);

/** Secrets every process of one installation shares (the signing key without JWT_SECRET, services/secrets.ts). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
