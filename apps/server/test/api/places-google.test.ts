import { activitySearchResponse, attractionResponse, placeDetailsResponse, placesAutocompleteResponse } from '@rides/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { attractions } from '../../src/db/schema/index.js';
import { seedDemo } from '../../src/db/seed/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { GOOGLE_PLACES_TEST_KEY, startFakeGooglePlaces, type FakeGooglePlaces } from '../helpers/fake-google-places.js';
import { get } from './trips-fixtures.js';

/**
 * The google source, run for real against a local server speaking Google's Places API (New) protocol; and the
 * fallback to the local source when Google fails, answers late or refuses our key.
 */
async function googleApp(fake: FakeGooglePlaces, key = GOOGLE_PLACES_TEST_KEY): Promise<TestApp> {
  const t = await createTestApp({ GOOGLE_MAPS_API_KEY: key, GOOGLE_MAPS_BASE_URL: fake.baseUrl, PLACES_TIMEOUT_MS: '300' });
  await seedDemo(t.db.db, { passwordHash: 'not-a-hash' });
  return t;
}

const activityUrl = (lat: number, lng: number, rideId = 1) => `/api/serch_activity_by_location_with_google_api/${rideId}/${lat}/${lng}`;

describe('places API (google source)', () => {
  let fake: FakeGooglePlaces;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeGooglePlaces();
    t = await googleApp(fake);
  }, 120_000);
  afterAll(async () => {
    await t?.dispose();
    await fake?.close();
  });

  it('is the default source when a key is set', () => {
    expect(t.config.places.provider).toBe('google');
  });

  it('autocomplete: Google\'s suggestions in the asked language, without coordinates; key in a header, never in the answer', async () => {
    fake.requests.length = 0;
    const res = await get(t, `/api/places_autocomplete?q=${encodeURIComponent('רומ')}&language=hebrew&lat=41.9&lng=12.5&session=abc-123`);
    expect(res.statusCode).toBe(200);
    const body = placesAutocompleteResponse.parse(res.json());
    expect(body).toMatchObject({ source: 'google', notice: null });
    expect(body.suggestions[0]).toMatchObject({ id: 'ChIJrome', source: 'google', name: 'רומא', secondary: 'רומא, איטליה', kind: 'city', lat: null, lng: null });
    expect(res.body).not.toContain(GOOGLE_PLACES_TEST_KEY);
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const [sent] = fake.requests;
    expect(sent?.path).toBe('/v1/places:autocomplete');
    expect(sent?.headers['x-goog-api-key']).toBe(GOOGLE_PLACES_TEST_KEY);
    expect(sent?.query.get('key')).toBeNull();
    expect(sent?.body).toMatchObject({
      input: 'רומ',
      languageCode: 'he',
      sessionToken: 'abc-123',
      locationBias: { circle: { center: { latitude: 41.9, longitude: 12.5 } } },
    });
  });

  it('details: rating, opening hours, reviews, at most 6 photos at 500 px through our own address', async () => {
    fake.requests.length = 0;
    const res = await get(t, '/api/places_details/google/ChIJcolosseum?language=english&session=abc-123');
    expect(res.statusCode).toBe(200);
    const { place, source, notice } = placeDetailsResponse.parse(res.json());
    expect({ source, notice }).toEqual({ source: 'google', notice: null });
    expect(place).toMatchObject({
      id: 'ChIJcolosseum',
      name: 'Colosseum',
      kind: 'attraction',
      countryCode: 'IT',
      country: 'Italy',
      locality: 'Rome',
      address: 'Piazza del Colosseo, 1, 00184 Roma RM, Italy',
      website: 'https://colosseo.it/',
      rating: 4.7,
      userRatingCount: 1234,
      openingHours: { weekday_text: ['Monday: 8:30 AM – 7:15 PM', 'Tuesday: 8:30 AM – 7:15 PM'] },
      reviews: [{ author_name: 'Dana', rating: 5, text: 'Breathtaking <b>at sunset</b>' }],
      googlePlaceId: 'ChIJcolosseum',
    });
    expect(place.lat).toBeCloseTo(41.8902, 4);
    expect(place.photos).toHaveLength(6);
    expect(place.photos[0]).toEqual({
      url: '/api/places_photo?ref=places%2FChIJcolosseum%2Fphotos%2Fc1',
      width: 500,
      height: 333,
      htmlAttributions: ['<a href="https://maps.google.com/maps/contrib/1" rel="noopener noreferrer">Photo &lt;Owner&gt;</a>'],
    });
    expect(res.body).not.toContain(GOOGLE_PLACES_TEST_KEY);
    const [sent] = fake.requests;
    expect(sent?.path).toBe('/v1/places/ChIJcolosseum');
    expect(sent?.query.get('languageCode')).toBe('en');
    expect(sent?.query.get('sessionToken')).toBe('abc-123');
    expect(String(sent?.headers['x-goog-fieldmask'])).toContain('regularOpeningHours');
  });

  it('details: 404 for an id Google does not know', async () => {
    const res = await get(t, '/api/places_details/google/ChIJunknown');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ServerMassageCode: 'not_found' });
  });

  it('attraction_api/{id}/google: the place as an attraction, in the asked language; an unknown id is 404', async () => {
    const res = await get(t, '/api/attraction_api/ChIJcolosseum/google?language=english');
    expect(res.statusCode).toBe(200);
    const { attraction } = attractionResponse.parse(res.json());
    expect(attraction).toMatchObject({
      id: 0,
      authorId: 0,
      title: 'Colosseum',
      address: 'Piazza del Colosseo, 1, 00184 Roma RM, Italy',
      link: 'https://colosseo.it/',
      rate: 4.7,
      placeId: 'ChIJcolosseum',
      openingHours: { weekday_text: ['Monday: 8:30 AM – 7:15 PM', 'Tuesday: 8:30 AM – 7:15 PM'] },
      reviews: [{ author_name: 'Dana', rating: 5, text: 'Breathtaking <b>at sunset</b>' }],
      image: '/api/places_photo?ref=places%2FChIJcolosseum%2Fphotos%2Fc1',
      affiliate: null,
    });
    expect(attraction.latitude).toBeCloseTo(41.8902, 4);
    expect(attraction.images[0]).toBe(attraction.image);
    expect(fake.requests.at(-1)?.query.get('languageCode')).toBe('en');
    expect(res.body).not.toContain(GOOGLE_PLACES_TEST_KEY);
    const unknown = await get(t, '/api/attraction_api/ChIJunknown/google');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ ServerMassageCode: 'not_found' });
  });

  it('details: local ids still answer from the local source', async () => {
    const res = await get(t, '/api/places_details/local/rg:dead-sea?language=english');
    expect(placeDetailsResponse.parse(res.json())).toMatchObject({ source: 'local', notice: null, place: { name: 'Dead Sea' } });
  });

  it('photo: redirects to the image address Google gives, once asked, then from memory', async () => {
    fake.requests.length = 0;
    const url = '/api/places_photo?ref=places%2FChIJcolosseum%2Fphotos%2Fc2';
    const res = await get(t, url);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://lh3.googleusercontent.com/places/c2=s500');
    expect(res.headers.location).not.toContain(GOOGLE_PLACES_TEST_KEY);
    expect(fake.requests[0]?.query.get('skipHttpRedirect')).toBe('true');
    expect(fake.requests[0]?.query.get('maxHeightPx')).toBe('500');
    expect((await get(t, url)).statusCode).toBe(302);
    expect(fake.requests).toHaveLength(1);
    expect((await get(t, '/api/places_photo?ref=places%2FChIJcolosseum%2Fphotos%2Fnope')).statusCode).toBe(404);
  });

  it('activities near the Colosseum: attractions with googleAttractions, restaurants with googleRestorant', async () => {
    fake.requests.length = 0;
    const res = await get(t, activityUrl(41.8902, 12.4922), { data: '{"type":"googleAttractions"}' });
    expect(res.statusCode).toBe(200);
    const body = activitySearchResponse.parse(res.json());
    expect(body).toMatchObject({ source: 'google', notice: null, searchType: 'googleAttractions' });
    // Trip 1 is in Hebrew: so are the results, unless the Data header says otherwise.
    expect(body.attractions.map((a) => a.title).sort()).toEqual(['הקולוסיאום', 'מזרקת טרווי']);
    expect(body.attractions.find((a) => a.place_id === 'ChIJcolosseum')).toMatchObject({
      id: null,
      place_id: 'ChIJcolosseum',
      source: 'google',
      rate: 4.7,
      text: 'Iconic ancient amphitheatre.',
      image: '/api/places_photo?ref=places%2FChIJcolosseum%2Fphotos%2Fc1',
      link: 'https://colosseo.it/',
      distance_km: 0,
      inRide: false,
    });
    expect(fake.requests[0]?.body).toMatchObject({ includedTypes: ['tourist_attraction'], languageCode: 'he' });
    const food = activitySearchResponse.parse(
      (await get(t, activityUrl(41.8902, 12.4922), { data: '{"type":"googleRestorant","language":"english"}' })).json(),
    );
    expect(food.attractions.map((a) => a.title)).toEqual(['Da Enzo al 29']);
    expect(food.attractions[0]?.kind).toBe('restaurant');
    expect(fake.requests[1]?.body).toMatchObject({ includedTypes: ['restaurant'], languageCode: 'en' });
  });

  it('activities: a place the trip already has is marked inRide', async () => {
    const [first] = await t.db.db.select({ id: attractions.id }).from(attractions).where(eq(attractions.title, 'מצדה'));
    await t.db.db.update(attractions).set({ placeId: 'ChIJcolosseum' }).where(eq(attractions.id, first!.id));
    t.app.rides.invalidateTrip(1);
    const body = activitySearchResponse.parse((await get(t, activityUrl(41.8902, 12.4922), { data: '"googleAttractions"' })).json());
    expect(body.attractions.find((a) => a.place_id === 'ChIJcolosseum')?.inRide).toBe(true);
    expect(body.attractions.find((a) => a.place_id === 'ChIJtrevi')?.inRide).toBe(false);
  });

  it('nothing near the point at Google: our own data answers, saying so', async () => {
    const res = await get(t, activityUrl(31.3156, 35.3536), { data: '"googleAttractions"' });
    const body = activitySearchResponse.parse(res.json());
    expect(body).toMatchObject({ source: 'local', notice: 'places_provider_fallback' });
    expect(body.attractions.some((a) => a.title === 'מצדה')).toBe(true);
  });
});

describe('places API (google source failing)', () => {
  let fake: FakeGooglePlaces;
  let apps: TestApp[] = [];
  beforeAll(async () => {
    fake = await startFakeGooglePlaces();
  });
  afterEach(async () => {
    await Promise.all(apps.map((a) => a.dispose()));
    apps = [];
    fake.delayMs = 0;
    fake.failWith = 0;
    fake.requests.length = 0;
  });
  afterAll(async () => {
    await fake?.close();
  });
  const app = async (key?: string) => {
    const t = await googleApp(fake, key);
    apps.push(t);
    return t;
  };

  it('too slow: answers from the local source within the timeout, with a notice, not cached; then rests', async () => {
    const t = await app();
    fake.delayMs = 2000;
    const started = Date.now();
    const res = await get(t, `/api/places_autocomplete?q=${encodeURIComponent('רומא')}`);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(res.statusCode).toBe(200);
    const body = placesAutocompleteResponse.parse(res.json());
    expect(body).toMatchObject({ source: 'local', notice: 'places_provider_fallback' });
    expect(body.suggestions[0]).toMatchObject({ name: 'רומא', countryCode: 'IT', source: 'local' });
    expect(res.headers['cache-control']).toBe('no-store');
    // While Google rests, the next keystroke does not wait for it at all.
    const before = fake.requests.length;
    const again = placesAutocompleteResponse.parse((await get(t, '/api/places_autocomplete?q=Dead%20Sea&language=english')).json());
    expect(again).toMatchObject({ source: 'local', notice: 'places_provider_fallback' });
    expect(again.suggestions[0]?.id).toBe('rg:dead-sea');
    expect(fake.requests.length).toBe(before);
  });

  it('failing (500): activities from our own data with a notice; details of a place we keep from our copy', async () => {
    const t = await app();
    fake.failWith = 500;
    const res = await get(t, activityUrl(31.3156, 35.3536), { data: '"googleAttractions"' });
    expect(res.statusCode).toBe(200);
    const body = activitySearchResponse.parse(res.json());
    expect(body).toMatchObject({ source: 'local', notice: 'places_provider_fallback', searchType: 'googleAttractions' });
    expect(body.attractions.some((a) => a.title === 'מצדה')).toBe(true);

    await t.db.db.update(attractions).set({ placeId: 'ChIJmasada' }).where(eq(attractions.title, 'מצדה'));
    const copy = await get(t, '/api/places_details/google/ChIJmasada');
    expect(copy.statusCode).toBe(200);
    expect(placeDetailsResponse.parse(copy.json())).toMatchObject({ source: 'local', notice: 'places_provider_fallback', place: { name: 'מצדה' } });
    const none = await get(t, '/api/places_details/google/ChIJcolosseum');
    expect(none.statusCode).toBe(503);
    expect(none.json()).toEqual({ ServerMassageCode: 'api_call_failed' });
    // attraction_api/{id}/google: our attraction from that place answers as itself; another place cannot be looked up.
    const ours = await get(t, '/api/attraction_api/ChIJmasada/google');
    expect(ours.statusCode).toBe(200);
    expect(attractionResponse.parse(ours.json()).attraction).toMatchObject({ title: 'מצדה', placeId: 'ChIJmasada', id: expect.any(Number) });
    expect(attractionResponse.parse(ours.json()).attraction.id).toBeGreaterThan(0);
    const failed = await get(t, '/api/attraction_api/ChIJcolosseum/google');
    expect(failed.json()).toEqual({ ServerMassageCode: 'api_call_failed' });
    expect((await get(t, '/api/places_photo?ref=places%2FChIJcolosseum%2Fphotos%2Fc1')).statusCode).toBe(404);
  });

  it('our key refused (403): the local source answers, with a notice', async () => {
    const t = await app('wrong-key');
    const res = await get(t, '/api/places_autocomplete?q=Rome&language=english');
    expect(res.statusCode).toBe(200);
    const body = placesAutocompleteResponse.parse(res.json());
    expect(body).toMatchObject({ source: 'local', notice: 'places_provider_fallback' });
    expect(body.suggestions[0]).toMatchObject({ name: 'Rome', countryCode: 'IT' });
    expect(fake.requests.some((r) => r.headers['x-goog-api-key'] === 'wrong-key')).toBe(true);
  });
});
