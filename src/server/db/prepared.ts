import type { DbOrTx } from './client';

/**
 * Prepared queries, built once per database handle. Building a Drizzle query costs more than
 * running it on a hot path (the detail join took longer to build than PostgreSQL took to answer),
 * so the reads every request makes are prepared: the SQL is built once and, on PostgreSQL, parsed
 * once per connection. Names must be unique per query text.
 */
const cache = new WeakMap<DbOrTx, Map<string, unknown>>();

export function prepared<T>(db: DbOrTx, name: string, build: (db: DbOrTx) => T): T {
  let byName = cache.get(db);
  if (!byName) {
    byName = new Map();
    cache.set(db, byName);
  }
  let query = byName.get(name) as T | undefined;
  if (!query) {
    query = build(db);
    byName.set(name, query);
  }
  return query;
}
