import { gunzipSync } from 'node:zlib';
import { addDays, isoToTripDate, rideAttractionsResponse, type RideAccommodationsResponse } from '@rides/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rideAuthorizedUsers } from '../../src/db/schema/index.js';
import { tripPageReads } from '../../src/modules/trips/trip-page-data.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, makeTrip, newUser, START } from './trip-editing-fixtures.js';

/**
 * A booking's confirmation number is the traveller's (issue 6, decision 0018; issue 30, decision 0047): the trip's
 * author reads it, and on a private trip its planner and authorised clients; nobody else does, in any call or any
 * cached byte: ride_attractions_api (plain and gzip, whoever filled the cache first),
 * ride_header_api, the checklist and the trip data the server writes into the trip page.
 */

let t: TestApp;
let author: Awaited<ReturnType<typeof newUser>>;
let other: Awaited<ReturnType<typeof newUser>>;
let planner: Awaited<ReturnType<typeof newUser>>;
beforeAll(async () => {
  t = await createTestApp();
  author = await newUser(t);
  other = await newUser(t);
  planner = await newUser(t, 'manager');
});
afterAll(() => t.dispose());

type Headers = Record<string, string>;
const ANONYMOUS: Headers = {};

/** ride_attractions_api's body as text, plain or gzip-decoded. */
async function pageText(rideId: number, headers: Headers, gzip = false): Promise<string> {
  const res = await call(t, 'GET', `/api/ride_attractions_api/${rideId}`, { headers: gzip ? { ...headers, 'accept-encoding': 'gzip' } : headers });
  expect(res.statusCode, res.body).toBe(200);
  const text = gzip ? gunzipSync(res.rawPayload).toString('utf8') : res.body;
  rideAttractionsResponse.parse(JSON.parse(text));
  return text;
}

/** The confirmation numbers a reader of the trip page gets, night by night (null where a stay carries none). */
async function confirmations(rideId: number, headers: Headers): Promise<(string | null)[]> {
  const page = rideAttractionsResponse.parse(JSON.parse(await pageText(rideId, headers)));
  return page.attractionsByDay.flatMap((d) => [d.accommodation, d.base_trip_accommodation]).filter((a) => a !== null).map((a) => a.booking_confirmation);
}

const visitors = (): [string, Headers][] => [
  ['another user', other.headers],
  ['anonymous', ANONYMOUS],
];

describe('ride_attractions_api: a booking confirmation number', () => {
  for (const first of ['author', 'visitor'] as const) {
    it(`reaches the author and no one else, whoever read the trip first (${first})`, async () => {
      const { rideId } = await makeTrip(t, { authorId: author.id, days: 5, stays: [{ firstDay: 0, nights: 2, ordered: true }, { firstDay: 2, nights: 2, ordered: false }] });
      // Fill the cache with one reader's variant, then read with the other.
      if (first === 'author') await pageText(rideId, author.headers, true);
      else await pageText(rideId, ANONYMOUS, true);
      expect(t.app.rides.isCached(rideId)).toBe(true);

      expect(await confirmations(rideId, author.headers)).toEqual(['CONF-0', 'CONF-0', null, null]);
      for (const gzip of [false, true]) expect(await pageText(rideId, author.headers, gzip)).toContain('CONF-0');
      for (const [who, headers] of visitors()) {
        expect(await confirmations(rideId, headers), who).toEqual([null, null, null, null]);
        for (const gzip of [false, true]) expect(await pageText(rideId, headers, gzip), who).not.toContain('CONF-0');
      }
      // The author's own reads afterwards still carry it (the visitors' variant did not replace theirs).
      expect(await pageText(rideId, author.headers, true)).toContain('CONF-0');
    });
  }

  it('reaches a private trip’s planner and authorised clients (issue 30), with its dates hidden too, never a stranger', async () => {
    // A private trip that ended long ago: its client sees it with its dates hidden (000 §6); the planner sees the dates.
    const { rideId } = await makeTrip(t, {
      authorId: author.id,
      days: 3,
      startDate: '2020-01-10',
      type: 'private',
      rideManagerId: planner.id,
      stays: [{ firstDay: 0, nights: 2, ordered: true }],
    });
    const client = await newUser(t);
    await t.db.db.insert(rideAuthorizedUsers).values({ rideId, userId: client.id });
    // A stranger's read is refused first, so no variant of theirs could have carried the number to the others.
    expect((await call(t, 'GET', `/api/ride_attractions_api/${rideId}`, { headers: other.headers })).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/ride_attractions_api/${rideId}`)).statusCode).toBe(403);
    for (const headers of [author.headers, planner.headers, client.headers]) {
      for (const gzip of [false, true]) expect(await pageText(rideId, headers, gzip)).toContain('CONF-0');
    }
    const hidden = rideAttractionsResponse.parse(JSON.parse(await pageText(rideId, client.headers)));
    expect(hidden.ride.dates_hidden).toBe(true);
    expect(hidden.attractionsByDay[0]?.accommodation).toMatchObject({ name: 'Stay 0', booking_confirmation: 'CONF-0', check_in_date: null });
  });

  it('is withheld from the signed-in visitors and the authorised readers of a public trip', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 3, stays: [{ firstDay: 0, nights: 2, ordered: true }] });
    // ride_authorized_users of a public trip (left from when it was private) give no right to the bookings.
    await t.db.db.insert(rideAuthorizedUsers).values({ rideId, userId: other.id });
    expect(await pageText(rideId, author.headers)).toContain('CONF-0');
    for (const [who, headers] of [...visitors(), ['a manager', planner.headers] as [string, Headers]]) {
      expect(await pageText(rideId, headers, true), who).not.toContain('CONF-0');
    }
  });

  it('follows a change at once: the author’s new number reaches the author only', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 4 });
    await pageText(rideId, ANONYMOUS); // cached before the change
    const res = await call(t, 'POST', `/api/create_accommodation_and_add_to_ride_api/${rideId}`, {
      headers: author.headers,
      payload: {
        name: 'Hotel Yam',
        country: 'Israel',
        city: 'Haifa',
        lat: 32.81,
        lng: 34.98,
        booking_confirmation: 'SECRET-42',
        check_in_date: isoToTripDate(addDays(START, 1)),
        check_out_date: isoToTripDate(addDays(START, 3)),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ accommodation: { booking_confirmation: string } }>().accommodation.booking_confirmation).toBe('SECRET-42');
    expect(await confirmations(rideId, author.headers)).toEqual(['SECRET-42', 'SECRET-42']);
    for (const [who, headers] of visitors()) expect(await confirmations(rideId, headers), who).toEqual([null, null]);
  });

  it('costs no second variant on a trip without confirmation numbers: the author gets the visitors’ bytes', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 3, stays: [{ firstDay: 0, nights: 2, ordered: false }] });
    const forVisitor = await t.app.rides.tripPageBody(rideId, null);
    const forAuthor = await t.app.rides.tripPageBody(rideId, { id: author.id, role: 'user', isAdmin: false });
    // The same bytes, not a copy (the answer around them carries the trip's version: decision 0065).
    expect(forAuthor.identity).toBe(forVisitor.identity);
    expect(forAuthor.gzip).toBe(forVisitor.gzip);
  });
});

describe('the other reads of a trip carry no confirmation number', () => {
  it('ride_header_api, for the author and for others', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 3, stays: [{ firstDay: 0, nights: 2, ordered: true }] });
    for (const headers of [author.headers, other.headers, ANONYMOUS]) {
      const res = await call(t, 'GET', `/api/ride_header_api/${rideId}`, { headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain('CONF-0');
      expect(res.body).not.toContain('booking_confirmation');
    }
  });

  it('the trip data written into the server-rendered trip page, even after the author filled the cache', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 3, stays: [{ firstDay: 0, nights: 2, ordered: true }] });
    expect(await pageText(rideId, author.headers)).toContain('CONF-0');
    const json = await tripPageReads(t.app.rides, `/single_ride_with_map/${rideId}`);
    expect(json).not.toBeNull();
    expect(json).toContain('"booking_confirmation":null');
    expect(json).not.toContain('CONF-0');
  });

  it('ride_accommodations_api (the checklist): the author reads it, others do not', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 3, stays: [{ firstDay: 0, nights: 2, ordered: true }] });
    const read = async (headers: Headers) => {
      const res = await call(t, 'GET', `/api/ride_accommodations_api/${rideId}`, { headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<RideAccommodationsResponse>().ride.map((a) => a.booking_confirmation);
    };
    expect(await read(author.headers)).toEqual(['CONF-0']);
    for (const [who, headers] of visitors()) expect(await read(headers), who).toEqual([null]);
  });
});
