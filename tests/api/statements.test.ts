import type pg from 'pg';
import { run, statement } from '../../src/server/db/statements';
import { openTestDatabase, testDatabaseKind } from './harness';

// The statements every request runs go straight to the driver (src/server/db/statements.ts). On
// PostgreSQL each is a named statement, parsed and planned once per connection (checked here in the
// server's own list of the session's prepared statements) and described once per connection, its
// rows typed as pg types them (src/server/db/statement-query.ts).

const sum = statement<{ total: number; label: string }>(
  'test_sum',
  'select ($1::int + $2::int) as total, $3::text as label',
);
const prepared = statement<{ name: string; statement: string }>(
  'test_prepared',
  'select name, statement from pg_prepared_statements order by name',
);
const divide = statement<{ n: number }>('test_divide', 'select 1 / $1::int as n');
const typed = statement<Record<string, unknown>>(
  'test_typed',
  `select $1::int as whole, $1::int > 0 as positive, ($1::int / 4.0)::float8 as quarter,
     null::int as nothing, ($2::date + 1)::text as next_day, $3::text as words`,
);

describe('statements run on the driver', () => {
  it('answer their rows with the values bound in order', async () => {
    const database = await openTestDatabase();
    try {
      expect(await run(database.db, sum, [40, 2, 'forty-two'])).toEqual([{ total: 42, label: 'forty-two' }]);
      expect(await run(database.db, sum, [-1, 1, null])).toEqual([{ total: 0, label: null }]);
      await expect(run(database.db, divide, [0])).rejects.toThrow(/division by zero/);
      // The failed statement leaves the connection usable.
      expect(await run(database.db, divide, [1])).toEqual([{ n: 1 }]);
      // Unnamed statements (texts built for a list's filters) answer each its own columns.
      const texts = ['select $1::int as first', 'select $1::text as second, 2 as third'];
      for (const text of [...texts, ...texts]) {
        const [row] = await run(database.db, statement<Record<string, unknown>>('', text), ['7']);
        expect(row).toEqual(text.includes('second') ? { second: '7', third: 2 } : { first: 7 });
      }
      // Numbers, booleans and nulls come back as such, and the same on every run (on PostgreSQL the
      // second run reads the columns the first one described).
      for (const [value, positive] of [
        [6, true],
        [-2, false],
      ] as const) {
        expect(await run(database.db, typed, [value, '2026-02-28', 'a, "b"'])).toEqual([
          {
            whole: value,
            positive,
            quarter: value / 4,
            nothing: null,
            next_day: '2026-03-01',
            words: 'a, "b"',
          },
        ]);
      }
    } finally {
      await database.close();
    }
  });

  it.skipIf(testDatabaseKind !== 'postgres')(
    'are prepared on PostgreSQL under their names, each once per connection',
    async () => {
      const database = await openTestDatabase();
      try {
        // One after another, so the pool hands out the same idle connection each time.
        for (let i = 0; i < 3; i++) await run(database.db, sum, [i, i, 'x']);
        const rows = await run(database.db, prepared, []);
        expect(rows).toEqual([
          { name: 'test_prepared', statement: prepared.text },
          { name: 'test_sum', statement: sum.text },
        ]);
      } finally {
        await database.close();
      }
    },
  );

  it.skipIf(testDatabaseKind !== 'postgres')(
    'ask PostgreSQL to describe their columns once per connection, not on every run',
    async () => {
      const database = await openTestDatabase();
      try {
        const pool = (database.db as unknown as { $client: pg.Pool }).$client;
        const described: string[] = [];
        const watched = new WeakSet<object>();
        pool.on('acquire', (client) => {
          if (watched.has(client)) return;
          watched.add(client);
          const connection = (client as unknown as { connection: { describe(m: object): void } }).connection;
          const describe = connection.describe.bind(connection);
          connection.describe = (message) => {
            described.push(JSON.stringify(message));
            describe(message);
          };
        });
        for (let i = 1; i <= 3; i++) {
          expect(await run(database.db, sum, [i, 1, 'x'])).toEqual([{ total: i + 1, label: 'x' }]);
        }
        expect(described).toHaveLength(1);
        // A value pg cannot convert is refused before anything is sent; the connection stays usable.
        const cyclic: Record<string, unknown> = {};
        cyclic.self = cyclic;
        await expect(run(database.db, sum, [1, 1, cyclic])).rejects.toThrow(/circular/i);
        expect(await run(database.db, sum, [5, 5, 'y'])).toEqual([{ total: 10, label: 'y' }]);
      } finally {
        await database.close();
      }
    },
  );
});
