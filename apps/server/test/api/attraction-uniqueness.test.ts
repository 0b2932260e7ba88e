import {
  attractionsByLocationResponse,
  uniquenessGroupResponse,
  uniquenessGroupsResponse,
  uniquenessProposalsResponse,
  type UniquenessGroup,
} from '@rides/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshPlaceKeys } from '../../src/db/place-keys.js';
import { refreshTripCells } from '../../src/db/trip-cells.js';
import { attractions, rideAttractions, users } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, expectCode, makeTrip, newUser, START, type Editor } from './trip-editing-fixtures.js';
import { createTripsTestApp, demoBearer } from './trips-fixtures.js';

/**
 * Attraction uniqueness groups (001 §2, §3, §7; decision 0040): the spec's three calls both ways (owner manager
 * allowed, another manager refused, a user refused, a visitor 401, a platform admin allowed), bad input, the proposals
 * (same place id; same name within 50 m), and the attraction searches showing one record per group, the main one.
 */
describe('attraction uniqueness groups', () => {
  let t: TestApp;
  let owner: Editor;
  let other: Editor;
  let third: Editor;
  let user: Editor;
  let admin: Editor;
  // The owner's public trip near the Jaffa Gate and its records.
  const FORT = { lat: 31.7767, lng: 35.2276 };
  let fortA: number;
  let fortB: number; // same name, ~14 m away, no place id
  let fortFar: number; // same name, 20 km away: not proposed
  let towerA: number;
  let towerB: number; // another name, the same place id
  let otherOwn: number; // another manager's record
  let thirdPrivate: number; // a third manager's record placed only in their private trip
  let thirdPublic: number;

  /** Places a record in the trip and writes its derived rows (search keys, map summary) as a writer would. */
  async function record(
    authorId: number,
    rideId: number,
    title: string,
    lat: number,
    lng: number,
    placeId: string | null,
  ) {
    const [row] = await t.db.db
      .insert(attractions)
      .values({ authorId, title, text: '', lat, lng, placeId })
      .returning({ id: attractions.id });
    const id = (row as { id: number }).id;
    await t.db.db
      .insert(rideAttractions)
      .values({ rideId, attractionId: id, plannedDate: START, position: id });
    await refreshPlaceKeys(t.db.db, { rideIds: [rideId], attractionIds: [id] });
    await refreshTripCells(t.db.db, [rideId]);
    return id;
  }

  const get = (url: string, headers: Record<string, string> = {}) =>
    call(t, 'GET', `/api/${url}`, { headers });
  const post = (url: string, payload: unknown, headers: Record<string, string>) =>
    call(t, 'POST', `/api/${url}`, { headers, payload });
  const groupsOf = async (who: Editor) => {
    const res = await get('attraction_uniqnes', who.headers);
    expect(res.statusCode, res.body).toBe(200);
    return uniquenessGroupsResponse.parse(res.json()).groups;
  };
  const proposalsOf = async (who: Editor) => {
    const res = await get('attraction_uniqnes_proposals', who.headers);
    expect(res.statusCode, res.body).toBe(200);
    return uniquenessProposalsResponse.parse(res.json()).proposals;
  };
  const accept = async (who: Editor, attractionIds: number[], mainId: number) => {
    const res = await post('accept_attraction_uniqnes_proposal', { attractionIds, mainId }, who.headers);
    expect(res.statusCode, res.body).toBe(200);
    return uniquenessGroupResponse.parse(res.json()).group;
  };
  const ids = (g: UniquenessGroup) => ({
    main: g.chosenAttraction?.id ?? null,
    others: g.convertedUniqAtractions.map((a) => a.id),
  });
  const nearFort = async () => {
    const res = await get(`serch_attractions_by_location_api/${FORT.lat}/${FORT.lng}?radius_km=1`);
    expect(res.statusCode, res.body).toBe(200);
    return attractionsByLocationResponse.parse(res.json()).attractions.map((a) => a.id);
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newUser(t, 'manager');
    other = await newUser(t, 'manager');
    third = await newUser(t, 'manager');
    user = await newUser(t);
    admin = await newUser(t);
    await t.db.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));

    const trip = await makeTrip(t, { authorId: owner.id, days: 2 });
    fortA = await record(owner.id, trip.rideId, 'Old Fort', FORT.lat, FORT.lng, 'pid-fort');
    fortB = await record(owner.id, trip.rideId, 'old  fort', FORT.lat + 0.0001, FORT.lng + 0.0001, null);
    fortFar = await record(owner.id, trip.rideId, 'Old Fort', FORT.lat + 0.2, FORT.lng, null);
    towerA = await record(owner.id, trip.rideId, 'Tower', FORT.lat + 0.001, FORT.lng, 'pid-tower');
    towerB = await record(owner.id, trip.rideId, 'Tower of David', FORT.lat + 0.0012, FORT.lng, 'pid-tower');
    const otherTrip = await makeTrip(t, { authorId: other.id, days: 1 });
    otherOwn = await record(other.id, otherTrip.rideId, 'Old Fort', FORT.lat, FORT.lng + 0.0002, 'pid-fort');
    const privateTrip = await makeTrip(t, {
      authorId: third.id,
      days: 1,
      type: 'private',
      rideManagerId: third.id,
    });
    thirdPrivate = await record(
      third.id,
      privateTrip.rideId,
      'Secret spring',
      FORT.lat + 0.003,
      FORT.lng,
      null,
    );
    const thirdTrip = await makeTrip(t, { authorId: third.id, days: 1 });
    thirdPublic = await record(third.id, thirdTrip.rideId, 'Spring', FORT.lat + 0.003, FORT.lng, null);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('proposes the same place id, and the same name within 50 m, among the caller’s own records only', async () => {
    const proposals = await proposalsOf(owner);
    expect(
      proposals.map((p) => ({ ids: p.attractions.map((a) => a.id), reasons: p.reasons, mainId: p.mainId })),
    ).toEqual([
      { ids: [fortA, fortB], reasons: ['name'], mainId: fortA },
      { ids: [towerA, towerB], reasons: ['placeId'], mainId: towerA },
    ]);
    // The other manager's copy of the fort (same place id) is theirs to group, never the owner's.
    expect(await proposalsOf(other)).toEqual([]);
  });

  it('refuses a visitor (401) and a user (403) on every call, before reading what was asked', async () => {
    for (const url of [
      'attraction_uniqnes',
      'attraction_uniqnes_proposals',
      `update_main_attraction_uniqnes/1/${fortA}`,
      `update_attraction_to_uniqness_grop/${fortA}/1`,
      'update_main_attraction_uniqnes/abc/1',
    ]) {
      expectCode(await get(url), 401, 'user_is_not_authorized');
      expectCode(await get(url, user.headers), 403, 'forbidden');
    }
    expectCode(
      await post('accept_attraction_uniqnes_proposal', { attractionIds: [fortA, fortB], mainId: fortA }, {}),
      401,
      'user_is_not_authorized',
    );
    expectCode(
      await post(
        'accept_attraction_uniqnes_proposal',
        { attractionIds: [fortA, fortB], mainId: fortA },
        user.headers,
      ),
      403,
      'forbidden',
    );
    expectCode(
      await post('dismiss_attraction_uniqnes_proposal', { attractionIds: [fortA, fortB] }, user.headers),
      403,
      'forbidden',
    );
  });

  it('accepting a proposal makes a group; search then shows its main record only, and follows a new main', async () => {
    const before = await nearFort();
    expect(before).toEqual(expect.arrayContaining([fortA, fortB]));
    const group = await accept(owner, [fortA, fortB], fortB);
    expect(ids(group)).toEqual({ main: fortB, others: [fortA] });
    expect(group.mayChange).toBe(true);
    expect(await proposalsOf(owner)).toHaveLength(1); // the tower is still proposed

    const after = await nearFort();
    expect(after).toContain(fortB);
    expect(after).not.toContain(fortA);
    // The other records nearby are untouched.
    expect(after).toEqual(expect.arrayContaining([towerA, towerB, otherOwn]));

    const set = await get(
      `update_main_attraction_uniqnes/${group.AttractionUniqnessId}/${fortA}`,
      owner.headers,
    );
    expect(set.statusCode, set.body).toBe(200);
    expect(ids(uniquenessGroupResponse.parse(set.json()).group)).toEqual({ main: fortA, others: [fortB] });
    const now = await nearFort();
    expect(now).toContain(fortA);
    expect(now).not.toContain(fortB);

    // The planner's own search (serch_attractions_of_ride_manger_by_location_api) is one per group too.
    const trip = await makeTrip(t, { authorId: owner.id, days: 1 });
    const mine = await get(
      `serch_attractions_of_ride_manger_by_location_api/${trip.rideId}/${FORT.lat}/${FORT.lng}?radius_km=1`,
      owner.headers,
    );
    expect(mine.statusCode, mine.body).toBe(200);
    const mineIds = attractionsByLocationResponse.parse(mine.json()).attractions.map((a) => a.id);
    expect(mineIds).toContain(fortA);
    expect(mineIds).not.toContain(fortB);
  });

  it('lists groups to their owner and to a platform admin, not to another manager', async () => {
    const [mine] = await groupsOf(owner);
    expect(mine && ids(mine)).toEqual({ main: fortA, others: [fortB] });
    expect(await groupsOf(other)).toEqual([]);
    const all = await groupsOf(admin);
    expect(all.map((g) => g.AttractionUniqnessId)).toContain(mine?.AttractionUniqnessId);
    expect(all.find((g) => g.AttractionUniqnessId === mine?.AttractionUniqnessId)?.mayChange).toBe(true);
  });

  it('setting the main: another manager 403, bad ids 400, unknown group 404, not a member 400, admin allowed', async () => {
    const [group] = await groupsOf(owner);
    const gid = group?.AttractionUniqnessId as number;
    expectCode(
      await get(`update_main_attraction_uniqnes/${gid}/${fortB}`, other.headers),
      403,
      'uniqueness_group_not_yours',
    );
    for (const bad of [
      `abc/${fortB}`,
      `${gid}/x1`,
      `0/${fortB}`,
      `${gid}/-3`,
      `${gid}/99999999999`,
      `1.5/${fortB}`,
    ]) {
      expectCode(await get(`update_main_attraction_uniqnes/${bad}`, owner.headers), 400, 'bad_request');
      expectCode(
        await get(`update_attraction_to_uniqness_grop/${bad.split('/').reverse().join('/')}`, owner.headers),
        400,
        'bad_request',
      );
    }
    expectCode(
      await get(`update_main_attraction_uniqnes/987654/${fortB}`, owner.headers),
      404,
      'uniqueness_group_not_found',
    );
    expectCode(
      await get(`update_main_attraction_uniqnes/${gid}/${towerA}`, owner.headers),
      400,
      'attraction_not_in_group',
    );
    expectCode(
      await get(`update_main_attraction_uniqnes/${gid}/${otherOwn}`, owner.headers),
      400,
      'attraction_not_in_group',
    );
    const byAdmin = await get(`update_main_attraction_uniqnes/${gid}/${fortB}`, admin.headers);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(ids(uniquenessGroupResponse.parse(byAdmin.json()).group)).toEqual({
      main: fortB,
      others: [fortA],
    });
  });

  it('moving: the owner moves their record in; another planner’s record, an unknown or unseen one are refused', async () => {
    const [group] = await groupsOf(owner);
    const gid = group?.AttractionUniqnessId as number;
    const moved = await get(`update_attraction_to_uniqness_grop/${fortFar}/${gid}`, owner.headers);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(ids(uniquenessGroupResponse.parse(moved.json()).group)).toEqual({
      main: fortB,
      others: [fortA, fortFar],
    });
    // Again: already there, nothing changes.
    expect(
      (await get(`update_attraction_to_uniqness_grop/${fortFar}/${gid}`, owner.headers)).statusCode,
    ).toBe(200);

    // Another manager: not into the owner's group, nor the owner's record into their own group.
    expectCode(
      await get(`update_attraction_to_uniqness_grop/${otherOwn}/${gid}`, other.headers),
      403,
      'uniqueness_group_not_yours',
    );
    expectCode(
      await get(`update_attraction_to_uniqness_grop/${otherOwn}/${gid}`, owner.headers),
      403,
      'error_no_access_to_attraction',
    );
    expectCode(
      await get(`update_attraction_to_uniqness_grop/99999999/${gid}`, owner.headers),
      404,
      'not_found',
    );
    // A private record the owner may not see: the same answer as one that does not exist (decision 0023).
    expectCode(
      await get(`update_attraction_to_uniqness_grop/${thirdPrivate}/${gid}`, owner.headers),
      404,
      'not_found',
    );
    expectCode(
      await get(`update_attraction_to_uniqness_grop/${fortA}/424242`, owner.headers),
      404,
      'uniqueness_group_not_found',
    );
    expectCode(
      await post(
        'accept_attraction_uniqnes_proposal',
        { attractionIds: [otherOwn, fortA], mainId: fortA },
        owner.headers,
      ),
      403,
      'error_no_access_to_attraction',
    );
  });

  it('the main moving out: the group takes its oldest record as main; a group left with one record is dissolved', async () => {
    const towers = await accept(owner, [towerA, towerB], towerB);
    const [forts] = (await groupsOf(owner)).filter(
      (g) => g.AttractionUniqnessId !== towers.AttractionUniqnessId,
    );
    const fid = forts?.AttractionUniqnessId as number;
    expect(forts && ids(forts)).toEqual({ main: fortB, others: [fortA, fortFar] });
    // fortB (the forts' main) moves to the towers: the forts take fortA (the oldest) as main.
    expect(
      (await get(`update_attraction_to_uniqness_grop/${fortB}/${towers.AttractionUniqnessId}`, owner.headers))
        .statusCode,
    ).toBe(200);
    const byId = new Map((await groupsOf(owner)).map((g) => [g.AttractionUniqnessId, ids(g)]));
    expect(byId.get(fid)).toEqual({ main: fortA, others: [fortFar] });
    expect(byId.get(towers.AttractionUniqnessId)).toEqual({ main: towerB, others: [fortB, towerA] });
    // fortFar leaves too: fortA alone is no group.
    expect(
      (
        await get(
          `update_attraction_to_uniqness_grop/${fortFar}/${towers.AttractionUniqnessId}`,
          owner.headers,
        )
      ).statusCode,
    ).toBe(200);
    const left = await groupsOf(owner);
    expect(left.map((g) => g.AttractionUniqnessId)).toEqual([towers.AttractionUniqnessId]);
    expectCode(
      await get(`update_main_attraction_uniqnes/${fid}/${fortA}`, owner.headers),
      404,
      'uniqueness_group_not_found',
    );
  });

  it('a group mixing planners (an admin’s) is changed only by an admin, and never shows a private record to others', async () => {
    // The third manager groups their private and public spring.
    const springs = await accept(third, [thirdPrivate, thirdPublic], thirdPublic);
    // The admin cannot see the private one either: an admin acts on what the view policy shows them.
    expectCode(
      await post(
        'accept_attraction_uniqnes_proposal',
        { attractionIds: [thirdPrivate, fortA], mainId: fortA },
        admin.headers,
      ),
      404,
      'not_found',
    );
    // The admin moves the owner's fortA into the springs' group.
    const moved = await get(
      `update_attraction_to_uniqness_grop/${fortA}/${springs.AttractionUniqnessId}`,
      admin.headers,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const seenByOwner = (await groupsOf(owner)).find(
      (g) => g.AttractionUniqnessId === springs.AttractionUniqnessId,
    );
    expect(seenByOwner && ids(seenByOwner)).toEqual({ main: thirdPublic, others: [fortA] });
    expect(seenByOwner?.mayChange).toBe(false);
    expect(JSON.stringify(await groupsOf(owner))).not.toContain('Secret spring');
    expect(JSON.stringify(await groupsOf(admin))).not.toContain('Secret spring');
    const seenByThird = (await groupsOf(third)).find(
      (g) => g.AttractionUniqnessId === springs.AttractionUniqnessId,
    );
    expect(seenByThird && ids(seenByThird)).toEqual({ main: thirdPublic, others: [fortA, thirdPrivate] });
    expectCode(
      await get(`update_main_attraction_uniqnes/${springs.AttractionUniqnessId}/${fortA}`, owner.headers),
      403,
      'uniqueness_group_not_yours',
    );
    expectCode(
      await get(
        `update_main_attraction_uniqnes/${springs.AttractionUniqnessId}/${thirdPublic}`,
        third.headers,
      ),
      403,
      'uniqueness_group_not_yours',
    );
  });

  it('accept and dismiss: bad bodies are coded 400; a dismissed proposal is not proposed again', async () => {
    for (const body of [
      { attractionIds: [fortA], mainId: fortA },
      { attractionIds: [fortA, fortA], mainId: fortA },
      { attractionIds: [fortA, 'x'], mainId: fortA },
      { attractionIds: 'nope', mainId: fortA },
      { attractionIds: [fortA, fortB] },
    ]) {
      const res = await post('accept_attraction_uniqnes_proposal', body, owner.headers);
      expect(res.statusCode, res.body).toBe(400);
    }
    expectCode(
      await post(
        'accept_attraction_uniqnes_proposal',
        { attractionIds: [fortA], mainId: fortA },
        owner.headers,
      ),
      400,
      'uniqueness_group_too_small',
    );
    expectCode(
      await post(
        'accept_attraction_uniqnes_proposal',
        { attractionIds: [fortA, fortB], mainId: towerA },
        owner.headers,
      ),
      400,
      'attraction_not_in_group',
    );

    const fresh = await makeTrip(t, { authorId: owner.id, days: 1 });
    const a = await record(owner.id, fresh.rideId, 'Museum', 40, 20, 'pid-museum');
    const b = await record(owner.id, fresh.rideId, 'Museum', 40.0001, 20, 'pid-museum');
    const proposed = (await proposalsOf(owner)).find((p) => p.attractions.some((x) => x.id === a));
    expect(proposed?.reasons).toEqual(['placeId', 'name']);
    const dismissed = await post(
      'dismiss_attraction_uniqnes_proposal',
      { attractionIds: [b, a] },
      owner.headers,
    );
    expect(dismissed.json()).toEqual({ ServerMassageCode: 'success' });
    expect((await proposalsOf(owner)).some((p) => p.attractions.some((x) => x.id === a))).toBe(false);
    expectCode(
      await post('dismiss_attraction_uniqnes_proposal', { attractionIds: [a, otherOwn] }, owner.headers),
      403,
      'error_no_access_to_attraction',
    );
  });
});

describe('attraction uniqueness groups on the demo content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTripsTestApp();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('the planner has a group (Rosh Hanikra, Hebrew main) and a proposal (Masada, same place id) on first start', async () => {
    const planner = await demoBearer(t, 'planner');
    const groups = uniquenessGroupsResponse.parse(
      (await call(t, 'GET', '/api/attraction_uniqnes', { headers: planner })).json(),
    ).groups;
    expect(groups).toHaveLength(1);
    expect(groups[0]?.chosenAttraction?.title).toBe('נקרות ראש הנקרה');
    expect(groups[0]?.convertedUniqAtractions.map((a) => a.lat)).toEqual([groups[0]?.chosenAttraction?.lat]);
    const proposals = uniquenessProposalsResponse.parse(
      (await call(t, 'GET', '/api/attraction_uniqnes_proposals', { headers: planner })).json(),
    ).proposals;
    expect(proposals.map((p) => ({ titles: p.attractions.map((a) => a.title), reasons: p.reasons }))).toEqual(
      [{ titles: ['מצדה', 'Masada'], reasons: ['placeId'] }],
    );
  });
});

/**
 * Issue 30 point 6: the add-activity searches offer each real place once, and "on the trip" when the trip holds it in
 * any record (the one same-place rule: same place id, same group, same name within 50 m), across languages.
 */
describe('add-activity searches: one real place once, on the trip in any language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTripsTestApp();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  /** A demo record by title, and a trip of the demo that places it. */
  const placed = async (title: string) => {
    const [row] = await t.db.db
      .select({
        id: attractions.id,
        lat: attractions.lat,
        lng: attractions.lng,
        rideId: rideAttractions.rideId,
      })
      .from(attractions)
      .innerJoin(rideAttractions, eq(rideAttractions.attractionId, attractions.id))
      .where(eq(attractions.title, title))
      .limit(1);
    if (!row) throw new Error(`no demo record ${title}`);
    return row;
  };
  const searchBoth = async (rideId: number, lat: number, lng: number) => {
    const ours = await call(t, 'GET', `/api/serch_attractions_by_location_api/${rideId}/${lat}/${lng}`);
    expect(ours.statusCode, ours.body).toBe(200);
    const maps = await call(
      t,
      'GET',
      `/api/serch_activity_by_location_with_google_api/${rideId}/${lat}/${lng}`,
      {
        headers: { Data: JSON.stringify({ type: 'googleAttractions' }) },
      },
    );
    expect(maps.statusCode, maps.body).toBe(200);
    return [
      attractionsByLocationResponse
        .parse(ours.json())
        .attractions.map((a) => ({ id: a.id, title: a.title, inRide: a.inRide })),
      (
        maps.json() as { attractions: { id: number | null; title: string; inRide: boolean }[] }
      ).attractions.map((a) => ({
        id: a.id,
        title: a.title,
        inRide: a.inRide,
      })),
    ];
  };

  it('Masada on the Hebrew trip (the same place id): its English record is not offered, the place is marked once', async () => {
    const he = await placed('מצדה');
    const en = await placed('Masada');
    for (const results of await searchBoth(he.rideId, he.lat, he.lng)) {
      const masada = results.filter((a) => a.id === he.id || a.id === en.id);
      expect(masada).toEqual([{ id: he.id, title: 'מצדה', inRide: true }]);
    }
  });

  it('Rosh Hanikra on the English trip (one uniqueness group, other names): the Hebrew main is marked on the trip', async () => {
    const en = await placed('Rosh Hanikra Grottoes');
    for (const results of await searchBoth(en.rideId, en.lat, en.lng)) {
      const near = results.filter((a) => a.id !== null && /הנקרה|Hanikra/.test(a.title));
      expect(near).toHaveLength(1);
      expect(near[0]?.inRide).toBe(true);
    }
  });
});
