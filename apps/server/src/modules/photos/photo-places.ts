import {
  PHOTO_NEARBY_MAX,
  type LocationAnalitics,
  type PhotoKind,
  type PhotoPlace,
  type TripLanguage,
} from '@rides/contract';
import type { Database } from '../../db/client.js';
import { distanceKm } from '../../providers/places/geo.js';
import type { Places } from '../../providers/places/index.js';
import { LlmCallError, type TextGenerator } from '../../providers/llm/index.js';
import { createSearchRepository } from '../search/search.repository.js';

/**
 * The places a photo may show (issue 20, decision 0037), from the places provider that exists: our own attractions
 * (and restaurants) or, for a lodging photo, the hotels of findable trips, within KNOWN_PLACE_RADIUS_KM; then the
 * gazetteer's nearest localities. Offline by default; Google Places answers the nearby places when it is configured
 * (the provider's own fallback to our data when it fails). Nearest first, named in the trip's language.
 *
 * The chosen place: the nearest known place within 1 km, else the nearest locality (001 §3's "AI-chosen place"). When
 * an OpenAI-compatible model is configured (LLM_BASE_URL) it may choose among the same candidates; an answer that names
 * none of them, or no answer in time, leaves the nearest one chosen: the model can only pick, never invent a place.
 */
export const KNOWN_PLACE_RADIUS_KM = 1;
const LOCALITIES = 3;

export interface PhotoPlacesDeps {
  db: Database;
  places: Places;
  llm: TextGenerator | null;
  log: { warn(obj: object, msg: string): void };
}

const metres = (km: number) => Math.round(km * 1000);

export function createPhotoPlaces(deps: PhotoPlacesDeps) {
  const search = createSearchRepository(deps.db);

  async function known(
    lat: number,
    lng: number,
    kind: PhotoKind,
    language: TripLanguage,
    viewerId: number,
  ): Promise<PhotoPlace[]> {
    if (kind === 'accommodation') {
      const hotels = await search.accommodationsNear(
        { center: { lat, lng }, radiusKm: KNOWN_PLACE_RADIUS_KM },
        PHOTO_NEARBY_MAX,
      );
      return hotels.map((h) => ({
        displayName: { text: h.name },
        id: `ac:${h.id}`,
        source: 'local' as const,
        kind: 'accommodation' as const,
        geoLocation: { latitude: h.lat, longitude: h.lng },
        distanceM: metres(distanceKm(lat, lng, h.lat, h.lng)),
        address: h.address ?? h.countryAndCity ?? null,
      }));
    }
    const opts = { language, limit: PHOTO_NEARBY_MAX, radiusM: KNOWN_PLACE_RADIUS_KM * 1000, viewerId };
    const [sights, food] = await Promise.all([
      deps.places.nearby(lat, lng, { ...opts, kind: 'attraction' }),
      deps.places.nearby(lat, lng, { ...opts, kind: 'restaurant' }),
    ]);
    return [...sights.value, ...food.value]
      .map((p) => ({
        displayName: { text: p.name },
        id: p.id,
        source: p.source,
        kind: p.kind === 'restaurant' ? ('restaurant' as const) : ('attraction' as const),
        geoLocation: { latitude: p.lat, longitude: p.lng },
        distanceM: metres(distanceKm(lat, lng, p.lat, p.lng)),
        address: p.address,
      }))
      .filter((p) => p.distanceM <= KNOWN_PLACE_RADIUS_KM * 1000);
  }

  async function localities(lat: number, lng: number, language: TripLanguage): Promise<PhotoPlace[]> {
    // The few nearest, and the nearest town among more when those are all named sights (an old city's monuments).
    const all = await deps.places.local.nearestLocalities(lat, lng, LOCALITIES * 4, language);
    const near = all.slice(0, LOCALITIES);
    const town = all.find((p) => p.kind === 'city');
    if (town && !near.includes(town)) near.push(town);
    return near.map((p) => ({
      displayName: { text: p.name },
      id: p.id,
      source: 'local' as const,
      kind: p.kind === 'attraction' ? ('attraction' as const) : ('city' as const),
      geoLocation: { latitude: p.lat as number, longitude: p.lng as number },
      distanceM: metres(p.distanceKm),
      address: p.secondary || null,
    }));
  }

  /** The model's pick among the candidates, or undefined (no model, no answer, or not one of them). */
  async function modelPick(
    candidates: PhotoPlace[],
    lat: number,
    lng: number,
    kind: PhotoKind,
  ): Promise<PhotoPlace | undefined> {
    if (!deps.llm || candidates.length < 2) return undefined;
    const list = candidates
      .map((c) => `${c.id}\t${c.displayName.text}\t${c.kind}\t${c.distanceM} m`)
      .join('\n');
    try {
      const answer = await deps.llm.complete({
        system:
          'You are given the position of a travel photo and places near it (id, name, kind, distance). Answer with the id of ' +
          `the one ${kind === 'accommodation' ? 'hotel or lodging' : 'place'} the traveller most likely photographed, and nothing else.`,
        user: `Photo at ${lat.toFixed(5)}, ${lng.toFixed(5)}.\n${list}`,
        maxTokens: 40,
      });
      const id = answer
        .trim()
        .split(/\s+/)[0]
        ?.replace(/^["'`]|["'`.]$/g, '');
      return candidates.find((c) => c.id === id);
    } catch (err) {
      if (err instanceof LlmCallError) {
        deps.log.warn({ reason: err.message }, 'photo place model failed; the nearest place is chosen');
        return undefined;
      }
      throw err;
    }
  }

  /** The places near a point, known places nearest first, then the localities (at most PHOTO_NEARBY_MAX). */
  async function nearby(
    lat: number,
    lng: number,
    kind: PhotoKind,
    language: TripLanguage,
    viewerId: number,
  ): Promise<PhotoPlace[]> {
    const [places, towns] = await Promise.all([
      known(lat, lng, kind, language, viewerId),
      localities(lat, lng, language),
    ]);
    const byDistance = (a: PhotoPlace, b: PhotoPlace) =>
      a.distanceM - b.distanceM || a.id.localeCompare(b.id);
    const seen = new Set<string>();
    const knownFirst = [...places.sort(byDistance), ...towns.sort(byDistance)].filter(
      (p) => !seen.has(p.id) && seen.add(p.id),
    );
    return knownFirst.slice(0, PHOTO_NEARBY_MAX);
  }

  return {
    /** The name of the nearest place suggestion (what analyse chooses without a model), or null: a draft stop's name. */
    async nearestName(
      lat: number,
      lng: number,
      language: TripLanguage,
      viewerId: number,
    ): Promise<string | null> {
      return (await nearby(lat, lng, 'attraction', language, viewerId))[0]?.displayName.text ?? null;
    },

    async analyse(
      lat: number,
      lng: number,
      kind: PhotoKind,
      language: TripLanguage,
      viewerId: number,
    ): Promise<LocationAnalitics> {
      const nearbyPlaces = await nearby(lat, lng, kind, language, viewerId);
      const nearest = nearbyPlaces[0];
      if (!nearest) return { chosenPlace: { success: false }, nearbyPlaces };
      const picked = await modelPick(nearbyPlaces, lat, lng, kind);
      const chosen = picked ?? nearest;
      return {
        chosenPlace: { ...chosen, success: true, chosenBy: picked ? 'model' : 'nearest' },
        nearbyPlaces,
      };
    },
  };
}

export type PhotoPlaces = ReturnType<typeof createPhotoPlaces>;
