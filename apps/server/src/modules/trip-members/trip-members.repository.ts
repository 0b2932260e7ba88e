import type { MemberRole } from '@rides/contract';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { rideAuthorizedUsers, rides, tripInvites, tripMembers, users } from '../../db/schema/index.js';

type Q = Database | Transaction;

/** The user's member role in the trip (trip_members, issue 33); null when they are not a member. */
export async function memberRoleOf(db: Q, rideId: number, userId: number): Promise<MemberRole | null> {
  const [row] = await db
    .select({ role: tripMembers.role })
    .from(tripMembers)
    .where(and(eq(tripMembers.rideId, rideId), eq(tripMembers.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

/** Every member of the trip with their name and address, the earliest first. */
export function membersOf(db: Q, rideId: number) {
  return db
    .select({
      userId: tripMembers.userId,
      role: tripMembers.role,
      joinedAt: tripMembers.createdAt,
      name: users.userName,
      email: users.email,
    })
    .from(tripMembers)
    .innerJoin(users, eq(users.id, tripMembers.userId))
    .where(eq(tripMembers.rideId, rideId))
    .orderBy(asc(tripMembers.createdAt), asc(tripMembers.userId));
}

/** Whether the user is in the private trip's ride_authorized_users (a client joined by key: a viewer). */
export async function isAuthorisedClient(db: Q, rideId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(rideAuthorizedUsers)
    .where(and(eq(rideAuthorizedUsers.rideId, rideId), eq(rideAuthorizedUsers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** A user's name and address. */
export async function userBrief(db: Q, userId: number) {
  const [row] = await db
    .select({ id: users.id, name: users.userName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The account of an address (lower-cased as stored), if any. */
export async function userIdByEmail(db: Q, email: string): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row?.id ?? null;
}

/** When the trip was made (the author's "joined"). */
export async function tripCreatedAt(db: Q, rideId: number): Promise<Date> {
  const [row] = await db.select({ at: rides.createdAt }).from(rides).where(eq(rides.id, rideId));
  return row?.at ?? new Date(0);
}

const inviteColumns = {
  id: tripInvites.id,
  rideId: tripInvites.rideId,
  email: tripInvites.email,
  role: tripInvites.role,
  invitedBy: tripInvites.invitedBy,
  expiresAt: tripInvites.expiresAt,
  usedAt: tripInvites.usedAt,
  revokedAt: tripInvites.revokedAt,
  createdAt: tripInvites.createdAt,
};
export type InviteRow = Awaited<ReturnType<typeof findInviteByHash>> & object;

/** The trip's open invitations (not used, not revoked, not expired at `now`), the newest first. */
export function openInvites(db: Q, rideId: number, now: Date) {
  return db
    .select(inviteColumns)
    .from(tripInvites)
    .where(
      and(
        eq(tripInvites.rideId, rideId),
        isNull(tripInvites.usedAt),
        isNull(tripInvites.revokedAt),
        gt(tripInvites.expiresAt, now),
      ),
    )
    .orderBy(sql`${tripInvites.createdAt} DESC`, sql`${tripInvites.id} DESC`);
}

export async function insertInvite(
  tx: Transaction,
  values: {
    rideId: number;
    tokenHash: string;
    email: string | null;
    role: MemberRole;
    invitedBy: number;
    expiresAt: Date;
  },
) {
  const [row] = await tx.insert(tripInvites).values(values).returning(inviteColumns);
  if (!row) throw new Error('insertInvite: no row');
  return row;
}

/** How many invitations the user made since `since` (the per-inviter limit). */
export async function invitesMadeSince(db: Q, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tripInvites)
    .where(and(eq(tripInvites.invitedBy, userId), gt(tripInvites.createdAt, since)));
  return row?.n ?? 0;
}

export async function findInviteByHash(db: Q, tokenHash: string) {
  const [row] = await db.select(inviteColumns).from(tripInvites).where(eq(tripInvites.tokenHash, tokenHash));
  return row;
}

export async function findInvite(db: Q, rideId: number, inviteId: number) {
  const [row] = await db
    .select(inviteColumns)
    .from(tripInvites)
    .where(and(eq(tripInvites.id, inviteId), eq(tripInvites.rideId, rideId)));
  return row;
}

/** Revokes an invitation that is not used yet (the revocation time stays the first one's). */
export async function revokeInvite(tx: Transaction, inviteId: number, now: Date): Promise<void> {
  await tx
    .update(tripInvites)
    .set({ revokedAt: sql`coalesce(${tripInvites.revokedAt}, ${now})` })
    .where(and(eq(tripInvites.id, inviteId), isNull(tripInvites.usedAt)));
}

/**
 * Uses the invitation once: marks it used by the user only while it is still open (not used, not revoked, not
 * expired); answers whether this call used it. Two accepts racing for one token: the row's UPDATE lets one through.
 */
export async function useInvite(
  tx: Transaction,
  inviteId: number,
  userId: number,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(tripInvites)
    .set({ usedAt: now, usedBy: userId })
    .where(
      and(
        eq(tripInvites.id, inviteId),
        isNull(tripInvites.usedAt),
        isNull(tripInvites.revokedAt),
        gt(tripInvites.expiresAt, now),
      ),
    )
    .returning({ id: tripInvites.id });
  return rows.length > 0;
}

/** Makes the user a member with the role, or sets the role of the member they are. */
export async function putMember(
  tx: Transaction,
  rideId: number,
  userId: number,
  role: MemberRole,
  invitedBy: number | null,
): Promise<void> {
  await tx
    .insert(tripMembers)
    .values({ rideId, userId, role, invitedBy })
    .onConflictDoUpdate({ target: [tripMembers.rideId, tripMembers.userId], set: { role } });
}

/** Sets a member's role; answers whether they are a member. */
export async function setMemberRole(
  tx: Transaction,
  rideId: number,
  userId: number,
  role: MemberRole,
): Promise<boolean> {
  const rows = await tx
    .update(tripMembers)
    .set({ role })
    .where(and(eq(tripMembers.rideId, rideId), eq(tripMembers.userId, userId)))
    .returning({ userId: tripMembers.userId });
  return rows.length > 0;
}

/** Removes a member; answers whether they were one. */
export async function deleteMember(tx: Transaction, rideId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .delete(tripMembers)
    .where(and(eq(tripMembers.rideId, rideId), eq(tripMembers.userId, userId)))
    .returning({ userId: tripMembers.userId });
  return rows.length > 0;
}
