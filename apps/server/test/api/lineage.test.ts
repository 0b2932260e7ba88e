import { addDays, copyTripResponse, diffTripContent, isoToTripDate, upstreamResponse, type UpstreamResponse } from '@rides/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rideAccessKeys, rideAccessKeyUses, rideAuthorizedUsers, rides, tripLineage } from '../../src/db/schema/index.js';
import { readTripContent } from '../../src/modules/lineage/lineage.repository.js';
import type { TestApp } from '../helpers/app.js';
import { addMember } from './together-fixtures.js';
import { call, expectCode, makeTrip, newUser, START, type Trip } from './trip-editing-fixtures.js';
import { createTripsTestApp } from './trips-fixtures.js';

/**
 * Living copies (issue 37, decision 0075), the server's part: the lineage kept at every kind of copy (day ids, stays'
 * and notes' lineage ids, the base), the day calls keeping the day ids, and GET /api/trips/{rideId}/upstream both
 * ways (who may see it, the private rule, clean changes and conflicts).
 */
describe('living copies: lineage and upstream', () => {
  let t: TestApp;
  type User = Awaited<ReturnType<typeof newUser>>;
  let author: User;
  let copier: User;
  let planner: User;
  beforeAll(async () => {
    t = await createTripsTestApp();
    author = await newUser(t);
    copier = await newUser(t);
    planner = await newUser(t, 'manager');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const mdy = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;
  const get = (url: string, headers: Record<string, string>) => call(t, 'GET', url, { headers });
  const upstream = (rideId: number, headers: Record<string, string> = {}) => get(`/api/trips/${rideId}/upstream`, headers);
  async function changesOf(rideId: number, headers: Record<string, string>): Promise<UpstreamResponse> {
    const res = await upstream(rideId, headers);
    expect(res.statusCode, res.body).toBe(200);
    return upstreamResponse.parse(res.json());
  }
  const content = async (rideId: number) => (await readTripContent(t.db.db, rideId))!.content;
  const setTime = (rideId: number, attractionId: number, date: string, time: string | undefined, headers: Record<string, string>) =>
    call(t, 'GET', `/api/update_attraction_ride_time_api/${rideId}/${attractionId}`, {
      headers,
      data: time === undefined ? { date: mdy(date) } : { date: mdy(date), time },
    });
  const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(200);

  /** A public trip of the author: three days, two stays, a day note and a section; copied by the copier. */
  async function publicTripAndCopy(): Promise<{ original: Trip; copyId: number }> {
    const original = await makeTrip(t, {
      authorId: author.id,
      days: 3,
      perDay: [['a1', 'a2'], ['b1'], ['c1']],
      stays: [{ firstDay: 0, nights: 2, ordered: false }, { firstDay: 2, nights: 1, ordered: false }],
      notes: [{ day: 1, text: 'Day two' }],
      sections: [{ title: 'Before', text: 'Pack' }],
    });
    const res = await get(`/api/add_ride_to_user_api/${original.rideId}`, copier.headers);
    ok(res);
    return { original, copyId: copyTripResponse.parse(res.json()).newRideId };
  }

  describe('at copy time', () => {
    it('a copy’s content right after copying is its original’s (same day, stay and note ids) and is its base', async () => {
      const { original, copyId } = await publicTripAndCopy();
      const theirs = await content(original.rideId);
      expect(await content(copyId)).toEqual(theirs);
      expect(Object.keys(theirs.stays)).toHaveLength(2);
      expect(Object.keys(theirs.notes)).toHaveLength(2);
      const [row] = await t.db.db.select().from(tripLineage).where(eq(tripLineage.rideId, copyId));
      const [ride] = await t.db.db.select({ version: rides.version, dayIds: rides.dayIds }).from(rides).where(eq(rides.id, original.rideId));
      expect(row).toMatchObject({ originRideId: original.rideId, kind: 'copy', base: theirs, baseVersion: ride!.version, notify: true });
      // The original's day ids are assigned now, the copy has the same.
      expect(ride!.dayIds).toEqual(theirs.days);
      expect(await changesOf(copyId, copier.headers)).toEqual({
        ServerMassageCode: 'success',
        originRideId: original.rideId,
        originTitle: 'Editing test trip',
        originRemoved: false,
        version: ride!.version,
        baseVersion: ride!.version,
        changes: [],
        days: theirs.days,
        originDays: theirs.days,
        notify: true,
        mayChangeNotify: true,
      });
    });

    it('a planner’s duplicate and a copy-key client’s copy keep their lineage too', async () => {
      const trip = await makeTrip(t, { authorId: planner.id, rideManagerId: planner.id, type: 'private', days: 2, perDay: [['p'], ['q']] });
      const dup = await get(`/api/add_ride_to_user_api/${trip.rideId}`, planner.headers);
      ok(dup);
      const dupId = copyTripResponse.parse(dup.json()).newRideId;
      const client = await copyKeyClient(trip.rideId);
      const copied = await get(`/api/copy_private_ride_api/${trip.rideId}`, client.headers);
      ok(copied);
      const clientCopyId = (copied.json() as { newRideId: number }).newRideId;
      const kinds = await t.db.db.select({ rideId: tripLineage.rideId, kind: tripLineage.kind }).from(tripLineage).where(eq(tripLineage.originRideId, trip.rideId));
      expect(new Map(kinds.map((k) => [k.rideId, k.kind]))).toEqual(new Map([[dupId, 'duplicate'], [clientCopyId, 'client_copy']]));
      expect(await content(dupId)).toEqual(await content(trip.rideId));
      expect(await content(clientCopyId)).toEqual(await content(trip.rideId));
    });
  });

  describe('the days’ ids', () => {
    it('a day removed in the middle of a copy keeps the other days’ ids; a day added gets a new one', async () => {
      const { copyId } = await publicTripAndCopy();
      const before = await content(copyId);
      const [d0, , d2] = before.days;
      ok(await get(`/api/remove_day_from_ride_api/${copyId}/1`, copier.headers));
      const removed = await content(copyId);
      expect(removed.days).toEqual([d0, d2]);
      // The day note of day two goes with its day, b1 moves to the next day, the first stay (over days one and two)
      // loses a night: the diff says exactly that, and nothing of the later days.
      expect(diffTripContent(before, removed).map((e) => e.kind).sort()).toEqual(['activity-move', 'day-remove', 'note-remove', 'stay-nights']);
      ok(await get(`/api/add_day_to_ride_api/${copyId}/0`, copier.headers));
      const added = await content(copyId);
      expect(added.days).toHaveLength(3);
      expect([added.days[0], added.days[2]]).toEqual([d0, d2]);
      expect(before.days).not.toContain(added.days[1]);
      // (The first stay's check-out was that night: it runs on into the new day, the day calls' rule.)
      expect(diffTripContent(removed, added).map((e) => e.kind === 'day-add' ? e.path : e.kind)).toEqual([`days/${added.days[1]}`, 'stay-nights']);
    });

    it('a new start keeps the days; a longer trip adds days at the end', async () => {
      const { copyId } = await publicTripAndCopy();
      const before = await content(copyId);
      ok(await call(t, 'POST', `/api/update_ride_duration_api/${copyId}`, {
        headers: copier.headers,
        payload: { rideCheckin: isoToTripDate(addDays(START, 7)), rideCheckout: isoToTripDate(addDays(START, 10)) },
      }));
      const after = await content(copyId);
      expect(after.days.slice(0, 3)).toEqual(before.days);
      expect(after.days).toHaveLength(4);
      // Dates moved, nothing else: a copy on other dates is the same content.
      expect(diffTripContent(before, after).map((e) => e.kind)).toEqual(['day-add']);
    });

    it('a trip never copied keeps no ids (null) through the day calls', async () => {
      const trip = await makeTrip(t, { authorId: author.id, days: 3, perDay: [['x'], [], []] });
      ok(await get(`/api/remove_day_from_ride_api/${trip.rideId}/1`, author.headers));
      const [ride] = await t.db.db.select({ dayIds: rides.dayIds }).from(rides).where(eq(rides.id, trip.rideId));
      expect(ride!.dayIds).toBeNull();
    });
  });

  describe('GET upstream: what the original changed', () => {
    it('the copy’s own edits show in diffTripContent(base, now): a retime, a move, a removed day', async () => {
      const { original, copyId } = await publicTripAndCopy();
      const base = await content(copyId);
      const id = (name: string) => original.ids.get(name)!;
      ok(await setTime(copyId, id('a1'), START, '09:30:00 AM', copier.headers));
      ok(await setTime(copyId, id('b1'), addDays(START, 2), undefined, copier.headers));
      ok(await get(`/api/remove_day_and_attractions_from_ride_api/${copyId}/1`, copier.headers));
      const edits = diffTripContent(base, await content(copyId)).map((e) => `${e.kind} ${e.path}`);
      expect(edits).toEqual(expect.arrayContaining([
        `activity-time activities/${id('a1')}/time`,
        `activity-move activities/${id('b1')}/place`,
        `day-remove days/${base.days[1]}`,
      ]));
    });

    it('the owner sees the original’s retimed and moved activity and its new day, clean; a clash is a conflict with both values', async () => {
      const { original, copyId } = await publicTripAndCopy();
      const base = await content(copyId);
      const id = (name: string) => String(original.ids.get(name)!);
      ok(await setTime(original.rideId, original.ids.get('a1')!, START, '10:00:00 AM', author.headers));
      ok(await setTime(original.rideId, original.ids.get('c1')!, addDays(START, 1), undefined, author.headers));
      ok(await get(`/api/add_day_to_ride_api/${original.rideId}/2`, author.headers));
      // The copier retimed a2 on its own (not touched by the author): not listed.
      ok(await setTime(copyId, original.ids.get('a2')!, START, '08:00:00 PM', copier.headers));
      const answer = await changesOf(copyId, copier.headers);
      const [now] = await t.db.db.select({ version: rides.version }).from(rides).where(eq(rides.id, original.rideId));
      expect(answer).toMatchObject({ originRideId: original.rideId, originRemoved: false, version: now!.version });
      expect(answer.version).toBeGreaterThan(answer.baseVersion);
      const newDay = (await content(original.rideId)).days[3]!;
      // A day added after the last one: the last night's stay runs on into it (the day calls' rule), one more night.
      const lastStay = Object.entries(base.stays).find(([, s]) => s.firstNight === base.days[2])![0];
      expect(answer.changes.map((c) => [c.id, c.conflict])).toEqual([
        [`day-add:days/${newDay}`, false],
        [`activity-time:activities/${id('a1')}/time`, false],
        [`activity-move:activities/${id('c1')}/place`, false],
        [`stay-nights:stays/${lastStay}/nights`, false],
      ]);
      expect(answer.changes[1]).toMatchObject({ base: { day: base.days[0], time: null }, theirs: { day: base.days[0], time: '10:00:00' } });

      // Both change a1's time: a conflict with both values.
      ok(await setTime(copyId, original.ids.get('a1')!, START, '11:00:00 AM', copier.headers));
      const clash = (await changesOf(copyId, copier.headers)).changes.find((c) => c.kind === 'activity-time');
      expect(clash).toMatchObject({ conflict: true, theirs: { time: '10:00:00' }, ours: { time: '11:00:00' } });
    });

    it('refuses a visitor (401), a stranger (403), a viewer and a commenter of the copy (403); an editor member sees it', async () => {
      const { copyId } = await publicTripAndCopy();
      expectCode(await upstream(copyId), 401, 'user_is_not_authorized');
      expectCode(await upstream(copyId, (await newUser(t)).headers), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      for (const role of ['viewer', 'commenter'] as const) {
        const member = await newUser(t);
        await addMember(t, copyId, member.id, role);
        expectCode(await upstream(copyId, member.headers), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      }
      const editor = await newUser(t);
      await addMember(t, copyId, editor.id, 'editor');
      const seenByEditor = await changesOf(copyId, editor.headers);
      expect(seenByEditor.originRemoved).toBe(false);
      // The push mails' switch is the copy owner's own: an editor member reads it but may not change it.
      expect(seenByEditor).toMatchObject({ notify: true, mayChangeNotify: false });
      // Even the original's author learns nothing of a copy that is not theirs.
      expectCode(await upstream(copyId, author.headers), 403, 'uesr_is_not_authorize_to_edit_this_ride');
    });

    it('a trip that is not a copy: 404 not_a_copy; a copy made before lineage was kept: 404 copy_not_tracked; no trip: 404', async () => {
      const plain = await makeTrip(t, { authorId: author.id, days: 1 });
      expectCode(await upstream(plain.rideId, author.headers), 404, 'not_a_copy');
      const old = await makeTrip(t, { authorId: copier.id, days: 1, basedRideId: plain.rideId });
      expectCode(await upstream(old.rideId, copier.headers), 404, 'copy_not_tracked');
      expectCode(await upstream(2_000_000_000, copier.headers), 404, 'not_found');
      expectCode(await upstream(Number.NaN, copier.headers), 400, 'bad_request');
    });

    it('a client whose access to the private original was revoked sees “original removed” and nothing of it', async () => {
      const trip = await makeTrip(t, { authorId: planner.id, rideManagerId: planner.id, type: 'private', days: 2, perDay: [['r'], ['s']] });
      const client = await copyKeyClient(trip.rideId);
      const copied = await get(`/api/copy_private_ride_api/${trip.rideId}`, client.headers);
      ok(copied);
      const copyId = (copied.json() as { newRideId: number }).newRideId;
      ok(await setTime(trip.rideId, trip.ids.get('r')!, START, '07:00:00 AM', planner.headers));
      const seen = await changesOf(copyId, client.headers);
      expect(seen).toMatchObject({ originRideId: trip.rideId, originTitle: 'Editing test trip', originRemoved: false });
      expect(seen.changes.map((c) => c.kind)).toEqual(['activity-time']);

      // The planner removes the client: their key's use and their authorisation end.
      await t.db.db.delete(rideAuthorizedUsers).where(and(eq(rideAuthorizedUsers.rideId, trip.rideId), eq(rideAuthorizedUsers.userId, client.id)));
      await t.db.db.update(rideAccessKeyUses).set({ removedAt: new Date() }).where(eq(rideAccessKeyUses.userId, client.id));
      t.app.rides.invalidateTrip(trip.rideId);
      const res = await upstream(copyId, client.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        ServerMassageCode: 'success',
        originRideId: null,
        originTitle: null,
        originRemoved: true,
        version: null,
        baseVersion: seen.baseVersion,
        changes: [],
        // Not even the original's days: nothing of it.
        days: [],
        originDays: null,
        notify: true,
        mayChangeNotify: true,
      });
      expect(res.body).not.toContain('Editing test trip');
    });

    it('a public original made private, or deleted: “original removed”', async () => {
      const { original, copyId } = await publicTripAndCopy();
      await t.db.db.update(rides).set({ type: 'private' }).where(eq(rides.id, original.rideId));
      t.app.rides.invalidateTrip(original.rideId);
      expect(await changesOf(copyId, copier.headers)).toMatchObject({ originRemoved: true, originTitle: null, changes: [] });
      await t.db.db.delete(rides).where(eq(rides.id, original.rideId));
      t.app.rides.invalidateTrip(original.rideId);
      const [row] = await t.db.db.select({ origin: tripLineage.originRideId }).from(tripLineage).where(eq(tripLineage.rideId, copyId));
      expect(row).toEqual({ origin: null });
      expect(await changesOf(copyId, copier.headers)).toMatchObject({ originRemoved: true, originRideId: null, changes: [] });
    });
  });

  let keySeq = 0;
  /** A client of the private trip by a copy key, as the join leaves them (authorised, the use admitted). */
  async function copyKeyClient(rideId: number): Promise<User> {
    const user = await newUser(t);
    keySeq += 1;
    const [key] = await t.db.db
      .insert(rideAccessKeys)
      .values({ rideId, secretKey: `lineage${rideId}x${user.id}x${keySeq}`, action: 'copy' })
      .returning({ id: rideAccessKeys.id });
    const keyId = key!.id;
    await t.db.db.insert(rideAuthorizedUsers).values({ rideId, userId: user.id, keyId });
    await t.db.db.insert(rideAccessKeyUses).values({ keyId, userId: user.id, admitted: true, message: 'joined' });
    t.app.rides.invalidateTrip(rideId);
    return user;
  }
});
