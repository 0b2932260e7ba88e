import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import {
  rideAccessKeys,
  rideAccessKeyUses,
  rideAuthorizedUsers,
  rides,
  rideShares,
  rideWhiteLabelPermissions,
  subdomainThemes,
  type NewRideAccessKey,
} from '../../db/schema/index.js';

/**
 * The only SQL of one-time links, private copies, the sub-domain manager's settings and recorded shares (issue 18
 * points 3, 4, 6, 7; decision 0030). The one-time key's claim is one-time-key.repository.ts.
 */
type Db = Database | Transaction;

/** What the calls decide on: the trip, its sub-domain's manager and what its white-label settings let clients do. */
export async function tripFacts(db: Db, rideId: number) {
  const [row] = await db
    .select({
      id: rides.id,
      authorId: rides.authorId,
      rideManagerId: rides.rideManagerId,
      type: rides.type,
      isWhiteLabel: rides.isWhiteLabel,
      isDemo: rides.isDemo,
      subdomain: rides.subdomain,
      subdomainManagerId: subdomainThemes.userId,
      usersMayEdit: sql<boolean>`coalesce(${rideWhiteLabelPermissions.usersMayEdit}, false)`,
      usersMayCreateOneTimeLinks: sql<boolean>`coalesce(${rideWhiteLabelPermissions.usersMayCreateOneTimeLinks}, false)`,
    })
    .from(rides)
    .leftJoin(subdomainThemes, eq(subdomainThemes.subdomain, rides.subdomain))
    .leftJoin(rideWhiteLabelPermissions, eq(rideWhiteLabelPermissions.rideId, rides.id))
    .where(eq(rides.id, rideId));
  return row;
}
export type TripFacts = NonNullable<Awaited<ReturnType<typeof tripFacts>>>;

/**
 * Whether the user is a client of the trip: an authorised user of it, or admitted by one of its keys and not removed
 * since (decision 0028). `copyOnly`: through a copy key (the access that allows copying).
 */
export async function isTripClient(
  db: Db,
  rideId: number,
  userId: number,
  copyOnly = false,
): Promise<boolean> {
  const copyKey = copyOnly ? sql`AND k.action = 'copy'` : sql``;
  const authorised = copyOnly
    ? sql`SELECT 1 FROM ${rideAuthorizedUsers} au JOIN ${rideAccessKeys} k ON k.id = au.key_id
          WHERE au.ride_id = ${rideId} AND au.user_id = ${userId} ${copyKey}`
    : sql`SELECT 1 FROM ${rideAuthorizedUsers} au WHERE au.ride_id = ${rideId} AND au.user_id = ${userId}`;
  const result = await db.execute<{ yes: boolean }>(sql`
    SELECT EXISTS (${authorised}) OR EXISTS (
      SELECT 1 FROM ${rideAccessKeyUses} u JOIN ${rideAccessKeys} k ON k.id = u.key_id
      WHERE k.ride_id = ${rideId} AND u.user_id = ${userId} AND u.admitted AND u.removed_at IS NULL ${copyKey}
    ) AS yes`);
  return result.rows[0]?.yes === true;
}

/** The trip's reusable key (the registration link's), the newest if several: a one-time key takes its settings. */
export async function reusableKeyOf(db: Db, rideId: number) {
  const [row] = await db
    .select({
      action: rideAccessKeys.action,
      redirectPage: rideAccessKeys.redirectPage,
      consultingMeetingCalendarLink: rideAccessKeys.consultingMeetingCalendarLink,
    })
    .from(rideAccessKeys)
    .where(
      and(
        eq(rideAccessKeys.rideId, rideId),
        eq(rideAccessKeys.isOneTime, false),
        isNull(rideAccessKeys.revokedAt),
      ),
    )
    .orderBy(desc(rideAccessKeys.createdAt), desc(rideAccessKeys.id))
    .limit(1);
  return row;
}

export async function insertOneTimeKey(db: Db, values: NewRideAccessKey) {
  const [row] = await db
    .insert(rideAccessKeys)
    .values({ ...values, isOneTime: true, authorizedUsersCount: 1 })
    .returning({
      id: rideAccessKeys.id,
      secretKey: rideAccessKeys.secretKey,
      rideId: rideAccessKeys.rideId,
      recipientDetails: rideAccessKeys.recipientDetails,
      createdAt: rideAccessKeys.createdAt,
    });
  return row as NonNullable<typeof row>;
}

/** The sub-domains whose theme the user manages, the first made first. */
export async function managedSubdomainsOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ subdomain: subdomainThemes.subdomain })
    .from(subdomainThemes)
    .where(eq(subdomainThemes.userId, userId))
    .orderBy(asc(subdomainThemes.id));
  return rows.flatMap((r) => (r.subdomain ? [r.subdomain] : []));
}

/** Puts the trip in (a sub-domain) or out of (null) a closed environment, and sets its white-label flag. */
export async function setTripSubdomain(
  tx: Transaction,
  rideId: number,
  values: { subdomain?: string | null; isWhiteLabel?: boolean },
) {
  if (values.subdomain === undefined && values.isWhiteLabel === undefined) return;
  await tx.update(rides).set(values).where(eq(rides.id, rideId));
}

export async function saveWhiteLabelPermissions(
  tx: Transaction,
  rideId: number,
  values: { usersMayEdit: boolean; usersMayCreateOneTimeLinks: boolean; updatedBy: number },
): Promise<void> {
  await tx
    .insert(rideWhiteLabelPermissions)
    .values({ rideId, ...values })
    .onConflictDoUpdate({
      target: rideWhiteLabelPermissions.rideId,
      set: { ...values, updatedAt: new Date() },
    });
}

export async function insertShare(db: Db, values: { rideId: number; userId: number; channel: string }) {
  const [row] = await db.insert(rideShares).values(values).returning({
    id: rideShares.id,
    rideId: rideShares.rideId,
    channel: rideShares.channel,
    createdAt: rideShares.createdAt,
  });
  return row as NonNullable<typeof row>;
}
