import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Database, openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/lib/secrets';
import { createMassStaff } from '../support/mass-staff';

// The payroll bench: a 7,000-employee month computed and processed in one bulk request, against a
// plain SQL insert of the same 7,000 payslip rows measured in the same run on the same database.
// Targets (issue 11): at most 2 s on PostgreSQL and at most 5x the plain insert.
export const EMPLOYEES = 7000;
const TARGET_MS = 2000;
const TARGET_RATIO = 5;

interface Figures {
  processMs: number;
  insertMs: number;
  processed: number;
}

async function measure(database: Database): Promise<Figures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-bench-payroll-'));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') });
  const app = await buildApp({ config, db: database.db });
  try {
    await database.migrate();
    const password = 'Bench-Admin-1';
    await database.db.insert(users).values({
      email: 'bench.admin@company.test',
      fullName: 'Bench Admin',
      role: 'ADMIN',
      passwordHash: await hashPassword(password),
    });
    await createMassStaff(database.db, EMPLOYEES, 'bench');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bench.admin@company.test', password },
    });
    const headers = { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` };
    const list = await app.inject({
      method: 'GET',
      url: '/api/payslips/unprocessed-and-items-added?year=2026&month=10',
      headers,
    });
    const rows = list.json<Array<{ user: { id: number } }>>();
    // A third of the staff have a bonus and an allowance, as in a month with a bonus run.
    await database.db.execute(sql`
      insert into pay_items (payslip_id, kind, type, amount_cents)
      select id, 'BONUS', 'BONUS', 100000 + (id % 500) * 100 from payslips where year = 2026 and month = 10 and id % 3 = 0
      union all
      select id, 'OTHER_ADDITION', 'TRAVEL_ALLOWANCE', 12000 from payslips where year = 2026 and month = 10 and id % 3 = 0`);
    await database.db.execute(
      sql`update payslips set status = 'ITEMS_ADDED' where year = 2026 and month = 10 and id % 3 = 0`,
    );

    const payload = {
      payDate: '2026-10-30',
      payslips: rows.map((row) => ({ userId: row.user.id, year: 2026, month: 10 })),
    };
    const started = performance.now();
    const run = await app.inject({ method: 'POST', url: '/api/payslips/bulk-process', headers, payload });
    const processMs = performance.now() - started;
    const { processed } = run.json<{ processed: number }>();

    // The baseline: the same rows (every stored column) written by one plain insert, no computing.
    const copy = JSON.stringify(
      (
        (await database.db.execute(
          sql`select user_id, year, month, status, basic_salary_snapshot_cents, gross_pay_cents, employee_cpf_cents,
            employer_cpf_cents, shg_cents, sdl_cents, net_pay_cents, other_items_cents, net_payable_cents,
            pay_date, processed_at from payslips where year = 2026 and month = 10`,
        )) as unknown as { rows: unknown[] }
      ).rows,
    );
    await database.db.execute(sql`create table payslips_plain (like payslips including all)`);
    const insertStarted = performance.now();
    await database.db.execute(sql`
      insert into payslips_plain (user_id, year, month, status, basic_salary_snapshot_cents, gross_pay_cents,
        employee_cpf_cents, employer_cpf_cents, shg_cents, sdl_cents, net_pay_cents, other_items_cents,
        net_payable_cents, pay_date, processed_at)
      select * from jsonb_to_recordset(${copy}::jsonb) as r(user_id int, year int, month int, status text,
        basic_salary_snapshot_cents int, gross_pay_cents int, employee_cpf_cents int, employer_cpf_cents int,
        shg_cents int, sdl_cents numeric, net_pay_cents int, other_items_cents int, net_payable_cents int,
        pay_date date, processed_at timestamptz)`);
    const insertMs = performance.now() - insertStarted;
    return { processMs, insertMs, processed };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

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
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    try {
      const figures = await measure(database);
      const ratio = figures.processMs / figures.insertMs;
      const good = figures.processed === EMPLOYEES && figures.processMs <= TARGET_MS && ratio <= TARGET_RATIO;
      ok &&= good;
      console.log(
        `${good ? 'ok  ' : 'MISS'} payroll on PostgreSQL: ${figures.processed} payslips computed and processed in ` +
          `${Math.round(figures.processMs)} ms (target <= ${TARGET_MS}); plain insert of the same rows ` +
          `${Math.round(figures.insertMs)} ms; ratio ${ratio.toFixed(1)}x (target <= ${TARGET_RATIO}x)`,
      );
    } finally {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else {
    console.log('---- payroll on PostgreSQL: skipped (set DATABASE_URL to a PostgreSQL server)');
  }
  const embedded = await openDatabase({ kind: 'pglite' });
  try {
    const figures = await measure(embedded);
    console.log(
      `info payroll on PGlite: ${figures.processed} payslips in ${Math.round(figures.processMs)} ms; ` +
        `plain insert ${Math.round(figures.insertMs)} ms; ratio ${(figures.processMs / figures.insertMs).toFixed(1)}x`,
    );
  } finally {
    await embedded.close();
  }
  return ok;
}
