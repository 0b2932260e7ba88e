import type { ServerMassageCode } from '@rides/contract';
import type { SessionUser } from '../../plugins/auth.js';

/**
 * The words every access policy of modules/access speaks (decision 0056). A policy is pure: it takes the facts its
 * service read (the trip's row, a membership, a list of sub-domains) and the actor, and answers a Decision; the service
 * asks it as its first step and throws the refusal's code. One file per subject: trip-access.policy.ts (view),
 * edit.policy.ts (change), access-keys.policy.ts, copy.policy.ts, one-time-links.policy.ts, attraction.policy.ts,
 * trip-information.policy.ts; each table-tested in apps/server/test/access/.
 */

/** Who asks: a signed-in user (their id, role and the platform admin flag), or nobody signed in (null). */
export type Actor = SessionUser | null;

export type Decision = { allowed: true } | { allowed: false; code: ServerMassageCode };

export const ALLOWED: Decision = { allowed: true };
export const refuse = (code: ServerMassageCode): Decision => ({ allowed: false, code });

/** The refusal of a change to someone who may not make it (the spec's own spelling). */
export const NOT_EDITOR = refuse('uesr_is_not_authorize_to_edit_this_ride');
/** The refusal that tells nothing of a private trip to someone who may not view it. */
export const NO_VIEW = refuse('user_does_not_have_permission_to_this_private_ride');
export const SIGN_IN = refuse('user_is_not_authorized');

/** A trip's people, as every policy reads them: its author and its planner (ride_manager_id, null on most trips). */
export interface TripPeople {
  authorId: number;
  rideManagerId: number | null;
}

/** The role "manager" (001 §6): planners; they make private trips, choose categories, duplicate. */
export const isManager = (user: SessionUser): boolean => user.role === 'manager';

/** The trip's author or its planner: those who own a trip (its key, its links, its shares). */
export const isAuthorOrPlanner = (ride: TripPeople, user: SessionUser): boolean =>
  user.id === ride.authorId || user.id === ride.rideManagerId;
