import { gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_ACCOUNTS } from '../../src/db/seed/index.js';
import { refreshTripCells } from '../../src/db/trip-cells.js';
import {
  accommodations,
  attractions,
  rideAttractions,
  rides,
  subdomainThemes,
} from '../../src/db/schema/index.js';
import type { TestApp } from '../helpers/app.js';
import { userIdOf } from '../api/trips-fixtures.js';

export {
  bearer,
  createTripsTestApp as createSearchTestApp,
  demoBearer,
  get,
  strangerBearer,
  userIdOf,
} from '../api/trips-fixtures.js';

/** Places of the demo content (trips 1, 183, 843 in Israel; 719, 72, 233 public in Europe; 228 private in the Alps). */
export const PLACES = {
  deadSea: { lat: 31.5, lng: 35.45 },
  jerusalem: { lat: 31.7767, lng: 35.2345 },
  tiberias: { lat: 32.7922, lng: 35.5312 },
  rome: { lat: 41.9028, lng: 12.4964 },
  paris: { lat: 48.8566, lng: 2.3522 },
  zurich: { lat: 47.3769, lng: 8.5417 },
  /** Nothing of the demo is near: the trips the tests insert go here. */
  reykjavik: { lat: 64.1466, lng: -21.9426 },
} as const;

export const PUBLIC_DEMO_TRIPS = [1, 719, 183, 843, 72, 233];

/**
 * The point a public (cached) search around `p` is computed for: its cache key's point, rounded to 0.01° so nearby
 * requests share one answer (decision 0013). Distances in those answers are measured from it.
 */
export const keyPointOf = (p: { lat: number; lng: number }) => ({
  lat: Math.round(p.lat * 100) / 100,
  lng: Math.round(p.lng * 100) / 100,
});

export async function demoUserIds(t: TestApp) {
  return {
    planner: await userIdOf(t, DEMO_ACCOUNTS.planner.email),
    traveller: await userIdOf(t, DEMO_ACCOUNTS.traveller.email),
    partner: await userIdOf(t, DEMO_ACCOUNTS.subdomain.email),
  };
}

export interface TripSpec {
  authorId: number;
  title?: string;
  type?: 'public' | 'private';
  rideManagerId?: number | null;
  subdomain?: string | null;
  physicalDisabilities?: boolean;
  category?: 'planning' | 'active' | 'client' | 'template' | 'inactive';
  startDate?: string;
  endDate?: string;
  topPageImageUrl?: string | null;
  attractions?: { title: string; lat: number; lng: number; imageUrl?: string; authorId?: number }[];
  accommodations?: { name: string; lat: number; lng: number }[];
}

/** Inserts a trip with its attractions (one a day, in order) and stays; answers its id and its attractions' ids. */
export async function insertTrip(
  t: TestApp,
  spec: TripSpec,
): Promise<{ rideId: number; attractionIds: number[] }> {
  const db = t.db.db;
  const startDate = spec.startDate ?? '2027-06-01';
  const endDate = spec.endDate ?? '2027-06-10';
  const [ride] = await db
    .insert(rides)
    .values({
      authorId: spec.authorId,
      title: spec.title ?? 'Inserted trip',
      text: '<p>text</p>',
      startDate,
      endDate,
      type: spec.type ?? 'public',
      rideManagerId: spec.rideManagerId ?? null,
      subdomain: spec.subdomain ?? null,
      physicalDisabilities: spec.physicalDisabilities ?? false,
      category: spec.category ?? 'planning',
      topPageImageUrl: spec.topPageImageUrl ?? null,
    })
    .returning({ id: rides.id });
  const rideId = (ride as { id: number }).id;
  const attractionIds: number[] = [];
  for (const [i, a] of (spec.attractions ?? []).entries()) {
    const [row] = await db
      .insert(attractions)
      .values({
        authorId: a.authorId ?? spec.authorId,
        title: a.title,
        text: '',
        lat: a.lat,
        lng: a.lng,
        imageUrl: a.imageUrl ?? null,
      })
      .returning({ id: attractions.id });
    const attractionId = (row as { id: number }).id;
    attractionIds.push(attractionId);
    await db.insert(rideAttractions).values({ rideId, attractionId, plannedDate: startDate, position: i });
  }
  for (const a of spec.accommodations ?? []) {
    await db
      .insert(accommodations)
      .values({
        rideId,
        name: a.name,
        lat: a.lat,
        lng: a.lng,
        checkInDate: startDate,
        checkOutDate: endDate,
      });
  }
  // What the product's writes do in their transaction (changes.ts publish): the map summary of the trip.
  await refreshTripCells(db, [rideId]);
  return { rideId, attractionIds };
}

/** A sub-domain that exists in the demo themes (rides.subdomain references it). */
export async function anySubdomain(t: TestApp): Promise<string> {
  const rows = await t.db.db.select({ subdomain: subdomainThemes.subdomain }).from(subdomainThemes);
  const found = rows.find((r) => r.subdomain !== null)?.subdomain;
  if (!found) throw new Error('no sub-domain theme in the demo content');
  return found;
}

/** The body as JSON, whether it came gzip-compressed or not. */
export function bodyOf(res: LightMyRequestResponse): unknown {
  const raw =
    res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString('utf8') : res.body;
  return JSON.parse(raw);
}

/** A point `km` away from `from` in the direction `bearingDeg` (great circle). */
export function destination(from: { lat: number; lng: number }, km: number, bearingDeg: number) {
  const R = 6371.0088;
  const rad = (d: number) => (d * Math.PI) / 180;
  const φ1 = rad(from.lat);
  const λ1 = rad(from.lng);
  const δ = km / R;
  const θ = rad(bearingDeg);
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(θ));
  const λ2 =
    λ1 + Math.atan2(Math.sin(θ) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2));
  const lng = (((λ2 * 180) / Math.PI + 540) % 360) - 180;
  return { lat: (φ2 * 180) / Math.PI, lng };
}
