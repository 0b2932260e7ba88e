import { Redis } from 'ioredis';

/**
 * The Redis connection of one process (REDIS_URL, decision 0006): where the rate limits and the sign-in lock are
 * counted when several processes serve one site. A command fails fast when Redis is unreachable (one retry, no
 * offline queue), so a request is never held waiting for it; the callers decide what a failure means (they let the
 * request through and log it: availability first, the per-process argon2 cost still slows guessing).
 */
export type RedisClient = Redis;

export function createRedis(url: string): RedisClient {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    // Reconnect with a growing delay, capped at 2 s, for as long as the process runs.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
}

/** Waits until the connection is ready (start-up), or fails with the connection's error. */
export async function redisReady(client: RedisClient, timeoutMs = 5_000): Promise<void> {
  if (client.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs);
    const onReady = () => done();
    const onError = (err: Error) => done(err);
    function done(err?: Error) {
      clearTimeout(timer);
      client.off('ready', onReady);
      client.off('error', onError);
      if (err) reject(err);
      else resolve();
    }
    client.once('ready', onReady);
    client.once('error', onError);
  });
}
