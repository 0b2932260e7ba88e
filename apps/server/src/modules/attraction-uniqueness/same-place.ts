import { oncePerPlace, type PlaceIdentity } from '@rides/contract';
import type { Database } from '../../db/client.js';
import { normalizePlaceText } from '../../providers/places/local/normalize.js';
import { groupIdsOf, tripPlaceRecords } from './uniqueness.repository.js';

/** What a search result tells of its place (our attraction's id when it is one of ours). */
export interface ResultPlace {
  attractionId: number | null;
  placeId: string | null;
  name: string;
  lat: number;
  lng: number;
}

/**
 * The add-activity searches' results against the trip (issue 30 point 6): one result per real place, and "on the trip"
 * when the trip holds that place in any record (the contract's one same-place rule: place id, uniqueness group, or the
 * same normalised name within 50 m), not only the very record. Reads the trip's records and the results' groups.
 */
export function createSamePlaceCheck(db: Database) {
  const identity = (p: Omit<ResultPlace, 'attractionId'>, groupId: number | null): PlaceIdentity => ({
    placeId: p.placeId || null,
    nameKey: normalizePlaceText(p.name),
    lat: p.lat,
    lng: p.lng,
    groupId,
  });
  return {
    async oncePerPlaceOnTrip<T>(
      rideId: number,
      results: readonly T[],
      place: (r: T) => ResultPlace,
      inTripById: (r: T) => boolean,
    ): Promise<{ item: T; inTrip: boolean }[]> {
      const ids = results.flatMap((r) => place(r).attractionId ?? []);
      const [held, groups] = await Promise.all([tripPlaceRecords(db, rideId), groupIdsOf(db, ids)]);
      const onTrip = held.map((h) =>
        identity({ placeId: h.placeId, name: h.title, lat: h.lat, lng: h.lng }, h.groupId),
      );
      const groupOf = (p: ResultPlace) =>
        p.attractionId !== null ? (groups.get(p.attractionId) ?? null) : null;
      return oncePerPlace(results, (r) => identity(place(r), groupOf(place(r))), inTripById, onTrip);
    },
  };
}

export type SamePlaceCheck = ReturnType<typeof createSamePlaceCheck>;
