import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { LruLoadingCache } from '../trips/trips.cache.js';

/**
 * The in-process cache of public search answers (decision 0013). An answer depends only on the request's
 * filters (never on who asks), so it is stored once per normalised filter key as ready bytes: JSON, its gzip,
 * and an ETag. Loads of one key are shared by concurrent requests (LruLoadingCache), and an answer overtaken by
 * an invalidation is never stored.
 *
 * Freshness: a write publishes its change (changes.ts); the map summary's refresh tells which geo_cells it touched,
 * and `invalidateCells` drops only the answers around a point whose circle covers one of them (`cellsOf`), plus every
 * answer that is not around a point (the newest trips, the map, the home lists). An invalidated answer is gone: the
 * next request loads it, so a reader sees a write at once. An answer past its time limit (a safety net) is still
 * served while one request reloads it in the background (stale-while-revalidate): expiry never makes readers wait.
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

/** geo_cell ranges [from, to] an answer depends on; null: it depends on everything. */
export type CellRanges = readonly (readonly [number, number])[] | null;

export interface AnswerCacheOptions<P> {
  capacity: number;
  ttlMs: number;
  now: () => number;
  /** The key's parameters: a plain object built in a fixed key order (and rounded where it should be shared). */
  normalise: (params: P) => P;
  load: (params: P) => Promise<unknown>;
  /** The cells an answer reads (default: everything, so every change drops it). */
  cellsOf?: (params: P) => CellRanges;
}

/**
 * One cache per call: `load` computes the answer of a request from its parameters. The key is the JSON of
 * `normalise(params)`, so the same filters always give the same key whatever order the client sent them in; the
 * loader reads the parameters back from the key.
 */
export class AnswerCache<P extends object> {
  private readonly lru: LruLoadingCache<string, Stored>;
  /** Expired answers being reloaded, served meanwhile (dropped by any invalidation that touches them). */
  private readonly stale = new Map<string, Stored>();

  constructor(private readonly opts: AnswerCacheOptions<P>) {
    this.lru = new LruLoadingCache(opts.capacity, async (key) => {
      const expiresAt = opts.now() + opts.ttlMs;
      return { answer: readyAnswer(await opts.load(JSON.parse(key) as P)), expiresAt };
    });
  }

  async get(params: P): Promise<ReadyAnswer> {
    const key = JSON.stringify(this.opts.normalise(params));
    const held = this.lru.peek(key);
    if (held && held.expiresAt <= this.opts.now()) {
      this.revalidate(key, held);
      return held.answer;
    }
    const reloading = held ? undefined : this.stale.get(key);
    if (reloading) return reloading.answer;
    const stored = await this.lru.get(key);
    if (!stored) throw new Error('search answer was not loaded');
    return stored.answer;
  }

  /** One background reload of an expired answer; the old one is served until it lands. */
  private revalidate(key: string, held: Stored): void {
    if (this.stale.has(key)) return;
    this.stale.set(key, held);
    this.lru.invalidate(key);
    this.lru
      .get(key)
      .catch(() => undefined) // the next request loads it in the foreground and sees the error
      .finally(() => {
        if (this.stale.get(key) === held) this.stale.delete(key);
      });
  }

  invalidateAll(): void {
    this.lru.invalidateAll();
    this.stale.clear();
  }

  /** Drops the answers that read one of these cells, and those that read everything. */
  invalidateCells(cells: readonly number[]): void {
    const touched = (key: string) => {
      const ranges = this.opts.cellsOf ? this.opts.cellsOf(JSON.parse(key) as P) : null;
      return ranges === null || ranges.some(([from, to]) => cells.some((c) => c >= from && c <= to));
    };
    this.lru.invalidateWhere(touched);
    for (const key of [...this.stale.keys()]) if (touched(key)) this.stale.delete(key);
  }

  get size(): number {
    return this.lru.size;
  }
}
