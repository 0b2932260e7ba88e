import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenLocally } from './fake-server.js';

/** A place the fake Nominatim knows (names by language, as OSM's name:he / name:en). */
export interface FakeOsmPlace {
  osm_type: 'node' | 'way' | 'relation';
  osm_id: number;
  name: { he: string; en: string };
  lat: number;
  lon: number;
  category: string;
  type: string;
  addresstype: string;
  country: { code: string; he: string; en: string };
  city?: { he: string; en: string };
  extratags?: Record<string, string>;
}

export const FAKE_OSM_PLACES: FakeOsmPlace[] = [
  {
    osm_type: 'relation',
    osm_id: 41485,
    name: { he: 'רומא', en: 'Rome' },
    lat: 41.8933,
    lon: 12.4829,
    category: 'boundary',
    type: 'administrative',
    addresstype: 'city',
    country: { code: 'it', he: 'איטליה', en: 'Italy' },
    extratags: { population: '2748109', website: 'https://www.comune.roma.it/' },
  },
  {
    osm_type: 'way',
    osm_id: 27764864,
    name: { he: 'הקולוסיאום', en: 'Colosseum' },
    lat: 41.8902,
    lon: 12.4922,
    category: 'tourism',
    type: 'attraction',
    addresstype: 'tourism',
    country: { code: 'it', he: 'איטליה', en: 'Italy' },
    city: { he: 'רומא', en: 'Rome' },
    extratags: { opening_hours: 'Mo-Su 08:30-19:15', website: 'https://colosseo.it/' },
  },
  {
    osm_type: 'node',
    osm_id: 2253416511,
    name: { he: 'דה אנצו', en: 'Da Enzo al 29' },
    lat: 41.8885,
    lon: 12.4777,
    category: 'amenity',
    type: 'restaurant',
    addresstype: 'amenity',
    country: { code: 'it', he: 'איטליה', en: 'Italy' },
    city: { he: 'רומא', en: 'Rome' },
  },
];

export interface FakeOsm {
  /** For OSM_GEOCODER_URL. */
  baseUrl: string;
  readonly requests: { path: string; query: URLSearchParams; headers: IncomingMessage['headers'] }[];
  delayMs: number;
  failWith: number;
  close(): Promise<void>;
}

/**
 * A local stand-in for a Nominatim server on 127.0.0.1: GET /search (q with addressdetails, viewbox and bounded;
 * the special phrases "restaurant" and "tourist attraction" with a bounded viewbox search by category) and GET
 * /lookup (osm_ids), format jsonv2, names in the accept-language. A request without a User-Agent is refused, as
 * osm.org refuses it.
 */
export async function startFakeOsm(places: FakeOsmPlace[] = FAKE_OSM_PLACES): Promise<FakeOsm> {
  const requests: FakeOsm['requests'] = [];
  const state = { delayMs: 0, failWith: 0 };

  const toJson = (p: FakeOsmPlace, l: 'he' | 'en', extratags: boolean) => ({
    place_id: p.osm_id + 1000,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: p.osm_type,
    osm_id: p.osm_id,
    lat: String(p.lat),
    lon: String(p.lon),
    category: p.category,
    type: p.type,
    place_rank: 16,
    importance: 0.8,
    addresstype: p.addresstype,
    name: p.name[l],
    display_name: [p.name[l], p.city?.[l], p.country[l]].filter(Boolean).join(', '),
    address: {
      ...(p.city ? { city: p.city[l] } : {}),
      country: p.country[l],
      country_code: p.country.code,
    },
    ...(extratags ? { extratags: p.extratags ?? null } : {}),
  });

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (state.failWith) return json(state.failWith, { error: { code: state.failWith, message: 'Internal error' } });
    if (!req.headers['user-agent']) return json(403, { error: { code: 403, message: 'Access blocked: no User-Agent' } });
    if (url.searchParams.get('format') !== 'jsonv2') return json(400, { error: { code: 400, message: 'format' } });
    const l = url.searchParams.get('accept-language')?.startsWith('he') ? 'he' : 'en';
    const extratags = url.searchParams.get('extratags') === '1';
    const limit = Number(url.searchParams.get('limit') ?? 10);

    if (url.pathname === '/search') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      if (!q) return json(400, { error: { code: 400, message: 'Nothing to search for.' } });
      const box = url.searchParams.get('viewbox')?.split(',').map(Number);
      const bounded = url.searchParams.get('bounded') === '1' && box?.length === 4;
      let found: FakeOsmPlace[];
      if (bounded && (q === 'restaurant' || q === 'tourist attraction')) {
        const [minLon, maxLat, maxLon, minLat] = box as [number, number, number, number];
        found = places.filter(
          (p) =>
            p.lon >= minLon && p.lon <= maxLon && p.lat >= minLat && p.lat <= maxLat &&
            (q === 'restaurant' ? p.category === 'amenity' && p.type === 'restaurant' : p.category === 'tourism' && p.type === 'attraction'),
        );
      } else {
        found = places.filter((p) => p.name.he.toLowerCase().startsWith(q) || p.name.en.toLowerCase().startsWith(q));
      }
      return json(200, found.slice(0, limit).map((p) => toJson(p, l, extratags)));
    }
    if (url.pathname === '/lookup') {
      const ids = (url.searchParams.get('osm_ids') ?? '').split(',');
      const letter = { node: 'N', way: 'W', relation: 'R' } as const;
      return json(200, places.filter((p) => ids.includes(`${letter[p.osm_type]}${p.osm_id}`)).map((p) => toJson(p, l, extratags)));
    }
    return json(404, { error: { code: 404, message: 'not found' } });
  };

  const server: Server = createServer((req, res) => {
    if (state.delayMs > 0) setTimeout(() => handle(req, res), state.delayMs);
    else handle(req, res);
  });
  const { baseUrl, close } = await listenLocally(server);

  // The fake reads `state` on every request: a test's `fake.delayMs = ...` takes effect at once.
  return Object.assign(state, { baseUrl, requests, close });
}
