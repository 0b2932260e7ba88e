import { copyTripResponse, globalRidesResponse, searchPointsResponse } from '@rides/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, type TestApp } from '../helpers/app.js';
import { bodyOf, createSearchTestApp, get, PLACES, strangerBearer } from './search-fixtures.js';

/**
 * Search lists a trip and its unchanged copies once (issue 22 point 5): "copy and edit" makes a public copy, and until
 * its author changes something in it, it repeats its original, so the trip search and the map of shared trips show the
 * original only. From the copy's first change of content it stands on its own; locking it changes nothing in it.
 */
describe('search: a trip and its unchanged copies once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSearchTestApp();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const tripsNearParis = async () => {
    const res = await postJson(t.app, '/api/global_rides_api', { ...PLACES.paris, limit: 50 });
    expect(res.statusCode, res.body).toBe(200);
    return globalRidesResponse.parse(bodyOf(res)).rides.map((r) => r.id);
  };
  const tripsOnTheMap = async () => {
    const res = await postJson(t.app, '/api/get_all_sertch_point', {});
    expect(res.statusCode, res.body).toBe(200);
    return searchPointsResponse
      .parse(bodyOf(res))
      .serch_points.sertchPoint.reduce((sum, p) => sum + p.count, 0);
  };
  const allTrips = async () => {
    const res = await postJson(t.app, '/api/global_rides_api', { limit: 50 });
    return globalRidesResponse.parse(bodyOf(res)).rides.map((r) => r.id);
  };

  it('an unchanged copy is not listed beside its original; locked, still not; changed, it is', async () => {
    const near = await tripsNearParis();
    expect(near).toContain(72);
    const onMap = await tripsOnTheMap();

    const copier = await strangerBearer(t);
    const res = await get(t, '/api/add_ride_to_user_api/72', copier);
    expect(res.statusCode, res.body).toBe(200);
    const copyId = copyTripResponse.parse(res.json()).newRideId;

    expect(await tripsNearParis()).toEqual(near);
    expect(await allTrips()).not.toContain(copyId);
    expect(await tripsOnTheMap()).toBe(onMap);

    // Locking is about the trip, not in it.
    const lock = await postJson(
      t.app,
      `/api/lock_ride_api/${copyId}`,
      { is_locked: true },
      { headers: copier },
    );
    expect(lock.statusCode, lock.body).toBe(200);
    expect(await tripsNearParis()).not.toContain(copyId);
    const unlock = await postJson(
      t.app,
      `/api/lock_ride_api/${copyId}`,
      { is_locked: false },
      { headers: copier },
    );
    expect(unlock.statusCode, unlock.body).toBe(200);

    // A day of its own: the copy is now a trip its original is not.
    const day = await get(t, `/api/add_day_to_ride_api/${copyId}/0`, copier);
    expect(day.statusCode, day.body).toBe(200);
    const after = await tripsNearParis();
    expect(after).toContain(72);
    expect(after).toContain(copyId);
    expect(await allTrips()).toContain(copyId);
    expect(await tripsOnTheMap()).toBeGreaterThan(onMap);
  });
});
