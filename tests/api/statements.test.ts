import { eq, sql } from 'drizzle-orm';
import { users } from '../../src/server/db/schema';
import { preparedFor, rowsOf } from '../../src/server/db/statements';
import { openTestDatabase, testDatabaseKind } from './harness';

// How the services reach the database (src/server/db/statements.ts), on either driver: a `sql`
// template's rows as the driver answers them, and Drizzle prepared statements built once per handle
// and, on PostgreSQL, prepared under their names once per connection (checked in the server's own
// list of the session's prepared statements).

const byEmail = preparedFor((db) =>
  db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, sql.placeholder('email')))
    .prepare('test_user_by_email'),
);

describe('statements', () => {
  it('a template answers its rows with its values bound, the same types on either driver', async () => {
    const database = await openTestDatabase();
    try {
      const sum = (a: unknown, b: unknown, label: unknown) =>
        rowsOf(database.db, sql`select (${a}::int + ${b}::int) as total, ${label}::text as label`);
      expect(await sum(40, 2, 'forty-two')).toEqual([{ total: 42, label: 'forty-two' }]);
      expect(await sum(-1, 1, null)).toEqual([{ total: 0, label: null }]);
      // Drizzle wraps the driver's error; the database's own message is its cause.
      await expect(rowsOf(database.db, sql`select 1 / ${0}::int as n`)).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/division by zero/) },
      });
      // The failed statement leaves the database usable.
      expect(await rowsOf(database.db, sql`select 1 / ${1}::int as n`)).toEqual([{ n: 1 }]);
      // A list spreads into one parameter per element: `in (...)`.
      expect(
        await rowsOf(database.db, sql`select 'b' in ${['a', 'b']} as found, 'c' in ${['a', 'b']} as missing`),
      ).toEqual([{ found: true, missing: false }]);
      // Numbers, booleans, nulls, and the casts to text the services use for dates and bigint.
      expect(
        await rowsOf(
          database.db,
          sql`select ${6}::int as whole, ${6}::int > 0 as positive, (${6}::int / 4.0)::float8 as quarter,
            null::int as nothing, (${'2026-02-28'}::date + 1)::text as next_day,
            ${'9007199254740993'}::bigint::text as big, ${'a, "b"'}::text as words`,
        ),
      ).toEqual([
        {
          whole: 6,
          positive: true,
          quarter: 1.5,
          nothing: null,
          next_day: '2026-03-01',
          big: '9007199254740993',
          words: 'a, "b"',
        },
      ]);
      // Inside a transaction it runs on the transaction's connection, and sees its uncommitted rows.
      const undone = database.db.transaction(async (tx) => {
        await tx
          .insert(users)
          .values({ email: 'tx@x.test', fullName: 'Tx', role: 'STAFF', passwordHash: 'h' });
        const [seen] = await rowsOf<{ n: number }>(
          tx,
          sql`select count(*)::int as n from users where email = ${'tx@x.test'}`,
        );
        expect(seen?.n).toBe(1);
        throw new Error('undo');
      });
      await expect(undone).rejects.toThrow('undo');
      expect(await rowsOf(database.db, sql`select id from users where email = ${'tx@x.test'}`)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('a prepared statement is built once per database handle and answers by its placeholders', async () => {
    const first = await openTestDatabase();
    const second = await openTestDatabase();
    try {
      expect(byEmail(first.db)).toBe(byEmail(first.db));
      expect(byEmail(second.db)).not.toBe(byEmail(first.db));
      const [created] = await first.db
        .insert(users)
        .values({ email: 'p@x.test', fullName: 'P', role: 'STAFF', passwordHash: 'h' })
        .returning({ id: users.id });
      expect(await byEmail(first.db).execute({ email: 'p@x.test' })).toEqual([
        { id: created?.id, email: 'p@x.test' },
      ]);
      expect(await byEmail(first.db).execute({ email: 'nobody@x.test' })).toEqual([]);
      // Each handle's statement reads its own database.
      expect(await byEmail(second.db).execute({ email: 'p@x.test' })).toEqual([]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it.skipIf(testDatabaseKind !== 'postgres')(
    'on PostgreSQL a prepared statement is prepared under its name, once per connection',
    async () => {
      const database = await openTestDatabase();
      try {
        // One after another, so the pool hands out the same idle connection each time.
        for (let i = 0; i < 3; i++) await byEmail(database.db).execute({ email: `${i}@x.test` });
        const listed = preparedFor((db) =>
          db
            .select({ name: sql<string>`name`, statement: sql<string>`statement` })
            .from(sql`pg_prepared_statements`)
            .orderBy(sql`name`)
            .prepare('test_prepared'),
        );
        const rows = await listed(database.db).execute();
        expect(rows.map((row) => row.name)).toEqual(['test_prepared', 'test_user_by_email']);
        expect(rows[1]?.statement).toMatch(/from "users" where "users"."email" = \$1/i);
      } finally {
        await database.close();
      }
    },
  );
});
