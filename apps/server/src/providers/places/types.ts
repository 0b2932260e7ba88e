import type {
  PlaceDetails,
  PlaceKind,
  PlaceNotice,
  PlaceSource,
  PlaceSuggestion,
  TripLanguage,
} from '@rides/contract';

/**
 * The places provider: one interface, three sources (local gazetteer + our own data; Google Places; OSM Nominatim).
 * Suggestions and details are the contract's wire shapes (packages/contract/src/calls/places.ts), so a source's
 * answer goes out as it is; nearby places are a neutral shape the activity search presents.
 */
export type PlaceLanguage = TripLanguage;

export interface LatLng {
  lat: number;
  lng: number;
}

export interface AutocompleteOptions {
  language: PlaceLanguage;
  limit: number;
  /** Prefer places near this point. */
  near?: LatLng | undefined;
  /** Google's autocomplete session token (billing), passed on to details. */
  session?: string | undefined;
  /** The signed-in user, whose private attractions our own data may add (decision 0023); absent: a visitor's answer. */
  viewerId?: number | null | undefined;
}

export type NearbyKind = 'attraction' | 'restaurant';

export interface NearbyOptions {
  kind: NearbyKind;
  language: PlaceLanguage;
  limit: number;
  /** Search radius in metres (default 5 km for outside sources, 30 km for our own data). */
  radiusM?: number | undefined;
  /** The signed-in user: our own data answers only the attractions they may see (decision 0023); absent: a visitor. */
  viewerId?: number | null | undefined;
}

/** A place near a point, as any source gives it. */
export interface NearbyPlace {
  /** The source's id (google place id, OSM id, or at:<attraction id>). */
  id: string;
  source: PlaceSource;
  kind: PlaceKind;
  name: string;
  /** Plain text summary, '' when none. */
  summary: string;
  address: string | null;
  lat: number;
  lng: number;
  rating: number | null;
  /** One photo to show in the list (our own URL for Google photos). */
  photoUrl: string | null;
  photoAttributions: string[];
  website: string | null;
  /** Our attraction id, for places from our own data. */
  attractionId: number | null;
  /** The Google place id (Google results, and our attractions that came from Google). */
  googlePlaceId: string | null;
}

export interface PlacesProvider {
  readonly source: PlaceSource;
  autocomplete(query: string, opts: AutocompleteOptions): Promise<PlaceSuggestion[]>;
  /** Undefined when the source does not know the id (or, for our own data, the viewer may not see it; null: a visitor). */
  details(
    placeId: string,
    language: PlaceLanguage,
    session?: string,
    viewerId?: number | null,
  ): Promise<PlaceDetails | undefined>;
  nearby(lat: number, lng: number, opts: NearbyOptions): Promise<NearbyPlace[]>;
}

/** What an outside source that serves photos adds: the image address a photo reference resolves to. */
export interface PhotoSource {
  photoUri(ref: string): Promise<string | undefined>;
}

/** An answer with the source that gave it and the notice the web shows (null, or a translation key). */
export interface PlacesAnswer<T> {
  source: PlaceSource;
  notice: PlaceNotice | null;
  value: T;
}

/** An outside service answered with an error, an unreadable body, or not in time. */
export class PlacesSourceError extends Error {
  override name = 'PlacesSourceError';
  constructor(
    readonly source: PlaceSource,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
