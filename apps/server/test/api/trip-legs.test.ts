import { createServer } from 'node:http';
import { addDays, estimateLeg, tripLegsResponse, type LegMode, type TripLegsResponse } from '@rides/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accommodations, attractions, rideAttractions, rides } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { listenLocally } from '../helpers/fake-server.js';
import {
  fakeFigures,
  fakeTransitFigures,
  startFakeRouting,
  type FakeRouting,
} from '../helpers/fake-routing.js';
import { EVERYONE, makeWorld, outcome, send, type TogetherWorld, type Who } from './together-fixtures.js';

/**
 * GET /api/trips/{rideId}/legs (issue 36 point 1): whoever may view the trip reads its legs, exactly as its page (the
 * private rule both ways); every day's legs between consecutive stops, the night's stay first and last, the stops
 * without coordinates listed; the contract's estimate without a routing service, the service's answers with one
 * (OSRM and MOTIS here, a local server speaking them), the estimate again when it is down, slow or answers garbage;
 * an unknown mode coded.
 */
let t: TestApp;
let w: TogetherWorld;
let fake: FakeRouting;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
  fake = await startFakeRouting();
});
afterAll(async () => {
  await t?.dispose();
  await fake?.close();
});

const legsOf = (app: TestApp, rideId: number, mode: string, headers: Record<string, string> = {}) =>
  send(app, 'GET', `/api/trips/${rideId}/legs?mode=${mode}`, headers);

async function legs(app: TestApp, rideId: number, mode: LegMode, headers: Record<string, string> = {}) {
  const res = await legsOf(app, rideId, mode, headers);
  expect(res.statusCode, res.body).toBe(200);
  return tripLegsResponse.parse(res.json());
}

const LOUVRE = { lat: 48.8606, lng: 2.3376 };
const NOTRE_DAME = { lat: 48.853, lng: 2.3499 };
const ORSAY = { lat: 48.86, lng: 2.3266 };
const EIFFEL = { lat: 48.8584, lng: 2.2945 };
const HOTEL = { lat: 48.8566, lng: 2.3522 };

/**
 * A public trip of three days in Paris: day 1 the Louvre, a place without coordinates, Notre-Dame; day 2 Orsay and the
 * Eiffel Tower; day 3 nothing. One hotel for the first two nights.
 */
async function parisTrip(app: TestApp, authorId: number) {
  const start = '2031-05-10';
  const [ride] = await app.db.db
    .insert(rides)
    .values({
      authorId,
      title: 'Paris',
      text: '',
      startDate: start,
      endDate: addDays(start, 2),
      type: 'public',
    })
    .returning({ id: rides.id });
  const rideId = ride!.id;
  const places = [
    ['Louvre', LOUVRE, 0],
    ['Somewhere unknown', { lat: 0, lng: 0 }, 0],
    ['Notre-Dame', NOTRE_DAME, 0],
    ['Orsay', ORSAY, 1],
    ['Eiffel Tower', EIFFEL, 1],
  ] as const;
  const ids: Record<string, number> = {};
  for (const [i, [title, at, day]] of places.entries()) {
    const [a] = await app.db.db
      .insert(attractions)
      .values({ authorId, title, text: '', lat: at.lat, lng: at.lng })
      .returning({ id: attractions.id });
    ids[title] = a!.id;
    await app.db.db
      .insert(rideAttractions)
      .values({ rideId, attractionId: a!.id, plannedDate: addDays(start, day), position: i });
  }
  const [stay] = await app.db.db
    .insert(accommodations)
    .values({
      rideId,
      name: 'Hotel du Marais',
      lat: HOTEL.lat,
      lng: HOTEL.lng,
      checkInDate: start,
      checkOutDate: addDays(start, 2),
      status: 'booked',
      orderedByUser: true,
    })
    .returning({ id: accommodations.id });
  return { rideId, ids, stayId: stay!.id };
}

const route = (day: TripLegsResponse['days'][number]) =>
  day.legs.map((l) => `${l.fromKind}:${l.fromId}>${l.toKind}:${l.toId}`);

describe('who may read a trip’s legs: exactly who may read the trip', () => {
  const VIEW: Record<Who, [string, string]> = {
    visitor: ['✓', '403 user_does_not_have_permission_to_this_private_ride'],
    user: ['✓', '403 user_does_not_have_permission_to_this_private_ride'],
    viewer: ['✓', '✓'],
    commenter: ['✓', '✓'],
    editor: ['✓', '✓'],
    owner: ['✓', '✓'],
    planner: ['✓', '✓'],
    'another planner': ['✓', '403 user_does_not_have_permission_to_this_private_ride'],
  };
  for (const who of EVERYONE) {
    it(who, async () => {
      const got: string[] = [];
      const page: string[] = [];
      for (const trip of [w.trips.public, w.trips.private]) {
        got.push(outcome(await legsOf(t, trip.rideId, 'walk', w.headersOf(who))));
        page.push(
          outcome(await send(t, 'GET', `/api/ride_attractions_api/${trip.rideId}`, w.headersOf(who))),
        );
      }
      expect(got).toEqual(VIEW[who]);
      expect(got).toEqual(page);
    });
  }

  it('a private trip’s legs name its stops to its people', async () => {
    const answer = await legs(t, w.trips.private.rideId, 'walk', w.people.viewer.headers);
    const museum = w.trips.private.ids.values().next().value;
    expect(answer.days[0]?.legs[0]).toMatchObject({ fromKind: 'attraction', fromId: museum, toKind: 'stay' });
  });

  it('an unknown trip: 404 not_found; a malformed id: 400', async () => {
    expect(outcome(await legsOf(t, 2_000_000_000, 'walk'))).toBe('404 not_found');
    expect(outcome(await send(t, 'GET', '/api/trips/abc/legs?mode=walk', {}))).toBe('400 bad_request');
  });
});

describe('a trip’s legs, estimated (no routing service)', () => {
  it('every day by its index: the night’s stay first and last, a stop without coordinates listed and skipped', async () => {
    const paris = await parisTrip(t, w.people.owner.id);
    const answer = await legs(t, paris.rideId, 'walk');
    expect(answer).toMatchObject({ ServerMassageCode: 'success', mode: 'walk', routedBy: null });
    expect(answer.days.map((d) => d.dayId)).toEqual([0, 1, 2]);
    const [one, two, three] = answer.days;
    const { Louvre, 'Notre-Dame': notreDame, Orsay, 'Eiffel Tower': eiffel } = paris.ids;
    expect(route(one!)).toEqual([
      `attraction:${Louvre}>attraction:${notreDame}`,
      `attraction:${notreDame}>stay:${paris.stayId}`,
    ]);
    expect(one!.skipped).toEqual([{ kind: 'attraction', id: paris.ids['Somewhere unknown'] }]);
    expect(route(two!)).toEqual([
      `stay:${paris.stayId}>attraction:${Orsay}`,
      `attraction:${Orsay}>attraction:${eiffel}`,
      `attraction:${eiffel}>stay:${paris.stayId}`,
    ]);
    // The last morning at the hotel, nowhere to go: no legs.
    expect(three).toEqual({ dayId: 2, legs: [], totals: { distanceM: 0, durationS: 0 }, skipped: [] });
    // The contract's estimate, labelled so, and the day's totals its sums.
    expect(one!.legs[0]).toEqual({
      fromId: Louvre,
      fromKind: 'attraction',
      toId: notreDame,
      toKind: 'attraction',
      ...estimateLeg(LOUVRE, NOTRE_DAME, 'walk'),
      mode: 'walk',
    });
    for (const d of answer.days) {
      expect(d.totals.distanceM).toBe(d.legs.reduce((s, l) => s + l.distanceM, 0));
      expect(d.totals.durationS).toBe(d.legs.reduce((s, l) => s + l.durationS, 0));
    }
    // The Louvre to Notre-Dame and on to the Marais (1.7 km as the crow flies): under half an hour on foot.
    expect(one!.totals.durationS / 60).toBeGreaterThan(20);
    expect(one!.totals.durationS / 60).toBeLessThan(35);
  });

  it('each mode its own times; driving is quicker than walking', async () => {
    const paris = await parisTrip(t, w.people.owner.id);
    const by: Record<string, number> = {};
    for (const mode of ['walk', 'drive', 'bike', 'transit'] as const) {
      const answer = await legs(t, paris.rideId, mode);
      expect(answer.days[1]!.legs.every((l) => l.mode === mode && l.source === 'estimate')).toBe(true);
      by[mode] = answer.days[1]!.totals.durationS;
    }
    expect(by.drive).toBeLessThan(by.bike!);
    expect(by.bike).toBeLessThan(by.walk!);
  });

  it('the legs follow the trip: an activity removed is a leg less', async () => {
    const paris = await parisTrip(t, w.people.owner.id);
    expect((await legs(t, paris.rideId, 'walk')).days[1]!.legs).toHaveLength(3);
    const removed = await send(
      t,
      'GET',
      `/api/remove_attraction_from_ride_api/${paris.rideId}/${paris.ids.Orsay}`,
      w.people.owner.headers,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(route((await legs(t, paris.rideId, 'walk')).days[1]!)).toEqual([
      `stay:${paris.stayId}>attraction:${paris.ids['Eiffel Tower']}`,
      `attraction:${paris.ids['Eiffel Tower']}>stay:${paris.stayId}`,
    ]);
  });

  it('an unknown or missing mode: 400 unknown_travel_mode', async () => {
    const rideId = w.trips.public.rideId;
    for (const mode of ['fly', 'WALK', 'driving', '']) {
      expect(outcome(await legsOf(t, rideId, mode)), mode).toBe('400 unknown_travel_mode');
    }
    expect(outcome(await send(t, 'GET', `/api/trips/${rideId}/legs`, {}))).toBe('400 unknown_travel_mode');
  });
});

describe('a trip’s legs with a routing service', () => {
  /** An app asking OSRM and MOTIS at this address. */
  const routedApp = (url: string) =>
    createTestApp({ ROUTING_PROVIDER: 'osrm', ROUTING_URL: url, TRANSIT_URL: url });

  it('routed by OSRM (walking, driving, cycling) and MOTIS (public transport), and asked once', async () => {
    fake.mode = 'ok';
    fake.requests.length = 0;
    const app = await routedApp(fake.baseUrl);
    try {
      const owner = (await makeWorld(app)).people.owner;
      const paris = await parisTrip(app, owner.id);
      const walk = await legs(app, paris.rideId, 'walk');
      expect(walk.routedBy).toBe('osrm');
      const first = walk.days[0]!.legs[0]!;
      expect(first).toMatchObject({
        source: 'routed',
        mode: 'walk',
        distanceM: Math.round(fakeFigures(LOUVRE, NOTRE_DAME, 'foot').distanceM),
        durationS: Math.round(fakeFigures(LOUVRE, NOTRE_DAME, 'foot').durationS),
      });
      expect(walk.days.flatMap((d) => d.legs).every((l) => l.source === 'routed')).toBe(true);
      const asked = fake.requests.length;
      expect(asked).toBe(5);
      // Asked again: the kept answers, nothing more asked.
      expect(await legs(app, paris.rideId, 'walk')).toEqual(walk);
      expect(fake.requests).toHaveLength(asked);

      const transit = await legs(app, paris.rideId, 'transit');
      expect(transit.routedBy).toBe('motis');
      expect(transit.days[0]!.legs[0]).toMatchObject({
        source: 'routed',
        mode: 'transit',
        durationS: Math.round(fakeTransitFigures(LOUVRE, NOTRE_DAME).durationS),
      });
    } finally {
      await app.dispose();
    }
  });

  it('down: estimated, labelled so', async () => {
    const { baseUrl, close } = await listenLocally(createServer());
    await close();
    const app = await routedApp(baseUrl);
    try {
      const paris = await parisTrip(app, (await makeWorld(app)).people.owner.id);
      const answer = await legs(app, paris.rideId, 'drive');
      expect(answer.routedBy).toBe('osrm');
      expect(answer.days[0]!.legs[0]).toMatchObject({
        ...estimateLeg(LOUVRE, NOTRE_DAME, 'drive'),
        source: 'estimate',
      });
      expect(answer.days.flatMap((d) => d.legs).every((l) => l.source === 'estimate')).toBe(true);
    } finally {
      await app.dispose();
    }
  });

  it('slow: the estimate within the 2 s the legs wait, not the service’s answer', async () => {
    fake.mode = 'slow';
    fake.delayMs = 5000;
    fake.requests.length = 0;
    const app = await routedApp(fake.baseUrl);
    try {
      const paris = await parisTrip(app, (await makeWorld(app)).people.owner.id);
      const started = Date.now();
      const answer = await legs(app, paris.rideId, 'bike');
      // Answered long before the service would have (a generous bound: a busy machine is slow too).
      expect(Date.now() - started).toBeLessThan(4500);
      expect(fake.requests.length).toBeGreaterThan(0);
      expect(answer.days.flatMap((d) => d.legs).every((l) => l.source === 'estimate')).toBe(true);
      expect(answer.days[1]!.legs[1]).toMatchObject(estimateLeg(ORSAY, EIFFEL, 'bike'));
    } finally {
      await app.dispose();
      fake.mode = 'ok';
    }
  });

  it('garbage: estimated, and nothing kept', async () => {
    fake.mode = 'garbage';
    const app = await routedApp(fake.baseUrl);
    try {
      const paris = await parisTrip(app, (await makeWorld(app)).people.owner.id);
      const answer = await legs(app, paris.rideId, 'transit');
      expect(answer.routedBy).toBe('motis');
      expect(answer.days.flatMap((d) => d.legs).every((l) => l.source === 'estimate')).toBe(true);
      const kept = await app.db.db.execute<{ n: number | string }>(
        sql`SELECT count(*) AS n FROM routed_legs`,
      );
      expect(Number(kept.rows[0]?.n)).toBe(0);
    } finally {
      await app.dispose();
      fake.mode = 'ok';
    }
  });
});
