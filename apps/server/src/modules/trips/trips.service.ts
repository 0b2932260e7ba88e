import { constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import type { AttractionResponse, TripLanguage, TripRole, UserInfoResponse } from '@rides/contract';
import type { Database } from '../../db/client.js';
import { isDatabaseUnavailable } from '../../db/errors.js';
import { AppError } from '../../lib/errors.js';
import {
  decideTripView,
  isAuthorisedClient,
  todayIso,
  type TripAccessFacts,
  type TripViewer,
} from '../access/trip-access.policy.js';
import { PlacesUnavailableError, type Places } from '../../providers/places/index.js';
import { decideTripLive, type TripLiveDecision } from '../access/trip-live.policy.js';
import { LruLoadingCache } from './trips.cache.js';
import {
  presentAttractionDetails,
  presentPlaceAsAttraction,
  presentTripView,
  presentUserInfo,
  withDatesHidden,
  withoutConfirmations,
  type RideView,
} from './trips.presenter.js';
import { createTripsRepository } from './trips.repository.js';

/**
 * The trip view: ride_attractions_api, ride_header_api, user_info_from_ride_id_api, attraction_api.
 *
 * A trip is read and presented once, then served from an in-process LRU (trips.cache.ts) as ready JSON bytes
 * (plain and gzip): the visitors' presentation (dates shown, bookings' confirmation numbers withheld), and, made on
 * first need, the one with dates hidden and the one with the confirmation numbers, for those the view policy lets read
 * them (the author, a private trip's planner and clients: the contract's mayReadBookings; the visitors' own bytes when
 * the trip has none), never the visitors' bytes. Per request only the access policy runs (pure, on the cached facts)
 * and the right bytes are picked, so a hit costs no query, no serialisation and no compression. `invalidateTrip` is
 * called (by changes.ts, in every process) for every
 * write that changes what a trip shows (decisions 0009, 0027).
 */

/** A ready body: UTF-8 bytes, and the same gzip-compressed (browsers all accept gzip; ~1/10 of the size). */
export interface ReadyBody {
  identity: Buffer;
  gzip: Buffer;
  /**
   * Served from the copy this process holds because the database could not be asked while the change feed was down:
   * it may miss a change another process made (decision 0051). The routes say so in a header.
   */
  stale?: true;
  /** The trip's version these bytes show (issue 33): the routes answer it as the ETag (decision 0065). */
  version?: number;
}

interface Variant {
  view: RideView;
  /** The whole success body of ride_attractions_api. */
  page: ReadyBody;
  /** ride_header_api's bodies, made on first need, by isAuthor and the viewer's role in the trip (a handful). */
  header: Map<string, ReadyBody>;
  /** The ride object alone (ride_header_api wraps it). */
  rideJson: string;
}

interface CachedRide {
  facts: TripAccessFacts;
  /** rides.version when it was read: every change bumps it and drops this entry (decision 0065). */
  version: number;
  /** What every viewer who may not read bookings gets (confirmation numbers withheld), dates shown. */
  shown: Variant;
  /** The same with dates hidden (000 §6), made on first need. */
  hidden?: Variant;
  /** The whole presentation, kept only when it differs from `shown` (some stay has a confirmation number). */
  full?: RideView;
  /**
   * The variant with the confirmation numbers (mayReadBookings: the author, a private trip's planner and clients), made
   * on first need from `full` (or `shown` itself).
   */
  bookings?: Variant;
  /** The same with dates hidden (a private trip's client after it ended), made on first need. */
  hiddenBookings?: Variant;
}

export interface TripsServiceOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** Trips kept presented in memory (default 500; a 14-day trip is ~100 KB of JSON). */
  cacheSize?: number;
  /** The clock (tests move it); dates are compared as calendar dates in UTC. */
  now?: () => Date;
  /** Trips whose page hides its summary area (config SUMMARY_HIDDEN_RIDE_IDS): their answer says `summaryHidden`. */
  summaryHiddenRideIds?: ReadonlySet<number>;
  /**
   * Whether the cached trips are known to be current: the change feed is listening (changes.ts; always on PGlite).
   * When not, a read loads the trip again, and the copy held is served only when the database cannot answer (0051).
   */
  cacheConfirmed?: () => boolean;
  /** The places provider: attraction_api's Google-sourced attractions are looked up there. */
  places?: Pick<Places, 'configured' | 'details'>;
}

function readyBody(json: string): ReadyBody {
  const identity = Buffer.from(json, 'utf8');
  // Level 6 (the default) costs ~1 ms for a 14-day trip, once per cached trip.
  return { identity, gzip: gzipSync(identity, { level: zlib.Z_DEFAULT_COMPRESSION }) };
}

function variantOf(view: RideView, summaryHidden: boolean): Variant {
  const tripJson = JSON.stringify(view.ride);
  const pageJson =
    `{"ServerMassageCode":"success","ride":${tripJson},` +
    `"attractionsByDay":${JSON.stringify(view.attractionsByDay)},` +
    `"highLevelRideLocations":${JSON.stringify(view.highLevelRideLocations)}` +
    `${summaryHidden ? ',"summaryHidden":true' : ''}}`;
  return { view, page: readyBody(pageJson), header: new Map(), rideJson: tripJson };
}

export function createTripsService(opts: TripsServiceOptions) {
  const repo = createTripsRepository(opts.db);
  const now = opts.now ?? (() => new Date());
  const summaryHidden = (rideId: number) => opts.summaryHiddenRideIds?.has(rideId) ?? false;

  const cache = new LruLoadingCache<number, CachedRide>(opts.cacheSize ?? 500, async (rideId) => {
    const bundle = await repo.loadTrip(rideId);
    if (!bundle) return undefined;
    const r = bundle.ride;
    const full = presentTripView(bundle);
    const visitors = withoutConfirmations(full);
    return {
      facts: {
        authorId: r.authorId,
        rideManagerId: r.rideManagerId,
        type: r.type,
        endDate: r.endDate,
        authorizedUserIds: new Set(bundle.authorizedUserIds),
        memberRoles: new Map(bundle.members.map((m) => [m.userId, m.role])),
      },
      version: r.version,
      shown: variantOf(visitors, summaryHidden(rideId)),
      full: visitors === full ? undefined : full,
    };
  });

  const cacheConfirmed = opts.cacheConfirmed ?? (() => true);

  /** attraction_api/{id}/internal: one of our attractions, when the viewer may see it. */
  async function ownAttraction(id: string, viewer: TripViewer): Promise<AttractionResponse> {
    if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) throw new AppError('bad_request');
    const row = await repo.findAttraction(Number(id), viewer?.id ?? null);
    if (!row) throw new AppError('not_found');
    return { ServerMassageCode: 'success', attraction: presentAttractionDetails(row) };
  }

  /** attraction_api/{id}/google, through the places provider (see the service's attraction). */
  async function googleAttraction(
    id: string,
    viewer: TripViewer,
    language: TripLanguage,
  ): Promise<AttractionResponse> {
    if (!/^[A-Za-z0-9_-]+$/.test(id)) throw new AppError('bad_request');
    if (!opts.places) throw new AppError('places_not_configured');
    let got: Awaited<ReturnType<Places['details']>>;
    try {
      got = await opts.places.details('google', id, language, viewer?.id ?? null);
    } catch (err) {
      if (err instanceof PlacesUnavailableError) throw new AppError('api_call_failed');
      throw err;
    }
    const place = got.value;
    if (!place)
      throw new AppError(opts.places.configured === 'google' ? 'not_found' : 'places_not_configured');
    const own = /^at:([1-9]\d{0,9})$/.exec(place.id);
    if (own) return ownAttraction(own[1] as string, viewer);
    return { ServerMassageCode: 'success', attraction: presentPlaceAsAttraction(place) };
  }

  /**
   * The cached trip. While the change feed is down (another process's write may not have reached this cache) it is
   * read again; only the trip page's own reads (`staleIfUnavailable`) fall back on the copy held when the database
   * cannot answer, and are told so. Everything else (an export, an edit's check) fails with the database.
   */
  async function cachedRide(
    rideId: number,
    staleIfUnavailable: boolean,
  ): Promise<{ cached: CachedRide | undefined; stale: boolean }> {
    if (cacheConfirmed()) return { cached: await cache.get(rideId), stale: false };
    try {
      return { cached: await cache.refresh(rideId), stale: false };
    } catch (err) {
      const held = staleIfUnavailable && isDatabaseUnavailable(err) ? cache.peek(rideId) : undefined;
      if (!held) throw err;
      return { cached: held, stale: true };
    }
  }

  /** The cached trip and what this viewer may see of it; throws not_found / the private-trip 403. */
  async function viewFor(
    rideId: number,
    viewer: TripViewer,
    staleIfUnavailable = false,
  ): Promise<{
    variant: Variant;
    isAuthor: boolean;
    role: TripRole | null;
    bookings: boolean;
    facts: TripAccessFacts;
    stale: boolean;
    version: number;
  }> {
    const { cached, stale } = await cachedRide(rideId, staleIfUnavailable);
    if (!cached) throw new AppError('not_found');
    const decision = decideTripView(cached.facts, viewer, todayIso(now()));
    if (!decision.allowed) throw new AppError('user_does_not_have_permission_to_this_private_ride');
    // A booking's confirmation number is the traveller's: only those the policy lets read bookings (mayReadBookings)
    // get a variant carrying it. (The author never has dates hidden: decideTripView.)
    const hidden = summaryHidden(rideId);
    let variant: Variant;
    if (decision.bookings) {
      const withBookings = (cached.bookings ??= cached.full ? variantOf(cached.full, hidden) : cached.shown);
      variant = decision.datesHidden
        ? (cached.hiddenBookings ??= variantOf(withDatesHidden(withBookings.view), hidden))
        : withBookings;
    } else {
      variant = decision.datesHidden
        ? (cached.hidden ??= variantOf(withDatesHidden(cached.shown.view), hidden))
        : cached.shown;
    }
    return {
      variant,
      isAuthor: decision.isAuthor,
      role: decision.role,
      bookings: decision.bookings,
      facts: cached.facts,
      stale,
      version: cached.version,
    };
  }

  /** The ready bytes (shared, never changed) with this answer's version and staleness. */
  const markedStale = (body: ReadyBody, stale: boolean, version: number): ReadyBody =>
    stale ? { ...body, stale: true, version } : { ...body, version };

  return {
    /**
     * The trip's access facts, the view policy's own (cached), for the policies that ask `tripRole` on their own
     * (comments, votes and lists: decision 0066). Unknown trip: not_found.
     */
    async accessFacts(rideId: number): Promise<TripAccessFacts> {
      const { cached } = await cachedRide(rideId, false);
      if (!cached) throw new AppError('not_found');
      return cached.facts;
    },

    /**
     * The trip as this viewer may see it (objects; routes send `tripPageBody` instead). The ride and the day list are
     * the cache's own, shared and never to be changed: the same objects until the trip changes (the exports key what
     * they derive from them on that). `mayReadBookings`: the view carries the stays' confirmation numbers.
     */
    async getTripView(
      rideId: number,
      viewer: TripViewer,
    ): Promise<RideView & { isAuthor: boolean; role: TripRole | null; mayReadBookings: boolean }> {
      const { variant, isAuthor, role, bookings } = await viewFor(rideId, viewer);
      return { ...variant.view, isAuthor, role, mayReadBookings: bookings };
    },

    /** ride_attractions_api's success body, ready to send (JSON bytes, plain and gzip). */
    async tripPageBody(rideId: number, viewer: TripViewer): Promise<ReadyBody> {
      const { variant, stale, version } = await viewFor(rideId, viewer, true);
      return markedStale(variant.page, stale, version);
    },

    /** ride_header_api's success body, ready to send: the same ride object, isAuthor and the viewer's role. */
    async rideHeaderBody(rideId: number, viewer: TripViewer): Promise<ReadyBody> {
      const { variant, isAuthor, role, stale, version } = await viewFor(rideId, viewer, true);
      const key = `${isAuthor}:${role}`;
      let body = variant.header.get(key);
      if (!body) {
        body = readyBody(
          `{"ServerMassageCode":"success","ride":${variant.rideJson},"isAuthor":${isAuthor},"role":${JSON.stringify(role)}}`,
        );
        variant.header.set(key, body);
      }
      return markedStale(body, stale, version);
    },

    /**
     * Whether the viewer reads this trip as one of its authorised clients (the view policy's isAuthorisedClient on the
     * cached facts: no query); ride_header_api asks it after answering, to count the client's open (decision 0028).
     */
    isAuthorisedClient(rideId: number, viewer: TripViewer): boolean {
      const cached = cache.peek(rideId);
      return cached !== undefined && isAuthorisedClient(cached.facts, viewer);
    },

    /** user_info_from_ride_id_api: the author block, under the same access rule as the trip. */
    async userInfo(rideId: number, viewer: TripViewer): Promise<UserInfoResponse> {
      const { facts } = await viewFor(rideId, viewer);
      const user = await repo.findUserInfo(facts.authorId);
      if (!user) throw new AppError('not_found');
      return { ServerMassageCode: 'success', userInfo: presentUserInfo(user) };
    },

    /**
     * attraction_api/{id}/{source}. An attraction is the content of the trips placing it (decision 0023): the viewer
     * gets it when they wrote it or may view one of those trips (the view policy, as SQL: access/trip-access.sql.ts);
     * anyone else gets not_found, as for an id that does not exist.
     * 'google': a Google place id, looked up through the places provider in the asked language (the maps service's
     * details as an attraction: presentPlaceAsAttraction); our own attraction that came from that place answers as
     * itself when the viewer may see it (Google configured but not answering, or not configured at all). Not
     * configured and no such attraction of ours: 503 places_not_configured; Google not answering: 503 api_call_failed.
     */
    async attraction(
      id: string,
      source: 'internal' | 'google',
      viewer: TripViewer,
      language: TripLanguage = 'hebrew',
    ): Promise<AttractionResponse> {
      return source === 'google' ? googleAttraction(id, viewer, language) : ownAttraction(id, viewer);
    },

    /**
     * The live stream's rule for this viewer (decideTripLive, decision 0064) on the cached facts; null when the trip
     * does not exist. Asked before every event a stream sends: a hit costs no query.
     */
    async liveDecision(rideId: number, viewer: TripViewer): Promise<TripLiveDecision | null> {
      const { cached } = await cachedRide(rideId, false);
      return cached ? decideTripLive(cached.facts, viewer, todayIso(now())) : null;
    },

    /** Forget the presented trip; every write that changes what the trip shows calls this (decision 0009). */
    invalidateTrip(rideId: number): void {
      cache.invalidate(rideId);
    },

    /** Forget every presented trip (a change to something many trips show: an attraction, an affiliate link). */
    invalidateAllTrips(): void {
      cache.invalidateAll();
    },

    /** For tests and diagnostics: whether the trip is cached now. */
    isCached(rideId: number): boolean {
      return cache.peek(rideId) !== undefined;
    },
  };
}

export type TripsService = ReturnType<typeof createTripsService>;
