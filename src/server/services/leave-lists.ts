import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { LeaveStatus } from '../../domain/enums';
import type { LeaveCounts, LeaveRequest, LeaveRequestPage, leaveListQuerySchema } from '../../domain/leave';
import { leaveCountOf } from '../../domain/lifecycles/leave-request.lifecycle';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/statements';

/**
 * The leave request lists and their counts (the admin dashboard's, and one user's), read with `sql`
 * templates (db/statements.ts): building the same two queries with the query builder and mapping its
 * rows took about a third of the admin list's CPU time. The lists' texts depend on the filters, so
 * they are planned with their values each time (a search's plan depends on the words).
 */

type ListQuery = z.output<typeof leaveListQuerySchema>;

/** A request as the lists read it: the answer's columns under its names, the user's beside them. */
export interface ListRow {
  id: number;
  status: LeaveStatus;
  type: string;
  leaveTypeId: number;
  createdAt: string;
  updatedAt: string;
  fromDate: string;
  fromDateIsAm: boolean;
  toDate: string;
  toDateIsAm: boolean;
  days: number;
  reason: string | null;
  fileUrl: string | null;
  userId: number;
  userFullName: string;
  userEmail: string;
}

/** An instant as Date.toISOString() writes it (milliseconds, truncated as a Date holds them). */
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const LIST_FROM = sql`from leave_requests lr
    join users u on u.id = lr.user_id
    join leave_types t on t.id = lr.leave_type_id`;

export const LIST_COLUMNS = sql`lr.id, lr.status, t.name as type, lr.leave_type_id as "leaveTypeId",
    ${isoText(sql`lr.created_at`)} as "createdAt", ${isoText(sql`lr.updated_at`)} as "updatedAt",
    lr.from_date::text as "fromDate", lr.from_date_is_am as "fromDateIsAm",
    lr.to_date::text as "toDate", lr.to_date_is_am as "toDateIsAm", lr.days::float8 as days,
    lr.reason, lr.file_key as "fileUrl", lr.user_id as "userId",
    u.full_name as "userFullName", u.email as "userEmail"`;

const SORT_COLUMNS = {
  fromDate: sql`lr.from_date`,
  toDate: sql`lr.to_date`,
  createdAt: sql`lr.created_at`,
} as const;

const likePattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * 'Search staff...': each word typed must start a word of the person's name ('tan wei' finds Tan Wei
 * Ming), served by the users search index; a search with an @ is the start of an e-mail address.
 */
function staffSearch(search: string): SQL {
  if (search.includes('@')) return sql`lower(u.email) like ${likePattern(search)}`;
  const words = search.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.length === 0) return sql`false`;
  const query = words.map((word) => `${word}:*`).join(' & ');
  return sql`to_tsvector('simple', u.full_name || ' ' || u.email) @@ to_tsquery('simple', ${query})`;
}

/** Requests whose type has one of these names, without a separate look-up of the ids. */
const typeNamed = (column: SQL, names: readonly string[]) =>
  sql`${column} in (select id from leave_types where name in ${names})`;

const whereClause = (conditions: SQL[]) =>
  conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;

export interface LeaveListStatements {
  page: SQL;
  /** How many requests the filters find; from the tallies when they can say (no user, no search). */
  total: SQL;
}

/** The page of requests and their total for a list's filters (the bench's baseline runs them too). */
export function leaveListStatements(input: { userId?: number; query: ListQuery }): LeaveListStatements {
  const { query, userId } = input;
  const conditions: SQL[] = [];
  if (userId !== undefined) conditions.push(sql`lr.user_id = ${userId}`);
  if (query.status?.length) conditions.push(sql`lr.status in ${query.status}`);
  if (query.type?.length) conditions.push(typeNamed(sql`lr.leave_type_id`, query.type));
  const search = query.search?.trim().toLowerCase();
  if (search) conditions.push(staffSearch(search));
  const where = whereClause(conditions);
  const column = SORT_COLUMNS[query.sort];
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  const offset = (query.page - 1) * query.limit;
  const page = sql`select ${LIST_COLUMNS}
  ${LIST_FROM}
  ${where}
  order by ${column} ${direction}, lr.id ${direction}
  limit ${query.limit}${offset > 0 ? sql` offset ${offset}` : sql``}`;
  if (userId === undefined && !search) {
    // Everyone's requests by status and type: the tallies have the answer without a scan.
    const tallyConditions: SQL[] = [];
    if (query.status?.length) tallyConditions.push(sql`status in ${query.status}`);
    if (query.type?.length) tallyConditions.push(typeNamed(sql`leave_type_id`, query.type));
    return {
      page,
      total: sql`select coalesce(sum(n), 0)::float8 as n from leave_request_tallies ${whereClause(tallyConditions)}`,
    };
  }
  return {
    page,
    total: sql`select count(*)::float8 as n from leave_requests lr join users u on u.id = lr.user_id ${where}`,
  };
}

/** A list's row as the API answers it. */
export const toListedRequest = (row: ListRow): LeaveRequest => ({
  id: row.id,
  status: row.status,
  type: row.type,
  leaveTypeId: row.leaveTypeId,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  fromDate: row.fromDate,
  fromDateIsAm: row.fromDateIsAm,
  toDate: row.toDate,
  toDateIsAm: row.toDateIsAm,
  days: row.days,
  reason: row.reason,
  fileUrl: row.fileUrl,
  userId: row.userId,
  user: { id: row.userId, fullName: row.userFullName, email: row.userEmail },
});

/** The paged list: everyone's for the admin dashboard (ADMIN), or one user's (own for STAFF). */
export async function listLeaveRequests(
  db: DbOrTx,
  input: { userId?: number; query: ListQuery },
): Promise<LeaveRequestPage> {
  const { page, total } = leaveListStatements(input);
  const [rows, [counted]] = await Promise.all([rowsOf<ListRow>(db, page), rowsOf<{ n: number }>(db, total)]);
  const n = counted?.n ?? 0;
  const { limit } = input.query;
  return {
    data: rows.map(toListedRequest),
    currentPage: input.query.page,
    pageSize: limit,
    total: n,
    totalPages: Math.ceil(n / limit),
  };
}

/**
 * Requests per status, for the stat cards: everyone's (ADMIN), or one user's (own for STAFF). TOTAL is
 * the three counts together.
 */
export async function countLeaveRequests(db: DbOrTx, scope: { userId?: number }): Promise<LeaveCounts> {
  // Everyone's from the tallies a trigger keeps (db/extras.ts), one user's counted.
  const rows = await rowsOf<{ status: LeaveStatus; n: number }>(
    db,
    scope.userId === undefined
      ? sql`select status, sum(n)::float8 as n from leave_request_tallies group by status`
      : sql`select status, count(*)::float8 as n from leave_requests where user_id = ${scope.userId} group by status`,
  );
  const counts: LeaveCounts = { PENDING: 0, APPROVED: 0, REJECTED: 0, TOTAL: 0 };
  for (const row of rows) {
    // The lifecycle says which count a status adds to: a withdrawal asked is still approved, a
    // withdrawn request counts nowhere.
    const counted = leaveCountOf(row.status);
    if (counted === null) continue;
    counts[counted] += row.n;
    counts.TOTAL += row.n;
  }
  return counts;
}
