import { isPrivateRide, roleAtLeast, type TripRole } from '@rides/contract';
import { ALLOWED, NO_VIEW, refuse, SIGN_IN, type Actor, type Decision } from './actor.js';
import { tripRole, type TripAccessFacts } from './trip-access.policy.js';

/**
 * Who may read and write a trip's comments, votes and shared lists (issue 33 points 4 and 5, decision 0066). Pure: it
 * takes the trip's cached access facts (the same the view policy reads) and the actor, and asks `tripRole`.
 *
 *  - Reading: the trip's people (any role: viewer, commenter, editor, owner). A stranger of a private trip is told
 *    nothing of it (the private 403); a visitor of a public trip must sign in (401); a signed-in stranger of a public
 *    trip is no member (role_does_not_allow): comments and lists are the members' own, not the trip's public page.
 *  - Writing (a comment, a vote, a list, an item, a tick): commenter or more.
 *  - Deleting a comment: its writer (still one of the trip's people) or the owner.
 */

export type TogetherAction = 'read' | 'write';

const NOT_ROLE = refuse('role_does_not_allow');

/** Why the actor is none of the trip's people: the private 403, sign in, or not a member. */
function outsider(ride: TripAccessFacts, actor: Actor): Decision {
  if (isPrivateRide(ride)) return NO_VIEW;
  if (!actor) return SIGN_IN;
  return NOT_ROLE;
}

/**
 * The trip's people's own things (comments, lists, bookings, money): one of the trip's people with at least `least`
 * (null: any role), else why not (outsider's refusals, or role_does_not_allow). Every such policy asks this.
 */
export function decideAsTripPerson(ride: TripAccessFacts, actor: Actor, least: TripRole | null): Decision {
  const role = tripRole(ride, actor);
  if (role === null) return outsider(ride, actor);
  return least === null || roleAtLeast(role, least) ? ALLOWED : NOT_ROLE;
}

export function decideTogether(ride: TripAccessFacts, actor: Actor, action: TogetherAction): Decision {
  return decideAsTripPerson(ride, actor, action === 'read' ? null : 'commenter');
}

/** Deleting a comment written by `writerId` (null: its writer's account is gone). */
export function decideCommentDelete(ride: TripAccessFacts, actor: Actor, writerId: number | null): Decision {
  const role = tripRole(ride, actor);
  if (role === null) return outsider(ride, actor);
  if (role === 'owner') return ALLOWED;
  return actor !== null && writerId === actor.id ? ALLOWED : NOT_ROLE;
}
