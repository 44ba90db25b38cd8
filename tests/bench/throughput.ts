import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../../src/server/config';
import { median, type Round, round, startServers } from './servers';

// Throughput of an authenticated read, GET /api/users/:id, against a hand-written Fastify + pg route
// giving the same answer (tests/bench/raw-routes.ts): the same two statements for the same user (the
// viewer and whether the token's session is open; the user with staff, employment and payment info),
// the same auth work (the JWT's signature checked, the session read on every request), a pool as large
// as the app's, the same logger level. Both servers run in a process of their own, not in the load
// generator's. The app runs as `npm start` does.
//
// The machine is shared and its load changes from second to second, so the two are measured in
// alternating rounds (app first, then baseline first, and so on) and the figure is the median over the
// rounds of app req/s / baseline req/s in the same pair. Server CPU per request is printed beside it:
// it drifts less than req/s and shows where the difference is.

const ROUNDS = 8;
const SECONDS_PER_ROUND = 2;
const CONNECTIONS = 10;

export interface ThroughputFigure {
  database: 'postgres' | 'pglite';
  appRps: number;
  baselineRps: number;
  /** Median over paired rounds of app req/s / baseline req/s. */
  ratio: number;
  appCpuMicros: number;
  baselineCpuMicros: number;
  appP99Ms: number;
  baselineP99Ms: number;
  errors: number;
}

async function createBenchDatabase(serverUrl: string) {
  const name = `hr_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export async function measureThroughput(kind: 'postgres' | 'pglite'): Promise<ThroughputFigure> {
  const created = kind === 'postgres' ? await createBenchDatabase(process.env.DATABASE_URL as string) : null;
  const jwtSecret = randomBytes(32).toString('hex');
  // The seed's administrator, as the server process's configuration has it.
  const { seedAdminEmail, seedAdminPassword } = loadConfig({ DATA_DIR: '.', JWT_SECRET: jwtSecret });
  const servers = await startServers({
    scenario: 'user',
    database: created ? { kind: 'postgres', url: created.url } : { kind: 'pglite' },
    jwtSecret,
    seed: true,
  });
  try {
    const login = await fetch(`${servers.app}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: seedAdminEmail, password: seedAdminPassword }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const target = 2; // a demo staff member with every record filled in
    const headers = { authorization: `Bearer ${accessToken}` };

    // Same answer from both (status, headers, body), or the comparison means nothing.
    const answer = async (base: string) => {
      const response = await fetch(`${base}/api/users/${target}`, { headers });
      const sent = [...response.headers].filter(([name]) => name !== 'date');
      return JSON.stringify([response.status, sent, await response.text()]);
    };
    const [ours, theirs] = await Promise.all([answer(servers.app), answer(servers.baseline)]);
    if (ours !== theirs) throw new Error(`the baseline answers differently:\n${ours}\n${theirs}`);

    const run = (base: string, duration = SECONDS_PER_ROUND) =>
      round(servers, {
        url: `${base}/api/users/${target}`,
        connections: CONNECTIONS,
        duration,
        headers,
      });
    await run(servers.app); // warm-up of both: statements prepared, code optimised
    await run(servers.baseline);
    const appRuns: Round[] = [];
    const baselineRuns: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2 === 0) {
        appRuns.push(await run(servers.app));
        baselineRuns.push(await run(servers.baseline));
      } else {
        baselineRuns.push(await run(servers.baseline));
        appRuns.push(await run(servers.app));
      }
    }
    const mean = (runs: Round[]) => runs.reduce((sum, r) => sum + r.rps, 0) / runs.length;
    return {
      database: kind,
      appRps: mean(appRuns),
      baselineRps: mean(baselineRuns),
      ratio: median(appRuns.map((r, i) => r.rps / (baselineRuns[i]?.rps ?? Number.NaN))),
      appCpuMicros: median(appRuns.map((r) => r.cpuPerRequest)),
      baselineCpuMicros: median(baselineRuns.map((r) => r.cpuPerRequest)),
      appP99Ms: Math.max(...appRuns.map((r) => r.p99)),
      baselineP99Ms: Math.max(...baselineRuns.map((r) => r.p99)),
      errors: [...appRuns, ...baselineRuns].reduce((sum, r) => sum + r.failures, 0),
    };
  } finally {
    await servers.close();
    await created?.drop();
  }
}
