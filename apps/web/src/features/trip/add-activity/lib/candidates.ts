import type { ActivityResult, PlaceSource, SearchAttraction } from '@rides/contract';

/**
 * One result of the add-activity page, whichever call found it: our attractions near the point (other trips, this
 * trip, the user's own) or the maps service's attractions or restaurants. `attractionId` set: add it with
 * add_attraction_to_ride_api; else `placeId`: add_google_attraction_to_ride_api with `source`.
 */
export interface Candidate {
  key: string;
  attractionId: number | null;
  placeId: string | null;
  source: PlaceSource;
  /** 'trips': recommended from other trips (ours); 'maps': recommended by the maps service. */
  origin: 'trips' | 'maps';
  /** Where the result truly comes from (its label): see `provenance`. */
  from: Provenance;
  title: string;
  /** Plain text or sanitised HTML (ours); shown as plain text, shortened. */
  text: string;
  rate: number | null;
  image: string | null;
  link: string | null;
  address: string | null;
  lat: number;
  lng: number;
  distanceKm: number;
  inRide: boolean;
}

/** What both calls answer of a place alike (the wire's names), as the list shows it. */
type Listed = Pick<
  Candidate,
  'title' | 'text' | 'rate' | 'image' | 'link' | 'address' | 'lat' | 'lng' | 'inRide'
> & {
  distance_km: number;
};

const listed = (a: Listed) => ({
  title: a.title,
  text: a.text,
  rate: a.rate,
  image: a.image,
  link: a.link,
  address: a.address,
  lat: a.lat,
  lng: a.lng,
  distanceKm: a.distance_km,
  inRide: a.inRide,
});

/**
 * Where a result comes from, told truthfully (issue 30 point 6): our attraction (a traveller's trip) whichever call
 * found it, else the source that answered: Google Maps, OpenStreetMap, or our offline place directory (the gazetteer,
 * decision 0012). Never "the maps service" when none is connected.
 */
type Provenance = 'trips' | 'google' | 'osm' | 'directory';
const provenance = (source: PlaceSource, attractionId: number | null): Provenance =>
  attractionId !== null ? 'trips' : source === 'local' ? 'directory' : source;

export const fromOurs = (a: SearchAttraction): Candidate => ({
  key: `at:${a.id}`,
  attractionId: a.id,
  placeId: a.placeId,
  source: 'local',
  origin: 'trips',
  from: 'trips',
  ...listed(a),
});

export const fromMaps = (a: ActivityResult): Candidate => ({
  key: a.id !== null ? `at:${a.id}` : `${a.source}:${a.place_id ?? `${a.lat},${a.lng}`}`,
  attractionId: a.id,
  placeId: a.place_id,
  source: a.source,
  origin: 'maps',
  from: provenance(a.source, a.id),
  ...listed(a),
});

/**
 * Ours first, then the maps service's, nearest first within each; a place both found (the same attraction, or the
 * same Google place id) is listed once, as ours. Places that cannot be added (no id at all) are left out.
 */
export function mergeCandidates(ours: readonly Candidate[], maps: readonly Candidate[]): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const c of [...ours, ...maps]) {
    if (c.attractionId === null && c.placeId === null) continue;
    const keys = [c.key, ...(c.placeId ? [`place:${c.placeId}`] : [])];
    if (keys.some((k) => seen.has(k))) continue;
    keys.forEach((k) => seen.add(k));
    out.push(c);
  }
  return out;
}

/** What places_details takes for a candidate's "more details": our attraction as the local source names it. */
export function detailsRef(c: Candidate): { source: PlaceSource; id: string } | null {
  if (c.attractionId !== null) return { source: 'local', id: `at:${c.attractionId}` };
  if (c.placeId) return { source: c.source, id: c.placeId };
  return null;
}
