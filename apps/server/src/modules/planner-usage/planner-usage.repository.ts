import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  pdfExports,
  rideAccessKeyUses,
  rideAccessKeys,
  rideShares,
  rides,
  users,
} from '../../db/schema/index.js';

/**
 * The queries of planners' billing and one-time usage (decision 0038). Everything is counted in SQL from the records
 * the product already keeps: ride_shares (record_ride_share_api), pdf_exports (the PDF export) and
 * ride_access_key_uses of one-time keys. Each reads its period through a created_at index (migration 0013), so its
 * cost follows the period's records, not the tables.
 *
 * A trip's planner: its ride manager, else its author, when that user's role is manager (planners are billed; a
 * traveller sharing their own trip is not).
 */
const plannerOf = (r: SQL) => sql`coalesce(${r}.ride_manager_id, ${r}.author_id)`;

/** The trip ids of one planner (through rides_ride_manager_idx and rides_author_idx). */
const ridesOf = (managerId: number) => sql`(
  SELECT id FROM ${rides} WHERE ride_manager_id = ${managerId}
  UNION ALL SELECT id FROM ${rides} WHERE author_id = ${managerId} AND ride_manager_id IS NULL)`;

/** pg gives Date, PGlite may give text: both to ISO. */
const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

export interface PlannerRow {
  id: number;
  username: string;
  email: string | null;
}

/** The planner, or undefined when there is no such user or the user is no planner. */
export async function findPlanner(db: Database, id: number): Promise<PlannerRow | undefined> {
  const r = await db.execute<{ id: number; username: string; email: string | null }>(sql`
    SELECT id, user_name AS username, email FROM ${users} WHERE id = ${id} AND role = 'manager'`);
  const row = r.rows[0];
  return row ? { id: Number(row.id), username: row.username, email: row.email } : undefined;
}

/**
 * Per trip of the period: its shares and PDF exports, the first and last share, the first and last use. Restricted to
 * one planner's trips when `managerId` is given.
 */
const usagePerRide = (from: Date, to: Date, managerId: number | null) => {
  const mine = managerId === null ? sql`` : sql` AND ride_id IN ${ridesOf(managerId)}`;
  return sql`
    usage AS (
      SELECT ride_id, count(*)::int AS shares, 0 AS exports, min(created_at) AS first_share, max(created_at) AS last_share,
        min(created_at) AS first_use, max(created_at) AS last_use
      FROM ${rideShares} WHERE created_at >= ${from} AND created_at < ${to}${mine} GROUP BY ride_id
      UNION ALL
      SELECT ride_id, 0, count(*)::int, NULL, NULL, min(created_at), max(created_at)
      FROM ${pdfExports} WHERE created_at >= ${from} AND created_at < ${to}${mine} GROUP BY ride_id
    ),
    per_ride AS (
      SELECT p.ride_id, sum(p.shares)::int AS shares, sum(p.exports)::int AS exports,
        min(p.first_share) AS first_share, max(p.last_share) AS last_share, min(p.first_use) AS first_use, max(p.last_use) AS last_use,
        ${plannerOf(sql`r`)} AS manager_id, r.title, (r.end_date - r.start_date + 1)::int AS days
      FROM usage p JOIN ${rides} r ON r.id = p.ride_id
      GROUP BY p.ride_id, r.id
    )`;
};

export interface BillingManagerRow extends PlannerRow {
  rides: number;
  shares: number;
  days: number;
  exports: number;
  firstUse: string | null;
  lastUse: string | null;
}

/**
 * Every planner who used a trip (shared or exported it) in the period, the busiest first. The period's shares and
 * exports are summed per trip, then per planner, and only then joined to the planners (one lookup per planner, not per
 * trip or per share).
 */
export async function billingPerPlanner(
  db: Database,
  from: Date,
  to: Date,
  managerId: number | null = null,
): Promise<BillingManagerRow[]> {
  const mine = managerId === null ? sql`` : sql` AND ride_id IN ${ridesOf(managerId)}`;
  const r = await db.execute<{
    id: number;
    username: string;
    email: string | null;
    rides: number;
    shares: number;
    days: number;
    exports: number;
    first_use: Date | string | null;
    last_use: Date | string | null;
  }>(sql`
    WITH used AS (
      SELECT ride_id, 1 AS share, 0 AS export, created_at FROM ${rideShares}
      WHERE created_at >= ${from} AND created_at < ${to}${mine}
      UNION ALL
      SELECT ride_id, 0, 1, created_at FROM ${pdfExports}
      WHERE created_at >= ${from} AND created_at < ${to}${mine}
    ),
    per_ride AS (
      SELECT ride_id, sum(share)::int AS shares, sum(export)::int AS exports, min(created_at) AS first_use,
        max(created_at) AS last_use
      FROM used GROUP BY ride_id
    ),
    per_planner AS (
      SELECT ${plannerOf(sql`r`)} AS manager_id, count(*)::int AS rides, sum(p.shares)::int AS shares,
        sum(r.end_date - r.start_date + 1)::int AS days, sum(p.exports)::int AS exports,
        min(p.first_use) AS first_use, max(p.last_use) AS last_use
      FROM per_ride p JOIN ${rides} r ON r.id = p.ride_id
      GROUP BY 1
    )
    SELECT u.id, u.user_name AS username, u.email, pp.rides, pp.shares, pp.days, pp.exports, pp.first_use, pp.last_use
    FROM per_planner pp JOIN ${users} u ON u.id = pp.manager_id AND u.role = 'manager'
    ORDER BY pp.rides DESC, pp.shares DESC, u.id`);
  return r.rows.map((x) => ({
    id: Number(x.id),
    username: x.username,
    email: x.email,
    rides: Number(x.rides),
    shares: Number(x.shares),
    days: Number(x.days),
    exports: Number(x.exports),
    firstUse: iso(x.first_use),
    lastUse: iso(x.last_use),
  }));
}

export interface BillingRideRow {
  rideId: number;
  title: string;
  days: number;
  shares: number;
  exports: number;
  firstShare: string | null;
  lastShare: string | null;
}

/** One planner's trips used in the period, the most shared first. */
export async function billingRides(
  db: Database,
  managerId: number,
  from: Date,
  to: Date,
): Promise<BillingRideRow[]> {
  const r = await db.execute<{
    ride_id: number;
    title: string;
    days: number;
    shares: number;
    exports: number;
    first_share: Date | string | null;
    last_share: Date | string | null;
  }>(sql`
    WITH ${usagePerRide(from, to, managerId)}
    SELECT ride_id, title, days, shares, exports, first_share, last_share FROM per_ride
    WHERE manager_id = ${managerId}
    ORDER BY shares DESC, exports DESC, ride_id`);
  return r.rows.map((x) => ({
    rideId: Number(x.ride_id),
    title: x.title,
    days: Number(x.days),
    shares: Number(x.shares),
    exports: Number(x.exports),
    firstShare: iso(x.first_share),
    lastShare: iso(x.last_share),
  }));
}

export interface MonthlyRow {
  month: string;
  rides: number;
  shares: number;
  exports: number;
}

/** One planner's use per month (YYYY-MM, UTC) from `from` to before `to`; months without use are absent. */
export async function monthlyUse(
  db: Database,
  managerId: number,
  from: Date,
  to: Date,
): Promise<MonthlyRow[]> {
  const r = await db.execute<{ month: string; rides: number; shares: number; exports: number }>(sql`
    WITH used AS (
      SELECT ride_id, created_at, 1 AS share, 0 AS export FROM ${rideShares}
      WHERE created_at >= ${from} AND created_at < ${to} AND ride_id IN ${ridesOf(managerId)}
      UNION ALL
      SELECT ride_id, created_at, 0, 1 FROM ${pdfExports}
      WHERE created_at >= ${from} AND created_at < ${to} AND ride_id IN ${ridesOf(managerId)}
    )
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, count(DISTINCT ride_id)::int AS rides,
      sum(share)::int AS shares, sum(export)::int AS exports
    FROM used GROUP BY 1 ORDER BY 1`);
  return r.rows.map((x) => ({
    month: x.month,
    rides: Number(x.rides),
    shares: Number(x.shares),
    exports: Number(x.exports),
  }));
}

export interface PdfExportRideRow {
  managerId: number;
  username: string;
  rideId: number;
  title: string;
  startDate: string;
  endDate: string;
  days: number;
  shares: number;
  exports: number;
  firstExport: string;
  lastExport: string;
}

/** The period's PDF exports per planner and trip (every planner, or one), with the trip's shares in the period. */
export async function pdfExportsPerRide(
  db: Database,
  from: Date,
  to: Date,
  managerId: number | null,
): Promise<PdfExportRideRow[]> {
  const mine = managerId === null ? sql`` : sql` AND ride_id IN ${ridesOf(managerId)}`;
  const r = await db.execute<{
    manager_id: number;
    username: string;
    ride_id: number;
    title: string;
    start_date: string;
    end_date: string;
    days: number;
    shares: number;
    exports: number;
    first_export: Date | string;
    last_export: Date | string;
  }>(sql`
    WITH exported AS (
      SELECT ride_id, count(*)::int AS exports, min(created_at) AS first_export, max(created_at) AS last_export
      FROM ${pdfExports} WHERE created_at >= ${from} AND created_at < ${to}${mine} GROUP BY ride_id
    ),
    shared AS (
      SELECT ride_id, count(*)::int AS shares FROM ${rideShares}
      WHERE created_at >= ${from} AND created_at < ${to} AND ride_id IN (SELECT ride_id FROM exported) GROUP BY ride_id
    )
    SELECT u.id AS manager_id, u.user_name AS username, r.id AS ride_id, r.title, r.start_date::text AS start_date,
      r.end_date::text AS end_date, (r.end_date - r.start_date + 1)::int AS days, coalesce(s.shares, 0)::int AS shares,
      e.exports, e.first_export, e.last_export
    FROM exported e JOIN ${rides} r ON r.id = e.ride_id
    JOIN ${users} u ON u.id = ${plannerOf(sql`r`)} AND u.role = 'manager'
    LEFT JOIN shared s ON s.ride_id = e.ride_id
    ORDER BY u.id, e.last_export DESC, r.id`);
  return r.rows.map((x) => ({
    managerId: Number(x.manager_id),
    username: x.username,
    rideId: Number(x.ride_id),
    title: x.title,
    startDate: x.start_date,
    endDate: x.end_date,
    days: Number(x.days),
    shares: Number(x.shares),
    exports: Number(x.exports),
    firstExport: iso(x.first_export) as string,
    lastExport: iso(x.last_export) as string,
  }));
}

export interface PdfExportRow {
  id: number;
  rideId: number;
  rideTitle: string;
  rideStartDate: string;
  rideEndDate: string;
  createdAt: string;
}

/** Every PDF export of one planner's trips in the period, newest first (the details' history). */
export async function plannerPdfExports(
  db: Database,
  managerId: number,
  from: Date,
  to: Date,
): Promise<PdfExportRow[]> {
  const r = await db.execute<{
    id: number;
    ride_id: number;
    ride_title: string;
    ride_start_date: string;
    ride_end_date: string;
    created_at: Date | string;
  }>(sql`
    SELECT id, ride_id, ride_title, ride_start_date::text AS ride_start_date, ride_end_date::text AS ride_end_date, created_at
    FROM ${pdfExports}
    WHERE created_at >= ${from} AND created_at < ${to} AND ride_id IN ${ridesOf(managerId)}
    ORDER BY created_at DESC, id DESC`);
  return r.rows.map((x) => ({
    id: Number(x.id),
    rideId: Number(x.ride_id),
    rideTitle: x.ride_title,
    rideStartDate: x.ride_start_date,
    rideEndDate: x.ride_end_date,
    createdAt: iso(x.created_at) as string,
  }));
}

export interface OneTimeAccessRow {
  usage_id: number;
  user_id: number | null;
  message: string | null;
  created_time: string;
}

export interface OneTimeRideRow {
  managerId: number;
  username: string;
  email: string | null;
  rideId: number;
  title: string;
  startDate: string;
  endDate: string;
  days: number;
  accesses: OneTimeAccessRow[];
}

/** A use as the database packs it: [usage id, user id, message, milliseconds since 1970]. */
type PackedAccess = [number, number | null, string | null, number];

/**
 * Every use of a one-time link since `since`: one row per planner and trip, its uses newest first packed as JSON arrays
 * by the database (tens of thousands of uses cross the wire as one row per trip, read by JSON.parse rather than field
 * by field; arrays and epoch milliseconds cost the database about a fifth less than objects and formatted times).
 */
export async function oneTimeUses(db: Database, since: Date): Promise<OneTimeRideRow[]> {
  const r = await db.execute<{
    manager_id: number;
    username: string;
    email: string | null;
    ride_id: number;
    title: string;
    start_date: string;
    end_date: string;
    days: number;
    accesses: PackedAccess[] | string;
  }>(sql`
    WITH uses AS (
      SELECT k.ride_id, a.id, a.user_id, a.message, a.created_at
      FROM ${rideAccessKeyUses} a JOIN ${rideAccessKeys} k ON k.id = a.key_id AND k.is_one_time
      WHERE a.created_at >= ${since}
    ),
    per_ride AS (
      SELECT ride_id, json_agg(json_build_array(id, user_id, message, floor(extract(epoch FROM created_at) * 1000)::bigint)
        ORDER BY created_at DESC, id DESC) AS accesses
      FROM uses GROUP BY ride_id
    )
    SELECT u.id AS manager_id, u.user_name AS username, u.email, r.id AS ride_id, r.title,
      r.start_date::text AS start_date, r.end_date::text AS end_date, (r.end_date - r.start_date + 1)::int AS days,
      p.accesses
    FROM per_ride p JOIN ${rides} r ON r.id = p.ride_id
    JOIN ${users} u ON u.id = ${plannerOf(sql`r`)} AND u.role = 'manager'
    ORDER BY u.id, r.id`);
  return r.rows.map((x) => ({
    managerId: Number(x.manager_id),
    username: x.username,
    email: x.email,
    rideId: Number(x.ride_id),
    title: x.title,
    startDate: x.start_date,
    endDate: x.end_date,
    days: Number(x.days),
    accesses: (typeof x.accesses === 'string' ? (JSON.parse(x.accesses) as PackedAccess[]) : x.accesses).map(
      ([usageId, userId, message, ms]) => ({
        usage_id: usageId,
        user_id: userId,
        message,
        created_time: new Date(ms).toISOString(),
      }),
    ),
  }));
}
