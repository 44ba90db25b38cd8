import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Database, openDatabase } from '../../src/server/db/client';
import { insertUser } from '../../src/server/factories';
import type { JobQueue } from '../../src/server/jobs/queue';
import { startJobs, stopJobs } from '../../src/server/jobs/workers';
import { hashPassword } from '../../src/server/lib/secrets';
import type { SendPolicy } from '../../src/server/services/payroll/emails';

/** Which database this run of the API suite uses: the Vitest project sets it (PGlite or PostgreSQL). */
export const testDatabaseKind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

/**
 * A migrated, empty database of its own: in-memory PGlite, or a new database on the PostgreSQL
 * server of DATABASE_URL that is dropped afterwards (a database rather than a schema, because the
 * generated migrations qualify foreign keys with "public").
 */
export async function openTestDatabase(): Promise<Database> {
  if (testDatabaseKind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    return database;
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const name = `hr_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export async function createTestApp(
  env: Record<string, string> = {},
  extra: Partial<Parameters<typeof buildApp>[0]> = {},
  /** Start the job queue and its workers, with this send policy (short delays in tests). */
  jobs?: { policy: SendPolicy },
) {
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-api-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://hr.test',
    ...env,
  });
  let queue: JobQueue | undefined;
  const app = await buildApp({ config, db: database.db, queue: () => queue, ...extra });
  await app.ready();
  if (jobs) queue = await startJobs(database, config, app.log, { policy: jobs.policy });
  return {
    app,
    db: database.db,
    config,
    queue: () => queue,
    async close() {
      await app.close();
      if (queue) await stopJobs(queue);
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let userCounter = 0;
/** Creates a user through the factory the seed uses: each test makes the people it needs. */
export async function createUser(
  t: Pick<TestApp, 'db' | 'config'>,
  options: {
    role?: 'ADMIN' | 'STAFF';
    password?: string;
    mustChangePassword?: boolean;
    fullName?: string;
  } = {},
) {
  userCounter += 1;
  const password = options.password ?? `Pass-${randomBytes(6).toString('hex')}`;
  const email = `user${userCounter}.${randomBytes(3).toString('hex')}@${t.config.companyEmailDomain}`;
  const row = await insertUser(t.db, {
    email,
    fullName: options.fullName ?? `Test User ${userCounter}`,
    role: options.role ?? 'STAFF',
    passwordHash: await hashPassword(password),
    mustChangePassword: options.mustChangePassword ?? false,
  });
  return { ...row, password };
}

let addressCounter = 0;
/** A distinct client address, so the per-IP limits of one test do not reach the next. */
export const nextAddress = () => {
  addressCounter += 1;
  return `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

export function cookieFrom(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const header of all) {
    const [pair] = header.split(';');
    const [key, ...value] = (pair ?? '').split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** Signs in through the API and returns the access token and the refresh cookie value. */
export async function signIn(t: TestApp, email: string, password: string, remoteAddress = nextAddress()) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { accessToken: string; isNewUser: boolean };
  const refresh = cookieFrom(response.headers['set-cookie'], 'refresh_token');
  if (!refresh) throw new Error('no refresh cookie');
  return { accessToken: body.accessToken, refresh, body: response.json(), response };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The Redis the throttle tests use (this machine and CI run one at 127.0.0.1:6379). */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether Redis answers. In CI its absence is an error (the Redis tests must run there); on a
 * developer machine without Redis those tests are skipped.
 */
export async function redisReachable(): Promise<boolean> {
  const client = new Redis(testRedisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch (error) {
    if (process.env.CI)
      throw new Error(`Redis is needed for the throttle tests at ${testRedisUrl}: ${error}`);
    return false;
  } finally {
    client.disconnect();
  }
}

/** Settings that put a test app's counters in Redis under keys of its own. */
export const redisEnv = () => ({
  REDIS_URL: testRedisUrl,
  REDIS_KEY_PREFIX: `hr-test-${randomBytes(4).toString('hex')}:`,
});
