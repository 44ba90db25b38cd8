import type { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { jwtVerify } from 'jose';
import type pg from 'pg';

// The baselines of the bench: what a competent hand-written Fastify + pg server does to give the same
// answers as the app. Its own SQL for the same reads (named, so PostgreSQL parses and plans each once
// per connection, as the app's prepared statements are), the same auth work (the token's signature
// checked once and remembered until it expires, then the user and whether the session is open read on
// every request), a pool as large as the app's, the same logger level with no line per request. What
// they leave out is what the framework adds: schemas, the ORM (Drizzle builds the app's statements and
// maps their rows), hooks, security headers.

/** The token's user, and whether its session is open ($1 the user, $2 the session). */
const SESSION_SQL = `select id, role, email, full_name, must_change_password,
    floor(extract(epoch from tokens_valid_from) * 1000)::float8 as tokens_valid_from_ms,
    exists (select 1 from refresh_tokens where family_id = $2 and user_id = $1 and revoked_at is null) as session_open
  from users where id = $1`;

/** A user with staff, employment and payment info ($1 the user). */
const USER_SQL = `select u.id, u.full_name, u.email, u.role,
    s.id as s_id, s.gender, s.nric, s.date_of_birth::text, s.race, s.nationality,
    e.id as e_id, e.designation, e.employment_status, e.hire_date::text, e.confirmed_date::text, e.pass_type,
    e.employment_type, e.last_day_of_service::text,
    p.id as p_id, p.basic_salary_cents, p.employee_cpf_rate::text, p.employer_cpf_rate::text, p.cpf_type,
    p.cpf_section, p.self_help_group, p.bank_name, p.bank_code, p.branch_code, p.account_no
  from users u
    left join staff_info s on s.user_id = u.id
    left join employment_info e on e.user_id = u.id
    left join payment_info p on p.user_id = u.id
  where u.id = $1`;

/** A named statement on pg, the plain text on PGlite (which has a single connection and no names). */
export type RawQuery = (
  name: string,
  text: string,
  values: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>;

export function rawQuery(client: pg.Pool | PGlite, kind: 'postgres' | 'pglite'): RawQuery {
  if (kind === 'pglite') {
    const lite = client as PGlite;
    return (_name, text, values) => lite.query<Record<string, unknown>>(text, values);
  }
  const pool = client as pg.Pool;
  return (name, text, values) => pool.query({ name: name || undefined, text, values });
}

interface Viewer {
  id: number;
  role: string;
}

/** Sends a 401 or 403; null, as the auth check answers when the request goes no further. */
export function refuse(reply: FastifyReply, statusCode: 401 | 403): null {
  reply
    .code(statusCode)
    .send({ statusCode, error: statusCode === 401 ? 'Unauthorized' : 'Forbidden', message: '' });
  return null;
}

/** The app's bearer check by hand: null once the reply has been sent (401 or 403). */
export function bearerAuth(query: RawQuery, secret: string) {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<
    string,
    { userId: number; sessionId: string; issuedAtMs: number; expMs: number }
  >();
  return async (request: FastifyRequest, reply: FastifyReply): Promise<Viewer | null> => {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return refuse(reply, 401);
    let claims = verified.get(token);
    if (!claims) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: 'hr-app',
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        claims = {
          userId: Number(payload.sub),
          sessionId: String(payload.sid),
          issuedAtMs: Number(payload.ims),
          expMs: Number(payload.exp) * 1000,
        };
        verified.set(token, claims);
      } catch {
        return refuse(reply, 401);
      }
    }
    if (claims.expMs <= Date.now()) return refuse(reply, 401);
    const { rows } = await query('bench_session', SESSION_SQL, [claims.userId, claims.sessionId]);
    const row = rows[0];
    if (!row?.session_open || claims.issuedAtMs < Number(row.tokens_valid_from_ms)) {
      return refuse(reply, 401);
    }
    if (row.must_change_password) return refuse(reply, 403);
    return { id: Number(row.id), role: String(row.role) };
  };
}

/** Where the bench mounts {@link userRoute} in the app itself, beside the app's own route. */
export const HAND_WRITTEN_IN_APP = '/api/bench/hand-written/users/:id';

/** GET /api/users/:id: the user with staff, employment and payment info (own for staff, any for admins). */
export function userRoute(query: RawQuery, secret: string) {
  const auth = bearerAuth(query, secret);
  return async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const viewer = await auth(request, reply);
    if (!viewer) return reply;
    if (!/^[1-9]\d{0,9}$/.test(request.params.id) || Number(request.params.id) > 2147483647) {
      return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: 'id' });
    }
    const id = Number(request.params.id);
    if (viewer.role !== 'ADMIN' && viewer.id !== id) return refuse(reply, 403) ?? reply;
    const { rows } = await query('bench_user', USER_SQL, [id]);
    const r = rows[0];
    if (!r) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'User not found.' });
    return {
      id: r.id,
      fullName: r.full_name,
      email: r.email,
      role: r.role,
      hireDate: r.hire_date ?? null,
      staffInfo: r.s_id
        ? {
            id: r.s_id,
            gender: r.gender,
            nric: r.nric,
            dateOfBirth: r.date_of_birth,
            race: r.race,
            nationality: r.nationality,
          }
        : null,
      employmentInfo: r.e_id
        ? {
            id: r.e_id,
            designation: r.designation,
            employmentStatus: r.employment_status,
            hireDate: r.hire_date,
            confirmedDate: r.confirmed_date,
            passType: r.pass_type,
            employmentType: r.employment_type,
            lastDayOfService: r.last_day_of_service,
          }
        : null,
      paymentInfo: r.p_id
        ? {
            id: r.p_id,
            basicSalary: Number(r.basic_salary_cents) / 100,
            employeeCpfContributionRate: r.employee_cpf_rate === null ? null : Number(r.employee_cpf_rate),
            employerCpfContributionRate: r.employer_cpf_rate === null ? null : Number(r.employer_cpf_rate),
            cpfType: r.cpf_type,
            cpfSection: r.cpf_section,
            selfHelpGroup: r.self_help_group,
            bankName: r.bank_name,
            bankCode: r.bank_code,
            branchCode: r.branch_code,
            accountNo: r.account_no,
          }
        : null,
    };
  };
}

/**
 * A Fastify server as a hand-written service would run: logger at info, no line per request, and on
 * every answer the headers the app's answers carry (security headers, no-store), as any service
 * answering with personal data must.
 */
export function rawServer(headers: Record<string, string>) {
  const server = Fastify({
    logger: { level: 'info', stream: { write: () => {} } },
    logController: new LogController({ disableRequestLogging: true }),
  });
  server.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  return server;
}
