import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { seedIfEmpty } from '../../src/server/seed';
import { benchPayroll } from './payroll';

// `npm run bench`: throughput and latency of the API's hot paths on the embedded database, and a
// 7,000-employee payroll month (tests/bench/payroll.ts), with targets. Loopback only, bounded in time; not part of CI (timings vary with the machine).
// The embedded database answers one query at a time, so these targets are for PGlite on two cores:
// far above what a company's staff generate, and a regression shows as a MISS.
const TARGETS = [
  { name: 'GET /api/users/:id (bearer + user lookup + detail)', p99Ms: 100, minRps: 250 },
  // Argon2id is meant to be slow: this is the cost of one sign-in, not a throughput goal.
  { name: 'POST /api/auth/login (Argon2id)', p99Ms: 600, minRps: 10 },
] as const;

const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  JWT_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'silent',
});
const database = await openDatabase({ kind: 'pglite' });
await database.migrate();
await seedIfEmpty(database.db, config);
const app = await buildApp({ config, db: database.db });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: config.seedAdminEmail, password: config.seedAdminPassword }),
});
const { accessToken } = (await login.json()) as { accessToken: string };

const runs = [
  await autocannon({
    url: `${base}/api/users/2`,
    connections: 10,
    duration: 5,
    headers: { authorization: `Bearer ${accessToken}` },
  }),
  await autocannon({
    url: `${base}/api/auth/login`,
    method: 'POST',
    connections: 2,
    duration: 5,
    headers: { 'content-type': 'application/json' },
    // Distinct from the admin: success every time, so the failure limiter stays out of the way.
    body: JSON.stringify({ email: 'weiming.tan@company.test', password: 'Staff@12345' }),
  }),
];

let failed = false;
runs.forEach((result, i) => {
  const target = TARGETS[i];
  if (!target) return;
  const ok =
    result.latency.p99 <= target.p99Ms && result.requests.average >= target.minRps && result.non2xx === 0;
  failed ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'MISS'} ${target.name}: ${Math.round(result.requests.average)} req/s (target >= ${target.minRps}), ` +
      `p99 ${result.latency.p99} ms (target <= ${target.p99Ms}), non-2xx ${result.non2xx}`,
  );
});
console.log(`memory: rss ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB`);

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });

// Payroll at scale: on the PostgreSQL server of DATABASE_URL (a database of its own, dropped
// afterwards), and on the embedded database for comparison.
failed = !(await benchPayroll(process.env.DATABASE_URL)) || failed;
process.exitCode = failed ? 1 : 0;
