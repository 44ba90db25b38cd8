import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { createMassStaff } from '../support/mass-staff';
import { testDatabaseKind } from './harness';

// A server killed with SIGKILL in the middle of a bulk run, then started again: the run is one
// transaction, so PostgreSQL rolls it back and no payslip is left half processed; the retry then
// processes every one. PostgreSQL only: the test watches the server's locks from outside.
const root = path.resolve(import.meta.dirname, '../..');
const EMPLOYEES = 3000;
const serverUrl = process.env.DATABASE_URL ?? '';
const name = `hr_crash_${process.pid}_${randomBytes(3).toString('hex')}`;
const url = (() => {
  if (!serverUrl) return '';
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
})();

function startServer() {
  const child = spawn(process.execPath, ['src/cli/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: '0',
      HOST: '127.0.0.1',
      SERVE_SPA: 'false',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'crash-test-secret-crash-test-secret-0123',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match?.[1]) {
        clearInterval(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    }, 25);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited: ${output}`));
    });
  });
  listening.catch(() => {});
  return { child, exited, listening };
}

async function signInAdmin(base: string) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@company.test', password: 'Admin@12345' }),
  });
  const body = (await response.json()) as { accessToken: string };
  return { authorization: `Bearer ${body.accessToken}`, 'content-type': 'application/json' };
}

const stop = async (server: { child: ChildProcess; exited: Promise<void> }, signal: NodeJS.Signals) => {
  server.child.kill(signal);
  await server.exited;
};

describe.runIf(testDatabaseKind === 'postgres')('a server killed during a bulk run', () => {
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
  });
  afterAll(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('leaves no payslip half processed, and the retry processes them all', async () => {
    let server = startServer();
    const base = await server.listening;
    const database = await openDatabase({ kind: 'postgres', url });
    try {
      const mass = await createMassStaff(database.db, EMPLOYEES, 'crash');
      const headers = await signInAdmin(base);
      const list = await fetch(`${base}/api/payslips/unprocessed-and-items-added?year=2026&month=5`, {
        headers,
      });
      // The generated staff only: the demo company's have later months processed, which bars this one.
      const rows = ((await list.json()) as Array<{ user: { id: number } }>).filter(
        (row) => row.user.id >= mass.first && row.user.id <= mass.last,
      );
      expect(rows.length).toBe(EMPLOYEES);
      const body = JSON.stringify({
        payDate: '2026-05-29',
        payslips: rows.map((row) => ({ userId: row.user.id, year: 2026, month: 5 })),
      });

      // Kill the server the moment its run holds the payslips' row locks.
      const request = fetch(`${base}/api/payslips/bulk-process`, { method: 'POST', headers, body }).catch(
        () => null,
      );
      const deadline = Date.now() + 20_000;
      let locked = false;
      while (!locked && Date.now() < deadline) {
        // pg_class is per database: ask from a connection to the server's own database.
        const locks = (await database.db.execute(sql`
          select count(*)::int as n from pg_locks l
          where l.database = (select oid from pg_database where datname = current_database())
            and l.relation = 'payslips'::regclass and l.mode = 'RowShareLock'`)) as unknown as {
          rows: Array<{ n: number }>;
        };
        locked = (locks.rows[0]?.n ?? 0) > 0;
      }
      expect(locked).toBe(true);
      await stop(server, 'SIGKILL');
      expect(await request).toBeNull();

      const counts = async () => {
        const result = (await database.db.execute(sql`
          select count(*) filter (where status = 'PROCESSED')::int as processed,
            count(*) filter (where status = 'PROCESSED' and (pay_date is null or gross_pay_cents = 0))::int as broken,
            count(*) filter (where status <> 'PROCESSED' and gross_pay_cents <> 0)::int as stray,
            (select count(*)::int from audit_log a, jsonb_array_elements(a.details->'payslipIds') as p(id)
              where a.action = 'payslips.processed'
                and (p.id #>> '{}')::int in (select id from payslips where year = 2026 and month = 5)) as audited
          from payslips where year = 2026 and month = 5`)) as unknown as {
          rows: Array<{ processed: number; broken: number; stray: number; audited: number }>;
        };
        return result.rows[0];
      };
      // PostgreSQL waits for the dead connection's transaction to end before the rows are free.
      await expect.poll(async () => (await counts())?.processed, { timeout: 10_000 }).toBe(0);
      expect(await counts()).toEqual({ processed: 0, broken: 0, stray: 0, audited: 0 });

      server = startServer();
      const again = await server.listening;
      const retry = await fetch(`${again}/api/payslips/bulk-process`, {
        method: 'POST',
        headers: await signInAdmin(again),
        body,
      });
      expect(await retry.json()).toEqual({ processed: rows.length, skipped: 0 });
      expect(await counts()).toEqual({ processed: rows.length, broken: 0, stray: 0, audited: rows.length });
    } finally {
      await stop(server, 'SIGTERM');
      await database.close();
    }
  }, 120_000);
});
