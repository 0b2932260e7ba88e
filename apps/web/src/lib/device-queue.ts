import { currentToken } from './session-store';
import { decodeTokenPayload } from './session';

/**
 * Writes kept on this device to send when the network is back (a trip's expenses, its lists' items and ticks) are the
 * signed-in user's own: kept under a key that names the user, so that another account signed in later on the same
 * device (a shared family tablet) never sees them nor sends them as its own. Their owner finds them on signing in
 * again. Signed out (or with no user in the token), the key names none: nothing is queued then (writes need a user),
 * and what an older version kept there stays readable.
 */
export function queueKeyFor(kind: 'costs' | 'together', rideId: number, userId: number | null): string {
  return `rides.${kind}.queue.${rideId}${userId === null ? '' : `.u${userId}`}`;
}

/** The signed-in user's id, or null. */
export function queueOwner(): number | null {
  const id = decodeTokenPayload(currentToken() ?? '')?.user_id;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
}

/** The key of this trip's queue of `kind` for whoever is signed in now. */
export const queueKey = (kind: 'costs' | 'together', rideId: number): string =>
  queueKeyFor(kind, rideId, queueOwner());
