import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays } from '@rides/contract';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database, type DbHandle } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import {
  accommodations,
  attractions,
  rideAttractions,
  rideAuthorizedUsers,
  rideClientOpens,
  rideExtraInformation,
  rides,
  users,
} from '../apps/server/src/db/schema/index.js';
import { signSessionToken } from '../apps/server/src/lib/tokens.js';
import { createMailer } from '../apps/server/src/providers/mail/index.js';
import {
  load,
  median,
  printVsBaseline,
  startBareBaseline,
  time,
  withThrowawayPostgres,
  type LoadResult,
} from './lib.js';

/**
 * DESIGN.md §6: the trip page API (ride_attractions_api) on a 14-day trip with 5 attractions a day must reach
 * at least 25% of a bare Fastify route's throughput, p99 under 25 ms, at 50 connections, in the same run.
 * The trip is built in a fresh in-memory PGlite with realistic text, opening hours and reviews; when BENCH_DATABASE_URL
 * or DATABASE_URL is set, the same again on a throwaway PostgreSQL database, where every request first catches up
 * with the change feed (a round trip on the LISTEN connection, decision 0027).
 */
const DAYS = 14;
const PER_DAY = 5;
const START = '2027-06-01';

async function buildTrip(db: Database): Promise<{ rideId: number; authorId: number }> {
  const [user] = await db
    .insert(users)
    .values({
      email: 'bench@example.com',
      userName: 'Bench planner',
      role: 'manager',
      title: 'Planner',
      about: 'About me',
    })
    .returning({ id: users.id });
  const authorId = (user as { id: number }).id;
  const [ride] = await db
    .insert(rides)
    .values({
      authorId,
      title: 'Bench trip – 14 days',
      text: '<p>A <b>two-week</b> trip across the country, with <a href="https://example.com">links</a> and lists:</p><ul><li>one</li><li>two</li></ul>'.repeat(
        3,
      ),
      startDate: START,
      endDate: addDays(START, DAYS - 1),
      language: 'hebrew',
    })
    .returning({ id: rides.id });
  const rideId = (ride as { id: number }).id;
  const weekday = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map(
    (d) => `${d}: 9:00 AM – 5:00 PM`,
  );
  const rows = Array.from({ length: DAYS * PER_DAY }, (_, i) => ({
    authorId,
    title: `Place ${i + 1}`,
    address: `${i + 1} Main Street, Some City`,
    text:
      `<p>Description of place ${i + 1}: what to see, how long to stay, where to park and when to come. `.repeat(
        3,
      ) + '</p>',
    link: `https://example.com/place/${i + 1}`,
    rate: 4.5,
    lat: 31 + i / 100,
    lng: 35 + i / 100,
    imageUrl: `https://example.com/img/${i + 1}.jpg`,
    openingHours: weekday,
    reviews: [
      { author_name: 'Dana', rating: 5, text: 'Wonderful place, we spent the whole morning there.' },
      { author_name: 'Yossi', rating: 4, text: 'Nice, but crowded at noon.' },
    ],
  }));
  const inserted = await db.insert(attractions).values(rows).returning({ id: attractions.id });
  await db.insert(rideAttractions).values(
    inserted.map((a, i) => ({
      rideId,
      attractionId: a.id,
      plannedDate: addDays(START, Math.floor(i / PER_DAY)),
      position: i % PER_DAY,
      timeOfDay: i % 2 === 0 ? `${String(9 + (i % PER_DAY) * 2).padStart(2, '0')}:00:00` : null,
    })),
  );
  await db.insert(accommodations).values(
    Array.from({ length: DAYS / 2 - 1 }, (_, i) => ({
      rideId,
      name: `Hotel ${i + 1}`,
      countryAndCity: `Israel, City ${i + 1}`,
      text: '<p>Family rooms, breakfast included.</p>',
      lat: 31.5 + i / 10,
      lng: 35.1 + i / 10,
      checkInDate: addDays(START, i * 2),
      checkOutDate: addDays(START, i * 2 + 2),
      status: i % 3 === 0 ? ('base_trip_accomodation' as const) : ('booked' as const),
    })),
  );
  await db.insert(rideExtraInformation).values([
    { rideId, title: 'Before you go', text: '<p>Book the car early.</p>' },
    { rideId, title: '', text: 'First day note', date: START },
  ]);
  return { rideId, authorId };
}

export async function rideBench(): Promise<void> {
  const bare = await startBareBaseline();
  try {
    console.log('-- embedded database (PGlite, in memory)');
    await measure(bare.url, await openDatabase({ inMemory: true }));
    const onPostgres = await withThrowawayPostgres('rides_bench_ride', async (databaseUrl) => {
      console.log('-- PostgreSQL (throwaway database; every request catches up with the change feed first)');
      await measure(bare.url, await openDatabase({ databaseUrl }));
      return true;
    });
    if (!onPostgres) console.log('-- PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL)');
  } finally {
    await bare.close();
  }
}

async function measure(bareUrl: string, db: DbHandle): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rides-bench-ride-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'b'.repeat(40),
  });
  await migrateDatabase(db);
  const { rideId, authorId } = await buildTrip(db.db);
  const app = await buildApp({ config, db, mailer: createMailer(config.mail), logLevel: 'silent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const url = `${base}/api/ride_attractions_api/${rideId}`;

  const first = await fetch(url);
  const bytes = (await first.text()).length;
  if (first.status !== 200) throw new Error(`ride_attractions_api answered ${first.status}`);

  // A miss: read (5 queries) + present + serialise, measured sequentially.
  const missMs: number[] = [];
  for (let i = 0; i < 30; i++) {
    app.rides.invalidateRide(rideId);
    const [res, ms] = await time(() => fetch(url).then((r) => r.text()));
    if (res.length !== bytes) throw new Error('uncached answer differs in size');
    missMs.push(ms);
  }

  const results: LoadResult[] = [];
  results.push(await load('bare fastify GET / (baseline)', bareUrl));
  // Browsers always send Accept-Encoding: gzip; the bar is measured that way. Without it, for comparison.
  const gzip = { headers: { 'accept-encoding': 'gzip, deflate, br' } };
  results.push(
    await load(
      `GET /api/ride_attractions_api/${rideId} (${DAYS} days x ${PER_DAY}, cached, gzip)`,
      url,
      gzip,
    ),
  );
  results.push(
    await load(
      `GET /api/ride_header_api/${rideId} (cached, gzip)`,
      `${base}/api/ride_header_api/${rideId}`,
      gzip,
    ),
  );
  results.push(await load(`GET /api/ride_attractions_api/${rideId} (cached, no Accept-Encoding)`, url));
  // Signed in (the author): the token checked and the user's current role read from the session cache (decision 0024).
  const token = await signSessionToken(config.jwtSecret, 1, {
    id: authorId,
    role: 'manager',
    tokenVersion: 0,
  });
  const signedIn = { headers: { ...gzip.headers, authorization: `Bearer ${token}` } };
  const asAuthor = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (asAuthor.status !== 200 || (await asAuthor.text()).length !== bytes)
    throw new Error(`signed-in read answered ${asAuthor.status}`);
  results.push(
    await load(`GET /api/ride_attractions_api/${rideId} (cached, gzip, signed in)`, url, signedIn),
  );
  // The access statistics (decision 0028): the header read of a private trip by one of its authorised clients counts
  // an open (one upsert, after the answer; the same device's reads within 5 minutes are one open, a map lookup); the
  // same read by its author counts nothing. The two should be alike. Last: the trip is made private for these two only.
  const headerUrl = `${base}/api/ride_header_api/${rideId}`;
  const [client] = await db.db
    .insert(users)
    .values({ email: 'bench.client@example.com', userName: 'Bench client' })
    .returning({ id: users.id });
  const clientId = (client as { id: number }).id;
  await db.db.update(rides).set({ type: 'private', rideManagerId: authorId }).where(eq(rides.id, rideId));
  await db.db.insert(rideAuthorizedUsers).values({ rideId, userId: clientId });
  app.rides.invalidateRide(rideId);
  const clientToken = await signSessionToken(config.jwtSecret, 1, {
    id: clientId,
    role: 'user',
    tokenVersion: 0,
  });
  const asClient = {
    headers: { ...gzip.headers, authorization: `Bearer ${clientToken}`, 'user-agent': 'bench' },
  };
  if ((await fetch(headerUrl, asClient)).status !== 200)
    throw new Error('the client may not read the private trip');
  results.push(
    await load(
      `GET /api/ride_header_api/${rideId} (private, cached, gzip, its author: no open counted)`,
      headerUrl,
      signedIn,
    ),
  );
  results.push(
    await load(
      `GET /api/ride_header_api/${rideId} (private, cached, gzip, a client: opens counted)`,
      headerUrl,
      asClient,
    ),
  );
  await app.afterAnswer.settled(10_000);
  const [counted] = await db.db
    .select({ opens: rideClientOpens.opens })
    .from(rideClientOpens)
    .where(eq(rideClientOpens.userId, clientId));
  printVsBaseline(results);
  console.log(`client opens counted during the load: ${counted?.opens ?? 0}`);
  const page = results[1]!;
  const ratio = page.requestsPerSec / results[0]!.requestsPerSec;
  console.log(
    `answer size ${Math.round(bytes / 1024)} KB; uncached read (invalidated first): median ${median(missMs)} ms over 30 sequential`,
  );
  console.log(
    `bar (≥25% of bare, p99 < 25 ms at 50 connections): ${ratio >= 0.25 && page.p99 < 25 ? 'MET' : 'NOT MET'} ` +
      `(${Math.round(ratio * 100)}%, p99 ${page.p99} ms)`,
  );
  await app.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
