import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { BENCH_ADMIN, EMPLOYEES, PERIOD } from './payroll-tasks';
import { startServerProcess } from './servers';

// The e-mail bench (issue 16): a processed 7,000-employee month e-mailed with its payslip PDFs, end to
// end through the API (POST /payslips/email, then GET /jobs/{id} until it is over) to a local SMTP
// server that reads every message, on PostgreSQL with the app in a process of its own as `npm start`
// runs it (queue and workers included). Printed beside the floor measured in the same run: the same
// PDFs drawn by the same service without sending. Also the p95 of one payslip PDF asked over HTTP.
const TARGET_MS = 60_000;
const TASKS = new URL('./payslip-email-tasks.ts', import.meta.url).href;
const PDF_SAMPLES = 60;

interface Figures {
  emailMs: number;
  floorMs: number;
  received: number;
  recipients: number;
  pdfP95Ms: number;
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
    const period = `year=${PERIOD.year}&month=${PERIOD.month}`;
    const rows = JSON.parse(
      (await call(`/payslips/unprocessed-and-items-added?${period}`)).toString(),
    ) as Array<{ user: { id: number } }>;
    await server.task('addPayItems');
    await call('/payslips/bulk-process', {
      payDate: `${PERIOD.year}-${PERIOD.month}-30`,
      payslips: rows.map((row) => ({ userId: row.user.id, ...PERIOD })),
    });
    const processed = JSON.parse(
      (await call(`/payslips/processed/aggregates?${period}`)).toString(),
    ) as Array<{
      payslipId: number;
    }>;

    // One payslip PDF at a time, as staff open theirs.
    const samples: number[] = [];
    for (let i = 0; i < PDF_SAMPLES; i += 1) {
      const { payslipId } = processed[Math.floor((i * processed.length) / PDF_SAMPLES)] as {
        payslipId: number;
      };
      const started = performance.now();
      await call(`/payslips/${payslipId}/pdf`);
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);

    const floor = (await server.task('renderAll')) as { ms: number; drawn: number };

    const started = performance.now();
    const { jobId } = JSON.parse((await call('/payslips/email', PERIOD)).toString()) as { jobId: string };
    for (;;) {
      const progress = JSON.parse((await call(`/jobs/${jobId}`)).toString()) as {
        status: string;
        done: number;
      };
      if (progress.status === 'completed' || progress.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const emailMs = performance.now() - started;
    return {
      emailMs,
      floorMs: floor.ms,
      received: [...received.values()].reduce((sum, n) => sum + n, 0),
      recipients: received.size,
      pdfP95Ms: samples[Math.ceil(samples.length * 0.95) - 1] ?? 0,
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
    const good = f.emailMs <= TARGET_MS && f.received === EMPLOYEES && f.recipients === EMPLOYEES;
    console.log(
      `${good ? 'ok  ' : 'MISS'} e-mail ${EMPLOYEES} payslips with their PDFs through the API on PostgreSQL: ` +
        `${(f.emailMs / 1000).toFixed(1)} s (target <= ${TARGET_MS / 1000} s) vs drawing the same PDFs without ` +
        `sending ${(f.floorMs / 1000).toFixed(1)} s (floor), x${(f.emailMs / f.floorMs).toFixed(2)}; ` +
        `${f.received} messages to ${f.recipients} addresses; one payslip PDF p95 ${Math.round(f.pdfP95Ms)} ms`,
    );
    return good;
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = await benchPayslipEmails(process.env.DATABASE_URL);
  process.exitCode = ok ? 0 : 1;
}
