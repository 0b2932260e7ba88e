import type { AccessKeyAction } from '@rides/contract';
import type { SessionUser } from '../../plugins/auth.js';
import {
  ALLOWED,
  isAuthorOrPlanner,
  NO_VIEW,
  NOT_EDITOR,
  refuse,
  SIGN_IN,
  type Actor,
  type Decision,
  type TripPeople,
} from './actor.js';
import { groupTripRefusal, type GroupFacts } from './copy.policy.js';
import { isPrivateRide } from './trip-access.policy.js';

/**
 * Who may do what with a private trip's access key (issue 18 points 1 and 2; decision 0028). The key's own state
 * (revoked, expired, places left) is the access-keys service's; this is who.
 *
 *  - The planner's calls (the key's read and update, removing a client: decideKeyManagement): the trip's author or its
 *    planner. Anyone else: user_does_not_have_permission_to_this_private_ride when they may not even view the trip
 *    (nothing of it is told to them), else uesr_is_not_authorize_to_edit_this_ride. A public trip has no key:
 *    ride_is_not_private, to its author or planner.
 *  - Joining (add_user_to_ride_privacy_api: decideJoin): on the trip's own site only (error_ride_is_not_from_subdomain),
 *    the group rule (copy.policy.ts), and not someone who has the trip already (standingThroughKey).
 */
export interface KeyTripFacts extends TripPeople {
  type: 'public' | 'private';
}

export function decideKeyManagement(
  ride: KeyTripFacts,
  user: Actor,
  facts: { isAuthorisedUser: boolean },
): Decision {
  if (!user) return SIGN_IN;
  if (!isAuthorOrPlanner(ride, user))
    return !isPrivateRide(ride) || facts.isAuthorisedUser ? NOT_EDITOR : NO_VIEW;
  return isPrivateRide(ride) ? ALLOWED : refuse('ride_is_not_private');
}

/** What the service read of the user and the key: their place through it, and whether they are an authorised user. */
export interface KeyUserFacts {
  /** The user holds a place of this key (admitted, not removed). */
  hasPlace: boolean;
  /** The user is in ride_authorized_users of the trip (by this key or another). */
  isAuthorisedUser: boolean;
  action: AccessKeyAction;
}

/**
 * How the user has the trip already, as the key's join page tells them and the join refuses them: its owner (author or
 * planner), a place of this key, or (a view key) as an authorised user; null: they do not.
 */
export function standingThroughKey(
  ride: TripPeople,
  user: SessionUser,
  facts: KeyUserFacts,
): 'owner' | 'place' | 'client' | null {
  if (isAuthorOrPlanner(ride, user)) return 'owner';
  if (facts.hasPlace) return 'place';
  return facts.action === 'view' && facts.isAuthorisedUser ? 'client' : null;
}

export function decideJoin(
  ride: GroupFacts,
  user: Actor,
  site: string | null,
  facts: KeyUserFacts,
): Decision {
  if (!user) return SIGN_IN;
  if ((ride.subdomain ?? null) !== site) return refuse('error_ride_is_not_from_subdomain');
  const group = groupTripRefusal(ride);
  if (!group.allowed) return group;
  return standingThroughKey(ride, user, facts) !== null
    ? refuse('this_user_is_alrady_assign_to_this_ride')
    : ALLOWED;
}
