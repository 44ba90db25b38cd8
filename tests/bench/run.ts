import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { seedIfEmpty } from '../../src/server/seed';
import { benchBundle } from './bundle';
import { benchPayroll } from './payroll';
import { benchPayslipEmails } from './payslip-emails';
import { benchStartup } from './startup';
import { measureThroughput } from './throughput';

// `npm run bench`: each figure next to its baseline from the same run. Loopback only, bounded in
// time; not part of CI (timings vary with the machine).

let failed = false;
const report = (ok: boolean, line: string) => {
  failed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'MISS'} ${line}`);
};

// --- reads: an authenticated read against a hand-written Fastify + pg route -------------------------
// Target (issue 31, item 5): on PostgreSQL the app answers at least 0.8 times as many requests per
// second as the hand-written route doing the same reads and the same auth work (app req/s / baseline
// req/s >= 0.8, the median over paired rounds; tests/bench/throughput.ts says how), reaching the
// database only through Drizzle's public API. PGlite is reported: the embedded database answers one
// query at a time, for both.
const READS_TARGET = 0.8;
const databases = process.env.DATABASE_URL ? (['postgres', 'pglite'] as const) : (['pglite'] as const);
if (!process.env.DATABASE_URL) console.log('(DATABASE_URL not set: PostgreSQL throughput skipped)');
for (const kind of databases) {
  const figure = await measureThroughput(kind);
  const line =
    `GET /api/users/:id on ${kind}: ${Math.round(figure.appRps)} req/s vs hand-written Fastify + pg ` +
    `${Math.round(figure.baselineRps)} req/s, x${figure.ratio.toFixed(2)}` +
    `${kind === 'postgres' ? ` (target >= x${READS_TARGET.toFixed(1)})` : ''}; ` +
    `server CPU ${Math.round(figure.appCpuMicros)} vs ${Math.round(figure.baselineCpuMicros)} µs/request; ` +
    `p99 ${figure.appP99Ms} ms vs ${figure.baselineP99Ms} ms; errors ${figure.errors}`;
  report((kind !== 'postgres' || figure.ratio >= READS_TARGET) && figure.errors === 0, line);
  console.log(
    `     where it goes: the hand-written handler mounted in the app ${Math.round(figure.mountedRps)} req/s, ` +
      `x${figure.mountedRatio.toFixed(2)} of the hand-written server (the app instance: plugins, logger, hooks), ` +
      `server CPU ${Math.round(figure.mountedCpuMicros)} µs/request; the rest is the route's own work ` +
      '(params schema, access check, service, response schema) and Drizzle running its two prepared ' +
      'statements and mapping their rows (src/server/db/statements.ts)',
  );
}

// --- sign-in: Argon2id is meant to be slow; this is the cost of one sign-in, not a goal --------
{
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
  const result = await autocannon({
    url: `${base}/api/auth/login`,
    method: 'POST',
    connections: 2,
    duration: 5,
    headers: { 'content-type': 'application/json' },
    // Correct every time, so no throttle is involved.
    body: JSON.stringify({ email: 'weiming.tan@company.test', password: 'Staff@12345' }),
  });
  report(
    result.latency.p99 <= 600 && result.requests.average >= 10 && result.non2xx === 0,
    `POST /api/auth/login (Argon2id): ${Math.round(result.requests.average)} req/s (target >= 10), ` +
      `p99 ${result.latency.p99} ms (target <= 600), non-2xx ${result.non2xx}`,
  );
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

// A 7,000-employee payroll month against a plain insert of the same rows (tests/bench/payroll.ts).
failed = !(await benchPayroll(process.env.DATABASE_URL)) || failed;
// That month e-mailed with its payslip PDFs, against drawing them without sending (tests/bench/payslip-emails.ts).
failed = !(await benchPayslipEmails(process.env.DATABASE_URL)) || failed;
console.log(`memory: rss ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB`);
// Start-up: npm start on an empty and on a used embedded database (tests/bench/startup.ts).
const startup = await benchStartup();
for (const line of startup.lines) console.log(line);
failed ||= !startup.ok;
// The web app: what /login loads and how it is sent (tests/bench/bundle.ts).
const bundle = await benchBundle();
for (const line of bundle.lines) console.log(line);
process.exitCode = failed || !bundle.ok ? 1 : 0;
