import {
  copyTripResponse,
  pushCopiesResponse,
  tripCopiesResponse,
  upstreamResponse,
  type TripCopiesResponse,
  type UpstreamResponse,
} from '@rides/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rideAccessKeys, rideAccessKeyUses, rideAuthorizedUsers, rides, users } from '../../src/db/schema/index.js';
import { readTripContent } from '../../src/modules/lineage/lineage.repository.js';
import { mailsTo, type TestApp } from '../helpers/app.js';
import { call, expectCode, makeTrip, newUser, START, type Trip } from './trip-editing-fixtures.js';
import { createTripsTestApp } from './trips-fixtures.js';

/**
 * Living copies (issue 37 point 4, decision 0075 "Push"): a planner's template, its clients' copies made through copy
 * keys as the product makes them, GET /api/trips/{rideId}/copies and POST .../copies/push, the owners' mails, their
 * switch (PUT .../copy-settings) and their undo of a push.
 */
describe('living copies: a planner pushes a template into the clients’ copies', () => {
  let t: TestApp;
  type User = Awaited<ReturnType<typeof newUser>>;
  let planner: User;
  beforeAll(async () => {
    t = await createTripsTestApp();
    planner = await newUser(t, 'manager');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const mdy = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;
  const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(200);
  const get = (url: string, headers: Record<string, string>) => call(t, 'GET', url, { headers });
  const setTime = (rideId: number, attractionId: number, time: string, headers: Record<string, string>) =>
    get(`/api/update_attraction_ride_time_api/${rideId}/${attractionId}`, { ...headers, data: JSON.stringify({ date: mdy(START), time }) });
  const copiesOf = (rideId: number, headers = planner.headers) => get(`/api/trips/${rideId}/copies`, headers);
  async function copies(rideId: number): Promise<TripCopiesResponse> {
    const res = await copiesOf(rideId);
    ok(res);
    return tripCopiesResponse.parse(res.json());
  }
  const setNotify = (rideId: number, notify: boolean, headers: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: `/api/trips/${rideId}/copy-settings`, headers, payload: { notify } });
  const push = (rideId: number, payload: unknown, headers = planner.headers) =>
    call(t, 'POST', `/api/trips/${rideId}/copies/push`, { headers, payload });
  async function upstream(rideId: number, headers: Record<string, string>): Promise<UpstreamResponse> {
    const res = await get(`/api/trips/${rideId}/upstream`, headers);
    ok(res);
    return upstreamResponse.parse(res.json());
  }
  const timeOf = async (rideId: number, attractionId: number) =>
    (await readTripContent(t.db.db, rideId))!.content.activities[String(attractionId)]!.time;
  const emailOf = async (id: number) =>
    (await t.db.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email!;

  let keySeq = 0;
  /** A client of the template through a copy key (as joining with the key leaves it), who copies it. */
  async function clientCopy(rideId: number): Promise<{ client: User; copyId: number }> {
    const client = await newUser(t);
    keySeq += 1;
    const [key] = await t.db.db
      .insert(rideAccessKeys)
      .values({ rideId, secretKey: `push${rideId}x${client.id}x${keySeq}`, action: 'copy' })
      .returning({ id: rideAccessKeys.id });
    await t.db.db.insert(rideAuthorizedUsers).values({ rideId, userId: client.id, keyId: key!.id });
    await t.db.db.insert(rideAccessKeyUses).values({ keyId: key!.id, userId: client.id, admitted: true, message: 'joined' });
    t.app.rides.invalidateTrip(rideId);
    const res = await get(`/api/copy_private_ride_api/${rideId}`, client.headers);
    ok(res);
    return { client, copyId: copyTripResponse.parse(res.json()).newRideId };
  }

  /** The planner's private template (two days) and three clients' copies. */
  async function templateAndCopies(): Promise<{ template: Trip; copies: { client: User; copyId: number }[]; id: (title: string) => number }> {
    const template = await makeTrip(t, { authorId: planner.id, rideManagerId: planner.id, type: 'private', days: 2, perDay: [['r', 's'], ['q']] });
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await clientCopy(template.rideId));
    return { template, copies: made, id: (title) => template.ids.get(title)! };
  }

  it('clean changes reach every copy, a conflict waits in the one that changed the same time; mails as switched', async () => {
    const { template, copies: [one, two, three], id } = await templateAndCopies();
    // The second client switches the mails off; the third retimes r in their copy.
    ok(await setNotify(two!.copyId, false, two!.client.headers));
    ok(await setTime(three!.copyId, id('r'), '08:30:00 AM', three!.client.headers));
    // The planner retimes r and s.
    ok(await setTime(template.rideId, id('r'), '07:00:00 AM', planner.headers));
    ok(await setTime(template.rideId, id('s'), '11:00:00 AM', planner.headers));

    const listed = await copies(template.rideId);
    const [version] = await t.db.db.select({ version: rides.version }).from(rides).where(eq(rides.id, template.rideId));
    expect(listed.version).toBe(version!.version);
    expect(listed.copies.map(({ baseVersion: _b, ...c }) => c)).toEqual([
      { rideId: one!.copyId, title: 'Editing test trip', ownerName: expect.stringMatching(/^Editor /), kind: 'client_copy', notify: true, updates: 2, conflicts: 0, ownChanges: 0 },
      { rideId: two!.copyId, title: 'Editing test trip', ownerName: expect.stringMatching(/^Editor /), kind: 'client_copy', notify: false, updates: 2, conflicts: 0, ownChanges: 0 },
      { rideId: three!.copyId, title: 'Editing test trip', ownerName: expect.stringMatching(/^Editor /), kind: 'client_copy', notify: true, updates: 2, conflicts: 1, ownChanges: 1 },
    ]);
    // Nothing of the copies' content: counts, titles, names only.
    expect(JSON.stringify(listed)).not.toContain('08:30');

    const res = await push(template.rideId, { version: listed.version, copies: 'all' });
    ok(res);
    expect(pushCopiesResponse.parse(res.json()).copies).toEqual([
      { rideId: one!.copyId, applied: 2, refused: [], waiting: 0 },
      { rideId: two!.copyId, applied: 2, refused: [], waiting: 0 },
      { rideId: three!.copyId, applied: 1, refused: [], waiting: 1 },
    ]);
    for (const c of [one!, two!]) {
      expect(await timeOf(c.copyId, id('r'))).toBe('07:00:00');
      expect(await timeOf(c.copyId, id('s'))).toBe('11:00:00');
      expect((await upstream(c.copyId, c.client.headers)).changes).toEqual([]);
    }
    // The third keeps its own time; the planner's waits as a conflict for its owner.
    expect(await timeOf(three!.copyId, id('r'))).toBe('08:30:00');
    expect(await timeOf(three!.copyId, id('s'))).toBe('11:00:00');
    const waiting = await upstream(three!.copyId, three!.client.headers);
    expect(waiting.changes.map((c) => [c.id, c.conflict])).toEqual([[`activity-time:activities/${id('r')}/time`, true]]);

    // Mailed after the answer: the first and third, not the second who switched off.
    await expect.poll(async () => (await mailsTo(t.outboxDir, await emailOf(three!.client.id))).length).toBe(1);
    await expect.poll(async () => (await mailsTo(t.outboxDir, await emailOf(one!.client.id))).length).toBe(1);
    const [mail] = await mailsTo(t.outboxDir, await emailOf(three!.client.id));
    expect(mail!.subject).toContain('Editing test trip');
    expect(mail!.text).toContain(`/${three!.copyId}`);
    expect(mail!.text).toMatch(/2 (updates|עדכונים)|שני עדכונים|two updates/);
    expect(await mailsTo(t.outboxDir, await emailOf(two!.client.id))).toEqual([]);

    // The list after: nothing new for the first two, the conflict for the third.
    expect((await copies(template.rideId)).copies.map((c) => [c.updates, c.conflicts])).toEqual([[0, 0], [0, 0], [1, 1]]);

    // The first client undoes the push: their copy as before, the updates listed again.
    ok(await call(t, 'POST', `/api/trips/${one!.copyId}/upstream/undo`, { headers: one!.client.headers, payload: {} }));
    expect(await timeOf(one!.copyId, id('r'))).toBeNull();
    expect(await timeOf(one!.copyId, id('s'))).toBeNull();
    expect((await upstream(one!.copyId, one!.client.headers)).changes.map((c) => c.kind)).toEqual(['activity-time', 'activity-time']);
  });

  it('a stale version 409; an unknown copy 400; a stranger and a client 403 on both calls; no copies: []', async () => {
    const { template, copies: [one], id } = await templateAndCopies();
    const listed = await copies(template.rideId);
    ok(await setTime(template.rideId, id('s'), '09:00:00 AM', planner.headers));
    expectCode(await push(template.rideId, { version: listed.version, copies: 'all' }), 409, 'upstream_changed');
    expect(await timeOf(one!.copyId, id('s'))).toBeNull();
    const now = (await copies(template.rideId)).version;
    expectCode(await push(template.rideId, { version: now, copies: [template.rideId] }), 400, 'unknown_copy');
    const stranger = await newUser(t);
    const otherPlanner = await newUser(t, 'manager');
    for (const who of [stranger, one!.client, otherPlanner]) {
      expectCode(await copiesOf(template.rideId, who.headers), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      expectCode(await push(template.rideId, { version: now, copies: 'all' }, who.headers), 403, 'uesr_is_not_authorize_to_edit_this_ride');
    }
    expectCode(await copiesOf(template.rideId, {}), 401, 'user_is_not_authorized');
    // Only the copy's owner switches its mails.
    expectCode(await setNotify(one!.copyId, false, planner.headers), 403, 'uesr_is_not_authorize_to_edit_this_ride');
    const lonely = await makeTrip(t, { authorId: planner.id, rideManagerId: planner.id, type: 'private', days: 1, perDay: [['x']] });
    expect((await copies(lonely.rideId)).copies).toEqual([]);
  });

  it('a locked copy is skipped with its reason, the others still get the push; a removed client’s copy is not listed', async () => {
    const { template, copies: [one, two, three], id } = await templateAndCopies();
    ok(await setTime(template.rideId, id('s'), '09:00:00 AM', planner.headers));
    await t.db.db.update(rides).set({ isLocked: true }).where(eq(rides.id, one!.copyId));
    t.app.rides.invalidateTrip(one!.copyId);
    // The third client is removed: their key's use and authorisation end.
    await t.db.db.delete(rideAuthorizedUsers).where(eq(rideAuthorizedUsers.userId, three!.client.id));
    await t.db.db.update(rideAccessKeyUses).set({ removedAt: new Date() }).where(eq(rideAccessKeyUses.userId, three!.client.id));
    t.app.rides.invalidateTrip(template.rideId);
    const listed = await copies(template.rideId);
    expect(listed.copies.map((c) => c.rideId)).toEqual([one!.copyId, two!.copyId]);
    expectCode(await push(template.rideId, { version: listed.version, copies: [three!.copyId] }), 400, 'unknown_copy');
    const res = await push(template.rideId, { version: listed.version, copies: [one!.copyId, two!.copyId] });
    ok(res);
    expect(pushCopiesResponse.parse(res.json()).copies).toEqual([
      { rideId: one!.copyId, applied: 0, refused: [], waiting: 0, skipped: 'locked' },
      { rideId: two!.copyId, applied: 1, refused: [], waiting: 0 },
    ]);
    expect(await timeOf(one!.copyId, id('s'))).toBeNull();
    expect(await timeOf(two!.copyId, id('s'))).toBe('09:00:00');
    expect(await timeOf(three!.copyId, id('s'))).toBeNull();
  });
});
