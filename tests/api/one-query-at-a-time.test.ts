import pg from 'pg';
import { loadConfig } from '../../src/server/config';
import { seedIfEmpty } from '../../src/server/seed';
import { openTestDatabase, testDatabaseKind } from './harness';

/**
 * A transaction holds one connection, which takes one query at a time: node-postgres warns about a
 * query sent while another runs on the same client and refuses it from pg 9. The demo seed runs the
 * services (leave requests with their balance checks, payroll months) inside one transaction, so
 * it would send such overlapping queries wherever a service reads in parallel.
 */
it.skipIf(testDatabaseKind !== 'postgres')(
  'sends no query on a connection still running another (the whole demo seed)',
  async () => {
    const database = await openTestDatabase();
    const overlapping: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const client = this as unknown as { activeQuery?: unknown; queryQueue?: unknown[] };
      if (client.activeQuery || (client.queryQueue?.length ?? 0) > 0) {
        const [config] = args as [string | { text?: string }];
        overlapping.push(String(typeof config === 'string' ? config : config?.text).slice(0, 120));
      }
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
    try {
      const config = loadConfig({ DATA_DIR: '.', JWT_SECRET: 'x'.repeat(32) });
      expect(await seedIfEmpty(database.db, config)).toBe(true);
      expect(overlapping).toEqual([]);
    } finally {
      pg.Client.prototype.query = query;
      await database.close();
    }
  },
  120_000,
);
