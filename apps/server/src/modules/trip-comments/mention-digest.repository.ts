import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/** The SQL of the mentions' digest mail (issue 33 point 4, decision 0066). */

export interface ClaimedMention {
  commentId: number;
  userId: number;
  email: string | null;
  recipientName: string;
  writerName: string | null;
  text: string;
  rideId: number;
  title: string;
  language: 'hebrew' | 'english';
  /** The recipient is still one of the trip's people (author, planner, member): else the mention is dropped unsent. */
  mayView: boolean;
}

/**
 * Claims every mention not mailed yet (stamps mailed_at) and answers them with what the mail says, in one statement:
 * two processes running the digest at once never mail a mention twice.
 */
export async function claimUnmailedMentions(db: Database): Promise<ClaimedMention[]> {
  const result = await db.execute<{
    comment_id: number;
    user_id: number;
    email: string | null;
    recipient_name: string;
    writer_name: string | null;
    text: string;
    ride_id: number;
    title: string;
    language: 'hebrew' | 'english';
    may_view: boolean;
  }>(sql`
    WITH claimed AS (
      UPDATE trip_comment_mentions SET mailed_at = now()
      WHERE mailed_at IS NULL
      RETURNING comment_id, user_id
    )
    SELECT c.comment_id, c.user_id, u.email, u.user_name AS recipient_name, w.user_name AS writer_name,
           tc.text, tc.ride_id, r.title, r.language,
           (r.author_id = c.user_id OR r.ride_manager_id = c.user_id
             OR EXISTS (SELECT 1 FROM trip_members m WHERE m.ride_id = r.id AND m.user_id = c.user_id)) AS may_view
    FROM claimed c
    JOIN trip_comments tc ON tc.id = c.comment_id
    JOIN rides r ON r.id = tc.ride_id
    JOIN users u ON u.id = c.user_id
    LEFT JOIN users w ON w.id = tc.user_id
    ORDER BY c.user_id, tc.id`);
  return result.rows.map((r) => ({
    commentId: Number(r.comment_id),
    userId: Number(r.user_id),
    email: r.email,
    recipientName: r.recipient_name,
    writerName: r.writer_name,
    text: r.text,
    rideId: Number(r.ride_id),
    title: r.title,
    language: r.language,
    mayView: Boolean(r.may_view),
  }));
}

/** Gives mentions back to the next run (their mail could not be sent). */
export async function unclaimMentions(
  db: Database,
  mentions: { commentId: number; userId: number }[],
): Promise<void> {
  for (const m of mentions) {
    await db.execute(
      sql`UPDATE trip_comment_mentions SET mailed_at = NULL WHERE comment_id = ${m.commentId} AND user_id = ${m.userId}`,
    );
  }
}
