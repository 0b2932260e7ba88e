import { calendarFeedResponse } from '@rides/contract';
import { eq } from 'drizzle-orm';
import { rideAttractions } from '../../src/db/schema/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectCode } from './trip-editing-fixtures.js';
import { addMember, makeWorld, person, removeMember, send, type TogetherWorld } from './together-fixtures.js';

/**
 * A calendar that follows the trip (issue 33 point 6, decision 0066): a member subscribes to the trip's feed (its
 * webcal:// address with their own secret token), the feed shows the trip as it is now, a removed member's feed stops,
 * and the address can be revoked.
 */
let t: TestApp;
let w: TogetherWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
  // An activity is an event of the calendar when it has a time of day.
  await t.db.db
    .update(rideAttractions)
    .set({ timeOfDay: '10:00' })
    .where(eq(rideAttractions.rideId, w.trips.private.rideId));
  t.app.rides.invalidateTrip(w.trips.private.rideId);
});
afterAll(async () => {
  await t?.dispose();
});

const feedOf = async (rideId: number, headers: Record<string, string>) => {
  const res = await send(t, 'GET', `/api/ride_calendar_feed_api/${rideId}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return calendarFeedResponse.parse(res.json());
};
/** Reads the feed as a calendar app does: the address alone, no session. */
const poll = (feedUrl: string) =>
  t.app.inject({ method: 'GET', url: new URL(feedUrl).pathname + new URL(feedUrl).search });

describe('a member subscribes to the trip', () => {
  it('gets a webcal:// address with a token of their own that reads the private trip without a session', async () => {
    const rideId = w.trips.private.rideId;
    const viewer = await feedOf(rideId, w.people.viewer.headers);
    const commenter = await feedOf(rideId, w.people.commenter.headers);
    expect(viewer.hasToken).toBe(true);
    expect(viewer.webcalUrl).toMatch(
      /^webcal:\/\/rides\.test\/api\/ride_export_api\/\d+\/ics\?token=[A-Za-z0-9_-]{43}$/,
    );
    expect(viewer.webcalUrl.slice('webcal'.length)).toBe(viewer.feedUrl.slice('https'.length));
    expect(commenter.feedUrl).not.toBe(viewer.feedUrl);
    const ics = await poll(viewer.feedUrl);
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain('BEGIN:VCALENDAR');
    expect(ics.body).toContain('Museum');
  });

  it('a change to the trip shows at the next refresh', async () => {
    const rideId = w.trips.private.rideId;
    const { feedUrl } = await feedOf(rideId, w.people.editor.headers);
    const [museum, beach] = [...w.trips.private.ids.entries()];
    expect((await poll(feedUrl)).body).toContain(museum?.[0]);
    // The editor removes the museum from its day (an edit through the one edit policy).
    const edit = await send(
      t,
      'GET',
      `/api/remove_attraction_from_ride_api/${rideId}/${museum?.[1]}`,
      w.people.editor.headers,
    );
    expect(edit.statusCode, edit.body).toBe(200);
    const after = (await poll(feedUrl)).body;
    expect(after).not.toContain(museum?.[0]);
    expect(after).toContain(beach?.[0]);
  });

  it("a removed member's feed stops working", async () => {
    const rideId = w.trips.private.rideId;
    const leaving = await person(t, 'Lea Leaving');
    await addMember(t, rideId, leaving.id, 'viewer');
    const { feedUrl } = await feedOf(rideId, leaving.headers);
    expect((await poll(feedUrl)).statusCode).toBe(200);
    await removeMember(t, rideId, leaving.id);
    expectCode(await poll(feedUrl), 403, 'user_does_not_have_permission_to_this_private_ride');
  });

  it('revoked: the address stops working, the next read makes a new one', async () => {
    const rideId = w.trips.private.rideId;
    const first = await feedOf(rideId, w.people.commenter.headers);
    const revoke = await send(t, 'DELETE', `/api/trips/${rideId}/calendar-feed`, w.people.commenter.headers);
    expect(revoke.json()).toEqual({ ServerMassageCode: 'success', revoked: true });
    expectCode(await poll(first.feedUrl), 403, 'user_does_not_have_permission_to_this_private_ride');
    expect(
      (await send(t, 'DELETE', `/api/trips/${rideId}/calendar-feed`, w.people.commenter.headers)).json(),
    ).toEqual({
      ServerMassageCode: 'success',
      revoked: false,
    });
    const second = await feedOf(rideId, w.people.commenter.headers);
    expect(second.feedUrl).not.toBe(first.feedUrl);
    expect((await poll(second.feedUrl)).statusCode).toBe(200);
    expectCode(
      await send(t, 'DELETE', `/api/trips/${rideId}/calendar-feed`, {}),
      401,
      'user_is_not_authorized',
    );
    expectCode(
      await send(t, 'DELETE', `/api/trips/abc/calendar-feed`, w.people.commenter.headers),
      400,
      'bad_request',
    );
  });

  it('a stranger of the private trip gets no address', async () => {
    expectCode(
      await send(t, 'GET', `/api/ride_calendar_feed_api/${w.trips.private.rideId}`, w.people.user.headers),
      403,
      'user_does_not_have_permission_to_this_private_ride',
    );
  });
});
