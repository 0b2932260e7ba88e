import { createServer } from 'node:http';
import type { LegMode } from '@rides/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import {
  createGraphHopperProvider,
  createMotisProvider,
  createOsrmProvider,
  createRoutingProviders,
  createValhallaProvider,
  motisDeparture,
  RoutingProviderError,
  type RoutingProvider,
} from '../../src/providers/routing/index.js';
import { listenLocally } from '../helpers/fake-server.js';
import {
  fakeFigures,
  fakeTransitFigures,
  startFakeRouting,
  type FakeRouting,
} from '../helpers/fake-routing.js';

/**
 * The routing services' protocols (issue 36 point 1): each provider against a local server speaking it — the answer
 * read, the request as the service documents it, and every way it can fail (down, an error, slow, garbage, no route).
 * No database.
 */
const LOUVRE = { lat: 48.8606, lng: 2.3376 };
const NOTRE_DAME = { lat: 48.853, lng: 2.3499 };
/** Short, so a slow service is given up on quickly here; the legs' own 2 s is the API test's. */
const TIMEOUT_MS = 400;

let fake: FakeRouting;
beforeAll(async () => {
  fake = await startFakeRouting();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.mode = 'ok';
  fake.delayMs = 3000;
  fake.requests.length = 0;
});

const rounded = (f: { distanceM: number; durationS: number }) => ({
  distanceM: Math.round(f.distanceM),
  durationS: Math.round(f.durationS),
});

/** A port nothing listens on. */
async function closedPort(): Promise<string> {
  const { baseUrl, close } = await listenLocally(createServer());
  await close();
  return baseUrl;
}

/** Why a provider failed: its kind, or 'answered' when it did not fail. */
async function failure(p: RoutingProvider, mode: LegMode): Promise<string> {
  try {
    await p.route(LOUVRE, NOTRE_DAME, mode);
    return 'answered';
  } catch (err) {
    expect(err).toBeInstanceOf(RoutingProviderError);
    return (err as RoutingProviderError).kind;
  }
}

/** Each road router: how it is made, its profile per mode, and the request a walk from the Louvre to Notre-Dame is. */
const ROAD: [
  string,
  (o: { baseUrl: string; timeoutMs: number }) => RoutingProvider,
  Record<string, string>,
  { method: string; url: string; body?: unknown },
][] = [
  [
    'OSRM',
    createOsrmProvider,
    { walk: 'foot', drive: 'car', bike: 'bike' },
    {
      method: 'GET',
      url: '/route/v1/foot/2.3376,48.8606;2.3499,48.853?overview=false&steps=false&alternatives=false',
    },
  ],
  [
    'Valhalla',
    createValhallaProvider,
    { walk: 'pedestrian', drive: 'auto', bike: 'bicycle' },
    {
      method: 'POST',
      url: '/route',
      body: {
        locations: [
          { lat: 48.8606, lon: 2.3376 },
          { lat: 48.853, lon: 2.3499 },
        ],
        costing: 'pedestrian',
        units: 'kilometers',
        directions_type: 'none',
      },
    },
  ],
  [
    'GraphHopper',
    createGraphHopperProvider,
    { walk: 'foot', drive: 'car', bike: 'bike' },
    {
      method: 'GET',
      url: '/route?point=48.8606%2C2.3376&point=48.853%2C2.3499&profile=foot&calc_points=false&instructions=false',
    },
  ],
];

describe.each(ROAD)('%s', (name, create, profiles, request) => {
  const provider = () => create({ baseUrl: fake.baseUrl, timeoutMs: TIMEOUT_MS });

  it('answers each mode by its profile: the way’s metres and seconds, whole', async () => {
    for (const mode of ['walk', 'drive', 'bike'] as const) {
      const got = await provider().route(LOUVRE, NOTRE_DAME, mode);
      expect(got, `${name} ${mode}`).toEqual(
        rounded(fakeFigures(LOUVRE, NOTRE_DAME, profiles[mode] as string)),
      );
    }
    expect(fake.requests).toHaveLength(3);
  });

  it('asks as the service documents it', async () => {
    await provider().route(LOUVRE, NOTRE_DAME, 'walk');
    expect(fake.requests).toEqual([{ body: undefined, ...request }]);
  });

  it('a service that says there is no way: no_route', async () => {
    fake.mode = 'no_route';
    expect(await failure(provider(), 'walk')).toBe('no_route');
  });

  it('down, an error, slow, garbage: unreachable (slow within its time-out)', async () => {
    expect(await failure(create({ baseUrl: await closedPort(), timeoutMs: TIMEOUT_MS }), 'drive')).toBe(
      'unreachable',
    );
    fake.mode = 'error';
    expect(await failure(provider(), 'drive')).toBe('unreachable');
    fake.mode = 'garbage';
    expect(await failure(provider(), 'drive')).toBe('unreachable');
    fake.mode = 'slow';
    const started = Date.now();
    expect(await failure(provider(), 'drive')).toBe('unreachable');
    // Given up on at its time-out, long before the answer would have come (a generous bound for a busy machine).
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('does not answer public transport', async () => {
    expect(provider().modes).toEqual(['walk', 'drive', 'bike']);
    expect(await failure(provider(), 'transit')).toBe('no_route');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('ROUTING_URL forms', () => {
  it('{profile} names one server per profile (one osrm-routed a profile)', async () => {
    const osrm = createOsrmProvider({ baseUrl: `${fake.baseUrl}/routed-{profile}`, timeoutMs: TIMEOUT_MS });
    await osrm.route(LOUVRE, NOTRE_DAME, 'bike');
    expect(fake.requests[0]?.url).toMatch(/^\/routed-bike\/route\/v1\/bike\//);
  });

  it('a query of the address (a hosted API’s key) is kept', async () => {
    const gh = createGraphHopperProvider({
      baseUrl: `${fake.baseUrl}/api/1?key=secret-key`,
      timeoutMs: TIMEOUT_MS,
    });
    expect(await gh.route(LOUVRE, NOTRE_DAME, 'drive')).toEqual(
      rounded(fakeFigures(LOUVRE, NOTRE_DAME, 'car')),
    );
    expect(fake.requests[0]?.url).toMatch(/^\/api\/1\/route\?key=secret-key&point=/);
  });
});

describe('MOTIS', () => {
  // Monday 2027-03-08, 15:00 UTC.
  const now = () => new Date('2027-03-08T15:00:00Z');
  const motis = () => createMotisProvider({ baseUrl: fake.baseUrl, timeoutMs: TIMEOUT_MS, now });

  it('asks the plan for an ordinary weekday morning: the next Wednesday, 10:00 local solar time', () => {
    expect(motisDeparture(LOUVRE, now()).toISOString()).toBe('2027-03-10T10:00:00.000Z');
    // Jerusalem (35.2° E): UTC+2 by the sun.
    expect(motisDeparture({ lat: 31.77, lng: 35.22 }, now()).toISOString()).toBe('2027-03-10T08:00:00.000Z');
    // New York (74° W): UTC-5. On a Wednesday, the next one (a week on), never the same day.
    expect(motisDeparture({ lat: 40.7, lng: -74 }, new Date('2027-03-10T06:00:00Z')).toISOString()).toBe(
      '2027-03-17T15:00:00.000Z',
    );
  });

  it('answers from the asked time to the arrival (the wait counts), the ride’s metres along its stops', async () => {
    const got = await motis().route(LOUVRE, NOTRE_DAME, 'transit');
    expect(got).toEqual(rounded(fakeTransitFigures(LOUVRE, NOTRE_DAME)));
    expect(fake.requests).toHaveLength(1);
    const url = new URL(fake.requests[0]?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/api/v1/plan');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      fromPlace: '48.8606,2.3376',
      toPlace: '48.853,2.3499',
      time: '2027-03-10T10:00:00.000Z',
      arriveBy: 'false',
      timetableView: 'false',
      directModes: 'WALK',
      detailedTransfers: 'false',
    });
  });

  it('walking the whole way when that is quicker than the bus and its wait', async () => {
    const next = { lat: LOUVRE.lat + 0.002, lng: LOUVRE.lng }; // 220 m: walked in 3 minutes, the bus leaves in 5
    const got = await motis().route(LOUVRE, next, 'transit');
    expect(got.durationS).toBeLessThan(300);
  });

  it('no itinerary: no_route; down, an error, slow, garbage: unreachable', async () => {
    fake.mode = 'no_route';
    expect(await failure(motis(), 'transit')).toBe('no_route');
    for (const mode of ['error', 'slow', 'garbage'] as const) {
      fake.mode = mode;
      expect(await failure(motis(), 'transit'), mode).toBe('unreachable');
    }
    expect(
      await failure(createMotisProvider({ baseUrl: await closedPort(), timeoutMs: TIMEOUT_MS }), 'transit'),
    ).toBe('unreachable');
  });

  it('answers public transport only', async () => {
    expect(motis().modes).toEqual(['transit']);
    expect(await failure(motis(), 'walk')).toBe('no_route');
  });
});

describe('the settings', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/rides-routing-config' };

  it('none by default: every mode estimated, no service asked', () => {
    const config = loadConfig(base);
    expect(config.routing).toEqual({ provider: null, url: null, transitUrl: null, timeoutMs: 2000 });
    expect(createRoutingProviders(config.routing)).toEqual({});
  });

  it('a road router for walking, driving and cycling; MOTIS for public transport', () => {
    const config = loadConfig({
      ...base,
      ROUTING_PROVIDER: 'valhalla',
      ROUTING_URL: 'http://127.0.0.1:8002/',
      TRANSIT_URL: 'https://api.transitous.org/',
    });
    expect(config.routing).toEqual({
      provider: 'valhalla',
      url: 'http://127.0.0.1:8002',
      transitUrl: 'https://api.transitous.org',
      timeoutMs: 2000,
    });
    const providers = createRoutingProviders(config.routing);
    expect(Object.fromEntries(Object.entries(providers).map(([m, p]) => [m, p.service]))).toEqual({
      walk: 'valhalla',
      drive: 'valhalla',
      bike: 'valhalla',
      transit: 'motis',
    });
  });

  it('a router needs its address, http(s) only', () => {
    expect(() => loadConfig({ ...base, ROUTING_PROVIDER: 'osrm' })).toThrow(/ROUTING_URL/);
    expect(() => loadConfig({ ...base, ROUTING_PROVIDER: 'osrm', ROUTING_URL: 'ftp://x.example' })).toThrow(
      /ROUTING_URL/,
    );
    expect(() =>
      loadConfig({ ...base, ROUTING_PROVIDER: 'mapbox', ROUTING_URL: 'https://x.example' }),
    ).toThrow(/ROUTING_PROVIDER/);
    expect(() => loadConfig({ ...base, TRANSIT_URL: 'not a url' })).toThrow(/TRANSIT_URL/);
  });
});
