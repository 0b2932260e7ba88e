import type { RedisClient } from '../../lib/redis.js';

/**
 * "Ten wrong passwords in a row for one account or address get 429" (issue 2), without locking the owner out
 * (issue 15 point 4, decision 0006). Counts failures per key (what the keys are is the service's choice: the client
 * address, the account for browsers it does not know, one trusted browser's device cookie); a key reaching
 * `maxFailures` is locked for `lockMinutes`, and a count with no failure for that long starts again. A success
 * clears the keys it used.
 *
 * The counts live in Redis when REDIS_URL is set (every process sees the same lock) and in this process's memory
 * otherwise. When Redis fails the lock lets the attempt through and says so in the log: a Redis outage must not
 * stop every sign-in, and the password hash still costs each guess.
 */
export interface LoginThrottle {
  isLocked(keys: string[]): Promise<boolean>;
  recordFailure(keys: string[]): Promise<void>;
  recordSuccess(keys: string[]): Promise<void>;
}

export interface ThrottleStore {
  anyLocked(keys: string[]): Promise<boolean>;
  /** Counts one failure on each key; a key that reaches max is locked for lockMs and its count starts again. */
  fail(keys: string[], max: number, lockMs: number): Promise<void>;
  clear(keys: string[]): Promise<void>;
}

export function createLoginThrottle(
  opts: { maxFailures: number; lockMinutes: number },
  store: ThrottleStore,
  log?: { warn(obj: object, msg: string): void },
): LoginThrottle {
  const lockMs = opts.lockMinutes * 60_000;
  const failOpen = async <T>(work: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      log?.warn({ err: (err as Error).message }, 'sign-in lock store failed; attempt not counted');
      return fallback;
    }
  };
  return {
    isLocked: (keys) => failOpen(() => store.anyLocked(keys), false),
    recordFailure: (keys) => failOpen(() => store.fail(keys, opts.maxFailures, lockMs), undefined),
    recordSuccess: (keys) => failOpen(() => store.clear(keys), undefined),
  };
}

/** The counts in this process's memory (one process, or no REDIS_URL). */
export function memoryThrottleStore(now: () => number = Date.now): ThrottleStore {
  const entries = new Map<string, { failures: number; lockedUntil: number; touched: number }>();
  let lockMsSeen = 0;

  // Forget stale entries so the map cannot grow without bound.
  const sweep = () => {
    if (entries.size < 10_000) return;
    const t = now();
    for (const [key, e] of entries) if (e.touched < t - lockMsSeen && e.lockedUntil < t) entries.delete(key);
  };

  return {
    async anyLocked(keys) {
      const t = now();
      return keys.some((k) => (entries.get(k)?.lockedUntil ?? 0) > t);
    },
    async fail(keys, max, lockMs) {
      lockMsSeen = lockMs;
      sweep();
      const t = now();
      for (const k of keys) {
        const e = entries.get(k) ?? { failures: 0, lockedUntil: 0, touched: t };
        // As in Redis: a count not added to for lockMs has expired.
        if (e.touched < t - lockMs) e.failures = 0;
        e.failures += 1;
        e.touched = t;
        if (e.failures >= max) Object.assign(e, { failures: 0, lockedUntil: t + lockMs });
        entries.set(k, e);
      }
    },
    async clear(keys) {
      for (const k of keys) entries.delete(k);
    },
  };
}

/**
 * One failure on one key, atomically: the count expires lockMs after its last failure; reaching max sets the lock
 * (expiring by itself) and starts the count again.
 */
const FAIL_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
if n >= tonumber(ARGV[1]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[2])
  redis.call('DEL', KEYS[1])
end
return n`;

/** The counts in Redis, shared by every process (keys under `prefix`). */
export function redisThrottleStore(redis: RedisClient, prefix = 'rides:login:'): ThrottleStore {
  const count = (key: string) => `${prefix}count:${key}`;
  const lock = (key: string) => `${prefix}lock:${key}`;
  return {
    async anyLocked(keys) {
      if (keys.length === 0) return false;
      return (await redis.exists(...keys.map(lock))) > 0;
    },
    async fail(keys, max, lockMs) {
      await Promise.all(keys.map((k) => redis.eval(FAIL_SCRIPT, 2, count(k), lock(k), max, lockMs)));
    },
    async clear(keys) {
      if (keys.length === 0) return;
      await redis.del(...keys.flatMap((k) => [count(k), lock(k)]));
    },
  };
}
