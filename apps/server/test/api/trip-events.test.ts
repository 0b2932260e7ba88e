import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rides, tripEvents, tripMembers } from '../../src/db/schema/index.js';
import { pruneTripEvents } from '../../src/modules/trip-events/trip-events.repository.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, makeTrip, newUser, type Editor } from './trip-editing-fixtures.js';
import { openEvents, type SseStream } from './trip-events-client.js';

/**
 * The trip's live stream (issue 33 point 2, decision 0064) over a real socket: a change of the trip reaches every
 * listener who may view it, a reconnecting page gets what it missed (or `reload`), and a listener who may no longer
 * view the trip is cut off with `revoked`. Presence: signed-in viewers and the day they look at.
 */
describe('trip events: the live stream', () => {
  let t: TestApp;
  let base: string;
  let author: Editor;
  const open: SseStream[] = [];
  const listen = async (rideId: number, headers: Record<string, string> = {}, query = '') => {
    const s = await openEvents(`${base}/api/trips/${rideId}/events${query}`, headers);
    open.push(s);
    return s;
  };
  const addDay = (rideId: number, who: Editor = author) =>
    call(t, 'GET', `/api/add_day_to_ride_api/${rideId}/0`, { headers: who.headers });
  /** A change of members made as the members module makes it (its calls are another part of the issue). */
  const membersChanged = async (rideId: number, change: () => Promise<unknown>) => {
    await change();
    t.app.rides.invalidateTrip(rideId);
    t.app.live.tripChanged(rideId);
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    base = `http://127.0.0.1:${address.port}`;
    author = await newUser(t);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await t.dispose();
  });

  it("an edit reaches the author's open stream as a change with its version, type and editor, and no content", async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 2 });
    const s = await listen(rideId, author.headers);
    expect(s.status).toBe(200);
    expect(s.contentType).toMatch(/^text\/event-stream/);
    const sent = performance.now();
    expect((await addDay(rideId)).statusCode).toBe(200);
    const e = await s.next((x) => x.event === 'change');
    expect(e.at - sent).toBeLessThan(1_000);
    const [ride] = await t.db.db.select({ version: rides.version }).from(rides).where(eq(rides.id, rideId));
    expect(e.id).toBe(String(ride?.version));
    expect(e.data).toMatchObject({
      id: ride?.version,
      version: ride?.version,
      type: expect.any(String),
      userId: author.id,
      userName: expect.any(String),
    });
    expect(JSON.stringify(e.data)).not.toContain('Editing test trip');
  });

  it('a visitor of a public trip listens without signing in; a stranger gets 403 on a private trip, a visitor too', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 2 });
    const visitor = await listen(rideId);
    expect(visitor.status).toBe(200);
    await addDay(rideId);
    await visitor.next((x) => x.event === 'change');
    // A visitor never sees who is looking.
    expect(visitor.events.some((x) => x.event === 'presence')).toBe(false);

    const secret = await makeTrip(t, { authorId: author.id, days: 2, type: 'private' });
    const stranger = await newUser(t);
    const refused = await listen(secret.rideId, stranger.headers);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      ServerMassageCode: 'user_does_not_have_permission_to_this_private_ride',
    });
    expect((await listen(secret.rideId)).status).toBe(403);
    expect((await listen(999_999, author.headers)).status).toBe(404);
  });

  it('Last-Event-ID replays what was missed, in order; one older than the kept log gets reload', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 2 });
    const [before] = await t.db.db.select({ version: rides.version }).from(rides).where(eq(rides.id, rideId));
    const from = before?.version ?? 0;
    for (let i = 0; i < 3; i++) await addDay(rideId);
    const s = await listen(rideId, { ...author.headers, 'last-event-id': String(from) });
    await s.next((x) => x.event === 'change' && x.id === String(from + 3));
    expect(s.events.filter((x) => x.event === 'change').map((x) => x.id)).toEqual(
      [from + 1, from + 2, from + 3].map(String),
    );
    // The query form (EventSource's reconnect sends the header; a page opening afresh may use the query).
    const q = await listen(rideId, author.headers, `?lastEventId=${from + 2}`);
    await q.next((x) => x.event === 'change' && x.id === String(from + 3));
    expect(q.events.filter((x) => x.event === 'change')).toHaveLength(1);

    // The log pruned below what the page has: it reads everything again.
    await pruneTripEvents(t.db.db, rideId, from + 3 + 1_000);
    const old = await listen(rideId, { ...author.headers, 'last-event-id': String(from) });
    const reload = await old.next((x) => x.event === 'reload');
    expect(reload.data).toEqual({ version: from + 3 });
    expect(old.events.some((x) => x.event === 'change')).toBe(false);
    // ... and then follows the trip as any other stream.
    await addDay(rideId);
    await old.next((x) => x.event === 'change' && x.id === String(from + 4));
  });

  it("a member of a private trip listens; removed, their stream gets revoked and ends, and the trip's next events never reach it", async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 2, type: 'private' });
    const member = await newUser(t);
    await membersChanged(rideId, () =>
      t.db.db.insert(tripMembers).values({ rideId, userId: member.id, role: 'viewer' }),
    );
    const s = await listen(rideId, member.headers);
    expect(s.status).toBe(200);
    await addDay(rideId);
    await s.next((x) => x.event === 'change');
    await membersChanged(rideId, () => t.db.db.delete(tripMembers).where(eq(tripMembers.rideId, rideId)));
    await s.next((x) => x.event === 'revoked');
    await s.ended;
    const changes = s.events.filter((x) => x.event === 'change').length;
    await addDay(rideId);
    expect(s.events.filter((x) => x.event === 'change')).toHaveLength(changes);
    expect((await listen(rideId, member.headers)).status).toBe(403);
  });

  it('a trip made private: its visitors are revoked at the next change', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 2 });
    const visitor = await listen(rideId);
    const own = await listen(rideId, author.headers);
    await membersChanged(rideId, () =>
      t.db.db.update(rides).set({ type: 'private' }).where(eq(rides.id, rideId)),
    );
    await visitor.next((x) => x.event === 'revoked');
    await addDay(rideId);
    await own.next((x) => x.event === 'change');
  });

  it('a ticket opens the stream without the header, for this trip only; a forged one is 401', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 2, type: 'private' });
    const other = await makeTrip(t, { authorId: author.id, days: 2, type: 'private' });
    const res = await call(t, 'POST', `/api/trips/${rideId}/events/ticket`, { headers: author.headers });
    expect(res.statusCode).toBe(200);
    const { ticket, expiresAt } = res.json() as { ticket: string; expiresAt: string };
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
    const s = await listen(rideId, {}, `?ticket=${encodeURIComponent(ticket)}`);
    expect(s.status).toBe(200);
    await addDay(rideId);
    await s.next((x) => x.event === 'change');
    const elsewhere = await listen(other.rideId, {}, `?ticket=${encodeURIComponent(ticket)}`);
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body).toMatchObject({ ServerMassageCode: 'invalid_events_ticket' });
    const forged = ticket.replace(/^\d+/, String(author.id + 1));
    expect((await listen(rideId, {}, `?ticket=${encodeURIComponent(forged)}`)).status).toBe(401);
    const stranger = await newUser(t);
    expect(
      (await call(t, 'POST', `/api/trips/${rideId}/events/ticket`, { headers: stranger.headers })).statusCode,
    ).toBe(403);
    expect((await call(t, 'POST', `/api/trips/${rideId}/events/ticket`)).statusCode).toBe(401);
  });

  it('presence: a signed-in viewer appears with the day they look at, and is gone when their stream ends', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 3 });
    const guest = await newUser(t);
    const own = await listen(rideId, author.headers);
    await own.next((x) => x.event === 'presence');
    const theirs = await listen(rideId, guest.headers);
    const hb = await call(t, 'POST', `/api/trips/${rideId}/presence`, {
      headers: guest.headers,
      payload: { day: '2031-05-11' },
    });
    expect(hb.statusCode).toBe(200);
    const seen = await own.next(
      (x) => x.event === 'presence' && JSON.stringify(x.data).includes('2031-05-11'),
      2_000,
    );
    expect((seen.data as { users: unknown[] }).users).toEqual(
      expect.arrayContaining([{ userId: guest.id, name: expect.any(String), day: '2031-05-11' }]),
    );
    const from = own.events.length;
    theirs.close();
    const gone = await own.next(
      (x) =>
        x.event === 'presence' &&
        !(x.data as { users: { userId: number }[] }).users.some((u) => u.userId === guest.id),
      2_000,
      from,
    );
    expect((gone.data as { users: { userId: number }[] }).users.map((u) => u.userId)).toEqual([author.id]);
    // Bad input, a visitor, and a stranger on a private trip are refused.
    expect(
      (
        await call(t, 'POST', `/api/trips/${rideId}/presence`, {
          headers: guest.headers,
          payload: { day: 'monday' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await call(t, 'POST', `/api/trips/${rideId}/presence`, { payload: { day: null } })).statusCode,
    ).toBe(401);
    const secret = await makeTrip(t, { authorId: author.id, days: 1, type: 'private' });
    expect(
      (
        await call(t, 'POST', `/api/trips/${secret.rideId}/presence`, {
          headers: guest.headers,
          payload: { day: null },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('at most ten open streams per user (the eleventh is 429 until one ends)', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 1 });
    const user = await newUser(t);
    const streams = await Promise.all(Array.from({ length: 10 }, () => listen(rideId, user.headers)));
    expect(streams.map((s) => s.status)).toEqual(Array(10).fill(200));
    const eleventh = await listen(rideId, user.headers);
    expect(eleventh.status).toBe(429);
    streams[0]?.close();
    await expect.poll(async () => (await listen(rideId, user.headers)).status).toBe(200);
  });

  it('the log is pruned as it grows: the last thousand changes are kept', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 1 });
    await t.db.db.insert(tripEvents).values(
      Array.from({ length: 1_100 }, (_, i) => ({
        rideId,
        version: 900 + i,
        type: 'days',
        target: { all: true },
      })),
    );
    await t.db.db.update(rides).set({ version: 1_999 }).where(eq(rides.id, rideId));
    // The 50th change writes version 2000 and prunes (PRUNE_EVERY): everything at or below 1000 goes.
    await addDay(rideId);
    const kept = await t.db.db
      .select({ version: tripEvents.version })
      .from(tripEvents)
      .where(eq(tripEvents.rideId, rideId));
    expect(Math.min(...kept.map((r) => r.version))).toBe(1_001);
  });
});
