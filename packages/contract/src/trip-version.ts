/**
 * A trip's version on the wire (issue 33 point 3, decision 0065). ride_header_api and ride_attractions_api answer it
 * as `ETag: W/"<version>"` (weak: one version shows differently to different viewers), every edit's answer too (the
 * version it made), and an editing call sends it back as `If-Match` (`W/"12"`, `"12"` or `12`). A stale If-Match
 * whose edit clashes with what changed since answers 409 trip_changed_meanwhile with a TripChangedMeanwhile body.
 */

/** The ETag of a version. */
export const tripVersionEtag = (version: number): string => `W/"${version}"`;

const VERSION = /^(?:W\/)?"?(0|[1-9]\d{0,9})"?$/;

/** The version an ETag or If-Match names; undefined when it names none (absent, `*`, a list, not ours). */
export function versionOfEtag(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const m = VERSION.exec(value.trim());
  if (!m) return undefined;
  const version = Number(m[1]);
  return version <= 2_147_483_647 ? version : undefined;
}

/** What kind of thing a change of the trip changed (trip_events.type). */
export type TripChangeKind =
  'trip' | 'days' | 'activities' | 'stays' | 'texts' | 'members' | 'comments' | 'votes' | 'lists' | 'money';

/** One change made since the caller's version, as the 409 lists it. */
export interface TripChangeSince {
  version: number;
  type: TripChangeKind | string;
  /** days (YYYY-MM-DD), placements (attraction ids), stays (accommodation ids), fields (title, text, dates...), all. */
  target: {
    days?: string[];
    placements?: number[];
    stays?: number[];
    fields?: string[];
    all?: boolean;
  };
  userId: number | null;
  userName: string | null;
  at: string;
}

/** The body of 409 trip_changed_meanwhile. */
export interface TripChangedMeanwhile {
  ServerMassageCode: 'trip_changed_meanwhile';
  /** The trip's current version: a re-sent edit says it in If-Match. */
  version: number;
  /** What changed since the caller's version, oldest first (the last 50). */
  changes: TripChangeSince[];
}
