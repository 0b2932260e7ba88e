import { haversineKm } from './geo-distance.js';

/**
 * "One real place" (decision 0040): two records are the same place when they carry the same maps place id, when a
 * planner put them in one uniqueness group, or when their names are the same in the places source's normal form
 * (decision 0013) and they are at most SAME_PLACE_METRES apart. The one rule behind the uniqueness proposals and the
 * add-activity page's "already on the trip" (issue 30 point 6): the Hebrew and English records of one place are one.
 */
export const SAME_PLACE_METRES = 50;

export interface PlaceIdentity {
  /** The maps place id (Google's, a demo's), or null. */
  placeId: string | null;
  /** The name in the places source's normal form ('' when none: never equal to another). */
  nameKey: string;
  lat: number;
  lng: number;
  /** The uniqueness group the record is in, or null. */
  groupId: number | null;
}

/** Within the distance at which two records of one name are one place (the product's one distance). */
export const withinSamePlaceDistance = (
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
): boolean => haversineKm(a, b) * 1000 <= SAME_PLACE_METRES;

export function samePlace(a: PlaceIdentity, b: PlaceIdentity): boolean {
  if (a.placeId && a.placeId === b.placeId) return true;
  if (a.groupId !== null && a.groupId === b.groupId) return true;
  return a.nameKey !== '' && a.nameKey === b.nameKey && withinSamePlaceDistance(a, b);
}

/**
 * Search results listed once per real place, each saying whether the trip already has that place: `held` are the
 * trip's records; `inTripById` is what the search itself knows (the very record is on the trip). The results keep their
 * order (nearest first); of several results of one place the one on the trip stands for them, else the first.
 */
export function oncePerPlace<T>(
  results: readonly T[],
  identity: (r: T) => PlaceIdentity,
  inTripById: (r: T) => boolean,
  held: readonly PlaceIdentity[],
): { item: T; inTrip: boolean }[] {
  const kept: { item: T; id: PlaceIdentity; inTrip: boolean; exact: boolean }[] = [];
  for (const item of results) {
    const id = identity(item);
    const exact = inTripById(item);
    const inTrip = exact || held.some((h) => samePlace(h, id));
    const twin = kept.find((k) => samePlace(k.id, id));
    if (!twin) kept.push({ item, id, inTrip, exact });
    else {
      twin.inTrip ||= inTrip;
      if (exact && !twin.exact) Object.assign(twin, { item, id, exact });
    }
  }
  return kept.map(({ item, inTrip }) => ({ item, inTrip }));
}
