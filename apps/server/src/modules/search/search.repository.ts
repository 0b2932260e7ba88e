import type { SearchStatus } from '@rides/contract';
import { and, asc, between, desc, eq, exists, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { accommodationBookingLinks, accommodations, attractions, rideAttractions, rides, users } from '../../db/schema/index.js';
import { accommodationFields, attractionFields, bookingLinkFields } from '../../db/selections.js';
import { publicRide } from '../access/ride-access.sql.js';
import { boundingBox, cellRanges, EARTH_RADIUS_KM, type Point } from './search.geo.js';

/**
 * The only code of search that queries the database. Proximity is answered without PostGIS (decision 0013):
 * `inCellsNear` turns the circle into ranges of geo_cell, which the geo_cell B-trees answer; `distanceKm` (haversine
 * in SQL) then keeps what lies within the radius and orders by it.
 * The query builders are exported so a test can EXPLAIN exactly what runs.
 */

/**
 * Trips any visitor may find: what the access policy lets anyone view (publicRide, the policy's SQL twin in
 * access/ride-access.sql.ts, decision 0023) and not closed to a white-label sub-domain. A test checks that every
 * trip found passes decideRideView for an anonymous viewer.
 */
export const searchableRide = (r: { type: AnyPgColumn; rideManagerId: AnyPgColumn; subdomain: AnyPgColumn }) =>
  and(publicRide(r), isNull(r.subdomain)) as SQL;

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
  return or(...cellRanges(boundingBox(center, radiusKm)).map(([from, to]) => between(t.geoCell, from, to))) as SQL;
}

/**
 * Coordinates snapped to 1e-9° (0.1 mm) before any arithmetic: PostgreSQL raises an error ("value out of range:
 * underflow") when a float8 product or quotient underflows to zero, which a subnormal coordinate (or a difference
 * of 1e-300°) would cause deep inside the haversine. Snapped, every non-zero angle is at least 1e-9°, and every
 * product below stays above 1e-60.
 */
const SNAP = 1e9;
const snapJs = (deg: number) => Math.round(deg * SNAP) / SNAP;
const snapSql = (column: AnyPgColumn) => sql`(round(${column} * ${sql.raw(String(SNAP))}::float8) / ${sql.raw(String(SNAP))}::float8)`;

/** Great-circle distance in km from the point (the SQL twin of haversineKm in search.geo.ts). */
export function distanceKm(t: Pick<GeoColumns, 'lat' | 'lng'>, p: Point): SQL<number> {
  const lat = snapSql(t.lat);
  const lng = snapSql(t.lng);
  const pLat = snapJs(p.lat);
  const pLng = snapJs(p.lng);
  return sql<number>`(2 * ${sql.raw(String(EARTH_RADIUS_KM))} * asin(least(1::float8, sqrt(
    power(sin(radians(${lat} - ${pLat}::float8) / 2), 2)
    + cos(radians(${pLat}::float8)) * cos(radians(${lat})) * power(sin(radians(${lng} - ${pLng}::float8) / 2), 2)))))`.mapWith(Number);
}

const rideCardColumns = {
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

const searchAttractionColumns = attractionFields;

export interface RideFilters {
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

const rideFilters = (f: RideFilters): SQL[] => [
  searchableRide(rides),
  ...(f.physicalDisabilities ? [eq(rides.physicalDisabilities, true)] : []),
  ...(f.status !== 'noFilters' ? [eq(rides.category, f.status)] : []),
];

export function createSearchRepository(db: Database) {
  /** Trips with an attraction within the radius, by the distance of their nearest one (then id). */
  const nearbyRidesQuery = (f: RideFilters, near: NearQuery, page: Page) => {
    const nearest = db.$with('nearest').as(
      db
        .select({
          rideId: rideAttractions.rideId,
          distanceKm: sql<number>`min(${distanceKm(attractions, near.center)})`.mapWith(Number).as('distance_km'),
        })
        .from(attractions)
        .innerJoin(rideAttractions, eq(rideAttractions.attractionId, attractions.id))
        .where(inCellsNear(attractions, near.center, near.radiusKm))
        .groupBy(rideAttractions.rideId),
    );
    return db
      .with(nearest)
      .select({ ...rideCardColumns, distanceKm: nearest.distanceKm })
      .from(nearest)
      .innerJoin(rides, eq(rides.id, nearest.rideId))
      .where(and(lte(nearest.distanceKm, near.radiusKm), ...rideFilters(f)))
      .orderBy(asc(nearest.distanceKm), asc(rides.id))
      .limit(page.limit)
      .offset(page.offset);
  };

  /** Every findable trip, newest first (rides_type_created_idx). */
  const ridesQuery = (f: RideFilters, page: Page) =>
    db
      .select({ ...rideCardColumns, distanceKm: sql<number | null>`NULL::float8`.mapWith(Number) })
      .from(rides)
      .where(and(...rideFilters(f)))
      .orderBy(desc(rides.createdAt), desc(rides.id))
      .limit(page.limit)
      .offset(page.offset);

  /** Map points: findable trips grouped by the cells of their attractions (a trip counts once per cell). */
  const searchPointsQuery = (dates: { startDate?: string | undefined; endDate?: string | undefined }) => {
    const trips = sql<number>`count(DISTINCT ${rideAttractions.rideId})::int`.mapWith(Number);
    return db
      .select({
        lat: sql<number>`avg(${attractions.lat})::float8`.mapWith(Number),
        lng: sql<number>`avg(${attractions.lng})::float8`.mapWith(Number),
        count: trips,
      })
      .from(rides)
      .innerJoin(rideAttractions, eq(rideAttractions.rideId, rides.id))
      .innerJoin(attractions, eq(attractions.id, rideAttractions.attractionId))
      .where(
        and(
          searchableRide(rides),
          // Overlap of the trip's days with the asked period.
          dates.startDate ? gte(rides.endDate, dates.startDate) : undefined,
          dates.endDate ? lte(rides.startDate, dates.endDate) : undefined,
        ),
      )
      .groupBy(attractions.geoCell)
      .orderBy(desc(trips), asc(attractions.geoCell));
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
  const attractionsNearQuery = (near: NearQuery, rideId: number | null, viewerId: number | null, limit: number) => {
    const dist = distanceKm(attractions, near.center);
    const ra = alias(rideAttractions, 'ra');
    const r = alias(rides, 'r');
    // No trip (the attraction map search): only what findable trips use, and nothing is "in the trip".
    const sharedOrThisTrip = exists(
      db
        .select({ one: sql`1` })
        .from(ra)
        .innerJoin(r, eq(r.id, ra.rideId))
        .where(and(eq(ra.attractionId, attractions.id), rideId === null ? searchableRide(r) : or(eq(r.id, rideId), searchableRide(r)))),
    );
    const inRide = rideId === null ? sql<boolean>`false`.mapWith(Boolean) : placedIn(rideId);
    return db
      .select({ ...searchAttractionColumns, distanceKm: dist, inRide })
      .from(attractions)
      .where(
        and(
          inCellsNear(attractions, near.center, near.radiusKm),
          lte(dist, near.radiusKm),
          viewerId === null ? sharedOrThisTrip : or(eq(attractions.authorId, viewerId), sharedOrThisTrip),
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
      .where(and(eq(attractions.authorId, authorId), inCellsNear(attractions, near.center, near.radiusKm), lte(dist, near.radiusKm)))
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
      .where(and(inCellsNear(accommodations, near.center, near.radiusKm), lte(dist, near.radiusKm), searchableRide(rides)))
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

  return {
    nearbyRidesQuery,
    ridesQuery,
    searchPointsQuery,
    attractionsNearQuery,
    accommodationsNearQuery,

    async findRides(f: RideFilters, near: NearQuery | null, page: Page) {
      return near ? nearbyRidesQuery(f, near, page) : ridesQuery(f, page);
    },

    /** Up to `perRide` image addresses of each trip's attractions, in day order. */
    async rideImages(rideIds: number[], perRide: number): Promise<Map<number, string[]>> {
      const images = new Map<number, string[]>();
      if (rideIds.length === 0) return images;
      const href = sql<string>`coalesce(nullif(${attractions.imageUrl}, ''), nullif(${attractions.googleImage}, ''))`;
      const ranked = db
        .select({
          rideId: rideAttractions.rideId,
          href: href.as('href'),
          n: sql<number>`row_number() OVER (PARTITION BY ${rideAttractions.rideId}
            ORDER BY ${rideAttractions.plannedDate}, ${rideAttractions.position}, ${rideAttractions.id})`.as('n'),
        })
        .from(rideAttractions)
        .innerJoin(attractions, eq(attractions.id, rideAttractions.attractionId))
        .where(and(inArray(rideAttractions.rideId, rideIds), sql`${href} IS NOT NULL`))
        .as('ranked');
      const rows = await db
        .select({ rideId: ranked.rideId, href: ranked.href })
        .from(ranked)
        .where(lte(ranked.n, perRide))
        .orderBy(asc(ranked.rideId), asc(ranked.n));
      for (const row of rows) {
        const list = images.get(row.rideId) ?? [];
        list.push(row.href);
        images.set(row.rideId, list);
      }
      return images;
    },

    async searchPoints(dates: { startDate?: string | undefined; endDate?: string | undefined }) {
      return searchPointsQuery(dates);
    },

    async attractionsNear(near: NearQuery, rideId: number | null, viewerId: number | null, limit: number) {
      return attractionsNearQuery(near, rideId, viewerId, limit);
    },

    async authorAttractionsNear(near: NearQuery, rideId: number, authorId: number, limit: number) {
      return authorAttractionsNearQuery(near, rideId, authorId, limit);
    },

    async accommodationsNear(near: NearQuery, limit: number) {
      return accommodationsNearQuery(near, limit);
    },

    /** The findable trips among `ids` (the home page's configured lists; an id that is private or gone is left out). */
    async findableRidesByIds(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ ...rideCardColumns, distanceKm: sql<number | null>`NULL::float8`.mapWith(Number) })
        .from(rides)
        .where(and(inArray(rides.id, [...ids]), searchableRide(rides)));
    },

    /** Where each trip is, for a card: the "country, city" of its first stay (by check-in), when it has one. */
    async rideLocations(rideIds: readonly number[]): Promise<Map<number, string>> {
      const found = new Map<number, string>();
      if (rideIds.length === 0) return found;
      const rows = await db
        .selectDistinctOn([accommodations.rideId], { rideId: accommodations.rideId, place: accommodations.countryAndCity })
        .from(accommodations)
        .where(and(inArray(accommodations.rideId, [...rideIds]), sql`nullif(trim(${accommodations.countryAndCity}), '') IS NOT NULL`))
        .orderBy(asc(accommodations.rideId), asc(accommodations.checkInDate), asc(accommodations.id));
      for (const row of rows) if (row.place) found.set(row.rideId, row.place.trim());
      return found;
    },

    /** Who a trip belongs to: its author (and the author's role) and its ride manager; undefined if no such trip. */
    async rideOwners(rideId: number) {
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
export type RideCardRow = Awaited<ReturnType<SearchRepository['findRides']>>[number];
export type SearchAttractionRow = Awaited<ReturnType<SearchRepository['attractionsNear']>>[number];
export type ManagerAttractionRow = Awaited<ReturnType<SearchRepository['attractionsOf']>>[number];
export type SearchAccommodationRow = Awaited<ReturnType<SearchRepository['accommodationsNear']>>[number];
