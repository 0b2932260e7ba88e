import { globalRidesResponse } from '@rides/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseChange } from '../../src/db/change-feed.js';
import { rideAttractions } from '../../src/db/schema/index.js';
import { createLimiter } from '../../src/lib/limiter.js';
import { createSearchService } from '../../src/modules/search/search.service.js';
import type { TestApp } from '../helpers/app.js';
import {
  bodyOf,
  createSearchTestApp,
  demoBearer,
  demoUserIds,
  get,
  insertTrip,
  PLACES,
} from './search-fixtures.js';

/**
 * Issue 16: a cache that protects the database. Keys from the point rounded to 0.01° (nearby requests share one
 * answer); an edit drops only the answers around a point whose circle covers the cells it changed (and the answers
 * that read everything); the cells travel to other processes as a `search-cells` change; a cap on concurrent searches.
 */
describe('search answers: shared keys, edits drop only their cells', () => {
  let t: TestApp;
  let users: Awaited<ReturnType<typeof demoUserIds>>;
  beforeAll(async () => {
    t = await createSearchTestApp();
    users = await demoUserIds(t);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const tripsNear = async (p: { lat: number; lng: number }) => {
    const res = await get(t, `/api/global_rides_api?lat=${p.lat}&lng=${p.lng}`);
    expect(res.statusCode, res.body).toBe(200);
    return globalRidesResponse.parse(bodyOf(res)).rides.map((r) => r.title);
  };

  it('requests a few hundred metres apart share one answer (one load, the same bytes)', async () => {
    const service = createSearchService({ db: t.db.db, rides: t.app.rides });
    const filters = {
      status: 'noFilters' as const,
      physicalDisabilities: false,
      radius_km: 50,
      limit: 50,
      offset: 0,
    };
    const first = await service.globalRides({ ...filters, lat: 41.9011, lng: 12.4979 });
    const second = await service.globalRides({ ...filters, lat: 41.8989, lng: 12.5021 });
    expect(second).toBe(first);
    expect(service.cachedAnswers()).toBe(1);
    // Another kilometre away is another key.
    await service.globalRides({ ...filters, lat: 41.89, lng: 12.5 });
    expect(service.cachedAnswers()).toBe(2);
  });

  it('an edit of a trip near Jerusalem reloads the answers there and keeps those near Rome', async () => {
    expect(await tripsNear(PLACES.rome)).not.toContain('Rome newcomer');
    expect(await tripsNear(PLACES.jerusalem)).not.toContain('Jerusalem newcomer');
    // Written behind the cache's back (no change published): only a reload can show them.
    await insertTrip(t, {
      authorId: users.traveller,
      title: 'Rome newcomer',
      attractions: [{ title: 'r', lat: 41.9, lng: 12.49 }],
    });
    await insertTrip(t, {
      authorId: users.traveller,
      title: 'Jerusalem newcomer',
      attractions: [{ title: 'j', lat: 31.77, lng: 35.23 }],
    });
    // The planner removes an activity of demo trip 1 (Jerusalem and the Dead Sea).
    const [placed] = await t.db.db
      .select({ attractionId: rideAttractions.attractionId })
      .from(rideAttractions)
      .where(and(eq(rideAttractions.rideId, 1)))
      .orderBy(asc(rideAttractions.id))
      .limit(1);
    const removed = await get(
      t,
      `/api/remove_attraction_from_ride_api/1/${placed!.attractionId}`,
      await demoBearer(t, 'planner'),
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await tripsNear(PLACES.jerusalem)).toContain('Jerusalem newcomer');
    expect(await tripsNear(PLACES.rome)).not.toContain('Rome newcomer');
    // A change anywhere drops the answers that read everything: the newest trips list shows both.
    const list = globalRidesResponse
      .parse(bodyOf(await get(t, '/api/global_rides_api')))
      .rides.map((r) => r.title);
    expect(list).toEqual(expect.arrayContaining(['Rome newcomer', 'Jerusalem newcomer']));
  });

  it('the cells travel between processes as a change of their own; a malformed one is not read', () => {
    expect(parseChange(JSON.stringify({ kind: 'search-cells', cells: [242430, 263384] }))).toEqual({
      kind: 'search-cells',
      cells: [242430, 263384],
    });
    expect(parseChange(JSON.stringify({ kind: 'search-cells', cells: ['1'] }))).toBeNull();
    expect(parseChange(JSON.stringify({ kind: 'search-cells' }))).toBeNull();
  });
});

describe('the cap on concurrent searches', () => {
  it('runs at most `max` at once and the others in their order of arrival', async () => {
    const limited = createLimiter(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const jobs = [0, 1, 2, 3, 4].map((i) =>
      limited(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return i;
      }),
    );
    const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
    await settle();
    expect(started).toEqual([0, 1]);
    releases.shift()!();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    while (releases.length > 0 || started.length < 5) {
      releases.shift()?.();
      await settle();
    }
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('a failed search gives its slot back', async () => {
    const limited = createLimiter(1);
    await expect(limited(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limited(async () => 'next')).toBe('next');
  });
});
