import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerAuth, type RawQuery, refuse } from './raw-routes';

// The admin leave list's two calls as a hand-written Fastify + pg server answers them: the same
// statements as the app's (the page of requests and its total, run at once; the per-status tallies),
// after the same auth work, with the same answers. Only what the bench asks is handled: a name search
// with status and type filters, newest first.

const filters = (statuses: number, types: number) => {
  const list = (from: number, n: number) => Array.from({ length: n }, (_, i) => `$${from + i}`).join(', ');
  return `lr.status in (${list(1, statuses)})
    and lr.leave_type_id in (select id from leave_types where name in (${list(statuses + 1, types)}))
    and to_tsvector('simple', u.full_name || ' ' || u.email) @@ to_tsquery('simple', $${statuses + types + 1})`;
};

const pageSql = (
  statuses: number,
  types: number,
) => `select lr.id, lr.status, t.name as type, lr.leave_type_id,
    lr.created_at, lr.updated_at, lr.from_date::text, lr.from_date_is_am, lr.to_date::text, lr.to_date_is_am, lr.days,
    lr.reason, lr.file_key, lr.user_id, u.full_name, u.email
  from leave_requests lr join users u on u.id = lr.user_id join leave_types t on t.id = lr.leave_type_id
  where ${filters(statuses, types)}
  order by lr.created_at desc, lr.id desc limit $${statuses + types + 2} offset $${statuses + types + 3}`;

const totalSql = (statuses: number, types: number) =>
  `select count(*)::int as n from leave_requests lr join users u on u.id = lr.user_id where ${filters(statuses, types)}`;

const TALLIES_SQL = 'select status, sum(n)::int as n from leave_request_tallies group by status';

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
    const statuses = status.split(',').map((s) => s.trim());
    const types = type.split(',').map((s) => s.trim());
    const words = search
      .trim()
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    const pageNo = Number(page);
    const pageSize = Number(limit);
    const params = [...statuses, ...types, words.map((w) => `${w}:*`).join(' & ')];
    const [rows, total] = await Promise.all([
      query('', pageSql(statuses.length, types.length), [...params, pageSize, (pageNo - 1) * pageSize]),
      query('', totalSql(statuses.length, types.length), params),
    ]);
    const n = Number(total.rows[0]?.n ?? 0);
    return {
      data: rows.rows.map((r) => ({
        id: r.id,
        status: r.status,
        type: r.type,
        leaveTypeId: r.leave_type_id,
        createdAt: (r.created_at as Date).toISOString(),
        updatedAt: (r.updated_at as Date).toISOString(),
        fromDate: r.from_date,
        fromDateIsAm: r.from_date_is_am,
        toDate: r.to_date,
        toDateIsAm: r.to_date_is_am,
        days: Number(r.days),
        reason: r.reason,
        fileUrl: r.file_key,
        userId: r.user_id,
        user: { id: r.user_id, fullName: r.full_name, email: r.email },
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
