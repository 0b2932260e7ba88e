import {
  HOME_LATEST_TRIPS,
  SEARCH_PLACES_LIMIT,
  SEARCH_TRIP_IMAGES,
  type AccommodationsByLocationResponse,
  type HomeRidesResponse,
  type AttractionsByLocationResponse,
  type GlobalTripsFilters,
  type GlobalRidesResponse,
  type ManagerAttractionsResponse,
  type SearchPointsFilters,
  type SearchPointsResponse,
} from '@rides/contract';
import type { Database } from '../../db/client.js';
import { databaseErrorOf } from '../../db/errors.js';
import { AppError } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import { visibleAttractionIds } from '../access/attraction-visibility.repository.js';
import { createSamePlaceCheck } from '../attraction-uniqueness/same-place.js';
import type { TripsService } from '../trips/trips.service.js';
import { AnswerCache, type CellRanges, type ReadyAnswer } from './search.cache.js';
import { boundingBox, cellRanges } from './search.geo.js';
import { createLimiter } from '../../lib/limiter.js';
import {
  presentManagerAttraction,
  presentTripCard,
  presentSearchAccommodation,
  presentSearchAttraction,
} from './search.presenter.js';
import {
  boundSearch,
  createSearchRepository,
  type TripCardRow,
  type SearchAttractionRow,
  type SearchRepository,
} from './search.repository.js';

/**
 * The search calls (001 §7; decision 0013). Public answers (global_rides_api, get_all_sertch_point,
 * serch_accommodations_by_location_api) list only trips anyone may see, so they are the same for every viewer and
 * are kept ready in AnswerCache; `invalidate()` empties them. Attraction searches depend on the trip and the
 * viewer: access is decided by the trip view's policy (rides service), then one indexed query answers.
 */

export interface SearchServiceOptions {
  db: Database;
  /** The trip view: its access policy decides who may search for a trip (and it caches the trip). */
  rides: Pick<TripsService, 'getTripView'>;
  /** Answers kept per call (default 200: a full page of 50 trip cards is ~35 KB, so at most ~10 MB with its gzip). */
  cacheSize?: number;
  /** How long a cached answer may be served without an invalidation (default 60 s). */
  cacheTtlMs?: number;
  /** The clock, ms (tests move it). */
  now?: () => number;
  /** Search loads running at once in this process (default 6 of the pool's 10 connections); the rest queue. */
  maxConcurrentSearches?: number;
  /** A search's statement_timeout, ms (default 5,000): past it the search answers request_timeout. */
  searchTimeoutMs?: number;
  /** The home page's configured lists and contact number (config.home; decision 0004). Default: none. */
  home?: {
    featuredRideIds: readonly number[];
    recommendedRideIds: readonly number[];
    whatsappNumber: string | null;
  };
}

export interface LocationSearch {
  lat: number;
  lng: number;
  radius_km: number;
}

/**
 * Cache keys of searches around a point use the point rounded to 0.01° (≤ 1.1 km; the answer is computed for the
 * rounded point, so it is exactly the answer of its key): nearby requests share one answer. -0 and 0 are one key.
 */
const KEY_DEGREES = 100;
const coord = (v: number) => Math.round(v * KEY_DEGREES) / KEY_DEGREES + 0;
const coordOrNone = (v: number | undefined) => (v === undefined ? undefined : coord(v));

/** The geo_cells an answer around a point reads (the cells of the circle's box): an edit elsewhere keeps it. */
const cellsAround = (lat: number, lng: number, radiusKm: number): CellRanges =>
  cellRanges(boundingBox({ lat, lng }, radiusKm));

/** PostgreSQL's SQLSTATE of a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

export function createSearchService(opts: SearchServiceOptions) {
  const repo = createSearchRepository(opts.db);
  const samePlace = createSamePlaceCheck(opts.db);
  /**
   * A search for a trip lists each real place once and says "on the trip" when the trip holds it in any record (the
   * Hebrew record on the trip, the English one found): the one same-place rule (issue 30 point 6, decision 0040).
   */
  const againstTrip = async (rideId: number, rows: SearchAttractionRow[]) =>
    (
      await samePlace.oncePerPlaceOnTrip(
        rideId,
        rows,
        (r) => ({ attractionId: r.id, placeId: r.placeId, name: r.title, lat: r.lat, lng: r.lng }),
        (r) => r.inRide,
      )
    ).map(({ item, inTrip }) => ({ ...item, inRide: inTrip }));
  const onlyVisible = async <T extends { id: number }>(rows: T[], viewerId: number): Promise<T[]> => {
    const visible = await visibleAttractionIds(
      opts.db,
      rows.map((r) => r.id),
      viewerId,
    );
    return rows.filter((r) => visible.has(r.id));
  };
  const now = opts.now ?? Date.now;
  const capacity = opts.cacheSize ?? 200;
  const ttlMs = opts.cacheTtlMs ?? 60_000;
  const limited = createLimiter(opts.maxConcurrentSearches ?? 6);
  const timeoutMs = Math.trunc(opts.searchTimeoutMs ?? 5_000);

  /**
   * A search's queries: one at a time per slot of the limiter, in a transaction whose statement_timeout bounds them
   * (a stuck search gives its connection back and answers request_timeout instead of holding it). A search around a
   * point reads a few hundred rows and plans no parallel workers (a worker started per query cost more CPU than the
   * query: the cap would not be a cap); the map of all trips, one aggregate over the summary, keeps them.
   */
  const searching = <T>(
    work: (repo: SearchRepository) => Promise<T>,
    parallel: 'parallel' | 'serial' = 'serial',
  ): Promise<T> =>
    limited(async () => {
      try {
        return await opts.db.transaction(async (tx) => {
          await boundSearch(tx, { timeoutMs, parallel: parallel === 'parallel' });
          return work(createSearchRepository(tx));
        });
      } catch (err) {
        if (databaseErrorOf(err)?.code === QUERY_CANCELED) throw new AppError('request_timeout');
        throw err;
      }
    });

  const rides = new AnswerCache<GlobalTripsFilters>({
    capacity,
    ttlMs,
    now,
    normalise: (f) => ({
      status: f.status,
      lat: coordOrNone(f.lat),
      lng: coordOrNone(f.lng),
      physicalDisabilities: f.physicalDisabilities,
      radius_km: f.radius_km,
      limit: f.limit,
      offset: f.offset,
    }),
    cellsOf: (f) =>
      f.lat !== undefined && f.lng !== undefined ? cellsAround(f.lat, f.lng, f.radius_km) : null,
    load: (f) =>
      searching(async (repo): Promise<GlobalRidesResponse> => {
        const near =
          f.lat !== undefined && f.lng !== undefined
            ? { center: { lat: f.lat, lng: f.lng }, radiusKm: f.radius_km }
            : null;
        // One more than asked tells whether another page follows.
        const rows = await repo.findTrips(
          f,
          near,
          { limit: f.limit + 1, offset: f.offset },
          SEARCH_TRIP_IMAGES,
        );
        const page = rows.slice(0, f.limit);
        return {
          ServerMassageCode: 'success',
          rides: page.map((r) => presentTripCard(r, r.images)),
          hasMore: rows.length > f.limit,
        };
      }),
  });

  const points = new AnswerCache<SearchPointsFilters>({
    capacity,
    ttlMs,
    now,
    normalise: (f) => ({ start_date: f.start_date, end_date: f.end_date }),
    load: (f) =>
      searching(async (repo): Promise<SearchPointsResponse> => {
        const rows = await repo.searchPoints({ startDate: f.start_date, endDate: f.end_date });
        const round5 = (v: number) => Math.round(v * 1e5) / 1e5;
        return {
          ServerMassageCode: 'success',
          serch_points: {
            sertchPoint: rows.map((p) => ({ lat: round5(p.lat), lng: round5(p.lng), count: p.count })),
          },
        };
      }, 'parallel'),
  });

  const aroundPoint = (q: LocationSearch): LocationSearch => ({
    lat: coord(q.lat),
    lng: coord(q.lng),
    radius_km: q.radius_km,
  });

  const sharedAttractions = new AnswerCache<LocationSearch>({
    capacity,
    ttlMs,
    now,
    normalise: aroundPoint,
    cellsOf: (q) => cellsAround(q.lat, q.lng, q.radius_km),
    load: (q) =>
      searching(async (repo): Promise<AttractionsByLocationResponse> => {
        const rows = await repo.attractionsNear(
          { center: q, radiusKm: q.radius_km },
          null,
          null,
          SEARCH_PLACES_LIMIT,
        );
        return { ServerMassageCode: 'success', attractions: rows.map(presentSearchAttraction) };
      }),
  });

  // Hotels read every change: a stay moved or removed leaves no trace of where it was, so no cell can be named.
  const hotels = new AnswerCache<LocationSearch>({
    capacity,
    ttlMs,
    now,
    normalise: aroundPoint,
    load: (q) =>
      searching(async (repo): Promise<AccommodationsByLocationResponse> => {
        const rows = await repo.accommodationsNear({ center: q, radiusKm: q.radius_km }, SEARCH_PLACES_LIMIT);
        return { ServerMassageCode: 'success', accommodations: rows.map(presentSearchAccommodation) };
      }),
  });

  const home = opts.home ?? { featuredRideIds: [], recommendedRideIds: [], whatsappNumber: null };
  /** One answer (the lists are configuration): the cache key is constant. */
  const homeAnswer = new AnswerCache<Record<string, never>>({
    capacity: 1,
    ttlMs,
    now,
    normalise: () => ({}),
    load: async (): Promise<HomeRidesResponse> => {
      const configured = [...new Set([...home.featuredRideIds, ...home.recommendedRideIds])];
      const [chosen, latest] = await Promise.all([
        repo.findableTripsByIds(configured),
        repo.findTrips(
          { status: 'noFilters', physicalDisabilities: false },
          null,
          { limit: HOME_LATEST_TRIPS, offset: 0 },
          SEARCH_TRIP_IMAGES,
        ),
      ]);
      const ids = [...new Set([...chosen, ...latest].map((r) => r.id))];
      const [images, places] = await Promise.all([
        repo.rideImages(
          chosen.map((r) => r.id),
          SEARCH_TRIP_IMAGES,
        ),
        repo.tripLocations(ids),
      ]);
      const card = (r: TripCardRow, carousel: readonly string[]) => ({
        ...presentTripCard(r, carousel),
        location: places.get(r.id) ?? null,
      });
      const byId = new Map(chosen.map((r) => [r.id, r]));
      const inOrder = (list: readonly number[]) =>
        list.flatMap((id) => {
          const row = byId.get(id);
          return row ? [card(row, images.get(id) ?? [])] : [];
        });
      return {
        ServerMassageCode: 'success',
        featured: inOrder(home.featuredRideIds),
        recommended: inOrder(home.recommendedRideIds),
        latest: latest.map((r) => card(r, r.images)),
        whatsappNumber: home.whatsappNumber,
      };
    },
  });

  return {
    /** home_rides_api: the home page's featured, recommended and newest shared trips (ready bytes). */
    homeRides(): Promise<ReadyAnswer> {
      return homeAnswer.get({});
    },

    /**
     * serch_attractions_by_location_api/{lat}/{lng} (ours, no trip: the attraction map search, 001 §2): the
     * attractions near the point that findable trips use. The same for everyone, so kept ready like the others.
     */
    sharedAttractionsNear(q: LocationSearch): Promise<ReadyAnswer> {
      return sharedAttractions.get(q);
    },

    /** global_rides_api: findable trips, nearest first when a point is given (ready bytes). */
    globalRides(filters: GlobalTripsFilters): Promise<ReadyAnswer> {
      return rides.get(filters);
    },

    /** get_all_sertch_point: where findable trips are, for the map (ready bytes). */
    searchPoints(filters: SearchPointsFilters): Promise<ReadyAnswer> {
      return points.get(filters);
    },

    /** serch_accommodations_by_location_api: hotels of findable trips near the point (ready bytes). */
    accommodationsNear(q: LocationSearch): Promise<ReadyAnswer> {
      return hotels.get(q);
    },

    /**
     * serch_attractions_by_location_api/{rideId}/{lat}/{lng}: our attractions near the point, for adding to the
     * trip. Whoever may view the trip may search for it (000 §6: visitors search too); the results are the
     * attractions of findable trips and of this trip, and the viewer's own.
     */
    async attractionsNear(
      rideId: number,
      q: LocationSearch,
      viewer: SessionUser | null,
    ): Promise<AttractionsByLocationResponse> {
      await opts.rides.getTripView(rideId, viewer); // not_found / 403 private trip
      const rows = await searching((r) =>
        r.attractionsNear(
          { center: q, radiusKm: q.radius_km },
          rideId,
          viewer?.id ?? null,
          SEARCH_PLACES_LIMIT,
        ),
      );
      return {
        ServerMassageCode: 'success',
        attractions: (await againstTrip(rideId, rows)).map(presentSearchAttraction),
      };
    },

    /**
     * serch_attractions_of_ride_manger_by_location_api/{rideId}/{lat}/{lng}: the ride manager's own attractions
     * near the point. 000 §6 / 001 §6: a manager who is the author searches their own account, and white-label
     * trips use the manager's account; so the account is the trip's ride manager, else its author when the author
     * is a manager. Only the trip's author and its ride manager may search it (the trip's clients, who may view it,
     * are refused: the catalogue is the planner's), and a trip with no manager account is refused: 403 forbidden.
     * The catalogue's owner sees all of it; a trip's author who is not its planner sees only the attractions the view
     * policy lets them see (decision 0023: one that only the planner's other private trips place is their clients').
     */
    async tripManagerAttractionsNear(
      rideId: number,
      q: LocationSearch,
      viewer: SessionUser,
    ): Promise<AttractionsByLocationResponse> {
      await opts.rides.getTripView(rideId, viewer);
      const owners = await repo.tripOwners(rideId);
      if (!owners) throw new AppError('not_found');
      if (viewer.id !== owners.authorId && viewer.id !== owners.rideManagerId)
        throw new AppError('forbidden');
      const account = owners.rideManagerId ?? (owners.authorRole === 'manager' ? owners.authorId : null);
      if (account === null) throw new AppError('forbidden');
      const rows = await searching((r) =>
        r.authorAttractionsNear({ center: q, radiusKm: q.radius_km }, rideId, account, SEARCH_PLACES_LIMIT),
      );
      const shown = account === viewer.id ? rows : await onlyVisible(rows, viewer.id);
      return {
        ServerMassageCode: 'success',
        attractions: (await againstTrip(rideId, shown)).map(presentSearchAttraction),
      };
    },

    /** fetch_ride_manager_attractions: every attraction the signed-in manager authored (the route requires the role). */
    async managerAttractions(viewer: SessionUser): Promise<ManagerAttractionsResponse> {
      const rows = await repo.attractionsOf(viewer.id);
      return { ServerMassageCode: 'success', attractions: rows.map(presentManagerAttraction) };
    },

    /**
     * Forget every cached search answer. Every write that changes what search shows calls it: a trip's row
     * (type, manager, sub-domain, dates, category, mobility, title, text, cover), its placements, its
     * accommodations, its booking mapping, or an attraction (place, image, text). Decision 0013.
     */
    invalidate(): void {
      rides.invalidateAll();
      points.invalidateAll();
      hotels.invalidateAll();
      sharedAttractions.invalidateAll();
      homeAnswer.invalidateAll();
    },

    /**
     * Forget the answers that read one of these geo_cells (a trip's placements changed there: changes.ts), and every
     * answer that is not around a point (the map, the newest trips, hotels, the home lists). `[]`: only those.
     */
    invalidateCells(cells: readonly number[]): void {
      rides.invalidateCells(cells);
      sharedAttractions.invalidateCells(cells);
      points.invalidateAll();
      hotels.invalidateAll();
      homeAnswer.invalidateAll();
    },

    /** For tests and diagnostics: answers held. */
    cachedAnswers(): number {
      return rides.size + points.size + hotels.size + sharedAttractions.size + homeAnswer.size;
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
