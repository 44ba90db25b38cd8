import * as z from 'zod/mini';
import { idParam, idSchema, text } from './fields';
import { maskAccountNumber, maskNric } from './masking';
import { formatCents } from './money';

/**
 * The audit trail (issue 39 items 5-7): who did what to which record when, with the values before and
 * after. Amounts in a row's before/after are integer cents (`...Cents` keys), as stored.
 */

/** The kinds of record a row is about, as the services write them. */
export const AUDIT_ENTITIES = [
  'user',
  'leaveRequest',
  'leaveType',
  'leaveYear',
  'publicHoliday',
  'payslip',
  'payroll',
  'payRun',
  'company',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** Every action the services write today. */
export const AUDIT_ACTIONS = [
  'user.registered',
  'user.updated',
  'user.deleted',
  'user.onboarded',
  'user.passwordReset',
  'user.passwordChanged',
  'session.refreshTokenReused',
  'staffInfo.updated',
  'employmentInfo.updated',
  'paymentInfo.updated',
  'keyEmploymentTerms.updated',
  'separation.requested',
  'separation.recorded',
  'separation.acknowledged',
  'separation.withdrawn',
  'separation.ir21Cleared',
  'leaveBalance.updated',
  'leaveBalance.yearEnd',
  'leavePolicy.updated',
  'leaveRequest.created',
  'leaveRequest.approved',
  'leaveRequest.rejected',
  'leaveRequest.deleted',
  'leaveRequest.recounted',
  'leaveRequest.withdrawalRequested',
  'leaveRequest.withdrawn',
  'leaveRequest.withdrawalRejected',
  'publicHoliday.added',
  'publicHoliday.removed',
  'payItem.added',
  'payItem.removed',
  'payslip.snapshot.updated',
  'payslip.processed',
  'payslip.reverted',
  'payslips.processed',
  'payslips.emailRequested',
  'cpfFile.downloaded',
  'bankFile.downloaded',
  'staff.exported',
  'payroll.exported',
  'payRun.submitted',
  'payRun.approved',
  'payRun.rejected',
  'payRun.reopened',
  'payRun.changed',
  'payRun.released',
  'company.updated',
  'company.seeded',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_SIZE = 20;
/** The most rows one CSV export holds; a longer trail is exported a period at a time. */
export const AUDIT_CSV_MAX_ROWS = 50_000;

const DAY_MESSAGE = 'must be a date, YYYY-MM-DD';
const day = z.iso.date({ error: DAY_MESSAGE });

/** GET /audit: every filter optional; from/to are days in Asia/Singapore, both included. */
export const auditQuerySchema = z
  .object({
    entity: z.optional(z.enum(AUDIT_ENTITIES)),
    entityId: z.optional(text(40)),
    /** The person the record is about. */
    userId: z.optional(idParam),
    /** Who made the change. */
    actorId: z.optional(idParam),
    action: z.optional(z.enum(AUDIT_ACTIONS)),
    from: z.optional(day),
    to: z.optional(day),
    page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000_000)), 1),
    pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), AUDIT_PAGE_SIZE),
  })
  .check(
    z.refine((q) => !q.from || !q.to || q.from <= q.to, {
      message: 'from must not be after to',
      path: ['to'],
    }),
  );
export type AuditQuery = z.output<typeof auditQuerySchema>;
export type AuditQueryInput = z.input<typeof auditQuerySchema>;

const person = z.object({ id: idSchema, name: z.nullable(z.string()) });
const values = z.nullable(z.record(z.string(), z.unknown()));

export const auditRowSchema = z.object({
  id: idSchema,
  /** The instant, ISO 8601 in UTC. */
  at: z.string(),
  /** Who did it; null for the system. A deleted user keeps their id, without a name. */
  actor: z.nullable(person),
  /** Whose record it is, where it is someone's. */
  subject: z.nullable(person),
  entity: z.string(),
  entityId: z.nullable(z.string()),
  action: z.string(),
  before: values,
  after: values,
  /** The row's other details (a file's name, a batch's payslip ids...). */
  details: values,
});
export type AuditRow = z.infer<typeof auditRowSchema>;

/** The paged list answer (spec section 4's names). */
export const auditPageSchema = z.object({
  data: z.array(auditRowSchema),
  currentPage: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
  total: z.number().check(z.int()),
  totalPages: z.number().check(z.int()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

const NRIC_KEY = /nric/i;
const ACCOUNT_KEY = /accountno/i;

/**
 * Values as the trail shows them: NRIC/FIN and bank account numbers masked wherever they sit in a
 * row's details (rows written before masking at write time may hold them whole).
 */
export function maskAuditValues<T>(value: T, key = ''): T {
  if (typeof value === 'string') {
    if (NRIC_KEY.test(key)) return (value.includes('*') ? value : maskNric(value)) as T;
    if (ACCOUNT_KEY.test(key)) return (value.includes('*') ? value : maskAccountNumber(value)) as T;
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => maskAuditValues(item, key)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskAuditValues(v, k)])) as T;
  }
  return value;
}

/** Before and after of only the fields that differ: what a change row keeps. */
export function changedValues<T extends Record<string, unknown>>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])) as Partial<T>,
    after: Object.fromEntries(keys.map((key) => [key, after[key]])) as Partial<T>,
  };
}

export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

const IN_CENTS = /Cents$/;

/** Amounts are kept in cents; a reader sees dollars ('grossPayCents' 380000 -> 'gross pay' 3,800.00). */
const shown = (field: string, value: unknown): string =>
  value === undefined || value === null
    ? '-'
    : typeof value === 'number' && IN_CENTS.test(field)
      ? formatCents(value)
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);

/** A stored field name as words: 'grossPayCents' -> 'gross pay', 'accountNo' -> 'account no'. */
const fieldWords = (field: string): string =>
  field
    .replace(IN_CENTS, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();

/** One "field: old → new" per field the row's before and after hold. */
export function auditChanges(row: Pick<AuditRow, 'before' | 'after'>): AuditChange[] {
  const before = row.before ?? {};
  const after = row.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({
      field: fieldWords(field),
      before: shown(field, before[field]),
      after: shown(field, after[field]),
    }));
}

export const formatAuditChange = (change: AuditChange) =>
  `${change.field}: ${change.before} → ${change.after}`;

/** The CSV export's header row. */
export const AUDIT_CSV_HEADER = [
  'At',
  'Actor ID',
  'Actor',
  'Subject ID',
  'Subject',
  'Entity',
  'Entity ID',
  'Action',
  'Changes',
  'Details',
] as const;

/** The Audit screen's filters, as its address and GET /audit name them. */
export interface AuditFilters {
  entity?: AuditEntity;
  entityId?: string;
  userId?: number;
  actorId?: number;
  action?: AuditAction;
  from?: string;
  to?: string;
}

const FILTER_KEYS = ['entity', 'entityId', 'userId', 'actorId', 'action', 'from', 'to'] as const;

/** The filters an address's query string names; what is not one is left out. */
export function auditFiltersOf(search: string): AuditFilters {
  const params = new URLSearchParams(search);
  const raw = Object.fromEntries(
    FILTER_KEYS.flatMap((key) => {
      const value = params.get(key);
      return value ? [[key, value]] : [];
    }),
  );
  const parsed = z.safeParse(auditQuerySchema, raw);
  return parsed.success ? filtersFrom(parsed.data) : {};
}

/** The filters of a list query's filters (one value each). */
export function filtersFrom(values: Record<string, unknown>): AuditFilters {
  const one = (key: string) => {
    const value = values[key];
    return Array.isArray(value) ? value[0] : value;
  };
  const filters: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) {
    const value = one(key);
    if (value === undefined || value === null || value === '') continue;
    filters[key] = key === 'userId' || key === 'actorId' ? Number(value) : String(value);
  }
  return filters as AuditFilters;
}
