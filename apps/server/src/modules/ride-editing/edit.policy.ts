import type { ServerMassageCode } from '@rides/contract';
import type { SessionUser } from '../../plugins/auth.js';
import { isPrivateRide } from '../access/ride-access.policy.js';

/**
 * The one policy of who may change a trip (000 §5, §6; 001 §6). Pure: the facts come from the ride row locked by the
 * edit's transaction (ride-lock.repository.ts), so the decision and the change see the same row.
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
 *  - copyAttraction (shouldCopyTheAttraction): a manager who authors a private trip (000 §4).
 *  - tripInformation (trip-wide general information): the author of a base trip, or an author who is a manager (000 §2,
 *    §6 "add general info if the trip is a base trip or the author is a manager").
 *  - reset: the author (owner); which trips can be reset is the reset's own rule (ride_reset_error).
 *  - White-label trips (001 §6, decision 0030): when the manager of the trip's sub-domain allows its users to edit
 *    (ride_white_label_permissions), the trip's clients (editorIsClient: the edit transaction asks) may edit and add
 *    activities as its author does; a locked trip stays locked for them too.
 *  - subdomainSettings (the closed environment and the white-label permissions, decision 0030): the trip's author, its
 *    planner or the manager of its sub-domain, locked or not (the caller also requires a user who manages a sub-domain).
 */
export type EditAction =
  | 'edit'
  | 'addAttraction'
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
export const CONTENT_ACTIONS: ReadonlySet<EditAction> = new Set<EditAction>(['edit', 'addAttraction', 'copyAttraction', 'tripInformation', 'reset']);

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
}

export type EditDecision = { allowed: true } | { allowed: false; code: ServerMassageCode };

const refuse = (code: ServerMassageCode): EditDecision => ({ allowed: false, code });
const ALLOWED: EditDecision = { allowed: true };
const NOT_EDITOR = refuse('uesr_is_not_authorize_to_edit_this_ride');

export function decideEdit(ride: EditFacts, user: SessionUser | null, action: EditAction): EditDecision {
  if (!user) return refuse('user_is_not_authorized');
  const isAuthor = user.id === ride.authorId;
  const isManager = user.role === 'manager';
  if (action === 'lock' || action === 'category') return isAuthor ? ALLOWED : NOT_EDITOR;
  if (action === 'subdomainSettings') {
    const subdomainManager = ride.subdomainManagerId !== null && user.id === ride.subdomainManagerId;
    return isAuthor || user.id === ride.rideManagerId || subdomainManager ? ALLOWED : NOT_EDITOR;
  }
  if (ride.isLocked) return NOT_EDITOR;
  const whiteLabelClient = ride.isWhiteLabel === true && ride.editorIsClient === true;
  switch (action) {
    case 'edit':
      return isAuthor || whiteLabelClient ? ALLOWED : NOT_EDITOR;
    case 'reset':
      return isAuthor ? ALLOWED : NOT_EDITOR;
    case 'addAttraction': {
      const subdomainManager =
        ride.subdomainManagerId !== null && user.id === ride.subdomainManagerId && ride.rideManagerId === user.id;
      return (isAuthor && (!isPrivateRide(ride) || isManager)) || subdomainManager || whiteLabelClient ? ALLOWED : NOT_EDITOR;
    }
    case 'copyAttraction':
      return isAuthor && isManager && isPrivateRide(ride) ? ALLOWED : NOT_EDITOR;
    case 'tripInformation':
      return isAuthor && (ride.isBasedRide || isManager) ? ALLOWED : NOT_EDITOR;
  }
}
