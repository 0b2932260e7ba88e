import { describe, expect, it } from 'vitest';
import { createViewerIndexCache, type OwnPlaceRow, type OwnPlacesReader } from '../../src/providers/places/local/own-places.js';

/**
 * A signed-in viewer's own index of the local places source (decision 0023): read once, then kept until the shared
 * index is dropped (a change of a trip or an attraction), so a viewer who lost a private trip loses its attractions at
 * once, and a read that a change overtook is not kept.
 */
const row = (id: number, name: string): OwnPlaceRow => ({ kind: 'attraction', id, name, address: null, countryAndCity: null, lat: 32, lng: 35, placeId: null, uses: 1 });

function fakeReader(rows: Map<number, OwnPlaceRow[]>) {
  const reads: number[] = [];
  let gate: Promise<void> | null = null;
  const reader: OwnPlacesReader = {
    listNamed: async () => [],
    listViewerNamed: async (viewerId) => {
      reads.push(viewerId);
      const answer = [...(rows.get(viewerId) ?? [])];
      if (gate) await gate;
      return answer;
    },
    nearby: async () => [],
    find: async () => undefined,
    findByGooglePlaceId: async () => undefined,
  };
  return { reader, reads, hold: (p: Promise<void> | null) => (gate = p) };
}

const names = (index: Awaited<ReturnType<ReturnType<typeof createViewerIndexCache>['get']>>) => index?.rows.map((r) => r.name) ?? [];

describe('createViewerIndexCache', () => {
  it('reads a viewer once, keeps each viewer apart, and reads again after invalidate', async () => {
    const rows = new Map([[7, [row(1, 'Hidden garden')]], [8, [row(2, 'Other garden')]]]);
    const { reader, reads } = fakeReader(rows);
    const cache = createViewerIndexCache(reader, { ttlMs: 60_000, max: 10 });
    expect(names(await cache.get(7))).toEqual(['Hidden garden']);
    expect(names(await cache.get(7))).toEqual(['Hidden garden']);
    expect(names(await cache.get(8))).toEqual(['Other garden']);
    expect(reads).toEqual([7, 8]);
    rows.set(7, []); // viewer 7 lost the trip
    cache.invalidate();
    expect(await cache.get(7)).toBeNull();
    expect(reads).toEqual([7, 8, 7]);
  });

  it('does not keep a read that an invalidate overtook', async () => {
    const rows = new Map([[7, [row(1, 'Before the change')]]]);
    const { reader, reads, hold } = fakeReader(rows);
    const cache = createViewerIndexCache(reader, { ttlMs: 60_000, max: 10 });
    let release: () => void = () => undefined;
    hold(new Promise<void>((r) => (release = r)));
    const pending = cache.get(7);
    cache.invalidate(); // a change committed while the read was on its way
    release();
    expect(names(await pending)).toEqual(['Before the change']);
    hold(null);
    rows.set(7, [row(1, 'After the change')]);
    expect(names(await cache.get(7))).toEqual(['After the change']);
    expect(reads).toEqual([7, 7]);
  });

  it('keeps at most `max` viewers, the least recently used going first, and each for ttlMs', async () => {
    const { reader, reads } = fakeReader(new Map([1, 2, 3].map((v) => [v, [row(v, `place ${v}`)]])));
    const cache = createViewerIndexCache(reader, { ttlMs: 60_000, max: 2 });
    await cache.get(1);
    await cache.get(2);
    await cache.get(1); // 1 used last
    await cache.get(3); // 2 goes
    expect(cache.size).toBe(2);
    await cache.get(1);
    await cache.get(2);
    expect(reads).toEqual([1, 2, 3, 2]);
    const expiring = createViewerIndexCache(reader, { ttlMs: -1, max: 2 });
    await expiring.get(1);
    await expiring.get(1);
    expect(reads.slice(4)).toEqual([1, 1]);
  });
});
