import type { PlaceDetails, PlaceNotice, PlaceSource, PlaceSuggestion } from '@rides/contract';
import type { Config } from '../../config.js';
import { createGooglePlaces } from './google/google-source.js';
import { createLocalPlaces, type LocalPlaces } from './local/local-source.js';
import type { OwnPlacesReader } from './local/own-places.js';
import { createNominatimPlaces } from './osm/nominatim-source.js';
import type {
  AutocompleteOptions,
  NearbyOptions,
  NearbyPlace,
  PhotoSource,
  PlaceLanguage,
  PlacesAnswer,
  PlacesProvider,
} from './types.js';

export type {
  NamedOptions,
  NamedPlaceRow,
  OwnPlaceDetailsRow,
  OwnPlaceRow,
  OwnPlacesReader,
} from './local/own-places.js';
export type {
  AutocompleteOptions,
  LatLng,
  NearbyKind,
  NearbyOptions,
  NearbyPlace,
  PlaceLanguage,
  PlacesAnswer,
  PlacesProvider,
} from './types.js';

/**
 * The places the app uses: the configured source (PLACES_PROVIDER; google when GOOGLE_MAPS_API_KEY is set, else
 * local) in front of the local one. An outside source that fails, answers late (PLACES_TIMEOUT_MS) or has nothing
 * is answered for by the local source, with notice places_provider_fallback, never with a blank. After a failure
 * the outside source rests for `cooldownMs`, so while Google is down every keystroke does not wait out the timeout
 * first. Decision: docs/decisions/0012-places-provider.md.
 */
export interface Places {
  /** The configured source. */
  readonly configured: PlaceSource;
  readonly local: LocalPlaces;
  autocomplete(query: string, opts: AutocompleteOptions): Promise<PlacesAnswer<PlaceSuggestion[]>>;
  /**
   * value undefined: no such place (or our own, which this viewer may not see: decision 0023; null is a visitor).
   * Throws PlacesUnavailableError when the source that owns the id cannot answer.
   */
  details(
    source: PlaceSource,
    id: string,
    language: PlaceLanguage,
    viewerId: number | null,
    session?: string,
  ): Promise<PlacesAnswer<PlaceDetails | undefined>>;
  nearby(lat: number, lng: number, opts: NearbyOptions): Promise<PlacesAnswer<NearbyPlace[]>>;
  /** The image address of a Google photo reference; undefined when there is none (or no Google). */
  photoUri(ref: string): Promise<string | undefined>;
  /** Load the gazetteer in the background (after the server listens). */
  warm(): void;
}

/** The outside source owning a place id could not answer, and we have no copy of the place. */
export class PlacesUnavailableError extends Error {
  override name = 'PlacesUnavailableError';
}

export interface PlacesDeps {
  own: OwnPlacesReader;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  /** Our address of a Google photo reference. */
  photoUrl: (ref: string) => string;
  /** How long an outside source rests after a failure (default 30 s). */
  cooldownMs?: number;
  now?: () => number;
}

const PHOTO_CACHE_MS = 10 * 60_000;
const PHOTO_CACHE_SIZE = 1000;

export function createPlaces(config: Config['places'], deps: PlacesDeps): Places {
  const local = createLocalPlaces({ cacheDir: config.cacheDir, own: deps.own, log: deps.log });
  const outside: (PlacesProvider & Partial<PhotoSource>) | undefined =
    config.provider === 'google' && config.googleApiKey
      ? createGooglePlaces({
          apiKey: config.googleApiKey,
          baseUrl: config.googleBaseUrl,
          timeoutMs: config.timeoutMs,
          photoUrl: deps.photoUrl,
        })
      : config.provider === 'osm' && config.osmUrl
        ? createNominatimPlaces({
            baseUrl: config.osmUrl,
            timeoutMs: config.timeoutMs,
            userAgent: config.userAgent,
          })
        : undefined;
  const now = deps.now ?? Date.now;
  const cooldownMs = deps.cooldownMs ?? 30_000;
  let restingUntil = 0;
  const photos = new Map<string, { uri: string; until: number }>();

  /** Runs the outside call unless the source rests; undefined means "answer locally" (and why). */
  async function tryOutside<T>(
    what: string,
    call: (o: PlacesProvider & Partial<PhotoSource>) => Promise<T>,
  ): Promise<{ value: T } | undefined> {
    if (!outside || now() < restingUntil) return undefined;
    try {
      return { value: await call(outside) };
    } catch (err) {
      restingUntil = now() + cooldownMs;
      deps.log.warn(
        { source: outside.source, call: what, err: (err as Error).message },
        'places source failed; answering from local data',
      );
      return undefined;
    }
  }

  const answer = <T>(source: PlaceSource, notice: PlaceNotice | null, value: T): PlacesAnswer<T> => ({
    source,
    notice,
    value,
  });

  return {
    configured: outside?.source ?? 'local',
    local,

    async autocomplete(query, opts) {
      if (!outside) return answer('local', null, await local.autocomplete(query, opts));
      const got = await tryOutside('autocomplete', (o) => o.autocomplete(query, opts));
      if (got && got.value.length > 0) return answer(outside.source, null, got.value);
      const fromLocal = await local.autocomplete(query, opts);
      // Nothing anywhere: the outside source's (empty) answer stands, without a notice.
      if (got && fromLocal.length === 0) return answer(outside.source, null, got.value);
      return answer('local', 'places_provider_fallback', fromLocal);
    },

    async details(source, id, language, viewerId, session) {
      if (source === 'local')
        return answer('local', null, await local.details(id, language, undefined, viewerId));
      if (outside?.source === source) {
        const got = await tryOutside('details', (o) => o.details(id, language, session));
        if (got) return answer(source, null, got.value);
        const copy =
          source === 'google' ? await local.detailsByGooglePlaceId(id, language, viewerId) : undefined;
        if (copy) return answer('local', 'places_provider_fallback', copy);
        throw new PlacesUnavailableError(`${source} cannot answer for ${id}`);
      }
      // A Google id while Google is not configured: our attraction that came from it, if any (one the viewer may see).
      const copy =
        source === 'google' ? await local.detailsByGooglePlaceId(id, language, viewerId) : undefined;
      return answer('local', copy ? 'places_local_source' : null, copy);
    },

    async nearby(lat, lng, opts) {
      if (!outside) return answer('local', 'places_local_source', await local.nearby(lat, lng, opts));
      const got = await tryOutside('nearby', (o) => o.nearby(lat, lng, opts));
      if (got && got.value.length > 0) return answer(outside.source, null, got.value);
      const fromLocal = await local.nearby(lat, lng, opts);
      if (got && fromLocal.length === 0) return answer(outside.source, null, got.value);
      return answer('local', 'places_provider_fallback', fromLocal);
    },

    async photoUri(ref) {
      const cached = photos.get(ref);
      if (cached && cached.until > now()) return cached.uri;
      const got = await tryOutside('photo', async (o) => (o.photoUri ? o.photoUri(ref) : undefined));
      const uri = got?.value;
      if (uri) {
        if (photos.size >= PHOTO_CACHE_SIZE) photos.delete(photos.keys().next().value as string);
        photos.set(ref, { uri, until: now() + PHOTO_CACHE_MS });
      }
      return uri;
    },

    warm() {
      local.warm();
    },
  };
}
