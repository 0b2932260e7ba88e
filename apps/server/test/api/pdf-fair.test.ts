import { execFileSync } from 'node:child_process';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@rides/contract';
import { attractions, pdfExports, rideAttractions, rides } from '../../src/db/schema/index.js';
import { seedDemo } from '../../src/db/seed/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from './trips-fixtures.js';

/**
 * Issue 31 point 1 (decision 0050): one visitor's flood of exports cannot starve a planner's. On the real server,
 * listening (the flood's clients really hang up), with one render worker as on two cores: 34 exports of a public
 * 60-day trip from one address; the address gets its share of the line and the rest are refused with 429 and
 * Retry-After; the planner's export of their own 14-day trip is made before the flood's waiting one; when the flood's
 * clients hang up, their documents leave the line or stop on the worker, and nothing is recorded for them.
 * No timings here (bench/pdf.bench.ts measures them).
 */

let t: TestApp;
let base = '';
const ids = { long: 0, planner: 0, plannerTitle: '', plannerAuthor: 0 };
const FLOOD_ADDRESS = '203.0.113.9';
const FLOOD_OWNER = `addr:${FLOOD_ADDRESS}`;

const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8');

/** The demo's 14-day public trip copied over 60 days of 10 activities (new attraction rows: one placement each). */
async function addLongTrip(): Promise<number> {
  const db = t.db.db;
  const [demo] = await db.select().from(rides).where(eq(rides.id, ids.planner));
  if (!demo) throw new Error('no demo trip');
  const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = demo;
  const placed = await db
    .select({ a: attractions, time: rideAttractions.timeOfDay })
    .from(rideAttractions)
    .innerJoin(attractions, eq(attractions.id, rideAttractions.attractionId))
    .where(eq(rideAttractions.rideId, demo.id))
    .orderBy(asc(rideAttractions.plannedDate), asc(rideAttractions.position));
  const [long] = await db
    .insert(rides)
    .values({ ...copy, title: 'Sixty days for the flood', endDate: addDays(demo.startDate, 59), isDemo: false })
    .returning({ id: rides.id });
  const made = await db
    .insert(attractions)
    .values(
      Array.from({ length: 600 }, (_, k) => {
        const { id: _i, geoCell: _g, geoPoint: _p, createdAt: _ca, updatedAt: _ua, ...a } = placed[k % placed.length]!.a;
        return a;
      }),
    )
    .returning({ id: attractions.id });
  await db.insert(rideAttractions).values(
    made.map((m, k) => ({
      rideId: long!.id,
      attractionId: m.id,
      plannedDate: addDays(demo.startDate, Math.floor(k / 10)),
      timeOfDay: placed[k % placed.length]!.time,
      position: k % 10,
    })),
  );
  return long!.id;
}

interface Answer {
  status: number;
  retryAfter: string | null;
  code: string | null;
}

/** An export over HTTP from `address`; 'gone' when this client hung up first. */
function exportPdf(
  rideId: number,
  address: string,
  opts: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<(Answer & { bytes: Buffer }) | 'gone'> {
  return fetch(`${base}/api/generate-trip-pdf`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...opts.headers },
    body: JSON.stringify({ rideId }),
    signal: opts.signal,
  }).then(
    async (r) => {
      const bytes = Buffer.from(await r.arrayBuffer());
      const json = r.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(bytes.toString()) : null;
      return { status: r.status, retryAfter: r.headers.get('retry-after'), code: json?.ServerMassageCode ?? null, bytes };
    },
    (err: Error) => {
      if (err.name === 'AbortError') return 'gone' as const;
      throw err;
    },
  );
}

/** The answer of a client that did not hang up. */
function stayed<T>(answer: T | 'gone'): T {
  if (answer === 'gone') throw new Error('this client did not hang up, yet its request was aborted');
  return answer;
}

beforeAll(async () => {
  // One worker, as on a two-core machine; the line's and budget's bounds are the defaults.
  t = await createTestApp({ TRUST_PROXY: 'true' }, { pdfPool: { size: 1 } });
  await seedDemo(t.db.db, { passwordHash: 'not-a-hash' });
  const all = await t.db.db.select().from(rides).orderBy(rides.id);
  const demo = all.find((r) => r.type === 'public' && r.title.includes('14'));
  ids.planner = demo?.id ?? 0;
  ids.plannerTitle = demo?.title ?? '';
  ids.plannerAuthor = demo?.authorId ?? 0;
  expect(ids.planner * ids.plannerAuthor).toBeGreaterThan(0);
  ids.long = await addLongTrip();
  await t.db.db.delete(pdfExports); // the demo's own exports (the billing report's)
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.dispose());

describe('generate-trip-pdf: one address cannot starve the others (issue 31 point 1)', () => {
  it("a flood of 34 exports: its share is taken, the rest 429; the planner's own trip goes first; the flood's hang-ups free the worker", async () => {
    const clients = Array.from({ length: 34 }, () => new AbortController());
    const flood = clients.map((c) => exportPdf(ids.long, FLOOD_ADDRESS, { signal: c.signal }));
    const answered: Answer[] = [];
    for (const p of flood) void p.then((a) => a !== 'gone' && answered.push(a));

    // The address holds its share of the line (one document being made, one waiting); every other export is refused
    // at once, with when to try again.
    await expect.poll(() => t.app.pdf.stats().owners[FLOOD_OWNER], { timeout: 60_000 }).toEqual({
      waiting: 1,
      running: 1,
      cost: 2 * 660,
    });
    await expect.poll(() => answered.length, { timeout: 60_000 }).toBe(32);
    for (const a of answered) {
      expect(a.status).toBe(429);
      expect(a.code).toBe('too_many_requests');
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
    }

    // The planner exports their own 14-day trip from another address: a real PDF, made before the flood's waiting one
    // (which is still not answered when the planner's arrives).
    const planner = stayed(await exportPdf(ids.planner, '198.51.100.7', { headers: await bearer(t, ids.plannerAuthor) }));
    expect(planner.status).toBe(200);
    expect(planner.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(planner.bytes)).toContain(ids.plannerTitle.split(/\s+/)[0]);
    expect(answered.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
    expect(t.app.pdf.stats().owners[FLOOD_OWNER]?.running).toBe(1);

    // The flood hangs up: what it still had in the line or on the worker is dropped, the worker is free, and the
    // line is empty.
    const cancelledBefore = t.app.pdf.stats().cancelled;
    for (const c of clients) c.abort();
    await Promise.all(flood);
    await expect.poll(() => t.app.pdf.stats(), { timeout: 30_000 }).toMatchObject({ busy: 0, queued: 0, owners: {} });
    expect(t.app.pdf.stats().cancelled).toBeGreaterThan(cancelledBefore);

    // Only what was made for someone still there is recorded: the planner's, and the flood's that was answered.
    const rows = await t.db.db.select().from(pdfExports);
    const made = answered.filter((a) => a.status === 200).length;
    expect(rows.filter((r) => r.rideId === ids.planner).map((r) => r.userId)).toEqual([ids.plannerAuthor]);
    expect(rows.filter((r) => r.rideId === ids.long)).toHaveLength(made);

    // The next export after the flood is made.
    const after = stayed(await exportPdf(ids.planner, '198.51.100.8'));
    expect(after.status).toBe(200);
    expect(after.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  }, 240_000);
});
