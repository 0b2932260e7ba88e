import type { TripPerson } from '@rides/contract';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';

/**
 * The trip's people by name (issue 33, decision 0066): its author, its planner (a trip with one is private) and its members.
 * Assignees and @mentions choose from them. One statement, ordered by name.
 */
export async function tripPeople(db: Database | Transaction, rideId: number): Promise<TripPerson[]> {
  const result = await db.execute<{ user_id: number; name: string }>(sql`
    SELECT u.id AS user_id, u.user_name AS name
    FROM users u
    WHERE u.id IN (
      SELECT r.author_id FROM rides r WHERE r.id = ${rideId}
      UNION
      SELECT r.ride_manager_id FROM rides r
        WHERE r.id = ${rideId} AND r.ride_manager_id IS NOT NULL
      UNION
      SELECT m.user_id FROM trip_members m WHERE m.ride_id = ${rideId}
    )
    ORDER BY u.user_name, u.id`);
  return result.rows.map((r) => ({ userId: Number(r.user_id), name: r.name }));
}
