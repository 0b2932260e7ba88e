import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RideDay } from '@rides/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { rides } from '../apps/server/src/db/schema/index.js';
import { seedDemo } from '../apps/server/src/db/seed/index.js';
import { renderTripDocument } from '../apps/server/src/modules/pdf/document/trip-document.js';
import { createMailer } from '../apps/server/src/providers/mail/index.js';
import { load, median, table, time } from './lib.js';

/**
 * Issue 19's PDF bars (decision 0032), each beside a baseline of the same run: the 14-day demo trip's
 * generate-trip-pdf server time (bar < 1 s; baseline: ride_attractions_api of the same trip), a 60-day trip of 10
 * activities a day rendered (bar < 3 s), the peak extra memory of those renders (bar < 200 MB), and
 * ride_attractions_api's p99 under load alone and while 10 exports run at once (bar < 100 ms). Loopback only.
 */
export async function pdfBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rides-bench-pdf-'));
  const db = await openDatabase({ inMemory: true });
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'b'.repeat(40) });
  await migrateDatabase(db);
  await seedDemo(db.db, { passwordHash: 'not-a-hash' });
  const app = await buildApp({ config, db, mailer: createMailer(config.mail), logLevel: 'silent' });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const all = await db.db.select({ id: rides.id, title: rides.title, type: rides.type }).from(rides);
    const demo = all.find((r) => r.type === 'public' && r.title.includes('14')) ?? all[0];
    if (!demo) throw new Error('no demo trip');
    const post = () =>
      fetch(`${base}/api/generate-trip-pdf`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rideId: demo.id }),
      }).then(async (r) => (await r.arrayBuffer()).byteLength);

    await post(); // the first export parses the fonts
    const pdfTimes: number[] = [];
    const readTimes: number[] = [];
    for (let i = 0; i < 7; i++) {
      pdfTimes.push((await time(post))[1]);
      readTimes.push((await time(() => fetch(`${base}/api/ride_attractions_api/${demo.id}`).then((r) => r.text())))[1]);
    }

    // 60 days of 10 activities: the demo trip's days repeated, rendered directly (the call's work without the read).
    const view = await app.rides.getRideView(demo.id, null);
    const days: RideDay[] = Array.from({ length: 60 }, (_, d) => {
      const day = view.attractionsByDay[d % view.attractionsByDay.length] as RideDay;
      const stops = Array.from({ length: 10 }, (_, i) => day.daily_attractions[i % Math.max(1, day.daily_attractions.length)]).filter(
        (a): a is RideDay['daily_attractions'][number] => a !== undefined,
      );
      return { ...day, daily_attractions: stops };
    });
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const longTimes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [, ms] = await time(() =>
        renderTripDocument({ ride: { ...view.ride, duration: 60 }, days, author: null, liveUrl: base, paper: 'A4' }),
      );
      longTimes.push(ms);
    }
    clearInterval(sampler);

    const alone = await load('ride_attractions_api alone', `${base}/api/ride_attractions_api/${demo.id}`, { connections: 10, duration: 5 });
    let exporting = true;
    const exporters = Array.from({ length: 10 }, async () => {
      while (exporting) await post();
    });
    const during = await load('ride_attractions_api while 10 exports run', `${base}/api/ride_attractions_api/${demo.id}`, {
      connections: 10,
      duration: 5,
    });
    exporting = false;
    await Promise.all(exporters);

    table([
      { what: `generate-trip-pdf, 14-day demo trip (median of 7)`, ms: median(pdfTimes), bar: '< 1000' },
      { what: 'baseline: ride_attractions_api of the same trip', ms: median(readTimes), bar: '' },
      { what: '60 days x 10 activities rendered (median of 3)', ms: median(longTimes), bar: '< 3000' },
      { what: 'peak extra memory of those renders (MB)', ms: Math.round((peak - rssBefore) / 1e6), bar: '< 200' },
      { what: `${alone.name}: p99`, ms: alone.p99, bar: '' },
      { what: `${during.name}: p99`, ms: during.p99, bar: '< 100' },
    ]);
  } finally {
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
