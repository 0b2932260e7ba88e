import { ALLOWED, type Actor, type Decision } from './actor.js';
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
