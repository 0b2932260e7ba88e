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
});
export type UpstreamResponse = z.infer<typeof upstreamResponse>;
