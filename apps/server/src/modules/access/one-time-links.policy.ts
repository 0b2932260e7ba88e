import {
  ALLOWED,
  isAuthorOrPlanner,
  NOT_EDITOR,
  refuse,
  SIGN_IN,
  type Actor,
  type Decision,
  type TripPeople,
} from './actor.js';
import { decideEdit } from './edit.policy.js';
import { isPrivateRide } from './trip-access.policy.js';

/**
 * Who may make a trip's one-time links, change its sub-domain settings and record its shares (issue 18 points 3, 6,
 * 7; decision 0030). A client's own copy of a private trip is copy.policy.ts's.
 *
 *  - A one-time link (decideOneTimeLink): the trip's author, its planner, the manager of its sub-domain, and, on a
 *    white-label trip whose sub-domain manager allows it, the trip's clients; else one_time_link_not_allowed. Only of
 *    a private or white-label trip (ride_is_not_private).
 *  - The sub-domain settings (decideSubdomainSettings): a user who manages a sub-domain
 *    (subdomain_ride_requires_subdomain_manager; decideSubdomainManager, asked before the trip is read), whom the
 *    edit policy lets change them (the trip's author, planner or sub-domain manager), on a trip of no sub-domain or of
 *    one they manage (error_ride_is_not_from_subdomain).
 *  - A recorded share (decideShareRecord): the trip's author or planner (billing counts the planner's shares, 002 §3).
 */
export interface LinkTripFacts extends TripPeople {
  type: 'public' | 'private';
  subdomain: string | null;
  subdomainManagerId: number | null;
  isWhiteLabel: boolean;
  /** The trip's sub-domain manager lets its clients make one-time links (ride_white_label_permissions). */
  usersMayCreateOneTimeLinks: boolean;
}

export function decideOneTimeLink(ride: LinkTripFacts, user: Actor, facts: { isClient: boolean }): Decision {
  if (!user) return SIGN_IN;
  const subdomainManager = ride.subdomain !== null && ride.subdomainManagerId === user.id;
  const allowedClient = ride.isWhiteLabel && ride.usersMayCreateOneTimeLinks && facts.isClient;
  if (!isAuthorOrPlanner(ride, user) && !subdomainManager && !allowedClient)
    return refuse('one_time_link_not_allowed');
  return !isPrivateRide(ride) && !ride.isWhiteLabel ? refuse('ride_is_not_private') : ALLOWED;
}

/** `managed`: the sub-domains the user manages; nobody else may touch these settings. */
export const decideSubdomainManager = (managed: readonly string[]): Decision =>
  managed.length === 0 ? refuse('subdomain_ride_requires_subdomain_manager') : ALLOWED;

export function decideSubdomainSettings(
  ride: Omit<LinkTripFacts, 'usersMayCreateOneTimeLinks' | 'isWhiteLabel'>,
  user: Actor,
  managed: readonly string[],
): Decision {
  if (!user) return SIGN_IN;
  const manager = decideSubdomainManager(managed);
  if (!manager.allowed) return manager;
  // Locked or not: the edit policy keeps these settings open on a locked trip.
  const edit = decideEdit({ ...ride, isLocked: false, isBasedRide: false }, user, 'subdomainSettings');
  if (!edit.allowed) return edit;
  return ride.subdomain !== null && !managed.includes(ride.subdomain)
    ? refuse('error_ride_is_not_from_subdomain')
    : ALLOWED;
}

export function decideShareRecord(ride: TripPeople, user: Actor): Decision {
  if (!user) return SIGN_IN;
  return isAuthorOrPlanner(ride, user) ? ALLOWED : NOT_EDITOR;
}
