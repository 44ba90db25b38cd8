import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { BENCH_ADMIN, EMPLOYEES, MONTH_BEFORE, PERIOD } from './payroll-tasks';
import { startServerProcess } from './servers';

// The e-mail bench (issue 16, issue 33 items 7 and 8): a processed 7,000-employee month e-mailed with
// its payslip PDFs, end to end through the API (POST /payslips/email, then GET /jobs/{id} until it is
// over) to a local SMTP server that reads every message, on PostgreSQL with the app in a process of
// its own as `npm start` runs it (queue and workers included). Printed beside the floor measured in
// the same run: the same PDFs drawn by the same service without sending. Also payslip PDFs over HTTP,
// by one client and by eight of one administrator at once. Server CPU is the server process's own
// (every thread: process.cpuUsage there), its peak memory the process's VmHWM. The month before is
// e-mailed first, unmeasured, as a payroll day's server has run a while.
const TARGET_MS = 60_000;
/** Server CPU per e-mail with its PDF, on a quiet 2-core machine (issue 33 item 7). */
const CPU_PER_EMAIL_TARGET_MS = 5;
const TASKS = new URL('./payslip-email-tasks.ts', import.meta.url).href;
/** Payslip PDFs asked for over HTTP by one client, then by eight clients at once. */
const PDF_SAMPLES = Math.min(400, EMPLOYEES);
const PDF_CLIENTS = 8;

interface Figures {
  emailMs: number;
  floorMs: number;
  received: number;
  recipients: number;
  /** Server CPU per e-mail, in milliseconds: in all, and its main thread's (the event loop's). */
  cpuPerEmailMs: number;
  mainThreadPerEmailMs: number;
  pdfP95Ms: number;
  /** Server CPU per PDF over HTTP, one client, in milliseconds. */
  cpuPerPdfMs: number;
  /** Wall time of the PDFs with eight clients over that with one. */
  eightToOne: number;
  /** Answers other than 200 among the eight clients' (429: refused). */
  eightRefused: number;
  peakRssBytes: number;
}

async function measure(url: string): Promise<Figures> {
  const received = new Map<string, number>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo)
          received.set(to.address, (received.get(to.address) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  const server = await startServerProcess({
    scenario: 'app',
    database: { kind: 'postgres', url },
    jwtSecret: randomBytes(32).toString('hex'),
    seed: false,
    tasks: TASKS,
    jobs: { smtpUrl },
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
    const call = async (path: string, body?: unknown) => {
      const response = await fetch(`${api}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
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
    /** A month processed as the administrator does it (listed, items added, one bulk request): its payslip ids. */
    const processMonth = async (month: { year: number; month: number }, addItems: string) => {
      const period = `year=${month.year}&month=${month.month}`;
      const rows = JSON.parse(
        (await call(`/payslips/unprocessed-and-items-added?${period}`)).toString(),
      ) as Array<{ user: { id: number } }>;
      await server.task(addItems);
      await call('/payslips/bulk-process', {
        payDate: `${month.year}-${String(month.month).padStart(2, '0')}-25`,
        payslips: rows.map((row) => ({ userId: row.user.id, ...month })),
      });
      return JSON.parse((await call(`/payslips/processed/aggregates?${period}`)).toString()) as Array<{
        payslipId: number;
      }>;
    };
    /** A month's payslips e-mailed through the API, until the job is over. */
    const emailMonth = async (month: { year: number; month: number }) => {
      const { jobId } = JSON.parse((await call('/payslips/email', month)).toString()) as { jobId: string };
      for (;;) {
        const progress = JSON.parse((await call(`/jobs/${jobId}`)).toString()) as { status: string };
        if (progress.status === 'completed' || progress.status === 'failed') return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    // The month before is processed and e-mailed first, unmeasured: on a payroll day the server has
    // run for a while, its threads started and its code compiled; at a few hundred staff that start
    // would otherwise be a good part of the figures.
    await processMonth(MONTH_BEFORE, 'addPayItemsMonthBefore');
    await emailMonth(MONTH_BEFORE);
    received.clear();
    const processed = await processMonth(PERIOD, 'addPayItems');

    const pdfIds = Array.from(
      { length: PDF_SAMPLES },
      (_, i) =>
        (processed[Math.floor((i * processed.length) / PDF_SAMPLES)] as { payslipId: number }).payslipId,
    );
    const pdf = async (payslipId: number) => {
      const response = await fetch(`${api}/payslips/${payslipId}/pdf`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      await response.arrayBuffer();
      return response.status;
    };
    // The threads started and the code warm, as on a payroll day.
    for (const payslipId of pdfIds.slice(0, 20)) await pdf(payslipId);
    // One client: one payslip PDF at a time, as staff open theirs.
    const samples: number[] = [];
    const cpuBeforeOne = await server.cpuMicros();
    const startedOne = performance.now();
    for (const payslipId of pdfIds) {
      const started = performance.now();
      if ((await pdf(payslipId)) !== 200) throw new Error('a payslip PDF was not answered');
      samples.push(performance.now() - started);
    }
    const oneMs = performance.now() - startedOne;
    const cpuPerPdfMs = ((await server.cpuMicros()) - cpuBeforeOne) / 1000 / pdfIds.length;
    samples.sort((a, b) => a - b);
    // Eight clients of one administrator at once (a tool downloading the month), the same PDFs.
    let nextPdf = 0;
    let eightRefused = 0;
    const startedEight = performance.now();
    await Promise.all(
      Array.from({ length: PDF_CLIENTS }, async () => {
        while (nextPdf < pdfIds.length) {
          if ((await pdf(pdfIds[nextPdf++] as number)) !== 200) eightRefused += 1;
        }
      }),
    );
    const eightMs = performance.now() - startedEight;

    const floor = (await server.task('renderAll')) as { ms: number; drawn: number };

    const cpuBeforeEmails = await server.cpuMicros();
    const mainBeforeEmails = server.mainThreadCpuMicros();
    const started = performance.now();
    await emailMonth(PERIOD);
    const emailMs = performance.now() - started;
    const cpuPerEmailMs = ((await server.cpuMicros()) - cpuBeforeEmails) / 1000 / EMPLOYEES;
    const mainThreadPerEmailMs = (server.mainThreadCpuMicros() - mainBeforeEmails) / 1000 / EMPLOYEES;
    return {
      emailMs,
      floorMs: floor.ms,
      received: [...received.values()].reduce((sum, n) => sum + n, 0),
      recipients: received.size,
      cpuPerEmailMs,
      mainThreadPerEmailMs,
      pdfP95Ms: samples[Math.ceil(samples.length * 0.95) - 1] ?? 0,
      cpuPerPdfMs,
      eightToOne: eightMs / oneMs,
      eightRefused,
      peakRssBytes: server.peakRssBytes(),
    };
  } finally {
    await server.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
}

/** Runs the e-mail bench on PostgreSQL (skipped without a server); true when on target. */
export async function benchPayslipEmails(serverUrl: string | undefined): Promise<boolean> {
  if (!serverUrl) {
    console.log('(DATABASE_URL not set: the e-mail bench skipped)');
    return true;
  }
  const name = `hr_bench_mail_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const f = await measure(url.toString());
    const mailed = f.emailMs <= TARGET_MS && f.received === EMPLOYEES && f.recipients === EMPLOYEES;
    const cheap = f.cpuPerEmailMs <= CPU_PER_EMAIL_TARGET_MS;
    const eightAsFast = f.eightToOne <= 1 && f.eightRefused === 0;
    console.log(
      `${mailed ? 'ok  ' : 'MISS'} e-mail ${EMPLOYEES} payslips with their PDFs through the API on PostgreSQL: ` +
        `${(f.emailMs / 1000).toFixed(1)} s (target <= ${TARGET_MS / 1000} s) vs drawing the same PDFs without ` +
        `sending ${(f.floorMs / 1000).toFixed(1)} s (floor), x${(f.emailMs / f.floorMs).toFixed(2)}; ` +
        `${f.received} messages to ${f.recipients} addresses`,
    );
    console.log(
      `${cheap ? 'ok  ' : 'MISS'} server CPU per e-mail with its PDF ${f.cpuPerEmailMs.toFixed(2)} ms ` +
        `(target <= ${CPU_PER_EMAIL_TARGET_MS} ms on a quiet machine), of which the event loop's thread ` +
        `${f.mainThreadPerEmailMs.toFixed(2)} ms; server peak RSS ${Math.round(f.peakRssBytes / 2 ** 20)} MiB`,
    );
    console.log(
      `${eightAsFast ? 'ok  ' : 'MISS'} ${PDF_SAMPLES} payslip PDFs over HTTP: server CPU ${f.cpuPerPdfMs.toFixed(2)} ms ` +
        `a PDF, p95 ${Math.round(f.pdfP95Ms)} ms with one client; ${PDF_CLIENTS} clients of one administrator ` +
        `take x${f.eightToOne.toFixed(2)} the time of one (target <= x1), ${f.eightRefused} not answered 200`,
    );
    return mailed && cheap && eightAsFast;
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = await benchPayslipEmails(process.env.DATABASE_URL);
  process.exitCode = ok ? 0 : 1;
}
