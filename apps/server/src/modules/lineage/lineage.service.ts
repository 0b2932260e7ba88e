import { mergeTripContent, todayIso, type UpstreamResponse } from '@rides/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import { decideUpstream, ownerSeesOrigin } from '../access/lineage.policy.js';
import type { TripAccessFacts } from '../access/trip-access.policy.js';
import { isTripClient } from '../one-time-links/one-time-links.repository.js';
import { editFactsFor } from '../trip-editing/edit-transaction.js';
import { readTrip } from '../trip-editing/trip-lock.repository.js';
import type { TripsService } from '../trips/trips.service.js';
import { readLineage, readTripContent } from './lineage.repository.js';

/**
 * Living copies (issue 37, decision 0075): a copy's updates from its original. GET /api/trips/{rideId}/upstream:
 *  1. the copy: unknown 404 not_found; the lineage policy (those who may edit the copy) first, so a stranger learns
 *     nothing of whether the trip is a copy;
 *  2. its lineage row: none 404 not_a_copy, or copy_not_tracked for a copy made before lineage was kept;
 *  3. the private rule (lineage.policy.ts ownerSeesOrigin): an original deleted, or one the copy's owner may no longer
 *     view (nor is its copy-key client any more), answers originRemoved and nothing of it;
 *  4. the original's content and version and the copy's content read in one snapshot (repeatable read: a version and
 *     the content it names), merged three ways on the base (the contract's mergeTripContent).
 */
export interface LineageServiceOptions {
  db: Database;
  rides: Pick<TripsService, 'accessFacts'>;
  now?: () => Date;
}

export function createLineageService(opts: LineageServiceOptions) {
  const now = opts.now ?? (() => new Date());

  /** The original's access facts, undefined when it is gone. */
  async function originFacts(originId: number): Promise<TripAccessFacts | undefined> {
    try {
      return await opts.rides.accessFacts(originId);
    } catch (err) {
      if (err instanceof AppError && err.code === 'not_found') return undefined;
      throw err;
    }
  }

  return {
    async upstream(rideId: number, user: SessionUser | null): Promise<UpstreamResponse> {
      const copy = await readTrip(opts.db, rideId);
      if (!copy) throw new AppError('not_found');
      const may = decideUpstream(await editFactsFor(opts.db, copy, user), user);
      if (!may.allowed) throw new AppError(may.code);
      const lineage = await readLineage(opts.db, rideId);
      if (!lineage) throw new AppError(copy.basedRideId === null ? 'not_a_copy' : 'copy_not_tracked');
      const removed: UpstreamResponse = {
        ServerMassageCode: 'success',
        originRideId: null,
        originTitle: null,
        originRemoved: true,
        version: null,
        baseVersion: lineage.baseVersion,
        changes: [],
      };
      const originId = lineage.originRideId;
      if (originId === null) return removed;
      const facts = await originFacts(originId);
      const today = todayIso(now());
      // A client's copy of a private original: its owner is the original's client by a copy key, not its viewer.
      const copyClient =
        facts !== undefined &&
        !ownerSeesOrigin(facts, copy.authorId, today, false) &&
        (await isTripClient(opts.db, originId, copy.authorId, true));
      if (!ownerSeesOrigin(facts, copy.authorId, today, copyClient)) return removed;
      const read = await opts.db.transaction(
        async (tx) => ({
          theirs: await readTripContent(tx, originId),
          ours: await readTripContent(tx, rideId),
        }),
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      // Deleted between the two reads: as removed.
      if (!read.theirs || !read.ours) return removed;
      const { changes } = mergeTripContent(lineage.base, read.theirs.content, read.ours.content);
      return {
        ServerMassageCode: 'success',
        originRideId: originId,
        originTitle: read.theirs.content.title,
        originRemoved: false,
        version: read.theirs.version,
        baseVersion: lineage.baseVersion,
        changes,
      };
    },
  };
}

export type LineageService = ReturnType<typeof createLineageService>;
