import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { BENCH_ADMIN, BENCH_COMPANY, EMPLOYEES, MONTH_BEFORE, PERIOD } from './payroll-tasks';
import { type ServerProcess, startServerProcess } from './servers';

// The payroll bench: a 7,000-employee month as an administrator runs it in the browser, over HTTP to
// the app running as `npm start` runs it, in a process of its own (tests/bench/server-process.ts).
// Process Pay lists the month (its unprocessed and processed lists, asked at once), Process Pay with
// every row selected sends one bulk request, then View Processed Records reads the processed list and
// Table View downloads the month's table PDF. Each step is timed from the request sent to the last
// byte of the answer read. The staff, and the pay items of a third of them, are written directly in
// SQL (tests/bench/payroll-tasks.ts); a month's payslips are created by its first listing, before
// the items are added, as in the browser.
//
// The month before is run the same way first, on the freshly started server, and printed: a payroll
// day's server has run for weeks, processed the month before (whose figures the year-to-date reads
// now find) and shown the Process Pay and Pay Items screens, which run the same code. The targets are
// the second month's.
//
// Targets (issues 11 and 18): the four steps in at most 2 s on PostgreSQL, and the bulk request at
// most 5x a plain SQL insert of the same 7,000 payslip rows, measured in the same run on the same
// database after the steps.
//
// Then the month's statutory files are downloaded one after another as Pay > Submissions downloads
// them: the CPF EZPay file, each bank's salary file, and the year's IR8A as CSV and as PDF (issue 33,
// item 10: the generated staff carry valid NRICs, so the CPF file is built, not refused). Each is timed
// with the server's CPU time over it; target at most 5 s each on PostgreSQL.
const TARGET_MS = 2000;
const TARGET_RATIO = 5;
const FILE_TARGET_MS = 5000;

interface Step {
  label: string;
  ms: number;
  note: string;
}

interface Month {
  /** The first listing of the month, which creates its payslips (before the items are added). */
  openingMs: number;
  /** Table View asked again. */
  secondPdfMs: number;
  steps: Step[];
  totalMs: number;
  processMs: number;
  processed: number;
}

interface FileStep {
  label: string;
  ms: number;
  /** The server process's CPU time over the download (its threads included), in milliseconds. */
  cpuMs: number;
  note: string;
}

interface Figures extends Month {
  monthBefore: Month;
  insertMs: number;
  files: FileStep[];
}

const TASKS = new URL('./payroll-tasks.ts', import.meta.url).href;
type Period = { year: number; month: number };

async function measure(database: { kind: 'pglite' } | { kind: 'postgres'; url: string }): Promise<Figures> {
  const server: ServerProcess = await startServerProcess({
    scenario: 'app',
    database,
    jwtSecret: randomBytes(32).toString('hex'),
    seed: false,
    tasks: TASKS,
  });
  try {
    await server.task('setUp');
    const api = `${server.app}/api`;
    const login = await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    });
    if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const authorization = `Bearer ${accessToken}`;

    /** One request, its answer read to the end; throws unless it is a 200. */
    const call = async (path: string, init: { method?: string; body?: unknown } = {}) => {
      const response = await fetch(`${api}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          authorization,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) {
        throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${bytes.toString()}`);
      }
      return { type: response.headers.get('content-type') ?? '', bytes };
    };
    const json = async <T>(path: string, init?: { method?: string; body?: unknown }) =>
      JSON.parse((await call(path, init)).bytes.toString()) as T;
    const timed = async <T>(work: () => Promise<T>) => {
      const started = performance.now();
      const value = await work();
      return { value, ms: performance.now() - started };
    };

    /** One month: opened by its first listing, its items added, then the four steps. */
    const runMonth = async (period: Period, addItemsTask: string): Promise<Month> => {
      const query = `year=${period.year}&month=${period.month}`;
      type Row = { user: { id: number } };
      const unprocessed = () => json<Row[]>(`/payslips/unprocessed-and-items-added?${query}`);
      const processedList = () => json<unknown[]>(`/payslips/processed/aggregates?${query}`);

      const opening = await timed(unprocessed);
      if (opening.value.length !== EMPLOYEES) throw new Error(`${opening.value.length} payslips opened`);
      await server.task(addItemsTask);

      const steps: Step[] = [];
      const listed = await timed(() => Promise.all([unprocessed(), processedList()]));
      const [rows, before] = listed.value;
      if (rows.length !== EMPLOYEES || before.length !== 0) {
        throw new Error(`Process Pay listed ${rows.length} unprocessed, ${before.length} processed`);
      }
      steps.push({
        label: 'Process Pay lists the month',
        ms: listed.ms,
        note: `${rows.length} unprocessed rows`,
      });

      const run = await timed(() =>
        json<{ processed: number; skipped: number }>('/payslips/bulk-process', {
          method: 'POST',
          body: {
            payDate: `${period.year}-${String(period.month).padStart(2, '0')}-28`,
            payslips: rows.map((row) => ({ userId: row.user.id, ...period })),
          },
        }),
      );
      steps.push({
        label: 'Process Pay (bulk request)',
        ms: run.ms,
        note: `${run.value.processed} processed, ${run.value.skipped} skipped`,
      });

      const records = await timed(processedList);
      if (records.value.length !== run.value.processed) {
        throw new Error(`View Processed Records listed ${records.value.length} payslips`);
      }
      steps.push({ label: 'View Processed Records', ms: records.ms, note: `${records.value.length} rows` });

      const table = await timed(() => call(`/payslips/processed/pdf-table?${query}`));
      const { type, bytes } = table.value;
      if (type !== 'application/pdf' || bytes.subarray(0, 5).toString() !== '%PDF-') {
        throw new Error(`Table View answered ${type}, ${bytes.length} bytes`);
      }
      const pages = bytes.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
      steps.push({
        label: 'Table View (PDF)',
        ms: table.ms,
        note: `${pages} pages, ${Math.round(bytes.length / 1024)} KiB`,
      });

      const again = await timed(() => call(`/payslips/processed/pdf-table?${query}`));
      return {
        openingMs: opening.ms,
        secondPdfMs: again.ms,
        steps,
        totalMs: steps.reduce((sum, step) => sum + step.ms, 0),
        processMs: run.ms,
        processed: run.value.processed,
      };
    };

    /** The month's statutory files, each downloaded alone and timed with the server's CPU over it. */
    const statutoryFiles = async (): Promise<FileStep[]> => {
      const company = await fetch(`${api}/company`, {
        method: 'PUT',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(BENCH_COMPANY),
      });
      if (company.status !== 200) throw new Error(`PUT /company answered ${company.status}`);
      const query = `year=${PERIOD.year}&month=${PERIOD.month}`;
      const files = [
        { label: 'CPF EZPay file', path: `/payslips/cpf-file?${query}` },
        ...['UOB', 'DBS', 'OCBC'].map((bank) => ({
          label: `${bank} salary file`,
          path: `/payslips/bank-file?${query}&bank=${bank}`,
        })),
        { label: `IR8A ${PERIOD.year} CSV`, path: `/payslips/ir8a?year=${PERIOD.year}&format=csv` },
        { label: `IR8A ${PERIOD.year} PDF`, path: `/payslips/ir8a?year=${PERIOD.year}` },
      ];
      const steps: FileStep[] = [];
      for (const file of files) {
        const cpuBefore = await server.cpuMicros();
        const { value, ms } = await timed(() => call(file.path));
        const cpuMs = ((await server.cpuMicros()) - cpuBefore) / 1000;
        const text = value.bytes.toString('latin1');
        const note = value.type.startsWith('application/pdf')
          ? `${text.match(/\/Type \/Page\b/g)?.length ?? 0} pages`
          : `${text.split('\n').filter((line) => line.trim() !== '').length} lines`;
        steps.push({
          label: file.label,
          ms,
          cpuMs,
          note: `${note}, ${Math.round(value.bytes.length / 1024)} KiB`,
        });
      }
      return steps;
    };

    const monthBefore = await runMonth(MONTH_BEFORE, 'addPayItemsMonthBefore');
    const month = await runMonth(PERIOD, 'addPayItems');
    const files = await statutoryFiles();
    const baseline = (await server.task('plainInsert')) as { ms: number; rows: number };
    if (baseline.rows !== month.processed) throw new Error(`plain insert wrote ${baseline.rows} rows`);
    return { ...month, monthBefore, insertMs: baseline.ms, files };
  } finally {
    await server.close();
  }
}

const print = (status: string, where: string, figures: Figures, targets: boolean) => {
  const ratio = figures.processMs / figures.insertMs;
  console.log(
    `${status} payroll on ${where} over HTTP, ${EMPLOYEES} staff: ${Math.round(figures.totalMs)} ms for the four ` +
      `steps${targets ? ` (target <= ${TARGET_MS})` : ''}; bulk request ${Math.round(figures.processMs)} ms vs a plain ` +
      `insert of the same rows ${Math.round(figures.insertMs)} ms, x${ratio.toFixed(1)}` +
      `${targets ? ` (target <= x${TARGET_RATIO})` : ''}`,
  );
  for (const step of figures.steps) {
    console.log(
      `       ${step.label.padEnd(30)} ${String(Math.round(step.ms)).padStart(5)} ms  ${step.note}`,
    );
  }
  console.log(
    `       (before them, the month's first listing created its ${EMPLOYEES} payslips in ` +
      `${Math.round(figures.openingMs)} ms; Table View asked again: ${Math.round(figures.secondPdfMs)} ms)`,
  );
  const before = figures.monthBefore;
  console.log(
    `       (the month before, run first on the freshly started server: ${Math.round(before.totalMs)} ms for ` +
      `the four steps, ${before.steps.map((step) => Math.round(step.ms)).join(' + ')} ms)`,
  );
  for (const file of figures.files) {
    const good = file.ms <= FILE_TARGET_MS;
    console.log(
      `${targets ? (good ? 'ok  ' : 'MISS') : status} ${`statutory file on ${where}: ${file.label}`.padEnd(52)} ` +
        `${String(Math.round(file.ms)).padStart(5)} ms${targets ? ` (target <= ${FILE_TARGET_MS})` : ''}, ` +
        `server CPU ${Math.round(file.cpuMs)} ms  ${file.note}`,
    );
  }
};

const filesOnTarget = (figures: Figures) => figures.files.every((file) => file.ms <= FILE_TARGET_MS);

/** Runs the payroll bench on PostgreSQL (when a server is configured) and on PGlite; true when on target. */
export async function benchPayroll(serverUrl: string | undefined): Promise<boolean> {
  let ok = true;
  if (serverUrl) {
    const name = `hr_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      const figures = await measure({ kind: 'postgres', url: url.toString() });
      const good =
        figures.processed === EMPLOYEES &&
        figures.totalMs <= TARGET_MS &&
        figures.processMs / figures.insertMs <= TARGET_RATIO;
      ok &&= good && filesOnTarget(figures);
      print(good ? 'ok  ' : 'MISS', 'PostgreSQL', figures, true);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else {
    console.log('---- payroll on PostgreSQL: skipped (set DATABASE_URL to a PostgreSQL server)');
  }
  print('info', 'PGlite', await measure({ kind: 'pglite' }), false);
  return ok;
}

// `DATABASE_URL=... npx tsx tests/bench/payroll.ts` runs this part alone (npm run bench runs it with the rest).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = (await benchPayroll(process.env.DATABASE_URL)) ? 0 : 1;
}
