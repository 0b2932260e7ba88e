import { addDays, isoToTripDate, type RideAttractionsResponse, type UserInfoResponse } from '@rides/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accommodations, attractions, rideAccessKeys, rides, users } from '../../src/db/schema/index.js';
import { createTestApp, postJson, type TestApp } from '../helpers/app.js';
import { call, makeTrip, newUser, readTrip, START } from './trip-editing-fixtures.js';

/**
 * The one link rule of the contract (issue 15 point 5, decision 0025) on every link a user gives: an accommodation's
 * link stored javascript: and data: addresses (as given or as "http://javascript:..."), the trip's photo album took
 * anything. Now only http(s) with a real host is taken (400 invalid_link on the field otherwise), and a link stored
 * before the rule is shown as no link at all (trip view, author block, private landing's redirect page).
 */

const HOSTILE_LINKS = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'http://javascript:alert(1)',
  'javascript://%0aalert(1)',
  'vbscript:msgbox(1)',
  'http://localhost:3000/admin',
];

let t: TestApp;
let author: Awaited<ReturnType<typeof newUser>>;
beforeAll(async () => {
  t = await createTestApp();
  author = await newUser(t, 'manager');
});
afterAll(() => t.dispose());

function expectInvalidLink(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ ServerMassageCode: string; errors?: { field: string; code: string }[] }>();
  expect(body.ServerMassageCode, res.body).toBe('invalid_link');
  expect(body.errors, res.body).toContainEqual({ field, code: 'invalid_link' });
}

const stay = (link: string) => ({
  name: 'Hotel Yam',
  lat: 32.81,
  lng: 34.98,
  check_in_date: isoToTripDate(START),
  check_out_date: isoToTripDate(addDays(START, 1)),
  link,
});

describe('links a user gives', () => {
  it('an accommodation: create and update refuse every address but http(s) with a real host; nothing is stored', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 3 });
    for (const link of HOSTILE_LINKS) {
      expectInvalidLink(await call(t, 'POST', `/api/create_accommodation_and_add_to_ride_api/${rideId}`, { headers: author.headers, payload: stay(link) }), 'link');
    }
    expect(await t.db.db.select().from(accommodations).where(eq(accommodations.rideId, rideId))).toEqual([]);
    const ok = await call(t, 'POST', `/api/create_accommodation_and_add_to_ride_api/${rideId}`, { headers: author.headers, payload: stay('www.hotel-yam.example/rooms') });
    expect(ok.statusCode, ok.body).toBe(200);
    const id = ok.json<{ accommodation: { id: number; link: string } }>().accommodation.id;
    expect(ok.json<{ accommodation: { link: string } }>().accommodation.link).toBe('http://www.hotel-yam.example/rooms');
    for (const link of HOSTILE_LINKS) {
      expectInvalidLink(await call(t, 'POST', `/api/update_accommodation_api/${id}`, { headers: author.headers, payload: stay(link) }), 'link');
    }
    const [row] = await t.db.db.select({ link: accommodations.link }).from(accommodations).where(eq(accommodations.id, id));
    expect(row?.link).toBe('http://www.hotel-yam.example/rooms');
  });

  it("the trip's photo album (add_ride_api, update_ride_information_api)", async () => {
    const body = (link: string) => ({ title: 'Album', checkIn: isoToTripDate(START), checkOut: isoToTripDate(addDays(START, 2)), photos_albom_link: link });
    for (const link of HOSTILE_LINKS) expectInvalidLink(await call(t, 'POST', '/api/add_ride_api', { headers: author.headers, payload: body(link) }), 'photos_albom_link');
    const created = await call(t, 'POST', '/api/add_ride_api', { headers: author.headers, payload: body('https://photos.example.com/album/1') });
    expect(created.statusCode, created.body).toBe(200);
    const rideId = created.json<{ rideId: number }>().rideId;
    for (const link of HOSTILE_LINKS) {
      expectInvalidLink(await call(t, 'POST', `/api/update_ride_information_api/${rideId}`, { headers: author.headers, payload: body(link) }), 'photos_albom_link');
    }
    const [row] = await t.db.db.select({ link: rides.photosAlbumLink }).from(rides).where(eq(rides.id, rideId));
    expect(row?.link).toBe('https://photos.example.com/album/1');
  });

  it('the trip information form reads a photo album stored before the rule as none (the form sends it back)', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 2 });
    await t.db.db.update(rides).set({ photosAlbumLink: 'javascript:alert(1)' }).where(eq(rides.id, rideId));
    const res = await call(t, 'GET', `/api/ride_information_api/${rideId}`, { headers: author.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ photos_albom_link: string | null }>().photos_albom_link).toBeNull();
  });

  it("an attraction's website", async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 2 });
    for (const link of HOSTILE_LINKS) {
      expectInvalidLink(
        await call(t, 'POST', `/api/create_attraction_and_add_to_ride_api/${rideId}`, { headers: author.headers, payload: { title: 'Port', lat: 32.8, lng: 35, link } }),
        'link',
      );
    }
  });
});

describe('links stored before the rule are shown as no link', () => {
  it('trip view: an attraction and a stay with a javascript: link answer link null; a good link is kept', async () => {
    const { rideId, ids } = await makeTrip(t, { authorId: author.id, days: 2, perDay: [['Bad', 'Good']], stays: [{ firstDay: 0, nights: 1, ordered: true }] });
    await t.db.db.update(attractions).set({ link: 'javascript:alert(1)' }).where(eq(attractions.id, ids.get('Bad') as number));
    await t.db.db.update(attractions).set({ link: 'https://good.example.com/x' }).where(eq(attractions.id, ids.get('Good') as number));
    await t.db.db.update(accommodations).set({ link: 'http://javascript:alert(1)' }).where(eq(accommodations.rideId, rideId));
    t.app.rides.invalidateTrip(rideId);
    const trip: RideAttractionsResponse = await readTrip(t, rideId, author.headers);
    const day = trip.attractionsByDay[0];
    expect(day?.daily_attractions.map((a) => [a.title, a.link])).toEqual([
      ['Bad', null],
      ['Good', 'https://good.example.com/x'],
    ]);
    expect(day?.accommodation?.link).toBeNull();
  });

  it("the author block: a website, Facebook or Instagram link that is not http(s) is null", async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 1 });
    await t.db.db
      .update(users)
      .set({ websiteLink: 'javascript:alert(1)', facebookLink: 'data:text/html,x', instagramLink: 'https://instagram.com/planner' })
      .where(eq(users.id, author.id));
    const res = await call(t, 'GET', `/api/user_info_from_ride_id_api/${rideId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<UserInfoResponse>().userInfo).toMatchObject({ website_link: null, facebook_link: null, instagram_link: 'https://instagram.com/planner' });
  });

  it("the private landing's redirect page: http://javascript:... is no page", async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 1, type: 'private', rideManagerId: author.id });
    await t.db.db.insert(rideAccessKeys).values({ rideId, secretKey: `link-rule-${rideId}`, createdBy: author.id, redirectPage: 'http://javascript:alert(1)' });
    const res = await postJson(t.app, '/api/get_redirect_page_from_ride_id', { rideId });
    expect(res.json()).toEqual({ ServerMassageCode: 'success', redirectPage: null });
  });
});
