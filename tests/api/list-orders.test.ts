import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMassStaff } from '../support/mass-staff';
import { createTestApp, type TestApp, testDatabaseKind } from './harness';
import { seedLeaveTypes } from './leave-fixtures';
import { adminSession } from './payroll-fixtures';

/**
 * Issue 33, item 5: every list's default order is one an index gives, so its first page costs the
 * same at 3,000 rows as at 60,000. Each list endpoint is called as the browser calls it; the
 * statements it sends PostgreSQL are caught on their way and explained:
 *
 * - a paged list (the leave requests, everyone's and one user's): after ANALYZE the plan is a Limit
 *   over an index scan, with no Sort anywhere (a Sort means the whole table, or the user's whole
 *   history, is read and sorted for ten rows);
 * - a whole list (decision 0011: the staff directory, a month's payslips, the balance report), which
 *   reads every row anyway: with sorting switched off the planner still finds a plan without a Sort,
 *   i.e. an index gives the order (without one, it sorts whatever the setting says).
 *
 * PostgreSQL only: PGlite's planner is the same code, but the bench and production run PostgreSQL.
 */
const postgres = testDatabaseKind === 'postgres';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];
const describePlan = (plan: PlanNode, depth = 0): string =>
  [
    `${'  '.repeat(depth)}${plan['Node Type']}${plan['Index Name'] ? ` using ${plan['Index Name']}` : ''}${plan['Relation Name'] ? ` on ${plan['Relation Name']}` : ''}`,
    ...(plan.Plans ?? []).map((child) => describePlan(child, depth + 1)),
  ].join('\n');

/**
 * Tables that grow with the staff and the years. A Sort over the others (the dozen leave types and
 * their policies) costs nothing, whatever the list.
 */
const GROWING = new Set([
  'users',
  'staff_info',
  'employment_info',
  'payment_info',
  'leave_requests',
  'leave_request_days',
  'leave_balances',
  'leave_carry_forwards',
  'payslips',
  'pay_items',
]);
/** The Sort nodes of a plan that sort rows read from a growing table. */
const sortsOfGrowing = (plan: PlanNode) =>
  nodes(plan).filter(
    (node) => node['Node Type'] === 'Sort' && nodes(node).some((n) => GROWING.has(n['Relation Name'] ?? '')),
  );

interface Caught {
  text: string;
  values: unknown[];
}

describe.skipIf(!postgres)('list orders served by indexes (PostgreSQL)', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let pool: pg.Pool;
  let someone: number;
  const STAFF = 3000;
  const REQUESTS = 40_000;

  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await adminSession(t));
    pool = (t.db as unknown as { $client: pg.Pool }).$client;
    const types = await seedLeaveTypes(t);
    const { first } = await createMassStaff(t.db, STAFF, 'orders');
    someone = first;
    // Everyone's requests over two years, a few hundred of them someone's.
    await t.db.execute(sql`
      insert into leave_requests (user_id, leave_type_id, status, from_date, to_date, days, created_at)
      select case when g % 100 = 0 then ${first} else ${first} + g % ${STAFF} end, ${types['Annual Leave']},
        (array['PENDING','APPROVED','REJECTED'])[1 + g % 3],
        date '2025-01-01' + g % 700, date '2025-01-01' + g % 700, 1,
        timestamptz '2025-01-01' + g * interval '17 minutes'
      from generate_series(1, ${REQUESTS}) g`);
    // The month's payslips, opened by Process Pay's first listing.
    const opened = await t.app.inject({
      method: 'GET',
      url: '/api/payslips/unprocessed-and-items-added?year=2026&month=3',
      headers,
    });
    expect(opened.statusCode).toBe(200);
    await t.db.execute(sql`analyze`);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** The ordered reads an endpoint sends PostgreSQL (its text and values), caught on the pool. */
  const statementsOf = async (url: string) => {
    const caught: Caught[] = [];
    const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    const spy = (...args: unknown[]) => {
      const [first, second] = args;
      // pg takes (text, values) or ({ text, values?, name? }, values?), as Drizzle sends prepared ones.
      const config = (typeof first === 'string' ? { text: first } : first) as Partial<Caught> & {
        text: string;
      };
      if (/^\s*select\b[\s\S]*\border by\b/i.test(config.text)) {
        caught.push({ text: config.text, values: config.values ?? (second as unknown[] | undefined) ?? [] });
      }
      return original(...args);
    };
    (pool as unknown as { query: typeof spy }).query = spy;
    try {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      (pool as unknown as { query: unknown }).query = original;
    }
    return caught;
  };

  const planOf = async (statement: Caught, settings: string[] = []) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      for (const setting of settings) await client.query(setting);
      const result = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
        `explain (format json) ${statement.text}`,
        statement.values,
      );
      return result.rows[0]?.['QUERY PLAN'][0]?.Plan as PlanNode;
    } finally {
      await client.query('rollback');
      client.release();
    }
  };

  /** `{someone}` is a user with a few hundred requests. */
  const pagedLists = [
    '/api/leave-requests',
    '/api/leave-requests?sort=createdAt&order=asc',
    '/api/leave-requests?sort=fromDate&order=desc',
    '/api/leave-requests?sort=fromDate&order=asc',
    '/api/leave-requests?sort=toDate&order=desc',
    '/api/leave-requests?sort=toDate&order=asc',
    '/api/leave-requests?page=3',
    '/api/users/{someone}/leave-requests',
  ];

  for (const list of pagedLists) {
    it(`answers ${list} from an index: a Limit over an index scan, no Sort`, async () => {
      const url = list.replace('{someone}', String(someone));
      const statements = (await statementsOf(url)).filter((s) => /\blimit\b/i.test(s.text));
      expect(statements, url).toHaveLength(1);
      const plan = await planOf(statements[0] as Caught);
      const shown = `${url}\n${describePlan(plan)}`;
      expect(plan['Node Type'], shown).toBe('Limit');
      expect(
        nodes(plan).map((node) => node['Node Type']),
        shown,
      ).not.toContain('Sort');
      expect(
        nodes(plan).some(
          (node) => /Index/.test(node['Node Type']) && node['Relation Name'] === 'leave_requests',
        ),
        shown,
      ).toBe(true);
    });
  }

  /** Whole lists (decision 0011); the leave calendar is not here: it reads one month's requests, a bounded set. */
  const wholeLists = [
    '/api/users',
    '/api/users?role=STAFF',
    '/api/payslips/unprocessed-and-items-added?year=2026&month=3',
    '/api/payslips/processed/aggregates?year=2026&month=3',
    '/api/users/leave-balances/year?year=2026',
    '/api/public-holidays?year=2026',
    '/api/users/{someone}/payslips/processed/aggregates',
  ];

  for (const url of wholeLists) {
    it(`reads ${url} in an order an index gives: no Sort of a growing table even with sorting switched off`, async () => {
      const statements = await statementsOf(url.replace('{someone}', String(someone)));
      expect(statements.length, url).toBeGreaterThan(0);
      for (const statement of statements) {
        const plan = await planOf(statement, ['set local enable_sort = off']);
        const shown = `${url}\n${statement.text}\n${describePlan(plan)}`;
        expect(sortsOfGrowing(plan), shown).toEqual([]);
      }
    });
  }
});
