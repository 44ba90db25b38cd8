import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/client';
import { hashPassword } from '../../src/server/lib/secrets';
import { loggerOptions } from '../../src/server/logging';
import { bearer, cookieFrom, createTestApp, createUser, nextAddress, signIn, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const expectErrorShape = (response: { statusCode: number; json(): unknown }, statusCode: number) => {
  expect(response.statusCode).toBe(statusCode);
  const body = response.json() as Record<string, unknown>;
  // A 400 also says why with a machine-readable code (docs/guides/add-an-endpoint.md).
  expect(Object.keys(body).sort()).toEqual(
    statusCode === 400 ? ['code', 'error', 'message', 'statusCode'] : ['error', 'message', 'statusCode'],
  );
  expect(body.statusCode).toBe(statusCode);
};

describe('change-password', () => {
  it('allows 5 wrong current passwords per account in 15 minutes, then answers 429', async () => {
    const staff = await createUser(t);
    const { accessToken } = await signIn(t, staff.email, staff.password);
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(accessToken),
        payload: { currentPassword, newPassword: 'Another-pass-1' },
      });
    for (let i = 0; i < 5; i++) expect((await change(`guess-${i}`)).statusCode).toBe(400);
    const blocked = await change(staff.password);
    expectErrorShape(blocked, 429);
    expect(blocked.json().message).toMatch(
      /Too many incorrect passwords\. Please try again in \d+ seconds\./,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
  });
});

describe('forget-password', () => {
  it('answers before it looks the account up, so its timing tells nothing', async () => {
    const staff = await createUser(t);
    const events: string[] = [];
    // The database as the app sees it, noting every query it starts.
    const watched = new Proxy(t.db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (['select', 'insert', 'update', 'delete', 'transaction', 'execute'].includes(String(property))) {
            events.push('query');
          }
          return value.apply(target, args);
        };
      },
    }) as Db;
    const app = await buildApp({ config: t.config, db: watched });
    app.addHook('onSend', async (request) => {
      if (request.url === '/api/auth/forget-password') events.push('reply');
    });
    await app.ready();
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/forget-password',
        payload: { email: staff.email },
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode).toBe(200);
      for (let i = 0; i < 100 && !events.includes('query'); i++) await new Promise((r) => setTimeout(r, 10));
      expect(events[0]).toBe('reply');
      expect(events).toContain('query');
    } finally {
      await app.close();
    }
  });
});

describe('headers', () => {
  it('marks every API answer no-store, errors included', async () => {
    const staff = await createUser(t);
    const { accessToken } = await signIn(t, staff.email, staff.password);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/users/${staff.id}`,
      headers: bearer(accessToken),
    });
    expect(own.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/users' });
    expect(refused.headers['cache-control']).toBe('no-store');
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('refuses refresh, logout and other changes sent from another site with 403', async () => {
    const staff = await createUser(t);
    const session = await signIn(t, staff.email, staff.password);
    const foreign = { origin: 'https://evil.example' };
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: foreign,
      cookies: { refresh_token: session.refresh },
    });
    expectErrorShape(refresh, 403);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: foreign,
      cookies: { refresh_token: session.refresh },
    });
    expectErrorShape(logout, 403);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${staff.id}`,
      headers: { ...foreign, ...bearer(session.accessToken) },
      payload: { fullName: 'Changed', email: staff.email },
    });
    expectErrorShape(patch, 403);
    // The session survived all three, and the app's own pages are welcome.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { origin: 'http://hr.test' },
      cookies: { refresh_token: session.refresh },
    });
    expect(own.statusCode).toBe(200);
    const sameHost = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { origin: 'http://localhost:8080', host: 'localhost:8080' },
      cookies: { refresh_token: cookieFrom(own.headers['set-cookie'], 'refresh_token') as string },
    });
    expect(sameHost.statusCode).toBe(200);
  });
});

describe('errors keep the one shape', () => {
  it('answers a path parameter of 101 digits with 414 and a malformed URL with 400', async () => {
    const admin = await createUser(t, { role: 'ADMIN' });
    const { accessToken } = await signIn(t, admin.email, admin.password);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/users/${'9'.repeat(101)}`,
        headers: bearer(accessToken),
      });
      expectErrorShape(response, 414);
    }
    const bad = await t.app.inject({ method: 'GET', url: '/api/users/%E0%A4%A' });
    expectErrorShape(bad, 400);
  });

  it('maps data errors (22xxx) and program limits (54000) from the database to 400', async () => {
    const app = await buildApp({ config: t.config, db: t.db });
    app.get('/api/test/data-error', { config: { access: 'public' } }, async () => {
      await t.db.execute(sql`select ${'a\u0000b'}::text`);
    });
    app.get('/api/test/limit', { config: { access: 'public' } }, async () => {
      throw Object.assign(new Error('index row size exceeds maximum'), { code: '54000' });
    });
    try {
      expectErrorShape(await app.inject({ method: 'GET', url: '/api/test/data-error' }), 400);
      expectErrorShape(await app.inject({ method: 'GET', url: '/api/test/limit' }), 400);
      const unsupported = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/x-unknown' },
        payload: 'x',
      });
      expectErrorShape(unsupported, 415);
    } finally {
      await app.close();
    }
  });
});

describe('logs', () => {
  it('write nothing for an ordinary request at the default level', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: t.config,
      db: t.db,
      logger: loggerOptions('info', { write: (line) => lines.push(line) }),
    });
    try {
      await app.ready();
      lines.length = 0;
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(lines).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('never hold query parameters, password hashes or reset tokens', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: t.config,
      db: t.db,
      logger: loggerOptions('debug', { write: (line) => lines.push(line) }),
    });
    const secretHash = await hashPassword('Do-not-log-me-1');
    app.get('/api/test/failing-query', { config: { access: 'public' } }, async () => {
      await t.db.execute(sql`select * from no_such_table where secret = ${secretHash}`);
    });
    try {
      const failed = await app.inject({ method: 'GET', url: '/api/test/failing-query' });
      expectErrorShape(failed, 500);
      expect(failed.body).not.toContain('no_such_table');
      await app.inject({ method: 'GET', url: '/reset-password?token=SECRET-RESET-TOKEN-123' });
      await app.inject({ method: 'GET', url: '/api/health?token=SECRET-RESET-TOKEN-123' });
      const log = lines.join('\n');
      expect(log).toContain('request failed');
      expect(log).toContain('request completed');
      expect(log).not.toContain(secretHash);
      expect(log).not.toContain('$argon2id$');
      expect(log).not.toContain('SECRET-RESET-TOKEN-123');
    } finally {
      await app.close();
    }
  });
});
