import {
  activitySearchResponse,
  placeDetailsResponse,
  placesAutocompleteResponse,
  type ActivitySearchResponse,
} from '@rides/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accommodations, attractions, categories, rideAttractions, rides } from '../../src/db/schema/index.js';
import type { TestApp } from '../helpers/app.js';
import { createTripsTestApp, demoBearer, get, strangerBearer, userIdOf } from './trips-fixtures.js';

/**
 * The places calls on the local source (no maps service configured) with the demo content: place search, place
 * details, photos, and the activity search near a point. Good and bad input; bad input is a 400, never a 500.
 */
describe('places API (local source)', () => {
  let t: TestApp;
  let masadaId: number;
  let foodId: number;
  beforeAll(async () => {
    t = await createTripsTestApp();
    const db = t.db.db;
    const [masada] = await db.select({ id: attractions.id }).from(attractions).where(eq(attractions.title, 'מצדה'));
    masadaId = masada!.id;
    // A restaurant near Masada (a food category) and a Google place id on Masada, for the searches below.
    const [food] = await db.insert(categories).values({ name: 'אוכל ומסעדות' }).returning({ id: categories.id });
    const authorId = await userIdOf(t, 'planner@demo.rides.local');
    const [restaurant] = await db
      .insert(attractions)
      .values({ authorId, title: 'מסעדת המצוק', text: '<p>דגים <b>טריים</b> &amp; נוף</p>', lat: 31.32, lng: 35.36, categoryId: food!.id, rate: 4.2 })
      .returning({ id: attractions.id });
    foodId = restaurant!.id;
    // On a public trip's day, so anyone may see it (an attraction no trip places is its author's alone: decision 0023).
    const [day] = await db.select({ date: rides.startDate }).from(rides).where(eq(rides.id, 843));
    await db.insert(rideAttractions).values({ rideId: 843, attractionId: foodId, plannedDate: day!.date, position: 99 });
    await db.update(attractions).set({ placeId: 'ChIJmasada' }).where(eq(attractions.id, masadaId));
  }, 120_000);
  afterAll(async () => {
    await t?.dispose();
  });

  const autocomplete = async (query: string) => {
    const res = await get(t, `/api/places_autocomplete?${query}`);
    return { res, body: res.statusCode === 200 ? placesAutocompleteResponse.parse(res.json()) : undefined };
  };
  const expect400 = async (url: string, field?: string, headers: Record<string, string> = {}) => {
    const res = await get(t, url, headers);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    const body = res.json<{ ServerMassageCode: string; errors?: { field: string }[] }>();
    expect(body.ServerMassageCode).toBe('bad_request');
    if (field) expect(body.errors?.map((e) => e.field), url).toContain(field);
  };

  describe('places_autocomplete', () => {
    it('"רומא" → Rome, Italy first, in Hebrew, from the local source, cacheable by anyone', async () => {
      const { res, body } = await autocomplete(`q=${encodeURIComponent('רומא')}`);
      expect(res.statusCode).toBe(200);
      expect(body).toMatchObject({ ServerMassageCode: 'success', source: 'local', notice: null });
      expect(body?.suggestions[0]).toMatchObject({ name: 'רומא', secondary: 'איטליה', countryCode: 'IT', kind: 'city', source: 'local' });
      expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    });

    it('"Dead Sea" in English, "ים המלח" in Hebrew; language picks the names', async () => {
      const en = await autocomplete('q=Dead%20Sea&language=english');
      expect(en.body?.suggestions[0]).toMatchObject({ id: 'rg:dead-sea', name: 'Dead Sea', secondary: 'Israel' });
      const he = await autocomplete(`q=${encodeURIComponent('ים המלח')}&language=hebrew`);
      expect(he.body?.suggestions[0]).toMatchObject({ id: 'rg:dead-sea', name: 'ים המלח' });
    });

    it('finds our own attractions beside the gazetteer', async () => {
      const { body } = await autocomplete(`q=${encodeURIComponent('מצדה')}&limit=10`);
      const ids = body?.suggestions.map((s) => s.id) ?? [];
      expect(ids).toContain('rg:masada');
      expect(ids).toContain(`at:${masadaId}`);
      const own = body?.suggestions.find((s) => s.id === `at:${masadaId}`);
      expect(own).toMatchObject({ kind: 'attraction', name: 'מצדה', source: 'local' });
    });

    it('finds hotels of public trips, never those of private ones', async () => {
      const pub = await autocomplete(`q=${encodeURIComponent('מלון קולוני')}`);
      expect(pub.body?.suggestions.some((s) => s.kind === 'accommodation' && s.name === 'מלון קולוני חיפה')).toBe(true);
      const priv = await autocomplete('q=Hotel%20Schweizerhof');
      expect(priv.res.statusCode).toBe(200);
      expect(priv.body?.suggestions.some((s) => s.kind === 'accommodation')).toBe(false);
    });

    it('honours limit and near', async () => {
      const three = await autocomplete('q=par&limit=3&language=english');
      expect(three.body?.suggestions).toHaveLength(3);
      const near = await autocomplete('q=Paris&language=english&lat=33.66&lng=-95.55&limit=2');
      expect(near.body?.suggestions[0]?.secondary).toBe('TX, United States');
    });

    it('answers an empty list, not an error, for a name nobody has', async () => {
      const { res, body } = await autocomplete('q=qqqqzzzzxxxx');
      expect(res.statusCode).toBe(200);
      expect(body?.suggestions).toEqual([]);
    });

    it('refuses bad input with 400 bad_request naming the field', async () => {
      await expect400('/api/places_autocomplete', 'q');
      await expect400('/api/places_autocomplete?q=', 'q');
      await expect400('/api/places_autocomplete?q=%20%20%20', 'q');
      await expect400(`/api/places_autocomplete?q=${'א'.repeat(2000)}`, 'q');
      await expect400(`/api/places_autocomplete?q=${'a'.repeat(201)}`, 'q');
      await expect400('/api/places_autocomplete?q=rome&language=french', 'language');
      await expect400('/api/places_autocomplete?q=rome&limit=0', 'limit');
      await expect400('/api/places_autocomplete?q=rome&limit=11', 'limit');
      await expect400('/api/places_autocomplete?q=rome&limit=abc', 'limit');
      await expect400('/api/places_autocomplete?q=rome&lat=91&lng=0', 'lat');
      await expect400('/api/places_autocomplete?q=rome&lat=-90.5&lng=0', 'lat');
      await expect400('/api/places_autocomplete?q=rome&lat=abc&lng=0', 'lat');
      await expect400('/api/places_autocomplete?q=rome&lat=1e3&lng=0', 'lat');
      await expect400('/api/places_autocomplete?q=rome&lat=NaN&lng=0', 'lat');
      await expect400('/api/places_autocomplete?q=rome&lat=0&lng=180.01', 'lng');
      await expect400('/api/places_autocomplete?q=rome&lat=0&lng=Infinity', 'lng');
      await expect400('/api/places_autocomplete?q=rome&lat=32', 'lng');
      await expect400('/api/places_autocomplete?q=rome&lng=35', 'lat');
      await expect400('/api/places_autocomplete?q=rome&session=a%20b', 'session');
    });

    it('takes the edges of the ranges', async () => {
      for (const [lat, lng] of [['90', '180'], ['-90', '-180'], ['0', '0'], ['+31.5', '35.'], ['.5', '-.5']]) {
        const { res } = await autocomplete(`q=rome&lat=${lat}&lng=${lng}`);
        expect(res.statusCode, `${lat},${lng}`).toBe(200);
      }
    });
  });

  describe('places_details', () => {
    it('a gazetteer place: coordinates, country and locality in the asked language', async () => {
      const rome = (await autocomplete('q=Rome&language=english')).body?.suggestions[0];
      const res = await get(t, `/api/places_details/local/${rome?.id}?language=hebrew`);
      expect(res.statusCode).toBe(200);
      const body = placeDetailsResponse.parse(res.json());
      expect(body.place).toMatchObject({ id: rome?.id, source: 'local', name: 'רומא', country: 'איטליה', locality: 'רומא', countryCode: 'IT' });
      expect(body.place.lat).toBeCloseTo(41.89, 1);
    });

    it('a destination and our own attraction (text, rating, hours, photos from our data)', async () => {
      const region = placeDetailsResponse.parse((await get(t, '/api/places_details/local/rg:dead-sea?language=english')).json());
      expect(region.place).toMatchObject({ name: 'Dead Sea', kind: 'region', country: 'Israel' });
      const res = await get(t, `/api/places_details/local/at:${masadaId}`);
      expect(res.statusCode).toBe(200);
      const own = placeDetailsResponse.parse(res.json()).place;
      expect(own).toMatchObject({ id: `at:${masadaId}`, name: 'מצדה', kind: 'attraction', rating: 4.8, googlePlaceId: 'ChIJmasada' });
      expect(own.website).toBe('https://www.parks.org.il/');
    });

    it('404 not_found for ids nobody has, and for a hotel of a private trip', async () => {
      const [privateHotel] = await t.db.db
        .select({ id: accommodations.id })
        .from(accommodations)
        .innerJoin(rides, eq(rides.id, accommodations.rideId))
        .where(eq(rides.type, 'private'))
        .limit(1);
      for (const url of [
        '/api/places_details/local/gn:999999999',
        '/api/places_details/local/at:99999999',
        `/api/places_details/local/ac:${privateHotel!.id}`,
        '/api/places_details/local/xx:1',
        '/api/places_details/osm/N123',
        '/api/places_details/google/ChIJnothing',
      ]) {
        const res = await get(t, url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ ServerMassageCode: 'not_found' });
      }
    });

    it('a Google id without Google: our attraction that came from it, saying so', async () => {
      const res = await get(t, '/api/places_details/google/ChIJmasada');
      expect(res.statusCode).toBe(200);
      expect(placeDetailsResponse.parse(res.json())).toMatchObject({ source: 'local', notice: 'places_local_source', place: { name: 'מצדה' } });
    });

    it('refuses an unknown source, a bad id or language with 400', async () => {
      await expect400('/api/places_details/bing/gn:1', 'source');
      await expect400('/api/places_details/local/gn%3A1%3Cscript%3E', 'id');
      await expect400(`/api/places_details/local/${'a'.repeat(301)}`, 'id');
      await expect400('/api/places_details/local/gn:1?language=klingon', 'language');
    });
  });

  describe('places_photo', () => {
    it('404 without a maps service; 400 for a reference that is not a photo', async () => {
      const res = await get(t, '/api/places_photo?ref=places%2FChIJx%2Fphotos%2Fp1');
      expect(res.statusCode).toBe(404);
      await expect400('/api/places_photo?ref=..%2F..%2Fetc%2Fpasswd', 'ref');
      await expect400('/api/places_photo', 'ref');
    });
  });

  describe('serch_activity_by_location_with_google_api', () => {
    const url = (rideId: number | string, lat: number | string, lng: number | string) =>
      `/api/serch_activity_by_location_with_google_api/${rideId}/${lat}/${lng}`;
    const search = async (data: string, rideId: number | string = 1, headers: Record<string, string> = {}) => {
      const res = await get(t, url(rideId, 31.3156, 35.3536), { data, ...headers });
      return { res, body: res.statusCode === 200 ? activitySearchResponse.parse(res.json()) : undefined };
    };

    it('answers our own attractions near the point with the local source, and says so', async () => {
      const { res, body } = await search('{"type":"googleAttractions"}');
      expect(res.statusCode).toBe(200);
      expect(body).toMatchObject({ ServerMassageCode: 'success', source: 'local', notice: 'places_local_source', searchType: 'googleAttractions' });
      const masada = body?.attractions.find((a) => a.id === masadaId);
      expect(masada).toMatchObject({ title: 'מצדה', source: 'local', place_id: 'ChIJmasada', distance_km: 0, inRide: true, rate: 4.8 });
      // Nearest first, all within reach, the restaurant not among the attractions.
      const distances = body?.attractions.map((a) => a.distance_km) ?? [];
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(body?.attractions.some((a) => a.id === foodId)).toBe(false);
      expect(res.headers['cache-control']).toBe('private, no-cache');
    });

    it('googleRestorant: the attractions in a food category, as plain text', async () => {
      const { body } = await search('"googleRestorant"');
      expect(body?.searchType).toBe('googleRestorant');
      expect(body?.attractions.map((a) => a.id)).toEqual([foodId]);
      expect(body?.attractions[0]).toMatchObject({ kind: 'restaurant', text: 'דגים טריים & נוף', inRide: false });
    });

    it('reads every shape of the Data header an old client may send', async () => {
      const shapes: [string, ActivitySearchResponse['searchType']][] = [
        ['"googleAttractions"', 'googleAttractions'],
        // The bare word, as the old client sends it (001 §7 "header Data: googleAttractions or googleRestorant").
        ['googleAttractions', 'googleAttractions'],
        [' googleRestorant ', 'googleRestorant'],
        ['{"type":"googleRestorant"}', 'googleRestorant'],
        ['{"searchType":"googleRestorant"}', 'googleRestorant'],
        ['{"source":"googleAttractions","language":"english"}', 'googleAttractions'],
        ['{"googleRestorant":true}', 'googleRestorant'],
      ];
      for (const [data, type] of shapes) {
        const { res, body } = await search(data);
        expect(res.statusCode, data).toBe(200);
        expect(body?.searchType, data).toBe(type);
      }
    });

    it('refuses a Data header that is missing, names no known search, or is broken JSON', async () => {
      for (const data of [undefined, '', 'googleHotels', 'hello world', '{"type":', '{"type":"googleHotels"}', '42', 'null', '[]', '{"type":"googleAttractions","language":"fr"}']) {
        const res = await get(t, url(1, 31.3, 35.3), data === undefined ? {} : { data });
        expect(res.statusCode, String(data)).toBe(400);
        expect(res.json(), String(data)).toEqual({ ServerMassageCode: 'bad_request', errors: [{ field: 'Data', code: 'bad_request' }] });
      }
    });

    it('refuses coordinates that are out of range or not numbers, and a bad trip id', async () => {
      const data = { data: '"googleAttractions"' };
      await expect400(url(1, 91, 35), 'lat', data);
      await expect400(url(1, -91, 35), 'lat', data);
      await expect400(url(1, 'abc', 35), 'lat', data);
      await expect400(url(1, 31, 181), 'lng', data);
      await expect400(url(1, 31, 'NaN'), 'lng', data);
      await expect400(url(1, 31, '1e2'), 'lng', data);
      await expect400(url('abc', 31, 35), 'rideId', data);
      await expect400(url(0, 31, 35), 'rideId', data);
    });

    it('follows the trip: unknown 404, private 403 to strangers and 200 to its author', async () => {
      const data = { data: '"googleAttractions"' };
      expect((await get(t, url(999999, 31, 35), data)).statusCode).toBe(404);
      const stranger = await get(t, url(228, 47.37, 8.54), { ...data, ...(await strangerBearer(t)) });
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json()).toEqual({ ServerMassageCode: 'user_does_not_have_permission_to_this_private_ride' });
      const author = await get(t, url(228, 47.37, 8.54), { ...data, ...(await demoBearer(t, 'subdomain')) });
      expect(author.statusCode).toBe(200);
    });

    it('answers an empty list far from everything', async () => {
      const res = await get(t, url(1, -60, -150), { data: '"googleAttractions"' });
      expect(res.statusCode).toBe(200);
      expect(activitySearchResponse.parse(res.json()).attractions).toEqual([]);
    });
  });
});
