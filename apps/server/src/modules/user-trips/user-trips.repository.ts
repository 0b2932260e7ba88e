import { desc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rideAuthorizedUsers, rides, userRides } from '../../db/schema/index.js';

/**
 * SQL of user_rides_api: the trips a user authors or plans, keeps in their list (user_rides) or was given access to
 * (ride_authorized_users), newest first, in one query; `authorized` says whether the user is in the trip's
 * ride_authorized_users (the view policy needs it for private trips).
 */
export async function userTrips(db: Database, userId: number) {
  const listed = sql`${rides.id} IN (SELECT ${userRides.rideId} FROM ${userRides} WHERE ${userRides.userId} = ${userId})`;
  const authorized = sql<boolean>`EXISTS (SELECT 1 FROM ${rideAuthorizedUsers}
    WHERE ${rideAuthorizedUsers.rideId} = ${rides.id} AND ${rideAuthorizedUsers.userId} = ${userId})`;
  return db
    .select({
      id: rides.id,
      title: rides.title,
      startDate: rides.startDate,
      endDate: rides.endDate,
      category: rides.category,
      authorId: rides.authorId,
      rideManagerId: rides.rideManagerId,
      type: rides.type,
      isLocked: rides.isLocked,
      topPageImageUrl: rides.topPageImageUrl,
      authorized: authorized.as('authorized'),
    })
    .from(rides)
    .where(or(eq(rides.authorId, userId), eq(rides.rideManagerId, userId), listed, authorized))
    .orderBy(desc(rides.createdAt), desc(rides.id));
}

export type UserTripRow = Awaited<ReturnType<typeof userTrips>>[number];
