import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { BENCH_ADMIN, BENCH_COMPANY, PERIOD } from './payroll-tasks';
import { startServerProcess } from './servers';

// The IR8A job bench (issue 33.6): a processed month's staff, their year's IR8A PDF made as a job
// (POST /payslips/ir8a/jobs, GET /jobs/{id} until done, then the file downloaded), with the time and
// the server process's own peak memory (VmHWM) against its resident memory before the job. Run it
// alone, at a small scale: `BENCH_PAYROLL_EMPLOYEES=300 DATABASE_URL=... npx tsx tests/bench/ir8a-job.ts`.
const TASKS = new URL('./ir8a-job-tasks.ts', import.meta.url).href;
/** Memory may rise this much above the server's before the job (issue 33.6). */
const MEMORY_BUDGET_MIB = 200;

async function measure(url: string) {
  const server = await startServerProcess({
    scenario: 'app',
    database: { kind: 'postgres', url },
    jwtSecret: randomBytes(32).toString('hex'),
    seed: false,
    tasks: TASKS,
    jobs: { smtpUrl: 'smtp://127.0.0.1:1' },
  });
  try {
    await server.task('setUp');
    const api = `${server.app}/api`;
    const login = await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const call = async (path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') => {
      const response = await fetch(`${api}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      if (response.status >= 300) throw new Error(`${path} answered ${response.status}: ${bytes}`);
      return bytes;
    };
    await call('/company', BENCH_COMPANY, 'PUT');
    const period = `year=${PERIOD.year}&month=${PERIOD.month}`;
    const rows = JSON.parse(
      (await call(`/payslips/unprocessed-and-items-added?${period}`)).toString(),
    ) as Array<{
      user: { id: number };
    }>;
    await call('/payslips/bulk-process', {
      payDate: `${PERIOD.year}-${PERIOD.month}-30`,
      payslips: rows.map((row) => ({ userId: row.user.id, ...PERIOD })),
    });
    const before = (await server.task('memory')) as { rssMiB: number; peakMiB: number };
    const started = performance.now();
    const { jobId } = JSON.parse((await call('/payslips/ir8a/jobs', { year: PERIOD.year })).toString()) as {
      jobId: string;
    };
    let progress: { status: string; done: number; downloadUrl: string | null };
    for (;;) {
      progress = JSON.parse((await call(`/jobs/${jobId}`)).toString());
      if (progress.status === 'completed' || progress.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const jobMs = performance.now() - started;
    const bytes = progress.downloadUrl ? (await call(progress.downloadUrl.replace(/^\/api/, ''))).length : 0;
    const after = (await server.task('memory')) as { rssMiB: number; peakMiB: number };
    return { forms: rows.length, status: progress.status, jobMs, bytes, before, after };
  } finally {
    await server.close();
  }
}

/** Runs the IR8A job bench on PostgreSQL (skipped without a server); true when within the memory budget. */
export async function benchIr8aJob(serverUrl: string | undefined): Promise<boolean> {
  if (!serverUrl) {
    console.log('(DATABASE_URL not set: the IR8A job bench skipped)');
    return true;
  }
  const name = `hr_bench_ir8a_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const f = await measure(url.toString());
    const rise = f.after.peakMiB - f.before.rssMiB;
    const good = f.status === 'completed' && rise <= MEMORY_BUDGET_MIB;
    console.log(
      `${good ? 'ok  ' : 'MISS'} IR8A PDF of ${f.forms} staff as a job through the API on PostgreSQL: ` +
        `${(f.jobMs / 1000).toFixed(1)} s, ${(f.bytes / 2 ** 20).toFixed(1)} MiB; server peak RSS (VmHWM) ` +
        `${Math.round(f.after.peakMiB)} MiB, ${Math.round(rise)} MiB above its ${Math.round(f.before.rssMiB)} MiB ` +
        `before the job (target <= ${MEMORY_BUDGET_MIB})`,
    );
    return good;
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = await benchIr8aJob(process.env.DATABASE_URL);
  process.exitCode = ok ? 0 : 1;
}
