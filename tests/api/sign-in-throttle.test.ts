import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import {
  cookieFrom,
  createTestApp,
  createUser,
  nextAddress,
  redisEnv,
  redisReachable,
  type TestApp,
  testRedisUrl,
} from './harness';

// Sign-in throttling with device cookies, with the counters in memory and in Redis.

const withRedis = await redisReachable();

const deviceCookieOf = (setCookie: string | string[] | undefined) => {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const header = all.find((h) => h.startsWith('device_'));
  const [pair] = (header ?? '').split(';');
  const [name, ...value] = (pair ?? '').split('=');
  return name && value.length > 0 ? { [name]: value.join('=') } : undefined;
};

for (const backend of ['memory', 'redis'] as const) {
  describe.runIf(backend === 'memory' || withRedis)(`sign-in throttling (${backend} counters)`, () => {
    let t: TestApp;
    let prefix = '';
    beforeAll(async () => {
      const env: Record<string, string> = backend === 'redis' ? redisEnv() : {};
      prefix = env.REDIS_KEY_PREFIX ?? '';
      t = await createTestApp(env);
    });
    afterAll(async () => {
      await t.close();
    });

    const login = (
      email: string,
      password: string,
      { address = nextAddress(), cookies = {} as Record<string, string> } = {},
    ) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        remoteAddress: address,
        cookies,
      });

    it('gives a browser that signed in a device cookie, httpOnly and strict, for the sign-in path only', async () => {
      const staff = await createUser(t);
      const response = await login(staff.email, staff.password);
      expect(response.statusCode).toBe(200);
      const header = [response.headers['set-cookie']].flat().find((h) => String(h).startsWith('device_'));
      expect(header).toMatch(/HttpOnly/);
      expect(header).toMatch(/SameSite=Strict/);
      expect(header).toMatch(/Path=\/api\/auth\/login/);
      expect(header).toMatch(/Max-Age=\d{7,}/);
      expect(header).not.toContain(staff.email);
    });

    it('lets a trusted device sign in while failures from many addresses lock everyone else out', async () => {
      const admin = await createUser(t, { role: 'ADMIN' });
      const first = await login(admin.email, admin.password);
      const device = deviceCookieOf(first.headers['set-cookie']) as Record<string, string>;
      expect(device).toBeDefined();
      for (let i = 0; i < 10; i++) {
        expect((await login(admin.email, `guess-${i}`)).statusCode).toBe(401);
      }
      const stranger = await login(admin.email, admin.password);
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
      const trusted = await login(admin.email, admin.password, { cookies: device });
      expect(trusted.statusCode).toBe(200);
      // A device cookie of another account is no key to this one.
      const other = await createUser(t);
      const otherDevice = deviceCookieOf((await login(other.email, other.password)).headers['set-cookie']);
      const renamed = Object.fromEntries(
        Object.keys(device).map((name) => [name, Object.values(otherDevice ?? {})[0] as string]),
      );
      expect((await login(admin.email, admin.password, { cookies: renamed })).statusCode).toBe(429);
    });

    it('limits failures of a trusted device per device; past that it is an untrusted client', async () => {
      const staff = await createUser(t);
      const device = deviceCookieOf(
        (await login(staff.email, staff.password)).headers['set-cookie'],
      ) as Record<string, string>;
      const address = nextAddress();
      for (let i = 0; i < 10; i++) {
        expect((await login(staff.email, `wrong-${i}`, { cookies: device, address })).statusCode).toBe(401);
      }
      // The device's own failures did not lock the account for anyone else.
      expect((await login(staff.email, staff.password)).statusCode).toBe(200);
      // Now the device counts per account and address, like any stranger.
      expect((await login(staff.email, 'wrong-again', { cookies: device, address })).statusCode).toBe(401);
      expect((await login(staff.email, staff.password, { cookies: device, address })).statusCode).toBe(200);
    });

    it('never refuses a burst of correct sign-ins from one address', async () => {
      const staff = await createUser(t);
      const address = nextAddress();
      const responses = await Promise.all(
        Array.from({ length: 24 }, () => login(staff.email, staff.password, { address })),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(24).fill(200));
    });

    it('checks at most 10 of a burst of parallel guesses', async () => {
      const staff = await createUser(t);
      const address = nextAddress();
      const responses = await Promise.all(
        Array.from({ length: 16 }, (_, i) => login(staff.email, `burst-${i}`, { address })),
      );
      const codes = responses.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(10);
      expect(codes.filter((c) => c === 429)).toHaveLength(6);
    });

    it.runIf(backend === 'redis')('keeps its counters in Redis under hashed keys that expire', async () => {
      const staff = await createUser(t);
      await login(staff.email, 'wrong-pass');
      const redis = new Redis(testRedisUrl);
      try {
        const keys = await redis.keys(`${prefix}*`);
        expect(keys.length).toBeGreaterThan(0);
        for (const key of keys) {
          expect(key).not.toContain(staff.email);
          expect(key).not.toContain('@');
          expect(await redis.pttl(key)).toBeGreaterThan(0);
        }
      } finally {
        await redis.quit();
      }
    });
  });
}

describe.runIf(withRedis)('several API processes', () => {
  it('share one view of the counters through Redis', async () => {
    const a = await createTestApp(redisEnv());
    // A second process: same database and Redis, its own memory.
    const b = await buildApp({ config: a.config, db: a.db });
    try {
      const staff = await createUser(a, {});
      for (let i = 0; i < 10; i++) {
        const app = i % 2 === 0 ? a.app : b;
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: staff.email, password: `wrong-${i}` },
          remoteAddress: nextAddress(),
        });
        expect(response.statusCode).toBe(401);
      }
      for (const app of [a.app, b]) {
        const blocked = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: staff.email, password: staff.password },
          remoteAddress: nextAddress(),
        });
        expect(blocked.statusCode).toBe(429);
        expect(cookieFrom(blocked.headers['set-cookie'], 'refresh_token')).toBeUndefined();
      }
      // The per-address request limits (forget-password: 5 a minute) are shared as well.
      const address = nextAddress();
      for (let i = 0; i < 5; i++) {
        const response = await (i % 2 === 0 ? a.app : b).inject({
          method: 'POST',
          url: '/api/auth/forget-password',
          payload: { email: `nobody${i}@company.test` },
          remoteAddress: address,
        });
        expect(response.statusCode).toBe(200);
      }
      const limited = await b.inject({
        method: 'POST',
        url: '/api/auth/forget-password',
        payload: { email: 'nobody@company.test' },
        remoteAddress: address,
      });
      expect(limited.statusCode).toBe(429);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
