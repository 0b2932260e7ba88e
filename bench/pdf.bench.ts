import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import { addDays, type Role } from '@rides/contract';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { attractions, rideAttractions, rides, users } from '../apps/server/src/db/schema/index.js';
import { loadDemoIfEmpty } from '../apps/server/src/db/seed/index.js';
import { load, median, rssMb, settledRss, sleep, startBuiltServer, stopProcess, table, time } from './lib.js';

/**
 * Issue 19's PDF bars (decision 0032), on the built server as `npm start` runs it (`npm run build` first), a fresh
 * process on a data folder of its own: the demo, and 60-day copies of the 14-day demo trip with 10 and 15 activities a day.
 *  - generate-trip-pdf of the 14-day demo trip, median of 7 after a first export (bar < 1 s), beside
 *    ride_attractions_api of the same trip;
 *  - generate-trip-pdf of the 60-day trip, median of 3 (bar < 3 s);
 *  - the renders' peak extra memory: the process's RSS (all its threads: the render workers are threads of it) sampled
 *    every 10 ms from the first export (the workers start then) through 10 exports at once and the 60-day exports,
 *    less the same process idle before it (bar < 200 MB); then its RSS once settled again;
 *  - ride_attractions_api p99 alone, then while 10 exports run at once (bar < 100 ms);
 *  - the ICS of a 60-day trip of 15 activities a day (decision 0033), its first export and again.
 * BENCH_SERVER_JS measures another build the same way (an older commit's, for before/after figures). The load average
 * is printed beside the figures: the machine is shared.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverJs = process.env.BENCH_SERVER_JS ?? join(root, 'apps/server/dist/server.js');
const LONG_DAYS = 60;
const LONG_PER_DAY = 10;
/** The calendar's figure (decision 0033): 60 days of 15 activities, 900 events. */
const ICS_PER_DAY = 15;

/**
 * The 14-day demo trip copied over 60 days of 10 and of 15 activities (the demo's, cycled; each a new attraction row);
 * `author`: the demo trip's author (pdf-flood.bench.ts signs in as them: a planner exporting their own trip).
 */
export async function addLongTrips(
  dataDir: string,
): Promise<{ demo: number; long: number; ics: number; author: { id: number; role: Role } }> {
  const handle = await openDatabase({ dataDir });
  try {
    await migrateDatabase(handle);
    await loadDemoIfEmpty(handle);
    const db = handle.db;
    const all = await db.select().from(rides).orderBy(asc(rides.id));
    const demo = all.find((r) => r.type === 'public' && r.title.includes('14'));
    if (!demo) throw new Error('no 14-day demo trip');
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = demo;
    const placed = await db
      .select({ a: attractions, time: rideAttractions.timeOfDay })
      .from(rideAttractions)
      .innerJoin(attractions, eq(attractions.id, rideAttractions.attractionId))
      .where(eq(rideAttractions.rideId, demo.id))
      .orderBy(asc(rideAttractions.plannedDate), asc(rideAttractions.position));
    const longTrip = async (perDay: number): Promise<number> => {
      const [long] = await db
        .insert(rides)
        .values({
          ...copy,
          title: `${demo.title} (${LONG_DAYS} x ${perDay})`,
          endDate: addDays(demo.startDate, LONG_DAYS - 1),
          isDemo: false,
        })
        .returning({ id: rides.id });
      const n = LONG_DAYS * perDay;
      const made = await db
        .insert(attractions)
        .values(
          Array.from({ length: n }, (_, k) => {
            const {
              id: _i,
              geoCell: _g,
              geoPoint: _p,
              createdAt: _ca,
              updatedAt: _ua,
              ...a
            } = placed[k % placed.length]!.a;
            return a;
          }),
        )
        .returning({ id: attractions.id });
      await db.insert(rideAttractions).values(
        made.map((m, k) => ({
          rideId: long!.id,
          attractionId: m.id,
          plannedDate: addDays(demo.startDate, Math.floor(k / perDay)),
          timeOfDay: placed[k % placed.length]!.time,
          position: k % perDay,
        })),
      );
      return long!.id;
    };
    const [author] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, demo.authorId));
    if (!author) throw new Error('the demo trip has no author');
    return { demo: demo.id, long: await longTrip(LONG_PER_DAY), ics: await longTrip(ICS_PER_DAY), author };
  } finally {
    await handle.close();
  }
}

export async function pdfBench(): Promise<void> {
  if (!existsSync(serverJs)) {
    console.log('pdf: skipped (run npm run build first: it measures the built server as npm start runs it)');
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'rides-bench-pdf-'));
  const load1 = () =>
    loadavg()
      .map((x) => x.toFixed(1))
      .join(' ');
  try {
    const ids = await addLongTrips(dataDir);
    console.log(`server: ${serverJs}; load average at the start: ${load1()}`);
    // Each export comes from an address of its own (behind a trusted proxy), as exports at once come from different
    // people: one address would meet generate-trip-pdf's rate limit (60 a minute) within the run.
    const { proc, base } = await startBuiltServer(serverJs, { DATA_DIR: dataDir, TRUST_PROXY: 'true' });
    try {
      const pid = proc.pid!;
      let client = 1;
      const exportPdf = (rideId: number) =>
        fetch(`${base}/generate-trip-pdf`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `10.0.${(client >> 8) & 255}.${client++ & 255}`,
          },
          body: JSON.stringify({ rideId }),
        }).then(async (r) => {
          const bytes = await r.arrayBuffer();
          if (r.status !== 200) throw new Error(`generate-trip-pdf answered ${r.status}`);
          return bytes.byteLength;
        });
      const readTrip = () => fetch(`${base}/ride_attractions_api/${ids.demo}`).then((r) => r.text());
      await readTrip(); // the trip in the server's cache, as a visited trip is

      const idle = await settledRss(pid);
      let peak = idle;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
      const [, firstMs] = await time(() => exportPdf(ids.demo)); // starts the render worker, reads the fonts
      const pdfTimes: number[] = [];
      const readTimes: number[] = [];
      for (let i = 0; i < 7; i++) {
        pdfTimes.push((await time(() => exportPdf(ids.demo)))[1]);
        readTimes.push((await time(readTrip))[1]);
      }
      const [, tenMs] = await time(() => Promise.all(Array.from({ length: 10 }, () => exportPdf(ids.demo))));
      const peakTen = peak;
      const longTimes: number[] = [];
      for (let i = 0; i < 3; i++) longTimes.push((await time(() => exportPdf(ids.long)))[1]);
      clearInterval(sampler);
      const after = await settledRss(pid);

      const alone = await load('ride_attractions_api alone', `${base}/ride_attractions_api/${ids.demo}`, {
        connections: 10,
        duration: 5,
      });
      let exporting = true;
      const exporters = Array.from({ length: 10 }, async () => {
        while (exporting) await exportPdf(ids.demo);
      });
      await sleep(500); // every exporter under way
      const during = await load(
        'ride_attractions_api while 10 exports run',
        `${base}/ride_attractions_api/${ids.demo}`,
        {
          connections: 10,
          duration: 5,
        },
      );
      exporting = false;
      await Promise.all(exporters);

      // The calendar of 60 days x 15 activities: the first export converts every text; the next reuse the model.
      const ics = () => fetch(`${base}/ride_export_api/${ids.ics}/ics`).then((r) => r.text());
      const [, icsFirst] = await time(ics);
      const icsTimes: number[] = [];
      for (let i = 0; i < 5; i++) icsTimes.push((await time(ics))[1]);

      table([
        { what: 'first export of the process (starts the render worker)', ms: firstMs, bar: '' },
        { what: 'generate-trip-pdf, 14-day demo trip (median of 7)', ms: median(pdfTimes), bar: '< 1000' },
        { what: 'baseline: ride_attractions_api of the same trip', ms: median(readTimes), bar: '' },
        { what: '10 exports of the 14-day trip at once, all answered', ms: tenMs, bar: '' },
        {
          what: `generate-trip-pdf, ${LONG_DAYS} days x ${LONG_PER_DAY} activities (median of 3)`,
          ms: median(longTimes),
          bar: '< 3000',
        },
        { what: 'RSS of the process idle before the first export (MB)', ms: idle, bar: '' },
        { what: 'peak extra RSS: first export, 7, then 10 at once (MB)', ms: peakTen - idle, bar: '< 200' },
        {
          what: `peak extra RSS: all of it and the ${LONG_DAYS}-day exports (MB)`,
          ms: peak - idle,
          bar: '< 200',
        },
        { what: 'RSS settled after the exports (MB)', ms: after, bar: '' },
        { what: `${alone.name}: p99`, ms: alone.p99, bar: '' },
        { what: `${during.name}: p99`, ms: during.p99, bar: '< 100' },
        { what: `${during.name}: errors`, ms: during.errors, bar: '0' },
        { what: `ICS of ${LONG_DAYS} days x ${ICS_PER_DAY} activities, first export`, ms: icsFirst, bar: '' },
        {
          what: `ICS of ${LONG_DAYS} days x ${ICS_PER_DAY} activities, again (median of 5)`,
          ms: median(icsTimes),
          bar: '',
        },
      ]);
      console.log(`load average at the end: ${load1()}`);
    } finally {
      await stopProcess(proc);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
