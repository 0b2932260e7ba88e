import { searchPointsResponse, type SearchPointsResponse } from '@rides/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineKm } from '../../src/modules/search/search.geo.js';
import { postJson, type TestApp } from '../helpers/app.js';
import { bodyOf, createSearchTestApp, demoUserIds, get, insertTrip, PLACES } from './search-fixtures.js';

/** get_all_sertch_point (000 §7, 001 §7): where shared trips are, with counts, for /global_map. */
describe('get_all_sertch_point', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSearchTestApp();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const points = async (payload: unknown) => {
    const res = await postJson(t.app, '/api/get_all_sertch_point', payload);
    expect(res.statusCode, res.body).toBe(200);
    return searchPointsResponse.parse(bodyOf(res)).serch_points.sertchPoint;
  };
  const within = (list: SearchPointsResponse['serch_points']['sertchPoint'], place: { lat: number; lng: number }, km: number) =>
    list.filter((p) => haversineKm(p, place) <= km);

  it('answers serch_points.sertchPoint: points with lat, lng and the number of trips there', async () => {
    const res = await postJson(t.app, '/api/get_all_sertch_point', {});
    const body = searchPointsResponse.parse(bodyOf(res));
    expect(body.ServerMassageCode).toBe('success');
    const list = body.serch_points.sertchPoint;
    expect(list.length).toBeGreaterThan(10);
    for (const p of list) {
      expect(p.count).toBeGreaterThanOrEqual(1);
      expect(Math.abs(p.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(p.lng)).toBeLessThanOrEqual(180);
    }
    // Most trips first.
    const counts = list.map((p) => p.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('Jerusalem: one point with two trips (1 and 183); the Galilee three (843 too); Rome one; the private Alps trip none', async () => {
    const list = await points({});
    expect(within(list, PLACES.jerusalem, 30).map((p) => p.count)).toEqual([2]);
    expect(Math.max(...within(list, PLACES.tiberias, 30).map((p) => p.count))).toBe(3);
    expect(within(list, PLACES.rome, 30).map((p) => p.count)).toEqual([1]);
    expect(within(list, PLACES.zurich, 60)).toEqual([]);
  });

  it('a date period keeps the trips whose days overlap it', async () => {
    // Trip 719 (Rome) runs 12–22 July 2026; nothing else is in July 2026.
    const july = await points({ start_date: '01-07-2026', end_date: '31-07-2026' });
    expect(july.length).toBeGreaterThan(0);
    expect(july.every((p) => p.lat > 40 && p.lat < 45 && p.lng > 10 && p.lng < 13)).toBe(true);
    // The last day counts: the period starting on the trip's end date still holds it.
    expect((await points({ start_date: '22-07-2026', end_date: '22-07-2026' })).length).toBeGreaterThan(0);
    expect(await points({ start_date: '23-07-2026', end_date: '24-07-2026' })).toEqual([]);
    // From 2027 only: 183, 843 and 72 (Israel and France), not Rome.
    const from2027 = await points({ start_date: '01-01-2027' });
    expect(within(from2027, PLACES.rome, 50)).toEqual([]);
    expect(within(from2027, PLACES.paris, 50).length).toBeGreaterThan(0);
    expect(within(from2027, PLACES.jerusalem, 30).length).toBeGreaterThan(0);
    // Until the end of 2026: 1, 719, 233; not Paris (72 is 2027).
    const until2026 = await points({ end_date: '31-12-2026' });
    expect(within(until2026, PLACES.paris, 30)).toEqual([]);
    expect(within(until2026, PLACES.rome, 30).length).toBeGreaterThan(0);
  });

  it('a trip counts once in a cell however many of its attractions are there; private trips never', async () => {
    const users = await demoUserIds(t);
    const spot = { lat: -45.03, lng: 168.66 }; // Queenstown
    await insertTrip(t, { authorId: users.traveller, attractions: [{ title: 'a', ...spot }, { title: 'b', lat: spot.lat + 0.01, lng: spot.lng }] });
    await insertTrip(t, { authorId: users.traveller, attractions: [{ title: 'c', ...spot }] });
    await insertTrip(t, { authorId: users.planner, type: 'private', rideManagerId: users.planner, attractions: [{ title: 'd', ...spot }] });
    t.app.tripSearch.invalidate();
    const here = within(await points({}), spot, 20);
    expect(here).toHaveLength(1);
    expect(here[0]?.count).toBe(2);
  });

  it('GET with the dates in the query, and a POST with no body, work as well', async () => {
    const viaGet = await get(t, '/api/get_all_sertch_point?start_date=01-07-2026&end_date=31-07-2026');
    expect(viaGet.statusCode).toBe(200);
    expect(searchPointsResponse.parse(bodyOf(viaGet)).serch_points.sertchPoint).toEqual(await points({ start_date: '01-07-2026', end_date: '31-07-2026' }));
    expect(viaGet.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    const empty = await t.app.inject({ method: 'POST', url: '/api/get_all_sertch_point' });
    expect(empty.statusCode).toBe(200);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/get_all_sertch_point',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'start_date=&end_date=',
    });
    expect(form.statusCode).toBe(200);
  });

  describe('bad dates answer 400 bad_request', () => {
    const cases: [string, unknown][] = [
      ['not a date', { start_date: 'yesterday' }],
      ['ISO instead of DD-MM-YYYY', { start_date: '2026-07-01' }],
      ['31 February', { start_date: '31-02-2026' }],
      ['month 13', { end_date: '01-13-2026' }],
      ['a number', { start_date: 20260701 }],
      ['start after end', { start_date: '02-07-2026', end_date: '01-07-2026' }],
    ];
    it.each(cases)('%s', async (_name, payload) => {
      const res = await postJson(t.app, '/api/get_all_sertch_point', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ ServerMassageCode: 'bad_request' });
    });
    it('in the GET query too', async () => {
      const res = await get(t, '/api/get_all_sertch_point?start_date=99-99-2026');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ServerMassageCode: 'bad_request' });
    });
  });
});
