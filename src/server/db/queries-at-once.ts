import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * Runs independent reads at once on the pool, but one after another inside a transaction: a
 * transaction holds one connection, which takes one query at a time (node-postgres warns about
 * overlapping ones and refuses them from pg 9).
 */
export async function queriesAtOnce<T extends readonly unknown[]>(
  db: DbOrTx,
  ...queries: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  if (!(db instanceof PgTransaction)) {
    return (await Promise.all(queries.map((query) => query()))) as unknown as T;
  }
  const results: unknown[] = [];
  for (const query of queries) results.push(await query());
  return results as unknown as T;
}
