import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { LruLoadingCache } from '../rides/rides.cache.js';

/**
 * The in-process cache of public search answers (decision 0013). An answer depends only on the request's
 * filters (never on who asks), so it is stored once per normalised filter key as ready bytes: JSON, its gzip,
 * and an ETag. Loads of one key are shared by concurrent requests (LruLoadingCache), and an answer overtaken by
 * an invalidation is never stored.
 *
 * Freshness: every write that changes what search shows (a trip's row, placements, attractions, accommodations)
 * calls `app.tripSearch.invalidate()` (as it calls `app.rides.invalidateRide`), which empties every search cache at
 * once (an answer mixes many trips, so there is no finer key). The time limit is the safety net for a write that
 * forgot, and for several processes until invalidation is broadcast (decision 0009): no answer is older than it.
 */

/** An answer ready to send. */
export interface ReadyAnswer {
  identity: Buffer;
  /** Absent for small bodies, where compressing costs more than it saves. */
  gzip: Buffer | undefined;
  /** Weak: the plain and the gzip bytes are the same representation. */
  etag: string;
}

const GZIP_MIN_BYTES = 1024;

export function readyAnswer(body: unknown): ReadyAnswer {
  const identity = Buffer.from(JSON.stringify(body), 'utf8');
  const etag = `W/"${createHash('sha1').update(identity).digest('base64url').slice(0, 22)}"`;
  return { identity, gzip: identity.length >= GZIP_MIN_BYTES ? gzipSync(identity) : undefined, etag };
}

interface Stored {
  answer: ReadyAnswer;
  expiresAt: number;
}

/**
 * One cache per call: `load` computes the answer of a request from its parameters. The key is the JSON of
 * `normalise(params)` (a plain object built in a fixed key order, so the same filters always give the same key
 * whatever order the client sent them in); the loader reads the parameters back from the key.
 */
export class AnswerCache<P extends object> {
  private readonly lru: LruLoadingCache<string, Stored>;

  constructor(
    capacity: number,
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly normalise: (params: P) => P,
    load: (params: P) => Promise<unknown>,
  ) {
    this.lru = new LruLoadingCache(capacity, async (key) => {
      const expiresAt = this.now() + this.ttlMs;
      return { answer: readyAnswer(await load(JSON.parse(key) as P)), expiresAt };
    });
  }

  async get(params: P): Promise<ReadyAnswer> {
    const key = JSON.stringify(this.normalise(params));
    let stored = await this.lru.get(key);
    if (stored && stored.expiresAt <= this.now()) {
      this.lru.invalidate(key);
      stored = await this.lru.get(key);
    }
    if (!stored) throw new Error('search answer was not loaded');
    return stored.answer;
  }

  invalidateAll(): void {
    this.lru.invalidateAll();
  }

  get size(): number {
    return this.lru.size;
  }
}
