import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { DEFAULT_LEAVE_TYPES } from '../../src/domain/enums';
import { lastRatedPeriod } from '../../src/domain/payroll';
import { MONTH_NAMES } from '../../src/domain/payslip-labels';
import { type Database, migrationsFolder, openDatabase } from '../../src/server/db/client';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../src/server/seed/demo-company';
import { createMassStaff } from '../support/mass-staff';
import { redisReachable, testDatabaseKind, testRedisUrl } from './harness';

/**
 * Issue 16, several processes: two real `npm start` processes (src/server/main.ts) on one fresh
 * PostgreSQL database, one Redis and a test SMTP server, without JWT_SECRET. Started together they
 * migrate and seed once; a token of one is accepted by the other, and a sign-out on one ends it on
 * the other; failed sign-ins on both add up to the lock; a processed month is e-mailed as a job
 * while one of them is killed with SIGKILL mid-batch and started again, and still every employee
 * gets exactly one message with the PDF and the job's figures are what arrived; a STAFF user cannot
 * read the job. PostgreSQL and Redis only (the api-postgres project, with Redis reachable).
 */

const enabled =
  testDatabaseKind === 'postgres' && Boolean(process.env.DATABASE_URL) && (await redisReachable());

const root = path.resolve(import.meta.dirname, '../..');
const ADMIN_EMAIL = 'admin@company.test';
const ADMIN_PASSWORD = 'Several-Processes-Admin-1';
/** Staff created straight in the database for the e-mailed month (the demo company has about ten). */
const MAILED_STAFF = 220;
/** The SMTP server has received this many when the process is killed. */
const KILL_AFTER = 20;
/** Literally what services/auth.ts answers once 10 failed sign-ins (SIGN_IN_LIMITS.account) lock the account. */
const LOCKED_MESSAGE = /^Too many failed sign-in attempts\. Please try again in (\d+) seconds\.$/;
const INVALID_CREDENTIALS = 'Invalid email or password.';
const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

const serverUrl = process.env.DATABASE_URL ?? '';
const dbName = `hr_procs_${process.pid}_${randomBytes(4).toString('hex')}`;
const databaseUrl = (() => {
  if (!serverUrl) return '';
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const redisPrefix = `hr-test-procs-${randomBytes(4).toString('hex')}:`;

// ---------------------------------------------------------------------------------------------
// What happened when, printed at the end (pass or fail) for whoever reads the run.
// ---------------------------------------------------------------------------------------------
const t0 = Date.now();
const timeline: string[] = [];
const note = (message: string) => {
  timeline.push(`+${((Date.now() - t0) / 1000).toFixed(2)}s ${message}`);
};

// ---------------------------------------------------------------------------------------------
// The processes
// ---------------------------------------------------------------------------------------------
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface AppProcess {
  name: string;
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
  listening: Promise<void>;
}

const started: AppProcess[] = [];
const dataDirs: string[] = [];

/** `npm start` as main.ts runs it: PostgreSQL, Redis, SMTP, no JWT_SECRET, every process working jobs. */
function startProcess(name: string, port: number, dataDir: string, smtpUrl: string): AppProcess {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['JWT_SECRET', 'WORKER', 'PUBLIC_URL', 'STORAGE_DRIVER', 'MAIL_FROM']) delete env[key];
  const child = spawn(process.execPath, ['src/cli/start.mjs'], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: testRedisUrl,
      REDIS_KEY_PREFIX: redisPrefix,
      SMTP_URL: smtpUrl,
      SEED_ADMIN_EMAIL: ADMIN_EMAIL,
      SEED_ADMIN_PASSWORD: ADMIN_PASSWORD,
      SERVE_SPA: 'false',
      LOG_LEVEL: 'warn',
      // Every request of this test comes from 127.0.0.1: behind a proxy, as several processes are,
      // each failed sign-in can come from an address of its own, so only the account's limit counts.
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Listening on http://')) {
        clearInterval(timer);
        resolve();
      }
    }, 20);
    void exited.then(() => {
      clearInterval(timer);
      reject(
        new Error(
          `process ${name} exited (${child.exitCode ?? child.signalCode}) before listening:\n${output}`,
        ),
      );
    });
  });
  listening.catch(() => {});
  const app = { name, url: `http://127.0.0.1:${port}`, child, output: () => output, exited, listening };
  started.push(app);
  note(`process ${name} spawned (pid ${child.pid}) on port ${port}`);
  return app;
}

const running = (app: AppProcess) => app.child.exitCode === null && app.child.signalCode === null;

async function stopProcess(app: AppProcess) {
  if (!running(app)) return;
  app.child.kill('SIGTERM');
  const stopped = await Promise.race([
    app.exited.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 45_000)),
  ]);
  if (!stopped) {
    note(`process ${app.name} (pid ${app.child.pid}) did not stop within 45 s of SIGTERM: killed`);
    app.child.kill('SIGKILL');
    await app.exited;
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------
interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

async function call(
  app: AppProcess,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${app.url}/api${url}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: response.status, body, headers: response.headers };
}

interface Session {
  token: string;
  userId: number;
  refresh: string;
}

async function signIn(app: AppProcess, email: string, password: string): Promise<Session> {
  const answer = await call(app, 'POST', '/auth/login', { body: { email, password } });
  if (answer.status !== 200) throw new Error(`sign-in of ${email} on ${app.name}: ${answer.status}`);
  const body = answer.body as { accessToken: string; user: { id: number } };
  const refresh = answer.headers
    .getSetCookie()
    .map((header) => /^refresh_token=([^;]*)/.exec(header)?.[1])
    .find(Boolean);
  if (!refresh) throw new Error('no refresh cookie');
  return { token: body.accessToken, userId: body.user.id, refresh };
}

// ---------------------------------------------------------------------------------------------
// The SMTP server: counts what arrives, by recipient
// ---------------------------------------------------------------------------------------------
interface Arrival {
  /** The envelope's recipients (RCPT TO). */
  rcpt: string[];
  to: string;
  subject: string;
  attachments: Array<{ filename: string; contentType: string; size: number }>;
  /** When the server had it in full (and answered 250 right after). */
  at: number;
  connection: string;
}
const arrivals: Arrival[] = [];
let onArrival: (() => void) | undefined;
let smtp: SMTPServer | undefined;

async function startSmtp(): Promise<string> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const rcpt = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
      simpleParser(stream)
        .then((mail) => {
          arrivals.push({
            rcpt,
            to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '',
            subject: mail.subject ?? '',
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              size: a.size,
            })),
            at: Date.now(),
            connection: `${session.id} from port ${session.remotePort}`,
          });
          callback();
          onArrival?.();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // A client killed in the middle of a message: the connection's error, nothing more.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtp = server;
  const { port } = server.server.address() as AddressInfo;
  return `smtp://127.0.0.1:${port}`;
}

// ---------------------------------------------------------------------------------------------
// The test
// ---------------------------------------------------------------------------------------------
describe.runIf(enabled)('two npm start processes on one PostgreSQL, Redis and SMTP server', () => {
  let a: AppProcess;
  let b: AppProcess;
  let portA = 0;
  let smtpUrl = '';
  let database: Database | undefined;
  let admin: Session;
  let staff: Session;
  let jobId = '';

  const sql$ = async <T>(query: SQL) =>
    ((await (database as Database).db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    const creator = new pg.Client({ connectionString: serverUrl });
    await creator.connect();
    try {
      await creator.query(`create database ${dbName}`);
    } finally {
      await creator.end();
    }
    smtpUrl = await startSmtp();
    const [dirA, dirB] = await Promise.all([
      mkdtemp(path.join(tmpdir(), 'hr-procs-a-')),
      mkdtemp(path.join(tmpdir(), 'hr-procs-b-')),
    ]);
    dataDirs.push(dirA, dirB);
    portA = await freePort();
    const portB = await freePort();
    // Both at once, on the empty database.
    a = startProcess('A', portA, dirA, smtpUrl);
    b = startProcess('B', portB, dirB, smtpUrl);
    await Promise.all([
      a.listening.then(() => note('A listening')),
      b.listening.then(() => note('B listening')),
    ]);
    database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  }, 180_000);

  afterAll(async () => {
    // Each step whatever became of the others: no process, database or Redis key is left behind.
    const problems: unknown[] = [];
    const step = async (work: () => Promise<unknown>) => {
      try {
        await work();
      } catch (error) {
        problems.push(error);
      }
    };
    await step(() => Promise.all(started.map((app) => stopProcess(app))));
    note('every process stopped');
    await step(async () => database?.close());
    await step(async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${dbName} with (force)`);
      } finally {
        await dropper.end();
      }
    });
    await step(() => Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true }))));
    await step(() => new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve())));
    await step(async () => {
      const redis = new Redis(testRedisUrl, { maxRetriesPerRequest: 1 });
      try {
        const keys = await redis.keys(`${redisPrefix}*`);
        if (keys.length > 0) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    });
    const logs = started
      .map((app) => `--- process ${app.name} (pid ${app.child.pid}) output:\n${app.output().trim()}`)
      .join('\n');
    console.log(`several processes, timeline:\n${timeline.join('\n')}\n${logs}`);
    if (problems.length > 0) throw problems[0];
  }, 120_000);

  it('both come up on one fresh database, which is migrated and seeded once', async () => {
    expect(running(a) && running(b)).toBe(true);
    // main.ts tells the demo staff's password only when it seeded.
    const seeders = [a, b].filter((app) => app.output().includes('Demo staff sign in with'));
    expect(seeders).toHaveLength(1);

    admin = await signIn(a, ADMIN_EMAIL, ADMIN_PASSWORD);
    const admins = await call(b, 'GET', '/users?role=ADMIN', { token: admin.token });
    expect(admins.status).toBe(200);
    expect((admins.body as Array<{ email: string }>).map((u) => u.email)).toEqual([ADMIN_EMAIL]);
    for (const app of [a, b]) {
      const list = await call(app, 'GET', '/users?role=STAFF', { token: admin.token });
      expect(list.status).toBe(200);
      expect((list.body as Array<{ email: string }>).map((u) => u.email).sort()).toEqual(
        DEMO_STAFF.map((person) => `${person.email}@company.test`).sort(),
      );
    }

    const journal = JSON.parse(
      await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    const [counts] = await sql$<{
      companies: number;
      leave_types: number;
      secrets: number;
      migrations: number;
      users: number;
    }>(sql`select
        (select count(*)::int from company) as companies,
        (select count(*)::int from leave_types) as leave_types,
        (select count(*)::int from app_secrets) as secrets,
        (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
        (select count(*)::int from users) as users`);
    expect(counts).toEqual({
      companies: 1,
      leave_types: DEFAULT_LEAVE_TYPES.length,
      secrets: 1,
      migrations: journal.entries.length,
      users: DEMO_STAFF.length + 1,
    });
  });

  it('accepts a token of one process on the other (the signing key is shared through the database)', async () => {
    // The administrator signed in on A, read on B above; a staff member signed in on B, read on A.
    staff = await signIn(b, 'weiming.tan@company.test', DEMO_STAFF_PASSWORD);
    const own = await call(a, 'GET', `/users/${staff.userId}`, { token: staff.token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: staff.userId, email: 'weiming.tan@company.test' });
    expect((await call(b, 'GET', '/users?role=ADMIN', { token: admin.token })).status).toBe(200);
    // A forged token is refused by both.
    const forged = `${admin.token.slice(0, -4)}AAAA`;
    for (const app of [a, b]) {
      expect((await call(app, 'GET', '/users?role=ADMIN', { token: forged })).status).toBe(401);
    }
  });

  it('adds up failed sign-ins on both processes to the lock (counters in Redis)', async () => {
    const email = 'aisyah.rahman@company.test';
    let address = 0;
    const attempt = (app: AppProcess, password: string) =>
      call(app, 'POST', '/auth/login', {
        body: { email, password },
        // Each attempt from an address of its own: only the account's counter adds up.
        headers: { 'x-forwarded-for': `198.51.100.${++address}` },
      });
    // Nine failures, five on A and four on B: not locked yet.
    for (let i = 0; i < 9; i++) {
      const failed = await attempt(i % 2 === 0 ? a : b, `wrong-${i}`);
      expect(failed.status).toBe(401);
      expect((failed.body as { message: string }).message).toBe(INVALID_CREDENTIALS);
    }
    expect((await attempt(a, DEMO_STAFF_PASSWORD)).status).toBe(200);
    // The tenth, on B: five on each process, which alone would lock neither.
    expect((await attempt(b, 'wrong-9')).status).toBe(401);
    for (const app of [a, b]) {
      const locked = await attempt(app, DEMO_STAFF_PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
      const message = (locked.body as { message: string }).message;
      expect(message).toMatch(LOCKED_MESSAGE);
      // The window is 15 minutes from the first failure.
      expect(Number(LOCKED_MESSAGE.exec(message)?.[1])).toBeGreaterThan(800);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    }
  });

  it('refuses on B a token whose session was signed out on A', async () => {
    const session = await signIn(a, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await call(b, 'GET', '/users?role=ADMIN', { token: session.token })).status).toBe(200);
    const out = await call(a, 'POST', '/auth/logout', {
      headers: { cookie: `refresh_token=${session.refresh}` },
    });
    expect(out.status).toBe(204);
    for (const app of [b, a]) {
      const refused = await call(app, 'GET', '/users?role=ADMIN', { token: session.token });
      expect(refused.status).toBe(401);
      expect((refused.body as { message: string }).message).toBe(SESSION_EXPIRED);
    }
    // The other session of the same administrator goes on.
    expect((await call(b, 'GET', '/users?role=ADMIN', { token: admin.token })).status).toBe(200);
  });

  it('e-mails a processed month to everyone once, though a process is killed mid-batch and restarted (but for a send recorded at the instant of the kill, the documented limit)', async () => {
    const db = (database as Database).db;
    const mass = await createMassStaff(db, MAILED_STAFF, 'mailed');
    const expected = (
      await sql$<{ email: string }>(
        sql`select email from users where id between ${mass.first} and ${mass.last}`,
      )
    ).map((row) => row.email.toLowerCase());
    expect(expected).toHaveLength(MAILED_STAFF);

    // A month the demo company has not processed, no later than today's and the CPF tables' last.
    const today = new Date();
    let key = Math.min(
      today.getFullYear() * 12 + today.getMonth(),
      Number(lastRatedPeriod().slice(0, 4)) * 12 + Number(lastRatedPeriod().slice(5, 7)) - 1,
    );
    let year = 0;
    let month = 0;
    for (; ; key -= 1) {
      year = Math.floor(key / 12);
      month = (key % 12) + 1;
      const processed = await call(a, 'GET', `/payslips/processed/aggregates?year=${year}&month=${month}`, {
        token: admin.token,
      });
      expect(processed.status).toBe(200);
      if ((processed.body as unknown[]).length === 0) break;
    }
    const mm = String(month).padStart(2, '0');
    note(`month ${year}-${mm}: ${MAILED_STAFF} staff created`);

    const listed = await call(a, 'GET', `/payslips/unprocessed-and-items-added?year=${year}&month=${month}`, {
      token: admin.token,
    });
    expect(listed.status).toBe(200);
    const rows = (listed.body as Array<{ user: { id: number } }>).filter(
      (row) => row.user.id >= mass.first && row.user.id <= mass.last,
    );
    expect(rows).toHaveLength(MAILED_STAFF);
    const processed = await call(b, 'POST', '/payslips/bulk-process', {
      token: admin.token,
      body: {
        payDate: `${year}-${mm}-28`,
        payslips: rows.map((row) => ({ userId: row.user.id, year, month })),
      },
    });
    expect(processed.status).toBe(200);
    expect(processed.body).toEqual({ processed: MAILED_STAFF, skipped: 0 });
    note('month processed');

    // Kill A the moment the SMTP server has had KILL_AFTER messages.
    let arrivedAtKill = 0;
    const enough = new Promise<void>((resolve) => {
      onArrival = () => {
        if (arrivals.length >= KILL_AFTER && running(a)) {
          onArrival = undefined;
          arrivedAtKill = arrivals.length;
          a.child.kill('SIGKILL');
          note(`SIGKILL to A (pid ${a.child.pid}) after ${arrivedAtKill} messages arrived`);
          resolve();
        }
      };
    });
    const answer = await call(a, 'POST', '/payslips/email', { token: admin.token, body: { year, month } });
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ total: MAILED_STAFF, skipped: 0 });
    jobId = (answer.body as { jobId: string }).jobId;
    note(`job ${jobId} requested on A`);
    await Promise.race([
      enough,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`only ${arrivals.length} messages arrived in 120 s`)), 120_000),
      ),
    ]);
    const killedAt = Date.now();
    await a.exited;
    note(`A exited (${a.child.signalCode}); ${arrivals.length} messages arrived by then`);
    // Mid-batch: the job was far from done.
    expect(arrivedAtKill).toBeLessThan(MAILED_STAFF);

    // What the dead process left in hand: sends claimed ('sending') that B does not finish.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const states = await sql$<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from payslip_emails where job_id = ${jobId} group by status order by status`,
    );
    const boss = await sql$<{ state: string; n: number }>(
      sql`select state::text, count(*)::int as n from pgboss.job where name = 'payslip-email' group by state order by state`,
    );
    note(
      `3 s after the kill: sends ${states.map((s) => `${s.status}=${s.n}`).join(' ')}; queue jobs ${boss.map((s) => `${s.state}=${s.n}`).join(' ')}`,
    );
    const inHand = await sql$<{ id: string; email_id: number; running: number; expire: number }>(
      sql`select id::text, (data->>'emailId')::int as email_id,
            extract(epoch from now() - started_on)::float8 as running,
            extract(epoch from expire_in)::float8 as expire
          from pgboss.job where name = 'payslip-email' and state = 'active'`,
    );
    for (const job of inHand) {
      note(
        `queue job ${job.id} (send ${job.email_id}) active for ${job.running.toFixed(1)} s, expires after ${job.expire} s`,
      );
    }

    a = startProcess('A (restarted)', portA, dataDirs[0] as string, smtpUrl);
    await a.listening;
    note('A (restarted) listening');
    // The restarted process takes the tokens signed before, by either.
    expect((await call(a, 'GET', '/users?role=ADMIN', { token: admin.token })).status).toBe(200);

    interface Progress {
      id: string;
      kind: string;
      status: string;
      total: number;
      done: number;
      failed: number;
      errors: unknown[];
    }
    let progress: Progress | undefined;
    let last = '';
    const deadline = Date.now() + 360_000;
    while (Date.now() < deadline) {
      const polled = await call(b, 'GET', `/jobs/${jobId}`, { token: admin.token });
      expect(polled.status).toBe(200);
      progress = polled.body as Progress;
      const summary = `${progress.status} done=${progress.done} failed=${progress.failed}`;
      if (summary !== last) {
        note(`job: ${summary} (${arrivals.length} arrived)`);
        last = summary;
      }
      if (progress.status === 'completed' || progress.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    note(`job finished ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`);
    // Anything late (a send retried after the job looked finished) would arrive in these seconds.
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    const byRecipient = new Map<string, Arrival[]>();
    for (const arrival of arrivals) {
      for (const rcpt of arrival.rcpt) byRecipient.set(rcpt, [...(byRecipient.get(rcpt) ?? []), arrival]);
    }
    const arrivalsOf = (rcpt: string, list: Arrival[]) =>
      `${rcpt}: ${list.map((m) => `${((m.at - killedAt) / 1000).toFixed(3)} s after the kill (${m.connection})`).join(', ')}`;
    const twice = [...byRecipient].filter(([, list]) => list.length > 1).map(([r, l]) => arrivalsOf(r, l));
    // The kill comes the moment the server has accepted a message, the instant at which a sender
    // that recorded its sends after the server's answer would lose the record and send again.
    expect(twice).toEqual([]);
    // The one limit the app documents (decision 0008): a send recorded just before its ending line
    // was written, whose process was killed right then, never reaches the server, and is taken as
    // accepted when the queue hands it out again (a minute later). Such a loss counts as that only
    // when its row says so: sent once, taken as accepted well after the kill. Each of the process's
    // four SMTP connections (services/mail.ts) carries one message at a time, so at most four are
    // between their record and their ending line at the kill (none on an idle machine; CI, loaded,
    // has met all four while the process drew other sends' PDFs). Any other missing message fails.
    const missing = expected.filter((address) => !byRecipient.has(address));
    const inDoubt = await sql$<{ email: string; attempts: number; accepted: number }>(
      sql`select u.email, e.attempts, extract(epoch from e.sent_at)::float8 * 1000 as accepted
          from payslip_emails e join users u on u.id = e.user_id
          where e.job_id = ${jobId} and e.status = 'sent' and lower(u.email) in (${sql.join(
            missing.length > 0 ? missing.map((address) => sql`${address}`) : [sql`''`],
            sql`, `,
          )})`,
    );
    if (missing.length > 0) note(`NOT ARRIVED: ${JSON.stringify(inDoubt)}`);
    const documented = inDoubt.filter((row) => row.attempts === 1 && row.accepted - killedAt > 30_000);
    expect(documented.map((row) => row.email.toLowerCase()).sort()).toEqual([...missing].sort());
    expect(missing.length).toBeLessThanOrEqual(4);
    const period = `${MONTH_NAMES[month - 1]} ${year}`;
    for (const arrival of arrivals) {
      expect(arrival.rcpt).toHaveLength(1);
      expect(arrival.to.toLowerCase()).toBe(arrival.rcpt[0]);
      expect(arrival.subject).toBe(`Your payslip for ${period}`);
      expect(arrival.attachments).toHaveLength(1);
      expect(arrival.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
      expect(arrival.attachments[0]?.filename).toMatch(new RegExp(`^payslip-${year}-${mm}-\\d+\\.pdf$`));
      expect(arrival.attachments[0]?.size).toBeGreaterThan(1000);
    }
    expect(progress).toEqual({
      id: jobId,
      kind: 'payslipEmails',
      status: 'completed',
      total: MAILED_STAFF,
      done: byRecipient.size + missing.length,
      failed: 0,
      errors: [],
      // Both processes send through the SMTP server (issue 34: the progress says how mail leaves).
      delivery: 'SMTP',
    });
    expect(progress?.done).toBe(arrivals.length + missing.length);
    const [tries] = await sql$<{ retried: number; attempts: number }>(
      sql`select count(*) filter (where attempts > 1)::int as retried, sum(attempts)::int as attempts
          from payslip_emails where job_id = ${jobId}`,
    );
    note(`sends tried more than once: ${tries?.retried}; tries in all: ${tries?.attempts}`);
    for (const job of inHand) {
      const [after] = await sql$<{ sent: number; state: string; retries: number; output: unknown }>(
        sql`select extract(epoch from e.sent_at)::float8 * 1000 as sent, j.state::text, j.retry_count as retries, j.output
            from payslip_emails e, pgboss.job j
            where e.id = ${job.email_id} and j.name = 'payslip-email' and (j.data->>'emailId')::int = e.id`,
      );
      note(
        `send ${job.email_id} (in hand at the kill): sent ${(((after?.sent ?? 0) - killedAt) / 1000).toFixed(1)} s after the kill; its queue job ${after?.state}, retried ${after?.retries} times, ${JSON.stringify(after?.output)}`,
      );
    }
  }, 540_000);

  it('keeps the job from a STAFF user on either process', async () => {
    for (const app of [a, b]) {
      expect((await call(app, 'GET', `/jobs/${jobId}`, { token: staff.token })).status).toBe(403);
      expect((await call(app, 'GET', `/jobs/${jobId}`, { token: admin.token })).status).toBe(200);
    }
    // The token itself is good: the refusal is the role's.
    expect((await call(a, 'GET', `/users/${staff.userId}`, { token: staff.token })).status).toBe(200);
  });
});
