import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DEFAULT_LEAVE_TYPES } from '../../src/domain/enums';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { applyDatabaseExtras } from '../../src/server/db/extras';
import { leaveTypes, users } from '../../src/server/db/schema';
import { accessTokens, issueRefreshToken } from '../../src/server/services/tokens';
import { createMassStaff } from '../support/mass-staff';
import { median } from './servers';

// `npm run bench`, part three: each list's unfiltered first page, as the browser first asks it, at two
// sizes of the company (1,000 and 20,000 staff, three leave requests each: 3,000 and 60,000 requests),
// each in a database of its own on the server of DATABASE_URL (default: the local test server).
//
// Target (issue 33, item 5): a paged list's first page costs the same whatever the table's size: its
// default order is read from an index (tests/api/list-orders.test.ts checks the plans), so the median
// latency at the large size is at most x2 that at the small one (a sort of the table grew it x13 from
// 3,000 to 60,000 requests). A whole list (decision 0011: the directory, a month's payslips, the
// balance report) answers every row, so it grows with the staff; it is printed per row, which stays
// flat when nothing worse than reading the rows is done.
//
// Timings mean something on a quiet machine only (docs/performance.md). BENCH_LIST_SIZES=300,3000
// runs it at other sizes (e.g. to check that it runs).

const SIZES = (process.env.BENCH_LIST_SIZES ?? '1000,20000').split(',').map(Number);
const REQUESTS_PER_STAFF = 3;
const PAGED_REPEATS = 25;
const WHOLE_REPEATS = 5;
const TARGET_RATIO = 2;

interface List {
  label: string;
  path: string;
  paged: boolean;
}
const LISTS: List[] = [
  { label: 'leave requests (admin dashboard)', path: '/api/leave-requests', paged: true },
  { label: "one user's leave requests", path: '/api/users/{someone}/leave-requests', paged: true },
  { label: 'staff directory', path: '/api/users', paged: false },
  { label: 'public holidays', path: '/api/public-holidays?year=2026', paged: false },
  {
    label: 'Process Pay: unprocessed',
    path: '/api/payslips/unprocessed-and-items-added?year=2026&month=3',
    paged: false,
  },
  {
    label: 'Process Pay: processed',
    path: '/api/payslips/processed/aggregates?year=2026&month=2',
    paged: false,
  },
  { label: 'leave balance report', path: '/api/users/leave-balances/year?year=2026', paged: false },
];

interface Figure {
  ms: number;
  rows: number;
}

async function measureSize(serverUrl: string, staff: number): Promise<Map<string, Figure>> {
  const name = `hr_bench_lists_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-bench-lists-'));
  try {
    await database.migrate();
    const db = database.db;
    await db
      .insert(leaveTypes)
      .values(DEFAULT_LEAVE_TYPES.map((typeName, i) => ({ name: typeName, sortOrder: i + 1 })));
    const [boss] = await db
      .insert(users)
      .values({
        email: 'bench.admin@company.test',
        fullName: 'Bench Admin',
        role: 'ADMIN',
        passwordHash: 'x',
      })
      .returning();
    const { first } = await createMassStaff(db, staff, 'lists');
    const requests = staff * REQUESTS_PER_STAFF;
    // A bulk load skips the per-row tally trigger; the tallies are recounted right after.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        insert into leave_requests (user_id, leave_type_id, status, from_date, to_date, days, created_at, updated_at)
        select ${first} + (i * 7919) % ${staff}, t.id, (array['PENDING', 'APPROVED', 'REJECTED'])[1 + i % 3],
          date '2026-01-05' + (i % 350), date '2026-01-05' + (i % 350), 1,
          now() - make_interval(secs => i * 60), now()
        from generate_series(1, ${requests}) as i
        join leave_types t on t.sort_order = 1 + i % 8`);
    });
    await applyDatabaseExtras(db);
    // A month processed (its figures as stored, not worked out: the list only reads them) and one open.
    await db.execute(sql`
      insert into payslips (user_id, year, month, status, basic_salary_snapshot_cents, gross_pay_cents,
        employee_cpf_cents, employer_cpf_cents, shg_cents, sdl_cents, net_pay_cents, other_items_cents,
        net_payable_cents, pay_date, processed_at)
      select user_id, 2026, 2, 'PROCESSED', basic_salary_cents, basic_salary_cents, 0, 0, 0, 0,
        basic_salary_cents, 0, basic_salary_cents, date '2026-02-27', now()
      from payment_info`);
    await db.execute(sql`vacuum analyze`);

    const jwtSecret = randomBytes(32).toString('hex');
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: jwtSecret, LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, db });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const { sessionId } = await issueRefreshToken(db, boss?.id ?? 0);
    const token = await accessTokens(jwtSecret).sign({ id: boss?.id ?? 0, role: 'ADMIN' }, sessionId);
    const figures = new Map<string, Figure>();
    try {
      for (const list of LISTS) {
        const target = `${base}${list.path.replace('{someone}', String(first))}`;
        const ask = async () => {
          const started = performance.now();
          const response = await fetch(target, { headers: { authorization: `Bearer ${token}` } });
          const body = (await response.json()) as unknown;
          if (response.status !== 200) throw new Error(`${list.path} answered ${response.status}`);
          const rows = Array.isArray(body) ? body.length : ((body as { data?: unknown[] }).data?.length ?? 0);
          return { ms: performance.now() - started, rows };
        };
        // The first asking opens the month's payslips; the rest warm the route (and the JIT) up.
        for (let i = 0; i < (list.paged ? 10 : 2); i++) await ask();
        const runs: Figure[] = [];
        for (let i = 0; i < (list.paged ? PAGED_REPEATS : WHOLE_REPEATS); i++) runs.push(await ask());
        figures.set(list.label, { ms: median(runs.map((r) => r.ms)), rows: runs[0]?.rows ?? 0 });
      }
    } finally {
      await app.close();
    }
    return figures;
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Both sizes, one after the other; true when every paged list is flat. */
export async function benchListPages(serverUrl: string): Promise<boolean> {
  const [small = 1000, large = 20000] = SIZES;
  const atSmall = await measureSize(serverUrl, small);
  const atLarge = await measureSize(serverUrl, large);
  let ok = true;
  const sizes = `${small} vs ${large} staff (${small * REQUESTS_PER_STAFF} vs ${large * REQUESTS_PER_STAFF} requests)`;
  for (const list of LISTS) {
    const a = atSmall.get(list.label);
    const b = atLarge.get(list.label);
    if (!a || !b) continue;
    const ratio = b.ms / a.ms;
    if (list.paged) {
      const good = ratio <= TARGET_RATIO;
      ok &&= good;
      console.log(
        `${good ? 'ok  ' : 'MISS'} first page of ${list.label} on PostgreSQL, ${sizes}: ` +
          `${a.ms.toFixed(1)} vs ${b.ms.toFixed(1)} ms, x${ratio.toFixed(2)} (target <= x${TARGET_RATIO}; flat = x1)`,
      );
    } else {
      const perRow = (f: Figure) => (f.rows > 0 ? (f.ms * 1000) / f.rows : Number.NaN);
      console.log(
        `info whole list ${list.label} on PostgreSQL, ${sizes}: ${a.ms.toFixed(1)} ms for ${a.rows} rows vs ` +
          `${b.ms.toFixed(1)} ms for ${b.rows} rows, x${ratio.toFixed(2)}; per row ${perRow(a).toFixed(0)} vs ` +
          `${perRow(b).toFixed(0)} µs, x${(perRow(b) / perRow(a)).toFixed(2)}`,
      );
    }
  }
  return ok;
}

// `npx tsx tests/bench/list-pages.ts` runs this part alone (npm run bench runs it after the leave list).
if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  const ok = await benchListPages(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  process.exitCode = ok ? 0 : 1;
}
