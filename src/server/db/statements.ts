import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * How the services reach the database: Drizzle only. Its query builder where the rows are a table's
 * columns; a `sql` template where a read is easier said in SQL (aggregates, lateral joins, JSON of a
 * payslip's items), its rows as the driver answers them; and a Drizzle prepared statement, named, for
 * what every request runs (the session check, a user's record), so PostgreSQL parses and plans it
 * once per connection.
 *
 * A template's text casts what it reads to types both drivers answer alike: dates as text, bigint and
 * numeric as text (`Number()` them), no timestamps.
 */

/** The rows of a `sql` template (node-postgres and PGlite both answer `{ rows }`). */
export async function rowsOf<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * A prepared statement, built once for each database handle it runs on (a prepared query belongs to
 * the handle it was built from: the app's database, a test's, or a transaction).
 */
export function preparedFor<Query>(build: (db: DbOrTx) => Query): (db: DbOrTx) => Query {
  const built = new WeakMap<DbOrTx, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
