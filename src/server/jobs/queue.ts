import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import { HttpError } from '../lib/http-error';

/**
 * The job queue (issue 16, decision 0008): pg-boss, on PostgreSQL when DATABASE_URL is set and on the
 * embedded PGlite otherwise. The engine is the same on both: on PGlite it runs its SQL through the
 * one embedded connection (the adapter below), so retries with backoff, expiry of a job whose worker
 * died, and the failed state after the last try behave alike, in one process.
 */
export type JobQueue = PgBoss;

/** pg-boss's database interface over PGlite: its schema set-up sends several statements without parameters. */
function pgliteExecutor(client: PGlite) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      if (values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return { rows: (await client.query(text, values)).rows };
    },
  };
}

export type QueueTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };

/** How often maintenance looks for jobs whose worker stopped answering (their expiry), in seconds. */
const MAINTENANCE_SECONDS = 15;

export async function startJobQueue(target: QueueTarget, onError: (error: Error) => void): Promise<JobQueue> {
  const boss = new PgBoss({
    ...(target.kind === 'postgres'
      ? { connectionString: target.url, max: 4 }
      : { db: pgliteExecutor(target.client) }),
    // No cron schedules; maintenance (expiry, archiving) runs in every process, pg-boss keeps it single.
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
  });
  boss.on('error', onError);
  await boss.start();
  return boss;
}

/** The queue of this process for a route that hands work to it; 503 where the process runs none. */
export function runningQueue(queue: (() => JobQueue | undefined) | undefined): JobQueue {
  const current = queue?.();
  if (!current) throw new HttpError(503, 'The job queue is not running in this process.');
  return current;
}
