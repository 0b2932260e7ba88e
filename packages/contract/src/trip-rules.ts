import type { TripWire } from './calls/trips.js';
import { tripDateToIso } from './dates.js';
import { isPrivateRide } from './trip-privacy.js';
import { editsTripContent, type TripRole } from './trip-members.js';

/**
 * The trip's rules: what a viewer may see and do with a trip. Pure and shared: the server's policies
 * (modules/access/trip-access.policy.ts decideTripView, the reset in trip-settings.service.ts) and the web's screens
 * (the trip page, its editing slots, the offline cache) ask these functions, so each rule is written once here and
 * table-tested in test/trip-rules.test.ts. The server decides again on every write; the web only hides what cannot
 * work. "A trip is private" is trip-privacy.ts (lists read in SQL use its twin, the server's trip-access.sql.ts).
 */

/**
 * A trip that "reset trip" can take back to its base trip's order: white-label, not itself a base trip, private, and
 * copied from a base trip (without one there is no original order). Who may reset, and when (unlocked, the author),
 * is tripAbilities' / the edit policy's.
 */
export const isResettableTrip = (ride: {
  readonly type: unknown;
  readonly rideManagerId: unknown;
  readonly isWhiteLabel: boolean;
  readonly isBasedRide: boolean;
  readonly basedRideId: number | null;
}): boolean => ride.isWhiteLabel && !ride.isBasedRide && isPrivateRide(ride) && ride.basedRideId !== null;

/** Today's calendar date (UTC), ISO: the "today" of areDatesHidden, the same on the server and in the browser. */
export const todayIso = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/**
 * Whether a trip's dates are withheld from this viewer: a private trip whose end date has passed, from everyone but
 * its author and its ride manager (the planner built it; hiding its dates from them would only stop them from reusing
 * it). "Passed" compares calendar dates (ISO, UTC): the end date is before today, so the trip's last day still shows them.
 */
export const areDatesHidden = (
  ride: { readonly type: unknown; readonly rideManagerId: unknown; readonly endDate: string },
  viewer: { readonly isAuthor: boolean; readonly isPlanner: boolean },
  today: string,
): boolean => isPrivateRide(ride) && ride.endDate < today && !viewer.isAuthor && !viewer.isPlanner;

/**
 * Whether this viewer may read the trip's bookings' confirmation numbers (a stay's booking_confirmation): the trip's
 * author, and on a private trip the people its author let in (its planner and its authorised clients: a planner books
 * the hotels for the clients who travel on them). A visitor of someone else's public trip never: the number is the
 * traveller's, and with a name and a date it is enough to change or cancel a booking. The server withholds the number
 * from everyone else (rides.service's variants, so the page, the PDF and the ICS alike); the web shows what it gets.
 */
export const mayReadBookings = (
  ride: { readonly type: unknown; readonly rideManagerId: unknown },
  viewer: {
    readonly isAuthor: boolean;
    readonly isPlanner: boolean;
    readonly isAuthorisedClient: boolean;
    /** One of the trip's members (issue 33): the people it was planned with read its bookings, public trip or not. */
    readonly isMember?: boolean;
  },
): boolean =>
  viewer.isAuthor ||
  viewer.isMember === true ||
  (isPrivateRide(ride) && (viewer.isPlanner || viewer.isAuthorisedClient));

/** The facts of a trip its screen's rules read (the ride row's, or the wire ride's through tripFactsFromWire). */
export interface TripFacts {
  type: 'public' | 'private';
  rideManagerId: number | null;
  isLocked: boolean;
  isDemo: boolean;
  isWhiteLabel: boolean;
  isBasedRide: boolean;
  basedRideId: number | null;
  /** ISO YYYY-MM-DD; null when the server has already withheld the dates from this viewer (the wire's dates_hidden). */
  endDate: string | null;
  /** The white-label sub-domain the trip belongs to, or null for the main site's. */
  subdomain: string | null;
}

/** The facts of a ride as the wire carries it (the web's side). */
export const tripFactsFromWire = (ride: TripWire): TripFacts => ({
  type: ride.type,
  rideManagerId: ride.ride_manager_id,
  isLocked: ride.is_locked,
  isDemo: ride.is_demo,
  isWhiteLabel: ride.is_white_label,
  isBasedRide: ride.is_based_ride,
  basedRideId: ride.based_ride_id,
  endDate: ride.dates_hidden || ride.end_date === null ? null : tripDateToIso(ride.end_date),
  subdomain: ride.subdomain,
});

/** The facts "copy and edit" reads: the trip's, and the sub-domain the request or the page is on (null: the main site). */
export type CopyFacts = Pick<TripFacts, 'type' | 'rideManagerId' | 'isLocked' | 'isDemo'> & {
  readonly subdomain: string | null;
};

/**
 * Why add_ride_to_user_api would refuse this viewer a copy of the trip, or null when it copies it (000 §6). The one
 * place of the rule: the server's copy service (modules/trip-editing/copy.service.ts) throws the code, and
 * tripAbilities offers "copy and edit" only where it is null, so no screen invites a copy the server then refuses.
 *  - a demo trip is for looking (000 §6 "copy a public trip (not a demo trip)"): forbidden, even to its author;
 *  - a private trip: only its author (their duplicate); a client's own copy is copy_private_ride_api's, with a key;
 *  - a locked trip: only its author (000 §6: "copy and edit" shows only on unlocked trips);
 *  - a trip of another sub-domain than the one it is asked on (groups, 000 §6).
 * The group rule (a sub-domain trip must be its manager's) reads the group's manager, which only the server knows.
 */
export function copyRefusal(
  trip: CopyFacts,
  viewer: { readonly isAuthor: boolean; readonly site: string | null },
):
  | 'forbidden'
  | 'user_does_not_have_permission_to_this_private_ride'
  | 'uesr_is_not_authorize_to_edit_this_ride'
  | 'error_ride_is_not_from_subdomain'
  | null {
  if (trip.isDemo) return 'forbidden';
  if (isPrivateRide(trip) && !viewer.isAuthor) return 'user_does_not_have_permission_to_this_private_ride';
  if (trip.isLocked && !viewer.isAuthor) return 'uesr_is_not_authorize_to_edit_this_ride';
  if ((trip.subdomain ?? null) !== viewer.site) return 'error_ride_is_not_from_subdomain';
  return null;
}

/** Who looks at the trip. */
export interface TripViewer {
  /**
   * The viewer wrote the trip. null: not known yet (the web waits for ride_header_api's isAuthor); a visitor who is
   * not signed in is never the author (false).
   */
  isAuthor: boolean | null;
  /** The viewer is the trip's ride manager (the planner who built it for a client). */
  isPlanner: boolean;
  /** The viewer's role is manager. */
  isManager: boolean;
  /** The white-label sub-domain the page is on, or null on the main site (copying is refused across sites). */
  site: string | null;
  /** The viewer's role in the trip (ride_header_api's role, issue 33); absent or null: none, or not known yet. */
  role?: TripRole | null;
}


/** What a trip screen offers this viewer. Each is a button or a block the screen shows or leaves out. */
export interface TripAbilities {
  /** Change the trip's content (days, dates, times, activities, stays, day notes): the author or an editor (editsTripContent), unlocked. */
  edit: boolean;
  /** Lock and unlock the trip: the author, locked or not (unlocking is how a locked trip becomes editable again). */
  lock: boolean;
  /** Edit the trip-wide information sections: an editing author of a base trip, or an editing author who is a manager. */
  editInformation: boolean;
  /**
   * Add photos to the trip (/add_images/{rideId}, /add_accommodations_image/{rideId}; 000 §2, 001 §2 "links ... only to
   * the trip author on a base trip"): an editing author of a base trip. The server's photo calls make new attractions
   * only on a base trip (or by a manager), so a link on another trip would lead to refusals.
   */
  addPhotos: boolean;
  /** The share button: public trips except demo trips. */
  share: boolean;
  /**
   * The "copy this trip and edit it" banner: a viewer known not to be the author nor a member, on a trip add_ride_to_user_api would
   * copy for them (copyRefusal null: not a demo, not locked, not private, of this site). A client whose access allows
   * copying a private trip gets copy_private_ride_api's "make my own copy" instead, asked of the server.
   */
  copyBanner: boolean;
  /** The note that a demo trip is for looking and cannot be copied (000 §6): every reader but its author. */
  demoNote: boolean;
  /** "Reset trip": the author of an unlocked trip that can be reset (isResettableTrip). */
  reset: boolean;
  /** Duplicate the trip: a manager who authors a private trip the server copies for them (copyRefusal). */
  duplicate: boolean;
  /** Show the trip's registration link: a manager who authors a private trip. */
  registrationLink: boolean;
  /** The trip's dates are withheld from this viewer (areDatesHidden). */
  datesHidden: boolean;
}

/** The one answer to "what may this viewer do with this trip's screen", `today` being ISO (UTC). */
export function tripAbilities(trip: TripFacts, viewer: TripViewer, today: string): TripAbilities {
  const author = viewer.isAuthor === true;
  const edit = editsTripContent(viewer) && !trip.isLocked;
  const authorEdits = author && !trip.isLocked;
  const managerOfPrivate = author && viewer.isManager && isPrivateRide(trip);
  // The duplicate is add_ride_to_user_api by the author: offered only where it copies (not a demo, this site's trip).
  const duplicate = managerOfPrivate && copyRefusal(trip, { isAuthor: true, site: viewer.site }) === null;
  return {
    edit,
    lock: author,
    editInformation: authorEdits && (trip.isBasedRide || viewer.isManager),
    addPhotos: authorEdits && trip.isBasedRide,
    share: !isPrivateRide(trip) && !trip.isDemo,
    // Not for the trip's own people (members plan this trip with its owner; "make it your own" is not their question).
    copyBanner:
      viewer.isAuthor === false &&
      (viewer.role ?? null) === null &&
      copyRefusal(trip, { isAuthor: false, site: viewer.site }) === null,
    demoNote: trip.isDemo && viewer.isAuthor !== true,
    reset: authorEdits && isResettableTrip(trip),
    duplicate,
    registrationLink: managerOfPrivate,
    datesHidden:
      trip.endDate === null ||
      areDatesHidden(
        { ...trip, endDate: trip.endDate },
        { isAuthor: author, isPlanner: viewer.isPlanner },
        today,
      ),
  };
}
