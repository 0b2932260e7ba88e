/**
 * An in-process LRU of presented trips, keyed by ride id (decision 0009). It holds only viewer-independent
 * data; the viewer rules are applied per request by the access policy. Concurrent misses for one trip share one
 * load; a load that was overtaken by `invalidate` is answered to its callers but not stored, so a write that
 * invalidates during a read never leaves the older trip cached.
 *
 * Every write to a trip (its row, days, placements, accommodations, extra information, authorised users), and to
 * anything a trip shows (an attraction, a category), publishes its change; changes.ts then calls `invalidate(rideId)`
 * or `invalidateAll()` in the writing process after the commit and in every other process on the notification
 * (decisions 0009, 0027).
 */
export class LruLoadingCache<K, V> {
  private readonly entries = new Map<K, V>();
  /** Loads in flight. Invalidation forgets them: a load no longer registered here when it ends is stale. */
  private readonly loading = new Map<K, Promise<V | undefined>>();

  constructor(
    private readonly capacity: number,
    private readonly load: (key: K) => Promise<V | undefined>,
  ) {
    if (!(capacity >= 1)) throw new Error('cache capacity must be at least 1');
  }

  /** The cached value, or the loaded one (undefined: nothing to cache, e.g. no such trip). */
  get(key: K): Promise<V | undefined> {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Most recently used goes last; Map keeps insertion order, so the first key is the eviction candidate.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return Promise.resolve(hit);
    }
    return this.refresh(key);
  }

  /**
   * Loads the key again even when a value is stored (the change feed is down, so what is stored is not known to be
   * current; decision 0051). Shares a load in flight; the stored value stays until the new one replaces it, and stays
   * when the load fails, for the caller to fall back on (`peek`).
   */
  refresh(key: K): Promise<V | undefined> {
    const pending = this.loading.get(key);
    if (pending) return pending;
    const promise: Promise<V | undefined> = this.load(key).then(
      (value) => {
        if (this.loading.get(key) === promise) {
          this.loading.delete(key);
          if (value !== undefined) this.store(key, value);
          else this.entries.delete(key); // gone since it was stored (a refresh)
        }
        return value;
      },
      (err: unknown) => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
        throw err;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  /** Peeks without loading or touching the order (tests, diagnostics). */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  invalidate(key: K): void {
    this.entries.delete(key);
    this.loading.delete(key);
  }

  invalidateAll(): void {
    this.entries.clear();
    this.loading.clear();
  }

  /** Forgets every stored or loading key the test picks (the search answers of the cells an edit touched). */
  invalidateWhere(test: (key: K) => boolean): void {
    for (const key of [...this.entries.keys(), ...this.loading.keys()]) if (test(key)) this.invalidate(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: K, value: V): void {
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }
}
