import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, estimateTripLegs, tripLegPlan, type TripDay } from '@rides/contract';
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
import { keepLeg, legKeyOf } from '../apps/server/src/modules/legs/legs.repository.js';
import { createMailer } from '../apps/server/src/providers/mail/index.js';
import { median, pct, table } from './lib.js';

/**
 * Issue 36's bar for the legs (decision 0071): the legs of a 14-day trip with 8 stops a day answer under 50 ms on the
 * server, from the database. On the embedded database, a trip of 14 days x 8 activities in and around Tel Aviv with a
 * hotel every two nights (125 legs: the stays first and last; the first morning has none), GET /api/trips/{id}/legs?mode=walk by app.inject (the
 * server's own time, no network):
 *  - from the database: the trip's cached view dropped before every call (app.rides.invalidateTrip), so each call reads
 *    and presents the trip again, then works out its legs by the estimate;
 *  - cached: the trip's view already held (what a second screen of the same trip costs);
 *  - routed, every leg kept: ROUTING_PROVIDER=osrm (at an address nothing answers) with all 125 answers already in
 *    routed_legs, the view dropped before every call (the view and one read of the kept legs);
 * beside the baselines of the same run: ride_attractions_api from the database and cached (the same trip read and
 * presented, without the legs) and /api/health; and the contract's estimate of the whole trip alone, in a loop.
 */
const DAYS = 14;
const PER_DAY = 8;
const ROUNDS = Number(process.env.LEGS_ROUNDS ?? 60);
const START = '2031-05-10';

async function buildTrip(db: Database): Promise<number> {
  const [user] = await db
    .insert(users)
    .values({ email: 'legs.bench@example.com', userName: 'Legs bench', role: 'manager' })
    .returning({ id: users.id });
  const authorId = user!.id;
  const [ride] = await db
    .insert(rides)
    .values({ authorId, title: 'Legs bench', text: '', startDate: START, endDate: addDays(START, DAYS - 1) })
    .returning({ id: rides.id });
  const rideId = ride!.id;
  // Each day's stops a few hundred metres to a few kilometres apart, each day somewhere else along the coast.
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
          lat: 32.05 + day * 0.03 + Math.sin(k) * 0.01,
          lng: 34.76 + day * 0.01 + Math.cos(k * 1.7) * 0.012,
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
    })),
  );
  await db.insert(accommodations).values(
    Array.from({ length: DAYS / 2 }, (_, i) => ({
      rideId,
      name: `Hotel ${i + 1}`,
      lat: 32.06 + i * 0.06,
      lng: 34.77 + i * 0.02,
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

export async function legsBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rides-bench-legs-'));
  let handle: DbHandle | undefined;
  const apps: FastifyInstance[] = [];
  try {
    handle = await openDatabase({ inMemory: true });
    await migrateDatabase(handle);
    const rideId = await buildTrip(handle.db);
    const env = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'l'.repeat(40),
      RATES_PROVIDER: 'none',
    };
    const make = async (extra: Record<string, string>) => {
      const config = loadConfig({ ...env, ...extra });
      const app = await buildApp({
        config,
        db: handle!,
        mailer: createMailer(config.mail),
        logLevel: 'silent',
      });
      await app.ready();
      apps.push(app);
      return app;
    };
    const estimated = await make({});
    // A router nothing answers at: every leg below is kept already, so it is never asked.
    const routed = await make({ ROUTING_PROVIDER: 'osrm', ROUTING_URL: 'http://127.0.0.1:9' });

    const page = await estimated.inject({ method: 'GET', url: `/api/ride_attractions_api/${rideId}` });
    const days = (page.json() as { attractionsByDay: TripDay[] }).attractionsByDay;
    const plan = tripLegPlan(days);
    const legCount = plan.reduce((n, d) => n + d.legs.length, 0);
    const at = new Date();
    for (const leg of plan.flatMap((d) => d.legs))
      await keepLeg(
        handle.db,
        'osrm',
        'walk',
        legKeyOf(leg.from, leg.to),
        { distanceM: 1000, durationS: 700 },
        at,
      );
    const check = (
      await routed.inject({ method: 'GET', url: `/api/trips/${rideId}/legs?mode=walk` })
    ).json() as {
      days: { legs: { source: string }[] }[];
    };
    const routedCount = check.days.flatMap((d) => d.legs).filter((l) => l.source === 'routed').length;
    if (routedCount !== legCount) throw new Error(`routed ${routedCount} of ${legCount} legs`);

    const legsUrl = `/api/trips/${rideId}/legs?mode=walk`;
    const pageUrl = `/api/ride_attractions_api/${rideId}`;
    const dropped = (app: FastifyInstance) => () => app.rides.invalidateTrip(rideId);
    const series = {
      legsCold: [] as number[],
      legsWarm: [] as number[],
      routedCold: [] as number[],
      pageCold: [] as number[],
      pageWarm: [] as number[],
      health: [] as number[],
    };
    // Warm-up: the code paths compiled before anything is counted.
    for (let i = 0; i < 5; i++) {
      await timedInject(estimated, legsUrl, dropped(estimated));
      await timedInject(routed, legsUrl, dropped(routed));
      await timedInject(estimated, pageUrl, dropped(estimated));
    }
    for (let r = 0; r < ROUNDS; r++) {
      series.legsCold.push(await timedInject(estimated, legsUrl, dropped(estimated)));
      series.legsWarm.push(await timedInject(estimated, legsUrl));
      series.routedCold.push(await timedInject(routed, legsUrl, dropped(routed)));
      series.pageCold.push(await timedInject(estimated, pageUrl, dropped(estimated)));
      series.pageWarm.push(await timedInject(estimated, pageUrl));
      series.health.push(await timedInject(estimated, '/api/health'));
    }
    // The contract's estimate of the whole trip alone (what a browser would compute from the trip it holds).
    const loops = 2000;
    const t0 = performance.now();
    for (let i = 0; i < loops; i++) estimateTripLegs(days, 'walk');
    const estimateMs = (performance.now() - t0) / loops;

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
      `\nlegs of a ${DAYS}-day trip, ${PER_DAY} stops a day (${legCount} legs), server time by inject, ${ROUNDS} rounds (bar: < 50 ms from the database)`,
    );
    table([
      row('GET .../legs?mode=walk, from the database (estimate)', series.legsCold),
      row('GET .../legs?mode=walk, trip cached (estimate)', series.legsWarm),
      row('GET .../legs?mode=walk, from the database (every leg routed, kept)', series.routedCold),
      row('GET ride_attractions_api, from the database (baseline)', series.pageCold),
      row('GET ride_attractions_api, cached (baseline)', series.pageWarm),
      row('GET /api/health (baseline)', series.health),
    ]);
    console.log(`the contract's estimate of the whole trip alone: ${(estimateMs * 1000).toFixed(0)} µs`);
  } finally {
    for (const app of apps) await app.close();
    await handle?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
