import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LeaveStatus } from '../../src/domain/enums';
import { leaveListStatements } from '../../src/server/services/leave-lists';
import { bearerAuth, type RawQuery, refuse } from './raw-routes';

// The admin leave list's two calls as a hand-written Fastify + pg server answers them: the app's
// statements for the page of requests and its total (run at once), built by the app's own function
// from the same filters so the two cannot drift apart and rendered to text by Drizzle's dialect; the
// per-status tallies by its own text; after the same auth work, with the same answers. Only what the bench asks is handled: a name search with status and type
// filters, newest first.

const dialect = new PgDialect();

/** Everyone's requests per status, from the tallies the app's trigger keeps. */
const TALLIES_SQL = 'select status, sum(n)::float8 as n from leave_request_tallies group by status';

type ListQuery = { search?: string; status?: string; type?: string; page?: string; limit?: string };

export function leaveListRoutes(server: FastifyInstance, query: RawQuery, secret: string) {
  const auth = bearerAuth(query, secret);
  const admin = async (request: FastifyRequest, reply: FastifyReply) => {
    const viewer = await auth(request, reply);
    if (!viewer) return false;
    if (viewer.role === 'ADMIN') return true;
    refuse(reply, 403);
    return false;
  };

  server.get<{ Querystring: ListQuery }>('/api/leave-requests', async (request, reply) => {
    if (!(await admin(request, reply))) return reply;
    const { search = '', status = '', type = '', page = '1', limit = '10' } = request.query;
    const pageNo = Number(page);
    const pageSize = Number(limit);
    const statements = leaveListStatements({
      query: {
        search,
        status: status.split(',').map((s) => s.trim() as LeaveStatus),
        type: type.split(',').map((s) => s.trim()),
        page: pageNo,
        limit: pageSize,
        sort: 'createdAt',
        order: 'desc',
      },
    });
    const listed = dialect.sqlToQuery(statements.page);
    const counted = dialect.sqlToQuery(statements.total);
    const [rows, total] = await Promise.all([
      query('', listed.sql, listed.params),
      query('', counted.sql, counted.params),
    ]);
    const n = Number(total.rows[0]?.n ?? 0);
    return {
      data: rows.rows.map((r) => ({
        id: r.id,
        status: r.status,
        type: r.type,
        leaveTypeId: r.leaveTypeId,
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
        fromDate: r.fromDate,
        fromDateIsAm: r.fromDateIsAm,
        toDate: r.toDate,
        toDateIsAm: r.toDateIsAm,
        days: r.days,
        reason: r.reason,
        fileUrl: r.fileUrl,
        userId: r.userId,
        user: { id: r.userId, fullName: r.userFullName, email: r.userEmail },
      })),
      currentPage: pageNo,
      pageSize,
      total: n,
      totalPages: Math.ceil(n / pageSize),
    };
  });

  server.get('/api/leave-requests/count', async (request, reply) => {
    if (!(await admin(request, reply))) return reply;
    const { rows } = await query('bench_tallies', TALLIES_SQL, []);
    const counts = { PENDING: 0, APPROVED: 0, REJECTED: 0, TOTAL: 0 };
    for (const row of rows) {
      counts[row.status as 'PENDING'] = Number(row.n);
      counts.TOTAL += Number(row.n);
    }
    return counts;
  });
}
