import { type Database, openDatabase } from '../../src/server/db/client';
import type { JobQueue } from '../../src/server/jobs/queue';
import { startJobs, stopJobs } from '../../src/server/jobs/workers';
import { createTestApp, type TestApp, testDatabaseKind } from './harness';
import { seedLeaveTypes } from './leave-fixtures';
import { adminSession, caller } from './payroll-fixtures';
import { toCsv, validRow } from './staff-import-fixtures';

/**
 * Issue 38 item 6 with several processes: a web process that works no jobs (WORKER=false) takes the
 * upload and queues the job; another, with its own connections and queue as `npm run worker` has,
 * applies it from the file in the shared storage. PostgreSQL only: PGlite is one process's.
 */
const enabled = testDatabaseKind === 'postgres';
let web: TestApp;
let other: { database: Database; queue: JobQueue } | undefined;

beforeAll(async () => {
  if (!enabled) return;
  web = await createTestApp(
    { WORKER: 'false' },
    {},
    { policy: { attempts: 3, retryDelaySeconds: 1, expireSeconds: 30 } },
  );
  await seedLeaveTypes(web);
  // The same database through a pool of its own, as another process reaches it.
  const url = (web.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
    .connectionString;
  const database = await openDatabase({ kind: 'postgres', url });
  const queue = await startJobs(database, { ...web.config, worker: true }, web.app.log);
  other = { database, queue };
}, 60_000);
afterAll(async () => {
  if (!enabled) return;
  if (other) {
    await stopJobs(other.queue);
    await other.database.close();
  }
  await web.close();
});

it.skipIf(!enabled)(
  'a job queued by a web process is applied by a worker process',
  async () => {
    const { headers } = await adminSession(web);
    const api = caller(web, headers);
    const rows = Array.from({ length: 501 }, (_, i) => validRow(i, web.config.companyEmailDomain, 80_000));
    const response = await web.app.inject({
      method: 'POST',
      url: '/api/imports/staff?dryRun=false',
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: toCsv(rows),
    });
    expect(response.statusCode).toBe(202);
    const { jobId } = response.json() as { jobId: string };
    let job: { state: string; created: number } = { state: '', created: 0 };
    for (let i = 0; i < 300 && job.state !== 'DONE' && job.state !== 'FAILED'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      job = (await api.get(`/imports/jobs/${jobId}`)).body as typeof job;
    }
    expect(job).toMatchObject({ state: 'DONE', created: 501 });
    expect(((await api.get('/users?role=STAFF')).body as unknown[]).length).toBe(501);
  },
  90_000,
);
