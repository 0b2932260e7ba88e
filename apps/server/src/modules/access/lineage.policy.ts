import {
  ALLOWED,
  isAuthorOrPlanner,
  isManager,
  NOT_EDITOR,
  SIGN_IN,
  type Actor,
  type Decision,
  type TripPeople,
} from './actor.js';
import { decideEdit, type EditFacts } from './edit.policy.js';
import { decideTripView, type TripAccessFacts } from './trip-access.policy.js';

/**
 * Living copies (issue 37, decision 0075): who sees a copy's updates from its original, and what of the original.
 * Pure, table-tested in apps/server/test/access/lineage-policy.test.ts.
 *
 *  - A copy's updates (GET /api/trips/{rideId}/upstream) are for those who may edit the copy (the edit policy's 'edit':
 *    its author, an editor member, a white-label client the sub-domain lets edit), since taking them is an edit. The
 *    copy's lock aside: a locked copy still shows what its original changed (the pull, an edit, is what it refuses).
 *    Anyone else: the edit policy's refusal (401 signed out, 403 otherwise).
 *  - The private rule: the original's content flows into a copy only while the copy's OWNER (its author: the copy is
 *    theirs, whoever of its editors asks) may view the original by the view policy, or is still a client of it by a
 *    copy key (a copy key's client gets a copy, not the original's view: decision 0028; removing the client or its
 *    key's use ends it). A private original whose access was revoked, an original made private, a deleted one: the
 *    copy shows "original removed" and nothing of it, not even its title.
 */
export function decideUpstream(copy: EditFacts, user: Actor): Decision {
  const decision = decideEdit({ ...copy, isLocked: false }, user, 'edit');
  return decision.allowed ? ALLOWED : decision;
}

/**
 * The copy's owner may still take from its original (undefined: the original is gone). `ownerIsCopyClient`: the owner
 * is a current client of the original by a copy key (asked only of a private original the owner may not view).
 */
export function ownerSeesOrigin(
  origin: TripAccessFacts | undefined,
  ownerId: number,
  today: string,
  ownerIsCopyClient: boolean,
): boolean {
  if (!origin) return false;
  if (ownerIsCopyClient) return true;
  // The view policy reads the viewer's id only; the owner is not the one asking, so no session of theirs is at hand.
  return decideTripView(origin, { id: ownerId, role: 'user', isAdmin: false }, today).allowed;
}

/**
 * A template's copies (GET /api/trips/{rideId}/copies) and the push into them (POST .../copies/push, issue 37 point 4):
 * the template's planner only: a manager who is its author or its planner (ride_manager_id), as for its keys. Anyone
 * else, a platform admin and the copies' owners included, 403 (401 signed out): the list names the planner's clients.
 * The push writes into the clients' copies as the planner's act under each copy owner's rights (the owner's lock
 * refuses it; editTrip's `as`), and only into copies of this template whose owner may still take from it
 * (ownerSeesOrigin): the same as the owner's own pull.
 */
export function decidePush(template: TripPeople, user: Actor): Decision {
  if (!user) return SIGN_IN;
  return isManager(user) && isAuthorOrPlanner(template, user) ? ALLOWED : NOT_EDITOR;
}

/**
 * The copy's own settings (PUT /api/trips/{rideId}/copy-settings: the push mails): its owner only. The mails go to the
 * owner, so the switch is theirs, not the planner's nor an editor member's.
 */
export function decideCopySettings(copy: { authorId: number }, user: Actor): Decision {
  if (!user) return SIGN_IN;
  return user.id === copy.authorId ? ALLOWED : NOT_EDITOR;
}
