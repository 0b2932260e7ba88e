import { addDays, daysBetween, rideAttractionsResponse, type RideAttractionsResponse } from '@rides/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { accommodations, attractions, rideAttractions, rideExtraInformation, rides, users } from '../../src/db/schema/index.js';
import type { Role } from '@rides/contract';
import { dayIdsOf } from '../../src/modules/lineage/day-ids.js';
import type { TestApp } from '../helpers/app.js';
import { bearer, createTripsTestApp } from './trips-fixtures.js';

/**
 * Trips made for the editing tests: each test makes its own (on the demo content of createTripsTestApp), so the tests
 * never depend on each other's edits. Day i of a trip has the attractions `perDay[i]` titles, in that order.
 */
export interface TripSpec {
  authorId: number;
  days: number;
  startDate?: string;
  perDay?: string[][];
  type?: 'public' | 'private';
  rideManagerId?: number | null;
  isLocked?: boolean;
  isBasedRide?: boolean;
  isWhiteLabel?: boolean;
  subdomain?: string | null;
  basedRideId?: number | null;
  isDemo?: boolean;
  /** Stays: first night's day index, nights, ordered by the traveller or a suggestion. */
  stays?: { firstDay: number; nights: number; ordered: boolean }[];
  /** Day notes by day index, and trip-wide sections. */
  notes?: { day: number; text: string }[];
  sections?: { title: string; text: string }[];
}

export interface Trip {
  rideId: number;
  /** Attraction id by title. */
  ids: Map<string, number>;
}

export const START = '2031-05-10';

let userSeq = 0;
/** A new user of the given role, with a Bearer header. */
export async function newUser(t: TestApp, role: Role = 'user'): Promise<{ id: number; headers: Record<string, string> }> {
  userSeq += 1;
  const [row] = await t.db.db
    .insert(users)
    .values({ email: `editor.${process.pid}.${userSeq}.${Date.now()}@example.com`, userName: `Editor ${userSeq}`, role })
    .returning({ id: users.id });
  const id = (row as { id: number }).id;
  return { id, headers: await bearer(t, id, role) };
}

export async function makeTrip(t: TestApp, spec: TripSpec): Promise<Trip> {
  const db = t.db.db;
  const start = spec.startDate ?? START;
  const [ride] = await db
    .insert(rides)
    .values({
      authorId: spec.authorId,
      title: 'Editing test trip',
      text: '<p>trip</p>',
      startDate: start,
      endDate: addDays(start, spec.days - 1),
      type: spec.type ?? 'public',
      rideManagerId: spec.rideManagerId ?? null,
      isLocked: spec.isLocked ?? false,
      isBasedRide: spec.isBasedRide ?? false,
      isWhiteLabel: spec.isWhiteLabel ?? false,
      subdomain: spec.subdomain ?? null,
      basedRideId: spec.basedRideId ?? null,
      isDemo: spec.isDemo ?? false,
    })
    .returning({ id: rides.id });
  const rideId = (ride as { id: number }).id;
  const ids = new Map<string, number>();
  for (const [day, titles] of (spec.perDay ?? []).entries()) {
    for (const [position, title] of titles.entries()) {
      const [a] = await db
        .insert(attractions)
        .values({ authorId: spec.authorId, title, text: '', lat: 32 + day / 100, lng: 35 + position / 100, placeId: `place-${title}` })
        .returning({ id: attractions.id });
      const attractionId = (a as { id: number }).id;
      ids.set(title, attractionId);
      await db.insert(rideAttractions).values({ rideId, attractionId, plannedDate: addDays(start, day), position });
    }
  }
  for (const [i, s] of (spec.stays ?? []).entries()) {
    await db.insert(accommodations).values({
      rideId,
      name: `Stay ${i}`,
      lat: 32,
      lng: 35,
      checkInDate: addDays(start, s.firstDay),
      checkOutDate: addDays(start, s.firstDay + s.nights),
      status: s.ordered ? 'booked' : 'base_trip_accomodation',
      orderedByUser: s.ordered,
      bookingConfirmation: s.ordered ? `CONF-${i}` : null,
    });
  }
  for (const n of spec.notes ?? []) await db.insert(rideExtraInformation).values({ rideId, title: '', text: n.text, date: addDays(start, n.day) });
  for (const s of spec.sections ?? []) await db.insert(rideExtraInformation).values({ rideId, title: s.title, text: s.text, date: null });
  return { rideId, ids };
}

/** Everything a trip holds, as stored, to assert that a refused call changed nothing. */
export async function snapshot(t: TestApp, rideId: number): Promise<unknown> {
  const db = t.db.db;
  const [ride] = await db.select().from(rides).where(eq(rides.id, rideId));
  const placements = await db
    .select({ a: rideAttractions.attractionId, d: rideAttractions.plannedDate, t: rideAttractions.timeOfDay, p: rideAttractions.position })
    .from(rideAttractions)
    .where(eq(rideAttractions.rideId, rideId))
    .orderBy(asc(rideAttractions.id));
  const stays = await db
    .select({ i: accommodations.checkInDate, o: accommodations.checkOutDate, n: accommodations.name })
    .from(accommodations)
    .where(eq(accommodations.rideId, rideId))
    .orderBy(asc(accommodations.id));
  const extra = await db.select().from(rideExtraInformation).where(eq(rideExtraInformation.rideId, rideId)).orderBy(asc(rideExtraInformation.id));
  const { updatedAt: _u, dayIds, ...tripRest } = ride ?? ({} as Record<string, unknown>);
  // The days' ids as read (issue 37): a copy assigns its original's ('d0'.. by index, as an unassigned list reads).
  const days = ride ? dayIdsOf(ride.dayIds, daysBetween(ride.startDate, ride.endDate) + 1) : dayIds;
  return { ride: { ...tripRest, days }, placements, stays, extra: extra.map(({ updatedAt: _x, ...e }) => e) };
}

/** The trip page as its author (or anyone) reads it now: also proves a read after a write sees the write. */
export async function readTrip(t: TestApp, rideId: number, headers: Record<string, string> = {}): Promise<RideAttractionsResponse> {
  const res = await t.app.inject({ method: 'GET', url: `/api/ride_attractions_api/${rideId}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return rideAttractionsResponse.parse(res.json());
}

/** Titles of each day's activities, in order. */
export const dayTitles = (trip: RideAttractionsResponse): string[][] =>
  trip.attractionsByDay.map((d) => d.daily_attractions.map((a) => a.title));

export function call(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  opts: { headers?: Record<string, string>; payload?: unknown; data?: unknown } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.data !== undefined) headers.data = typeof opts.data === 'string' ? opts.data : JSON.stringify(opts.data);
  const request: InjectOptions = { method, url, headers };
  if (opts.payload !== undefined) {
    request.payload = opts.payload as InjectOptions['payload'];
    headers['content-type'] ??= 'application/json';
  }
  return t.app.inject(request);
}

/** Asserts the status and the code of an answer. */
export function expectCode(res: LightMyRequestResponse, status: number, code: string): void {
  expect({ status: res.statusCode, code: (res.json() as { ServerMassageCode?: string }).ServerMassageCode }, res.body).toEqual({ status, code });
}

/** How many stored rows a trip has of its activities (for counting in concurrency tests). */
export async function placementCount(t: TestApp, rideId: number): Promise<number> {
  const r = await t.db.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ride_attractions WHERE ride_id = ${rideId}`);
  return Number(r.rows[0]?.n ?? 0);
}

export type Editor = Awaited<ReturnType<typeof newUser>>;

/** What an editing test file shares: its test app and a signed-in author (a plain user), made once for the file. */
export interface EditingSuite {
  readonly t: TestApp;
  readonly author: Editor;
}

/**
 * The set-up of an editing test file, declared once here rather than copied into each: in a describe block, makes the
 * app (the demo content by default, or `makeApp`'s) and the author before its tests, and disposes of the app after
 * them. The fields are there from the tests and later hooks on (read them there, not while the block is declared).
 */
export function editingSuite(makeApp: () => Promise<TestApp> = createTripsTestApp): EditingSuite {
  let app: TestApp | undefined;
  let author: Editor | undefined;
  beforeAll(async () => {
    app = await makeApp();
    author = await newUser(app);
  });
  afterAll(async () => {
    await app?.dispose();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('editingSuite: read in a test or a hook, after its set-up');
    return value;
  };
  return {
    get t() {
      return ready(app);
    },
    get author() {
      return ready(author);
    },
  };
}
