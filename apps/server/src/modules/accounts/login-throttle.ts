/**
 * "Ten wrong passwords in a row for one account or address get 429" (issue 2). Counts consecutive failures
 * per e-mail and per client address; a success clears the e-mail's count. Held in memory: with several
 * server processes each keeps its own count, so the effective limit is per process (docs/decisions/0006).
 */
export interface LoginThrottle {
  isLocked(keys: string[]): boolean;
  recordFailure(keys: string[]): void;
  recordSuccess(keys: string[]): void;
}

export function createLoginThrottle(opts: { maxFailures: number; lockMinutes: number; now?: () => number }): LoginThrottle {
  const now = opts.now ?? Date.now;
  const lockMs = opts.lockMinutes * 60_000;
  const entries = new Map<string, { failures: number; lockedUntil: number; touched: number }>();

  // Forget stale entries so the map cannot grow without bound.
  const sweep = () => {
    if (entries.size < 10_000) return;
    const cutoff = now() - lockMs;
    for (const [key, e] of entries) if (e.touched < cutoff && e.lockedUntil < now()) entries.delete(key);
  };

  return {
    isLocked(keys) {
      const t = now();
      return keys.some((k) => (entries.get(k)?.lockedUntil ?? 0) > t);
    },
    recordFailure(keys) {
      sweep();
      const t = now();
      for (const k of keys) {
        const e = entries.get(k) ?? { failures: 0, lockedUntil: 0, touched: t };
        // A lock that ran out starts a fresh count.
        if (e.lockedUntil && e.lockedUntil <= t) Object.assign(e, { failures: 0, lockedUntil: 0 });
        e.failures += 1;
        e.touched = t;
        if (e.failures >= opts.maxFailures) e.lockedUntil = t + lockMs;
        entries.set(k, e);
      }
    },
    recordSuccess(keys) {
      for (const k of keys) entries.delete(k);
    },
  };
}
