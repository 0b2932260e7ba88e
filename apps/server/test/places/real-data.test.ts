import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { distanceKm } from '../../src/providers/places/geo.js';
import { createLocalPlaces, type LocalPlaces } from '../../src/providers/places/local/local-source.js';

/**
 * Checks the local gazetteer against real lists of places with Hebrew names that live beside the project (the team's
 * shared test data, read in place and never copied into the product): the GeoNames cities of ≥100,000 people in
 * Israel and Europe with their Hebrew-script names, and the Israel Central Bureau of Statistics list of localities.
 * Where the folder is absent (another machine) the tests say they are skipped, and why.
 * Folder: PLACES_REAL_DATA_DIR, else ../shared/data/places beside the repository.
 */
const repoRoot = resolve(fileURLToPath(import.meta.url), '../../../../..');
const dataDir = process.env.PLACES_REAL_DATA_DIR ?? resolve(repoRoot, '../shared/data/places');
const geonamesFile = join(dataDir, 'geonames_cities100k_IL_EU_hebrew.csv');
const cbsFile = join(dataDir, 'il_localities_cbs.csv');
const present = existsSync(geonamesFile) && existsSync(cbsFile);
if (!present) console.warn(`SKIPPED real-data place tests: ${dataDir} has no geonames_cities100k_IL_EU_hebrew.csv / il_localities_cbs.csv`);

/** RFC 4180 CSV (quoted fields with commas and doubled quotes), BOM dropped. */
function readCsv(file: string): Record<string, string>[] {
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  const [header, ...body] = rows;
  return body.filter((r) => r.length === header!.length).map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

const noOwnPlaces = { named: async () => [], nearby: async () => [], find: async () => undefined, findByGooglePlaceId: async () => undefined };

// Thousands of searches over the whole gazetteer: more than the default time per test on a shared machine.
describe.skipIf(!present)(`real place lists (${present ? dataDir : `SKIPPED: ${dataDir} not found`})`, { timeout: 150_000 }, () => {
  let local: LocalPlaces;
  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: tmpdir() });
    local = createLocalPlaces({
      cacheDir: config.places.cacheDir,
      own: noOwnPlaces,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    await local.ready();
  }, 120_000);

  it('finds GeoNames cities of Israel and Europe by each of their Hebrew-script names (≥ 97%)', async () => {
    let names = 0;
    let found = 0;
    const missed: string[] = [];
    for (const row of readCsv(geonamesFile)) {
      for (const he of (row.hebrew_script_alternates ?? '').split('|').filter(Boolean)) {
        names += 1;
        const suggestions = await local.autocomplete(he, { language: 'hebrew', limit: 5 });
        if (suggestions.some((s) => s.id === `gn:${row.geonameid}`)) found += 1;
        else missed.push(`${he} (${row.name})`);
      }
    }
    console.warn(`GeoNames Hebrew names found: ${found}/${names}; missed: ${missed.join(', ')}`);
    expect(names).toBeGreaterThan(300);
    expect(found / names).toBeGreaterThanOrEqual(0.97);
  });

  it('finds the Israeli cities of the CBS list (≥ 50,000 people) by their Hebrew and English names, at their place', async () => {
    const rows = readCsv(cbsFile);
    expect(rows.length).toBeGreaterThan(1000);
    const coverage: Record<string, { all: number; he: number; en: number }> = {};
    const missedCities: string[] = [];
    for (const row of rows) {
      const population = Number(row.population || 0);
      const lat = Number(row.coordinates_wgs84_latitude);
      const lng = Number(row.coordinates_wgs84_longitude);
      const near = async (q: string, language: 'hebrew' | 'english') =>
        (await local.autocomplete(q, { language, limit: 5 })).some((s) => s.lat !== null && s.lng !== null && distanceKm(lat, lng, s.lat, s.lng) < 10);
      const band = population >= 50_000 ? '50,000+' : population >= 20_000 ? '20,000+' : population >= 5_000 ? '5,000+' : 'smaller';
      const c = (coverage[band] ??= { all: 0, he: 0, en: 0 });
      c.all += 1;
      const he = await near(row.name as string, 'hebrew');
      const en = await near(row.name_en as string, 'english');
      if (he) c.he += 1;
      if (en) c.en += 1;
      if (band === '50,000+' && !he) missedCities.push(row.name as string);
    }
    console.warn(`CBS localities found (Hebrew / English name, within 10 km): ${JSON.stringify(coverage)}; cities missed: ${missedCities.join(', ')}`);
    const cities = coverage['50,000+']!;
    expect(cities.all).toBeGreaterThan(30);
    expect(cities.he / cities.all).toBeGreaterThanOrEqual(0.9);
    expect(cities.en / cities.all).toBeGreaterThanOrEqual(0.9);
  });
});
