import type { z } from 'zod';
import type { LeaveStatus } from '../../domain/enums';
import type { LeaveCounts, LeaveRequest, LeaveRequestPage, leaveListQuerySchema } from '../../domain/leave';
import type { DbOrTx } from '../db/client';
import { run, type Statement, statement } from '../db/statements';
import { type Actor, assertAdmin } from './actor';

/**
 * The leave request lists and their counts (the admin dashboard's, and one user's), read with
 * statement texts written here and run straight on the driver (db/statements.ts): building the same
 * two queries with Drizzle and mapping its rows took about a third of the admin list's CPU time. The
 * lists' texts depend on the filters, so they run unnamed, planned with their values each time as
 * before (a search's plan depends on the words); the counts' texts are fixed and run named.
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
const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const LIST_FROM = `from leave_requests lr
    join users u on u.id = lr.user_id
    join leave_types t on t.id = lr.leave_type_id`;

export const LIST_COLUMNS = `lr.id, lr.status, t.name as type, lr.leave_type_id as "leaveTypeId",
    ${isoText('lr.created_at')} as "createdAt", ${isoText('lr.updated_at')} as "updatedAt",
    lr.from_date::text as "fromDate", lr.from_date_is_am as "fromDateIsAm",
    lr.to_date::text as "toDate", lr.to_date_is_am as "toDateIsAm", lr.days::float8 as days,
    lr.reason, lr.file_key as "fileUrl", lr.user_id as "userId",
    u.full_name as "userFullName", u.email as "userEmail"`;

const SORT_COLUMNS = { fromDate: 'lr.from_date', toDate: 'lr.to_date', createdAt: 'lr.created_at' } as const;

/** A statement's text and the values of its $n, built together. */
class Params {
  readonly values: unknown[] = [];
  /** The placeholder of a new value. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  list(values: readonly unknown[]): string {
    return values.map((value) => this.add(value)).join(', ');
  }
}

const likePattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * 'Search staff...': each word typed must start a word of the person's name ('tan wei' finds Tan Wei
 * Ming), served by the users search index; a search with an @ is the start of an e-mail address.
 */
function staffSearch(search: string, params: Params): string {
  if (search.includes('@')) return `lower(u.email) like ${params.add(likePattern(search))}`;
  const words = search.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.length === 0) return 'false';
  const query = words.map((word) => `${word}:*`).join(' & ');
  return `to_tsvector('simple', u.full_name || ' ' || u.email) @@ to_tsquery('simple', ${params.add(query)})`;
}

/** Requests whose type has one of these names, without a separate look-up of the ids. */
const typeNamed = (column: string, names: readonly string[], params: Params) =>
  `${column} in (select id from leave_types where name in (${params.list(names)}))`;

const whereClause = (conditions: string[]) => (conditions.length ? `where ${conditions.join(' and ')}` : '');

export interface LeaveListStatements {
  page: { statement: Statement<ListRow>; values: unknown[] };
  /** How many requests the filters find; from the tallies when they can say (no user, no search). */
  total: { statement: Statement<{ n: number }>; values: unknown[] };
}

/** The page of requests and their total for a list's filters (the bench's baseline runs them too). */
export function leaveListStatements(input: { userId?: number; query: ListQuery }): LeaveListStatements {
  const { query, userId } = input;
  const params = new Params();
  const conditions: string[] = [];
  if (userId !== undefined) conditions.push(`lr.user_id = ${params.add(userId)}`);
  if (query.status?.length) conditions.push(`lr.status in (${params.list(query.status)})`);
  if (query.type?.length) conditions.push(typeNamed('lr.leave_type_id', query.type, params));
  const search = query.search?.trim().toLowerCase();
  if (search) conditions.push(staffSearch(search, params));
  const where = whereClause(conditions);
  const filterValues = [...params.values];
  const column = SORT_COLUMNS[query.sort];
  const direction = query.order === 'asc' ? 'asc' : 'desc';
  const offset = (query.page - 1) * query.limit;
  const page = statement<ListRow>(
    '',
    `select ${LIST_COLUMNS}
  ${LIST_FROM}
  ${where}
  order by ${column} ${direction}, lr.id ${direction}
  limit ${params.add(query.limit)}${offset > 0 ? ` offset ${params.add(offset)}` : ''}`,
  );
  if (userId === undefined && !search) {
    // Everyone's requests by status and type: the tallies have the answer without a scan.
    const tallyParams = new Params();
    const tallyConditions: string[] = [];
    if (query.status?.length) tallyConditions.push(`status in (${tallyParams.list(query.status)})`);
    if (query.type?.length) tallyConditions.push(typeNamed('leave_type_id', query.type, tallyParams));
    return {
      page: { statement: page, values: params.values },
      total: {
        statement: statement(
          '',
          `select coalesce(sum(n), 0)::float8 as n from leave_request_tallies ${whereClause(tallyConditions)}`,
        ),
        values: tallyParams.values,
      },
    };
  }
  return {
    page: { statement: page, values: params.values },
    total: {
      statement: statement(
        '',
        `select count(*)::float8 as n from leave_requests lr join users u on u.id = lr.user_id ${where}`,
      ),
      values: filterValues,
    },
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
  actor: Actor,
  input: { userId?: number; query: ListQuery },
): Promise<LeaveRequestPage> {
  // One user's: the route's access rule keeps STAFF to their own.
  if (input.userId === undefined) assertAdmin(actor);
  const { page, total } = leaveListStatements(input);
  const [rows, [counted]] = await Promise.all([
    run(db, page.statement, page.values),
    run(db, total.statement, total.values),
  ]);
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

/** Everyone's requests per status, from the tallies a trigger keeps (db/extras.ts). */
export const ALL_LEAVE_COUNTS = statement<{ status: LeaveStatus; n: number }>(
  'leave_counts_all',
  'select status, sum(n)::float8 as n from leave_request_tallies group by status',
);

const USER_LEAVE_COUNTS = statement<{ status: LeaveStatus; n: number }>(
  'leave_counts_of_user',
  'select status, count(*)::float8 as n from leave_requests where user_id = $1 group by status',
);

/** Requests per status, for the stat cards: everyone's (ADMIN), or one user's (own for STAFF). */
export async function countLeaveRequests(
  db: DbOrTx,
  actor: Actor,
  scope: { userId?: number },
): Promise<LeaveCounts> {
  if (scope.userId === undefined) assertAdmin(actor);
  const rows =
    scope.userId === undefined
      ? await run(db, ALL_LEAVE_COUNTS, [])
      : await run(db, USER_LEAVE_COUNTS, [scope.userId]);
  const counts: LeaveCounts = { PENDING: 0, APPROVED: 0, REJECTED: 0, TOTAL: 0 };
  for (const row of rows) {
    counts[row.status] = row.n;
    counts.TOTAL += row.n;
  }
  return counts;
}
