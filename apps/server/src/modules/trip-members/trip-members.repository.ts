import type { MemberRole } from '@rides/contract';
import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { tripMembers } from '../../db/schema/index.js';

/** The user's member role in the trip (trip_members, issue 33); null when they are not a member. */
export async function memberRoleOf(
  db: Database | Transaction,
  rideId: number,
  userId: number,
): Promise<MemberRole | null> {
  const [row] = await db
    .select({ role: tripMembers.role })
    .from(tripMembers)
    .where(and(eq(tripMembers.rideId, rideId), eq(tripMembers.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}
