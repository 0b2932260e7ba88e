import { z } from 'zod';
import { envelope } from '../envelope.js';
import { text } from '../input-rules.js';
import { COMMENT_MAX, LIST_ITEM_MAX, LIST_NAME_MAX } from '../trip-members.js';
import { tripIdParam } from './trips.js';

/**
 * Comments, votes and shared lists of a trip (issue 33 points 4 and 5, decision 0066). Whoever is one of the trip's
 * people (any role) reads them; a commenter or more writes them; a comment is deleted by its writer or the owner.
 *
 * GET    /api/trips/{rideId}/comments                    -> comments and vote counts
 * POST   /api/trips/{rideId}/comments   { target, text } -> the comment
 * DELETE /api/trips/{rideId}/comments/{id}
 * PUT    /api/trips/{rideId}/votes      { target, value } (activities only; 1 votes, 0 takes it back)
 * GET    /api/trips/{rideId}/lists                       -> lists with their items, and the trip's people
 * POST   /api/trips/{rideId}/lists      { name, kind }
 * PATCH  /api/trips/{rideId}/lists/{listId}  { name?, kind? };  DELETE the same
 * POST   /api/trips/{rideId}/lists/{listId}/items   { clientId, text, assigneeId? } (the same clientId twice: one item)
 * PATCH  /api/trips/{rideId}/lists/{listId}/items/{itemId}  { text?, assigneeId?, done?, doneChangedAt? }
 *        (a tick older than the item's last one is ignored: the last tick wins; the answer is the item as it is)
 * DELETE /api/trips/{rideId}/lists/{listId}/items/{itemId}
 *
 * A target: an activity by its attraction's id as the trip's answers give it (one placement per trip and attraction),
 * a stay by its id, a day by its date YYYY-MM-DD. A mention is "@" followed by a member's name as the page inserts it.
 */

export const TOGETHER_TARGETS = ['activity', 'stay', 'day'] as const;
export type TogetherTargetType = (typeof TOGETHER_TARGETS)[number];
export const TRIP_LIST_KINDS = ['packing', 'todo', 'documents', 'other'] as const;
export type TripListKind = (typeof TRIP_LIST_KINDS)[number];

export const togetherTarget = z.object({
  type: z.enum(TOGETHER_TARGETS, { error: 'bad_request' }),
  /** An id (number or its digits) or a date YYYY-MM-DD; anything else is no target of the trip (target_not_found). */
  id: z
    .union([z.number().int(), text({ error: 'target_not_found' }).max(40, { error: 'target_not_found' })], {
      error: 'bad_request',
    })
    .transform(String),
});
export type TogetherTarget = z.output<typeof togetherTarget>;

export const commentIdParams = z.object({ rideId: tripIdParam, id: tripIdParam });
export const listIdParams = z.object({ rideId: tripIdParam, listId: tripIdParam });
export const listItemIdParams = z.object({ rideId: tripIdParam, listId: tripIdParam, itemId: tripIdParam });

export const postCommentBody = z.strictObject({
  target: togetherTarget,
  text: text({ error: 'comment_required' })
    .trim()
    .min(1, { error: 'comment_required' })
    .max(COMMENT_MAX, { error: 'comment_too_long' }),
});
export type PostCommentBody = z.input<typeof postCommentBody>;

export const putVoteBody = z.strictObject({
  target: togetherTarget,
  value: z.union([z.literal(0), z.literal(1)], { error: 'bad_request' }),
});
export type PutVoteBody = z.input<typeof putVoteBody>;

const wireTarget = z.object({ type: z.enum(TOGETHER_TARGETS), id: z.string() });

export const tripComment = z.object({
  id: z.number().int(),
  target: wireTarget,
  /** Plain text: the page shows it as text, never as HTML. */
  text: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string(),
  /** ISO date-time. */
  createdAt: z.string(),
  /** Written by the reader. */
  mine: z.boolean(),
  /** The reader may delete it: its writer, or the trip's owner. */
  mayDelete: z.boolean(),
});
export type TripCommentWire = z.infer<typeof tripComment>;

export const tripVoteCount = z.object({ target: wireTarget, count: z.number().int(), mine: z.boolean() });
export type TripVoteCount = z.infer<typeof tripVoteCount>;

/** One of the trip's people (the owner and the members): assignees and mentions choose from them. */
export const tripPerson = z.object({ userId: z.number().int(), name: z.string() });
export type TripPerson = z.infer<typeof tripPerson>;

export const commentsResponse = envelope({
  comments: z.array(tripComment),
  votes: z.array(tripVoteCount),
  people: z.array(tripPerson),
  /** The reader may write comments and vote (commenter or more). */
  mayWrite: z.boolean(),
});
export type CommentsResponse = z.infer<typeof commentsResponse>;

export const commentResponse = envelope({ comment: tripComment });
export const voteResponse = envelope({ vote: tripVoteCount });

const listName = text({ error: 'list_name_required' })
  .trim()
  .min(1, { error: 'list_name_required' })
  .max(LIST_NAME_MAX, { error: 'list_name_too_long' });
const itemText = text({ error: 'list_item_required' })
  .trim()
  .min(1, { error: 'list_item_required' })
  .max(LIST_ITEM_MAX, { error: 'list_item_too_long' });
const listKind = z.enum(TRIP_LIST_KINDS, { error: 'bad_request' });
const assigneeId = z.number({ error: 'not_a_member' }).int().positive().max(2_147_483_647).nullable();

export const postListBody = z.strictObject({ name: listName, kind: listKind.default('other') });
export type PostListBody = z.input<typeof postListBody>;
export const patchListBody = z.strictObject({ name: listName.optional(), kind: listKind.optional() });
export type PatchListBody = z.input<typeof patchListBody>;

/** Made by the device that adds the item (a UUID or the like), so an addition sent twice is one item. */
export const clientIdField = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'bad_request' });

export const postListItemBody = z.strictObject({
  clientId: clientIdField,
  text: itemText,
  assigneeId: assigneeId.optional(),
});
export type PostListItemBody = z.input<typeof postListItemBody>;

export const patchListItemBody = z.strictObject({
  text: itemText.optional(),
  assigneeId: assigneeId.optional(),
  done: z.boolean({ error: 'bad_request' }).optional(),
  /** When the tick was made on the device (ISO date-time); the server's time when absent. */
  doneChangedAt: z.iso.datetime({ offset: true, error: 'bad_request' }).optional(),
});
export type PatchListItemBody = z.input<typeof patchListItemBody>;

export const tripListEntry = z.object({
  id: z.number().int(),
  clientId: z.string(),
  text: z.string(),
  assigneeId: z.number().int().nullable(),
  done: z.boolean(),
  doneChangedAt: z.string().nullable(),
});
export type TripListEntryWire = z.infer<typeof tripListEntry>;

export const tripList = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(TRIP_LIST_KINDS),
  items: z.array(tripListEntry),
});
export type TripListWire = z.infer<typeof tripList>;

export const listsResponse = envelope({
  lists: z.array(tripList),
  people: z.array(tripPerson),
  mayWrite: z.boolean(),
});
export type ListsResponse = z.infer<typeof listsResponse>;
export const listResponse = envelope({ list: tripList });
export const listItemResponse = envelope({ item: tripListEntry });
