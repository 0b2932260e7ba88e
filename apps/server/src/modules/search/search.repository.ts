import type { SearchStatus } from '@rides/contract';
import {
  and,
  asc,
  between,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import {
  accommodationBookingLinks,
  accommodations,
  attractions,
  attractionUniquenessGroups,
  attractionUniquenessMembers,
  rideAttractions,
  rideCells,
  rides,
  users,
} from '../../db/schema/index.js';
import { accommodationFields, attractionFields, bookingLinkFields } from '../../db/selections.js';
import { publicTrip } from '../access/trip-access.sql.js';
import {
  boundingBox,
  cellRanges,
  EARTH_RADIUS_KM,
  planarLowerBound,
  type BoundingBox,
  type Point,
} from './search.geo.js';

/**
 * The only code of search that queries the database. Proximity is answered without PostGIS (decision 0013):
 * `inCellsNear` turns the circle into ranges of geo_cell, which the geo_cell B-trees answer; `distanceKm` (haversine
 * in SQL) then keeps what lies within the radius and orders by it.
 * The query builders are exported so a test can EXPLAIN exactly what runs.
 */

/**
 * Trips any visitor may find: what the access policy lets anyone view (publicTrip, the policy's SQL twin in
 * access/trip-access.sql.ts, decision 0023), not closed to a white-label sub-domain, and not a copy its author never
 * changed: that copy repeats its original, which search lists once (a copy stands on its own from its first change,
 * rides.content_changed_at, set by the edit transaction). A test checks that every trip found passes decideTripView
 * for an anonymous viewer.
 */
export const searchableTrip = (r: {
  type: AnyPgColumn;
  rideManagerId: AnyPgColumn;
  subdomain: AnyPgColumn;
  basedRideId: AnyPgColumn;
  contentChangedAt: AnyPgColumn;
}) =>
  and(publicTrip(r), isNull(r.subdomain), or(isNull(r.basedRideId), isNotNull(r.contentChangedAt))) as SQL;

interface GeoColumns {
  geoCell: AnyPgColumn;
  lat: AnyPgColumn;
  lng: AnyPgColumn;
}

/**
 * Rows in the cells that cover the circle: an index range scan per latitude row, nothing else read. Deliberately
 * no `lat BETWEEN` box test beside it: the planner would then prefer the plain (lat, lng) index, which scans the
 * whole latitude band around the globe; the exact distance that follows is the only other test needed.
 */
export function inCellsNear(t: GeoColumns, center: Point, radiusKm: number): SQL {
  return or(
    ...cellRanges(boundingBox(center, radiusKm)).map(([from, to]) => between(t.geoCell, from, to)),
  ) as SQL;
}

/**
 * Coordinates snapped to 1e-9° (0.1 mm) before any arithmetic: PostgreSQL raises an error ("value out of range:
 * underflow") when a float8 product or quotient underflows to zero, which a subnormal coordinate (or a difference
 * of 1e-300°) would cause deep inside the haversine. Snapped, every non-zero angle is at least 1e-9°, and every
 * product below stays above 1e-60.
 */
const SNAP = 1e9;
const snapJs = (deg: number) => Math.round(deg * SNAP) / SNAP;
const snapSql = (column: AnyPgColumn | SQL) =>
  sql`(round(${column} * ${sql.raw(String(SNAP))}::float8) / ${sql.raw(String(SNAP))}::float8)`;

/** Great-circle distance in km from the point (the SQL twin of haversineKm in search.geo.ts). */
export function distanceKm(t: { lat: AnyPgColumn | SQL; lng: AnyPgColumn | SQL }, p: Point): SQL<number> {
  const lat = snapSql(t.lat);
  const lng = snapSql(t.lng);
  const pLat = snapJs(p.lat);
  const pLng = snapJs(p.lng);
  return sql<number>`(2 * ${sql.raw(String(EARTH_RADIUS_KM))} * asin(least(1::float8, sqrt(
    power(sin(radians(${lat} - ${pLat}::float8) / 2), 2)
    + cos(radians(${pLat}::float8)) * cos(radians(${lat})) * power(sin(radians(${lng} - ${pLng}::float8) / 2), 2)))))`.mapWith(
    Number,
  );
}

/**
 * Nearest first (decision 0013): `geo_point <@ box` keeps the GiST index scan inside the circle's bounding box and
 * `ORDER BY geo_point <-> point` walks it nearest first, so a query reads only the rows it needs and stops at its
 * LIMIT, however dense the place. The order is the planar one (degrees); `nearestFirst` turns it into the exact one.
 */
const pointOf = (p: Point) => sql`point(${snapJs(p.lng)}::float8, ${snapJs(p.lat)}::float8)`; // snapped like geo_point
const boxOf = (b: BoundingBox) => {
  const [[west, east]] = b.lngSpans as [[number, number]];
  return sql`box(point(${west}::float8, ${b.latMin}::float8), point(${east}::float8, ${b.latMax}::float8))`;
};
const planarFrom = (column: AnyPgColumn, p: Point) =>
  sql<number>`(${column} <-> ${pointOf(p)})`.mapWith(Number);
const inBox = (column: AnyPgColumn, b: BoundingBox) => sql`${column} <@ ${boxOf(b)}`;

/** One read of the nearest `k` candidates: results sorted exactly, within the radius; how many were read and how far. */
interface Batch<T> {
  rows: T[];
  read: number;
  /** Planar distance (degrees) of the farthest row read: every row not read is at least this far. */
  reachDeg: number;
}

const EXACT_MARGIN_KM = 1e-6; // the SQL haversine snaps coordinates to 1e-9° (~0.1 mm)

/**
 * Reads nearest candidates, k at a time (k grows ×4), until the first `need` results are certain: every row not
 * read lies at least lowerBound(reach) away (search.geo.ts planarLowerBound), so results nearer than that are final;
 * or the box is exhausted; or everything within the radius was read.
 */
async function nearestFirst<T extends { distanceKm: number }>(
  lowerBound: (reachDeg: number) => number,
  radiusKm: number,
  need: number,
  read: (k: number) => Promise<Batch<T>>,
): Promise<T[]> {
  for (let k = Math.max(32, need * 4); ; k *= 4) {
    const batch = await read(k);
    const bound = lowerBound(batch.reachDeg) - EXACT_MARGIN_KM;
    const last = batch.rows[need - 1];
    if (batch.read < k || bound > radiusKm || (last !== undefined && last.distanceKm < bound))
      return batch.rows.slice(0, need);
  }
}

const byDistanceThenId = (a: { distanceKm: number; id: number }, b: { distanceKm: number; id: number }) =>
  a.distanceKm - b.distanceKm || a.id - b.id;

/** Same hotel: copies of a trip carry the same stay (name, place to 1e-4°, ~10 m). */
const sameHotelKey = [
  sql`lower(${accommodations.name})`,
  sql`round(${accommodations.lat}::numeric, 4)`,
  sql`round(${accommodations.lng}::numeric, 4)`,
];
/** Two rows of one hotel are less than this apart in planar degrees (each coordinate rounds to the same 1e-4°). */
const SAME_HOTEL_SPREAD_DEG = 2e-4;

const tripCardColumns = {
  id: rides.id,
  authorId: rides.authorId,
  title: rides.title,
  text: rides.text,
  startDate: rides.startDate,
  endDate: rides.endDate,
  language: rides.language,
  topPageImageUrl: rides.topPageImageUrl,
  physicalDisabilities: rides.physicalDisabilities,
  category: rides.category,
  isDemo: rides.isDemo,
  rideManagerId: rides.rideManagerId,
};

/** An attraction's image address for a trip card: its own, else the maps service's; null when it has none. */
const imageHref = (a: { imageUrl: AnyPgColumn | SQL; googleImage: AnyPgColumn | SQL }) =>
  sql`coalesce(nullif(${a.imageUrl}, ''), nullif(${a.googleImage}, ''))`;

/**
 * A trip card's carousel: the first `perRide` image addresses of the trip's attractions in day order, read in the
 * trip's day order (ride_attractions_ride_day_idx) and stopped there, as a column of a query of `rides`.
 */
const cardImages = (perTrip: number) => {
  if (perTrip <= 0) return sql<string[]>`ARRAY[]::text[]`;
  const href = imageHref({ imageUrl: sql`a.image_url`, googleImage: sql`a.google_image` });
  return sql<
    string[]
  >`ARRAY(SELECT ${href} FROM ${rideAttractions} ra JOIN ${attractions} a ON a.id = ra.attraction_id
    WHERE ra.ride_id = ${rides}.id AND ${href} IS NOT NULL
    ORDER BY ra.planned_date, ra.position, ra.id LIMIT ${sql.raw(String(Math.trunc(perTrip)))})`;
};

const searchAttractionColumns = attractionFields;

export interface TripFilters {
  status: SearchStatus;
  physicalDisabilities: boolean;
}

export interface NearQuery {
  center: Point;
  radiusKm: number;
}

export interface Page {
  limit: number;
  offset: number;
}

const tripFilters = (f: TripFilters): SQL[] => [
  searchableTrip(rides),
  ...(f.physicalDisabilities ? [eq(rides.physicalDisabilities, true)] : []),
  ...(f.status !== 'noFilters' ? [eq(rides.category, f.status)] : []),
];

/**
 * Bounds the search running in this transaction (search.service.ts `searching`): its statements are cancelled past
 * `timeoutMs`, and unless `parallel` it plans no parallel workers. One statement, on both drivers.
 */
export async function boundSearch(
  tx: Database,
  opts: { timeoutMs: number; parallel: boolean },
): Promise<void> {
  const timeout = sql`set_config('statement_timeout', ${String(Math.trunc(opts.timeoutMs))}, true)`;
  await tx.execute(
    opts.parallel
      ? sql`SELECT ${timeout}`
      : sql`SELECT ${timeout}, set_config('max_parallel_workers_per_gather', '0', true)`,
  );
}

/** The columns of an attraction (the table or an alias) that a "may this viewer find it" rule reads. */
type AttractionRef = { id: AnyPgColumn; authorId: AnyPgColumn; lat: AnyPgColumn; lng: AnyPgColumn };

export function createSearchRepository(db: Database) {
  /**
   * One result per uniqueness group (decision 0040): a record is left out when its group's main record is another
   * one that this same search shows (the same `visible` rule, within the radius), so the group appears once, as its
   * main record. When the main is not shown to this viewer (not findable, out of the circle) the records are shown as
   * they are: a group never hides a place the search would otherwise find.
   */
  const shownForItsGroup = (visible: (a: AttractionRef) => SQL, near: NearQuery): SQL => {
    const m = alias(attractionUniquenessMembers, 'uq_m');
    const g = alias(attractionUniquenessGroups, 'uq_g');
    const main = alias(attractions, 'uq_main');
    return notExists(
      db
        .select({ one: sql`1` })
        .from(m)
        .innerJoin(g, eq(g.id, m.groupId))
        .innerJoin(main, eq(main.id, g.chosenAttractionId))
        .where(
          and(
            eq(m.attractionId, attractions.id),
            ne(main.id, attractions.id),
            lte(distanceKm(main, near.center), near.radiusKm),
            visible(main),
          ),
        ),
    );
  };
  /** What a search around a point keeps: what `visible` lets the viewer find, one record per uniqueness group. */
  const findable = (visible: (a: AttractionRef) => SQL, near: NearQuery): SQL =>
    and(visible(attractions), shownForItsGroup(visible, near)) as SQL;
  const byAuthor = (authorId: number) => (a: AttractionRef) => eq(a.authorId, authorId);

  /** Trips with an attraction within the radius, by the distance of their nearest one (then id). */
  const nearbyTripsQuery = (f: TripFilters, near: NearQuery, page: Page) => {
    const nearest = db.$with('nearest').as(
      db
        .select({
          rideId: rideAttractions.rideId,
          distanceKm: sql<number>`min(${distanceKm(attractions, near.center)})`
            .mapWith(Number)
            .as('distance_km'),
        })
        .from(attractions)
        .innerJoin(rideAttractions, eq(rideAttractions.attractionId, attractions.id))
        .where(inCellsNear(attractions, near.center, near.radiusKm))
        .groupBy(rideAttractions.rideId),
    );
    return db
      .with(nearest)
      .select({ ...tripCardColumns, distanceKm: nearest.distanceKm })
      .from(nearest)
      .innerJoin(rides, eq(rides.id, nearest.rideId))
      .where(and(lte(nearest.distanceKm, near.radiusKm), ...tripFilters(f)))
      .orderBy(asc(nearest.distanceKm), asc(rides.id))
      .limit(page.limit)
      .offset(page.offset);
  };

  /** Every findable trip, newest first (rides_type_created_idx). */
  const tripsQuery = (f: TripFilters, page: Page) =>
    db
      .select({ ...tripCardColumns, distanceKm: sql<number | null>`NULL::float8`.mapWith(Number) })
      .from(rides)
      .where(and(...tripFilters(f)))
      .orderBy(desc(rides.createdAt), desc(rides.id))
      .limit(page.limit)
      .offset(page.offset);

  /**
   * Map points: findable trips grouped by the cells of their attractions (a trip counts once per cell), placed at the
   * mean of their placements. Summed from the maintained summary (ride_cells: a row per trip and cell) rather than
   * from every placement of every trip: the same answer (a test compares it with the placements' query).
   */
  const searchPointsQuery = (dates: { startDate?: string | undefined; endDate?: string | undefined }) => {
    const trips = sql<number>`count(*)::int`.mapWith(Number);
    return db
      .select({
        lat: sql<number>`(sum(${rideCells.latSum}) / sum(${rideCells.placements}))::float8`.mapWith(Number),
        lng: sql<number>`(sum(${rideCells.lngSum}) / sum(${rideCells.placements}))::float8`.mapWith(Number),
        count: trips,
      })
      .from(rideCells)
      .innerJoin(rides, eq(rides.id, rideCells.rideId))
      .where(
        and(
          searchableTrip(rides),
          // Overlap of the trip's days with the asked period.
          dates.startDate ? gte(rides.endDate, dates.startDate) : undefined,
          dates.endDate ? lte(rides.startDate, dates.endDate) : undefined,
        ),
      )
      .groupBy(rideCells.geoCell)
      .orderBy(desc(trips), asc(rideCells.geoCell));
  };

  /** Whether an attraction is placed in the given trip (the result's inRide). */
  const placedIn = (rideId: number) => {
    const ra = alias(rideAttractions, 'in_ride');
    return sql<boolean>`${exists(
      db
        .select({ one: sql`1` })
        .from(ra)
        .where(and(eq(ra.rideId, rideId), eq(ra.attractionId, attractions.id))),
    )}`.mapWith(Boolean);
  };

  /**
   * Our attractions near the point that this viewer may see: those placed in a findable trip or in the trip of
   * the path (which the viewer may view: the service checked), and the viewer's own. An attraction only private
   * trips use is their planner's content and stays out.
   */
  const attractionsNearQuery = (
    near: NearQuery,
    rideId: number | null,
    viewerId: number | null,
    limit: number,
  ) => {
    const dist = distanceKm(attractions, near.center);
    const inRide = rideId === null ? sql<boolean>`false`.mapWith(Boolean) : placedIn(rideId);
    return db
      .select({ ...searchAttractionColumns, distanceKm: dist, inRide })
      .from(attractions)
      .where(
        and(
          inCellsNear(attractions, near.center, near.radiusKm),
          lte(dist, near.radiusKm),
          findable(visibleAttraction(rideId, viewerId), near),
        ),
      )
      .orderBy(asc(dist), asc(attractions.id))
      .limit(limit);
  };

  /** One author's attractions near the point (the ride manager's catalogue). */
  const authorAttractionsNearQuery = (near: NearQuery, rideId: number, authorId: number, limit: number) => {
    const dist = distanceKm(attractions, near.center);
    return db
      .select({ ...searchAttractionColumns, distanceKm: dist, inRide: placedIn(rideId) })
      .from(attractions)
      .where(
        and(
          findable(byAuthor(authorId), near),
          inCellsNear(attractions, near.center, near.radiusKm),
          lte(dist, near.radiusKm),
        ),
      )
      .orderBy(asc(dist), asc(attractions.id))
      .limit(limit);
  };

  /**
   * Hotels of findable trips near the point, one per hotel: copies of a trip carry the same hotel, so rows with the
   * same name and place (to ~10 m) are one; the earliest row (the original trip, usually) stands for them.
   */
  const accommodationsNearQuery = (near: NearQuery, limit: number) => {
    const dist = distanceKm(accommodations, near.center);
    const sameHotel = [
      sql`lower(${accommodations.name})`,
      sql`round(${accommodations.lat}::numeric, 4)`,
      sql`round(${accommodations.lng}::numeric, 4)`,
    ];
    const hotels = db
      .selectDistinctOn(sameHotel, {
        ...accommodationFields,
        rideId: accommodations.rideId,
        distanceKm: sql<number>`${dist}`.mapWith(Number).as('distance_km'),
      })
      .from(accommodations)
      .innerJoin(rides, eq(rides.id, accommodations.rideId))
      .where(
        and(
          inCellsNear(accommodations, near.center, near.radiusKm),
          lte(dist, near.radiusKm),
          searchableTrip(rides),
        ),
      )
      .orderBy(...sameHotel, asc(accommodations.id))
      .as('hotels');
    return db
      .select({
        id: hotels.id,
        rideId: hotels.rideId,
        name: hotels.name,
        countryAndCity: hotels.countryAndCity,
        address: hotels.address,
        link: hotels.link,
        text: hotels.text,
        imageUrl: hotels.imageUrl,
        rate: hotels.rate,
        lat: hotels.lat,
        lng: hotels.lng,
        distanceKm: hotels.distanceKm,
        booking: bookingLinkFields,
      })
      .from(hotels)
      .leftJoin(accommodationBookingLinks, eq(accommodationBookingLinks.rideId, hotels.rideId))
      .orderBy(asc(hotels.distanceKm), asc(hotels.id))
      .limit(limit);
  };

  /**
   * Nearest first (decision 0013), the same answers as the cell queries above, reading only what the page needs.
   * Null when the circle's box crosses ±180° or reaches a pole: the callers then use the cell queries.
   */
  const nearestPlan = (near: NearQuery) => {
    const box = boundingBox(near.center, near.radiusKm);
    const lowerBound = planarLowerBound(near.center, box);
    return lowerBound ? { box, lowerBound } : null;
  };
  const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];
  type Stats = { read: number; reach: number | null };
  const batchOf = <T>(stats: Stats | undefined, rows: T[]): Batch<T> => ({
    rows,
    read: stats?.read ?? 0,
    reachDeg: stats?.reach ?? 0,
  });

  /** The trips of the page: the nearest attractions, their trips (filters applied), each by its nearest one. */
  async function nearestTripIds(
    f: TripFilters,
    near: NearQuery,
    need: number,
    plan: NonNullable<ReturnType<typeof nearestPlan>>,
  ) {
    const p = near.center;
    const dist = distanceKm({ lat: sql`c.lat`, lng: sql`c.lng` }, p);
    return nearestFirst(plan.lowerBound, near.radiusKm, need, async (k) => {
      const rows = rowsOf<Stats & { rideId: number | null; distanceKm: number | null }>(
        await db.execute(sql`
          WITH cand AS (
            SELECT ${attractions.id} AS id, ${attractions.lat} AS lat, ${attractions.lng} AS lng,
                   ${planarFrom(attractions.geoPoint, p)} AS planar
            FROM ${attractions} WHERE ${inBox(attractions.geoPoint, plan.box)}
            ORDER BY ${planarFrom(attractions.geoPoint, p)} LIMIT ${k}),
          stats AS (SELECT count(*)::int AS read, max(planar)::float8 AS reach FROM cand),
          hits AS (
            SELECT ${rideAttractions.rideId} AS ride_id, min(${dist})::float8 AS distance_km
            FROM cand c JOIN ${rideAttractions} ON ${rideAttractions.attractionId} = c.id
            JOIN ${rides} ON ${rides.id} = ${rideAttractions.rideId}
            WHERE ${and(...tripFilters(f))}
            GROUP BY ${rideAttractions.rideId})
          SELECT s.read, s.reach, h.ride_id AS "rideId", h.distance_km AS "distanceKm"
          FROM stats s LEFT JOIN LATERAL (
            SELECT * FROM hits WHERE distance_km <= ${near.radiusKm}::float8 ORDER BY distance_km, ride_id LIMIT ${need}) h ON true`),
      );
      const found = rows.flatMap((r) =>
        r.rideId === null ? [] : [{ id: r.rideId, distanceKm: Number(r.distanceKm) }],
      );
      return batchOf(rows[0], found);
    });
  }

  /** The trips of the page nearest first, each card with its carousel (one query for the cards and their images). */
  async function nearestTrips(f: TripFilters, near: NearQuery, page: Page, perTrip: number) {
    const plan = nearestPlan(near);
    if (!plan) return withImages(await nearbyTripsQuery(f, near, page), perTrip);
    const hits = (await nearestTripIds(f, near, page.offset + page.limit, plan)).slice(page.offset);
    if (hits.length === 0) return [];
    const cards = await db
      .select({ ...tripCardColumns, images: cardImages(perTrip) })
      .from(rides)
      .where(
        inArray(
          rides.id,
          hits.map((h) => h.id),
        ),
      );
    const byId = new Map(cards.map((c) => [c.id, c]));
    return hits.flatMap((h) => {
      const card = byId.get(h.id);
      return card ? [{ ...card, distanceKm: h.distanceKm }] : [];
    });
  }

  /**
   * Up to `perRide` image addresses of each trip's attractions, in day order: per trip, its placements in day order
   * until `perRide` have an image (cardImages), so a page of 50 cards reads a few hundred rows, not every placement
   * of its trips (the window over all of them, tripImagesQuery, kept as the tests' oracle, took 20 ms at 100,000 trips
   * and planned a parallel sort).
   */
  async function rideImages(tripIds: readonly number[], perTrip: number): Promise<Map<number, string[]>> {
    const images = new Map<number, string[]>();
    if (tripIds.length === 0 || perTrip <= 0) return images;
    const rows = await db
      .select({ id: rides.id, images: cardImages(perTrip) })
      .from(rides)
      .where(inArray(rides.id, [...new Set(tripIds)]));
    for (const row of rows) if (row.images.length > 0) images.set(row.id, row.images);
    return images;
  }

  const withImages = async <T extends { id: number }>(rows: T[], perTrip: number) => {
    const images = await rideImages(
      rows.map((r) => r.id),
      perTrip,
    );
    return rows.map((r) => ({ ...r, images: images.get(r.id) ?? [] }));
  };

  /** The images as they were read before cardImages: a window over every placement of the trips (the tests' oracle). */
  const tripImagesQuery = (tripIds: number[], perTrip: number) => {
    const href = imageHref(attractions);
    const ranked = db
      .select({
        rideId: rideAttractions.rideId,
        href: sql<string>`${href}`.as('href'),
        n: sql<number>`row_number() OVER (PARTITION BY ${rideAttractions.rideId}
          ORDER BY ${rideAttractions.plannedDate}, ${rideAttractions.position}, ${rideAttractions.id})`.as(
          'n',
        ),
      })
      .from(rideAttractions)
      .innerJoin(attractions, eq(attractions.id, rideAttractions.attractionId))
      .where(and(inArray(rideAttractions.rideId, tripIds), sql`${href} IS NOT NULL`))
      .as('ranked');
    return db
      .select({ rideId: ranked.rideId, href: ranked.href })
      .from(ranked)
      .where(lte(ranked.n, perTrip))
      .orderBy(asc(ranked.rideId), asc(ranked.n));
  };

  /** Attractions nearest first among those `visible` keeps (their own WHERE), exact order (distance, id). */
  async function nearestAttractions(near: NearQuery, visible: SQL, rideId: number | null, limit: number) {
    const plan = nearestPlan(near);
    if (!plan) return null;
    const p = near.center;
    const dist = distanceKm(attractions, p);
    const inRide = rideId === null ? sql<boolean>`false`.mapWith(Boolean) : placedIn(rideId);
    return nearestFirst(plan.lowerBound, near.radiusKm, limit, async (k) => {
      const cand = db
        .select({
          ...searchAttractionColumns,
          distanceKm: dist,
          inRide,
          planar: planarFrom(attractions.geoPoint, p),
        })
        .from(attractions)
        .where(and(inBox(attractions.geoPoint, plan.box), visible))
        .orderBy(planarFrom(attractions.geoPoint, p))
        .limit(k);
      const rows = await cand;
      const reach = rows.reduce((m, r) => Math.max(m, r.planar), 0);
      const found = rows
        .filter((r) => r.distanceKm <= near.radiusKm)
        .sort(byDistanceThenId)
        .map(({ planar: _planar, ...row }) => row);
      return { rows: found, read: rows.length, reachDeg: reach };
    });
  }

  /**
   * Hotels nearest first, one per hotel as the cell query makes them: the group's earliest row (within the radius,
   * of a findable trip) stands for it. A group is final only when all its rows were read: its rows lie within
   * SAME_HOTEL_SPREAD_DEG of each other, so the bound is taken that much nearer.
   */
  async function nearestHotels(near: NearQuery, limit: number) {
    const plan = nearestPlan(near);
    if (!plan) return null;
    const p = near.center;
    const r = alias(rides, 'r');
    const chosen = await nearestFirst(plan.lowerBound, near.radiusKm, limit, async (k) => {
      const rows = await db
        .select({
          id: accommodations.id,
          key: sql<string>`${sameHotelKey[0]} || '|' || ${sameHotelKey[1]}::text || '|' || ${sameHotelKey[2]}::text`,
          distanceKm: distanceKm(accommodations, p),
          planar: planarFrom(accommodations.geoPoint, p),
        })
        .from(accommodations)
        .where(
          and(
            inBox(accommodations.geoPoint, plan.box),
            exists(
              db
                .select({ one: sql`1` })
                .from(r)
                .where(and(eq(r.id, accommodations.rideId), searchableTrip(r))),
            ),
          ),
        )
        .orderBy(planarFrom(accommodations.geoPoint, p))
        .limit(k);
      const reach = rows.reduce((m, row) => Math.max(m, row.planar), 0);
      const groups = new Map<string, { id: number; distanceKm: number }>();
      for (const row of rows) {
        if (row.distanceKm > near.radiusKm) continue;
        const held = groups.get(row.key);
        if (!held || row.id < held.id) groups.set(row.key, { id: row.id, distanceKm: row.distanceKm });
      }
      return {
        rows: [...groups.values()].sort(byDistanceThenId),
        read: rows.length,
        reachDeg: Math.max(0, reach - SAME_HOTEL_SPREAD_DEG),
      };
    });
    if (chosen.length === 0) return [];
    const rows = await db
      .select({ ...accommodationFields, rideId: accommodations.rideId, booking: bookingLinkFields })
      .from(accommodations)
      .leftJoin(accommodationBookingLinks, eq(accommodationBookingLinks.rideId, accommodations.rideId))
      .where(
        inArray(
          accommodations.id,
          chosen.map((c) => c.id),
        ),
      );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return chosen.flatMap((c) => {
      const row = byId.get(c.id);
      return row ? [{ ...row, distanceKm: c.distanceKm }] : [];
    });
  }

  /**
   * Which attractions a viewer may find near a point: those placed in a findable trip or in the trip of the path (no
   * trip, the attraction map search: only what findable trips use), and the viewer's own.
   */
  const visibleAttraction =
    (rideId: number | null, viewerId: number | null) =>
    (a: AttractionRef): SQL => {
      const ra = alias(rideAttractions, 'ra');
      const r = alias(rides, 'r');
      const sharedOrThisTrip = exists(
        db
          .select({ one: sql`1` })
          .from(ra)
          .innerJoin(r, eq(r.id, ra.rideId))
          .where(
            and(
              eq(ra.attractionId, a.id),
              rideId === null ? searchableTrip(r) : or(eq(r.id, rideId), searchableTrip(r)),
            ),
          ),
      );
      return (viewerId === null ? sharedOrThisTrip : or(eq(a.authorId, viewerId), sharedOrThisTrip)) as SQL;
    };

  return {
    // The cell queries: the fallback of nearest first (a box across ±180° or reaching a pole) and the tests' oracle.
    nearbyRidesQuery: nearbyTripsQuery,
    ridesQuery: tripsQuery,
    searchPointsQuery,
    attractionsNearQuery,
    authorAttractionsNearQuery,
    accommodationsNearQuery,
    rideImagesQuery: tripImagesQuery,

    /** Findable trips (nearest first around a point, else newest first), each card with up to `perRide` images. */
    async findTrips(f: TripFilters, near: NearQuery | null, page: Page, perTrip: number) {
      return near ? nearestTrips(f, near, page, perTrip) : withImages(await tripsQuery(f, page), perTrip);
    },

    /** Up to `perRide` image addresses of each trip's attractions, in day order. */
    rideImages,

    async searchPoints(dates: { startDate?: string | undefined; endDate?: string | undefined }) {
      return searchPointsQuery(dates);
    },

    async attractionsNear(near: NearQuery, rideId: number | null, viewerId: number | null, limit: number) {
      return (
        (await nearestAttractions(
          near,
          findable(visibleAttraction(rideId, viewerId), near),
          rideId,
          limit,
        )) ?? (await attractionsNearQuery(near, rideId, viewerId, limit))
      );
    },

    async authorAttractionsNear(near: NearQuery, rideId: number, authorId: number, limit: number) {
      return (
        (await nearestAttractions(near, findable(byAuthor(authorId), near), rideId, limit)) ??
        (await authorAttractionsNearQuery(near, rideId, authorId, limit))
      );
    },

    async accommodationsNear(near: NearQuery, limit: number) {
      return (await nearestHotels(near, limit)) ?? (await accommodationsNearQuery(near, limit));
    },

    /** The findable trips among `ids` (the home page's configured lists; an id that is private or gone is left out). */
    async findableTripsByIds(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ ...tripCardColumns, distanceKm: sql<number | null>`NULL::float8`.mapWith(Number) })
        .from(rides)
        .where(and(inArray(rides.id, [...ids]), searchableTrip(rides)));
    },

    /** Where each trip is, for a card: the "country, city" of its first stay (by check-in), when it has one. */
    async tripLocations(tripIds: readonly number[]): Promise<Map<number, string>> {
      const found = new Map<number, string>();
      if (tripIds.length === 0) return found;
      const rows = await db
        .selectDistinctOn([accommodations.rideId], {
          rideId: accommodations.rideId,
          place: accommodations.countryAndCity,
        })
        .from(accommodations)
        .where(
          and(
            inArray(accommodations.rideId, [...tripIds]),
            sql`nullif(trim(${accommodations.countryAndCity}), '') IS NOT NULL`,
          ),
        )
        .orderBy(asc(accommodations.rideId), asc(accommodations.checkInDate), asc(accommodations.id));
      for (const row of rows) if (row.place) found.set(row.rideId, row.place.trim());
      return found;
    },

    /** Who a trip belongs to: its author (and the author's role) and its ride manager; undefined if no such trip. */
    async tripOwners(rideId: number) {
      const [row] = await db
        .select({ authorId: rides.authorId, authorRole: users.role, rideManagerId: rides.rideManagerId })
        .from(rides)
        .innerJoin(users, eq(users.id, rides.authorId))
        .where(eq(rides.id, rideId))
        .limit(1);
      return row;
    },

    /** Every attraction a user authored, newest first (the manager's table). */
    async attractionsOf(authorId: number) {
      return db
        .select(searchAttractionColumns)
        .from(attractions)
        .where(eq(attractions.authorId, authorId))
        .orderBy(desc(attractions.id));
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
/** A trip card's row (findTrips' rows add their carousel, `images`). */
export type TripCardRow = Awaited<ReturnType<SearchRepository['findableTripsByIds']>>[number];
export type SearchAttractionRow = Awaited<ReturnType<SearchRepository['attractionsNear']>>[number];
export type ManagerAttractionRow = Awaited<ReturnType<SearchRepository['attractionsOf']>>[number];
export type SearchAccommodationRow = Awaited<ReturnType<SearchRepository['accommodationsNear']>>[number];
