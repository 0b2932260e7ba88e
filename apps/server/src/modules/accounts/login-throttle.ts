import type { RedisClient } from '../../lib/redis.js';

/**
 * Who may try a password, and how often (issue 2, issue 15 point 4 / decision 0006, issue 31 point 3 / decision 0052).
 * The owner must always have a way in, so nothing here locks an account as a whole:
 *
 * - an (account, address) pair that fails `maxFailures` times is locked for `lockMinutes`: the guesser's address stops,
 *   the owner at any other address does not;
 * - an address that fails `addressMaxFailures` times over any accounts is locked (credential stuffing from one place);
 * - a browser showing the account's device cookie counts against that cookie instead of the pair (as before 0052);
 * - the account's failures from browsers it does not know, from every address together, never lock: past
 *   `accountSlowAfter` they space the account's attempts out (one attempt per `spacingMs`, growing with the failures,
 *   capped at `maxSpacingSeconds`), so a guesser spread over many addresses gets a few guesses a minute, and the owner
 *   waits seconds, not a quarter of an hour;
 * - the mailed sign-in link (accounts.service.ts signInWithLink) passes none of this.
 *
 * A success clears the pair (or device) count it used, never the account's: the owner signing in must not hand a
 * guesser fresh fast attempts. Counts live in a ThrottleStore: Redis when REDIS_URL is set (every process sees the
 * same counts), this process's memory otherwise. When the store fails the attempt goes through and the log says so:
 * a Redis outage must not stop every sign-in, and the password hash still costs each guess.
 */
export interface LoginLimits {
  maxFailures: number;
  lockMinutes: number;
  addressMaxFailures: number;
  accountSlowAfter: number;
  maxSpacingSeconds: number;
}

/** Sign-in links mailed per account asked for, within lockMinutes (the address' own limit is RATE_LIMITS.signInLink). */
export const SIGN_IN_LINKS_PER_ACCOUNT = 5;

/** One password attempt: where it comes from, the account it names, and the device cookie's nonce if it is trusted. */
export interface SignInAttempt {
  ip: string;
  email: string;
  /** The nonce of a valid device cookie for this very account (device-cookie.ts), else null. */
  trustedDevice: string | null;
}

export interface LoginThrottle {
  /** Before the password is checked: 0 to go on, else the milliseconds to wait (the answer is 429, Retry-After). */
  admit(attempt: SignInAttempt): Promise<number>;
  failed(attempt: SignInAttempt): Promise<void>;
  succeeded(attempt: SignInAttempt): Promise<void>;
  /**
   * A sign-in link asked for this address (known or not: the answer must not tell): 0 to mail it, else the
   * milliseconds until another may be asked for. Counts the request.
   */
  linkRequested(email: string): Promise<number>;
}

/** Counts failures and locks per key, and hands out spaced slots; what the keys mean is the throttle's business. */
export interface ThrottleStore {
  /** Milliseconds until the last of the keys' locks ends; 0 when none of them is locked. */
  lockedFor(keys: string[]): Promise<number>;
  /**
   * One failure on each key. A count not added to for windowMs has expired. A key with a max that reaches it is locked
   * for windowMs and its count starts again; max null never locks (the count only grows). Answers the counts after.
   */
  fail(keys: { key: string; max: number | null }[], windowMs: number): Promise<number[]>;
  /** The key's failures so far (0 when expired). */
  count(key: string): Promise<number>;
  /** Takes the key's slot when it is free and holds it for gapMs: 0; else the milliseconds until it is free. */
  takeSlot(key: string, gapMs: number): Promise<number>;
  clear(keys: string[]): Promise<void>;
}

/** The spacing the account's attempts must keep after `failures` failures (0: none). The one place of this rule. */
export function spacingMs(
  failures: number,
  limits: Pick<LoginLimits, 'accountSlowAfter' | 'maxSpacingSeconds'>,
): number {
  if (failures < limits.accountSlowAfter) return 0;
  // One second at the threshold, one more per failure after it: 60 s after 110 failures with the defaults.
  return Math.min(limits.maxSpacingSeconds, failures - limits.accountSlowAfter + 1) * 1000;
}

const keysOf = (a: SignInAttempt) => ({
  address: `ip:${a.ip}`,
  // A trusted browser counts against its cookie; any other against the (account, address) pair.
  own: a.trustedDevice ? `device:${a.trustedDevice}` : `pair:${a.email}|${a.ip}`,
  account: `account:${a.email}`,
});

export function createLoginThrottle(
  limits: LoginLimits,
  store: ThrottleStore,
  log?: { warn(obj: object, msg: string): void },
): LoginThrottle {
  const windowMs = limits.lockMinutes * 60_000;
  const failOpen = async <T>(work: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      log?.warn({ err: (err as Error).message }, 'sign-in lock store failed; attempt not counted');
      return fallback;
    }
  };
  return {
    admit: (a) =>
      failOpen(async () => {
        const k = keysOf(a);
        const locked = await store.lockedFor([k.address, k.own]);
        if (locked > 0) return locked;
        // The owner's trusted browser is never slowed by what others did.
        if (a.trustedDevice) return 0;
        const gap = spacingMs(await store.count(k.account), limits);
        return gap > 0 ? store.takeSlot(k.account, gap) : 0;
      }, 0),
    failed: (a) =>
      failOpen(async () => {
        const k = keysOf(a);
        await store.fail(
          [
            { key: k.address, max: limits.addressMaxFailures },
            { key: k.own, max: limits.maxFailures },
            ...(a.trustedDevice ? [] : [{ key: k.account, max: null }]),
          ],
          windowMs,
        );
      }, undefined),
    succeeded: (a) => failOpen(() => store.clear([keysOf(a).own]), undefined),
    linkRequested: (email) =>
      failOpen(async () => {
        const key = `link:${email}`;
        const locked = await store.lockedFor([key]);
        if (locked > 0) return locked;
        await store.fail([{ key, max: SIGN_IN_LINKS_PER_ACCOUNT }], windowMs);
        return 0;
      }, 0),
  };
}

/** The counts in this process's memory (one process, or no REDIS_URL). */
export function memoryThrottleStore(now: () => number = Date.now): ThrottleStore {
  const entries = new Map<
    string,
    { failures: number; lockedUntil: number; touched: number; windowMs: number }
  >();
  const slots = new Map<string, number>();

  // Forget stale entries so the maps cannot grow without bound.
  const sweep = () => {
    const t = now();
    if (entries.size >= 10_000)
      for (const [key, e] of entries)
        if (e.touched < t - e.windowMs && e.lockedUntil < t) entries.delete(key);
    if (slots.size >= 10_000) for (const [key, until] of slots) if (until <= t) slots.delete(key);
  };
  const live = (key: string, t: number) => {
    const e = entries.get(key);
    // As in Redis: a count not added to for its window has expired.
    return e && e.touched >= t - e.windowMs ? e.failures : 0;
  };

  return {
    async lockedFor(keys) {
      const t = now();
      return Math.max(0, ...keys.map((k) => (entries.get(k)?.lockedUntil ?? 0) - t));
    },
    async fail(keys, windowMs) {
      sweep();
      const t = now();
      return keys.map(({ key, max }) => {
        const e = entries.get(key) ?? { failures: 0, lockedUntil: 0, touched: t, windowMs };
        e.failures = live(key, t) + 1;
        Object.assign(e, { touched: t, windowMs });
        if (max !== null && e.failures >= max) Object.assign(e, { failures: 0, lockedUntil: t + windowMs });
        entries.set(key, e);
        return e.failures;
      });
    },
    async count(key) {
      return live(key, now());
    },
    async takeSlot(key, gapMs) {
      sweep();
      const t = now();
      const until = slots.get(key) ?? 0;
      if (until > t) return until - t;
      slots.set(key, t + gapMs);
      return 0;
    },
    async clear(keys) {
      for (const k of keys) entries.delete(k);
    },
  };
}

/**
 * One failure on one key, atomically: the count expires windowMs after its last failure; a max (ARGV[1] > 0) reached
 * sets the lock (expiring by itself) and starts the count again.
 */
const FAIL_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
local max = tonumber(ARGV[1])
if max > 0 and n >= max then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[2])
  redis.call('DEL', KEYS[1])
  return 0
end
return n`;

/** The counts in Redis, shared by every process (keys under `prefix`). */
export function redisThrottleStore(redis: RedisClient, prefix = 'rides:login:'): ThrottleStore {
  const count = (key: string) => `${prefix}count:${key}`;
  const lock = (key: string) => `${prefix}lock:${key}`;
  const slot = (key: string) => `${prefix}slot:${key}`;
  return {
    async lockedFor(keys) {
      const left = await Promise.all(keys.map((k) => redis.pttl(lock(k))));
      // PTTL answers -2 for a key that is not there (no lock).
      return Math.max(0, ...left);
    },
    async fail(keys, windowMs) {
      return Promise.all(
        keys.map(async ({ key, max }) =>
          Number(await redis.eval(FAIL_SCRIPT, 2, count(key), lock(key), max ?? 0, windowMs)),
        ),
      );
    },
    async count(key) {
      return Number((await redis.get(count(key))) ?? 0);
    },
    async takeSlot(key, gapMs) {
      // SET NX: of two processes racing for one slot, one gets it.
      if ((await redis.set(slot(key), '1', 'PX', gapMs, 'NX')) === 'OK') return 0;
      return Math.max(1, await redis.pttl(slot(key)));
    },
    async clear(keys) {
      if (keys.length === 0) return;
      await redis.del(...keys.flatMap((k) => [count(k), lock(k)]));
    },
  };
}
