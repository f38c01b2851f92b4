/**
 * Wrong staff passwords per login: at most MAX_FAILURES in WINDOW_MS, then the login is refused (429)
 * until the oldest failure leaves the window; a right password clears the count.
 *
 * Kept in this process's memory: the schema has no table for it (a `staff_login_failures` table would
 * make it survive restarts and hold across several API processes, like the customers' code limits).
 */
export const STAFF_LOGIN_MAX_FAILURES = 10;
export const STAFF_LOGIN_WINDOW_MS = 15 * 60_000;
/** Logins tracked at most; the stalest are forgotten first (a flood of made-up logins stays bounded). */
const MAX_TRACKED = 10_000;

export type LoginLimiter = {
  /** Milliseconds until `key` may try again, or 0. */
  retryAfterMs: (key: string, now: Date) => number;
  recordFailure: (key: string, now: Date) => void;
  clear: (key: string) => void;
};

export function createLoginLimiter(
  max = STAFF_LOGIN_MAX_FAILURES,
  windowMs = STAFF_LOGIN_WINDOW_MS,
): LoginLimiter {
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: number) => {
    const list = (failures.get(key) ?? []).filter((t) => now - t < windowMs);
    if (list.length) failures.set(key, list);
    else failures.delete(key);
    return list;
  };
  return {
    retryAfterMs: (key, now) => {
      const list = recent(key, now.getTime());
      if (list.length < max) return 0;
      const oldest = list[list.length - max] ?? now.getTime();
      return Math.max(1, oldest + windowMs - now.getTime());
    },
    recordFailure: (key, now) => {
      const list = recent(key, now.getTime());
      list.push(now.getTime());
      // Re-inserted last: Map keeps insertion order, so the first key is the stalest.
      failures.delete(key);
      failures.set(key, list);
      if (failures.size > MAX_TRACKED) {
        const stalest = failures.keys().next().value;
        if (stalest !== undefined) failures.delete(stalest);
      }
    },
    clear: (key) => {
      failures.delete(key);
    },
  };
}
