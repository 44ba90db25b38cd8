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

  it("refuses to start when a 'self' route names no owner, or a record no lookup knows", async () => {
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') });
    const ownerless = await buildApp({ config, db: database.db });
    ownerless.get('/api/mine/:id', { config: { access: 'self' } }, async () => ({}));
    await expect(ownerless.ready()).rejects.toThrow(/GET \/api\/mine\/:id: access 'self' and 'owner'/);
    const unknown = await buildApp({ config, db: database.db });
    unknown.get(
      '/api/things/:id',
      { config: { access: 'self', owner: { record: 'thing' } } },
      async () => ({}),
    );
    await expect(unknown.ready()).rejects.toThrow(/no owner lookup for 'thing' records/);
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

  it('checks an owner named in the body once the body is valid', async () => {
    const staff = await createUser(t);
    const other = await createUser(t);
    const { accessToken } = await signIn(t, staff.email, staff.password);
    const file = (userId: unknown, leaveType: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/leave-requests',
        headers: bearer(accessToken),
        payload: {
          userId,
          leaveType,
          fromDate: '2031-01-06',
          fromDateIsAm: true,
          toDate: '2031-01-06',
          toDateIsAm: false,
        },
      });
    // A malformed body is a malformed body, whoever it names; a valid one for someone else is refused.
    expect((await file(other.id, 42)).statusCode).toBe(400);
    expect((await file(String(other.id), 'Annual Leave')).statusCode).toBe(400);
    const forOther = await file(other.id, 'No Such Leave');
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().message).toBe('You can only request leave for yourself.');
    // For oneself the call reaches the leave rules (here: the type does not exist).
    const forSelf = await file(staff.id, 'No Such Leave');
    expect(forSelf.statusCode).toBe(400);
    expect(forSelf.json().message).toBe('There is no leave type named No Such Leave.');
  });

  it("answers STAFF naming someone else's hidden record exactly as a missing one", async () => {
    const staff = await createUser(t);
    const { accessToken } = await signIn(t, staff.email, staff.password);
    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/api/leave-requests/987654',
      headers: bearer(accessToken),
    });
    expect(missing.statusCode, missing.body).toBe(404);
    expect(missing.json().message).toBe('Leave request not found.');
  });
});
