import { tripVersionEtag, versionOfEtag, type TripChangeSince } from '@rides/contract';

/**
 * The version of each trip as this page last saw it (issue 33 point 3, decision 0065): the ETag of its last
 * ride_attractions_api / ride_header_api read, or of the last edit's answer (the version that edit made, the page
 * showing it optimistically or after its refetch). Every editing call sends it as If-Match, so the server refuses an
 * edit made on a trip someone else changed meanwhile where the two clash (409 trip_changed_meanwhile), instead of
 * silently overwriting their change.
 */
const seen = new Map<number, number>();

/** Notes the version an answer about this trip carried in its ETag (nothing when it carried none). */
export function noteTripVersion(rideId: number, etag: string | null | undefined): void {
  const version = versionOfEtag(etag);
  if (version !== undefined) seen.set(rideId, version);
}

/** The If-Match header for an edit of this trip: the version the page shows; none before the trip was read. */
export function ifMatchHeader(rideId: number): Record<string, string> {
  const version = seen.get(rideId);
  return version === undefined ? {} : { 'If-Match': tripVersionEtag(version) };
}

/** The version the page shows now (tests, the conflict dialog). */
export const seenTripVersion = (rideId: number): number | undefined => seen.get(rideId);

/** A 409 trip_changed_meanwhile: which trip, its current version, and what changed since, by whom. */
export interface TripConflict {
  rideId: number;
  version: number;
  changes: TripChangeSince[];
}

/** What the user chose: send the same edit again on the current trip, or drop it. */
export type ConflictChoice = 'again' | 'drop';

type Resolver = (conflict: TripConflict) => Promise<ConflictChoice>;
let resolver: Resolver | null = null;

/**
 * The trip page registers how a conflict is put to the user (features/trip/conflicts: a dialog loaded on first
 * need); useWrite asks it. Answers the unregister function.
 */
export function setTripConflictResolver(next: Resolver): () => void {
  resolver = next;
  return () => {
    if (resolver === next) resolver = null;
  };
}

/** Asks the user; without a page to ask on (no resolver), the edit is dropped and the error is shown as a toast. */
export const resolveTripConflict = (conflict: TripConflict): Promise<ConflictChoice> | null =>
  resolver ? resolver(conflict) : null;
