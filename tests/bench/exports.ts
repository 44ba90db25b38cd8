import { sql } from 'drizzle-orm';
import { DEFAULT_LEAVE_TYPES } from '../../src/domain/enums';
import { payslipStatusesTagged } from '../../src/domain/lifecycles/payslip.lifecycle';
import { insertLeaveTypes } from '../../src/server/factories';
import { bearer, createTestApp, createUser, signIn } from '../api/harness';

// The exports at a company's size (issue 38 item 5): 7,000 onboarded staff, each with a processed
// payslip (and a pay item) in each month of a year, inserted in bulk; then each export over HTTP
// (in-process), timed. Hire dates spread over ten years and no allowance stored: the staff export
// works out every allowance from the policies, its worst case. Run alone on PostgreSQL:
// `TEST_DATABASE=postgres DATABASE_URL=postgres://... npx tsx tests/bench/exports.ts`
const STAFF = Number(process.env.BENCH_EXPORT_STAFF ?? 7000);
const YEAR = 2026;

async function main() {
  const t = await createTestApp();
  try {
    await insertLeaveTypes(t.db, DEFAULT_LEAVE_TYPES);
    const admin = await createUser(t, { role: 'ADMIN' });
    const headers = bearer((await signIn(t, admin.email, admin.password)).accessToken);
    const processed = payslipStatusesTagged('processed')[0];
    const setUp = performance.now();
    await t.db.execute(sql`insert into users (email, full_name, role, password_hash)
      select 'bench' || i || '@' || ${t.config.companyEmailDomain}, 'Bench Person ' || i, 'STAFF', 'x'
      from generate_series(1, ${STAFF}) i`);
    await t.db.execute(sql`insert into staff_info (user_id, nric, date_of_birth, race, nationality)
      select id, 'S' || lpad(id::text, 7, '0') || 'A', '1990-01-01', 'Chinese', 'SINGAPORE CITIZEN'
      from users where role = 'STAFF'`);
    await t.db.execute(sql`insert into employment_info (user_id, designation, hire_date, pass_type, employment_type)
      select id, 'Officer', date '2015-01-01' + (id % 3650), 'Singapore', 'Full Time' from users where role = 'STAFF'`);
    await t.db.execute(sql`insert into payment_info (user_id, basic_salary_cents, employee_cpf_rate, employer_cpf_rate,
        cpf_type, cpf_section, bank_name, bank_code, branch_code, account_no)
      select id, 500000, 20, 17, 'SINGAPORE CITIZEN', 'CPF1', 'DBS', '7171', '081', '0123456789'
      from users where role = 'STAFF'`);
    await t.db.execute(sql`insert into payslips (user_id, year, month, status, basic_salary_snapshot_cents,
        pay_date, processed_at, ordinary_wage_cents, gross_pay_cents, employee_cpf_cents, employer_cpf_cents,
        sdl_cents, net_pay_cents, net_payable_cents)
      select u.id, ${YEAR}, m, ${processed}, 500000, make_date(${YEAR}, m, 25), now(), 530000, 530000,
        106000, 90100, 1125, 424000, 424000
      from users u cross join generate_series(1, 12) m where u.role = 'STAFF'`);
    await t.db.execute(sql`insert into pay_items (payslip_id, kind, type, amount_cents)
      select id, 'ADHOC', 'INCENTIVE', 30000 from payslips`);
    await t.db.execute(sql`analyze`);
    console.log(
      `set up ${STAFF} staff x 12 payslips in ${((performance.now() - setUp) / 1000).toFixed(1)} s`,
    );

    for (const url of [
      '/api/exports/staff?format=csv',
      '/api/exports/staff?format=xlsx',
      `/api/exports/payroll?year=${YEAR}&month=6&format=csv`,
      `/api/exports/payroll?year=${YEAR}&month=6&format=xlsx`,
      `/api/exports/payroll?year=${YEAR}&format=csv`,
      `/api/exports/payroll?year=${YEAR}&format=xlsx`,
    ]) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const response = await t.app.inject({ method: 'GET', url, headers });
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      const mib = response.rawPayload.length / 1024 / 1024;
      console.log(
        `${url}: ${(ms / 1000).toFixed(2)} s, process CPU ${((used.user + used.system) / 1e6).toFixed(2)} s, ${mib.toFixed(1)} MiB, peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`,
      );
    }
  } finally {
    await t.close();
  }
}

await main();
