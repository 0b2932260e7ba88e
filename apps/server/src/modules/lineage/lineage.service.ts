import {
  MAX_TRIP_DAYS,
  mergeTripContent,
  todayIso,
  type UpstreamPullBody,
  type UpstreamPullResponse,
  type UpstreamResponse,
  type UpstreamUndoResponse,
} from '@rides/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import { decideCopySettings, decideUpstream, ownerSeesOrigin } from '../access/lineage.policy.js';
import type { TripAccessFacts } from '../access/trip-access.policy.js';
import { isTripClient } from '../one-time-links/one-time-links.repository.js';
import { editFactsFor } from '../trip-editing/edit-transaction.js';
import { readTrip } from '../trip-editing/trip-lock.repository.js';
import type { TripsService } from '../trips/trips.service.js';
import type { TripEditor } from '../trip-editing/edit-transaction.js';
import { bookedStayKeys, type ContentRows } from './content-rows.repository.js';
import {
  readLineage,
  readOriginLocked,
  readPullKept,
  readTripContent,
  savePull,
  saveUndo,
  type LineageRow,
} from './lineage.repository.js';
import { baseAfterPull, planPull } from './pull-plan.js';
import { writeTripContent } from './write-content.js';

/**
 * Living copies (issue 37, decision 0075): a copy's updates from its original. GET /api/trips/{rideId}/upstream:
 *  1. the copy: unknown 404 not_found; the lineage policy (those who may edit the copy) first, so a stranger learns
 *     nothing of whether the trip is a copy;
 *  2. its lineage row: none 404 not_a_copy, or copy_not_tracked for a copy made before lineage was kept;
 *  3. the private rule (lineage.policy.ts ownerSeesOrigin): an original deleted, or one the copy's owner may no longer
 *     view (nor is its copy-key client any more), answers originRemoved and nothing of it;
 *  4. the original's content and version and the copy's content read in one snapshot (repeatable read: a version and
 *     the content it names), merged three ways on the base (the contract's mergeTripContent).
 * POST /api/trips/{rideId}/upstream/pull and /undo (issue 37 point 3): steps 1-3 the same (the original gone or no
 * longer the owner's to view: 409 origin_removed), then one locked edit of the copy (editTrip: the lock, the version,
 * trip_events, the live pages). See pull() and undo().
 */
export interface LineageServiceOptions {
  db: Database;
  rides: Pick<TripsService, 'accessFacts'>;
  /** The one locked edit transaction of a trip (trip-editing/edit-transaction.ts). */
  editTrip: TripEditor;
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

  /** Steps 1-2: the copy, who asks (before anything says whether it is a copy), its lineage row. */
  async function copyAndLineage(rideId: number, user: SessionUser | null) {
    const copy = await readTrip(opts.db, rideId);
    if (!copy) throw new AppError('not_found');
    const may = decideUpstream(await editFactsFor(opts.db, copy, user), user);
    if (!may.allowed) throw new AppError(may.code);
    const lineage = await readLineage(opts.db, rideId);
    if (!lineage) throw new AppError(copy.basedRideId === null ? 'not_a_copy' : 'copy_not_tracked');
    return { copy, lineage };
  }

  /** Step 3, the private rule: the original's id while the copy's owner may still take from it, else null. */
  async function visibleOrigin(copy: { authorId: number }, lineage: LineageRow): Promise<number | null> {
    const originId = lineage.originRideId;
    if (originId === null) return null;
    const facts = await originFacts(originId);
    const today = todayIso(now());
    // A client's copy of a private original: its owner is the original's client by a copy key, not its viewer.
    const copyClient =
      facts !== undefined &&
      !ownerSeesOrigin(facts, copy.authorId, today, false) &&
      (await isTripClient(opts.db, originId, copy.authorId, true));
    return ownerSeesOrigin(facts, copy.authorId, today, copyClient) ? originId : null;
  }

  return {
    async upstream(rideId: number, user: SessionUser | null): Promise<UpstreamResponse> {
      const { copy, lineage } = await copyAndLineage(rideId, user);
      // The mails of a planner's pushes: the copy's owner's own switch (PUT copy-settings), shown to them only.
      const mails = { notify: lineage.notify, mayChangeNotify: decideCopySettings(copy, user).allowed };
      const removed: UpstreamResponse = {
        ServerMassageCode: 'success',
        ...mails,
        originRideId: null,
        originTitle: null,
        originRemoved: true,
        version: null,
        baseVersion: lineage.baseVersion,
        changes: [],
        days: [],
        originDays: null,
      };
      const originId = await visibleOrigin(copy, lineage);
      if (originId === null) return removed;
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
        ...mails,
        originRideId: originId,
        originTitle: read.theirs.content.title,
        originRemoved: false,
        version: read.theirs.version,
        baseVersion: lineage.baseVersion,
        changes,
        days: read.ours.content.days,
        originDays: read.theirs.content.days,
      };
    },

    /**
     * Takes the original's chosen changes into the copy. Under the copy's lock (the original share-locked, so the
     * version read names the content read): the original's version must be the one the preview was made from (else
     * 409 upstream_changed); every id accepted or resolved must be one of the merge's changes (else 400
     * unknown_change); pull-plan.ts decides what applies (booked stays, the 60-day cap); write-content.ts writes it;
     * the lineage keeps the copy's content and base before (and the rows deleted) for one undo, at the copy's new
     * version; the base moves forward by what was taken.
     */
    async pull(
      rideId: number,
      body: UpstreamPullBody,
      user: SessionUser | null,
    ): Promise<UpstreamPullResponse> {
      const { copy, lineage } = await copyAndLineage(rideId, user);
      const originId = await visibleOrigin(copy, lineage);
      if (originId === null) throw new AppError('origin_removed');
      const accept = body.accept ?? [];
      const resolve = body.resolve ?? {};
      return opts.editTrip(rideId, user, 'edit', async (tx, ride) => {
        const kept = await readLineage(tx, rideId);
        if (!kept) throw new AppError('not_a_copy');
        const theirs = await readOriginLocked(tx, originId);
        if (!theirs) throw new AppError('origin_removed');
        const ours = await readTripContent(tx, rideId);
        if (!ours) throw new AppError('not_found');
        const { changes } = mergeTripContent(kept.base, theirs.content, ours.content);
        // A stale preview: nothing applied; the answer carries the changes as they are now.
        if (theirs.version !== body.version)
          throw new AppError('upstream_changed', undefined, {
            upstream: { version: theirs.version, changes },
          });
        const known = new Set(changes.map((c) => c.id));
        if ([...accept, ...Object.keys(resolve)].some((id) => !known.has(id)))
          throw new AppError('unknown_change');
        const plan = planPull(
          ours.content,
          changes,
          accept,
          resolve,
          await bookedStayKeys(tx, rideId),
          MAX_TRIP_DAYS,
        );
        const removed = await writeTripContent(tx, ride, ours.content, plan.content);
        const theirsOnly = mergeTripContent(kept.base, theirs.content, kept.base).changes;
        await savePull(tx, rideId, {
          base: baseAfterPull(kept.base, theirsOnly, plan.taken),
          baseVersion: theirs.version,
          beforePull: { content: ours.content, base: kept.base, baseVersion: kept.baseVersion, removed },
          // editTrip writes this edit's trip_events row right after: the version goes up by one.
          pulledVersion: ride.version + 1,
        });
        return {
          ServerMassageCode: 'success' as const,
          applied: plan.applied,
          refused: plan.refused,
          baseVersion: theirs.version,
        };
      });
    },

    /**
     * Takes the last pull back: the copy's content as it was (the same writer, the deleted rows put back with their
     * ids) and the base as it was. Only while the copy is still at the version the pull left (else 409
     * copy_changed_since_pull, nothing written); no pull kept: 409 nothing_to_undo. The original is not read: an undo
     * needs nothing of it (and may undo even when the original has gone since).
     */
    async undo(rideId: number, user: SessionUser | null): Promise<UpstreamUndoResponse> {
      await copyAndLineage(rideId, user);
      return opts.editTrip(rideId, user, 'edit', async (tx, ride) => {
        const kept = await readPullKept(tx, rideId);
        const before = kept?.beforePull;
        if (!kept || !before) throw new AppError('nothing_to_undo');
        if (kept.pulledVersion !== ride.version) throw new AppError('copy_changed_since_pull');
        const ours = await readTripContent(tx, rideId);
        if (!ours) throw new AppError('not_found');
        const restore: ContentRows = before.removed ?? { activities: [], stays: [], notes: [] };
        await writeTripContent(tx, ride, ours.content, before.content, restore);
        await saveUndo(tx, rideId, { base: before.base, baseVersion: before.baseVersion });
        return { ServerMassageCode: 'success' as const, baseVersion: before.baseVersion };
      });
    },
  };
}

export type LineageService = ReturnType<typeof createLineageService>;
