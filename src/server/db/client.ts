import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { QueueTarget } from '../jobs/queue';
import { projectRoot } from '../paths';
import * as claimSchema from './claim-schema';
import * as companySchema from './company-schema';
import * as documentJobSchema from './document-job-schema';
import { applyDatabaseExtras } from './extras';
import * as importJobSchema from './import-job-schema';
import * as leaveLawSchema from './leave-law-schema';
import * as openingSchema from './opening-schema';
import * as payRunSchema from './pay-run-schema';
import * as payslipIdentitySchema from './payslip-identity-schema';
import * as coreSchema from './schema';
import * as separationSchema from './separation-schema';
import * as systemSchema from './system-schema';
import * as timesheetSchema from './timesheet-schema';

const schema = {
  ...coreSchema,
  ...leaveLawSchema,
  ...companySchema,
  ...payslipIdentitySchema,
  ...documentJobSchema,
  ...systemSchema,
  ...timesheetSchema,
  ...openingSchema,
  ...payRunSchema,
  ...separationSchema,
  ...claimSchema,
  ...importJobSchema,
};
export type Schema = typeof schema;
/** The one database type the services use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** The advisory lock key migrations hold (the demo seed holds its own, 4242). */
const MIGRATION_LOCK = 4241;

export const migrationsFolder = path.join(projectRoot, 'src/server/db/migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the job queue keeps its jobs: the same database (src/server/jobs/queue.ts). */
  queueTarget: QueueTarget;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** dataDir undefined = in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // A broken idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      queueTarget: { kind: 'postgres', url: target.url },
      async migrate() {
        // Processes started together migrate one after another: the first applies, the rest find it done.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          const locked = drizzleNodePg(client, { schema }) as unknown as Db;
          await migrateNodePg(locked as never, { migrationsFolder });
          await applyDatabaseExtras(locked);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (target.dataDir) {
    const dir = path.join(target.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    queueTarget: { kind: 'pglite', client },
    async migrate() {
      await migratePglite(db as never, { migrationsFolder });
      await applyDatabaseExtras(db);
    },
    close: () => client.close(),
  };
}
