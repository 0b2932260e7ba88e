import { z } from 'zod';
import { envelope } from '../envelope.js';
import type { ChangeKind } from '../trip-merge/diff.js';
import { tripIdParam } from './trips.js';

/**
 * GET /api/trips/{rideId}/upstream (issue 37 point 2, decision 0075): a living copy's updates from its original, i.e.
 * mergeTripContent(base, the original now, the copy now).changes (trip-merge/merge.ts TripChange: `id` is
 * `<kind>:<path>`, `base` / `theirs` / `ours` the thing on each side, null where absent; `conflict`: the copy changed
 * the same thing differently; `anchors`, `put`: where theirs put it, what the copy put on a day theirs removed).
 *  - `originRemoved`: the original was deleted, or the copy's owner may no longer view it (private rule): then
 *    `originRideId`, `originTitle` and `version` are null and `changes` empty; nothing of the original is told.
 *  - `version`: the original's version now (the pull sends it back; a stale one is refused).
 * For those who may edit the copy (access/lineage.policy.ts). A trip that is not a copy: 404 not_a_copy; a copy made
 * before copies kept their lineage: 404 copy_not_tracked (the page shows nothing of updates for either).
 */
export const upstreamParams = z.object({ rideId: tripIdParam });

export const TRIP_CHANGE_KINDS = [
  'title',
  'text',
  'day-add',
  'day-remove',
  'day-move',
  'activity-add',
  'activity-remove',
  'activity-move',
  'activity-reorder',
  'activity-time',
  'stay-add',
  'stay-remove',
  'stay-place',
  'stay-text',
  'stay-nights',
  'note-add',
  'note-remove',
  'note-day',
  'note-title',
  'note-text',
] as const satisfies readonly ChangeKind[];
// Every kind of the merge is listed (the other direction of the `satisfies` above).
type Missing = Exclude<ChangeKind, (typeof TRIP_CHANGE_KINDS)[number]>;
const allKinds: [Missing] extends [never] ? true : Missing = true;
void allKinds;

/** One change of the original since the base, as the merge lists it (the values' shapes: trip-merge/diff.ts). */
export const tripChangeWire = z.object({
  id: z.string(),
  kind: z.enum(TRIP_CHANGE_KINDS),
  path: z.string(),
  base: z.unknown(),
  theirs: z.unknown(),
  ours: z.unknown(),
  conflict: z.boolean(),
  anchors: z.array(z.string()).optional(),
  put: z.unknown().optional(),
});

export const upstreamResponse = envelope({
  originRideId: z.number().int().nullable(),
  originTitle: z.string().nullable(),
  originRemoved: z.boolean(),
  version: z.number().int().nullable(),
  /** The original's version the copy last took (at the copy, or its last pull). */
  baseVersion: z.number().int(),
  changes: z.array(tripChangeWire),
  /** The copy's day ids in order, and the original's (null when removed): a change's day named by its number. */
  days: z.array(z.string()),
  originDays: z.array(z.string()).nullable(),
  /** The copy's owner is mailed of the original's pushes (`mayChangeNotify`: the reader is that owner). */
  notify: z.boolean(),
  mayChangeNotify: z.boolean(),
});
export type UpstreamResponse = z.infer<typeof upstreamResponse>;

/**
 * POST /api/trips/{rideId}/upstream/pull (issue 37 point 3): takes the original's changes into the copy, in one locked
 * edit of the copy (the editing rules hold: booked stays, locks, the 60-day cap; a change they refuse is reported in
 * `refused`, never forced). `version`: the original's version the preview was made from (upstream's `version`); the
 * original changed since → 409 `upstream_changed`, nothing applied, the answer's `upstream` carrying its version and
 * changes now (envelope.ts errorResponse). `accept`: the ids of
 * the clean changes to take; `resolve`: each conflict taken, with the side that wins. An id the copy's upstream does not
 * list (another trip's, made up, or already taken): 400 `unknown_change`, nothing applied. The base moves forward to
 * `version`; the copy's content before the pull is kept for one undo.
 */
/** A change's id as upstream lists it: `<kind>:<path>` (trip-merge/merge.ts); anything else is no change of ours. */
const changeId = z
  .string()
  .max(300, { error: 'unknown_change' })
  .regex(/^[a-z-]+:[\w/.:-]+$/, { error: 'unknown_change' });

export const upstreamPullBody = z.object({
  version: z.number().int().min(0),
  accept: z.array(changeId).max(5000).default([]),
  resolve: z.record(changeId, z.enum(['theirs', 'ours'])).default({}),
});
export type UpstreamPullBody = z.input<typeof upstreamPullBody>;

export const upstreamPullResponse = envelope({
  applied: z.array(z.string()),
  refused: z.array(z.object({ id: z.string(), reason: z.string() })),
  /** The original's version the copy now stands on. */
  baseVersion: z.number().int(),
});
export type UpstreamPullResponse = z.infer<typeof upstreamPullResponse>;

/**
 * POST /api/trips/{rideId}/upstream/undo: the last pull taken back exactly (the copy's content and base as they were
 * before it). None kept: 409 `nothing_to_undo`; the copy changed since the pull (someone edited it after): 409
 * `copy_changed_since_pull`, nothing written (their edit stands).
 */
export const upstreamUndoResponse = envelope({ baseVersion: z.number().int() });
export type UpstreamUndoResponse = z.infer<typeof upstreamUndoResponse>;

/**
 * GET /api/trips/{rideId}/copies (issue 37 point 4): a planner's template's living copies, for the template's planner
 * only (access/lineage.policy.ts decidePush). Only copies made by others (`client_copy`: a copy key's client;
 * `copy`: a user's copy of the public template) and whose owner still may take from the template (the private rule:
 * a removed client's copy is no longer the planner's to see or push into); the planner's own duplicates are theirs.
 * Of each copy only what the planner may know: its title, its owner's display name and counts, never its content.
 *  - `updates`: the template's changes since the copy's base; `conflicts`: of those, the ones the copy changed too;
 *    `ownChanges`: the copy's own changes since its base (tripDivergence).
 *  - `notify`: the copy's owner is mailed of pushes (their switch: PUT /api/trips/{rideId}/copy-settings).
 * `version`: the template's version now (the push sends it back).
 */
export const TRIP_COPY_KINDS = ['copy', 'client_copy'] as const;

export const tripCopyWire = z.object({
  rideId: z.number().int(),
  title: z.string(),
  ownerName: z.string(),
  kind: z.enum(TRIP_COPY_KINDS),
  notify: z.boolean(),
  baseVersion: z.number().int(),
  updates: z.number().int(),
  conflicts: z.number().int(),
  ownChanges: z.number().int(),
});
export type TripCopyWire = z.infer<typeof tripCopyWire>;

export const tripCopiesResponse = envelope({
  version: z.number().int(),
  copies: z.array(tripCopyWire),
});
export type TripCopiesResponse = z.infer<typeof tripCopiesResponse>;

/**
 * POST /api/trips/{rideId}/copies/push (issue 37 point 4): the template's clean changes into the chosen copies (`all`:
 * every copy GET copies lists), each copy in its own locked edit (the pull's rules: booked stays, locks, the 60-day
 * cap; one copy failing never stops the others). Conflicts are not resolved: they wait in the copy as updates for its
 * owner. `version`: the template's version the planner looked at; changed since → 409 `upstream_changed`, nothing
 * pushed. A copy id that is not a listed copy of the template: 400 `unknown_copy`.
 */
export const pushCopiesBody = z.object({
  version: z.number().int().min(0),
  copies: z.union([z.literal('all'), z.array(z.number().int().positive()).min(1).max(5000)]),
});
export type PushCopiesBody = z.input<typeof pushCopiesBody>;

/** Why a copy got nothing: locked by its owner, the template changed during the push, or an unexpected failure. */
export const PUSH_SKIPS = ['locked', 'upstream-changed', 'failed'] as const;

export const pushCopyReportWire = z.object({
  rideId: z.number().int(),
  applied: z.number().int(),
  refused: z.array(z.object({ id: z.string(), reason: z.string() })),
  /** Conflicts left in the copy for its owner to choose. */
  waiting: z.number().int(),
  skipped: z.enum(PUSH_SKIPS).optional(),
});
export type PushCopyReportWire = z.infer<typeof pushCopyReportWire>;

export const pushCopiesResponse = envelope({ copies: z.array(pushCopyReportWire) });
export type PushCopiesResponse = z.infer<typeof pushCopiesResponse>;

/** PUT /api/trips/{rideId}/copy-settings: the copy's owner's switch of the mails of the planner's pushes. */
export const copySettingsBody = z.object({ notify: z.boolean() });
export type CopySettingsBody = z.input<typeof copySettingsBody>;
export const copySettingsResponse = envelope({ notify: z.boolean() });
export type CopySettingsResponse = z.infer<typeof copySettingsResponse>;
