import { describe, expect, it } from 'vitest';
import { createOwnIndexCache, type OwnPlaceRow, type OwnPlacesReader } from '../../src/providers/places/local/own-places.js';

/**
 * Our own places' index in the local places source (decision 0027): a change drops it (changes.ts), and a load that
 * was already reading when the change came must not be kept, or the index would show the places as they were before.
 */
const row = (id: number, name: string): OwnPlaceRow => ({ kind: 'attraction', id, name, address: null, countryAndCity: null, lat: 32, lng: 35, placeId: null, uses: 1 });

function scriptedReader() {
  const pending: ((rows: OwnPlaceRow[]) => void)[] = [];
  const reader = {
    listNamed: () => new Promise<OwnPlaceRow[]>((resolve) => pending.push(resolve)),
  } as unknown as OwnPlacesReader;
  return { reader, pending };
}

describe('own places index cache', () => {
  it('a load overtaken by invalidate answers its caller but is not kept: the next search reads again', async () => {
    const { reader, pending } = scriptedReader();
    const cache = createOwnIndexCache(reader, { ttlMs: 60_000, onError: () => undefined });
    const before = cache.get();
    cache.invalidate(); // a write committed while the first load was reading
    pending[0]?.([row(1, 'Old name')]);
    expect((await before).rows.map((r) => r.name)).toEqual(['Old name']);

    const after = cache.get();
    expect(pending).toHaveLength(2); // read again, not served the overtaken load
    pending[1]?.([row(1, 'New name')]);
    expect((await after).rows.map((r) => r.name)).toEqual(['New name']);
    expect((await cache.get()).rows.map((r) => r.name)).toEqual(['New name']);
    expect(pending).toHaveLength(2);
  });

  it('without a change, one load serves every search', async () => {
    const { reader, pending } = scriptedReader();
    const cache = createOwnIndexCache(reader, { ttlMs: 60_000, onError: () => undefined });
    const first = cache.get();
    const second = cache.get();
    pending[0]?.([row(1, 'Only')]);
    expect((await first).rows).toHaveLength(1);
    expect(await second).toBe(await first);
    expect((await cache.get()).rows[0]?.name).toBe('Only');
    expect(pending).toHaveLength(1);
  });
});
