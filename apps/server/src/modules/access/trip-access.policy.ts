import {
  areDatesHidden,
  isPrivateRide,
  mayReadBookings,
  todayIso,
  type MemberRole,
  type TripRole,
} from '@rides/contract';
import type { SessionUser } from '../../plugins/auth.js';

/**
 * The one policy that decides who may view a trip and what of it (000 §6, 001 §6). Pure: it takes the facts
 * (read and cached by the rides module) and the viewer, and never queries; so it is as cheap on a cache hit as
 * a comparison, and every module that shows a trip (page, header, author block, PDF, offline) asks it the same way.
 *
 *  - Public trip: anyone may view, signed in or not.
 *  - Private trip (type 'private', or ride_manager_id set — "a number marks a private ride"): its author, its
 *    ride manager (the planner), the users in ride_authorized_users and its members (trip_members, issue 33, any
 *    role). Anyone else, anonymous included, gets 403 user_does_not_have_permission_to_this_private_ride (the web
 *    sends them to the private landing page).
 *  - The viewer's role in the trip (tripRole, decision 0062): owner (the author, and the planner of a private trip),
 *    their member role, viewer for an authorised client of a private trip, none for anyone else.
 *  - Dates of a private trip are hidden once its end date has passed, from every viewer but its author and its
 *    ride manager (the planner built it; hiding its dates from them would only stop them from reusing it).
 *    "Passed" compares calendar dates: the end date is before today (UTC); the trip's last day still shows them.
 *    (The privacy and dates rules themselves are the contract's, trip-rules.ts: the web's screens read the same.)
 */
export interface TripAccessFacts {
  authorId: number;
  rideManagerId: number | null;
  type: 'public' | 'private';
  /** ISO YYYY-MM-DD. */
  endDate: string;
  /** ride_authorized_users of a private trip. */
  authorizedUserIds: ReadonlySet<number>;
  /** trip_members: each member's role (issue 33). */
  memberRoles: ReadonlyMap<number, MemberRole>;
}

export type TripViewer = SessionUser | null;

export type TripViewDecision =
  | { allowed: false }
  | {
      allowed: true;
      /** The viewer's user id is the trip's authorId (ride_header_api's isAuthor). */
      isAuthor: boolean;
      /** Dates must be withheld from this viewer (ride.dates_hidden). */
      datesHidden: boolean;
      /** The viewer may read the stays' confirmation numbers (the contract's mayReadBookings). */
      bookings: boolean;
      /** The viewer's role in the trip (tripRole); null for a visitor of a public trip who is none of its people. */
      role: TripRole | null;
    };

/** The trip's rules live in the contract (packages/contract/src/trip-rules.ts), shared with the web's screens. */
export { isPrivateRide, todayIso };

/**
 * The viewer's role in the trip (issue 33, decision 0062): owner for its author and for the planner of a private trip
 * (who invites on it), the member's own role, viewer for an authorised client of a private trip (a client joined by
 * key sees the trip as a viewer does), and null for everyone else. Pure; every "who may" of members, comments, lists
 * and events asks it.
 */
export function tripRole(ride: TripAccessFacts, viewer: TripViewer): TripRole | null {
  if (!viewer) return null;
  if (viewer.id === ride.authorId) return 'owner';
  const isPrivate = isPrivateRide(ride);
  if (isPrivate && viewer.id === ride.rideManagerId) return 'owner';
  const member = ride.memberRoles.get(viewer.id);
  if (member) return member;
  return isPrivate && ride.authorizedUserIds.has(viewer.id) ? 'viewer' : null;
}

export function decideTripView(ride: TripAccessFacts, viewer: TripViewer, today: string): TripViewDecision {
  const userId = viewer?.id;
  const isAuthor = userId !== undefined && userId === ride.authorId;
  const role = tripRole(ride, viewer);
  const isMember = userId !== undefined && ride.memberRoles.has(userId);
  if (!isPrivateRide(ride)) {
    return {
      allowed: true,
      isAuthor,
      datesHidden: false,
      bookings: mayReadBookings(ride, { isAuthor, isPlanner: false, isAuthorisedClient: false, isMember }),
      role,
    };
  }
  const isPlanner = userId !== undefined && userId === ride.rideManagerId;
  const isAuthorisedClient = userId !== undefined && ride.authorizedUserIds.has(userId);
  if (!isAuthor && !isPlanner && !isAuthorisedClient && !isMember) return { allowed: false };
  return {
    allowed: true,
    isAuthor,
    datesHidden: areDatesHidden(ride, { isAuthor, isPlanner }, today),
    bookings: mayReadBookings(ride, { isAuthor, isPlanner, isAuthorisedClient, isMember }),
    role,
  };
}

/**
 * The viewer opens this private trip as one of its authorised clients (ride_authorized_users), not as its author or
 * its planner: whose opens the planner's access page counts (decision 0028). Pure, on the same cached facts.
 */
export function isAuthorisedClient(ride: TripAccessFacts, viewer: TripViewer): boolean {
  const userId = viewer?.id;
  return (
    userId !== undefined &&
    isPrivateRide(ride) &&
    userId !== ride.authorId &&
    userId !== ride.rideManagerId &&
    ride.authorizedUserIds.has(userId)
  );
}
