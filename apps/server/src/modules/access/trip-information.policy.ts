import type { TripInformationPermissions } from '@rides/contract';
import type { SessionUser } from '../../plugins/auth.js';
import {
  ALLOWED,
  isManager,
  NOT_EDITOR,
  refuse,
  SIGN_IN,
  type Actor,
  type Decision,
  type TripPeople,
} from './actor.js';

/**
 * Who may set what in the trip information form (001 §2, §5, §6; decision 0019). The changes themselves go through the
 * edit policy (edit.policy.ts: 'lock', then 'edit' for a trip that stays locked); this is what the form adds to it.
 *
 *  - The form of an existing trip (ride_information_api/{rideId}): its author only.
 *  - A private trip (making one, or turning a trip private or public): a manager (private_ride_requires_manager).
 *  - A sub-domain trip (putting a trip in a sub-domain or out of it): a user who manages a sub-domain
 *    (subdomain_ride_requires_subdomain_manager); the trip goes to the request's sub-domain when they manage it, else
 *    to the first one they manage.
 */
export function decideInformationForm(ride: TripPeople, user: Actor): Decision {
  if (!user) return SIGN_IN;
  return ride.authorId === user.id ? ALLOWED : NOT_EDITOR;
}

/** The sub-domain a manager's trip goes to: the request's when they manage it, else the first one they manage. */
export const chooseSubdomain = (
  managed: readonly string[],
  requestSubdomain: string | null,
): string | null =>
  requestSubdomain !== null && managed.includes(requestSubdomain) ? requestSubdomain : (managed[0] ?? null);

/** What the form offers this user; `managed`: the sub-domains they manage. */
export const informationPermissions = (
  user: SessionUser,
  managed: readonly string[],
  requestSubdomain: string | null,
): TripInformationPermissions => ({
  canMakePrivate: isManager(user),
  managedSubdomain: chooseSubdomain(managed, requestSubdomain),
});

/** The flags a call sets (a new trip) or changes (an existing one): whether the user's permissions allow them. */
export function decideFlags(
  permissions: TripInformationPermissions,
  sets: { privacy: boolean; subdomain: boolean },
): Decision {
  if (sets.privacy && !permissions.canMakePrivate) return refuse('private_ride_requires_manager');
  if (sets.subdomain && permissions.managedSubdomain === null)
    return refuse('subdomain_ride_requires_subdomain_manager');
  return ALLOWED;
}
