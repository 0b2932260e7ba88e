import { addDays, tripDatesResponse } from '@rides/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rides } from '../../src/db/schema/index.js';
import { call, dayTitles, editingSuite, makeTrip, newUser, readTrip, START } from './trip-editing-fixtures.js';

/**
 * Two people editing one trip at once never lose an update or break the day order (issue 5): every change is one
 * transaction holding the trip's row lock (SELECT ... FOR UPDATE), on PGlite and on PostgreSQL alike.
 */
describe('ride editing: concurrent edits of one trip', () => {
  const suite = editingSuite();

  it('twelve concurrent "add a day after day 0" all count, and every later day moves once per added day', async () => {
    const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, days: 3, perDay: [['a'], ['b'], ['c']] });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => call(suite.t, 'GET', `/api/add_day_to_ride_api/${rideId}/0`, { headers: suite.author.headers })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    // Each acknowledged answer saw the trip as the one before it left it: durations 4..15, each once.
    expect(answers.map((r) => tripDatesResponse.parse(r.json()).duration).sort((x, y) => x - y)).toEqual(Array.from({ length: 12 }, (_, i) => 4 + i));
    const trip = await readTrip(suite.t, rideId);
    expect(dayTitles(trip)).toEqual([['a'], ...Array(12).fill([]), ['b'], ['c']]);
    const [row] = await suite.t.db.db.select().from(rides).where(eq(rides.id, rideId));
    expect(row?.endDate).toBe(addDays(START, 14));
  });

  it('adds and removes interleaved: the end state is the sum of the acknowledged operations', async () => {
    const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, days: 10, perDay: [['first'], [], [], [], [], [], [], [], [], ['last']] });
    // 8 adds after day 0 and 8 removals of day 1 (an empty day whichever order they run in: day 1 is always either an
    // original empty day or an added one), all at once.
    const ops = [
      ...Array.from({ length: 8 }, () => `/api/add_day_to_ride_api/${rideId}/0`),
      ...Array.from({ length: 8 }, () => `/api/remove_day_and_attractions_from_ride_api/${rideId}/1`),
    ];
    const answers = await Promise.all(ops.map((url) => call(suite.t, 'GET', url, { headers: suite.author.headers })));
    expect(answers.every((r) => r.statusCode === 200), answers.map((r) => r.body).join('\n')).toBe(true);
    const trip = await readTrip(suite.t, rideId);
    expect(trip.attractionsByDay).toHaveLength(10);
    expect(dayTitles(trip)[0]).toEqual(['first']);
    expect(dayTitles(trip)[9]).toEqual(['last']);
  });

  it('activities added while days are added: every activity lands on its day, in one position each', async () => {
    const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, days: 2, perDay: [['x'], ['y']] });
    const other = await newUser(suite.t);
    const source = await makeTrip(suite.t, { authorId: other.id, days: 1, perDay: [Array.from({ length: 8 }, (_, i) => `n${i}`)] });
    const mdy = `${Number(START.slice(5, 7))}/${Number(START.slice(8, 10))}/${START.slice(0, 4)}`;
    const ops: { method: 'GET' | 'POST'; url: string; payload?: unknown }[] = [
      ...[...source.ids.values()].map((id) => ({ method: 'POST' as const, url: `/api/add_attraction_to_ride_api/${rideId}/${id}`, payload: { date: mdy } })),
      ...Array.from({ length: 8 }, () => ({ method: 'GET' as const, url: `/api/add_day_to_ride_api/${rideId}/0` })),
    ];
    const answers = await Promise.all(ops.map((o) => call(suite.t, o.method, o.url, { headers: suite.author.headers, ...(o.payload ? { payload: o.payload } : {}) })));
    expect(answers.every((r) => r.statusCode === 200), answers.map((r) => r.body).join('\n')).toBe(true);
    const trip = await readTrip(suite.t, rideId);
    expect(trip.attractionsByDay).toHaveLength(10);
    const day0 = dayTitles(trip)[0] ?? [];
    expect(day0[0]).toBe('x');
    expect([...day0].sort()).toEqual(['n0', 'n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'x']);
    expect(dayTitles(trip)[9]).toEqual(['y']);
    const positions = await suite.t.db.db.execute<{ p: number }>(sql`SELECT position AS p FROM ride_attractions WHERE ride_id = ${rideId} AND planned_date = ${START} ORDER BY position`);
    expect(positions.rows.map((r) => Number(r.p))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('an edit waits for the transaction holding the trip\'s lock, then applies on top of it', async () => {
    const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, days: 2 });
    let pending: Promise<{ statusCode: number }> | undefined;
    let settledInside = false;
    await suite.t.db.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM rides WHERE id = ${rideId} FOR UPDATE`);
      pending = call(suite.t, 'GET', `/api/add_day_to_ride_api/${rideId}/1`, { headers: suite.author.headers });
      void pending.then(() => {
        settledInside = true;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(settledInside).toBe(false);
      // A change made under the lock: the waiting edit must build on it, not on what it would have read before.
      await tx.update(rides).set({ endDate: addDays(START, 4) }).where(eq(rides.id, rideId));
    });
    const res = await pending;
    expect(res?.statusCode).toBe(200);
    const [row] = await suite.t.db.db.select().from(rides).where(eq(rides.id, rideId));
    // 5 days after the change under the lock, plus the waiting edit's one (a stale read would give 3).
    expect(row?.endDate).toBe(addDays(START, 5));
  });
});
