import type { AttractionReviewWire } from '@rides/contract';
import type { NearbyKind } from '../types.js';
import { KEY_WORD } from './gazetteer-format.js';
import { buildKeyIndex, type KeyEntry, type KeyIndex } from './key-index.js';
import { normalizePlaceText } from './normalize.js';

/**
 * Our own places in the local source: the attractions anyone may see (placed in a public trip; decision 0023) and the
 * accommodations of public trips (a private trip's hotel is the client's business). The rows come from the places
 * module's repository (read-only queries); this keeps them as a small search index like the gazetteer's, rebuilt in
 * the background when it is older than a minute, so new attractions show up without a restart and a search never waits
 * for the database once the first index exists. Being the same for everyone, it holds nothing private: a signed-in
 * viewer's other attractions (their own, those of private trips they may view) are read per search and indexed apart.
 */
export type OwnPlaceKind = 'attraction' | 'accommodation';

export interface OwnPlaceRow {
  kind: OwnPlaceKind;
  id: number;
  name: string;
  address: string | null;
  /** Accommodations: "country, city". */
  countryAndCity: string | null;
  lat: number;
  lng: number;
  /** The Google place id the attraction came from, if any. */
  placeId: string | null;
  /** How many trips use it (placements of an attraction; copies of a trip sharing a hotel). */
  uses: number;
}

export interface OwnPlaceDetailsRow extends OwnPlaceRow {
  /** HTML as stored (sanitised where it is shown). */
  text: string;
  link: string | null;
  rate: number | null;
  imageUrl: string | null;
  googleImage: string | null;
  imageHtmlAttributions: string[];
  openingHours: string[] | null;
  reviews: AttractionReviewWire[];
  /** In a food category (אוכל, מסעדות, בתי קפה, ...): the "restaurant" search of the local source. */
  restaurant: boolean;
}

/**
 * The read-only queries the local source needs; implemented by modules/places/places.repository.ts. `viewerId` is the
 * signed-in user (null: a visitor): an attraction comes back only when the view policy lets them see it.
 */
export interface OwnPlacesReader {
  /** Every attraction placed in a public trip and every accommodation of a public trip, names and points only. */
  listNamed(): Promise<OwnPlaceRow[]>;
  /** The attractions this viewer may see that listNamed leaves out (their own, those of private trips they may view). */
  listViewerNamed(viewerId: number): Promise<OwnPlaceRow[]>;
  /** Attractions within radiusKm of the point (restaurants: those in a food category), nearest first. */
  nearby(lat: number, lng: number, radiusKm: number, kind: NearbyKind, limit: number, viewerId: number | null): Promise<OwnPlaceDetailsRow[]>;
  find(kind: OwnPlaceKind, id: number, viewerId: number | null): Promise<OwnPlaceDetailsRow | undefined>;
  findByGooglePlaceId(placeId: string, viewerId: number | null): Promise<OwnPlaceDetailsRow | undefined>;
}

export interface OwnIndex {
  rows: OwnPlaceRow[];
  weights: Float32Array;
  index: KeyIndex;
}

/** Attractions used by many trips rank higher; a popular attraction weighs like a town of ~30,000-300,000. */
function weightOf(row: OwnPlaceRow): number {
  return row.kind === 'attraction' ? 4.5 + 0.5 * Math.log2(1 + row.uses) : 4.2 + 0.3 * Math.log2(1 + row.uses);
}

export function buildOwnIndex(all: OwnPlaceRow[]): OwnIndex {
  // Copies of a trip repeat its hotels, and authors sometimes add the same attraction twice: one entry per name
  // and point (to ~100 m), the most used one.
  const unique = new Map<string, OwnPlaceRow>();
  for (const row of all) {
    const key = `${row.kind}|${normalizePlaceText(row.name)}|${row.lat.toFixed(3)}|${row.lng.toFixed(3)}`;
    const had = unique.get(key);
    if (!had) unique.set(key, { ...row });
    else if (row.id < had.id) unique.set(key, { ...row, uses: had.uses + row.uses });
    else had.uses += row.uses;
  }
  const rows = [...unique.values()];
  const entries: KeyEntry[] = [];
  rows.forEach((row, place) => {
    const key = normalizePlaceText(row.name);
    if (!key) return;
    entries.push({ key, place, flags: 0 });
    for (let i = key.indexOf(' '); i >= 0; i = key.indexOf(' ', i + 1)) {
      if (key.length - i > 2) entries.push({ key: key.slice(i + 1), place, flags: KEY_WORD });
    }
  });
  return { rows, weights: Float32Array.from(rows, weightOf), index: buildKeyIndex(entries) };
}

/** Keeps the index fresh: loaded on first use, then rebuilt in the background when older than `ttlMs`. */
export function createOwnIndexCache(reader: OwnPlacesReader, opts: { ttlMs: number; onError: (err: unknown) => void }) {
  let current: { index: OwnIndex; at: number } | undefined;
  let loading: Promise<OwnIndex> | undefined;

  const load = (): Promise<OwnIndex> => {
    if (loading) return loading;
    // A load overtaken by `invalidate` answers its callers but is not kept: it may have read before the change.
    const started: Promise<OwnIndex> = reader
      .listNamed()
      .then((rows) => {
        const index = buildOwnIndex(rows);
        if (loading === started) current = { index, at: Date.now() };
        return index;
      })
      .finally(() => {
        if (loading === started) loading = undefined;
      });
    loading = started;
    return started;
  };

  return {
    async get(): Promise<OwnIndex> {
      if (!current) return load();
      if (Date.now() - current.at > opts.ttlMs && !loading) {
        load().catch(opts.onError);
      }
      return current.index;
    },
    /** Drop the index: the next search reads the database (a change of our places, changes.ts). */
    invalidate(): void {
      current = undefined;
      loading = undefined;
    },
  };
}

/**
 * A signed-in viewer's own index (the attractions only they may see: their own, those of private trips they may view;
 * decision 0023), kept per viewer so their keystrokes do not each cost a query: at most `max` viewers (least recently
 * used out), each for `ttlMs`, and all dropped whenever the shared index is (any change of a trip or an attraction, from
 * any process: changes.ts), so a viewer who lost a trip loses its attractions at once.
 */
export function createViewerIndexCache(reader: OwnPlacesReader, opts: { ttlMs: number; max: number }) {
  const kept = new Map<number, { index: OwnIndex | null; at: number }>();
  let generation = 0;
  return {
    async get(viewerId: number): Promise<OwnIndex | null> {
      const hit = kept.get(viewerId);
      if (hit && Date.now() - hit.at <= opts.ttlMs) {
        kept.delete(viewerId); // most recently used last
        kept.set(viewerId, hit);
        return hit.index;
      }
      const started = generation;
      const rows = await reader.listViewerNamed(viewerId);
      const index = rows.length > 0 ? buildOwnIndex(rows) : null;
      // A read overtaken by `invalidate` answers its caller but is not kept: it may have read before the change.
      if (started === generation) {
        kept.delete(viewerId);
        kept.set(viewerId, { index, at: Date.now() });
        if (kept.size > opts.max) kept.delete(kept.keys().next().value as number);
      }
      return index;
    },
    invalidate(): void {
      generation += 1;
      kept.clear();
    },
    /** Viewers kept (tests). */
    get size(): number {
      return kept.size;
    },
  };
}
