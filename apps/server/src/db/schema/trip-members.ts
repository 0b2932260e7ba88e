import { COMMENT_MAX, LIST_ITEM_MAX, LIST_NAME_MAX, MEMBER_ROLES } from '@rides/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, maxChars, oneOf, updatedAt } from './columns.js';
import { rides } from './rides.js';
import { users } from './users.js';

/**
 * Planning together (issue 33, decision 0062): a trip's members, the invitations that make them, the trip's event log
 * (live updates and the If-Match check read it), comments, votes and shared lists. The owner is the trip's author
 * (rides.author_id), never a row here.
 */

/** Someone the owner invited, with their role. Removing the row removes their access at their next request. */
export const tripMembers = pgTable(
  'trip_members',
  {
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'trip_members_pk', columns: [t.rideId, t.userId] }),
    oneOf('trip_members_role_check', t.role, MEMBER_ROLES),
    index('trip_members_user_idx').on(t.userId),
  ],
);

/**
 * An invitation by e-mail or by link. Only the SHA-256 of its token is kept (the token is in the mail and the link);
 * it is used once, expires, and can be revoked.
 */
export const tripInvites = pgTable(
  'trip_invites',
  {
    id: serial('id').primaryKey(),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('trip_invites_token_hash_unique'),
    /** The invited address, lower-cased; null for an invitation by link. */
    email: text('email'),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('trip_invites_hash_shape', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
    oneOf('trip_invites_role_check', t.role, MEMBER_ROLES),
    index('trip_invites_ride_idx').on(t.rideId),
  ],
);

/**
 * The trip's log of changes: one row per change, numbered per trip by rides.version (the writer bumps the version and
 * writes its row in the change's transaction, under the ride row's lock, so versions are gap-free and in commit order).
 * `type` says what changed (days, activities, stays, texts, members, comments, lists); `target` what exactly (a day, a
 * placement, a field): the If-Match check compares it with the edit's own, and live pages read it to refresh in place.
 * Old rows are pruned: a listener further behind gets "reload".
 */
export const tripEvents = pgTable(
  'trip_events',
  {
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    type: text('type').notNull(),
    target: jsonb('target').$type<Record<string, unknown>>().notNull().default({}),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'trip_events_pk', columns: [t.rideId, t.version] })],
);

/** What a comment or a vote is about: an activity (a placement), a stay or a day of the trip. */
export const COMMENT_TARGETS = ['activity', 'stay', 'day'] as const;

export const tripComments = pgTable(
  'trip_comments',
  {
    id: serial('id').primaryKey(),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: COMMENT_TARGETS }).notNull(),
    /** The placement's or the stay's id, or the day's date YYYY-MM-DD. */
    targetId: text('target_id').notNull(),
    /** Plain text, never HTML. */
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('trip_comments_target_check', t.targetType, COMMENT_TARGETS),
    maxChars('trip_comments_text_len', t.text, COMMENT_MAX),
    index('trip_comments_ride_idx').on(t.rideId, t.id),
  ],
);

/** A member mentioned with @ in a comment, until the digest mail tells them (mailed_at). */
export const tripCommentMentions = pgTable(
  'trip_comment_mentions',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => tripComments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'trip_comment_mentions_pk', columns: [t.commentId, t.userId] }),
    index('trip_comment_mentions_unmailed_idx')
      .on(t.userId)
      .where(sql`${t.mailedAt} IS NULL`),
  ],
);

/** One 👍 per person per activity (a row is a vote; value 0 deletes it). */
export const tripVotes = pgTable(
  'trip_votes',
  {
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: COMMENT_TARGETS }).notNull(),
    targetId: text('target_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'trip_votes_pk', columns: [t.rideId, t.targetType, t.targetId, t.userId] })],
);

export const LIST_KINDS = ['packing', 'todo', 'documents', 'other'] as const;

/** A shared list of the trip (packing, to-do, documents). */
export const tripLists = pgTable(
  'trip_lists',
  {
    id: serial('id').primaryKey(),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: LIST_KINDS }).notNull().default('other'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    maxChars('trip_lists_name_len', t.name, LIST_NAME_MAX),
    oneOf('trip_lists_kind_check', t.kind, LIST_KINDS),
    index('trip_lists_ride_idx').on(t.rideId),
  ],
);

/**
 * An item of a shared list. `clientId` is made by the device that added it, so an addition sent twice (offline, then
 * again) is one item; `doneChangedAt` is when its tick was made on the device, so the last tick wins per item.
 */
export const tripListItems = pgTable(
  'trip_list_items',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => tripLists.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    text: text('text').notNull(),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    done: boolean('done').notNull().default(false),
    doneChangedAt: timestamp('done_changed_at', { withTimezone: true }),
    doneBy: integer('done_by').references(() => users.id, { onDelete: 'set null' }),
    position: bigint('position', { mode: 'number' }).notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    maxChars('trip_list_items_text_len', t.text, LIST_ITEM_MAX),
    unique('trip_list_items_client_unique').on(t.listId, t.clientId),
    index('trip_list_items_list_idx').on(t.listId),
  ],
);

export type TripMember = typeof tripMembers.$inferSelect;
export type TripInvite = typeof tripInvites.$inferSelect;
export type TripEvent = typeof tripEvents.$inferSelect;
export type TripComment = typeof tripComments.$inferSelect;
export type TripList = typeof tripLists.$inferSelect;
export type TripListItem = typeof tripListItems.$inferSelect;
