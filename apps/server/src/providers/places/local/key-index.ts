import { KEY_ALTERNATE, KEY_WORD } from './gazetteer-format.js';

/**
 * Prefix search over sorted, normalised keys (see gazetteer-format.ts for the layout), with an edit-distance-1
 * fallback for typos. A prefix is a contiguous range of the sorted keys: two binary searches that compare the query's
 * UTF-8 bytes with the keys' bytes in place (nothing sliced or decoded), then one pass over the range that keeps the
 * best few places. The fuzzy fallback runs the same prefix search for every spelling one edit away from the query (a
 * few hundred binary searches), which is cheaper and far smaller than an index of misspellings.
 *
 * Keys are UTF-8 bytes rather than one JS string: a string holding any Hebrew is stored two bytes a character on the
 * V8 heap, the bytes are half that and can be a view of the gazetteer file's buffer (decision 0029).
 */
export interface KeyIndex {
  /** The keys' UTF-8 bytes, in byte order; key k is keys[keyStarts[k] .. keyStarts[k+1]). */
  keys: Uint8Array;
  keyStarts: Uint32Array;
  keyPlace: Uint32Array;
  keyFlags: Uint8Array;
}

export interface KeyEntry {
  key: string;
  place: number;
  flags: number;
}

const utf8 = new TextEncoder();

/** UTF-16 code unit -> an order that matches UTF-8 bytes (code points): surrogates go after U+E000..U+FFFF. */
const codePointOrder = (c: number): number => (c < 0xd800 ? c : c < 0xe000 ? c + 0x2000 : c - 0x800);

/** Key text in the order of its UTF-8 bytes, the order the index is searched in. */
export function compareKeyText(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointOrder(x) - codePointOrder(y);
  }
  return a.length - b.length;
}

/** Builds an index from unsorted entries (our own places: a few thousand; the gazetteer builds its own in chunks). */
export function buildKeyIndex(entries: KeyEntry[]): KeyIndex {
  entries.sort((a, b) => compareKeyText(a.key, b.key));
  return packSortedEntries(entries);
}

export function packSortedEntries(entries: readonly KeyEntry[]): KeyIndex {
  const keyStarts = new Uint32Array(entries.length + 1);
  const keyPlace = new Uint32Array(entries.length);
  const keyFlags = new Uint8Array(entries.length);
  const parts: string[] = [];
  let offset = 0;
  entries.forEach((e, i) => {
    keyStarts[i] = offset;
    keyPlace[i] = e.place;
    keyFlags[i] = e.flags;
    parts.push(e.key);
    offset += Buffer.byteLength(e.key, 'utf8');
  });
  keyStarts[entries.length] = offset;
  return { keys: utf8.encode(parts.join('')), keyStarts, keyPlace, keyFlags };
}

export const keyCount = (index: KeyIndex): number => index.keyPlace.length;

/** <0: key k sorts before every key starting with q; 0: q is a prefix of key k; >0: key k sorts after them. */
function comparePrefix(index: KeyIndex, k: number, q: Uint8Array): number {
  const start = index.keyStarts[k] as number;
  const len = (index.keyStarts[k + 1] as number) - start;
  const n = Math.min(len, q.length);
  for (let i = 0; i < n; i += 1) {
    const d = (index.keys[start + i] as number) - (q[i] as number);
    if (d !== 0) return d;
  }
  return len < q.length ? -1 : 0;
}

/** [lo, hi): the keys that start with q. */
export const prefixRange = (index: KeyIndex, q: string): [number, number] => byteRange(index, utf8.encode(q));

function byteRange(index: KeyIndex, q: Uint8Array): [number, number] {
  let lo = 0;
  let hi = keyCount(index);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (comparePrefix(index, mid, q) < 0) lo = mid + 1;
    else hi = mid;
  }
  const first = lo;
  hi = keyCount(index);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (comparePrefix(index, mid, q) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return [first, lo];
}

export const keyLength = (index: KeyIndex, k: number): number =>
  (index.keyStarts[k + 1] as number) - (index.keyStarts[k] as number);

/** Whether q is a whole key (it then sorts first among the keys it starts). */
export function hasWholeKey(index: KeyIndex, q: string): boolean {
  const bytes = utf8.encode(q);
  const [lo, hi] = byteRange(index, bytes);
  return lo < hi && keyLength(index, lo) === bytes.length;
}

/** The best `size` places by rank, one entry per place (its best key). Offers below the bar cost one comparison. */
export class TopPlaces {
  readonly places: number[] = [];
  readonly ranks: number[] = [];
  constructor(readonly size: number) {}

  /** The rank an offer must beat to get in. */
  get bar(): number {
    return this.places.length < this.size ? -Infinity : (this.ranks[this.ranks.length - 1] as number);
  }

  offer(place: number, rank: number): void {
    if (rank <= this.bar) return;
    const at = this.places.indexOf(place);
    if (at >= 0) {
      if ((this.ranks[at] as number) >= rank) return;
      this.places.splice(at, 1);
      this.ranks.splice(at, 1);
    } else if (this.places.length >= this.size) {
      this.places.pop();
      this.ranks.pop();
    }
    let i = this.ranks.length;
    while (i > 0 && (this.ranks[i - 1] as number) < rank) i -= 1;
    this.places.splice(i, 0, place);
    this.ranks.splice(i, 0, rank);
  }
}

/**
 * How much a key's derivation costs against the place's own weight. Alternate names cost a lot: GeoNames lists
 * "Rome" among the alternate names of Lomé and of Washington, and a capital outweighs every Rome but the one.
 */
export const ALTERNATE_PENALTY = 2.5;
export const WORD_PENALTY = 1.0;
export const EXACT_BONUS = 0.6;
export const FUZZY_PENALTY = 1.5;

/**
 * Offers every place with a key starting with q. `weight(place)` is the place's own rank (population, popularity,
 * nearness); the key adds its bonus or penalty.
 */
export function collectPrefix(
  index: KeyIndex,
  q: string,
  weight: (place: number) => number,
  top: TopPlaces,
  penalty = 0,
): void {
  const bytes = utf8.encode(q);
  const [lo, hi] = byteRange(index, bytes);
  // Hot loop (a one-letter query spans tens of thousands of keys): locals, no calls but the weight.
  const starts = index.keyStarts;
  const places = index.keyPlace;
  const keyFlags = index.keyFlags;
  const qlen = bytes.length;
  let bar = top.bar;
  for (let k = lo; k < hi; k += 1) {
    const flags = keyFlags[k] as number;
    const place = places[k] as number;
    let rank = weight(place) - penalty;
    if (flags & KEY_ALTERNATE) rank -= ALTERNATE_PENALTY;
    if (flags & KEY_WORD) rank -= WORD_PENALTY;
    if ((starts[k + 1] as number) - (starts[k] as number) === qlen) rank += EXACT_BONUS;
    if (rank <= bar) continue;
    top.offer(place, rank);
    bar = top.bar;
  }
}

const LATIN = 'abcdefghijklmnopqrstuvwxyz ';
// Normal forms only: finals are folded away by normalisation.
const HEBREW = 'אבגדהוזחטיכלמנסעפצקרשת ';

/**
 * Every spelling one edit (deletion, insertion, substitution, swap of neighbours) away from q, in q's script,
 * at least `minLength` long. Used as prefixes: a typo anywhere in what was typed so far.
 */
export function oneEditVariants(q: string, minLength = 3): string[] {
  const alphabet = /[\u05d0-\u05ea]/.test(q) ? HEBREW : LATIN;
  const out = new Set<string>();
  for (let i = 0; i < q.length; i += 1) {
    out.add(q.slice(0, i) + q.slice(i + 1));
    if (i + 1 < q.length) out.add(q.slice(0, i) + q[i + 1] + q[i] + q.slice(i + 2));
    for (const c of alphabet) {
      if (c !== q[i]) out.add(q.slice(0, i) + c + q.slice(i + 1));
    }
  }
  // Insertions before the last letter only: one at the end only extends the prefix, which the search already covers.
  for (let i = 0; i < q.length; i += 1) {
    for (const c of alphabet) out.add(q.slice(0, i) + c + q.slice(i));
  }
  out.delete(q);
  return [...out].filter((v) => v.trim().length >= minLength && !v.startsWith(' ') && !v.includes('  '));
}
