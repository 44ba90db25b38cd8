import { performance } from 'node:perf_hooks';
import { createTestApp } from '../api/harness';
import { seedLeaveTypes } from '../api/leave-fixtures';
import { adminSession } from '../api/payroll-fixtures';
import { toCsv, toXlsx, validRow } from '../api/staff-import-fixtures';

/**
 * Issue 38 item 2: "Up to 5,000 rows in under 30 s". Times the dry run and the apply of 5,000 rows,
 * as CSV and as XLSX, on PGlite (TEST_DATABASE=pglite) or PostgreSQL (TEST_DATABASE=postgres). Over
 * 500 rows the apply is a job (item 6): timed from the upload to the job's end, polling its progress.
 * Run: npx tsx tests/bench/staff-import.ts
 */
const ROWS = 5_000;
const t = await createTestApp({}, {}, { policy: { attempts: 3, retryDelaySeconds: 1, expireSeconds: 60 } });
await seedLeaveTypes(t);
const { headers } = await adminSession(t);
const domain = t.config.companyEmailDomain;

async function timed(label: string, body: string | Buffer, type: string, dryRun: boolean) {
  const start = performance.now();
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/imports/staff?dryRun=${dryRun}`,
    headers: { ...headers, 'content-type': type },
    payload: body,
  });
  const answered = (performance.now() - start) / 1000;
  const answer = response.json() as {
    valid: number;
    created: number;
    errors: unknown[];
    jobId: string | null;
  };
  console.log(
    `${label}: ${answered.toFixed(2)} s to answer (status ${response.statusCode}, valid ${answer.valid}, created ${answer.created}, errors ${answer.errors?.length})`,
  );
  if (!answer.jobId) return;
  // The job's progress as a screen would poll it; each distinct `done` seen is noted.
  const seen: number[] = [];
  for (;;) {
    const poll = await t.app.inject({ method: 'GET', url: `/api/imports/jobs/${answer.jobId}`, headers });
    const job = poll.json() as { state: string; done: number; created: number; errors: unknown[] };
    if (seen.at(-1) !== job.done) seen.push(job.done);
    if (job.state === 'DONE' || job.state === 'FAILED') {
      const seconds = (performance.now() - start) / 1000;
      console.log(
        `${label} job: ${job.state} after ${seconds.toFixed(2)} s from the upload, created ${job.created}, errors ${job.errors.length}, done seen ${seen.join(', ')}`,
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const csvRows = Array.from({ length: ROWS }, (_, i) => validRow(i, domain, 100_000));
const csv = toCsv(csvRows);
console.log(
  `${ROWS} rows, CSV ${(csv.length / 1024).toFixed(0)} KiB, database ${process.env.TEST_DATABASE ?? 'pglite'}`,
);
await timed('CSV dry run', csv, 'text/csv', true);
await timed('CSV apply', csv, 'text/csv', false);
const xlsx = await toXlsx(Array.from({ length: ROWS }, (_, i) => validRow(i, domain, 200_000)));
console.log(`XLSX ${(xlsx.length / 1024).toFixed(0)} KiB`);
await timed('XLSX dry run', xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', true);
await timed('XLSX apply', xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', false);
await t.close();
