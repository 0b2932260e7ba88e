import { RISK_RULES, type RiskFacts } from '@rides/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { devices, logins, users } from '../../db/schema/index.js';

/**
 * The queries of device management (decision 0035). Their cost follows the period's devices and the listed users'
 * sign-ins, not the tables (bench/admin.bench.ts).
 */

export interface UserRiskRow extends RiskFacts {
  userId: number;
  username: string;
  email: string | null;
  totalLogins: number;
}

/**
 * The facts assessRisk needs, for every user who signed in since `since` and either used `minDevices` or more
 * devices, or tripped one of the rules a count misses (far apart at once; a burst of new devices). One statement.
 */
export function listRiskFacts(db: Database, since: Date, minDevices: number): Promise<UserRiskRow[]> {
  return riskFacts(db, since, minDevices, null);
}

/**
 * The statement behind both: every user (userId null) or one (then every user's threshold is 0). Its cost follows
 * the devices used in the period, not their sign-ins (bench/admin.bench.ts): a device was used in the period when its
 * last sign-in is in it (devices_last_login_idx; every sign-in sets it), so the counts and the bursts read devices;
 * sign-ins are read, through logins_user_at_idx, only for the users the far-apart rule could flag (devices in two time
 * zones or more) and, for their totals, for the users listed.
 */
async function riskFacts(
  db: Database,
  since: Date,
  minDevices: number,
  userId: number | null,
): Promise<UserRiskRow[]> {
  const oneUser = userId === null ? sql`` : sql` AND user_id = ${userId}`;
  const result = await db.execute<{
    user_id: number;
    username: string;
    email: string | null;
    device_count: number;
    total_logins: number;
    far_apart_minutes: number | null;
    new_devices_in_burst: number;
  }>(sql`
    WITH active AS (
      SELECT id, user_id, timezone, first_login FROM ${devices} WHERE last_login >= ${since}${oneUser}
    ),
    counts AS (
      SELECT user_id, count(*)::int AS device_count FROM active GROUP BY user_id
    ),
    zoned AS (
      -- Only a user whose devices of the period are in two time zones or more can be far apart at once.
      SELECT user_id FROM active WHERE coalesce(timezone, '') <> '' GROUP BY user_id HAVING count(DISTINCT timezone) >= 2
    ),
    ordered AS (
      SELECT l.user_id, l.device_id, l.at, d.timezone,
        lag(l.device_id) OVER w AS prev_device, lag(l.at) OVER w AS prev_at, lag(d.timezone) OVER w AS prev_timezone
      FROM zoned z
      JOIN ${logins} l ON l.user_id = z.user_id AND l.at >= ${since}
      LEFT JOIN ${devices} d ON d.id = l.device_id
      WINDOW w AS (PARTITION BY l.user_id ORDER BY l.at)
    ),
    far_apart AS (
      SELECT user_id, min(extract(epoch FROM at - prev_at) / 60)::float8 AS minutes
      FROM ordered
      WHERE prev_device IS NOT NULL AND device_id <> prev_device
        AND coalesce(timezone, '') <> '' AND coalesce(prev_timezone, '') <> '' AND timezone <> prev_timezone
        AND at - prev_at <= make_interval(mins => ${RISK_RULES.overlapMinutes})
      GROUP BY user_id
    ),
    burst AS (
      -- For each device first seen in the period, how many of the user's devices were first seen in the next burstHours.
      SELECT user_id, max(c)::int AS new_devices
      FROM (
        SELECT user_id, count(*) OVER (
          PARTITION BY user_id ORDER BY first_login
          RANGE BETWEEN CURRENT ROW AND make_interval(hours => ${RISK_RULES.burstHours}) FOLLOWING
        ) AS c
        FROM active WHERE first_login >= ${since}
      ) windows
      GROUP BY user_id
    ),
    listed AS (
      SELECT c.user_id, c.device_count, fa.minutes AS far_apart_minutes, coalesce(b.new_devices, 0)::int AS new_devices
      FROM counts c
      LEFT JOIN far_apart fa ON fa.user_id = c.user_id
      LEFT JOIN burst b ON b.user_id = c.user_id
      WHERE c.device_count >= ${minDevices} OR fa.minutes IS NOT NULL OR b.new_devices >= ${RISK_RULES.burstNewDevices}
    )
    SELECT li.user_id, u.user_name AS username, u.email, li.device_count,
      (SELECT count(*) FROM ${logins} l WHERE l.user_id = li.user_id AND l.at >= ${since})::int AS total_logins,
      li.far_apart_minutes, li.new_devices AS new_devices_in_burst
    FROM listed li
    JOIN ${users} u ON u.id = li.user_id
    ORDER BY li.device_count DESC, li.user_id`);
  return result.rows.map((r) => ({
    userId: Number(r.user_id),
    username: r.username,
    email: r.email,
    deviceCount: Number(r.device_count),
    totalLogins: Number(r.total_logins),
    farApartMinutes: r.far_apart_minutes === null ? null : Number(r.far_apart_minutes),
    newDevicesInBurst: Number(r.new_devices_in_burst),
  }));
}

/** One user's facts over the period (the analysis), or undefined when there is no such user. */
export async function userRiskFacts(
  db: Database,
  userId: number,
  since: Date,
): Promise<UserRiskRow | undefined> {
  const [user] = await db
    .select({ username: users.userName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return undefined;
  // An idle user has no sign-in in the period, so no row.
  const rows = await riskFacts(db, since, 0, userId);
  return (
    rows[0] ?? {
      userId,
      username: user.username,
      email: user.email,
      deviceCount: 0,
      totalLogins: 0,
      farApartMinutes: null,
      newDevicesInBurst: 0,
    }
  );
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
