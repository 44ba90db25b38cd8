import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/lib/secrets';
import { createMassStaff } from '../support/mass-staff';

// The payroll bench's work on the database, run in the server's process (tests/bench/server-process.ts
// runs these by name; the embedded database cannot be reached from another process): the staff and
// the month's pay items written directly in SQL, and the baseline, a plain insert of the payslip rows.

/** 7,000; BENCH_PAYROLL_EMPLOYEES sets fewer to check the bench runs (the targets are for 7,000). */
export const EMPLOYEES = Number(process.env.BENCH_PAYROLL_EMPLOYEES ?? 7000);
export const PERIOD = { year: 2026, month: 10 };
/** The month run first, on the freshly started server, as the month before any payroll day. */
export const MONTH_BEFORE = { year: 2026, month: 9 };
export const BENCH_ADMIN = { email: 'bench.admin@company.test', password: 'Bench-Admin-1' };
/** The company's particulars the statutory files need (UEN, so the CPF submission number; a salary account). */
export const BENCH_COMPANY = {
  name: 'Bench Pte. Ltd.',
  uen: '201912345K',
  // One account at each bank whose salary file the bench times: a file debits the company's account there.
  bankAccounts: [
    { bankName: 'UOB', accountNo: '3701234567', accountName: 'BENCH PTE LTD' },
    { bankName: 'DBS', accountNo: '0721234567', accountName: 'BENCH PTE LTD', organisationId: 'SGBENCH01' },
    { bankName: 'OCBC', accountNo: '501234567001', accountName: 'BENCH PTE LTD' },
  ],
};

/** An empty database migrated, an administrator who signs in, and 7,000 onboarded staff. */
export async function setUp(database: Database) {
  await database.migrate();
  await database.db.insert(users).values({
    email: BENCH_ADMIN.email,
    fullName: 'Bench Admin',
    role: 'ADMIN',
    passwordHash: await hashPassword(BENCH_ADMIN.password),
  });
  await createMassStaff(database.db, EMPLOYEES, 'bench');
}

/**
 * A third of a month's payslips (created by its first listing) get a bonus and an allowance, as in a
 * month with a bonus run, and the status adding items gives them.
 */
async function addItems(database: Database, { year, month }: { year: number; month: number }) {
  await database.db.execute(sql`
    insert into pay_items (payslip_id, kind, type, amount_cents, treatment)
    select id, 'BONUS', 'BONUS', 100000 + (id % 500) * 100, null from payslips
      where year = ${year} and month = ${month} and id % 3 = 0
    union all
    select id, 'OTHER_ADDITION', 'TRAVEL_ALLOWANCE', 12000, 'WAGE' from payslips
      where year = ${year} and month = ${month} and id % 3 = 0`);
  await database.db.execute(
    sql`update payslips set status = 'ITEMS_ADDED' where year = ${year} and month = ${month} and id % 3 = 0`,
  );
}

export const addPayItemsMonthBefore = (database: Database) => addItems(database, MONTH_BEFORE);
export const addPayItems = (database: Database) => addItems(database, PERIOD);

/**
 * The baseline: the month's processed rows (every stored column) written again by one plain insert
 * into a copy of the table, no computing. Answers the insert's time in milliseconds and its rows.
 */
export async function plainInsert(database: Database) {
  const copy = JSON.stringify(
    (
      (await database.db.execute(
        sql`select user_id, year, month, status, basic_salary_snapshot_cents, gross_pay_cents, employee_cpf_cents,
          employer_cpf_cents, shg_cents, sdl_cents, net_pay_cents, other_items_cents, net_payable_cents,
          pay_date, processed_at from payslips where year = ${PERIOD.year} and month = ${PERIOD.month}`,
      )) as unknown as { rows: unknown[] }
    ).rows,
  );
  await database.db.execute(sql`create table payslips_plain (like payslips including all)`);
  const started = performance.now();
  const inserted = await database.db.execute(sql`
    insert into payslips_plain (user_id, year, month, status, basic_salary_snapshot_cents, gross_pay_cents,
      employee_cpf_cents, employer_cpf_cents, shg_cents, sdl_cents, net_pay_cents, other_items_cents,
      net_payable_cents, pay_date, processed_at)
    select * from jsonb_to_recordset(${copy}::jsonb) as r(user_id int, year int, month int, status text,
      basic_salary_snapshot_cents int, gross_pay_cents int, employee_cpf_cents int, employer_cpf_cents int,
      shg_cents int, sdl_cents numeric, net_pay_cents int, other_items_cents int, net_payable_cents int,
      pay_date date, processed_at timestamptz)`);
  const ms = performance.now() - started;
  const { rowCount, affectedRows } = inserted as unknown as { rowCount?: number; affectedRows?: number };
  return { ms, rows: rowCount ?? affectedRows ?? 0 };
}
