import { sql, type SQL } from 'drizzle-orm';
import type {
  BillingManager,
  BillingTotals,
  OneTimeUsageManager,
  PdfExportManager,
  PdfExportTotals,
  UsageTotals,
} from '@rides/contract';
import type { Database } from '../../db/client.js';
import { containing, type PageRequest } from '../../lib/admin-paging.js';
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

/** The trip ids of one planner or of a page's planners (through rides_ride_manager_idx and rides_author_idx). */
const tripsOf = (managerIds: number | readonly number[]) => {
  const ids = typeof managerIds === 'number' ? [managerIds] : managerIds;
  return sql`(
  SELECT id FROM ${rides} WHERE ride_manager_id IN ${ids}
  UNION ALL SELECT id FROM ${rides} WHERE author_id IN ${ids} AND ride_manager_id IS NULL)`;
};

/** pg gives Date, PGlite may give text: both to ISO. */
const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/** A time as the wire's ISO text (2026-03-01T09:30:00.000Z), made by the database for the JSON rows it packs. */
const isoText = (v: SQL) => sql`to_char(${v} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

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
const usagePerTrip = (from: Date, to: Date, managerId: number | null) => {
  const mine = managerId === null ? sql`` : sql` AND ride_id IN ${tripsOf(managerId)}`;
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

/** A page of a listing: its rows, how many planners match the search, and the totals of every planner. */
export interface Page<Row, Totals> {
  rows: Row[];
  totalCount: number;
  totals: Totals;
}

/** `q` as an ILIKE pattern: its own %, _ and \ are letters. */

/**
 * The shared tail of the paged listings: `named` (one row per planner, wire-named columns, manager_id among them) and
 * `totals` (one row) are CTEs of the caller; this adds the search, the order and the page, and answers the page's rows
 * with the match count and the totals on each (the totals row drives, so an empty page still carries them).
 */
function pageOf(
  nameColumn: string,
  emailColumn: string,
  defaultOrder: SQL,
  page: PageRequest,
  /** The page's row as JSON (`pg` is the row); by default every column as it is. */
  present: SQL = sql`to_json(pg)`,
) {
  const { search, order } = searchAndOrder(nameColumn, emailColumn, defaultOrder, page);
  const limit = page.limit === null ? sql`` : sql` LIMIT ${page.limit} OFFSET ${page.offset}`;
  return sql`,
    matched AS (SELECT * FROM named ${search}),
    page AS (SELECT * FROM matched ORDER BY ${order}${limit}),
    numbered AS (SELECT ${present} AS row, row_number() OVER (ORDER BY ${order}) AS n FROM page pg)
    SELECT to_json(t) AS totals, (SELECT count(*) FROM matched)::int AS total_count, p.row
    FROM totals t LEFT JOIN numbered p ON true ORDER BY p.n`;
}

/** The search (a WHERE of `named`, or nothing) and the order (the asked column, ties by planner id; else the default). */
function searchAndOrder(nameColumn: string, emailColumn: string, defaultOrder: SQL, page: PageRequest) {
  const search = page.q
    ? sql`WHERE ${sql.identifier(nameColumn)} ILIKE ${containing(page.q)} OR ${sql.identifier(emailColumn)} ILIKE ${containing(page.q)}`
    : sql``;
  const order = page.sort
    ? sql`${sql.identifier(page.sort)} ${sql.raw(page.descending ? 'DESC' : 'ASC')} NULLS LAST, manager_id`
    : defaultOrder;
  return { search, order };
}

/** The rows of pageOf's answer: pg parses json, PGlite may give text. */
function readPage<Row, Totals>(
  rows: { totals: Totals | string; total_count: number; row: Row | string | null }[],
): Page<Row, Totals> {
  const parse = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
  const first = rows[0];
  if (!first) throw new Error('a page answers its totals row');
  return {
    totals: parse(first.totals),
    totalCount: Number(first.total_count),
    rows: rows.flatMap((r) => (r.row === null ? [] : [parse(r.row)])),
  };
}

/**
 * The CTEs up to `named`: one row per planner who used a trip (shared or exported it) in the period, the wire's
 * billing record with the times still times. The period's shares and exports are summed per trip, then per planner,
 * and only then joined to the planners (one lookup per planner, not per trip or per share). With `managerId`, that
 * planner's trips only.
 */
function billingPerPlanner(from: Date, to: Date, managerId: number | null) {
  const mine = managerId === null ? sql`` : sql` AND ride_id IN ${tripsOf(managerId)}`;
  return sql`
    used AS (
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
    ),
    named AS (
      SELECT u.id AS manager_id, u.user_name AS username, u.email, pp.rides AS total_rides, pp.shares AS total_shares,
        pp.days AS total_days, pp.exports AS total_pdf_exports, pp.first_use AS first_ride, pp.last_use AS last_ride
      FROM per_planner pp JOIN ${users} u ON u.id = pp.manager_id AND u.role = 'manager'
    )`;
}

/** The billing listing's default order: the busiest first. */
const BILLING_ORDER = sql`total_rides DESC, total_shares DESC, manager_id`;

/**
 * A month's billing (billingPerPlanner): a page of planners, the busiest first unless sorted, and the month's totals.
 * The rows are the wire's billing records (002 §3), dates as ISO text.
 */
export async function billingPage(
  db: Database,
  from: Date,
  to: Date,
  page: PageRequest,
  managerId: number | null = null,
): Promise<Page<BillingManager, BillingTotals>> {
  const r = await db.execute<{ totals: BillingTotals; total_count: number; row: BillingManager | null }>(sql`
    WITH ${billingPerPlanner(from, to, managerId)},
    totals AS (
      SELECT count(*)::int AS managers, coalesce(sum(total_rides), 0)::int AS rides,
        coalesce(sum(total_shares), 0)::int AS shares, coalesce(sum(total_days), 0)::int AS days,
        coalesce(sum(total_pdf_exports), 0)::int AS pdf_exports
      FROM named
    )${pageOf(
      'username',
      'email',
      BILLING_ORDER,
      page,
      // The times as the wire's ISO text, made for the page's rows only (not for every planner of the month).
      sql`to_jsonb(pg) || jsonb_build_object('first_ride', ${isoText(sql`pg.first_ride`)}, 'last_ride', ${isoText(sql`pg.last_ride`)})`,
    )}`);
  return readPage(r.rows);
}

/**
 * Every planner's billing record of the month in the listing's order and search (the CSV): plain columns, not a JSON
 * row each (about half the statement's time for ten thousand planners).
 */
export async function billingAll(
  db: Database,
  from: Date,
  to: Date,
  page: Pick<PageRequest, 'q' | 'sort' | 'descending'>,
): Promise<BillingManager[]> {
  const { search, order } = searchAndOrder('username', 'email', BILLING_ORDER, {
    ...page,
    limit: null,
    offset: 0,
  });
  const r = await db.execute<BillingManager>(sql`
    WITH ${billingPerPlanner(from, to, null)}
    SELECT manager_id, username, email, total_rides, total_shares, total_days, total_pdf_exports,
      ${isoText(sql`first_ride`)} AS first_ride, ${isoText(sql`last_ride`)} AS last_ride
    FROM named ${search} ORDER BY ${order}`);
  return r.rows.map((x) => ({
    ...x,
    manager_id: Number(x.manager_id),
    total_rides: Number(x.total_rides),
    total_shares: Number(x.total_shares),
    total_days: Number(x.total_days),
    total_pdf_exports: Number(x.total_pdf_exports),
  }));
}

export interface BillingTripRow {
  rideId: number;
  title: string;
  days: number;
  shares: number;
  exports: number;
  firstShare: string | null;
  lastShare: string | null;
}

/** One planner's trips used in the period, the most shared first. */
export async function billingTrips(
  db: Database,
  managerId: number,
  from: Date,
  to: Date,
): Promise<BillingTripRow[]> {
  const r = await db.execute<{
    ride_id: number;
    title: string;
    days: number;
    shares: number;
    exports: number;
    first_share: Date | string | null;
    last_share: Date | string | null;
  }>(sql`
    WITH ${usagePerTrip(from, to, managerId)}
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
      WHERE created_at >= ${from} AND created_at < ${to} AND ride_id IN ${tripsOf(managerId)}
      UNION ALL
      SELECT ride_id, created_at, 0, 1 FROM ${pdfExports}
      WHERE created_at >= ${from} AND created_at < ${to} AND ride_id IN ${tripsOf(managerId)}
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

/** A planner of the month's PDF exports listing: the wire's record without its trips, and the email searched. */
export type PdfExportPlannerRow = Omit<PdfExportManager, 'rides'> & { email: string | null };

/** A page of the planners whose trips were exported in the period, most exports first, and the period's totals. */
export async function pdfExportPage(
  db: Database,
  from: Date,
  to: Date,
  page: PageRequest,
): Promise<Page<PdfExportPlannerRow, PdfExportTotals>> {
  const r = await db.execute<{
    totals: PdfExportTotals;
    total_count: number;
    row: PdfExportPlannerRow | null;
  }>(sql`
    WITH exported AS (
      SELECT ride_id, count(*)::int AS exports FROM ${pdfExports}
      WHERE created_at >= ${from} AND created_at < ${to} GROUP BY ride_id
    ),
    per_planner AS (
      SELECT ${plannerOf(sql`r`)} AS manager_id, count(*)::int AS rides, sum(e.exports)::int AS exports
      FROM exported e JOIN ${rides} r ON r.id = e.ride_id GROUP BY 1
    ),
    named AS (
      SELECT u.id AS manager_id, u.user_name AS username, u.email, pp.rides AS total_rides,
        pp.exports AS total_pdf_exports
      FROM per_planner pp JOIN ${users} u ON u.id = pp.manager_id AND u.role = 'manager'
    ),
    totals AS (
      SELECT count(*)::int AS managers, coalesce(sum(total_rides), 0)::int AS rides,
        coalesce(sum(total_pdf_exports), 0)::int AS pdf_exports
      FROM named
    )${pageOf('username', 'email', sql`total_pdf_exports DESC, manager_id`, page)}`);
  return readPage(r.rows);
}

export interface PdfExportTripRow {
  managerId: number;
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

/** The period's PDF exports per trip of the given planners (a page's, or one), with the trip's shares in the period. */
export async function pdfExportsPerTrip(
  db: Database,
  from: Date,
  to: Date,
  managerIds: readonly number[],
): Promise<PdfExportTripRow[]> {
  if (managerIds.length === 0) return [];
  const r = await db.execute<{
    manager_id: number;
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
      FROM ${pdfExports} WHERE created_at >= ${from} AND created_at < ${to} AND ride_id IN ${tripsOf(managerIds)}
      GROUP BY ride_id
    ),
    shared AS (
      SELECT ride_id, count(*)::int AS shares FROM ${rideShares}
      WHERE created_at >= ${from} AND created_at < ${to} AND ride_id IN (SELECT ride_id FROM exported) GROUP BY ride_id
    )
    SELECT ${plannerOf(sql`r`)} AS manager_id, r.id AS ride_id, r.title, r.start_date::text AS start_date,
      r.end_date::text AS end_date, (r.end_date - r.start_date + 1)::int AS days, coalesce(s.shares, 0)::int AS shares,
      e.exports, e.first_export, e.last_export
    FROM exported e JOIN ${rides} r ON r.id = e.ride_id
    LEFT JOIN shared s ON s.ride_id = e.ride_id
    ORDER BY e.last_export DESC, r.id`);
  return r.rows.map((x) => ({
    managerId: Number(x.manager_id),
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
    WHERE created_at >= ${from} AND created_at < ${to} AND ride_id IN ${tripsOf(managerId)}
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
  /** The user's name, for the screen to show rather than the id (issue 30); null when anonymous or gone. */
  user_name: string | null;
  message: string | null;
  created_time: string;
}

/** A planner of the one-time usage listing: the wire's record without its trips (from oneTimeTrips). */
export type OneTimePlannerRow = Omit<OneTimeUsageManager, 'rides'>;

/**
 * The planners whose one-time links were used since `since`: a page of them, the most accesses first unless sorted,
 * and the period's totals. Counted per trip, then per planner, then joined to the planners.
 */
export async function oneTimePage(
  db: Database,
  since: Date,
  page: PageRequest,
): Promise<Page<OneTimePlannerRow, UsageTotals>> {
  const r = await db.execute<{ totals: UsageTotals; total_count: number; row: OneTimePlannerRow | null }>(sql`
    WITH per_ride AS (
      SELECT k.ride_id, count(*)::int AS accesses
      FROM ${rideAccessKeyUses} a JOIN ${rideAccessKeys} k ON k.id = a.key_id AND k.is_one_time
      WHERE a.created_at >= ${since} GROUP BY k.ride_id
    ),
    per_planner AS (
      SELECT ${plannerOf(sql`r`)} AS manager_id, count(*)::int AS rides, sum(p.accesses)::int AS accesses
      FROM per_ride p JOIN ${rides} r ON r.id = p.ride_id GROUP BY 1
    ),
    named AS (
      SELECT u.id AS manager_id, u.user_name AS manager_username, u.email AS manager_email,
        pp.rides AS total_rides, pp.accesses AS total_accesses
      FROM per_planner pp JOIN ${users} u ON u.id = pp.manager_id AND u.role = 'manager'
    ),
    totals AS (
      SELECT count(*)::int AS managers, coalesce(sum(total_rides), 0)::int AS rides,
        coalesce(sum(total_accesses), 0)::int AS accesses
      FROM named
    )${pageOf('manager_username', 'manager_email', sql`total_accesses DESC, manager_id`, page)}`);
  return readPage(r.rows);
}

export interface OneTimeTripRow {
  managerId: number;
  rideId: number;
  title: string;
  startDate: string;
  endDate: string;
  days: number;
  accesses: OneTimeAccessRow[];
}

/** A use as the database packs it: [usage id, user id, message, milliseconds since 1970, user name]. */
type PackedAccess = [number, number | null, string | null, number, string | null];

/**
 * Every use of a one-time link of the given planners' trips (a page's) since `since`: one row per trip, its uses
 * newest first packed as JSON arrays by the database (read by JSON.parse rather than field by field; arrays and epoch
 * milliseconds cost the database about a fifth less than objects and formatted times). Read through the trips' keys
 * (ride_access_keys_ride_idx) and each key's uses (ride_access_key_uses_key_idx), not the period's every use.
 */
export async function oneTimeTrips(
  db: Database,
  since: Date,
  managerIds: readonly number[],
): Promise<OneTimeTripRow[]> {
  if (managerIds.length === 0) return [];
  const r = await db.execute<{
    manager_id: number;
    ride_id: number;
    title: string;
    start_date: string;
    end_date: string;
    days: number;
    accesses: PackedAccess[] | string;
  }>(sql`
    WITH uses AS (
      SELECT k.ride_id, a.id, a.user_id, a.message, a.created_at, u.user_name
      FROM ${rideAccessKeys} k JOIN ${rideAccessKeyUses} a ON a.key_id = k.id AND a.created_at >= ${since}
        LEFT JOIN ${users} u ON u.id = a.user_id
      WHERE k.is_one_time AND k.ride_id IN ${tripsOf(managerIds)}
    ),
    per_ride AS (
      SELECT ride_id, json_agg(json_build_array(id, user_id, message, floor(extract(epoch FROM created_at) * 1000)::bigint, user_name)
        ORDER BY created_at DESC, id DESC) AS accesses
      FROM uses GROUP BY ride_id
    )
    SELECT ${plannerOf(sql`r`)} AS manager_id, r.id AS ride_id, r.title, r.start_date::text AS start_date,
      r.end_date::text AS end_date, (r.end_date - r.start_date + 1)::int AS days, p.accesses
    FROM per_ride p JOIN ${rides} r ON r.id = p.ride_id
    ORDER BY r.id`);
  return r.rows.map((x) => ({
    managerId: Number(x.manager_id),
    rideId: Number(x.ride_id),
    title: x.title,
    startDate: x.start_date,
    endDate: x.end_date,
    days: Number(x.days),
    accesses: (typeof x.accesses === 'string' ? (JSON.parse(x.accesses) as PackedAccess[]) : x.accesses).map(
      ([usageId, userId, message, ms, userName]) => ({
        usage_id: usageId,
        user_id: userId,
        user_name: userName,
        message,
        created_time: new Date(ms).toISOString(),
      }),
    ),
  }));
}
