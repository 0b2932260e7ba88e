import type { RedisClient } from './redis.js';

/**
 * A cost budget per key and window (issue 31 point 1, decision 0050): the request-count limits (@fastify/rate-limit)
 * count a 60-day PDF the same as a 2-day one; this counts what the work costs (a PDF's days + activities). A key that
 * has spent `perWindow` in the current window is refused until the window ends (429 with Retry-After); a single job
 * larger than the budget is let through when the window is fresh, so nothing is refused for its size alone.
 *
 * Fixed windows, counted in Redis when REDIS_URL is set (every process spends the same budget), else in this
 * process's memory. A Redis that fails lets the work through and says so (decision 0006: availability first; the fair
 * line still bounds what one client holds).
 */
export interface CostBudget {
  /** Spends `cost` of the key's budget, or answers how many seconds until it has budget again. */
  take(key: string, cost: number): Promise<{ ok: true } | { ok: false; retryAfterS: number }>;
  /** Gives back what take() spent, for work refused before it was started (a full line). */
  refund(key: string, cost: number): Promise<void>;
}

export interface CostBudgetStore {
  /** Adds cost to the key's window unless that passes max; answers the window's total (with cost when added) and its ms left. */
  add(key: string, cost: number, max: number, windowMs: number): Promise<{ added: boolean; msLeft: number }>;
  sub(key: string, cost: number): Promise<void>;
}

export function createCostBudget(
  opts: { perWindow: number; windowMs: number },
  store: CostBudgetStore,
  log?: { warn(obj: object, msg: string): void },
): CostBudget {
  return {
    async take(key, cost) {
      try {
        const { added, msLeft } = await store.add(key, cost, opts.perWindow, opts.windowMs);
        return added ? { ok: true } : { ok: false, retryAfterS: Math.max(1, Math.ceil(msLeft / 1000)) };
      } catch (err) {
        log?.warn({ err: (err as Error).message }, 'cost budget store failed; work not counted');
        return { ok: true };
      }
    },
    async refund(key, cost) {
      await store
        .sub(key, cost)
        .catch((err: Error) => log?.warn({ err: err.message }, 'cost budget refund failed'));
    },
  };
}

/** The budgets in this process's memory (one process, or no REDIS_URL). */
export function memoryCostStore(now: () => number = Date.now): CostBudgetStore {
  const windows = new Map<string, { spent: number; endsAt: number }>();
  return {
    async add(key, cost, max, windowMs) {
      const t = now();
      // Ended windows go, so the map holds only the keys of the last window.
      if (windows.size >= 10_000) for (const [k, w] of windows) if (w.endsAt <= t) windows.delete(k);
      let w = windows.get(key);
      if (!w || w.endsAt <= t) {
        w = { spent: 0, endsAt: t + windowMs };
        windows.set(key, w);
      }
      if (w.spent > 0 && w.spent + cost > max) return { added: false, msLeft: w.endsAt - t };
      w.spent += cost;
      return { added: true, msLeft: w.endsAt - t };
    },
    async sub(key, cost) {
      const w = windows.get(key);
      if (w) w.spent = Math.max(0, w.spent - cost);
    },
  };
}

/** Adds ARGV[1] to KEYS[1] unless it is spent and would pass ARGV[2]; the window (ARGV[3] ms) starts with the first. */
const ADD_SCRIPT = `
local spent = tonumber(redis.call('GET', KEYS[1]) or '0')
local cost = tonumber(ARGV[1])
if spent > 0 and spent + cost > tonumber(ARGV[2]) then
  return {0, redis.call('PTTL', KEYS[1])}
end
if spent == 0 then
  redis.call('SET', KEYS[1], cost, 'PX', ARGV[3])
else
  redis.call('INCRBY', KEYS[1], cost)
end
return {1, redis.call('PTTL', KEYS[1])}`;

/** Takes back ARGV[1] from KEYS[1] if the window still runs (never below zero, never starting one). */
const SUB_SCRIPT = `
local spent = tonumber(redis.call('GET', KEYS[1]) or '0')
if spent > 0 then
  local left = math.max(0, spent - tonumber(ARGV[1]))
  redis.call('SET', KEYS[1], left, 'KEEPTTL')
end
return 1`;

/** The budgets in Redis, shared by every process (keys under `prefix`). */
export function redisCostStore(redis: RedisClient, prefix = 'rides:cost:'): CostBudgetStore {
  return {
    async add(key, cost, max, windowMs) {
      const [added, msLeft] = (await redis.eval(
        ADD_SCRIPT,
        1,
        `${prefix}${key}`,
        Math.round(cost),
        max,
        windowMs,
      )) as [number, number];
      return { added: added === 1, msLeft: Math.max(0, msLeft) };
    },
    async sub(key, cost) {
      await redis.eval(SUB_SCRIPT, 1, `${prefix}${key}`, Math.round(cost));
    },
  };
}
