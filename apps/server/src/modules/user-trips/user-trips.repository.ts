import type { MemberRole } from '@rides/contract';
import { desc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rideAuthorizedUsers, rides, tripMembers, userRides } from '../../db/schema/index.js';

/**
 * SQL of user_rides_api: the trips a user authors or plans, keeps in their list (user_rides) or was given access to
 * (ride_authorized_users) or shares as a member (trip_members, issue 33), newest first, in one query; `authorized`
 * says whether the user is in the trip's ride_authorized_users and `memberRole` their role as a member (the view
 * policy needs both).
 */
export async function userTrips(db: Database, userId: number) {
  const listed = sql`${rides.id} IN (SELECT ${userRides.rideId} FROM ${userRides} WHERE ${userRides.userId} = ${userId})`;
  const authorized = sql<boolean>`EXISTS (SELECT 1 FROM ${rideAuthorizedUsers}
    WHERE ${rideAuthorizedUsers.rideId} = ${rides.id} AND ${rideAuthorizedUsers.userId} = ${userId})`;
  const memberRole = sql<MemberRole | null>`(SELECT ${tripMembers.role} FROM ${tripMembers}
    WHERE ${tripMembers.rideId} = ${rides.id} AND ${tripMembers.userId} = ${userId})`;
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
      memberRole: memberRole.as('member_role'),
    })
    .from(rides)
    .where(
      or(
        eq(rides.authorId, userId),
        eq(rides.rideManagerId, userId),
        listed,
        authorized,
        sql`${memberRole} IS NOT NULL`,
      ),
    )
    .orderBy(desc(rides.createdAt), desc(rides.id));
}

export type UserTripRow = Awaited<ReturnType<typeof userTrips>>[number];
