import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenLocally } from './fake-server.js';

export const GOOGLE_PLACES_TEST_KEY = 'test-maps-key';

/** A place the fake knows, in Hebrew and English. */
export interface FakeGooglePlace {
  id: string;
  name: { he: string; en: string };
  address: { he: string; en: string };
  lat: number;
  lng: number;
  types: string[];
  rating?: number;
  website?: string;
  hours?: string[];
  /** The same hours as Google's periods (day 0 is Sunday). */
  periods?: {
    open: { day: number; hour: number; minute: number };
    close?: { day: number; hour: number; minute: number };
  }[];
  reviews?: { author: string; rating: number; text: string }[];
  /** Photo ids (names become places/<id>/photos/<photo>); sizes 1200 x 800. */
  photos?: string[];
  summary?: string;
  country?: { code: string; he: string; en: string };
  locality?: { he: string; en: string };
}

export const FAKE_GOOGLE_PLACES: FakeGooglePlace[] = [
  {
    id: 'ChIJrome',
    name: { he: 'רומא', en: 'Rome' },
    address: { he: 'רומא, איטליה', en: 'Rome, Metropolitan City of Rome Capital, Italy' },
    lat: 41.9028,
    lng: 12.4964,
    types: ['locality', 'political'],
    country: { code: 'IT', he: 'איטליה', en: 'Italy' },
    locality: { he: 'רומא', en: 'Rome' },
    photos: ['rome1'],
  },
  {
    id: 'ChIJcolosseum',
    name: { he: 'הקולוסיאום', en: 'Colosseum' },
    address: { he: 'פיאצה דל קולוסיאו 1, רומא, איטליה', en: 'Piazza del Colosseo, 1, 00184 Roma RM, Italy' },
    lat: 41.8902,
    lng: 12.4922,
    types: ['tourist_attraction', 'point_of_interest'],
    rating: 4.7,
    website: 'https://colosseo.it/',
    hours: ['Monday: 8:30 AM – 7:15 PM', 'Tuesday: 8:30 AM – 7:15 PM'],
    periods: [1, 2].map((day) => ({
      open: { day, hour: 8, minute: 30 },
      close: { day, hour: 19, minute: 15 },
    })),
    reviews: [{ author: 'Dana', rating: 5, text: 'Breathtaking <b>at sunset</b>' }],
    photos: ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8'],
    summary: 'Iconic ancient amphitheatre.',
    country: { code: 'IT', he: 'איטליה', en: 'Italy' },
    locality: { he: 'רומא', en: 'Rome' },
  },
  {
    id: 'ChIJtrevi',
    name: { he: 'מזרקת טרווי', en: 'Trevi Fountain' },
    address: { he: 'רומא, איטליה', en: 'Piazza di Trevi, Roma RM, Italy' },
    lat: 41.9009,
    lng: 12.4833,
    types: ['tourist_attraction', 'point_of_interest'],
    rating: 4.8,
    photos: ['t1'],
  },
  {
    id: 'ChIJtrattoria',
    name: { he: 'טרטוריה דה אנצו', en: 'Da Enzo al 29' },
    address: { he: 'טרסטוורה, רומא', en: 'Via dei Vascellari, 29, Roma RM, Italy' },
    lat: 41.8885,
    lng: 12.4777,
    types: ['restaurant', 'food', 'point_of_interest'],
    rating: 4.6,
    photos: ['e1'],
  },
  {
    id: 'ChIJdeadsea',
    name: { he: 'ים המלח', en: 'Dead Sea' },
    address: { he: 'ישראל', en: 'Israel' },
    lat: 31.559,
    lng: 35.4732,
    types: ['natural_feature'],
    country: { code: 'IL', he: 'ישראל', en: 'Israel' },
  },
];

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | undefined;
}

export interface FakeGooglePlaces {
  /** For GOOGLE_MAPS_BASE_URL. */
  baseUrl: string;
  readonly requests: RecordedRequest[];
  /** Delay every answer (to exceed PLACES_TIMEOUT_MS). */
  delayMs: number;
  /** Answer every request with this HTTP status and Google's error body (0: answer normally). */
  failWith: number;
  close(): Promise<void>;
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

const googleError = (res: ServerResponse, code: number, status: string, message: string) =>
  send(res, code, { error: { code, message, status } });

function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

/**
 * A local stand-in for Google's Places API (New) on 127.0.0.1, speaking its protocol: POST /v1/places:autocomplete,
 * GET /v1/places/{id} (X-Goog-FieldMask required), POST /v1/places:searchNearby, GET /v1/{photo}/media
 * (skipHttpRedirect=true answers {photoUri}). The API key must come in X-Goog-Api-Key, as Google wants it; a wrong
 * or missing key answers 403 PERMISSION_DENIED. The real client code of the google source runs against it.
 */
export async function startFakeGooglePlaces(
  places: FakeGooglePlace[] = FAKE_GOOGLE_PLACES,
): Promise<FakeGooglePlaces> {
  const requests: RecordedRequest[] = [];
  const state = { delayMs: 0, failWith: 0 };
  let baseUrl = '';

  const lang = (code: unknown): 'he' | 'en' => (code === 'he' || code === 'iw' ? 'he' : 'en');
  const maskIncludes = (mask: string, field: string, prefix = '') =>
    mask === '*' ||
    mask.split(',').some((f) => f.trim() === `${prefix}${field}` || f.trim() === `${prefix}*`);

  const placeJson = (p: FakeGooglePlace, l: 'he' | 'en', mask: string, prefix = '') => {
    const full: Record<string, unknown> = {
      id: p.id,
      displayName: { text: p.name[l], languageCode: l },
      formattedAddress: p.address[l],
      shortFormattedAddress: p.address[l].split(',')[0],
      addressComponents: [
        ...(p.locality
          ? [{ longText: p.locality[l], shortText: p.locality[l], types: ['locality', 'political'] }]
          : []),
        ...(p.country
          ? [{ longText: p.country[l], shortText: p.country.code, types: ['country', 'political'] }]
          : []),
      ],
      location: { latitude: p.lat, longitude: p.lng },
      types: p.types,
      primaryType: p.types[0],
      googleMapsUri: `https://maps.google.com/?cid=${p.id}`,
      ...(p.rating !== undefined ? { rating: p.rating, userRatingCount: 1234 } : {}),
      ...(p.website ? { websiteUri: p.website } : {}),
      ...(p.hours
        ? {
            regularOpeningHours: {
              openNow: true,
              weekdayDescriptions: p.hours,
              ...(p.periods ? { periods: p.periods } : {}),
            },
          }
        : {}),
      ...(p.reviews
        ? {
            reviews: p.reviews.map((r) => ({
              rating: r.rating,
              text: { text: r.text, languageCode: 'en' },
              authorAttribution: {
                displayName: r.author,
                uri: `https://www.google.com/maps/contrib/${r.author}`,
              },
            })),
          }
        : {}),
      ...(p.photos
        ? {
            photos: p.photos.map((ph) => ({
              name: `places/${p.id}/photos/${ph}`,
              widthPx: 1200,
              heightPx: 800,
              authorAttributions: [
                { displayName: 'Photo <Owner>', uri: 'https://maps.google.com/maps/contrib/1', photoUri: '' },
              ],
            })),
          }
        : {}),
      ...(p.summary ? { editorialSummary: { text: p.summary, languageCode: 'en' } } : {}),
    };
    return Object.fromEntries(Object.entries(full).filter(([k]) => maskIncludes(mask, k, prefix)));
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let body: Record<string, unknown> | undefined;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
    } catch {
      return googleError(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    }
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
    });
    if (state.failWith) return googleError(res, state.failWith, 'INTERNAL', 'Internal error encountered.');
    if (req.headers['x-goog-api-key'] !== GOOGLE_PLACES_TEST_KEY) {
      return googleError(res, 403, 'PERMISSION_DENIED', 'The provided API key is invalid.');
    }
    const mask = String(req.headers['x-goog-fieldmask'] ?? '');

    if (req.method === 'POST' && url.pathname === '/v1/places:autocomplete') {
      const input = String(body?.input ?? '').toLowerCase();
      if (!input) return googleError(res, 400, 'INVALID_ARGUMENT', 'input is required');
      const l = lang(body?.languageCode);
      const found = places.filter(
        (p) => p.name.he.toLowerCase().startsWith(input) || p.name.en.toLowerCase().startsWith(input),
      );
      if (found.length === 0) return send(res, 200, {});
      return send(res, 200, {
        suggestions: found.slice(0, 5).map((p) => ({
          placePrediction: {
            place: `places/${p.id}`,
            placeId: p.id,
            text: { text: `${p.name[l]}, ${p.address[l]}`, matches: [{ endOffset: input.length }] },
            structuredFormat: { mainText: { text: p.name[l] }, secondaryText: { text: p.address[l] } },
            types: p.types,
          },
        })),
      });
    }

    if (req.method === 'POST' && url.pathname === '/v1/places:searchNearby') {
      if (!mask) return googleError(res, 400, 'INVALID_ARGUMENT', 'FieldMask is a required parameter.');
      const circle = (
        body?.locationRestriction as {
          circle?: { center: { latitude: number; longitude: number }; radius: number };
        }
      )?.circle;
      if (!circle) return googleError(res, 400, 'INVALID_ARGUMENT', 'locationRestriction is required');
      const types = (body?.includedTypes as string[] | undefined) ?? [];
      const max = Number(body?.maxResultCount ?? 20);
      const l = lang(body?.languageCode);
      const found = places.filter(
        (p) =>
          (types.length === 0 || p.types.some((t) => types.includes(t))) &&
          distanceKm(circle.center.latitude, circle.center.longitude, p.lat, p.lng) * 1000 <= circle.radius,
      );
      if (found.length === 0) return send(res, 200, {});
      return send(res, 200, { places: found.slice(0, max).map((p) => placeJson(p, l, mask, 'places.')) });
    }

    const media = /^\/v1\/places\/([^/]+)\/photos\/([^/]+)\/media$/.exec(url.pathname);
    if (req.method === 'GET' && media) {
      const place = places.find((p) => p.id === media[1]);
      if (!place?.photos?.includes(media[2] as string))
        return googleError(res, 404, 'NOT_FOUND', 'Photo not found.');
      if (!url.searchParams.get('maxWidthPx') && !url.searchParams.get('maxHeightPx')) {
        return googleError(res, 400, 'INVALID_ARGUMENT', 'maxWidthPx or maxHeightPx is required');
      }
      const photoUri = `https://lh3.googleusercontent.com/places/${media[2]}=s${url.searchParams.get('maxWidthPx')}`;
      if (url.searchParams.get('skipHttpRedirect') === 'true')
        return send(res, 200, { name: `places/${media[1]}/photos/${media[2]}/media`, photoUri });
      res.writeHead(302, { location: photoUri });
      return res.end();
    }

    const details = /^\/v1\/places\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && details) {
      if (!mask) return googleError(res, 400, 'INVALID_ARGUMENT', 'FieldMask is a required parameter.');
      const place = places.find((p) => p.id === decodeURIComponent(details[1] as string));
      if (!place) return googleError(res, 404, 'NOT_FOUND', `Place '${details[1]}' not found.`);
      return send(res, 200, placeJson(place, lang(url.searchParams.get('languageCode')), mask));
    }

    return googleError(res, 404, 'NOT_FOUND', 'Method not found.');
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (state.delayMs > 0) setTimeout(() => handle(req, res, raw), state.delayMs);
      else handle(req, res, raw);
    });
  });
  const local = await listenLocally(server);
  baseUrl = local.baseUrl;

  // The fake reads `state` on every request: a test's `fake.delayMs = ...` takes effect at once.
  return Object.assign(state, { baseUrl, requests, close: local.close });
}
