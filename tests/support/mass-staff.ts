import { sql } from 'drizzle-orm';
import { isValidNric } from '../../src/domain/nric';
import type { DbOrTx } from '../../src/server/db/client';

/**
 * Thousands of onboarded staff in four statements (generate_series), for the scale tests and the
 * bench: a mix of ages (so of CPF age bands), residencies, self-help groups and salaries from
 * $1,800 to $14,000 (some above the OW ceiling). They cannot sign in (no valid password hash).
 */
export async function createMassStaff(
  db: DbOrTx,
  count: number,
  tag = 'mass',
): Promise<{ first: number; last: number }> {
  const result = (await db.execute(sql`
    insert into users (email, full_name, role, password_hash)
    select ${tag} || '.' || g || '@company.test', 'Employee ' || ${tag} || ' ' || lpad(g::text, 5, '0'), 'STAFF', 'x'
    from generate_series(1, ${count}) g
    returning id`)) as unknown as { rows: Array<{ id: number }> };
  const ids = result.rows.map((row) => Number(row.id));
  const first = Math.min(...ids);
  const last = Math.max(...ids);
  // Identities CPF takes: S (born before 2000) or T, seven digits from the id, and the check letter
  // worked out here in SQL (weights 2,7,6,5,4,3,2, T's offset 4, the table JZIHGFEDCBA), independently
  // of src/domain/nric.ts, whose rule then checks every one below.
  await db.execute(sql`
    insert into staff_info (user_id, nric, gender, date_of_birth, race, nationality)
    select id, prefix || digits || substr('JZIHGFEDCBA', 1 + (case prefix when 'T' then 4 else 0 end
        + 2 * substr(digits, 1, 1)::int + 7 * substr(digits, 2, 1)::int + 6 * substr(digits, 3, 1)::int
        + 5 * substr(digits, 4, 1)::int + 4 * substr(digits, 5, 1)::int + 3 * substr(digits, 6, 1)::int
        + 2 * substr(digits, 7, 1)::int) % 11, 1),
      'Male', born, race, 'Singaporean'
    from (
      select u.id, lpad((u.id % 10000000)::text, 7, '0') as digits,
        (date '1955-01-15' + ((u.id * 7919) % 17000) * interval '1 day')::date as born,
        case when (date '1955-01-15' + ((u.id * 7919) % 17000) * interval '1 day') >= date '2000-01-01'
          then 'T' else 'S' end as prefix,
        (array['Chinese','Malay','Indian','Eurasian','Others'])[1 + u.id % 5] as race
      from users u where u.id between ${first} and ${last}
    ) generated`);
  const stored = (await db.execute(
    sql`select nric from staff_info where user_id between ${first} and ${last}`,
  )) as unknown as { rows: Array<{ nric: string }> };
  const wrong = stored.rows.filter((row) => !isValidNric(row.nric));
  if (wrong.length > 0) {
    throw new Error(`mass staff with NRICs the domain refuses: ${wrong.slice(0, 5).map((row) => row.nric)}`);
  }
  await db.execute(sql`
    insert into employment_info (user_id, designation, employment_status, hire_date, pass_type, employment_type)
    select u.id, 'Associate', 'ACTIVE', date '2020-01-06', 'Singapore', 'Full Time'
    from users u where u.id between ${first} and ${last}`);
  await db.execute(sql`
    insert into payment_info (user_id, basic_salary_cents, employee_cpf_rate, employer_cpf_rate,
      cpf_type, cpf_section, self_help_group, bank_name, account_no)
    select u.id, 180000 + ((u.id * 104729) % 1220000), 20, 17,
      (array['SINGAPORE CITIZEN','PR 3 YEAR AND ABOVE','SINGAPORE PR 1 YEAR','SINGAPORE PR 2 YEAR','NONE'])[1 + u.id % 5],
      (array['CPF1','CPF2','NONE'])[1 + u.id % 3],
      (array['CDAC','MBMF','SINDA','ECF','NONE'])[1 + u.id % 5], 'DBS', lpad(u.id::text, 10, '0')
    from users u where u.id between ${first} and ${last}`);
  return { first, last };
}
