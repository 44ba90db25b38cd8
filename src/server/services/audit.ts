import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AUDIT_CSV_HEADER,
  AUDIT_CSV_MAX_ROWS,
  type AuditPage,
  type AuditQuery,
  type AuditRow,
  auditChanges,
  formatAuditChange,
  maskAuditValues,
} from '../../domain/audit';
import { csvLine } from '../../domain/csv';
import { addDaysIso, COMPANY_TIME_ZONE } from '../../domain/dates';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { auditLog } from '../db/system-schema';

export interface AuditEntry {
  actorUserId: number | null;
  /** Whose record changed (the staff member whose salary, leave or payslip it is), when it is someone's. */
  subjectUserId?: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  /** A change carries `{before, after}` (only what differs, amounts in cents); other rows what they did. */
  details?: Record<string, unknown>;
}

const rowOf = (entry: AuditEntry) => ({
  actorUserId: entry.actorUserId,
  subjectUserId: entry.subjectUserId ?? null,
  action: entry.action,
  entity: entry.entity,
  entityId: entry.entityId == null ? null : String(entry.entityId),
  // NRIC and bank numbers never enter the trail whole.
  details: entry.details ? maskAuditValues(entry.details) : null,
});

/** Writes one audit row; call it inside the transaction that makes the change, so both land or neither. */
export async function writeAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(rowOf(entry));
}

/** Several rows in one statement (a payroll run's payslips), in the change's transaction. */
export async function writeAudits(db: DbOrTx, entries: readonly AuditEntry[]): Promise<void> {
  // 1,000 rows of 7 parameters stay well under PostgreSQL's 65,535 bind parameters.
  for (let start = 0; start < entries.length; start += 1000) {
    await db.insert(auditLog).values(entries.slice(start, start + 1000).map(rowOf));
  }
}

const actors = alias(users, 'actor');
const subjects = alias(users, 'subject');

/** The instant a company day starts (Asia/Singapore), for a from/to filter. */
const dayStart = (isoDay: string) => sql`(${isoDay}::date::timestamp at time zone ${COMPANY_TIME_ZONE})`;

function whereOf(query: AuditQuery): SQL | undefined {
  return and(
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
    query.userId ? eq(auditLog.subjectUserId, query.userId) : undefined,
    query.actorId ? eq(auditLog.actorUserId, query.actorId) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.from ? gte(auditLog.at, dayStart(query.from)) : undefined,
    query.to ? lt(auditLog.at, dayStart(addDaysIso(query.to, 1))) : undefined,
  );
}

const selection = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorUserId,
  actorName: actors.fullName,
  subjectId: auditLog.subjectUserId,
  subjectName: subjects.fullName,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  action: auditLog.action,
  details: auditLog.details,
};

type Selected = {
  id: number;
  at: Date;
  actorId: number | null;
  actorName: string | null;
  subjectId: number | null;
  subjectName: string | null;
  entity: string;
  entityId: string | null;
  action: string;
  details: Record<string, unknown> | null;
};

const isValues = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function toAuditRow(row: Selected): AuditRow {
  const { before, after, ...rest } = maskAuditValues(row.details ?? {});
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorId == null ? null : { id: row.actorId, name: row.actorName },
    subject: row.subjectId == null ? null : { id: row.subjectId, name: row.subjectName },
    entity: row.entity,
    entityId: row.entityId,
    action: row.action,
    before: isValues(before) ? before : null,
    after: isValues(after) ? after : null,
    details: Object.keys(rest).length > 0 ? rest : null,
  };
}

const selectRows = (db: DbOrTx, query: AuditQuery) =>
  db
    .select(selection)
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorUserId))
    .leftJoin(subjects, eq(subjects.id, auditLog.subjectUserId))
    .where(whereOf(query))
    .orderBy(desc(auditLog.at), desc(auditLog.id));

/** GET /audit (ADMIN): newest first, a page at a time. */
export async function listAudit(db: DbOrTx, query: AuditQuery): Promise<AuditPage> {
  const [rows, [counted]] = await Promise.all([
    selectRows(db, query)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(auditLog).where(whereOf(query)),
  ]);
  const total = counted?.n ?? 0;
  return {
    data: rows.map(toAuditRow),
    currentPage: query.page,
    pageSize: query.pageSize,
    total,
    totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}

const name = (person: AuditRow['actor']) => (person ? (person.name ?? '') : '');

/** GET /audit.csv (ADMIN): the same filters, newest first, at most AUDIT_CSV_MAX_ROWS rows. */
export async function auditCsv(db: DbOrTx, query: AuditQuery): Promise<string> {
  const rows = (await selectRows(db, query).limit(AUDIT_CSV_MAX_ROWS)).map(toAuditRow);
  const lines = rows.map((row) =>
    csvLine([
      row.at,
      row.actor ? String(row.actor.id) : '',
      name(row.actor),
      row.subject ? String(row.subject.id) : '',
      name(row.subject),
      row.entity,
      row.entityId ?? '',
      row.action,
      auditChanges(row).map(formatAuditChange).join('; '),
      row.details ? JSON.stringify(row.details) : '',
    ]),
  );
  return `${[csvLine(AUDIT_CSV_HEADER), ...lines].join('\r\n')}\r\n`;
}
