import { createServer, type IncomingMessage, type Server } from 'node:http';
import { haversineKm } from '@rides/contract';
import { listenLocally } from './fake-server.js';

/**
 * A local server speaking the four routing protocols of the legs (issue 36), so the real providers run in the tests:
 *  - OSRM:        GET  /route/v1/{profile}/{lon},{lat};{lon},{lat}?overview=false...  -> { code: "Ok", routes: [...] }
 *  - Valhalla:    POST /route  { locations: [{lat, lon}, {lat, lon}], costing, units }  -> { trip: { summary: ... } }
 *  - GraphHopper: GET  /route?point={lat},{lon}&point={lat},{lon}&profile=...          -> { paths: [...] }
 *  - MOTIS:       GET  /api/v1/plan?fromPlace={lat},{lon}&toPlace=...&time=...         -> { itineraries, direct, ... }
 * A path may start with a prefix (ROUTING_URL=.../routed-{profile}): everything before /route or /api is ignored.
 *
 * Its figures are its own, so a test tells a routed leg from an estimate: the way is ROUTE_DETOUR x the straight line
 * plus 7 m, at PROFILE_SPEED_MS of the profile; by public transport, a bus leaves SCHEDULE_WAIT_S after the asked time,
 * rides the straight line at BUS_SPEED_MS through one stop halfway, then a 100 m walk (MOTIS_LAST_WALK_M).
 *
 * `mode` says how it answers: ok; error (500); hang (never); slow (after `delayMs`, default 3 s: past the 2 s the
 * legs wait); garbage (200 with an HTML page); no_route (the protocol's own "no way"). Every request is kept.
 */
export type FakeRoutingMode = 'ok' | 'error' | 'hang' | 'slow' | 'garbage' | 'no_route';

export const ROUTE_DETOUR = 1.5;
export const PROFILE_SPEED_MS: Record<string, number> = {
  foot: 1.25,
  pedestrian: 1.25,
  car: 10,
  auto: 10,
  bike: 4,
  bicycle: 4,
};
export const SCHEDULE_WAIT_S = 300;
export const BUS_SPEED_MS = 6;
export const MOTIS_LAST_WALK_M = 100;

export interface FakeRoutingRequest {
  method: string;
  url: string;
  body: unknown;
}

export interface FakeRouting {
  baseUrl: string;
  mode: FakeRoutingMode;
  delayMs: number;
  requests: FakeRoutingRequest[];
  close(): Promise<void>;
}

interface Point {
  lat: number;
  lng: number;
}

/** The fake's own answer for a leg: its metres and seconds. */
export function fakeFigures(
  from: Point,
  to: Point,
  profile: string,
): { distanceM: number; durationS: number } {
  const metres = haversineKm(from, to) * 1000 * ROUTE_DETOUR + 7;
  const speed = PROFILE_SPEED_MS[profile] ?? 1;
  return { distanceM: metres, durationS: metres / speed };
}

/** The fake MOTIS's answer for a leg: its metres and its seconds from the asked time to the arrival. */
export function fakeTransitFigures(from: Point, to: Point): { distanceM: number; durationS: number } {
  const ride = haversineKm(from, to) * 1000;
  return {
    distanceM: ride + MOTIS_LAST_WALK_M,
    durationS: SCHEDULE_WAIT_S + ride / BUS_SPEED_MS + MOTIS_LAST_WALK_M / 1.25,
  };
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

const pair = (text: string | null, lonFirst = false): Point | null => {
  const m = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)(?:,-?\d+)?$/.exec(text ?? '');
  if (!m) return null;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return lonFirst ? { lat: b, lng: a } : { lat: a, lng: b };
};

function answerOsrm(path: string): [number, unknown] {
  const m = /\/route\/v1\/([^/]+)\/([^;]+);([^?]+)$/.exec(path);
  const from = pair(m?.[2] ?? null, true);
  const to = pair(m?.[3] ?? null, true);
  if (!m || !from || !to) return [400, { code: 'InvalidUrl', message: 'URL string malformed' }];
  const f = fakeFigures(from, to, m[1] as string);
  return [
    200,
    {
      code: 'Ok',
      routes: [
        {
          distance: f.distanceM,
          duration: f.durationS,
          weight: f.durationS,
          weight_name: 'routability',
          legs: [{ distance: f.distanceM, duration: f.durationS, steps: [], summary: '' }],
        },
      ],
      waypoints: [
        { location: [from.lng, from.lat], name: '' },
        { location: [to.lng, to.lat], name: '' },
      ],
    },
  ];
}

function answerValhalla(body: unknown): [number, unknown] {
  const b = body as
    { locations?: { lat: number; lon: number }[]; costing?: string; units?: string } | undefined;
  const [a, z] = b?.locations ?? [];
  if (!a || !z || !b?.costing)
    return [
      400,
      { error_code: 106, error: 'Failed to parse json request', status_code: 400, status: 'Bad Request' },
    ];
  const f = fakeFigures({ lat: a.lat, lng: a.lon }, { lat: z.lat, lng: z.lon }, b.costing);
  const length = b.units === 'miles' ? f.distanceM / 1609.344 : f.distanceM / 1000;
  return [
    200,
    {
      trip: {
        locations: b.locations,
        legs: [{ summary: { length, time: f.durationS } }],
        summary: { length, time: f.durationS, has_highway: false, min_lat: a.lat, max_lat: z.lat },
        status_message: 'Found route between points',
        status: 0,
        units: b.units ?? 'kilometers',
        language: 'en-US',
      },
    },
  ];
}

function answerGraphHopper(url: URL): [number, unknown] {
  const points = url.searchParams.getAll('point').map((p) => pair(p));
  const profile = url.searchParams.get('profile') ?? '';
  const [from, to] = points;
  if (points.length !== 2 || !from || !to || !profile)
    return [400, { message: 'Specify at least 2 points', hints: [] }];
  const f = fakeFigures(from, to, profile);
  return [
    200,
    {
      hints: { 'visited_nodes.sum': 42 },
      info: { copyrights: ['GraphHopper', 'OpenStreetMap contributors'], took: 1 },
      paths: [
        { distance: f.distanceM, weight: f.durationS, time: Math.round(f.durationS * 1000), transfers: 0 },
      ],
    },
  ];
}

function answerMotis(url: URL): [number, unknown] {
  const from = pair(url.searchParams.get('fromPlace'));
  const to = pair(url.searchParams.get('toPlace'));
  const time = Date.parse(url.searchParams.get('time') ?? '');
  if (!from || !to || Number.isNaN(time)) return [400, { error: 'bad request' }];
  const ride = haversineKm(from, to) * 1000;
  const depart = time + SCHEDULE_WAIT_S * 1000;
  const arrive = depart + (ride / BUS_SPEED_MS) * 1000;
  const end = arrive + (MOTIS_LAST_WALK_M / 1.25) * 1000;
  const iso = (ms: number) => new Date(ms).toISOString();
  const place = (p: Point, name: string) => ({ name, lat: p.lat, lon: p.lng, level: 0 });
  const halfway = { lat: (from.lat + to.lat) / 2, lng: (from.lng + to.lng) / 2 };
  const walk = ride / 1.25;
  return [
    200,
    {
      requestParameters: {},
      debugOutput: {},
      from: place(from, 'START'),
      to: place(to, 'END'),
      direct: [
        {
          duration: Math.round(walk),
          startTime: iso(time),
          endTime: iso(time + walk * 1000),
          transfers: 0,
          legs: [
            {
              mode: 'WALK',
              from: place(from, 'START'),
              to: place(to, 'END'),
              duration: Math.round(walk),
              distance: ride,
            },
          ],
        },
      ],
      itineraries: [
        {
          duration: Math.round((end - depart) / 1000),
          startTime: iso(depart),
          endTime: iso(end),
          transfers: 0,
          legs: [
            {
              mode: 'BUS',
              from: place(from, 'Stop A'),
              to: place(to, 'Stop B'),
              duration: Math.round((arrive - depart) / 1000),
              startTime: iso(depart),
              endTime: iso(arrive),
              intermediateStops: [place(halfway, 'Stop halfway')],
              routeShortName: '18',
              legGeometry: { points: '', length: 0 },
            },
            {
              mode: 'WALK',
              from: place(to, 'Stop B'),
              to: place(to, 'END'),
              duration: Math.round(MOTIS_LAST_WALK_M / 1.25),
              distance: MOTIS_LAST_WALK_M,
              legGeometry: { points: '', length: 0 },
            },
          ],
        },
      ],
      previousPageCursor: '',
      nextPageCursor: '',
    },
  ];
}

/** The protocol's own "no way" answer for a request. */
function noRoute(method: string, path: string): [number, unknown] {
  if (/\/route\/v1\//.test(path))
    return [400, { code: 'NoRoute', message: 'Impossible route between points' }];
  if (/\/api\/v\d+\/plan/.test(path))
    return [
      200,
      { direct: [], itineraries: [], from: {}, to: {}, previousPageCursor: '', nextPageCursor: '' },
    ];
  if (method === 'POST')
    return [
      400,
      { error_code: 442, error: 'No path could be found for input', status_code: 400, status: 'Bad Request' },
    ];
  return [400, { message: 'Connection between locations not found', hints: [] }];
}

export async function startFakeRouting(): Promise<FakeRouting> {
  const fake = { mode: 'ok' as FakeRoutingMode, delayMs: 3000, requests: [] as FakeRoutingRequest[] };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const text = await readBody(req);
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const url = new URL(req.url ?? '/', 'http://fake');
      fake.requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', body });
      const mode = fake.mode;
      const send = () => {
        if (res.destroyed) return;
        if (mode === 'error') return res.writeHead(500, { 'content-type': 'text/plain' }).end('overloaded');
        if (mode === 'garbage')
          return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
        const path = url.pathname;
        const [status, json] =
          mode === 'no_route'
            ? noRoute(req.method ?? 'GET', path)
            : /\/route\/v1\//.test(path)
              ? answerOsrm(path)
              : /\/api\/v1\/plan$/.test(path)
                ? answerMotis(url)
                : /\/route$/.test(path) && req.method === 'POST'
                  ? answerValhalla(body)
                  : /\/route$/.test(path)
                    ? answerGraphHopper(url)
                    : [404, { message: 'not found' }];
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      };
      if (mode === 'hang') return;
      if (mode === 'slow') setTimeout(send, fake.delayMs);
      else send();
    })();
  });
  const { baseUrl, close } = await listenLocally(server);
  return Object.assign(fake, { baseUrl, close }) as FakeRouting;
}
