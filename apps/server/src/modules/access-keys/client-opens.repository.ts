import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { rideAccessKeyUses, rideClientOpens } from '../../db/schema/index.js';

/**
 * The only SQL of the access statistics (issue 18 "Go beyond", decision 0028): the opens of a private trip by its
 * authorised clients, one row per (trip, client, device), and the anonymous opens of a one-time link's join page.
 */
type Db = Database | Transaction;

/**
 * Counts one open of the trip by the client on the device (one upsert) and answers whether it was their first open of
 * the trip on any device. One statement: the other devices' opens are read in the statement's own snapshot, so two
 * opens at once from two devices can at worst both say "not first" (no mail), never both "first" (two mails).
 */
export async function recordOpen(
  db: Db,
  rideId: number,
  userId: number,
  device: string,
): Promise<{ first: boolean }> {
  const result = await db.execute<{ opens: number; others: number }>(sql`
    WITH up AS (
      INSERT INTO ${rideClientOpens} (ride_id, user_id, device)
      VALUES (${rideId}, ${userId}, ${device})
      ON CONFLICT (ride_id, user_id, device)
      DO UPDATE SET opens = ${rideClientOpens}.opens + 1, last_opened_at = now()
      RETURNING opens
    )
    SELECT (SELECT opens FROM up)::int AS opens,
      (SELECT count(*) FROM ${rideClientOpens}
        WHERE ride_id = ${rideId} AND user_id = ${userId} AND device <> ${device})::int AS others`);
  const row = result.rows[0];
  return { first: Number(row?.opens) === 1 && Number(row?.others) === 0 };
}

/** Per client of the trip: how many devices, how many opens, the last one (the planner's access page). */
export async function openStats(
  db: Db,
  rideId: number,
): Promise<Map<number, { devices: number; opens: number; lastOpenedAt: Date }>> {
  const rows = await db
    .select({
      userId: rideClientOpens.userId,
      devices: sql<number>`count(*)::int`,
      opens: sql<number>`sum(${rideClientOpens.opens})::int`,
      lastOpenedAt: sql<Date>`max(${rideClientOpens.lastOpenedAt})`.mapWith(rideClientOpens.lastOpenedAt),
    })
    .from(rideClientOpens)
    .where(eq(rideClientOpens.rideId, rideId))
    .groupBy(rideClientOpens.userId);
  return new Map(
    rows.map((r) => [
      r.userId,
      { devices: Number(r.devices), opens: Number(r.opens), lastOpenedAt: r.lastOpenedAt },
    ]),
  );
}

/** What the first-open mail needs: the planner (ride manager, else author), the trip, the client, and the key's flag. */
export async function firstOpenMailFacts(db: Db, rideId: number, userId: number) {
  const result = await db.execute<{
    title: string;
    language: 'hebrew' | 'english';
    planner_email: string | null;
    planner_name: string;
    client_name: string;
    client_email: string | null;
    notify: boolean;
  }>(sql`
    SELECT r.title, r.language, p.email AS planner_email, p.user_name AS planner_name,
      c.user_name AS client_name, c.email AS client_email,
      -- The key that admitted the client decides; a client authorised otherwise follows the trip's reusable key.
      coalesce(k1.notify_on_first_open, k2.notify_on_first_open, false) AS notify
    FROM rides r
    JOIN users p ON p.id = coalesce(r.ride_manager_id, r.author_id)
    JOIN users c ON c.id = ${userId}
    LEFT JOIN ride_authorized_users au ON au.ride_id = r.id AND au.user_id = ${userId}
    LEFT JOIN ride_access_keys k1 ON k1.id = au.key_id
    LEFT JOIN LATERAL (
      SELECT k.notify_on_first_open FROM ride_access_keys k
      WHERE k.ride_id = r.id AND NOT k.is_one_time ORDER BY k.created_at DESC, k.id DESC LIMIT 1
    ) k2 ON true
    WHERE r.id = ${rideId}`);
  const row = result.rows[0];
  return row ? { ...row, notify: row.notify === true || String(row.notify) === 't' } : undefined;
}

/** Most anonymous opens recorded for one key in one day (on top of one per device a day): a flood's ceiling. */
export const ANONYMOUS_OPENS_PER_KEY_A_DAY = 100;

/**
 * Records an anonymous open of a one-time link's join page as a use (user id empty, message 'opened'): at most one
 * per key, device and UTC day (the partial unique index), and at most ANONYMOUS_OPENS_PER_KEY_A_DAY per key a day.
 */
export async function recordAnonymousOpen(db: Db, keyId: number, device: string, day: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${rideAccessKeyUses} (key_id, user_id, message, admitted, device, opened_on)
    SELECT ${keyId}, NULL, 'opened', false, ${device}, ${day}::date
    WHERE (SELECT count(*) FROM ${rideAccessKeyUses} WHERE key_id = ${keyId} AND opened_on = ${day}::date)
      < ${ANONYMOUS_OPENS_PER_KEY_A_DAY}
    ON CONFLICT (key_id, device, opened_on) WHERE opened_on IS NOT NULL DO NOTHING`);
}
