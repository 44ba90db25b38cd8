import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Database, openDatabase } from '../../src/server/db/client';
import type { JobQueue } from '../../src/server/jobs/queue';
import { startJobs, stopJobs } from '../../src/server/jobs/workers';
import { loggerOptions } from '../../src/server/logging';
import { seedIfEmpty } from '../../src/server/seed';
import { leaveListRoutes } from './raw-leave-list';
import { HAND_WRITTEN_IN_APP, type RawQuery, rawQuery, rawServer, userRoute } from './raw-routes';

// The servers under test, in a process of their own (started by tests/bench/servers.ts): the load
// generator then does not share their event loop, as no client shares a server's. Holds the app as
// `npm start` runs it (logger at info, its own pool) and the hand-written baseline beside it; only one
// of the two is loaded at a time, so the process's CPU time in a round is that server's.

/**
 * Work a bench has done on the app's database in this process (data set-up, a baseline statement),
 * by name: the embedded database lives in this process and cannot be reached from another.
 */
export type BenchTask = (database: Database) => Promise<unknown>;

export interface ServerProcessOptions {
  /**
   * Which baseline runs beside the app: GET /api/users/:id, the admin leave list, or none (the
   * payroll bench, whose baseline is a plain insert run as a task).
   */
  scenario: 'user' | 'leave-list' | 'app';
  database: { kind: 'pglite' } | { kind: 'postgres'; url: string };
  jwtSecret: string;
  /** Migrate and seed the demo company first (an empty database). */
  seed: boolean;
  /** A module whose exports are the bench's tasks ({@link BenchTask}), run on request. */
  tasks?: string;
  /** Start the job queue and its workers as `npm start` does, sending by this SMTP server. */
  jobs?: { smtpUrl: string };
}

export type ServerProcessMessage =
  | { type: 'ready'; app: string; baseline: string | null }
  | { type: 'cpu'; micros: number }
  | { type: 'task'; result: unknown }
  | { type: 'failed'; message: string };

const send = (message: ServerProcessMessage) => process.send?.(message);

async function main() {
  const options = JSON.parse(process.env.BENCH_SERVER_OPTIONS ?? '') as ServerProcessOptions;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-bench-server-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: options.jwtSecret,
    ...(options.jobs ? { SMTP_URL: options.jobs.smtpUrl } : {}),
  });
  const database = await openDatabase(options.database);
  if (options.seed) {
    await database.migrate();
    await seedIfEmpty(database.db, config);
  }
  let queue: JobQueue | undefined;
  const app = await buildApp({
    config,
    db: database.db,
    logger: loggerOptions('info', { write: () => {} }),
    queue: () => queue,
  });
  if (options.jobs) queue = await startJobs(database, config, app.log);

  let ownPool: pg.Pool | undefined;
  let query: RawQuery | undefined;
  if (options.scenario !== 'app') {
    // The app's own client: on PostgreSQL only its pool size is borrowed (the baseline has a pool of
    // its own as large); PGlite has one connection, which both must share.
    const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
    if (options.database.kind === 'postgres') {
      ownPool = new pg.Pool({
        connectionString: options.database.url,
        max: (client as pg.Pool).options.max,
      });
    }
    query = rawQuery(ownPool ?? client, options.database.kind);
  }
  if (options.scenario === 'user' && query) {
    // The baseline's handler mounted in the app itself (its plugins, logger and security hook, no
    // schema, no access rule of its own): what the app instance costs apart from the route's own work.
    app.get(HAND_WRITTEN_IN_APP, { config: { access: 'public' } }, userRoute(query, options.jwtSecret));
  }
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  let baseline: ReturnType<typeof rawServer> | null = null;
  if (query) {
    // The headers every answer of the API carries, as the app sends them (no date, length or type).
    const { headers } = await app.inject({ method: 'GET', url: '/api/health' });
    const sameHeaders = Object.fromEntries(
      Object.entries(headers).filter(
        ([name]) => !['date', 'content-length', 'content-type', 'connection', 'keep-alive'].includes(name),
      ),
    ) as Record<string, string>;
    baseline = rawServer(sameHeaders);
    if (options.scenario === 'user') baseline.get('/api/users/:id', userRoute(query, options.jwtSecret));
    else leaveListRoutes(baseline, query, options.jwtSecret);
  }
  const baselineUrl = (await baseline?.listen({ port: 0, host: '127.0.0.1' })) ?? null;
  const tasks = (options.tasks ? await import(options.tasks) : {}) as Record<string, BenchTask>;

  process.on('message', async (message: { type: string; name?: string }) => {
    if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      send({ type: 'cpu', micros: user + system });
    } else if (message.type === 'task') {
      const task = tasks[message.name ?? ''];
      try {
        if (!task) throw new Error(`no bench task ${message.name}`);
        send({ type: 'task', result: await task(database) });
      } catch (error) {
        send({
          type: 'failed',
          message: error instanceof Error ? (error.stack ?? error.message) : String(error),
        });
      }
    } else if (message.type === 'close') {
      await baseline?.close();
      await app.close();
      if (queue) await stopJobs(queue);
      await ownPool?.end();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
  send({ type: 'ready', app: appUrl, baseline: baselineUrl });
}

main().catch((error: unknown) => {
  send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
