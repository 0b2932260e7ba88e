import type { AttractionReviewWire } from '@rides/contract';
import type { LatLng, NearbyKind } from '../types.js';
import { KEY_WORD } from './gazetteer-format.js';
import { buildKeyIndex, type KeyEntry, type KeyIndex } from './key-index.js';
import { nameKeys, normalizePlaceText } from './normalize.js';

/**
 * Our own places in the local source: the attractions a viewer may see (decision 0023: placed in a public trip, and a
 * signed-in viewer's others: their own, those of private trips they may view) and the accommodations of public trips
 * (a private trip's hotel is the client's business). Nothing of them is kept in memory: each keystroke reads the
 * places whose name starts with what was typed from the database (OwnPlacesReader.named, a prefix range of
 * place_keys, the view policy joined), and this builds the small index of those candidates that the local source
 * ranks exactly as it ranks the gazetteer. So every process sees every write at once, and the cost follows what was
 * typed, not how many trips there are (at 100,000 trips the whole index had 3.4 million places: decision 0013).
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

/** A candidate of a prefix read: `shared` when anyone may see it; false: only this signed-in viewer may. */
export interface NamedPlaceRow extends OwnPlaceRow {
  shared: boolean;
}

export interface NamedOptions {
  /** The signed-in user (null: a visitor): only places the view policy lets them see come back. */
  viewerId: number | null;
  /** Also read the places with these prefixes in the cells around this point (the nearest places rank higher). */
  near?: LatLng | undefined;
  /** Keys read per prefix (a quarter as many per cell around the point), in key order: the bound of one keystroke's work. */
  perPrefix: number;
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
  /**
   * The places this viewer may see with a key (place_keys: the name, or its rest from an inner word) starting with one
   * of these normalised prefixes, names and points only; `uses` counts the public trips placing an attraction (the
   * viewer's others: every trip placing it).
   */
  named(prefixes: readonly string[], opts: NamedOptions): Promise<NamedPlaceRow[]>;
  /** Attractions within radiusKm of the point (restaurants: those in a food category), nearest first. */
  nearby(
    lat: number,
    lng: number,
    radiusKm: number,
    kind: NearbyKind,
    limit: number,
    viewerId: number | null,
  ): Promise<OwnPlaceDetailsRow[]>;
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
  return row.kind === 'attraction'
    ? 4.5 + 0.5 * Math.log2(1 + row.uses)
    : 4.2 + 0.3 * Math.log2(1 + row.uses);
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
    for (const { key, word } of nameKeys(row.name)) entries.push({ key, place, flags: word ? KEY_WORD : 0 });
  });
  return { rows, weights: Float32Array.from(rows, weightOf), index: buildKeyIndex(entries) };
}

/**
 * The candidates of a keystroke as the indexes the local source searches: those anyone may see, and apart (when there
 * are any) a signed-in viewer's others, each deduplicated on its own as the shared index and the viewer's were.
 */
export function ownIndexes(rows: readonly NamedPlaceRow[]): OwnIndex[] {
  const seen = new Set<string>();
  const shared: OwnPlaceRow[] = [];
  const theirs: OwnPlaceRow[] = [];
  for (const { shared: isShared, ...row } of rows) {
    const id = `${row.kind}:${row.id}`;
    if (seen.has(id)) continue; // read by two prefixes, or by the prefix and around the point
    seen.add(id);
    (isShared ? shared : theirs).push(row);
  }
  return theirs.length > 0 ? [buildOwnIndex(shared), buildOwnIndex(theirs)] : [buildOwnIndex(shared)];
}
