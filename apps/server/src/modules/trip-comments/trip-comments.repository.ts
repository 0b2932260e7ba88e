import type { TogetherTarget, TogetherTargetType } from '@rides/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import {
  accommodations,
  rideAttractions,
  tripCommentMentions,
  tripComments,
  tripVotes,
  users,
} from '../../db/schema/index.js';

/** The only SQL of comments, votes and mentions (issue 33 point 4, decision 0066). */

export interface CommentRow {
  id: number;
  targetType: TogetherTargetType;
  targetId: string;
  text: string;
  userId: number | null;
  userName: string | null;
  createdAt: Date;
}

const commentColumns = {
  id: tripComments.id,
  targetType: tripComments.targetType,
  targetId: tripComments.targetId,
  text: tripComments.text,
  userId: tripComments.userId,
  userName: users.userName,
  createdAt: tripComments.createdAt,
};

export async function listComments(db: Database, rideId: number): Promise<CommentRow[]> {
  return db
    .select(commentColumns)
    .from(tripComments)
    .leftJoin(users, eq(users.id, tripComments.userId))
    .where(eq(tripComments.rideId, rideId))
    .orderBy(asc(tripComments.id));
}

export interface VoteCountRow {
  targetType: TogetherTargetType;
  targetId: string;
  count: number;
  mine: boolean;
}

/** Each voted target's count, and whether `userId` is among its voters. */
export async function voteCounts(
  db: Database | Transaction,
  rideId: number,
  userId: number,
  target?: TogetherTarget,
): Promise<VoteCountRow[]> {
  const rows = await db
    .select({
      targetType: tripVotes.targetType,
      targetId: tripVotes.targetId,
      count: sql<number>`count(*)::int`,
      mine: sql<boolean>`bool_or(${tripVotes.userId} = ${userId})`,
    })
    .from(tripVotes)
    .where(
      target
        ? and(
            eq(tripVotes.rideId, rideId),
            eq(tripVotes.targetType, target.type),
            eq(tripVotes.targetId, target.id),
          )
        : eq(tripVotes.rideId, rideId),
    )
    .groupBy(tripVotes.targetType, tripVotes.targetId);
  return rows.map((r) => ({ ...r, count: Number(r.count), mine: Boolean(r.mine) }));
}

/** Whether the target is in the trip: a placed attraction, one of its stays, or a day between its first and last. */
export async function targetExists(
  tx: Transaction,
  rideId: number,
  target: TogetherTarget,
  trip: { startDate: string; endDate: string },
): Promise<boolean> {
  if (target.type === 'day') {
    return /^\d{4}-\d{2}-\d{2}$/.test(target.id) && target.id >= trip.startDate && target.id <= trip.endDate;
  }
  if (!/^[1-9]\d{0,9}$/.test(target.id) || Number(target.id) > 2_147_483_647) return false;
  const id = Number(target.id);
  const [row] =
    target.type === 'activity'
      ? await tx
          .select({ id: rideAttractions.id })
          .from(rideAttractions)
          .where(and(eq(rideAttractions.rideId, rideId), eq(rideAttractions.attractionId, id)))
          .limit(1)
      : await tx
          .select({ id: accommodations.id })
          .from(accommodations)
          .where(and(eq(accommodations.rideId, rideId), eq(accommodations.id, id)))
          .limit(1);
  return row !== undefined;
}

export async function insertComment(
  tx: Transaction,
  values: { rideId: number; userId: number; target: TogetherTarget; text: string },
): Promise<CommentRow> {
  const [made] = await tx
    .insert(tripComments)
    .values({
      rideId: values.rideId,
      userId: values.userId,
      targetType: values.target.type,
      targetId: values.target.id,
      text: values.text,
    })
    .returning({ id: tripComments.id, createdAt: tripComments.createdAt });
  if (!made) throw new Error('insertComment: no row');
  const [writer] = await tx.select({ name: users.userName }).from(users).where(eq(users.id, values.userId));
  return {
    id: made.id,
    targetType: values.target.type,
    targetId: values.target.id,
    text: values.text,
    userId: values.userId,
    userName: writer?.name ?? null,
    createdAt: made.createdAt,
  };
}

export async function insertMentions(tx: Transaction, commentId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .insert(tripCommentMentions)
    .values(userIds.map((userId) => ({ commentId, userId })))
    .onConflictDoNothing();
}

export async function findComment(
  tx: Transaction,
  rideId: number,
  id: number,
): Promise<
  { id: number; userId: number | null; targetType: TogetherTargetType; targetId: string } | undefined
> {
  const [row] = await tx
    .select({
      id: tripComments.id,
      userId: tripComments.userId,
      targetType: tripComments.targetType,
      targetId: tripComments.targetId,
    })
    .from(tripComments)
    .where(and(eq(tripComments.rideId, rideId), eq(tripComments.id, id)));
  return row;
}

export async function deleteComment(tx: Transaction, id: number): Promise<void> {
  await tx.delete(tripComments).where(eq(tripComments.id, id));
}

/** Sets the user's vote: 1 votes (once), 0 takes it back. Answers whether anything changed. */
export async function setVote(
  tx: Transaction,
  rideId: number,
  target: TogetherTarget,
  userId: number,
  value: 0 | 1,
): Promise<boolean> {
  if (value === 1) {
    const made = await tx
      .insert(tripVotes)
      .values({ rideId, targetType: target.type, targetId: target.id, userId })
      .onConflictDoNothing()
      .returning({ userId: tripVotes.userId });
    return made.length > 0;
  }
  const gone = await tx
    .delete(tripVotes)
    .where(
      and(
        eq(tripVotes.rideId, rideId),
        eq(tripVotes.targetType, target.type),
        eq(tripVotes.targetId, target.id),
        eq(tripVotes.userId, userId),
      ),
    )
    .returning({ userId: tripVotes.userId });
  return gone.length > 0;
}
