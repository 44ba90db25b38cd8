import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../../src/server/config';
import { HAND_WRITTEN_IN_APP } from './raw-routes';
import type { ServerProcessOptions } from './server-process';
import { median, type Round, round, startServers } from './servers';

// Throughput of an authenticated read, GET /api/users/:id, against a hand-written Fastify + pg route
// giving the same answer (tests/bench/raw-routes.ts): the same two statements for the same user (the
// viewer and whether the token's session is open; the user with staff, employment and payment info),
// the same auth work (the JWT's signature checked, the session read on every request), a pool as large
// as the app's, the same logger level. Both servers run in a process of their own, not in the load
// generator's. The app runs as `npm start` does.
//
// The machine is shared and its load changes from second to second, so they are measured in rounds
// whose order rotates, and the figure is the median over the rounds of app req/s / baseline req/s in
// the same round. The rounds come from several server processes started one after another: the same
// code ran x0.85 in one process and x1.05 in the next (which code the JIT optimises, and how, differs
// from process to process), so one process's figure says little. Server CPU per request is printed beside it:
// it drifts less than req/s and shows where the difference is.
//
// The baseline's handler is also measured mounted in the app itself, beside the app's route: that
// figure against the baseline is what the app instance costs (its plugins, logger and hooks), and the
// app's route against it is what the route's own work costs (schemas, access check, service).

const PROCESSES = 3;
const ROUNDS = 6;
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
  /** The baseline's handler mounted in the app: req/s, and the median ratio to the baseline. */
  mountedRps: number;
  mountedRatio: number;
  mountedCpuMicros: number;
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

type Which = 'app' | 'baseline' | 'mounted';
type Runs = Record<Which, Round[]>;

/** One server process: its three routes measured in ROUNDS rounds of rotating order. */
async function measureOneProcess(
  database: ServerProcessOptions['database'],
  jwtSecret: string,
): Promise<Runs> {
  // The seed's administrator, as the server process's configuration has it.
  const { seedAdminEmail, seedAdminPassword } = loadConfig({ DATA_DIR: '.', JWT_SECRET: jwtSecret });
  const servers = await startServers({ scenario: 'user', database, jwtSecret, seed: true });
  try {
    const login = await fetch(`${servers.app}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: seedAdminEmail, password: seedAdminPassword }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const target = 2; // a demo staff member with every record filled in
    const headers = { authorization: `Bearer ${accessToken}` };

    // Same answer from all three (status, headers, body), or the comparison means nothing.
    const urls = {
      app: `${servers.app}/api/users/${target}`,
      baseline: `${servers.baseline}/api/users/${target}`,
      mounted: `${servers.app}${HAND_WRITTEN_IN_APP.replace(':id', String(target))}`,
    };
    const answer = async (url: string) => {
      const response = await fetch(url, { headers });
      const sent = [...response.headers].filter(([name]) => name !== 'date');
      return JSON.stringify([response.status, sent, await response.text()]);
    };
    const [ours, theirs, mounted] = await Promise.all([urls.app, urls.baseline, urls.mounted].map(answer));
    if (ours !== theirs) throw new Error(`the baseline answers differently:\n${ours}\n${theirs}`);
    if (mounted !== theirs) throw new Error(`the mounted baseline answers differently:\n${mounted}`);

    const run = (which: Which) =>
      round(servers, { url: urls[which], connections: CONNECTIONS, duration: SECONDS_PER_ROUND, headers });
    const runs: Runs = { app: [], baseline: [], mounted: [] };
    const orders: Which[][] = [
      ['app', 'baseline', 'mounted'],
      ['baseline', 'mounted', 'app'],
      ['mounted', 'app', 'baseline'],
    ];
    for (const which of orders[0] ?? []) await run(which); // warm-up: statements prepared, code optimised
    for (let i = 0; i < ROUNDS; i++) {
      for (const which of orders[i % orders.length] ?? []) runs[which].push(await run(which));
    }
    return runs;
  } finally {
    await servers.close();
  }
}

export async function measureThroughput(kind: 'postgres' | 'pglite'): Promise<ThroughputFigure> {
  const created = kind === 'postgres' ? await createBenchDatabase(process.env.DATABASE_URL as string) : null;
  const database: ServerProcessOptions['database'] = created
    ? { kind: 'postgres', url: created.url }
    : { kind: 'pglite' };
  const jwtSecret = randomBytes(32).toString('hex');
  try {
    const runs: Runs = { app: [], baseline: [], mounted: [] };
    for (let i = 0; i < PROCESSES; i++) {
      const one = await measureOneProcess(database, jwtSecret);
      for (const which of ['app', 'baseline', 'mounted'] as const) runs[which].push(...one[which]);
    }
    const mean = (list: Round[]) => list.reduce((sum, r) => sum + r.rps, 0) / list.length;
    const ratioTo = (list: Round[]) =>
      median(list.map((r, i) => r.rps / (runs.baseline[i]?.rps ?? Number.NaN)));
    const all = [...runs.app, ...runs.baseline, ...runs.mounted];
    return {
      database: kind,
      appRps: mean(runs.app),
      baselineRps: mean(runs.baseline),
      ratio: ratioTo(runs.app),
      appCpuMicros: median(runs.app.map((r) => r.cpuPerRequest)),
      baselineCpuMicros: median(runs.baseline.map((r) => r.cpuPerRequest)),
      appP99Ms: Math.max(...runs.app.map((r) => r.p99)),
      baselineP99Ms: Math.max(...runs.baseline.map((r) => r.p99)),
      mountedRps: mean(runs.mounted),
      mountedRatio: ratioTo(runs.mounted),
      mountedCpuMicros: median(runs.mounted.map((r) => r.cpuPerRequest)),
      errors: all.reduce((sum, r) => sum + r.failures, 0),
    };
  } finally {
    await created?.drop();
  }
}
