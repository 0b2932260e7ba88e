import { activitySearchResponse, placeDetailsResponse, placesAutocompleteResponse } from '@rides/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { seedDemo } from '../../src/db/seed/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { startFakeOsm, type FakeOsm } from '../helpers/fake-osm.js';
import { get } from './trips-fixtures.js';

/** The osm source (Nominatim protocol) against a local server speaking it, and its fallback. */
describe('places API (osm source)', () => {
  let fake: FakeOsm;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeOsm();
    t = await createTestApp({ PLACES_PROVIDER: 'osm', OSM_GEOCODER_URL: fake.baseUrl, PLACES_TIMEOUT_MS: '300' });
    await seedDemo(t.db.db, { passwordHash: 'not-a-hash' });
  }, 120_000);
  afterAll(async () => {
    await t?.dispose();
    await fake?.close();
  });

  it('autocomplete: OSM names in the asked language, with coordinates; we name ourselves', async () => {
    fake.requests.length = 0;
    const res = await get(t, `/api/places_autocomplete?q=${encodeURIComponent('רומא')}&language=hebrew&lat=41.9&lng=12.5`);
    expect(res.statusCode).toBe(200);
    const body = placesAutocompleteResponse.parse(res.json());
    expect(body).toMatchObject({ source: 'osm', notice: null });
    expect(body.suggestions[0]).toEqual({
      id: 'R41485',
      source: 'osm',
      name: 'רומא',
      secondary: 'איטליה',
      lat: 41.8933,
      lng: 12.4829,
      kind: 'city',
      countryCode: 'IT',
    });
    const [sent] = fake.requests;
    expect(sent?.path).toBe('/search');
    expect(sent?.query.get('accept-language')).toBe('he');
    expect(sent?.query.get('viewbox')).toMatch(/^[\d.-]+,[\d.-]+,[\d.-]+,[\d.-]+$/);
    expect(sent?.headers['user-agent']).toMatch(/^rides-trip-planner \(/);
  });

  it('details: website, population, opening hours, a link to the map', async () => {
    const rome = placeDetailsResponse.parse((await get(t, '/api/places_details/osm/R41485?language=english')).json());
    expect(rome.place).toMatchObject({ name: 'Rome', kind: 'city', population: 2748109, website: 'https://www.comune.roma.it/', country: 'Italy' });
    const colosseum = placeDetailsResponse.parse((await get(t, '/api/places_details/osm/W27764864?language=english')).json());
    expect(colosseum.place).toMatchObject({
      name: 'Colosseum',
      kind: 'attraction',
      locality: 'Rome',
      openingHours: { weekday_text: ['Mo-Su 08:30-19:15'] },
      mapsUrl: 'https://www.openstreetmap.org/way/27764864',
    });
    expect((await get(t, '/api/places_details/osm/N1')).statusCode).toBe(404);
    expect((await get(t, '/api/places_details/osm/abc')).statusCode).toBe(404);
  });

  it('activities near the Colosseum: attractions and restaurants from a bounded search', async () => {
    fake.requests.length = 0;
    const att = activitySearchResponse.parse(
      (await get(t, '/api/serch_activity_by_location_with_google_api/1/41.8902/12.4922', { data: '"googleAttractions"' })).json(),
    );
    expect(att).toMatchObject({ source: 'osm', notice: null });
    expect(att.attractions).toEqual([expect.objectContaining({ title: 'הקולוסיאום', place_id: 'W27764864', source: 'osm', id: null, kind: 'attraction' })]);
    expect(fake.requests[0]?.query.get('bounded')).toBe('1');
    expect(fake.requests[0]?.query.get('q')).toBe('tourist attraction');
    const food = activitySearchResponse.parse(
      (await get(t, '/api/serch_activity_by_location_with_google_api/1/41.8902/12.4922', { data: '"googleRestorant"' })).json(),
    );
    expect(food.attractions.map((a) => a.place_id)).toEqual(['N2253416511']);
  });

  it('failing: the local source answers with a notice', async () => {
    fake.failWith = 502;
    try {
      const body = placesAutocompleteResponse.parse((await get(t, '/api/places_autocomplete?q=Rome&language=english')).json());
      expect(body).toMatchObject({ source: 'local', notice: 'places_provider_fallback' });
      expect(body.suggestions[0]).toMatchObject({ name: 'Rome', countryCode: 'IT' });
    } finally {
      fake.failWith = 0;
    }
  });
});

describe('places settings', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/rides-places-settings' } as const;

  it('local by default, google when a key is set, osm only when asked', () => {
    expect(loadConfig(base).places.provider).toBe('local');
    expect(loadConfig({ ...base, GOOGLE_MAPS_API_KEY: 'k' }).places).toMatchObject({ provider: 'google', googleBaseUrl: 'https://places.googleapis.com', timeoutMs: 3000 });
    expect(loadConfig({ ...base, GOOGLE_MAPS_API_KEY: 'k', PLACES_PROVIDER: 'local' }).places.provider).toBe('local');
    expect(loadConfig({ ...base, PLACES_PROVIDER: 'osm', OSM_GEOCODER_URL: 'http://127.0.0.1:8080' }).places.provider).toBe('osm');
  });

  it('refuses a source without what it needs, and values out of range', () => {
    expect(() => loadConfig({ ...base, PLACES_PROVIDER: 'google' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PLACES_PROVIDER: 'osm' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PLACES_PROVIDER: 'bing' as 'local' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PLACES_TIMEOUT_MS: '5' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, GOOGLE_MAPS_BASE_URL: 'not a url' })).toThrow(ConfigError);
  });
});
