import type { TripContent } from '@rides/contract';
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, updatedAt } from './columns.js';
import { rides } from './rides.js';

/** How the copy was made: a user's copy of a public trip, a copy-key client's copy, a planner's duplicate. */
export const LINEAGE_KINDS = ['copy', 'client_copy', 'duplicate'] as const;
export type LineageKind = (typeof LINEAGE_KINDS)[number];

/**
 * A living copy (issue 37, decision 0075): where the copy came from and the original as the copy last took it (the
 * base of the three-way merge). One row per copy made since lineage is kept; copies made before have none.
 */
export const tripLineage = pgTable(
  'trip_lineage',
  {
    /** The copy. */
    rideId: integer('ride_id')
      .primaryKey()
      .references(() => rides.id, { onDelete: 'cascade' }),
    /** The original; null once it is deleted (the copy keeps what it has: "original removed"). */
    originRideId: integer('origin_ride_id').references(() => rides.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: LINEAGE_KINDS }).notNull(),
    /** The original's content when copied, or at the last pull. */
    base: jsonb('base').$type<TripContent>().notNull(),
    /** The original's version then. */
    baseVersion: integer('base_version').notNull(),
    /** For undo: the copy's content before the last pull, and the base before it; null when there is nothing to undo. */
    beforePull: jsonb('before_pull').$type<{
      content: TripContent;
      base: TripContent;
      baseVersion: number;
      /** The rows the pull deleted, whole (the undo puts them back with the same ids): content-rows.repository.ts. */
      removed?: { activities: unknown[]; stays: unknown[]; notes: unknown[] };
    }>(),
    /** The copy's version right after the last pull (undo only while the copy is still at it). */
    pulledVersion: integer('pulled_version'),
    /** Tell the copy's owner when its original changes (issue 37 point 4; switchable per copy). */
    notify: boolean('notify').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('trip_lineage_kind_check', t.kind, LINEAGE_KINDS),
    // A planner's list of copies of a template (issue 37 point 4).
    index('trip_lineage_origin_idx').on(t.originRideId),
  ],
);

export type TripLineage = typeof tripLineage.$inferSelect;
