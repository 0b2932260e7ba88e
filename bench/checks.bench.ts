import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, estimateTripLegs, type TripChecksResponse, type TripDay } from '@rides/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database, type DbHandle } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import {
  accommodations,
  attractions,
  rideAttractions,
  rides,
  users,
} from '../apps/server/src/db/schema/index.js';
import { tripWarnings } from '../apps/server/src/modules/day-checks/warnings.js';
import { createMailer } from '../apps/server/src/providers/mail/index.js';
import { median, pct, table } from './lib.js';

/**
 * Issue 36's bar for the day's warnings (decision 0073): the legs and warnings of a 14-day trip with 8 stops a day
 * answer under 50 ms on the server, from the database. On the embedded database, a trip of 14 days x 8 activities
 * between Jerusalem and Tel Aviv (in Israel, so every stop is asked about Shabbat and the holidays; two Shabbatot in
 * it), half of them with opening hours, two a day with a time, a hotel every two nights; GET
 * /api/trips/{id}/checks?mode=drive by app.inject (the server's own time, no network):
 *  - from the database: the trip's cached view dropped before every call (app.rides.invalidateTrip), so each call reads
 *    and presents the trip again, then works out its legs and its warnings;
 *  - cached: the trip's view already held;
 * beside the baselines of the same run: the legs call from the database, ride_attractions_api from the database (the
 * same trip read and presented) and /api/health; and the warnings alone (the pure rules on the trip and its legs), in a
 * loop, and once at first use (the hours, zones and calendar libraries loaded and their answers kept).
 */
const DAYS = 14;
const PER_DAY = 8;
const ROUNDS = Number(process.env.CHECKS_ROUNDS ?? 60);
const START = '2031-05-10';
const HOURS = ['Su-Th 09:00-17:00; Fr 09:00-13:00', 'Mo-Sa 10:00-18:00', 'Tu-Su 08:00-16:00', '24/7'];

async function buildTrip(db: Database): Promise<number> {
  const [user] = await db
    .insert(users)
    .values({ email: 'checks.bench@example.com', userName: 'Checks bench', role: 'manager' })
    .returning({ id: users.id });
  const authorId = user!.id;
  const [ride] = await db
    .insert(rides)
    .values({
      authorId,
      title: 'Checks bench',
      text: '',
      startDate: START,
      endDate: addDays(START, DAYS - 1),
    })
    .returning({ id: rides.id });
  const rideId = ride!.id;
  // Each day's stops a few hundred metres to a few kilometres apart, from Jerusalem towards Tel Aviv day by day.
  const inserted = await db
    .insert(attractions)
    .values(
      Array.from({ length: DAYS * PER_DAY }, (_, i) => {
        const day = Math.floor(i / PER_DAY);
        const k = i % PER_DAY;
        return {
          authorId,
          title: `Stop ${i + 1}`,
          text: '<p>What to see.</p>',
          lat: 31.78 + day * 0.022 + Math.sin(k) * 0.01,
          lng: 35.21 - day * 0.031 + Math.cos(k * 1.7) * 0.012,
          osmOpeningHours: k % 2 === 0 ? HOURS[(i / 2) % HOURS.length] : null,
        };
      }),
    )
    .returning({ id: attractions.id });
  await db.insert(rideAttractions).values(
    inserted.map((a, i) => ({
      rideId,
      attractionId: a.id,
      plannedDate: addDays(START, Math.floor(i / PER_DAY)),
      position: i % PER_DAY,
      // Two timed stops a day: the first at 09:30, the fifth at 14:00.
      timeOfDay: i % PER_DAY === 0 ? '09:30:00' : i % PER_DAY === 4 ? '14:00:00' : null,
    })),
  );
  await db.insert(accommodations).values(
    Array.from({ length: DAYS / 2 }, (_, i) => ({
      rideId,
      name: `Hotel ${i + 1}`,
      lat: 31.79 + i * 0.044,
      lng: 35.2 - i * 0.062,
      checkInDate: addDays(START, i * 2),
      checkOutDate: addDays(START, i * 2 + 2),
      status: 'booked' as const,
    })),
  );
  return rideId;
}

async function timedInject(app: FastifyInstance, url: string, before?: () => void): Promise<number> {
  before?.();
  const t = performance.now();
  const res = await app.inject({ method: 'GET', url });
  const ms = performance.now() - t;
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${url}: ${res.body.slice(0, 200)}`);
  return ms;
}

export async function checksBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rides-bench-checks-'));
  let handle: DbHandle | undefined;
  let app: FastifyInstance | undefined;
  try {
    handle = await openDatabase({ inMemory: true });
    await migrateDatabase(handle);
    const rideId = await buildTrip(handle.db);
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'c'.repeat(40),
      RATES_PROVIDER: 'none',
    });
    app = await buildApp({ config, db: handle, mailer: createMailer(config.mail), logLevel: 'silent' });
    await app.ready();

    const page = await app.inject({ method: 'GET', url: `/api/ride_attractions_api/${rideId}` });
    const days = (page.json() as { attractionsByDay: TripDay[] }).attractionsByDay;
    const legs = estimateTripLegs(days, 'drive');
    // The first evaluation in the process: the libraries loaded, the places' zones, hours and sun times worked out.
    const t0 = performance.now();
    const first = tripWarnings({ days, legs, datesHidden: false });
    const firstMs = performance.now() - t0;

    const checksUrl = `/api/trips/${rideId}/checks?mode=drive`;
    const legsUrl = `/api/trips/${rideId}/legs?mode=drive`;
    const pageUrl = `/api/ride_attractions_api/${rideId}`;
    const answer = (await app.inject({ method: 'GET', url: checksUrl })).json() as TripChecksResponse;
    const byCode = new Map<string, number>();
    for (const w of answer.warnings) byCode.set(w.code, (byCode.get(w.code) ?? 0) + 1);
    if (answer.warnings.length !== first.length) throw new Error('the call and the rules disagree');

    const dropped = () => app!.rides.invalidateTrip(rideId);
    const series = {
      checksCold: [] as number[],
      checksWarm: [] as number[],
      legsCold: [] as number[],
      pageCold: [] as number[],
      health: [] as number[],
    };
    for (let i = 0; i < 5; i++) {
      await timedInject(app, checksUrl, dropped);
      await timedInject(app, legsUrl, dropped);
      await timedInject(app, pageUrl, dropped);
    }
    for (let r = 0; r < ROUNDS; r++) {
      series.checksCold.push(await timedInject(app, checksUrl, dropped));
      series.checksWarm.push(await timedInject(app, checksUrl));
      series.legsCold.push(await timedInject(app, legsUrl, dropped));
      series.pageCold.push(await timedInject(app, pageUrl, dropped));
      series.health.push(await timedInject(app, '/api/health'));
    }
    const loops = 200;
    const t1 = performance.now();
    for (let i = 0; i < loops; i++) tripWarnings({ days, legs, datesHidden: false });
    const rulesMs = (performance.now() - t1) / loops;

    const health = median(series.health);
    const pageCold = median(series.pageCold);
    const row = (call: string, xs: number[]) => ({
      call,
      'median ms': median(xs).toFixed(2),
      'p95 ms': pct(xs, 95).toFixed(2),
      'x health': (median(xs) / health).toFixed(1),
      'x trip read (db)': (median(xs) / pageCold).toFixed(2),
    });
    console.log(
      `\nlegs and warnings of a ${DAYS}-day trip, ${PER_DAY} stops a day (${answer.warnings.length} warnings: ${[...byCode].map(([c, n]) => `${c} ${n}`).join(', ')}), server time by inject, ${ROUNDS} rounds (bar: < 50 ms from the database)`,
    );
    table([
      row('GET .../checks?mode=drive, from the database', series.checksCold),
      row('GET .../checks?mode=drive, trip cached', series.checksWarm),
      row('GET .../legs?mode=drive, from the database (baseline)', series.legsCold),
      row('GET ride_attractions_api, from the database (baseline)', series.pageCold),
      row('GET /api/health (baseline)', series.health),
    ]);
    console.log(
      `the warnings alone (the rules on the trip and its legs): ${rulesMs.toFixed(2)} ms; the first time in the process ${firstMs.toFixed(0)} ms (libraries loaded, answers kept)`,
    );
  } finally {
    await app?.close();
    await handle?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
