/**
 * Counts failures per key in a sliding window (sign-in: per IP and per e-mail). Kept in memory:
 * one API node per database by default; several nodes would move this to Redis behind the same
 * interface (ARCHITECTURE.md section 9).
 */
export interface FailureLimiter {
  /** Seconds until the key may try again, or 0 when it is not blocked. */
  retryAfter(key: string): number;
  recordFailure(key: string): void;
  /** Takes back the latest recorded failure (an attempt counted up front that proved right). */
  release(key: string): void;
  clear(key: string): void;
}

export function memoryFailureLimiter(
  { max, windowMs }: { max: number; windowMs: number },
  now: () => number = Date.now,
): FailureLimiter {
  const failures = new Map<string, number[]>();
  const recent = (key: string) => {
    const cutoff = now() - windowMs;
    const times = (failures.get(key) ?? []).filter((t) => t > cutoff);
    if (times.length === 0) failures.delete(key);
    else failures.set(key, times);
    return times;
  };
  return {
    retryAfter(key) {
      const times = recent(key);
      if (times.length < max) return 0;
      const oldest = times[times.length - max] ?? now();
      return Math.max(1, Math.ceil((oldest + windowMs - now()) / 1000));
    },
    recordFailure(key) {
      const times = recent(key);
      times.push(now());
      failures.set(key, times);
      // Bound memory under a spray of distinct keys: forget the oldest entries.
      if (failures.size > 50_000) {
        const first = failures.keys().next().value;
        if (first !== undefined) failures.delete(first);
      }
    },
    release(key) {
      const times = failures.get(key);
      times?.pop();
      if (times?.length === 0) failures.delete(key);
    },
    clear(key) {
      failures.delete(key);
    },
  };
}
