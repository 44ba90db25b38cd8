import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { importJobs } from '../../src/server/db/import-job-schema';
import { insertUser } from '../../src/server/factories';
import { hashPassword } from '../../src/server/lib/secrets';
import { workImportJobs } from '../../src/server/services/imports/import-jobs';
import { createStorage } from '../../src/server/storage';
import { bearer, createTestApp, createUser, signIn, type TestApp } from './harness';
import { seedLeaveTypes } from './leave-fixtures';
import { adminSession, caller, createEmployee, staffSession } from './payroll-fixtures';
import { type Row, toCsv, validRow } from './staff-import-fixtures';

/**
 * Issue 38 item 6: an import over 500 rows is applied by a job with progress. The contract the Import
 * screen is built against: the apply of a clean file over 500 rows answers 202 with
 * `{rows, valid, errors: [], created: 0, jobId}`, and GET /imports/jobs/{jobId} (ADMIN) answers
 * `{id, kind, state: QUEUED|RUNNING|DONE|FAILED, total, done, created, errors, message}`.
 * The app runs with WORKER=false (a web process only), so a job waits until a worker starts below,
 * as `npm run worker` would work it: that is when the world is changed behind the check.
 */
let t: TestApp;
let headers: Record<string, string>;
let api: ReturnType<typeof caller>;
let workerStarted = false;
beforeAll(async () => {
  t = await createTestApp(
    { WORKER: 'false' },
    {},
    { policy: { attempts: 3, retryDelaySeconds: 1, expireSeconds: 30 } },
  );
  await seedLeaveTypes(t);
  headers = (await adminSession(t)).headers;
  api = caller(t, headers);
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function startWorker() {
  if (workerStarted) return;
  workerStarted = true;
  const queue = t.queue();
  if (!queue) throw new Error('the job queue is not running');
  await workImportJobs(queue, {
    db: t.db,
    storage: await createStorage(t.config),
    companyEmailDomain: t.config.companyEmailDomain,
    log: t.app.log,
  });
}

async function upload(kind: string, body: string, dryRun: boolean, as = headers) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/imports/${kind}?dryRun=${dryRun}`,
    headers: { ...as, 'content-type': 'text/csv' },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

interface Job {
  id: string;
  kind: string;
  state: string;
  total: number;
  done: number;
  created: number;
  errors: { row: number; field: string; message: string }[];
  message: string;
}

async function ended(jobId: string): Promise<Job> {
  for (let i = 0; i < 600; i += 1) {
    const job = (await api.get(`/imports/jobs/${jobId}`)).body as Job;
    if (job.state === 'DONE' || job.state === 'FAILED') return job;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the import job did not end');
}

const staffCount = async () => ((await api.get('/users?role=STAFF')).body as unknown[]).length;
const rowsOf = (count: number, base: number): Row[] =>
  Array.from({ length: count }, (_, i) => validRow(i, t.config.companyEmailDomain, base));

describe('a staff file over 500 rows, applied by a job', () => {
  let first = '';
  let firstRows: Row[] = [];
  const before = { staff: 0 };

  it('answers 202 with the job after a clean check, and the job waits for a worker', async () => {
    before.staff = await staffCount();
    firstRows = rowsOf(501, 10_000);
    const answer = await upload('staff', toCsv(firstRows), false);
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ rows: 501, valid: 501, errors: [], created: 0 });
    first = String(answer.body.jobId);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    const job = (await api.get(`/imports/jobs/${first}`)).body as Job;
    expect(job).toMatchObject({ id: first, kind: 'staff', state: 'QUEUED', total: 501, done: 0, created: 0 });
    expect(job.errors).toEqual([]);
    expect(typeof job.message).toBe('string');
  });

  it('lets another administrator follow it; staff may not; an unknown id is 404', async () => {
    const other = await createUser(t, { role: 'ADMIN' });
    const { accessToken } = await signIn(t, other.email, other.password);
    const seen = await caller(t, bearer(accessToken)).get(`/imports/jobs/${first}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ id: first, state: 'QUEUED' });
    const staff = await createEmployee(t, { fullName: 'Not An Admin' });
    const own = caller(t, await staffSession(t, staff));
    expect((await own.get(`/imports/jobs/${first}`)).status).toBe(403);
    before.staff += 1;
    expect((await api.get('/imports/jobs/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('refuses another apply while it is open (409 naming it); a dry run still answers', async () => {
    const big = await upload('staff', toCsv(rowsOf(501, 20_000)), false);
    expect(big.status).toBe(409);
    expect(String(big.body.message)).toContain(first);
    const small = await upload('staff', toCsv(rowsOf(3, 30_000)), false);
    expect(small.status).toBe(409);
    expect(String(small.body.message)).toContain(first);
    const dry = await upload('staff', toCsv(rowsOf(3, 30_000)), true);
    expect(dry).toMatchObject({ status: 200, body: { rows: 3, valid: 3, errors: [] } });
  });

  it('fails with the row named and stores nothing when an e-mail was taken after the check', async () => {
    const planted = firstRows[300] as Row;
    await insertUser(t.db, {
      email: String(planted.email),
      fullName: 'Registered Meanwhile',
      role: 'STAFF',
      passwordHash: await hashPassword('Meanwhile-1234'),
    });
    await startWorker();
    const job = await ended(first);
    expect(job).toMatchObject({ state: 'FAILED', created: 0, total: 501 });
    // Row 302: the 301st employee, under the headings' row.
    expect(job.errors.map(({ row, field }) => ({ row, field }))).toEqual([{ row: 302, field: 'email' }]);
    expect(job.message.length).toBeGreaterThan(0);
    expect(await staffCount()).toBe(before.staff + 1);
  }, 60_000);

  it('a clean file of 501 ends DONE with 501 created, and the next apply is free to start', async () => {
    const answer = await upload('staff', toCsv(rowsOf(501, 40_000)), false);
    expect(answer.status).toBe(202);
    const job = await ended(String(answer.body.jobId));
    expect(job).toMatchObject({ state: 'DONE', total: 501, done: 501, created: 501, errors: [] });
    // The file, with its NRICs and bank accounts, is removed from storage right after the job ends.
    if (t.config.storage.driver !== 'local') throw new Error('the tests use the local disk');
    const dir = path.join(t.config.storage.dir, 'imports');
    let left = await readdir(dir).catch(() => []);
    for (let i = 0; i < 25 && left.length > 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      left = await readdir(dir).catch(() => []);
    }
    expect(left).toEqual([]);
    expect(await staffCount()).toBe(before.staff + 1 + 501);
    // The same file again: its e-mails are taken, answered at once by the check, no job, nothing stored.
    const again = await upload('staff', toCsv(rowsOf(501, 40_000)), false);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: 0, jobId: null, valid: 0 });
    expect((again.body.errors as unknown[]).length).toBeGreaterThanOrEqual(501);
  }, 120_000);

  it('applies an opening leave file over 500 rows as a job too', async () => {
    const year = new Date().getFullYear();
    const lines = rowsOf(501, 40_000).map((row) => `${row.email},${year},1.5,2`);
    const file = ['email,year,Annual Leave,Medical Leave', ...lines].join('\r\n');
    const answer = await upload('opening-leave', file, false);
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ rows: 501, valid: 501, errors: [], created: 0 });
    const job = await ended(String(answer.body.jobId));
    expect(job).toMatchObject({ kind: 'opening-leave', state: 'DONE', done: 501, created: 501 });
  }, 120_000);

  it('of two applies at the same moment, one becomes the job and the other is refused', async () => {
    const [a, b] = await Promise.all([
      upload('staff', toCsv(rowsOf(501, 60_000)), false),
      upload('staff', toCsv(rowsOf(501, 70_000)), false),
    ]);
    expect([a.status, b.status].sort()).toEqual([202, 409]);
    const winner = a.status === 202 ? a : b;
    const job = await ended(String(winner.body.jobId));
    expect(job).toMatchObject({ state: 'DONE', created: 501 });
  }, 120_000);

  it('does not let a job no process finished block imports forever', async () => {
    // As a job left by workers that died more often than the queue retries: still RUNNING hours later.
    const [stale] = await t.db
      .insert(importJobs)
      .values({
        kind: 'staff',
        state: 'RUNNING',
        total: 600,
        createdAt: new Date(Date.now() - 4 * 3_600_000),
      })
      .returning({ id: importJobs.id });
    const id = String(stale?.id);
    const small = await upload('staff', toCsv(rowsOf(2, 50_000)), false);
    expect(small.status).toBe(200);
    expect(small.body).toMatchObject({ created: 2, jobId: null });
    const job = (await api.get(`/imports/jobs/${id}`)).body as Job;
    expect(job).toMatchObject({ state: 'FAILED', created: 0 });
  });
});
