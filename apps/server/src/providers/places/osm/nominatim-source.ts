import { OPENING_HOURS_MAX, type PlaceDetails, type PlaceKind, type PlaceSuggestion } from '@rides/contract';
import { z } from 'zod';
import { boundingBox } from '../geo.js';
import { expectOk, fetchJson, languageCode } from '../http.js';
import {
  PlacesSourceError,
  type AutocompleteOptions,
  type NearbyOptions,
  type NearbyPlace,
  type PlaceLanguage,
  type PlacesProvider,
} from '../types.js';

/**
 * OpenStreetMap through Nominatim's API (/search, /lookup; format jsonv2) at OSM_GEOCODER_URL. Names come in the
 * asked language (accept-language: OSM's name:he / name:en). Nearby activities are a search for "tourist attraction"
 * or "restaurant" bounded to a box around the point (Nominatim's special phrases, which the instance must have
 * imported). Point it at your own Nominatim: the public osm.org instance forbids search-as-you-type use.
 */
export interface NominatimOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Nominatim asks every client to name itself. */
  userAgent: string;
}

const nominatimPlace = z.object({
  osm_type: z.enum(['node', 'way', 'relation']),
  osm_id: z.union([z.number(), z.string()]),
  lat: z.string(),
  lon: z.string(),
  name: z.string().optional(),
  display_name: z.string().optional(),
  category: z.string().optional(),
  class: z.string().optional(),
  type: z.string().optional(),
  addresstype: z.string().optional(),
  importance: z.number().optional(),
  address: z.record(z.string(), z.string()).optional(),
  extratags: z.record(z.string(), z.string()).nullable().optional(),
});
type NominatimPlace = z.infer<typeof nominatimPlace>;
const nominatimList = z.array(nominatimPlace);

const OSM_TYPE_LETTER = { node: 'N', way: 'W', relation: 'R' } as const;

function kindOf(p: NominatimPlace): PlaceKind {
  const category = p.category ?? p.class ?? '';
  const type = p.type ?? '';
  if (p.addresstype === 'country' || type === 'country') return 'country';
  if (category === 'place' && ['city', 'town', 'village', 'hamlet', 'suburb', 'municipality'].includes(type))
    return 'city';
  if (category === 'boundary' && ['city', 'town', 'village', 'municipality'].includes(p.addresstype ?? ''))
    return 'city';
  if (
    category === 'natural' ||
    category === 'water' ||
    (category === 'boundary' && p.addresstype === 'state')
  )
    return 'region';
  if (
    category === 'tourism' &&
    ['hotel', 'hostel', 'guest_house', 'motel', 'apartment', 'camp_site'].includes(type)
  )
    return 'accommodation';
  if (category === 'amenity' && ['restaurant', 'cafe', 'fast_food', 'bar', 'pub'].includes(type))
    return 'restaurant';
  if (category === 'tourism' || category === 'historic' || category === 'leisure') return 'attraction';
  return 'place';
}

const idOf = (p: NominatimPlace) => `${OSM_TYPE_LETTER[p.osm_type]}${p.osm_id}`;

function nameOf(p: NominatimPlace): string {
  return p.name || p.display_name?.split(',')[0]?.trim() || idOf(p);
}

/** The display name without its first part (the place itself): "Lazio, Italy". */
function secondaryOf(p: NominatimPlace): string {
  const parts = (p.display_name ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return parts.slice(1).join(', ');
}

function point(p: NominatimPlace): { lat: number; lng: number } {
  const lat = Number(p.lat);
  const lng = Number(p.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lng))
    throw new PlacesSourceError('osm', 'place without a location');
  return { lat, lng };
}

export function createNominatimPlaces(opts: NominatimOptions): PlacesProvider {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const get = async (path: string, params: Record<string, string>, language: PlaceLanguage) => {
    const query = new URLSearchParams({
      format: 'jsonv2',
      'accept-language': languageCode(language),
      ...params,
    });
    const answer = await fetchJson(
      'osm',
      `${base}${path}?${query}`,
      { headers: { 'user-agent': opts.userAgent, accept: 'application/json' } },
      opts.timeoutMs,
    );
    const parsed = nominatimList.safeParse(expectOk('osm', answer));
    if (!parsed.success) throw new PlacesSourceError('osm', 'unexpected answer');
    return parsed.data;
  };

  return {
    source: 'osm',

    async autocomplete(
      query: string,
      { language, limit, near }: AutocompleteOptions,
    ): Promise<PlaceSuggestion[]> {
      const params: Record<string, string> = { q: query, limit: String(limit), addressdetails: '1' };
      if (near) {
        // A preference, not a bound (bounded=0): places in this box rank higher.
        const box = boundingBox(near.lat, near.lng, 200);
        params.viewbox = `${box.minLng},${box.maxLat},${box.maxLng},${box.minLat}`;
      }
      const places = await get('/search', params, language);
      return places.map((p) => {
        const { lat, lng } = point(p);
        return {
          id: idOf(p),
          source: 'osm',
          name: nameOf(p),
          secondary: secondaryOf(p),
          lat,
          lng,
          kind: kindOf(p),
          countryCode: p.address?.country_code?.toUpperCase() ?? null,
        };
      });
    },

    async details(placeId: string, language: PlaceLanguage): Promise<PlaceDetails | undefined> {
      if (!/^[NWR]\d{1,19}$/.test(placeId)) return undefined;
      const [p] = await get('/lookup', { osm_ids: placeId, addressdetails: '1', extratags: '1' }, language);
      if (!p) return undefined;
      const { lat, lng } = point(p);
      const a = p.address ?? {};
      const hours = p.extratags?.opening_hours;
      return {
        id: idOf(p),
        source: 'osm',
        name: nameOf(p),
        secondary: secondaryOf(p),
        kind: kindOf(p),
        countryCode: a.country_code?.toUpperCase() ?? null,
        lat,
        lng,
        address: p.display_name ?? null,
        country: a.country ?? null,
        locality: a.city ?? a.town ?? a.village ?? a.municipality ?? null,
        website: p.extratags?.website ?? p.extratags?.['contact:website'] ?? null,
        rating: null,
        userRatingCount: null,
        // OSM keeps one opening_hours expression ("Mo-Fr 09:00-17:00"); shown as one line.
        openingHours: hours ? { weekday_text: [hours] } : null,
        // The same text is the rules the day's checks read (decision 0070), when it fits the field.
        osmOpeningHours: hours && hours.length <= OPENING_HOURS_MAX ? hours : null,
        reviews: [],
        photos: [],
        mapsUrl: `https://www.openstreetmap.org/${p.osm_type}/${p.osm_id}`,
        population:
          p.extratags?.population && /^\d+$/.test(p.extratags.population)
            ? Number(p.extratags.population)
            : null,
        googlePlaceId: null,
      };
    },

    async nearby(
      lat: number,
      lng: number,
      { kind, language, limit, radiusM }: NearbyOptions,
    ): Promise<NearbyPlace[]> {
      const box = boundingBox(lat, lng, (radiusM ?? 5000) / 1000);
      const places = await get(
        '/search',
        {
          q: kind === 'restaurant' ? 'restaurant' : 'tourist attraction',
          viewbox: `${box.minLng},${box.maxLat},${box.maxLng},${box.minLat}`,
          bounded: '1',
          limit: String(Math.min(50, limit)),
          addressdetails: '1',
          extratags: '1',
        },
        language,
      );
      return places.map((p) => {
        const at = point(p);
        return {
          id: idOf(p),
          source: 'osm' as const,
          kind: kind === 'restaurant' ? ('restaurant' as const) : kindOf(p),
          name: nameOf(p),
          summary: p.extratags?.description ?? '',
          address: secondaryOf(p) || null,
          lat: at.lat,
          lng: at.lng,
          rating: null,
          photoUrl: null,
          photoAttributions: [],
          website: p.extratags?.website ?? null,
          attractionId: null,
          googlePlaceId: null,
        };
      });
    },
  };
}
