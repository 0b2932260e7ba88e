import {
  type CommentsResponse,
  type PostCommentBody,
  type PutVoteBody,
  type TogetherTarget,
  type TripCommentWire,
  type TripVoteCount,
} from '@rides/contract';
import type { Changes } from '../../changes.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../access/actor.js';
import { decideCommentDelete, decideTogether, type TogetherAction } from '../access/together.policy.js';
import type { TripAccessFacts } from '../access/trip-access.policy.js';
import { createTripChange } from '../trip-events/trip-change.js';
import { mentionedPeople } from './mentions.js';
import * as repo from './trip-comments.repository.js';
import { tripPeople } from './trip-people.repository.js';

/**
 * Comments and votes of a trip (issue 33 point 4, decision 0066). The policy first (together.policy.ts, on the view
 * policy's cached facts), then one transaction that locks the ride row, writes, appends the trip's event and
 * publishes the change (every process drops its cached trip; live pages refresh).
 */
export interface TripCommentsDeps {
  db: Database;
  changes: Changes;
  /** The view policy's cached facts of the trip (the trips service's accessFacts); not_found for an unknown trip. */
  accessFacts(rideId: number): Promise<TripAccessFacts>;
}

type Target = { type: TogetherTarget['type']; id: string };

/** A comment as its reader gets it; `mayDelete` is the policy's answer for this reader (its writer, or the owner). */
const wireComment = (row: repo.CommentRow, readerId: number, mayDelete: boolean): TripCommentWire => ({
  id: row.id,
  target: { type: row.targetType, id: row.targetId },
  text: row.text,
  userId: row.userId,
  userName: row.userName ?? '',
  createdAt: row.createdAt.toISOString(),
  mine: row.userId !== null && row.userId === readerId,
  mayDelete,
});

const wireVote = (row: repo.VoteCountRow): TripVoteCount => ({
  target: { type: row.targetType, id: row.targetId },
  count: row.count,
  mine: row.mine,
});

export function createTripCommentsService(deps: TripCommentsDeps) {
  const { db } = deps;

  async function allowed(rideId: number, actor: Actor, action: TogetherAction): Promise<TripAccessFacts> {
    const facts = await deps.accessFacts(rideId);
    const decision = decideTogether(facts, actor, action);
    if (!decision.allowed) throw new AppError(decision.code);
    return facts;
  }

  /** One locked, logged, published change of the trip (trip-events/trip-change.ts). */
  const change = createTripChange(deps);

  return {
    async list(rideId: number, actor: Actor): Promise<CommentsResponse> {
      const facts = await allowed(rideId, actor, 'read');
      const readerId = actor?.id ?? 0;
      const [comments, votes, people] = [
        await repo.listComments(db, rideId),
        await repo.voteCounts(db, rideId, readerId),
        await tripPeople(db, rideId),
      ];
      return {
        ServerMassageCode: 'success',
        comments: comments.map((c) =>
          wireComment(c, readerId, decideCommentDelete(facts, actor, c.userId).allowed),
        ),
        votes: votes.map(wireVote),
        people,
        mayWrite: decideTogether(facts, actor, 'write').allowed,
      };
    },

    async post(rideId: number, actor: Actor, body: PostCommentBody & { target: Target; text: string }) {
      await allowed(rideId, actor, 'write');
      const userId = (actor as NonNullable<Actor>).id;
      const comment = await change(rideId, userId, async (tx, ride) => {
        if (!(await repo.targetExists(tx, rideId, body.target, ride))) throw new AppError('target_not_found');
        const row = await repo.insertComment(tx, { rideId, userId, target: body.target, text: body.text });
        const mentioned = mentionedPeople(body.text, await tripPeople(tx, rideId), userId);
        await repo.insertMentions(tx, row.id, mentioned);
        return {
          answer: wireComment(row, userId, true),
          change: { type: 'comments', target: { comments: [row.id], on: body.target } },
        };
      });
      return { ServerMassageCode: 'success', comment };
    },

    async remove(rideId: number, actor: Actor, id: number) {
      const facts = await allowed(rideId, actor, 'read');
      const userId = (actor as NonNullable<Actor>).id;
      await change(rideId, userId, async (tx) => {
        const found = await repo.findComment(tx, rideId, id);
        if (!found) throw new AppError('comment_not_found');
        const decision = decideCommentDelete(facts, actor, found.userId);
        if (!decision.allowed) throw new AppError(decision.code);
        await repo.deleteComment(tx, id);
        return {
          answer: undefined,
          change: {
            type: 'comments',
            target: { comments: [id], on: { type: found.targetType, id: found.targetId } },
          },
        };
      });
      return { ServerMassageCode: 'success' };
    },

    async vote(rideId: number, actor: Actor, body: PutVoteBody & { target: Target }) {
      await allowed(rideId, actor, 'write');
      const userId = (actor as NonNullable<Actor>).id;
      // Votes are 👍 on activities only.
      if (body.target.type !== 'activity') throw new AppError('target_not_found');
      const vote = await change(rideId, userId, async (tx, ride) => {
        if (!(await repo.targetExists(tx, rideId, body.target, ride))) throw new AppError('target_not_found');
        const changedVote = await repo.setVote(tx, rideId, body.target, userId, body.value as 0 | 1);
        const [count] = await repo.voteCounts(tx, rideId, userId, body.target);
        return {
          answer: count ? wireVote(count) : { target: body.target, count: 0, mine: false },
          change: changedVote ? { type: 'votes', target: { votes: [body.target] } } : null,
        };
      });
      return { ServerMassageCode: 'success', vote };
    },
  };
}

export type TripCommentsService = ReturnType<typeof createTripCommentsService>;
