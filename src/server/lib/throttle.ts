import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { tooManyRequests } from './http-error';

/**
 * Failure throttles (sign-in, change-password). Only failures count, and only once the password
 * check has said so; an attempt still being checked holds a slot ("in flight") so a burst of
 * parallel guesses cannot all pass the gate before the first failure lands, but a correct attempt
 * never becomes a failure. A caller that finds the limit filled only by attempts in flight waits
 * for them to finish instead of being refused, so a burst of correct sign-ins all succeed.
 *
 * The counters live in Redis when REDIS_URL is set (several API processes share them), otherwise
 * in this process's memory, capped in number. Keys are hashed and expire with their window.
 */
export interface ThrottleLimit {
  /** Already hashed or bounded (see `throttleKey`). */
  key: string;
  max: number;
  windowMs: number;
}

export type Reservation =
  | { outcome: 'reserved' }
  | { outcome: 'blocked'; retryAfterMs: number }
  | { outcome: 'busy' };

export interface ThrottleStore {
  /** Atomically: blocked when any key has `max` failures in its window; else busy when failures plus
   * attempts in flight reach `max` on any key; else one attempt in flight is added to every key. */
  reserve(limits: ThrottleLimit[]): Promise<Reservation>;
  /** Ends a reserved attempt; a failure is recorded on every key. */
  settle(limits: ThrottleLimit[], failed: boolean): Promise<void>;
  close(): Promise<void>;
}

/** A bounded, non-reversible key: the e-mail address or id itself never becomes a key. */
export const throttleKey = (kind: string, value: string | number) =>
  `${kind}:${createHash('sha256').update(String(value)).digest('base64url').slice(0, 27)}`;

const IN_FLIGHT_TTL_MS = 30_000;

export function memoryThrottleStore(
  { maxKeys = 100_000 }: { maxKeys?: number } = {},
  now: () => number = Date.now,
): ThrottleStore & { size(): number } {
  interface Entry {
    failures: number[];
    inFlight: number;
    windowMs: number;
  }
  const entries = new Map<string, Entry>();
  const prune = (entry: Entry, at: number) => {
    const cutoff = at - entry.windowMs;
    while (entry.failures.length > 0 && (entry.failures[0] ?? 0) <= cutoff) entry.failures.shift();
  };
  const isIdle = (entry: Entry) => entry.failures.length === 0 && entry.inFlight === 0;
  const sweep = () => {
    const at = now();
    for (const [key, entry] of entries) {
      prune(entry, at);
      if (isIdle(entry)) entries.delete(key);
    }
  };
  // Expired counters go once a minute; the timer does not keep the process alive.
  const sweeper = setInterval(sweep, 60_000);
  sweeper.unref();
  /** At the cap the oldest key is forgotten, so a spray of distinct keys cannot grow memory. */
  const makeRoom = () => {
    while (entries.size >= maxKeys) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  };
  const entryFor = (limit: ThrottleLimit, at: number) => {
    let entry = entries.get(limit.key);
    if (!entry) {
      makeRoom();
      entry = { failures: [], inFlight: 0, windowMs: limit.windowMs };
      entries.set(limit.key, entry);
    }
    prune(entry, at);
    return entry;
  };
  return {
    async reserve(limits) {
      const at = now();
      let retryAfterMs = 0;
      let busy = false;
      for (const limit of limits) {
        const entry = entries.get(limit.key);
        if (!entry) continue;
        prune(entry, at);
        const count = entry.failures.length;
        if (count >= limit.max) {
          const oldest = entry.failures[count - limit.max] ?? at;
          retryAfterMs = Math.max(retryAfterMs, oldest + limit.windowMs - at);
        } else if (count + entry.inFlight >= limit.max) busy = true;
      }
      if (retryAfterMs > 0) return { outcome: 'blocked', retryAfterMs };
      if (busy) return { outcome: 'busy' };
      for (const limit of limits) entryFor(limit, at).inFlight += 1;
      return { outcome: 'reserved' };
    },
    async settle(limits, failed) {
      const at = now();
      for (const limit of limits) {
        const entry = entries.get(limit.key) ?? (failed ? entryFor(limit, at) : undefined);
        if (!entry) continue;
        entry.inFlight = Math.max(0, entry.inFlight - 1);
        if (failed) {
          entry.failures.push(at);
          if (entry.failures.length > limit.max) entry.failures.splice(0, entry.failures.length - limit.max);
        }
        prune(entry, at);
        if (isIdle(entry)) entries.delete(limit.key);
      }
    },
    async close() {
      clearInterval(sweeper);
      entries.clear();
    },
    size: () => entries.size,
  };
}

// KEYS: failures zset and in-flight counter per limit; ARGV: now, then max and window per limit.
const RESERVE_SCRIPT = `
local now = tonumber(ARGV[1])
local n = #KEYS / 2
local wait = 0
local busy = false
for i = 1, n do
  local failures, inflight = KEYS[2 * i - 1], KEYS[2 * i]
  local max, window = tonumber(ARGV[2 * i]), tonumber(ARGV[2 * i + 1])
  redis.call('ZREMRANGEBYSCORE', failures, '-inf', now - window)
  local count = redis.call('ZCARD', failures)
  if count >= max then
    local oldest = redis.call('ZRANGE', failures, count - max, count - max, 'WITHSCORES')
    local w = tonumber(oldest[2]) + window - now
    if w > wait then wait = w end
  elseif count + tonumber(redis.call('GET', inflight) or '0') >= max then
    busy = true
  end
end
if wait > 0 then return {1, wait} end
if busy then return {2, 0} end
for i = 1, n do
  redis.call('INCR', KEYS[2 * i])
  redis.call('PEXPIRE', KEYS[2 * i], ${IN_FLIGHT_TTL_MS})
end
return {0, 0}
`;

// KEYS as above; ARGV: now, failed (1/0), a unique member, then max and window per limit.
const SETTLE_SCRIPT = `
local now, failed, member = tonumber(ARGV[1]), ARGV[2] == '1', ARGV[3]
local n = #KEYS / 2
for i = 1, n do
  local failures, inflight = KEYS[2 * i - 1], KEYS[2 * i]
  local max, window = tonumber(ARGV[2 + 2 * i]), tonumber(ARGV[3 + 2 * i])
  if tonumber(redis.call('GET', inflight) or '0') > 0 then redis.call('DECR', inflight) end
  if failed then
    redis.call('ZADD', failures, now, member)
    redis.call('ZREMRANGEBYRANK', failures, 0, -(max + 1))
    redis.call('PEXPIRE', failures, window)
  end
end
return 1
`;

export function redisThrottleStore(redis: Redis, prefix: string): ThrottleStore {
  const keysOf = (limits: ThrottleLimit[]) =>
    limits.flatMap((l) => [`${prefix}throttle:f:${l.key}`, `${prefix}throttle:i:${l.key}`]);
  const argsOf = (limits: ThrottleLimit[]) => limits.flatMap((l) => [l.max, l.windowMs]);
  return {
    async reserve(limits) {
      const keys = keysOf(limits);
      const [code, wait] = (await redis.eval(
        RESERVE_SCRIPT,
        keys.length,
        ...keys,
        Date.now(),
        ...argsOf(limits),
      )) as [number, number];
      if (code === 1) return { outcome: 'blocked', retryAfterMs: wait };
      if (code === 2) return { outcome: 'busy' };
      return { outcome: 'reserved' };
    },
    async settle(limits, failed) {
      const keys = keysOf(limits);
      const member = `${Date.now()}:${randomBytes(6).toString('hex')}`;
      await redis.eval(
        SETTLE_SCRIPT,
        keys.length,
        ...keys,
        Date.now(),
        failed ? 1 : 0,
        member,
        ...argsOf(limits),
      );
    },
    async close() {},
  };
}

/** How long a caller waits for attempts in flight before giving up with 429. */
const BUSY_WAIT_LIMIT_MS = 15_000;
const BUSY_POLL_MS = 15;

/** Reserves an attempt on `limits`, waiting while only attempts in flight fill them. */
export async function reserveAttempt(
  store: ThrottleStore,
  limits: ThrottleLimit[],
  message: (seconds: number) => string,
): Promise<void> {
  const deadline = Date.now() + BUSY_WAIT_LIMIT_MS;
  for (;;) {
    const reservation = await store.reserve(limits);
    if (reservation.outcome === 'reserved') return;
    const seconds =
      reservation.outcome === 'blocked' ? Math.max(1, Math.ceil(reservation.retryAfterMs / 1000)) : 1;
    if (reservation.outcome === 'blocked' || Date.now() >= deadline) {
      throw tooManyRequests(seconds, message(seconds));
    }
    await new Promise((resolve) => setTimeout(resolve, BUSY_POLL_MS));
  }
}

/**
 * Runs one throttled attempt: reserve, check, settle. `check` answers whether the attempt failed
 * (a wrong password); an exception is not counted as a failure.
 */
export async function throttled<T>(
  store: ThrottleStore,
  limits: ThrottleLimit[],
  message: (seconds: number) => string,
  check: () => Promise<{ failed: boolean; value: T }>,
): Promise<T> {
  await reserveAttempt(store, limits, message);
  let failed = false;
  try {
    const result = await check();
    failed = result.failed;
    return result.value;
  } finally {
    await store.settle(limits, failed);
  }
}
