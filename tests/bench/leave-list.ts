import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { DEFAULT_LEAVE_TYPES } from '../../src/domain/enums';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { applyDatabaseExtras } from '../../src/server/db/extras';
import { leaveTypes, users } from '../../src/server/db/schema';
import { issueRefreshToken } from '../../src/server/services/tokens';

// `npm run bench`, part two: the admin leave list on PostgreSQL at company-group scale. 100,000 staff
// and 200,000 leave requests are generated in a database of its own on the server of DATABASE_URL
// (default: the local test server), then 20 clients at once ask for what the dashboard asks: a page of
// 7 requests for a name search with status and type filters, and the per-status counts. Target: p95 of
// at most 10 ms. Beside it, in the same run: a hand-written Fastify + pg route running the same SQL (the
// floor this machine allows at that concurrency), and one client alone (the latency without queueing).
// Loopback only, bounded in time; the database is dropped at the end.

const STAFF = 100_000;
const REQUESTS = 200_000;
const CLIENTS = 20;
const SECONDS = 10;
const TARGET_P95_MS = 10;

const SURNAMES = [
  'Tan',
  'Lim',
  'Lee',
  'Ng',
  'Ong',
  'Wong',
  'Goh',
  'Chua',
  'Chan',
  'Koh',
  'Teo',
  'Ang',
  'Yeo',
  'Tay',
  'Ho',
  'Low',
  'Toh',
  'Sim',
  'Chong',
  'Chia',
  'Kumar',
  'Singh',
  'Rahman',
  'Ismail',
  'Abdullah',
  'Hassan',
  'Pillai',
  'Nair',
  'Fernandez',
  'Pereira',
];
const GIVEN = [
  'Wei Ming',
  'Hui Min',
  'Jia Hui',
  'Kai Wen',
  'Xin Yi',
  'Jun Jie',
  'Mei Ling',
  'Zhi Hao',
  'Shu Fen',
  'Boon Kiat',
  'Aisyah',
  'Farah',
  'Nurul',
  'Siti',
  'Hafiz',
  'Irfan',
  'Rajesh',
  'Priya',
  'Arun',
  'Kavitha',
  'Deepa',
  'Ravi',
  'Suresh',
  'Anita',
  'Daniel',
  'Sarah',
  'Joshua',
  'Rachel',
  'Marcus',
  'Grace',
  'Ethan',
  'Chloe',
  'Ryan',
  'Natalie',
  'Bryan',
  'Vanessa',
  'Jasmine',
  'Isaac',
  'Amanda',
  'Gabriel',
];
/**
 * Looking for a person, as an administrator types it: a surname and the start of a given name (each
 * matches about 80 of the 100,000 staff). A bare surname, which matches thousands, is a browse, not
 * the search this target is about.
 */
const SEARCHES = [
  'tan wei',
  'lim hui',
  'kumar rav',
  'ng jia',
  'rahman sit',
  'goh boon',
  'pillai pri',
  'chua kai',
  'ong mei',
  'singh aru',
];

/** A constant list as an SQL array literal (our own fixed words, no quotes in them). */
const textArray = (words: readonly string[]) => sql.raw(`(array[${words.map((w) => `'${w}'`).join(', ')}])`);

type Request = { method: 'GET'; path: string };

/** p95 and p50 latency and throughput of `clients` clients asking the requests in turn, after a warm-up. */
async function measure(base: string, requests: Request[], token: string, clients: number) {
  const options = {
    url: base,
    connections: clients,
    requests,
    headers: { authorization: `Bearer ${token}` },
  };
  await autocannon({ ...options, duration: 3 });
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...options, duration: SECONDS }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    p95: latencies[Math.floor(latencies.length * 0.95)] ?? Number.POSITIVE_INFINITY,
    p50: result.latency.p50,
    rps: Math.round(result.requests.average),
    failures: result.non2xx + result.errors,
  };
}

/**
 * The floor: the dashboard's two calls as a hand-written Fastify + pg server answers them, with the same
 * SQL the app's queries come to (the page of 7 and its total for the search; the tallies for the counts),
 * no token check, no schemas, no ORM.
 */
async function baselineServer(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const server = Fastify({ logger: false });
  const filters = `lr.status = any($1) and lr.leave_type_id in (select id from leave_types where name = any($2))
      and to_tsvector('simple', u.full_name || ' ' || u.email) @@ to_tsquery('simple', $3)`;
  const pageSql = `select lr.*, u.full_name, u.email, t.name as type
    from leave_requests lr join users u on u.id = lr.user_id join leave_types t on t.id = lr.leave_type_id
    where ${filters} order by lr.created_at desc, lr.id desc limit 7`;
  const totalSql = `select count(*)::int as n from leave_requests lr join users u on u.id = lr.user_id where ${filters}`;
  server.get<{ Querystring: Record<string, string> }>('/api/leave-requests', async (request) => {
    const { search = '', status = '', type = '' } = request.query;
    const words = search
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    const params = [status.split(','), type.split(','), words.map((w) => `${w}:*`).join(' & ')];
    const [page, total] = await Promise.all([pool.query(pageSql, params), pool.query(totalSql, params)]);
    return { data: page.rows, total: total.rows[0]?.n ?? 0 };
  });
  server.get('/api/leave-requests/count', async () => {
    const { rows } = await pool.query(
      'select status, sum(n)::int as n from leave_request_tallies group by status',
    );
    return rows;
  });
  const url = await server.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    async close() {
      await server.close();
      await pool.end();
    },
  };
}

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `hr_bench_leave_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const url = new URL(serverUrl);
url.pathname = `/${name}`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-bench-leave-'));
const database = await openDatabase({ kind: 'postgres', url: url.toString() });
try {
  await database.migrate();
  const db = database.db;
  const started = Date.now();
  await db
    .insert(leaveTypes)
    .values(DEFAULT_LEAVE_TYPES.map((typeName, i) => ({ name: typeName, sortOrder: i + 1 })));
  const [boss] = await db
    .insert(users)
    .values({ email: 'bench.admin@company.test', fullName: 'Bench Admin', role: 'ADMIN', passwordHash: 'x' })
    .returning();
  // Names repeat the way real ones do: 30 surnames x 40 given names, each held by about 80 people.
  await db.execute(sql`
    insert into users (email, full_name, role, password_hash)
    select 'staff' || i || '@company.test',
           ${textArray(SURNAMES)}[1 + i % ${SURNAMES.length}] || ' ' || ${textArray(GIVEN)}[1 + (i / ${SURNAMES.length}) % ${GIVEN.length}] || ' ' || i,
           'STAFF', 'x'
    from generate_series(1, ${STAFF}) as i`);
  const [first] = await db
    .select({ id: sql<number>`min(${users.id})`.mapWith(Number) })
    .from(users)
    .where(sql`${users.role} = 'STAFF'`);
  const firstStaffId = first?.id ?? 0;
  // A bulk load skips the per-row tally trigger; the tallies are recounted right after.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
    insert into leave_requests (user_id, leave_type_id, status, from_date, from_date_is_am, to_date, to_date_is_am, days, created_at, updated_at)
    select u.id, t.id,
           (array['PENDING', 'APPROVED', 'REJECTED'])[1 + i % 3],
           date '2026-01-05' + (i % 350), i % 2 = 0,
           date '2026-01-05' + (i % 350) + (i % 3), true,
           1 + (i % 3), now() - make_interval(secs => i * 60), now()
    from generate_series(1, ${REQUESTS}) as i
    join users u on u.id = ${firstStaffId} + (i * 7919) % ${STAFF}
    join leave_types t on t.sort_order = 1 + i % 8`);
  });
  await applyDatabaseExtras(db);
  // What autovacuum does soon after a bulk load: moves the new entries into the search index proper
  // (a GIN index's pending list is scanned in full by every search until then) and gathers statistics.
  await db.execute(sql`vacuum analyze`);
  const counted = await db.execute(
    sql`select (select count(*) from users where role = 'STAFF') as staff, (select count(*) from leave_requests) as requests`,
  );
  const sizes = (counted as unknown as { rows: { staff: string; requests: string }[] }).rows[0];
  console.log(
    `leave list bench: ${sizes?.staff} staff, ${sizes?.requests} leave requests generated in ${Math.round((Date.now() - started) / 1000)} s`,
  );

  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, db });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const { sessionId } = await issueRefreshToken(db, boss?.id ?? 0);
  const token = await app.accessTokens.sign({ id: boss?.id ?? 0, role: 'ADMIN' }, sessionId);

  const requests = SEARCHES.flatMap((search) => [
    {
      method: 'GET' as const,
      path: `/api/leave-requests?search=${encodeURIComponent(search)}&status=PENDING,APPROVED&type=${encodeURIComponent('Annual Leave,Medical Leave')}&page=1&limit=7`,
    },
    { method: 'GET' as const, path: '/api/leave-requests/count' },
  ]);
  const ours = await measure(base, requests, token, CLIENTS);
  const alone = await measure(base, requests, token, 1);
  const baseline = await baselineServer(url.toString());
  const floor = await measure(baseline.url, requests, token, CLIENTS);
  await baseline.close();
  const ok = ours.p95 <= TARGET_P95_MS && ours.failures === 0;
  console.log(
    `${ok ? 'ok  ' : 'MISS'} admin leave list (name search, status and type filters, page of 7, counts) on PostgreSQL, ` +
      `${sizes?.staff} staff / ${sizes?.requests} requests, ${CLIENTS} clients: p95 ${ours.p95.toFixed(1)} ms ` +
      `(target <= ${TARGET_P95_MS}), p50 ${ours.p50} ms, ${ours.rps} req/s, failures ${ours.failures}`,
  );
  console.log(
    `     the same SQL by a hand-written Fastify + pg route, ${CLIENTS} clients: p95 ${floor.p95.toFixed(1)} ms, ` +
      `${floor.rps} req/s (the app takes x${(ours.p95 / floor.p95).toFixed(2)} its p95); ` +
      `the app with 1 client: p95 ${alone.p95.toFixed(1)} ms, p50 ${alone.p50} ms`,
  );
  await app.close();
  process.exitCode = ok ? (process.exitCode ?? 0) : 1;
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  const dropper = new pg.Client({ connectionString: serverUrl });
  await dropper.connect();
  await dropper.query(`drop database if exists ${name} with (force)`);
  await dropper.end();
}
