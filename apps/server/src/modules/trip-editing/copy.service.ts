import type { CopyTripResponse } from '@rides/contract';
import type { Changes } from '../../changes.js';
import type { Database, Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import { decideCopy } from '../access/copy.policy.js';
import {
  copyExtraInformation,
  copyPlacements,
  copyStaysAsSuggestions,
  copyStaysAsTheyAre,
  findCopy,
  insertTrip,
} from './copy.repository.js';
import { recordCopy } from '../lineage/record-copy.js';
import { lockRide, type LockedTrip } from './trip-lock.repository.js';

/**
 * add_ride_to_user_api/{rideId} (000 §4 "copy and edit"; decision 0015): the trip goes to the user's list as their own
 * copy, linked to the original by based_ride_id; the user then edits the copy and the original stays its author's.
 *
 *  - Signed in only (401). A demo trip is not copyable (403 forbidden, 000 §6 "copy a public trip (not a demo trip)").
 *  - A locked trip is not offered for copying (000 §6: "copy and edit" shows only on unlocked trips): 403
 *    uesr_is_not_authorize_to_edit_this_ride.
 *  - A private trip: only its author may copy it (a manager's "duplicate", 000 §6), keeping it private; anyone else gets
 *    403 user_does_not_have_permission_to_this_private_ride (a client's copy of a private trip is copy_private_ride_api,
 *    with an access key).
 *  - Groups (000 §6 "Copying is blocked if the trip is from another group or its owner is not in the group"): a group is
 *    a white-label sub-domain. The trip must belong to the sub-domain the request came to (none on the main site), else
 *    403 error_ride_is_not_from_subdomain; a group trip must be authored or planned by the group's manager, else 403
 *    error_ride_is_not_from_the_right_user.
 *  - One copy per user and trip: asking again answers the copy they have (alreadyCopied), so a double press or a
 *    retried request never makes two. The author duplicating their own trip always gets a new one.
 * One transaction holding the original's row lock: the copy is the trip as one moment saw it, and two concurrent
 * requests of one user cannot both find no copy.
 */
/**
 * Writes the copy of a locked trip (the caller's transaction holds its row lock) and publishes it in that transaction;
 * the caller drops it after the commit (changes.afterCommit). The one copy of a trip, for every way to get one:
 *  - 'duplicate': the author's own duplicate: private stays private, the stays as they are (bookings included);
 *  - 'copy': a user's copy of a public trip: public, like the trip it came from (shareable by link, 000 §4), the stays
 *    as suggestions;
 *  - 'client': a client's own copy of a private trip given by its planner (a copy access key, decision 0028): private,
 *    planned by the original's planner (its ride manager, else its author), the stays as suggestions.
 */
export type CopyKind = 'duplicate' | 'copy' | 'client';
const LINEAGE_KIND = { duplicate: 'duplicate', copy: 'copy', client: 'client_copy' } as const;
export async function writeCopy(
  tx: Transaction,
  changes: Pick<Changes, 'publish'>,
  ride: LockedTrip & object,
  authorId: number,
  kind: CopyKind,
): Promise<number> {
  const plannerOfCopy = {
    duplicate: ride.rideManagerId,
    copy: null,
    client: ride.rideManagerId ?? ride.authorId,
  }[kind];
  const newRideId = await insertTrip(tx, {
    authorId,
    title: ride.title,
    text: ride.text,
    startDate: ride.startDate,
    endDate: ride.endDate,
    language: ride.language,
    type: kind === 'copy' ? 'public' : kind === 'client' ? 'private' : ride.type,
    rideManagerId: plannerOfCopy,
    isBasedRide: false,
    basedRideId: ride.id,
    isWhiteLabel: ride.isWhiteLabel,
    isLocked: false,
    subdomain: ride.subdomain,
    topPageImageUrl: ride.topPageImageUrl,
    numberOfAdult: ride.numberOfAdult,
    numberOfTeen: ride.numberOfTeen,
    numberOfChild: ride.numberOfChild,
    physicalDisabilities: ride.physicalDisabilities,
  });
  await copyPlacements(tx, ride.id, newRideId, 0);
  await (kind === 'duplicate' ? copyStaysAsTheyAre : copyStaysAsSuggestions)(tx, ride.id, newRideId);
  await copyExtraInformation(tx, ride.id, newRideId);
  // A living copy (issue 37): its original, and the original as copied (the base of later merges).
  await recordCopy(tx, ride, newRideId, LINEAGE_KIND[kind]);
  await changes.publish(tx, { kind: 'ride', rideId: newRideId });
  return newRideId;
}

export function createCopyService(deps: { db: Database; changes: Pick<Changes, 'publish' | 'afterCommit'> }) {
  return {
    async copyTrip(
      rideId: number,
      user: SessionUser | null,
      requestSubdomain: string | null,
    ): Promise<CopyTripResponse> {
      if (!user) throw new AppError('user_is_not_authorized');
      const answer = await deps.db.transaction(async (tx) => {
        const ride = await lockRide(tx, rideId);
        if (!ride) throw new AppError('not_found');
        // The copy policy: the contract's rule (the trip page's "copy and edit" is offered by it), then the group's.
        const may = decideCopy(ride, user, requestSubdomain);
        if (!may.allowed) throw new AppError(may.code);
        const duplicate = ride.authorId === user.id;
        if (!duplicate) {
          const existing = await findCopy(tx, user.id, rideId);
          if (existing !== undefined) return { newRideId: existing, alreadyCopied: true };
        }
        // A duplicate is the planner's next client's trip: private stays private. A copy is the user's own.
        const newRideId = await writeCopy(tx, deps.changes, ride, user.id, duplicate ? 'duplicate' : 'copy');
        return { newRideId, alreadyCopied: false };
      });
      if (!answer.alreadyCopied) await deps.changes.afterCommit({ kind: 'ride', rideId: answer.newRideId });
      return { ServerMassageCode: 'uesr_copyed_new_ride', basedRideId: rideId, ...answer };
    },
  };
}

export type CopyService = ReturnType<typeof createCopyService>;
