import { copyRefusal, type CopyFacts } from '@rides/contract';
import { ALLOWED, NO_VIEW, refuse, SIGN_IN, type Actor, type Decision, type TripPeople } from './actor.js';

/**
 * Who may get a copy of a trip, every way to get one (000 §4, §6; decisions 0015, 0028, 0030):
 *
 *  - add_ride_to_user_api (decideCopy): the contract's copyRefusal (a demo trip is nobody's to copy; a private or a
 *    locked trip only its author's, as their duplicate; a trip only on its own site), which the trip page's "copy and
 *    edit" is offered by; then the group rule.
 *  - The group rule (groupTripRefusal): a group is a white-label sub-domain; a trip of a group whose manager neither
 *    authored nor plans it is not theirs to hand out: error_ride_is_not_from_the_right_user. Copying and joining with
 *    an access key (access-keys.policy.ts) both ask it.
 *  - copy_private_ride_api (decidePrivateCopy): a client who came in with a copy key (their access allows copying),
 *    never of a demo trip; anyone else is told nothing of the trip. Only on the trip's own site.
 */
export interface GroupFacts extends TripPeople {
  subdomain: string | null;
  /** The user id of the trip's sub-domain's theme (its group's manager), when it has one. */
  subdomainManagerId: number | null;
}

export function groupTripRefusal(ride: GroupFacts): Decision {
  const groupManager = ride.subdomainManagerId;
  return ride.subdomain !== null &&
    groupManager !== null &&
    ride.authorId !== groupManager &&
    ride.rideManagerId !== groupManager
    ? refuse('error_ride_is_not_from_the_right_user')
    : ALLOWED;
}

export function decideCopy(ride: CopyFacts & GroupFacts, user: Actor, site: string | null): Decision {
  if (!user) return SIGN_IN;
  const refusal = copyRefusal(ride, { isAuthor: ride.authorId === user.id, site });
  return refusal !== null ? refuse(refusal) : groupTripRefusal(ride);
}

/** The facts of a client's own copy: the trip, and whether the user came in with one of its copy keys. */
export interface PrivateCopyFacts {
  isDemo: boolean;
  subdomain: string | null;
  /** The user is a client of the trip through a copy key, not removed since (isTripClient, copyOnly). */
  isCopyClient: boolean;
}

/** Whether copy_private_ride_api would give this user a copy, wherever asked (its status call tells the web). */
export const mayCopyPrivate = (ride: Pick<PrivateCopyFacts, 'isDemo' | 'isCopyClient'>): boolean =>
  !ride.isDemo && ride.isCopyClient;

export function decidePrivateCopy(ride: PrivateCopyFacts, user: Actor, site: string | null): Decision {
  if (!user) return SIGN_IN;
  if (!mayCopyPrivate(ride)) return NO_VIEW;
  return (ride.subdomain ?? null) !== site ? refuse('error_ride_is_not_from_subdomain') : ALLOWED;
}
