import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import {
  rideAccessKeys,
  rideAccessKeyUses,
  rideAuthorizedUsers,
  rides,
  subdomainThemes,
  users,
} from '../../db/schema/index.js';
import type { NewRideAccessKey, RideAccessKey } from '../../db/schema/index.js';

/**
 * The only SQL of the access key of a private trip and of joining it (issue 18, decision 0028). The planner's key is
 * the trip's reusable key (is_one_time false; the newest if there were ever several); one-time keys are another
 * module's. Every write runs in the caller's transaction, which holds the trip's row lock and then the key's.
 */
type Db = Database | Transaction;

/** A key with the facts of its trip that the join needs (the trip's group manager for the group rule). */
const keyWithTrip = {
  key: {
    id: rideAccessKeys.id,
    rideId: rideAccessKeys.rideId,
    secretKey: rideAccessKeys.secretKey,
    subdomain: rideAccessKeys.subdomain,
    consultingMeetingCalendarLink: rideAccessKeys.consultingMeetingCalendarLink,
    authorizedUsersCount: rideAccessKeys.authorizedUsersCount,
    action: rideAccessKeys.action,
    isOneTime: rideAccessKeys.isOneTime,
    expiresAt: rideAccessKeys.expiresAt,
    revokedAt: rideAccessKeys.revokedAt,
  },
  ride: {
    id: rides.id,
    title: rides.title,
    authorId: rides.authorId,
    rideManagerId: rides.rideManagerId,
    type: rides.type,
    subdomain: rides.subdomain,
    subdomainManagerId: subdomainThemes.userId,
  },
};

export type KeyWithTrip = NonNullable<Awaited<ReturnType<typeof findKeyByValue>>>;

/** The key of this value with its trip; undefined when there is none. */
export async function findKeyByValue(db: Db, secretKey: string) {
  const [row] = await db
    .select(keyWithTrip)
    .from(rideAccessKeys)
    .innerJoin(rides, eq(rides.id, rideAccessKeys.rideId))
    .leftJoin(subdomainThemes, eq(subdomainThemes.subdomain, rides.subdomain))
    .where(eq(rideAccessKeys.secretKey, secretKey))
    .limit(1);
  return row;
}

/** The trip's reusable key, locked for the rest of the transaction (FOR UPDATE); undefined when it has none. */
export async function lockReusableKey(tx: Transaction, rideId: number): Promise<RideAccessKey | undefined> {
  const [row] = await tx
    .select()
    .from(rideAccessKeys)
    .where(and(eq(rideAccessKeys.rideId, rideId), eq(rideAccessKeys.isOneTime, false)))
    .orderBy(desc(rideAccessKeys.createdAt), desc(rideAccessKeys.id))
    .limit(1)
    .for('update');
  return row;
}

/** Locks one key row (the join's quota is counted under it). */
export async function lockKey(tx: Transaction, keyId: number): Promise<RideAccessKey | undefined> {
  const [row] = await tx.select().from(rideAccessKeys).where(eq(rideAccessKeys.id, keyId)).for('update');
  return row;
}

export async function insertKey(tx: Transaction, values: NewRideAccessKey): Promise<RideAccessKey> {
  const [row] = await tx.insert(rideAccessKeys).values(values).returning();
  return row as RideAccessKey;
}

export async function updateKey(
  tx: Transaction,
  keyId: number,
  values: Partial<
    Pick<
      NewRideAccessKey,
      | 'redirectPage'
      | 'consultingMeetingCalendarLink'
      | 'authorizedUsersCount'
      | 'action'
      | 'expiresAt'
      | 'revokedAt'
      | 'secretKey'
      | 'notifyOnFirstOpen'
    >
  >,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await tx.update(rideAccessKeys).set(values).where(eq(rideAccessKeys.id, keyId));
}

/** The uses of a key that hold a place now (joined or copied, not removed). */
const placeHolders = (keyId: number) =>
  and(
    eq(rideAccessKeyUses.keyId, keyId),
    eq(rideAccessKeyUses.admitted, true),
    isNull(rideAccessKeyUses.removedAt),
  );

/** How many places of the key are taken. */
export async function takenPlaces(db: Db, keyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rideAccessKeyUses)
    .where(placeHolders(keyId));
  return Number(row?.n ?? 0);
}

/** The clients holding a place of the key, newest first, with their name and address (the planner's access page). */
export async function joinedUsers(db: Db, keyId: number) {
  return db
    .select({
      useId: rideAccessKeyUses.id,
      userId: users.id,
      userName: users.userName,
      email: users.email,
      joinedAt: rideAccessKeyUses.createdAt,
      newRideId: rideAccessKeyUses.newRideId,
    })
    .from(rideAccessKeyUses)
    .innerJoin(users, eq(users.id, rideAccessKeyUses.userId))
    .where(placeHolders(keyId))
    .orderBy(desc(rideAccessKeyUses.createdAt), desc(rideAccessKeyUses.id));
}

/** The user's place on this key, if they hold one: the use and the trip it gave them. */
export async function placeOf(
  db: Db,
  keyId: number,
  userId: number,
): Promise<{ useId: number; newRideId: number | null } | undefined> {
  const [row] = await db
    .select({ useId: rideAccessKeyUses.id, newRideId: rideAccessKeyUses.newRideId })
    .from(rideAccessKeyUses)
    .where(and(placeHolders(keyId), eq(rideAccessKeyUses.userId, userId)))
    .limit(1);
  return row;
}

/** Whether the user is among the trip's authorised users. */
export async function isAuthorizedUser(db: Db, rideId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(rideAuthorizedUsers)
    .where(and(eq(rideAuthorizedUsers.rideId, rideId), eq(rideAuthorizedUsers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** Records a use of a key: a join that took a place (admitted), or a refusal with its code as message. */
export async function recordUse(
  db: Db,
  use: {
    keyId: number;
    userId: number | null;
    message: string;
    admitted: boolean;
    newRideId?: number | null;
  },
): Promise<void> {
  await db.insert(rideAccessKeyUses).values({ ...use, newRideId: use.newRideId ?? null });
}

/** The user becomes an authorised user of the trip through the key (a view key). */
export async function addAuthorizedUser(
  tx: Transaction,
  rideId: number,
  userId: number,
  keyId: number,
): Promise<void> {
  await tx.insert(rideAuthorizedUsers).values({ rideId, userId, keyId });
}

/** The planner removes the client: their place is free and, if they joined the trip, they no longer see it. */
export async function removePlace(
  tx: Transaction,
  useId: number,
  rideId: number,
  userId: number,
  keyId: number,
): Promise<void> {
  await tx
    .update(rideAccessKeyUses)
    .set({ removedAt: sql`now()` })
    .where(eq(rideAccessKeyUses.id, useId));
  // Only the access this key gave: a user authorised otherwise keeps it.
  await tx
    .delete(rideAuthorizedUsers)
    .where(
      and(
        eq(rideAuthorizedUsers.rideId, rideId),
        eq(rideAuthorizedUsers.userId, userId),
        eq(rideAuthorizedUsers.keyId, keyId),
      ),
    );
}

/** How many people a key ever admitted, removed or not (a one-time key admits one, ever). */
export async function everAdmitted(db: Db, keyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rideAccessKeyUses)
    .where(and(eq(rideAccessKeyUses.keyId, keyId), eq(rideAccessKeyUses.admitted, true)));
  return Number(row?.n ?? 0);
}

/**
 * The trip's one-time links with the one person each admitted (their use, name and e-mail), newest first, at most
 * `limit` (the planner's access page; decision 0045). Read here, beside the uses this module writes: the one-time
 * module makes the keys, this one records who came in. A one-time key admits one person ever, so at most one admitted
 * use joins each key (a removed client still used it).
 */
export async function oneTimeLinksOf(db: Db, rideId: number, limit: number) {
  return db
    .select({
      key: rideAccessKeys.secretKey,
      recipientDetails: rideAccessKeys.recipientDetails,
      createdAt: rideAccessKeys.createdAt,
      userId: rideAccessKeyUses.userId,
      userName: users.userName,
      email: users.email,
      usedAt: rideAccessKeyUses.createdAt,
      newRideId: rideAccessKeyUses.newRideId,
    })
    .from(rideAccessKeys)
    .leftJoin(
      rideAccessKeyUses,
      and(eq(rideAccessKeyUses.keyId, rideAccessKeys.id), eq(rideAccessKeyUses.admitted, true)),
    )
    .leftJoin(users, eq(users.id, rideAccessKeyUses.userId))
    .where(and(eq(rideAccessKeys.rideId, rideId), eq(rideAccessKeys.isOneTime, true)))
    .orderBy(desc(rideAccessKeys.createdAt), desc(rideAccessKeys.id))
    .limit(limit);
}

/** The user's display name (the planner's name on the join page). */
export async function userNameOf(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ userName: users.userName }).from(users).where(eq(users.id, userId));
  return row?.userName ?? '';
}
