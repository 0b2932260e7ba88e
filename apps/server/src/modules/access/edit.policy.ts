import type { MemberRole } from '@rides/contract';
import {
  ALLOWED,
  isAuthorOrPlanner,
  isManager,
  NOT_EDITOR,
  SIGN_IN,
  type Actor,
  type Decision,
} from './actor.js';
import { isPrivateRide } from './trip-access.policy.js';

/**
 * The one policy of who may change a trip (000 §5, §6; 001 §6). Pure: the facts come from the ride row locked by the
 * edit's transaction (trip-lock.repository.ts), so the decision and the change see the same row.
 *
 *  - Nobody signed in: 401 user_is_not_authorized (the web asks to log in or to add the trip to the list first).
 *  - A locked trip refuses every change of its content, to everyone, author included: 403
 *    uesr_is_not_authorize_to_edit_this_ride ("Any edit on a locked trip, or by a non-author"). The lock itself and
 *    the category stay the author's on a locked trip: unlocking is how a locked trip becomes editable again, and the
 *    category files the trip in the author's own list without changing what it shows (decision 0015).
 *  - edit (days, dates, times, removing activities, day notes): the author only (token user_id === authorId).
 *  - addAttraction (from the search results): the author when the trip is public or the author is a manager; or the
 *    sub-domain manager whose theme is the trip's and who is its ride manager ("may add attractions if the trip's
 *    ride_manager_id matches the domain's").
 *  - newAttraction (an attraction written for the trip: the editor's form, a photo's place): whoever may edit it,
 *    on a base trip or when they are a manager (000 §6; the same rule for both ways in).
 *  - copyAttraction (shouldCopyTheAttraction): a manager who authors a private trip (000 §4).
 *  - tripInformation (trip-wide general information): the author of a base trip, or an author who is a manager (000 §2,
 *    §6 "add general info if the trip is a base trip or the author is a manager").
 *  - reset: the author (owner); which trips can be reset is the reset's own rule (ride_reset_error).
 *  - White-label trips (001 §6, decision 0030): when the manager of the trip's sub-domain allows its users to edit
 *    (ride_white_label_permissions), the trip's clients (editorIsClient: the edit transaction asks) may edit and add
 *    activities as its author does; a locked trip stays locked for them too.
 *  - Members (issue 33, decision 0062): an editor changes the trip as its author does (edit, add activities, and new
 *    attractions on the terms of an author who is not a manager: a base trip); locking, the category, the reset, the
 *    trip's information and copying attractions stay its owner's. A viewer or a commenter changes nothing here.
 *  - subdomainSettings (the closed environment and the white-label permissions, decision 0030): the trip's author, its
 *    planner or the manager of its sub-domain, locked or not (the caller also requires a user who manages a sub-domain).
 */
export type EditAction =
  | 'edit'
  | 'addAttraction'
  | 'newAttraction'
  | 'copyAttraction'
  | 'tripInformation'
  | 'lock'
  | 'category'
  | 'reset'
  | 'subdomainSettings';

/**
 * The actions that change what the trip holds (days, activities, stays, texts, its information): after one, a copy
 * no longer repeats its original. Locking, the trip's category and the sub-domain settings are about the trip, not in it.
 */
export const CONTENT_ACTIONS: ReadonlySet<EditAction> = new Set<EditAction>([
  'edit',
  'addAttraction',
  'newAttraction',
  'copyAttraction',
  'tripInformation',
  'reset',
]);

export interface EditFacts {
  authorId: number;
  isLocked: boolean;
  type: 'public' | 'private';
  rideManagerId: number | null;
  isBasedRide: boolean;
  /** userId of the theme of the trip's sub-domain, when it has one. */
  subdomainManagerId: number | null;
  isWhiteLabel?: boolean;
  /** The user is a client of this white-label trip and its sub-domain manager lets clients edit it (decision 0030). */
  editorIsClient?: boolean;
  /** The user's member role in this trip (trip_members, issue 33), read by the edit transaction; null: not a member. */
  memberRole?: MemberRole | null;
}

export type EditDecision = Decision;

export function decideEdit(ride: EditFacts, user: Actor, action: EditAction): EditDecision {
  if (!user) return SIGN_IN;
  const isAuthor = user.id === ride.authorId;
  const manager = isManager(user);
  if (action === 'lock' || action === 'category') return isAuthor ? ALLOWED : NOT_EDITOR;
  if (action === 'subdomainSettings') {
    const subdomainManager = ride.subdomainManagerId !== null && user.id === ride.subdomainManagerId;
    return isAuthorOrPlanner(ride, user) || subdomainManager ? ALLOWED : NOT_EDITOR;
  }
  if (ride.isLocked) return NOT_EDITOR;
  const whiteLabelClient = ride.isWhiteLabel === true && ride.editorIsClient === true;
  const editorMember = !isAuthor && ride.memberRole === 'editor';
  switch (action) {
    case 'edit':
      return isAuthor || whiteLabelClient || editorMember ? ALLOWED : NOT_EDITOR;
    case 'newAttraction':
      return (isAuthor || whiteLabelClient) && (ride.isBasedRide || manager)
        ? ALLOWED
        : editorMember && ride.isBasedRide
          ? ALLOWED
          : NOT_EDITOR;
    case 'reset':
      return isAuthor ? ALLOWED : NOT_EDITOR;
    case 'addAttraction': {
      const subdomainManager =
        ride.subdomainManagerId !== null &&
        user.id === ride.subdomainManagerId &&
        ride.rideManagerId === user.id;
      return (isAuthor && (!isPrivateRide(ride) || manager)) ||
        subdomainManager ||
        whiteLabelClient ||
        editorMember
        ? ALLOWED
        : NOT_EDITOR;
    }
    case 'copyAttraction':
      return isAuthor && manager && isPrivateRide(ride) ? ALLOWED : NOT_EDITOR;
    case 'tripInformation':
      return isAuthor && (ride.isBasedRide || manager) ? ALLOWED : NOT_EDITOR;
  }
}
