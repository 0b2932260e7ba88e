import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../src/db/client.js';
import { migrateDatabase } from '../../src/db/migrate.js';
import { send, startServer, type ServerProcess } from '../helpers/server-process.js';

/**
 * The embedded database killed with `kill -9` in the middle of concurrent edits (issue 15): the real server on a
 * temporary DATA_DIR, eight editors adding days, activities and notes to one trip, SIGKILL while they run. Then the
 * server starts again on the same folder (the database opens, migrations apply, it serves the trip), and, the server
 * stopped, the database itself is checked: every placement and day note on a day of its trip, no stay ending before it
 * starts, every table readable, and every edit that was answered before the kill is there.
 *
 * Only the embedded database (PGlite): on PostgreSQL a killed server process loses nothing of the database server.
 */
const embedded = !process.env.DATABASE_URL;

describe.runIf(embedded)('the embedded database after kill -9 during concurrent edits', () => {
  const servers: ServerProcess[] = [];
  let dataDir = '';
  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('restarts consistent, with every answered edit kept', { timeout: 120_000 }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rides-kill-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: 'kill-test-secret-'.padEnd(48, 'x'), WEB_DIST: join(dataDir, 'no-web') };
    const first = await startServer(env, { readyWithinMs: 90_000 });
    servers.push(first);

    const registered = await send(first.base, 'POST', '/api/register_new_user_api', {
      json: { email: `kill.${Date.now()}@example.com`, password: 'secret-123', userName: 'Kill' },
    });
    expect(registered.status, registered.text).toBe(200);
    const headers = { authorization: `Bearer ${(registered.body as { token: string }).token}` };
    const made = await send(first.base, 'POST', '/api/add_ride_api', {
      headers,
      json: { title: 'Killed while editing', text: '', checkIn: '01-03-2031', checkOut: '03-03-2031' },
    });
    expect(made.status, made.text).toBe(200);
    const rideId = (made.body as { rideId: number }).rideId;

    // Eight editors: each round adds a day, an activity of its own on day 1 and a note on day 1. Answered writes are noted.
    const answered = { days: 0, activities: [] as string[], notes: [] as string[] };
    let stop = false;
    let round = 0;
    const editor = async (who: number) => {
      while (!stop) {
        round += 1;
        const name = `e${who}-${round}`;
        const step = round % 3;
        try {
          if (step === 0) {
            const r = await send(first.base, 'GET', `/api/add_day_to_ride_api/${rideId}/0`, { headers });
            if (r.status === 200) answered.days += 1;
          } else if (step === 1) {
            const r = await send(first.base, 'POST', `/api/create_attraction_and_add_to_ride_api/${rideId}`, {
              headers,
              json: { title: name, address: 'Somewhere 1', text: '', lat: 41.9, lng: 12.5, date: '3/1/2031' },
            });
            if (r.status === 200) answered.activities.push(name);
          } else {
            const r = await send(first.base, 'POST', '/api/add_extra_information_to_ride', { headers, json: { ride_id: rideId, text: name, date: '01-03-2031' } });
            if (r.status === 200) answered.notes.push(name);
          }
        } catch {
          return; // the server is gone
        }
      }
    };
    const editors = Array.from({ length: 8 }, (_, i) => editor(i));
    // Kill once a good number of edits went through, while the others are in flight.
    const deadline = Date.now() + 20_000;
    while (answered.days + answered.activities.length + answered.notes.length < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(editors);
    await first.stop();
    expect(answered.activities.length + answered.notes.length + answered.days).toBeGreaterThanOrEqual(40);

    // The server starts again on the same folder and serves the trip.
    const second = await startServer(env, { readyWithinMs: 90_000 });
    servers.push(second);
    const view = await send(second.base, 'GET', `/api/ride_attractions_api/${rideId}`, { headers });
    expect(view.status, view.text).toBe(200);
    const trip = view.body as { ride: { duration: number; rideExtraInformationByDay: { text: string }[] }; attractionsByDay: { daily_attractions: { title: string }[] }[] };
    expect(trip.attractionsByDay).toHaveLength(trip.ride.duration);
    const shown = trip.attractionsByDay.flatMap((d) => d.daily_attractions.map((a) => a.title));
    expect(shown).toEqual(expect.arrayContaining(answered.activities));
    expect(trip.ride.rideExtraInformationByDay.map((n) => n.text)).toEqual(expect.arrayContaining(answered.notes));
    expect(trip.ride.duration).toBeGreaterThanOrEqual(3 + answered.days);
    await second.stop();
    expect(second.child.exitCode).toBe(0);

    // The database itself, with the server stopped.
    let db: DbHandle | undefined;
    try {
      db = await openDatabase({ dataDir });
      await migrateDatabase(db);
      const one = async (query: ReturnType<typeof sql>) => Number(((await db!.db.execute<{ n: number | string }>(query)).rows[0] as { n: number | string }).n);
      expect(await one(sql`SELECT count(*) AS n FROM ride_attractions p JOIN rides r ON r.id = p.ride_id WHERE p.planned_date NOT BETWEEN r.start_date AND r.end_date`)).toBe(0);
      expect(await one(sql`SELECT count(*) AS n FROM ride_extra_information e JOIN rides r ON r.id = e.ride_id WHERE e.date IS NOT NULL AND e.date NOT BETWEEN r.start_date AND r.end_date`)).toBe(0);
      expect(await one(sql`SELECT count(*) AS n FROM accommodations WHERE check_out_date <= check_in_date`)).toBe(0);
      expect(await one(sql`SELECT count(*) AS n FROM ride_attractions p LEFT JOIN attractions a ON a.id = p.attraction_id WHERE a.id IS NULL`)).toBe(0);
      // The placements the page showed are those stored, none lost and none doubled.
      expect(await one(sql`SELECT count(*) AS n FROM ride_attractions WHERE ride_id = ${rideId}`)).toBe(shown.length);
      // Every table reads through (a damaged page or index would fail here).
      const tables = (await db.db.execute<{ name: string }>(sql`SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'`)).rows;
      expect(tables.length).toBeGreaterThan(5);
      for (const { name } of tables) await db.db.execute(sql.raw(`SELECT count(*) FROM ${name}`));
      await db.db.execute(sql`REINDEX TABLE ride_attractions`);
    } finally {
      await db?.close();
    }
  });
});
