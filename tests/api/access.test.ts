import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Database, openDatabase } from '../../src/server/db/client';
import { bearer, createTestApp, createUser, signIn, type TestApp } from './harness';

describe('access rules are declared by every route', () => {
  let database: Database;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-access-'));
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
  });
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start when a route declares no access rule, naming it', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') });
    const app = await buildApp({ config, db: database.db });
    app.get('/api/forgotten', async () => ({ secret: true }));
    await expect(app.ready()).rejects.toThrow(/without an access rule.*GET \/api\/forgotten/);
  });
});

describe('the access hook', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses an anonymous caller before looking at the body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Authentication required.',
    });
  });

  it("lets STAFF reach only the user id their 'self' route names", async () => {
    const staff = await createUser(t);
    const { accessToken } = await signIn(t, staff.email, staff.password);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/users/${staff.id}`,
      headers: bearer(accessToken),
    });
    expect(own.statusCode).toBe(200);
    // Another spelling of the same number is not the own id.
    const padded = await t.app.inject({
      method: 'GET',
      url: `/api/users/0${staff.id}`,
      headers: bearer(accessToken),
    });
    expect(padded.statusCode).toBe(403);
  });
});
