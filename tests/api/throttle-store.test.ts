import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  memoryThrottleStore,
  redisThrottleStore,
  type ThrottleLimit,
  type ThrottleStore,
  throttleKey,
} from '../../src/server/lib/throttle';
import { redisReachable, testRedisUrl } from './harness';

// The counter stores behind the throttles, held to one contract in memory and in Redis.

const withRedis = await redisReachable();
const redis = withRedis ? new Redis(testRedisUrl) : undefined;
afterAll(async () => {
  await redis?.quit();
});

const stores: Array<[string, () => ThrottleStore]> = [['memory', () => memoryThrottleStore()]];
if (redis)
  stores.push(['redis', () => redisThrottleStore(redis, `hr-test-${randomBytes(4).toString('hex')}:`)]);

describe.each(stores)('%s throttle store', (_name, makeStore) => {
  const limit = (max = 3, windowMs = 60_000): ThrottleLimit => ({
    key: throttleKey('test', randomBytes(8).toString('hex')),
    max,
    windowMs,
  });

  it('counts only failures: correct attempts leave nothing behind', async () => {
    const store = makeStore();
    const l = limit();
    for (let i = 0; i < 10; i++) {
      expect(await store.reserve([l])).toEqual({ outcome: 'reserved' });
      await store.settle([l], false);
    }
    expect(await store.reserve([l])).toEqual({ outcome: 'reserved' });
  });

  it('blocks a key after max failures, with the time until the oldest leaves the window', async () => {
    const store = makeStore();
    const l = limit(3, 60_000);
    for (let i = 0; i < 3; i++) {
      await store.reserve([l]);
      await store.settle([l], true);
    }
    const blocked = await store.reserve([l]);
    expect(blocked.outcome).toBe('blocked');
    if (blocked.outcome === 'blocked') {
      expect(blocked.retryAfterMs).toBeGreaterThan(55_000);
      expect(blocked.retryAfterMs).toBeLessThanOrEqual(60_000);
    }
  });

  it('holds slots for attempts in flight: busy, not blocked, until they settle', async () => {
    const store = makeStore();
    const l = limit(2);
    expect((await store.reserve([l])).outcome).toBe('reserved');
    expect((await store.reserve([l])).outcome).toBe('reserved');
    expect((await store.reserve([l])).outcome).toBe('busy');
    await store.settle([l], false);
    expect((await store.reserve([l])).outcome).toBe('reserved');
  });

  it('reserves all keys or none', async () => {
    const store = makeStore();
    const free = limit(1);
    const full = limit(1);
    await store.reserve([full]);
    await store.settle([full], true);
    expect((await store.reserve([free, full])).outcome).toBe('blocked');
    // `free` got no slot from the refused reservation.
    expect((await store.reserve([free])).outcome).toBe('reserved');
  });

  it('forgets failures once they leave the window', async () => {
    const store = makeStore();
    const l = limit(1, 50);
    await store.reserve([l]);
    await store.settle([l], true);
    expect((await store.reserve([l])).outcome).toBe('blocked');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await store.reserve([l])).outcome).toBe('reserved');
  });
});

describe('memory throttle store', () => {
  it('keeps at most maxKeys counters, however many distinct keys are sprayed', async () => {
    const store = memoryThrottleStore({ maxKeys: 100 });
    for (let i = 0; i < 1000; i++) {
      const l = { key: throttleKey('spray', i), max: 10, windowMs: 60_000 };
      await store.reserve([l]);
      await store.settle([l], true);
    }
    expect(store.size()).toBeLessThanOrEqual(100);
    await store.close();
  });

  it('keys are short hashes, whatever the input', () => {
    const key = throttleKey('account', 'x'.repeat(1_000_000));
    expect(key.length).toBeLessThan(40);
    expect(key).not.toContain('xxxx');
  });
});
