import { fuzz } from './fuzz';
import { createTestApp, testDatabaseKind } from './harness';

// `npm run fuzz`: the fuzz test's engine with a larger budget (FUZZ_BUDGET, default 20,000) and
// its seed (FUZZ_SEED), on a fresh in-memory database (or PostgreSQL with TEST_DATABASE=postgres
// and DATABASE_URL). Prints the answers by status and every problem; exits 1 when there is one.

const budget = Number(process.env.FUZZ_BUDGET ?? 20_000);
const seed = Number(process.env.FUZZ_SEED ?? 20260122);
const t = await createTestApp();
const started = Date.now();
try {
  const report = await fuzz(t, { seed, budget });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`fuzz: ${report.requests} requests, seed ${seed}, ${testDatabaseKind}, ${seconds} s`);
  console.log('by status:');
  for (const [status, count] of Object.entries(report.byStatus).sort()) console.log(`  ${status}: ${count}`);
  console.log('by operation:');
  for (const [operation, count] of Object.entries(report.byOperation).sort())
    console.log(`  ${operation}: ${count}`);
  console.log(`problems: ${report.problems.length}`);
  for (const problem of report.problems.slice(0, 50)) {
    console.log(
      `  ${problem.reason}: ${problem.request.method} ${problem.request.url.slice(0, 200)} as ${problem.request.caller} -> ${problem.statusCode} ${problem.body}`,
    );
  }
  process.exitCode = report.problems.length > 0 ? 1 : 0;
} finally {
  await t.close();
}
