import { run, statement } from '../../src/server/db/statements';
import { openTestDatabase, testDatabaseKind } from './harness';

// The statements every request runs go straight to the driver (src/server/db/statements.ts). On
// PostgreSQL each is a named statement, parsed and planned once per connection: checked here in the
// server's own list of the session's prepared statements.

const sum = statement<{ total: number; label: string }>(
  'test_sum',
  'select ($1::int + $2::int) as total, $3::text as label',
);
const prepared = statement<{ name: string; statement: string }>(
  'test_prepared',
  'select name, statement from pg_prepared_statements order by name',
);
const divide = statement<{ n: number }>('test_divide', 'select 1 / $1::int as n');

describe('statements run on the driver', () => {
  it('answer their rows with the values bound in order', async () => {
    const database = await openTestDatabase();
    try {
      expect(await run(database.db, sum, [40, 2, 'forty-two'])).toEqual([{ total: 42, label: 'forty-two' }]);
      expect(await run(database.db, sum, [-1, 1, null])).toEqual([{ total: 0, label: null }]);
      await expect(run(database.db, divide, [0])).rejects.toThrow(/division by zero/);
      // The failed statement leaves the connection usable.
      expect(await run(database.db, divide, [1])).toEqual([{ n: 1 }]);
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
});
