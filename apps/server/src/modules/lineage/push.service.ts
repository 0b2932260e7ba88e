import {
  ADDRESSES,
  MAX_TRIP_DAYS,
  mergeTripContent,
  pageLink,
  todayIso,
  tripDivergence,
  type PushCopiesBody,
  type PushCopiesResponse,
  type PushCopyReportWire,
  type TripCopiesResponse,
} from '@rides/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import type { Mailer } from '../../providers/mail/index.js';
import { decideCopySettings, decidePush, ownerSeesOrigin } from '../access/lineage.policy.js';
import type { TripAccessFacts } from '../access/trip-access.policy.js';
import { isTripClient } from '../one-time-links/one-time-links.repository.js';
import type { TripEditor } from '../trip-editing/edit-transaction.js';
import { readTrip } from '../trip-editing/trip-lock.repository.js';
import { tripTextLanguage } from '../../lib/texts.js';
import type { TripsService } from '../trips/trips.service.js';
import { bookedStayKeys } from './content-rows.repository.js';
import {
  copiesOf,
  readLineage,
  readOriginLocked,
  readTripContent,
  savePull,
  setNotify,
  versionOf,
  type TemplateCopyRow,
} from './lineage.repository.js';
import { copyPushMail } from './mails.js';
import { baseAfterPull, planPull } from './pull-plan.js';
import { writeTripContent } from './write-content.js';

/**
 * A planner pushes a template's updates into the clients' copies (issue 37 point 4, decision 0075 "Push").
 *  - GET /api/trips/{rideId}/copies: the template's copies made by others (a copy key's client's, a user's copy of the
 *    public template) whose owner may still take from it (the private rule, as the owner's own pull), with counts only.
 *  - POST /api/trips/{rideId}/copies/push: for each chosen copy, its own locked edit (editTrip, decided as the copy's
 *    owner: their lock refuses it; written as the planner's): every clean change of the merge accepted, no conflict
 *    resolved (they stay listed in the copy's upstream for its owner), the pull's rules (planPull: booked stays, the
 *    60-day cap) and the pull's bookkeeping (savePull: before_pull, so the owner's undo takes a push back too). A copy
 *    with nothing to apply is not written (no version, no event, its last pull's undo kept). One copy failing never
 *    stops the others. The owners whose copies got something and whose `notify` is on are mailed after the answer.
 *  - PUT /api/trips/{rideId}/copy-settings: the copy's owner switches those mails.
 */
export interface PushServiceOptions {
  db: Database;
  rides: Pick<TripsService, 'accessFacts'>;
  editTrip: TripEditor;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Runs work after the answer has left (the mails). */
  afterAnswer: (work: () => Promise<void>) => void;
  now?: () => Date;
}

/** The pause between two copies' edits, for other requests (1,000 copies: 5 s of a push's time). */
const PAUSE_MS = 5;

/** Thrown inside a copy's edit to roll it back when nothing applies (no version, no event): its report. */
class NothingApplied extends Error {
  constructor(readonly report: PushCopyReportWire) {
    super('nothing applied');
  }
}

/** The copy was not pushed into: the template changed under the push (its version is not the planner's). */
class UpstreamMoved extends Error {}

export function createPushService(opts: PushServiceOptions) {
  const now = opts.now ?? (() => new Date());

  async function templateFor(rideId: number, user: SessionUser | null) {
    const template = await readTrip(opts.db, rideId);
    if (!template) throw new AppError('not_found');
    const may = decidePush(template, user);
    if (!may.allowed) throw new AppError(may.code);
    return template;
  }

  /** The template's copies whose owners may still take from it (lineage.policy.ts ownerSeesOrigin). */
  async function liveCopies(templateId: number): Promise<TemplateCopyRow[]> {
    const rows = await copiesOf(opts.db, templateId);
    if (rows.length === 0) return rows;
    let facts: TripAccessFacts | undefined;
    try {
      facts = await opts.rides.accessFacts(templateId);
    } catch (err) {
      if (err instanceof AppError && err.code === 'not_found') return [];
      throw err;
    }
    const today = todayIso(now());
    const live: TemplateCopyRow[] = [];
    for (const row of rows) {
      const sees =
        ownerSeesOrigin(facts, row.authorId, today, false) ||
        (await isTripClient(opts.db, templateId, row.authorId, true));
      if (sees) live.push(row);
    }
    return live;
  }

  /** One copy's push, in its own locked edit; never throws (a failure is the copy's report). */
  async function pushOne(
    templateId: number,
    version: number,
    row: TemplateCopyRow,
    planner: SessionUser,
  ): Promise<PushCopyReportWire> {
    const owner: SessionUser = { id: row.authorId, role: 'user', isAdmin: false };
    try {
      return await opts.editTrip(
        row.rideId,
        planner,
        'edit',
        async (tx, ride) => {
          const kept = await readLineage(tx, row.rideId);
          const theirs = await readOriginLocked(tx, templateId);
          if (!kept || kept.originRideId !== templateId || !theirs || theirs.version !== version)
            throw new UpstreamMoved();
          const ours = await readTripContent(tx, row.rideId);
          if (!ours) throw new AppError('not_found');
          const { changes } = mergeTripContent(kept.base, theirs.content, ours.content);
          const accept = changes.filter((c) => !c.conflict).map((c) => c.id);
          const waiting = changes.length - accept.length;
          const nothing = { rideId: row.rideId, applied: 0, refused: [], waiting };
          if (accept.length === 0) throw new NothingApplied(nothing);
          const booked = await bookedStayKeys(tx, row.rideId);
          const plan = planPull(ours.content, changes, accept, {}, booked, MAX_TRIP_DAYS);
          if (plan.applied.length === 0) throw new NothingApplied({ ...nothing, refused: plan.refused });
          const removed = await writeTripContent(tx, ride, ours.content, plan.content);
          const theirsOnly = mergeTripContent(kept.base, theirs.content, kept.base).changes;
          await savePull(tx, row.rideId, {
            base: baseAfterPull(kept.base, theirsOnly, plan.taken),
            baseVersion: theirs.version,
            beforePull: { content: ours.content, base: kept.base, baseVersion: kept.baseVersion, removed },
            pulledVersion: ride.version + 1,
          });
          return { rideId: row.rideId, applied: plan.applied.length, refused: plan.refused, waiting };
        },
        // Decided as the copy's owner (their lock refuses it); no If-Match of the planner's request applies here.
        { as: owner, ifMatch: null },
      );
    } catch (err) {
      const skip = (skipped: PushCopyReportWire['skipped']) => ({
        rideId: row.rideId,
        applied: 0,
        refused: [],
        waiting: 0,
        skipped,
      });
      if (err instanceof NothingApplied) return err.report;
      if (err instanceof UpstreamMoved) return skip('upstream-changed');
      if (err instanceof AppError && err.code === 'uesr_is_not_authorize_to_edit_this_ride') return skip('locked');
      opts.log.warn({ err: (err as Error)?.message, rideId: row.rideId, templateId }, 'push into a copy failed');
      return skip('failed');
    }
  }

  function mailOwners(rows: TemplateCopyRow[], reports: PushCopyReportWire[], publicAddress: string): void {
    const byId = new Map(rows.map((r) => [r.rideId, r]));
    const due = reports.filter((r) => {
      const row = byId.get(r.rideId);
      return row?.notify === true && row.ownerEmail !== null && r.applied + r.waiting > 0;
    });
    if (due.length === 0) return;
    opts.afterAnswer(async () => {
      for (const report of due) {
        const row = byId.get(report.rideId)!;
        const link = `${publicAddress}${pageLink(ADDRESSES.trip, { rideId: row.rideId })}`;
        const mail = copyPushMail(
          tripTextLanguage(row.language),
          { ownerName: row.ownerName, title: row.title, applied: report.applied, waiting: report.waiting },
          link,
        );
        await opts.mailer
          .send({ to: row.ownerEmail!, ...mail })
          .catch((err: unknown) =>
            opts.log.warn({ err: (err as Error)?.message, rideId: row.rideId }, 'push mail to a copy’s owner failed'),
          );
      }
    });
  }

  return {
    async copies(rideId: number, user: SessionUser | null): Promise<TripCopiesResponse> {
      await templateFor(rideId, user);
      const theirs = await readTripContent(opts.db, rideId);
      if (!theirs) throw new AppError('not_found');
      const copies: TripCopiesResponse['copies'] = [];
      for (const row of await liveCopies(rideId)) {
        const ours = await readTripContent(opts.db, row.rideId);
        if (!ours) continue;
        const { changes } = mergeTripContent(row.base, theirs.content, ours.content);
        copies.push({
          rideId: row.rideId,
          title: row.title,
          ownerName: row.ownerName,
          kind: row.kind,
          notify: row.notify,
          baseVersion: row.baseVersion,
          updates: changes.length,
          conflicts: changes.filter((c) => c.conflict).length,
          ownChanges: tripDivergence(row.base, ours.content),
        });
      }
      return { ServerMassageCode: 'success', version: theirs.version, copies };
    },

    async push(
      rideId: number,
      body: PushCopiesBody,
      user: SessionUser | null,
      publicAddress: string,
    ): Promise<PushCopiesResponse> {
      await templateFor(rideId, user);
      if ((await versionOf(opts.db, rideId)) !== body.version) throw new AppError('upstream_changed');
      const live = await liveCopies(rideId);
      let chosen = live;
      if (body.copies !== 'all') {
        const byId = new Map(live.map((r) => [r.rideId, r]));
        const ids = [...new Set(body.copies)];
        if (ids.some((id) => !byId.has(id))) throw new AppError('unknown_copy');
        chosen = ids.map((id) => byId.get(id)!);
      }
      const reports: PushCopyReportWire[] = [];
      // One copy at a time: each its own short lock, so the copies' owners and other trips' readers wait little.
      for (const row of chosen) {
        reports.push(await pushOne(rideId, body.version, row, user!));
        // Let waiting requests in between two copies (on PGlite the database runs on this thread, one connection:
        // without a pause the next copy's transaction takes it before another reader's next query; bench/trip-push).
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
      mailOwners(chosen, reports, publicAddress);
      return { ServerMassageCode: 'success', copies: reports };
    },

    async copySettings(rideId: number, notify: boolean, user: SessionUser | null) {
      const copy = await readTrip(opts.db, rideId);
      if (!copy) throw new AppError('not_found');
      const may = decideCopySettings(copy, user);
      if (!may.allowed) throw new AppError(may.code);
      const lineage = await readLineage(opts.db, rideId);
      if (!lineage) throw new AppError(copy.basedRideId === null ? 'not_a_copy' : 'copy_not_tracked');
      await setNotify(opts.db, rideId, notify);
      return { ServerMassageCode: 'success' as const, notify };
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
