import { RISK_RULES, type RiskFacts } from '@rides/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { containing } from '../../lib/admin-paging.js';
import { devices, logins, users } from '../../db/schema/index.js';

/**
 * The queries of device management (decision 0035). Their cost follows the period's devices, not the tables; sign-ins
 * are read for a few users at a time (bench/admin.bench.ts).
 */

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

/**
 * The facts assessRisk needs, for every user who used `minDevices` or more devices since `since`, or tripped one of
 * the rules a count misses (far apart at once; a burst of new devices); with `userId`, that user alone (every count
 * is listed). Most devices first, ties by user id.
 *
 * A device was used in the period when its last sign-in is in it (every sign-in sets it), so the period's devices are
 * read once, from devices_period_idx alone, grouped per user; sign-ins are read only for the few users whose devices
 * of the period are in two time zones or more (the far-apart rule), and devices again only for those with a burst's
 * worth of new devices. Three statements: run them in one transaction for one snapshot (bench/admin.bench.ts).
 */
export async function listRiskFacts(
  db: Database | Transaction,
  since: Date,
  minDevices: number,
  userId: number | null = null,
): Promise<UserRiskFacts[]> {
  const oneUser = userId === null ? sql`` : sql` AND user_id = ${userId}`;
  const grouped = await db.execute<{ user_id: number; device_count: number; zoned: boolean; new_devices: number }>(sql`
    SELECT * FROM (
      SELECT user_id, count(*)::int AS device_count,
        -- Two time zones or more among the period's devices: only then can two of them be far apart at once. Their
        -- hashes, not the names: a fifth of the cost, and no two IANA zones share one (device-risk-query.test.ts).
        min(hashtext(timezone)) FILTER (WHERE timezone <> '') <> max(hashtext(timezone)) FILTER (WHERE timezone <> '')
          AS zoned,
        count(*) FILTER (WHERE first_login >= ${since})::int AS new_devices
      FROM ${devices}
      WHERE last_login >= ${since}${oneUser}
      GROUP BY user_id
    ) per_user
    WHERE device_count >= ${minDevices} OR zoned OR new_devices >= ${RISK_RULES.burstNewDevices}`);
  const zoned = grouped.rows.filter((r) => r.zoned).map((r) => Number(r.user_id));
  const bursting = grouped.rows
    .filter((r) => Number(r.new_devices) >= RISK_RULES.burstNewDevices)
    .map((r) => Number(r.user_id));
  const farApart = zoned.length === 0 ? new Map<number, number>() : await farApartMinutes(db, zoned, since);
  const bursts = bursting.length === 0 ? new Map<number, number>() : await newDevicesInBurst(db, bursting, since);
  return grouped.rows
    .map((r) => ({
      userId: Number(r.user_id),
      deviceCount: Number(r.device_count),
      farApartMinutes: farApart.get(Number(r.user_id)) ?? null,
      newDevicesInBurst: bursts.get(Number(r.user_id)) ?? 0,
    }))
    .filter(
      (f) =>
        f.deviceCount >= minDevices ||
        f.farApartMinutes !== null ||
        f.newDevicesInBurst >= RISK_RULES.burstNewDevices,
    )
    .sort((a, b) => b.deviceCount - a.deviceCount || a.userId - b.userId);
}

/**
 * Per user, the minutes between the closest two sign-ins of the period by devices in different time zones, when
 * they came within `overlapMinutes` (logins_user_at_idx; each sign-in beside the user's one before it).
 */
async function farApartMinutes(db: Database | Transaction, userIds: number[], since: Date) {
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
  const result = await db.execute<{ user_id: number; new_devices: number }>(sql`
    SELECT user_id, max(c)::int AS new_devices
    FROM (
      SELECT user_id, count(*) OVER (
        PARTITION BY user_id ORDER BY first_login
        RANGE BETWEEN CURRENT ROW AND make_interval(hours => ${RISK_RULES.burstHours}) FOLLOWING
      ) AS c
      FROM ${devices}
      WHERE user_id = ANY(${idArray(userIds)}) AND last_login >= ${since} AND first_login >= ${since}
    ) windows
    GROUP BY user_id`);
  return new Map(result.rows.map((r) => [Number(r.user_id), Number(r.new_devices)]));
}

/** The names and emails of these users; with `q`, only those whose name or email contains it (case-insensitive). */
export async function userDetails(
  db: Database | Transaction,
  userIds: readonly number[],
  q = '',
): Promise<Map<number, UserDetails>> {
  if (userIds.length === 0) return new Map();
  const search = q ? sql` AND (user_name ILIKE ${containing(q)} OR email ILIKE ${containing(q)})` : sql``;
  const result = await db.execute<{ id: number; user_name: string; email: string | null }>(sql`
    SELECT id, user_name, email FROM ${users} WHERE id = ANY(${idArray(userIds)})${search}`);
  return new Map(
    result.rows.map((r) => [Number(r.id), { userId: Number(r.id), username: r.user_name, email: r.email }]),
  );
}

/** How many times each of these users signed in since `since` (logins_user_at_idx; absent: none). */
export async function periodSignIns(
  db: Database | Transaction,
  userIds: readonly number[],
  since: Date,
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const result = await db.execute<{ user_id: number; n: number }>(sql`
    SELECT user_id, count(*)::int AS n FROM ${logins}
    WHERE user_id = ANY(${idArray(userIds)}) AND at >= ${since}
    GROUP BY user_id`);
  return new Map(result.rows.map((r) => [Number(r.user_id), Number(r.n)]));
}

/** The user's name and email, or undefined when there is no such user. */
export async function findUser(db: Database, userId: number): Promise<UserDetails | undefined> {
  const [user] = await db
    .select({ username: users.userName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return user ? { userId, ...user } : undefined;
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
