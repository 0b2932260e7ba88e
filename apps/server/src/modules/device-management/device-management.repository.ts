import { RISK_RULES, type RiskFacts } from '@rides/contract';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { containing } from '../../lib/admin-paging.js';
import { devices, logins, users } from '../../db/schema/index.js';

/**
 * The queries of device management (decision 0035). Their cost follows the users they list, not the tables: the
 * period's devices are never grouped, and sign-ins are read for a few users at a time (bench/admin.bench.ts).
 */

/** How many times the user in `userId` (a column) signed in since `since`: a count from logins_user_at_idx alone. */
const signInsSince = (userId: SQL, since: Date) =>
  sql`(SELECT count(*)::int FROM ${logins} l WHERE l.user_id = ${userId} AND l.at >= ${since})`;

/** A user's risk facts over the period (decision 0035). */
export interface UserRiskFacts extends RiskFacts {
  userId: number;
}

/** A user's name and email, as the listing shows them. */
export interface UserDetails {
  userId: number;
  username: string;
  email: string | null;
}

/** A list of ids as one parameter (an int[] literal): thousands of ids are one value, not thousands. */
const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** The users over the count: each with their count (see listRiskFacts). */
const overCount = (since: Date, atLeast: number) => sql`
  SELECT user_id, (${atLeast - 1} + count(*))::int AS device_count
  FROM ${devices}
  WHERE recency >= ${atLeast} AND last_login >= ${since}
  GROUP BY user_id`;
/** The far-apart rule's candidates: devices in several time zones, two of them used in the period. */
const zonedCandidates = (since: Date) => sql`
  SELECT user_id FROM ${devices} WHERE zones_differ AND recency = 2 AND last_login >= ${since}`;
/** The burst rule's candidates: a burst's worth of devices first seen in the period. */
const freshCandidates = (since: Date) => sql`
  SELECT user_id FROM ${devices} WHERE first_login >= ${since}
  GROUP BY user_id HAVING count(*) >= ${RISK_RULES.burstNewDevices}`;

/**
 * The facts assessRisk needs, for every user who used `minDevices` or more devices since `since`, or tripped one of
 * the rules a count misses (far apart at once; a burst of new devices). Most devices first, ties by user id. Several
 * statements: run them in one transaction for one snapshot.
 *
 * A device was used in the period when its last sign-in is in it (every sign-in sets it). Nothing here groups the
 * period's devices: the database keeps each device's recency among its user's devices (migration 0018), so a user used
 * `minDevices` or more when their device of that recency was used in the period, and their count is `minDevices - 1`
 * plus their devices from that recency on used in it (devices_recency_idx). The rules below the count read only their
 * candidates: users whose devices are in several time zones with two used in the period (devices_zoned_idx), and
 * users with a burst's worth of devices first seen in it (devices_first_login_idx).
 */
export async function listRiskFacts(
  db: Database | Transaction,
  since: Date,
  minDevices: number,
): Promise<UserRiskFacts[]> {
  const over = await db.execute<{ user_id: number; device_count: number }>(
    overCount(since, Math.max(1, minDevices)),
  );
  const zoned = await db.execute<{ user_id: number }>(zonedCandidates(since));
  const fresh = await db.execute<{ user_id: number }>(freshCandidates(since));

  const counts = new Map(over.rows.map((r) => [Number(r.user_id), Number(r.device_count)]));
  const zonedIds = zoned.rows.map((r) => Number(r.user_id));
  const freshIds = fresh.rows.map((r) => Number(r.user_id));
  const farApart = await farApartMinutes(db, zonedIds, since);
  const bursts = await newDevicesInBurst(db, freshIds, since);
  // A user a rule flags below the count: their count too.
  const below = [
    ...farApart.keys(),
    ...[...bursts].filter(([, n]) => n >= RISK_RULES.burstNewDevices).map(([id]) => id),
  ].filter((id) => !counts.has(id));
  for (const [id, n] of await periodDeviceCounts(db, below, since)) counts.set(id, n);
  return [...counts]
    .map(([userId, deviceCount]) => ({
      userId,
      deviceCount,
      farApartMinutes: farApart.get(userId) ?? null,
      newDevicesInBurst: bursts.get(userId) ?? 0,
    }))
    .filter(
      (f) =>
        f.deviceCount >= minDevices ||
        f.farApartMinutes !== null ||
        f.newDevicesInBurst >= RISK_RULES.burstNewDevices,
    )
    .sort((a, b) => b.deviceCount - a.deviceCount || a.userId - b.userId);
}

/** One user's facts over the period (the analysis): zero devices when they used none. */
export async function userRiskFacts(db: Database, userId: number, since: Date): Promise<UserRiskFacts> {
  const counts = await periodDeviceCounts(db, [userId], since);
  const farApart = await farApartMinutes(db, [userId], since);
  const bursts = await newDevicesInBurst(db, [userId], since);
  return {
    userId,
    deviceCount: counts.get(userId) ?? 0,
    farApartMinutes: farApart.get(userId) ?? null,
    newDevicesInBurst: bursts.get(userId) ?? 0,
  };
}

/** How many devices each of these users used since `since` (absent: none). */
async function periodDeviceCounts(db: Database | Transaction, userIds: number[], since: Date) {
  if (userIds.length === 0) return new Map<number, number>();
  const result = await db.execute<{ user_id: number; n: number }>(sql`
    SELECT user_id, count(*)::int AS n FROM ${devices}
    WHERE user_id = ANY(${idArray(userIds)}) AND last_login >= ${since}
    GROUP BY user_id`);
  return new Map(result.rows.map((r) => [Number(r.user_id), Number(r.n)]));
}

/**
 * Per user, the minutes between the closest two sign-ins of the period by devices in different time zones, when
 * they came within `overlapMinutes` (logins_user_at_idx; each sign-in beside the user's one before it).
 */
async function farApartMinutes(db: Database | Transaction, userIds: number[], since: Date) {
  if (userIds.length === 0) return new Map<number, number>();
  const result = await db.execute<{ user_id: number; minutes: number }>(sql`
    WITH ordered AS (
      SELECT l.user_id, l.device_id, l.at, d.timezone,
        lag(l.device_id) OVER w AS prev_device, lag(l.at) OVER w AS prev_at, lag(d.timezone) OVER w AS prev_timezone
      FROM ${logins} l
      LEFT JOIN ${devices} d ON d.id = l.device_id
      WHERE l.user_id = ANY(${idArray(userIds)}) AND l.at >= ${since}
      WINDOW w AS (PARTITION BY l.user_id ORDER BY l.at)
    )
    SELECT user_id, min(extract(epoch FROM at - prev_at) / 60)::float8 AS minutes
    FROM ordered
    WHERE prev_device IS NOT NULL AND device_id <> prev_device
      AND coalesce(timezone, '') <> '' AND coalesce(prev_timezone, '') <> '' AND timezone <> prev_timezone
      AND at - prev_at <= make_interval(mins => ${RISK_RULES.overlapMinutes})
    GROUP BY user_id`);
  return new Map(result.rows.map((r) => [Number(r.user_id), Number(r.minutes)]));
}

/** Per user, the most of the period's devices first seen within any `burstHours` window. */
async function newDevicesInBurst(db: Database | Transaction, userIds: number[], since: Date) {
  if (userIds.length === 0) return new Map<number, number>();
  const result = await db.execute<{ user_id: number; new_devices: number }>(sql`
    SELECT user_id, max(c)::int AS new_devices
    FROM (
      SELECT user_id, count(*) OVER (
        PARTITION BY user_id ORDER BY first_login
        RANGE BETWEEN CURRENT ROW AND make_interval(hours => ${RISK_RULES.burstHours}) FOLLOWING
      ) AS c
      FROM ${devices}
      WHERE user_id = ANY(${idArray(userIds)}) AND first_login >= ${since}
    ) windows
    GROUP BY user_id`);
  return new Map(result.rows.map((r) => [Number(r.user_id), Number(r.new_devices)]));
}

/** The names and emails of these users. */
export async function userDetails(
  db: Database | Transaction,
  userIds: readonly number[],
): Promise<Map<number, UserDetails>> {
  if (userIds.length === 0) return new Map();
  const result = await db.execute<{ id: number; user_name: string; email: string | null }>(sql`
    SELECT id, user_name, email FROM ${users} WHERE id = ANY(${idArray(userIds)})`);
  return new Map(
    result.rows.map((r) => [Number(r.id), { userId: Number(r.id), username: r.user_name, email: r.email }]),
  );
}

/**
 * How many times each of these users signed in since `since`: per user, a count from logins_user_at_idx alone (a
 * grouping of their sign-ins would read the table: twice as slow for the listing's thousands).
 */
export async function periodSignIns(
  db: Database | Transaction,
  userIds: readonly number[],
  since: Date,
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const result = await db.execute<{ user_id: number; n: number }>(sql`
    SELECT u.user_id, c.n
    FROM unnest(${idArray(userIds)}) u(user_id)
    CROSS JOIN LATERAL (SELECT ${signInsSince(sql`u.user_id`, since)} AS n) c`);
  return new Map(result.rows.map((r) => [Number(r.user_id), Number(r.n)]));
}

/** Whose name or email contains `q` (case-insensitive; nothing when `q` is empty). */
const matching = (q: string) =>
  q ? sql` AND (user_name ILIKE ${containing(q)} OR email ILIKE ${containing(q)})` : sql``;

/** These users whose name or email contains `q` (case-insensitive), by id. */
export async function matchingUsers(
  db: Database | Transaction,
  userIds: readonly number[],
  q: string,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const result = await db.execute<{ id: number }>(sql`
    SELECT id FROM ${users} WHERE id = ANY(${idArray(userIds)})${matching(q)} ORDER BY id`);
  return result.rows.map((r) => Number(r.id));
}

/** The listing's orders the database gives: by name or email (its collation, as the other admin listings), or by sign-ins. */
export interface UserOrder {
  column: 'username' | 'email' | 'total_logins';
  descending: boolean;
}

/**
 * One page of these users, with `q` only those whose name or email contains it, in the asked order (ties by id), and
 * how many match. By sign-ins: each user's count since `since` (one index-only count each, logins_user_at_idx), sorted
 * and cut to the page by the database, so only the page's rows come back; the page's counts come with it.
 */
export async function orderedUsers(
  db: Database | Transaction,
  userIds: readonly number[],
  query: { q: string; order: UserOrder; since: Date; offset: number; limit: number },
): Promise<{ total: number; page: { userId: number; signIns: number | null }[] }> {
  if (userIds.length === 0) return { total: 0, page: [] };
  const { order } = query;
  const direction = sql.raw(order.descending ? 'DESC' : 'ASC');
  const bySignIns = order.column === 'total_logins';
  const signIns = bySignIns ? signInsSince(sql`u.id`, query.since) : sql`NULL::int`;
  const by = bySignIns
    ? sql`sign_ins ${direction}`
    : order.column === 'email'
      ? sql`email ${direction} NULLS LAST`
      : sql`user_name ${direction}`;
  const result = await db.execute<{ total: number; id: number | null; sign_ins: number | null }>(sql`
    WITH listed AS MATERIALIZED (
      SELECT u.id, u.user_name, u.email, ${signIns} AS sign_ins
      FROM ${users} u WHERE u.id = ANY(${idArray(userIds)})${matching(query.q)})
    SELECT t.total, p.id, p.sign_ins
    FROM (SELECT count(*)::int AS total FROM listed) t
    LEFT JOIN LATERAL (
      SELECT id, sign_ins FROM listed ORDER BY ${by}, id LIMIT ${query.limit} OFFSET ${query.offset}
    ) p ON true`);
  return {
    total: Number(result.rows[0]?.total ?? 0),
    page: result.rows
      .filter((r) => r.id !== null)
      .map((r) => ({ userId: Number(r.id), signIns: r.sign_ins === null ? null : Number(r.sign_ins) })),
  };
}

export interface DeviceRow {
  id: number;
  deviceName: string | null;
  fingerprint: string;
  firstLogin: Date;
  lastLogin: Date;
  loginCount: number;
  userAgent: string | null;
}

const deviceColumns = {
  id: devices.id,
  deviceName: devices.deviceName,
  fingerprint: devices.fingerprint,
  firstLogin: devices.firstLogin,
  lastLogin: devices.lastLogin,
  loginCount: devices.loginCount,
  userAgent: devices.userAgent,
};

/** Every device of the user, the most recently used first; undefined when there is no such user. */
export async function listUserDevices(db: Database, userId: number): Promise<DeviceRow[] | undefined> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  return db
    .select(deviceColumns)
    .from(devices)
    .where(eq(devices.userId, userId))
    .orderBy(desc(devices.lastLogin), desc(devices.id));
}

/** The devices the user signed in from since `since`, with the period's sign-ins, and those sign-ins per day. */
export async function periodDevices(
  db: Database,
  userId: number,
  since: Date,
): Promise<{ devices: DeviceRow[]; daily: { day: string; deviceId: number; logins: number }[] }> {
  const daily = await db.execute<{ day: string; device_id: number; logins: number }>(sql`
    SELECT to_char(date_trunc('day', at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, device_id, count(*)::int AS logins
    FROM ${logins}
    WHERE user_id = ${userId} AND at >= ${since} AND device_id IS NOT NULL
    GROUP BY 1, 2 ORDER BY 1, 2`);
  const rows = daily.rows.map((r) => ({
    day: r.day,
    deviceId: Number(r.device_id),
    logins: Number(r.logins),
  }));
  const inPeriod = new Map<number, number>();
  for (const r of rows) inPeriod.set(r.deviceId, (inPeriod.get(r.deviceId) ?? 0) + r.logins);
  const all = (await listUserDevices(db, userId)) ?? [];
  const used = all
    .filter((d) => inPeriod.has(d.id))
    .map((d) => ({ ...d, loginCount: inPeriod.get(d.id) ?? 0 }));
  return { devices: used, daily: rows };
}
