import {
  addDays,
  isoToTripDate,
  tripVersionEtag,
  versionOfEtag,
  type TripChangedMeanwhile,
} from '@rides/contract';
import { and, asc, eq, lte } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rideExtraInformation, rides, tripEvents } from '../../src/db/schema/index.js';
import {
  call,
  editingSuite,
  expectCode,
  makeTrip,
  readTrip,
  snapshot,
  START,
} from './trip-editing-fixtures.js';

/**
 * No silent overwrites (issue 33 point 3, decision 0065): the trip's version is the ETag of its two reads and of every
 * edit's answer; an edit sent with a stale If-Match whose change clashes with what changed since answers 409
 * trip_changed_meanwhile (what changed, by whom, the current version) and changes nothing; one that does not clash
 * goes through; without If-Match every call works as the spec says. The rule itself: test/access/edit-clash.test.ts.
 */
describe('If-Match and ETag of the trip', () => {
  const suite = editingSuite();
  const h = (ifMatch?: string) => ({
    ...suite.author.headers,
    ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }),
  });

  const versionOf = async (rideId: number) => {
    const [row] = await suite.t.db.db.select({ v: rides.version }).from(rides).where(eq(rides.id, rideId));
    return row?.v as number;
  };
  const etagOf = async (rideId: number, url = 'ride_attractions_api') => {
    const res = await call(suite.t, 'GET', `/api/${url}/${rideId}`, { headers: suite.author.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.headers.etag as string;
  };
  /** Day i's note of the trip, as the form sends it. */
  const dayNote = (rideId: number, id: number, day: number, text: string, ifMatch?: string) =>
    call(suite.t, 'POST', '/api/update_extra_information_to_ride', {
      headers: h(ifMatch),
      payload: { ride_id: rideId, extra_information_id: id, text, date: isoToTripDate(addDays(START, day)) },
    });
  const notes = async (rideId: number) =>
    (
      await suite.t.db.db
        .select({
          id: rideExtraInformation.id,
          text: rideExtraInformation.text,
          date: rideExtraInformation.date,
        })
        .from(rideExtraInformation)
        .where(eq(rideExtraInformation.rideId, rideId))
        .orderBy(asc(rideExtraInformation.date))
    ).map((n) => ({ ...n }));
  const mdy = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;
  const setTime = (rideId: number, attractionId: number, day: number, time: string, ifMatch?: string) =>
    call(suite.t, 'GET', `/api/update_attraction_ride_time_api/${rideId}/${attractionId}`, {
      headers: h(ifMatch),
      data: { date: mdy(addDays(START, day)), time },
    });
  const info = (rideId: number, fields: Record<string, unknown>, ifMatch?: string) =>
    call(suite.t, 'POST', `/api/update_ride_information_api/${rideId}`, {
      headers: h(ifMatch),
      payload: {
        title: 'Editing test trip',
        text: '<p>trip</p>',
        checkIn: '10-05-2031',
        checkOut: '14-05-2031',
        ...fields,
      },
    });

  const fiveDays = () =>
    makeTrip(suite.t, {
      authorId: suite.author.id,
      days: 5,
      perDay: [['a1', 'a2'], ['b1'], [], [], ['e1']],
      notes: [
        { day: 1, text: 'day 2 note' },
        { day: 3, text: 'day 4 note' },
      ],
    });

  it('both reads answer the version as a weak ETag; an edit answers the version it made', async () => {
    const { rideId } = await fiveDays();
    const v = await versionOf(rideId);
    expect(await etagOf(rideId)).toBe(tripVersionEtag(v));
    expect(await etagOf(rideId, 'ride_header_api')).toBe(`W/"${v}"`);
    const [note] = await notes(rideId);
    const res = await dayNote(rideId, note!.id, 1, 'changed', tripVersionEtag(v));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe(tripVersionEtag(v + 1));
    // The cached pre-serialised bodies were dropped with the change: the reads answer the new version.
    expect(await etagOf(rideId)).toBe(tripVersionEtag(v + 1));
    expect(await etagOf(rideId, 'ride_header_api')).toBe(tripVersionEtag(v + 1));
    // Gzip bodies carry it too.
    const gz = await call(suite.t, 'GET', `/api/ride_attractions_api/${rideId}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(versionOfEtag(gz.headers.etag as string)).toBe(v + 1);
  });

  it('a stale If-Match on the same day note: 409 trip_changed_meanwhile with what changed and by whom, nothing applied', async () => {
    const { rideId } = await fiveDays();
    const seen = await etagOf(rideId);
    const [day2] = await notes(rideId);
    expect((await dayNote(rideId, day2!.id, 1, 'A wrote this', seen)).statusCode).toBe(200);
    const before = await snapshot(suite.t, rideId);
    const res = await dayNote(rideId, day2!.id, 1, 'B overwrites', seen);
    expectCode(res, 409, 'trip_changed_meanwhile');
    const body = res.json<TripChangedMeanwhile>();
    const now = await versionOf(rideId);
    expect(body.version).toBe(now);
    expect(body.changes).toHaveLength(1);
    expect(body.changes[0]).toMatchObject({
      version: now,
      type: 'texts',
      target: { days: [addDays(START, 1)] },
      userId: suite.author.id,
      userName: expect.stringMatching(/^Editor /),
    });
    expect(res.headers.etag).toBeUndefined();
    expect(await snapshot(suite.t, rideId)).toEqual(before);
    expect((await notes(rideId))[0]?.text).toBe('A wrote this');
    // "Apply my change again": the same call on the version the 409 gave goes through.
    const again = await dayNote(rideId, day2!.id, 1, 'B overwrites', tripVersionEtag(body.version));
    expect(again.statusCode, again.body).toBe(200);
    expect((await notes(rideId))[0]?.text).toBe('B overwrites');
  });

  it('a stale If-Match whose edit does not clash goes through: another day, another activity, another field', async () => {
    const { rideId, ids } = await fiveDays();
    const seen = await etagOf(rideId);
    const [day2, day4] = await notes(rideId);
    // A changes day 2's note; B, on the old version, changes day 4's note and moves an activity within day 1.
    expect((await dayNote(rideId, day2!.id, 1, 'A: day 2', seen)).statusCode).toBe(200);
    const b = await dayNote(rideId, day4!.id, 3, 'B: day 4', seen);
    expect(b.statusCode, b.body).toBe(200);
    const time = await setTime(rideId, ids.get('a1')!, 0, '09:30:00 AM', seen);
    expect(time.statusCode, time.body).toBe(200);
    expect((await notes(rideId)).map((n) => n.text)).toEqual(['A: day 2', 'B: day 4']);
    const trip = await readTrip(suite.t, rideId);
    expect(trip.attractionsByDay[0]?.daily_attractions.find((a) => a.title === 'a1')?.dateTime).toBe(
      '09:30:00 AM',
    );
    // The trip form: A changes the title, B (stale) the party; B's form sends the title it saw, unchanged.
    const seen2 = await etagOf(rideId);
    expect((await info(rideId, { title: 'A title' }, seen2)).statusCode).toBe(200);
    const party = await info(rideId, { title: 'A title', number_of_adult: 4 }, seen2);
    expect(party.statusCode, party.body).toBe(200);
    // ... but a stale save that would put its old title back over A's clashes.
    const back = await info(rideId, { title: 'Editing test trip', number_of_adult: 4 }, seen2);
    expectCode(back, 409, 'trip_changed_meanwhile');
    const [row] = await suite.t.db.db.select().from(rides).where(eq(rides.id, rideId));
    expect({ title: row?.title, adults: row?.numberOfAdult }).toEqual({ title: 'A title', adults: 4 });
  });

  it("new dates clash with everything day-based, not with the trip's other fields", async () => {
    const { rideId, ids } = await fiveDays();
    const seen = await etagOf(rideId);
    expect(
      (await call(suite.t, 'GET', `/api/add_day_to_ride_api/${rideId}/0`, { headers: h(seen) })).statusCode,
    ).toBe(200);
    const before = await snapshot(suite.t, rideId);
    const [day2] = await notes(rideId);
    expectCode(await dayNote(rideId, day2!.id, 2, 'stale', seen), 409, 'trip_changed_meanwhile');
    expectCode(await setTime(rideId, ids.get('e1')!, 5, '10:00:00 AM', seen), 409, 'trip_changed_meanwhile');
    expect(await snapshot(suite.t, rideId)).toEqual(before);
    // The lock is a field of its own.
    const lock = await call(suite.t, 'POST', `/api/lock_ride_api/${rideId}`, {
      headers: h(seen),
      payload: { is_locked: false },
    });
    expect(lock.statusCode, lock.body).toBe(200);
  });

  it('a stale edit of an activity removed meanwhile: 409 (what the user edits changed), not 404', async () => {
    const { rideId, ids } = await fiveDays();
    const seen = await etagOf(rideId);
    const removed = await call(
      suite.t,
      'GET',
      `/api/remove_attraction_from_ride_api/${rideId}/${ids.get('b1')}`,
      { headers: h(seen) },
    );
    expect(removed.statusCode).toBe(200);
    expectCode(await setTime(rideId, ids.get('b1')!, 1, '10:00:00 AM', seen), 409, 'trip_changed_meanwhile');
    // Without If-Match the spec's answer stands.
    expectCode(await setTime(rideId, ids.get('b1')!, 1, '10:00:00 AM'), 404, 'not_found');
  });

  it('the current If-Match applies and answers the next version; chained edits on the answers all go through', async () => {
    const { rideId } = await fiveDays();
    let etag = await etagOf(rideId);
    const [day2] = await notes(rideId);
    for (const text of ['one', 'two', 'three']) {
      const res = await dayNote(rideId, day2!.id, 1, text, etag);
      expect(res.statusCode, res.body).toBe(200);
      expect(versionOfEtag(res.headers.etag as string)).toBe((versionOfEtag(etag) as number) + 1);
      etag = res.headers.etag as string;
    }
    expect((await notes(rideId))[0]?.text).toBe('three');
    expect(await etagOf(rideId)).toBe(etag);
  });

  it('without If-Match (or with *) every edit works as the spec says, also after others changed the trip', async () => {
    const { rideId } = await fiveDays();
    const [day2] = await notes(rideId);
    expect((await dayNote(rideId, day2!.id, 1, 'first')).statusCode).toBe(200);
    const res = await dayNote(rideId, day2!.id, 1, 'second');
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(tripVersionEtag(await versionOf(rideId)));
    expect((await dayNote(rideId, day2!.id, 1, 'third', '*')).statusCode).toBe(200);
    expect((await notes(rideId))[0]?.text).toBe('third');
  });

  it('a malformed If-Match, or a version this server never gave: 400 invalid_version, nothing applied', async () => {
    const { rideId } = await fiveDays();
    const [day2] = await notes(rideId);
    const before = await snapshot(suite.t, rideId);
    for (const bad of ['abc', 'W/"x"', '"1", "2"', '-1', '1.5', '99999999999'])
      expectCode(await dayNote(rideId, day2!.id, 1, 'x', bad), 400, 'invalid_version');
    expectCode(
      await dayNote(rideId, day2!.id, 1, 'x', String((await versionOf(rideId)) + 5)),
      400,
      'invalid_version',
    );
    expect(await snapshot(suite.t, rideId)).toEqual(before);
    // A read ignores If-Match.
    const read = await call(suite.t, 'GET', `/api/ride_attractions_api/${rideId}`, { headers: h('abc') });
    expect(read.statusCode).toBe(200);
  });

  it('stays and accommodations: the same stay clashes, another goes through', async () => {
    const { rideId } = await makeTrip(suite.t, {
      authorId: suite.author.id,
      days: 5,
      stays: [
        { firstDay: 0, nights: 1, ordered: true },
        { firstDay: 2, nights: 1, ordered: true },
      ],
    });
    const list = await call(suite.t, 'GET', `/api/ride_accommodations_api/${rideId}`, {
      headers: suite.author.headers,
    });
    const stays = (list.json() as { ride: { id: number; check_in_date: string; check_out_date: string }[] })
      .ride;
    const [s0, s1] = [...stays].sort((a, b) => a.id - b.id);
    const body = (s: { check_in_date: string; check_out_date: string }, name: string) => ({
      name,
      lat: 32,
      lng: 35,
      check_in_date: isoToTripDate(addDays(START, s === s0 ? 0 : 2)),
      check_out_date: isoToTripDate(addDays(START, s === s0 ? 1 : 3)),
    });
    const seen = await etagOf(rideId);
    const a = await call(suite.t, 'POST', `/api/update_accommodation_api/${s0!.id}`, {
      headers: h(seen),
      payload: body(s0!, 'A'),
    });
    expect(a.statusCode, a.body).toBe(200);
    expectCode(
      await call(suite.t, 'POST', `/api/update_accommodation_api/${s0!.id}`, {
        headers: h(seen),
        payload: body(s0!, 'B'),
      }),
      409,
      'trip_changed_meanwhile',
    );
    const other = await call(suite.t, 'POST', `/api/update_accommodation_api/${s1!.id}`, {
      headers: h(seen),
      payload: body(s1!, 'B'),
    });
    expect(other.statusCode, other.body).toBe(200);
  });

  it("when the changes since the caller's version are no longer kept, the edit clashes", async () => {
    const { rideId } = await fiveDays();
    const seen = await etagOf(rideId);
    const [day2, day4] = await notes(rideId);
    expect((await dayNote(rideId, day2!.id, 1, 'A', seen)).statusCode).toBe(200);
    // Pruned: the log keeps nothing up to the current version.
    await suite.t.db.db
      .delete(tripEvents)
      .where(and(eq(tripEvents.rideId, rideId), lte(tripEvents.version, await versionOf(rideId))));
    expectCode(await dayNote(rideId, day4!.id, 3, 'B', seen), 409, 'trip_changed_meanwhile');
  });

  it('concurrent read-version → edit with If-Match on one day note: every applied edit was made on the version it read', async () => {
    const { rideId } = await fiveDays();
    const [day2] = await notes(rideId);
    const clients = 8;
    const rounds = 4;
    const outcomes = await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        const mine: { read: number; status: number; made?: number; text: string }[] = [];
        for (let r = 0; r < rounds; r += 1) {
          const etag = await etagOf(rideId);
          const text = `client ${c} round ${r}`;
          const res = await dayNote(rideId, day2!.id, 1, text, etag);
          mine.push({
            read: versionOfEtag(etag) as number,
            status: res.statusCode,
            text,
            ...(res.statusCode === 200 ? { made: versionOfEtag(res.headers.etag as string) as number } : {}),
          });
        }
        return mine;
      }),
    );
    const all = outcomes.flat();
    expect(
      all.every((o) => o.status === 200 || o.status === 409),
      JSON.stringify(all),
    ).toBe(true);
    const applied = all.filter((o) => o.status === 200);
    expect(applied.length).toBeGreaterThan(0);
    // 0 silent overwrites: each applied edit made exactly the version after the one it read...
    for (const o of applied) expect(o.made).toBe(o.read + 1);
    // ... so no two applied edits read the same version, and the log agrees.
    expect(new Set(applied.map((o) => o.read)).size).toBe(applied.length);
    const log = await suite.t.db.db
      .select({ v: tripEvents.version })
      .from(tripEvents)
      .where(eq(tripEvents.rideId, rideId));
    const made = new Set(log.map((e) => e.v));
    for (const o of applied) expect(made.has(o.made as number)).toBe(true);
    // The note holds the last applied edit's text.
    const last = applied.reduce((x, y) => ((x.made as number) > (y.made as number) ? x : y));
    expect((await notes(rideId))[0]?.text).toBe(last.text);
  });
});
