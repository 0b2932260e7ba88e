import { attractionsByLocationResponse } from '@rides/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineKm } from '../../src/modules/search/search.geo.js';
import type { TestApp } from '../helpers/app.js';
import {
  bodyOf,
  createSearchTestApp,
  demoBearer,
  demoUserIds,
  get,
  insertTrip,
  keyPointOf,
  PLACES,
} from './search-fixtures.js';

/** GET serch_attractions_by_location_api/{lat}/{lng} (ours): the attraction map search, with no trip. */
describe('serch_attractions_by_location_api without a trip', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSearchTestApp();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const url = (p: { lat: number | string; lng: number | string }, query = '') =>
    `/api/serch_attractions_by_location_api/${p.lat}/${p.lng}${query}`;

  it('near Rome: attractions of shared trips, nearest first, within 50 km, none marked inRide; public and cacheable', async () => {
    const res = await get(t, url(PLACES.rome));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public/);
    const body = attractionsByLocationResponse.parse(bodyOf(res));
    expect(body.attractions.length).toBeGreaterThan(3);
    const d = body.attractions.map((a) => a.distance_km);
    expect(d).toEqual([...d].sort((a, b) => a - b));
    for (const a of body.attractions) {
      expect(a.distance_km).toBeLessThanOrEqual(50);
      expect(a.distance_km).toBeCloseTo(haversineKm(keyPointOf(PLACES.rome), a), 1);
      expect(a.inRide).toBe(false);
    }
  });

  it('never offers an attraction only a private or sub-domain trip uses, even to its author', async () => {
    const ids = await demoUserIds(t);
    await insertTrip(t, {
      authorId: ids.planner,
      type: 'private',
      attractions: [{ title: 'Secret spring', ...PLACES.reykjavik }],
    });
    t.app.tripSearch.invalidate();
    for (const headers of [{}, await demoBearer(t, 'planner')]) {
      const body = attractionsByLocationResponse.parse(bodyOf(await get(t, url(PLACES.reykjavik), headers)));
      expect(body.attractions.map((a) => a.title)).not.toContain('Secret spring');
    }
    await insertTrip(t, {
      authorId: ids.traveller,
      attractions: [{ title: 'Shared lagoon', ...PLACES.reykjavik }],
    });
    t.app.tripSearch.invalidate();
    const body = attractionsByLocationResponse.parse(bodyOf(await get(t, url(PLACES.reykjavik))));
    expect(body.attractions.map((a) => a.title)).toEqual(['Shared lagoon']);
  });

  it('radius_km narrows the search; nothing near is an empty list', async () => {
    const wide = attractionsByLocationResponse.parse(bodyOf(await get(t, url(PLACES.rome, '?radius_km=50'))));
    const narrow = attractionsByLocationResponse.parse(
      bodyOf(await get(t, url(PLACES.rome, '?radius_km=0.5'))),
    );
    expect(narrow.attractions.length).toBeLessThan(wide.attractions.length);
    const ocean = attractionsByLocationResponse.parse(bodyOf(await get(t, url({ lat: -40, lng: -140 }))));
    expect(ocean.attractions).toEqual([]);
  });

  it.each([
    ['latitude out of range', url({ lat: 91, lng: 16 })],
    ['longitude not a number', url({ lat: 48, lng: 'east' })],
    ['radius too large', url({ lat: 48, lng: 16 }, '?radius_km=5000')],
  ])('%s: 400 bad_request', async (_name, path) => {
    const res = await get(t, path);
    expect(res.statusCode).toBe(400);
    expect(res.json().ServerMassageCode).toBe('bad_request');
  });
});
