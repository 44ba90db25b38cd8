import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Database, openDatabase } from '../../src/server/db/client';
import { loggerOptions } from '../../src/server/logging';
import { seedIfEmpty } from '../../src/server/seed';

// Throughput of an authenticated read, GET /api/users/:id, against a hand-written Fastify + pg
// route doing the same queries in the same run: read the user and whether the token's session is
// open (one query), read the user with staff, employment and payment info (one query), answer
// JSON. The app runs as `npm start` does (logger at info). The two servers are
// measured in alternating rounds, so a change of load on the machine touches both alike.

const ROUNDS = 3;
const SECONDS_PER_ROUND = 3;
const CONNECTIONS = 10;

export interface ThroughputFigure {
  database: 'postgres' | 'pglite';
  appRps: number;
  baselineRps: number;
  appP99Ms: number;
  baselineP99Ms: number;
  errors: number;
}

interface RawClient {
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * The hand-written route: no schemas, no ORM, no hooks, not even a signature check (it only reads
 * the token's claims): the same two queries and the same answer, as cheaply as Fastify and pg allow.
 */
async function baselineServer(client: RawClient) {
  const server = Fastify({ logger: false });
  server.get<{ Params: { id: string } }>('/api/users/:id', async (request, reply) => {
    const token = request.headers.authorization?.slice(7) ?? '';
    let payload: { sub?: string; sid?: unknown };
    try {
      payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    } catch {
      return reply
        .code(401)
        .send({ statusCode: 401, error: 'Unauthorized', message: 'Authentication required.' });
    }
    const { rows: viewer } = await client.query(
      `select id, role, email, full_name, must_change_password, tokens_valid_from,
         exists (select 1 from refresh_tokens where family_id = $2 and user_id = $1 and revoked_at is null) as open
       from users where id = $1`,
      [Number(payload.sub), payload.sid],
    );
    if (!viewer[0]?.open)
      return reply.code(401).send({ statusCode: 401, error: 'Unauthorized', message: '' });
    const { rows } = await client.query(
      `select u.id, u.full_name, u.email, u.role, e.hire_date::text, s.id as s_id, s.gender, s.nric, s.date_of_birth::text,
         s.race, s.nationality, e.id as e_id, e.designation, e.employment_status, e.confirmed_date::text, e.pass_type,
         e.employment_type, e.last_day_of_service::text, p.id as p_id, p.basic_salary_cents, p.employee_cpf_rate, p.employer_cpf_rate,
         p.cpf_type, p.cpf_section, p.self_help_group, p.bank_name, p.bank_code, p.branch_code, p.account_no
       from users u left join staff_info s on s.user_id = u.id left join employment_info e on e.user_id = u.id
         left join payment_info p on p.user_id = u.id where u.id = $1`,
      [Number(request.params.id)],
    );
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
  });
  return server;
}

async function openBenchDatabase(kind: 'postgres' | 'pglite'): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ kind: 'pglite' });
  const serverUrl = process.env.DATABASE_URL as string;
  const name = `hr_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

const sink = { write: () => {} };

export async function measureThroughput(kind: 'postgres' | 'pglite'): Promise<ThroughputFigure> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') });
  const database = await openBenchDatabase(kind);
  await database.migrate();
  await seedIfEmpty(database.db, config);
  const app = await buildApp({ config, db: database.db, logger: loggerOptions('info', sink) });
  const appBase = await app.listen({ port: 0, host: '127.0.0.1' });
  const client = (database.db as unknown as { $client: RawClient }).$client;
  const baseline = await baselineServer(client);
  const baselineBase = await baseline.listen({ port: 0, host: '127.0.0.1' });

  const login = await fetch(`${appBase}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: config.seedAdminEmail, password: config.seedAdminPassword }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const target = 2; // a demo staff member with every record filled in
  const run = (base: string) =>
    autocannon({
      url: `${base}/api/users/${target}`,
      connections: CONNECTIONS,
      duration: SECONDS_PER_ROUND,
      headers: { authorization: `Bearer ${accessToken}` },
    });

  // Same answer from both, or the comparison means nothing.
  const headers = { authorization: `Bearer ${accessToken}` };
  const [ours, theirs] = await Promise.all([
    fetch(`${appBase}/api/users/${target}`, { headers }).then((r) => r.json()),
    fetch(`${baselineBase}/api/users/${target}`, { headers }).then((r) => r.json()),
  ]);
  if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
    throw new Error(`the baseline answers differently:\n${JSON.stringify(ours)}\n${JSON.stringify(theirs)}`);
  }

  await run(appBase); // warm-up of both
  await run(baselineBase);
  const appRuns: autocannon.Result[] = [];
  const baselineRuns: autocannon.Result[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    baselineRuns.push(await run(baselineBase));
    appRuns.push(await run(appBase));
  }
  await app.close();
  await baseline.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });

  const rps = (runs: autocannon.Result[]) =>
    runs.reduce((sum, r) => sum + r.requests.average, 0) / runs.length;
  const p99 = (runs: autocannon.Result[]) => Math.max(...runs.map((r) => r.latency.p99));
  return {
    database: kind,
    appRps: rps(appRuns),
    baselineRps: rps(baselineRuns),
    appP99Ms: p99(appRuns),
    baselineP99Ms: p99(baselineRuns),
    errors: [...appRuns, ...baselineRuns].reduce((sum, r) => sum + r.non2xx + r.errors, 0),
  };
}
