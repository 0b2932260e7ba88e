import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { attractions } from './attractions.js';
import { createdAt } from './columns.js';
import { users } from './users.js';

/**
 * Uniqueness groups (001 §3 "AttractionUniqnessId, chosenAttraction, convertedUniqAtractions"): a
 * planner gathers duplicate records of one place and picks the one to use.
 */
export const attractionUniquenessGroups = pgTable('attraction_uniqueness_groups', {
  id: serial('id').primaryKey(),
  chosenAttractionId: integer('chosen_attraction_id').references(() => attractions.id, {
    onDelete: 'set null',
  }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** An attraction is in at most one group (update_attraction_to_uniqness_grop moves it). */
export const attractionUniquenessMembers = pgTable(
  'attraction_uniqueness_members',
  {
    attractionId: integer('attraction_id')
      .primaryKey()
      .references(() => attractions.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => attractionUniquenessGroups.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('attraction_uniqueness_members_group_idx').on(t.groupId)],
);

/**
 * A proposal the planner dismissed (decision 0040): proposals are computed, not stored, so what is kept is the
 * proposal's members (their ids ascending, comma-separated); the same set is not proposed to that user again.
 * A set that gains a member is a new proposal.
 */
export const attractionUniquenessDismissals = pgTable(
  'attraction_uniqueness_dismissals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attractionIds: text('attraction_ids').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'attraction_uniqueness_dismissals_pk', columns: [t.userId, t.attractionIds] })],
);

export type AttractionUniquenessGroup = typeof attractionUniquenessGroups.$inferSelect;
export type AttractionUniquenessMember = typeof attractionUniquenessMembers.$inferSelect;
