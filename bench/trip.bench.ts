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
  table,
  time,
  withThrowawayPostgres,
  type LoadResult,
} from './lib.js';

/**
 * DESIGN.md §6 and issue 31 point 5 (decision 0053): the trip page API (ride_attractions_api) on a 14-day trip with 5
 * attractions a day must reach at least 30% of a bare Fastify route's throughput, p99 under 25 ms, at 50 connections,
 * in the same run, for a visitor, a signed-in reader, the author and a private trip's client alike.
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

/**
 * The same trip again, private (its author's planner trip for a client): what a private trip's client reads. Row by
 * row, the ids left to the database.
 */
async function privateCopy(db: Database, rideId: number, authorId: number): Promise<number> {
  const omitId = <T extends { id: number }>({ id: _id, ...rest }: T) => rest;
  const [ride] = await db.select().from(rides).where(eq(rides.id, rideId));
  const [copy] = await db
    .insert(rides)
    .values({ ...omitId(ride!), type: 'private', rideManagerId: authorId })
    .returning({ id: rides.id });
  const copyId = copy!.id;
  const placements = await db.select().from(rideAttractions).where(eq(rideAttractions.rideId, rideId));
  await db.insert(rideAttractions).values(placements.map((r) => ({ ...omitId(r), rideId: copyId })));
  const stays = await db.select().from(accommodations).where(eq(accommodations.rideId, rideId));
  await db.insert(accommodations).values(stays.map((r) => ({ ...omitId(r), rideId: copyId })));
  const extra = await db.select().from(rideExtraInformation).where(eq(rideExtraInformation.rideId, rideId));
  await db.insert(rideExtraInformation).values(extra.map((r) => ({ ...omitId(r), rideId: copyId })));
  return copyId;
}

export async function tripBench(): Promise<void> {
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

/**
 * Every load of the run, interleaved: ROUNDS rounds (BENCH_ROUNDS, default 3) of SECONDS each (BENCH_SECONDS, default
 * 3), every call once per round, so a load that other work on the machine puts on one moment falls on all of them
 * alike. Each figure: req/s the mean of its rounds, p50 and p99 the median of its rounds'.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

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
  const privateId = await privateCopy(db.db, rideId, authorId);
  // A signed-in reader who is not the author, and the private trip's client.
  const [reader, client] = await db.db
    .insert(users)
    .values([
      { email: 'bench.reader@example.com', userName: 'Bench reader' },
      { email: 'bench.client@example.com', userName: 'Bench client' },
    ])
    .returning({ id: users.id });
  await db.db.insert(rideAuthorizedUsers).values({ rideId: privateId, userId: client!.id });
  const app = await buildApp({ config, db, mailer: createMailer(config.mail), logLevel: 'silent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api`;
  const url = `${base}/ride_attractions_api/${rideId}`;
  const headerUrl = `${base}/ride_header_api/${rideId}`;
  const privateUrl = `${base}/ride_attractions_api/${privateId}`;
  const privateHeaderUrl = `${base}/ride_header_api/${privateId}`;

  // Browsers always send Accept-Encoding: gzip; the bar is measured that way. Without it, beside a bare route
  // sending the same bytes (the answer is 10 times larger plain: the wire and the reading client cost that much).
  const gzip = { 'accept-encoding': 'gzip, deflate, br' };
  const plainRes = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (plainRes.status !== 200) throw new Error(`ride_attractions_api answered ${plainRes.status}`);
  const plain = Buffer.from(await plainRes.arrayBuffer());
  const bytes = plain.length;
  const barePlain = await startBareBaseline(plain);

  // A miss: read (5 queries) + present + serialise, measured sequentially.
  const missMs: number[] = [];
  for (let i = 0; i < 30; i++) {
    app.rides.invalidateTrip(rideId);
    const [res, ms] = await time(() => fetch(url).then((r) => r.text()));
    if (Buffer.byteLength(res) !== bytes) throw new Error('uncached answer differs in size');
    missMs.push(ms);
  }

  const sign = (id: number, role: 'manager' | 'user') =>
    signSessionToken(config.jwtSecret, 1, { id, role, tokenVersion: 0 }).then((t) => `Bearer ${t}`);
  const asReader = { ...gzip, authorization: await sign(reader!.id, 'user') };
  const asAuthor = { ...gzip, authorization: await sign(authorId, 'manager') };
  const asClient = { ...gzip, authorization: await sign(client!.id, 'user'), 'user-agent': 'bench' };
  // A signed-in reader gets the visitor's very bytes (this trip has no booking numbers); the private trip is its
  // client's and not the reader's.
  for (const headers of [asReader, asAuthor]) {
    const res = await fetch(url, { headers: { authorization: headers.authorization, 'accept-encoding': 'identity' } });
    if (res.status !== 200 || !Buffer.from(await res.arrayBuffer()).equals(plain))
      throw new Error(`a signed-in read answered ${res.status} or other bytes`);
  }
  if ((await fetch(privateHeaderUrl, { headers: asClient })).status !== 200)
    throw new Error('the client may not read the private trip');
  if ((await fetch(privateUrl, { headers: asReader })).status !== 403) throw new Error('a stranger read the private trip');

  const page = `ride_attractions_api (${DAYS} days x ${PER_DAY}, cached`;
  const loads: { name: string; url: string; headers?: Record<string, string> }[] = [
    { name: 'bare fastify GET / (baseline)', url: bareUrl },
    { name: `${page}, gzip, visitor)`, url, headers: gzip },
    { name: `${page}, gzip, signed-in reader)`, url, headers: asReader },
    { name: `${page}, gzip, its author)`, url, headers: asAuthor },
    { name: `${page}, gzip, private trip, its client)`, url: privateUrl, headers: asClient },
    { name: 'ride_header_api (cached, gzip, visitor)', url: headerUrl, headers: gzip },
    // The access statistics (decision 0028): the header read of a private trip by one of its clients counts an open
    // (one upsert, after the answer; the same device's reads within 5 minutes are one open, a map lookup), by its
    // author nothing. The two should be alike.
    { name: 'ride_header_api (private, cached, gzip, its author: no open counted)', url: privateHeaderUrl, headers: asAuthor },
    { name: 'ride_header_api (private, cached, gzip, a client: opens counted)', url: privateHeaderUrl, headers: asClient },
    { name: `${page}, no Accept-Encoding, visitor)`, url },
    { name: `bare fastify GET / sending the same ${Math.round(bytes / 1024)} KB plain`, url: barePlain.url },
  ];
  // The server's own time per request, without the network and the load's client: app.inject, one request at a time,
  // the calls taking turns request by request (so a moment of other work on the machine falls on all alike); the median
  // of each call's 2,000. Not the answer without gzip: inject turns every answer into a string too, which for 88 KB
  // costs more than the server does.
  const timed = loads.slice(1, -2);
  const serverTime = timed.map(() => [] as number[]);
  for (let i = 0; i < 2000; i++)
    for (const [k, l] of timed.entries()) {
      const t0 = performance.now();
      await app.inject({ method: 'GET', url: new URL(l.url).pathname, headers: l.headers ?? {} });
      serverTime[k]!.push((performance.now() - t0) * 1000);
    }
  const rounds: LoadResult[][] = loads.map(() => []);
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, l] of loads.entries())
      rounds[i]!.push(await load(l.name, l.url, { duration: SECONDS, ...(l.headers ? { headers: l.headers } : {}) }));
  const results: LoadResult[] = rounds.map((runs) => ({
    name: runs[0]!.name,
    requestsPerSec: Math.round(runs.reduce((sum, r) => sum + r.requestsPerSec, 0) / runs.length),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  }));
  await app.afterAnswer.settled(10_000);
  const [counted] = await db.db
    .select({ opens: rideClientOpens.opens })
    .from(rideClientOpens)
    .where(eq(rideClientOpens.userId, client!.id));
  console.log(`${ROUNDS} rounds of ${SECONDS} s, interleaved`);
  printVsBaseline(results);
  console.log(`client opens counted during the load: ${counted?.opens ?? 0}`);
  table(timed.map((l, k) => ({ call: l.name, 'server µs/request (inject, median of 2,000)': Math.round(median(serverTime[k]!)) })));
  const [bare, visitor, signedIn, author, privateClient] = results as [LoadResult, LoadResult, LoadResult, LoadResult, LoadResult];
  const noGzip = results[loads.length - 2]!;
  const barePlainRun = results[loads.length - 1]!;
  const pct = (r: LoadResult, of = bare.requestsPerSec) => Math.round((r.requestsPerSec / of) * 100);
  console.log(
    `answer size ${Math.round(bytes / 1024)} KB; uncached read (invalidated first): median ${median(missMs)} ms over 30 sequential`,
  );
  console.log(
    `no Accept-Encoding: ${pct(noGzip)}% of bare GET /, ${pct(noGzip, barePlainRun.requestsPerSec)}% of the bare route ` +
      `sending the same bytes (p99 ${noGzip.p99} ms, the bare route's ${barePlainRun.p99} ms)`,
  );
  // Issue 31 point 5 (decision 0053): every kind of reader alike, on this one run.
  const bar = (r: LoadResult) => pct(r) >= 30 && r.p99 < 25;
  const readers: [string, LoadResult][] = [
    ['visitor', visitor],
    ['signed-in reader', signedIn],
    ['author', author],
    ['private client', privateClient],
  ];
  console.log(
    `bar (each ≥30% of bare, p99 < 25 ms at 50 connections): ${readers.every(([, r]) => bar(r)) ? 'MET' : 'NOT MET'} (` +
      readers.map(([name, r]) => `${name} ${pct(r)}%, p99 ${r.p99} ms`).join('; ') +
      `; bare p99 ${bare.p99} ms)`,
  );
  await barePlain.close();
  await app.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
