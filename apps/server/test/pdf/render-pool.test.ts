import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { TripDay, TripWire } from '@rides/contract';
import type { TripDocumentInput } from '../../src/modules/pdf/document/trip-document.js';
import {
  createRenderPool,
  PdfPoolFull,
  PdfRenderCancelled,
  PdfRenderFailed,
  type RenderPool,
} from '../../src/modules/pdf/render-pool.js';

/**
 * The PDF render pool (decision 0032): documents are made by worker threads, started on the first export, at most
 * `size` of them, with a bounded queue; a failing or stuck document fails alone; idle workers end; close() ends them.
 */

const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8');

function trip(title: string, days = 2): TripDocumentInput {
  const ride = {
    id: 5,
    authorId: 1,
    title,
    text: '<p>A short trip.</p>',
    start_date: '01-05-2030',
    end_date: `0${days}-05-2030`,
    dates_hidden: false,
    duration: days,
    language: 'english',
    number_of_adult: 2,
    number_of_teen: 0,
    number_of_child: 0,
    physical_disabilities: false,
    rideExtraInformation: [],
    rideExtraInformationByDay: [],
  } as unknown as TripWire;
  const day = (d: number) =>
    ({
      dateTime: `0${d + 1}/05/2030 00:00`,
      accommodation: null,
      base_trip_accommodation: null,
      daily_attractions: [
        {
          id: d * 10 + 1,
          title: `Museum ${d + 1}`,
          address: 'Via Roma 1',
          text: '<p>Open daily.</p>',
          link: null,
          rate: 4,
          lat: 41.9,
          lng: 12.49,
          dateTime: '10:00:00 AM',
        },
        {
          id: d * 10 + 2,
          title: `Lunch ${d + 1}`,
          address: 'Piazza 2',
          text: '',
          link: null,
          rate: null,
          lat: 41.91,
          lng: 12.5,
          dateTime: null,
        },
      ],
    }) as unknown as TripDay;
  return {
    ride,
    days: Array.from({ length: days }, (_, d) => day(d)),
    author: null,
    liveUrl: 'https://rides.test/single_ride_with_map/5',
    paper: 'A4',
  };
}

let pool: RenderPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('the PDF render pool', () => {
  it('starts no worker until the first document, then renders in a worker thread', async () => {
    pool = createRenderPool({ size: 2 });
    expect(pool.stats()).toMatchObject({ workers: 0, busy: 0, queued: 0 });
    const bytes = await pool.render(trip('Rome in two days'));
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(bytes)).toContain('Rome in two days');
    expect(pdfText(bytes)).toContain('Museum 2');
    expect(pool.stats()).toMatchObject({ workers: 1, busy: 0 });
  }, 60_000);

  it('holds at most `size` workers and `queueLimit` waiting documents, and refuses the next one at once', async () => {
    pool = createRenderPool({ size: 1, queueLimit: 2 });
    const running = [pool.render(trip('First')), pool.render(trip('Second')), pool.render(trip('Third'))];
    expect(pool.stats()).toMatchObject({ workers: 1, busy: 1, queued: 2 });
    await expect(pool.render(trip('Fourth'))).rejects.toBeInstanceOf(PdfPoolFull);
    const done = await Promise.all(running);
    expect(
      done.map((b) => pdfText(b).includes(['First', 'Second', 'Third'][done.indexOf(b)] as string)),
    ).toEqual([true, true, true]);
    expect(pool.stats()).toMatchObject({ workers: 1, busy: 0, queued: 0 });
  }, 60_000);

  it('fails only the document that throws, and the same worker goes on', async () => {
    pool = createRenderPool({ size: 1 });
    const broken = { ...trip('Broken'), days: null } as unknown as TripDocumentInput;
    const [bad, good] = await Promise.allSettled([pool.render(broken), pool.render(trip('Still fine'))]);
    expect(bad.status).toBe('rejected');
    expect((bad as PromiseRejectedResult).reason).toBeInstanceOf(PdfRenderFailed);
    expect(good.status).toBe('fulfilled');
    expect(pdfText((good as PromiseFulfilledResult<Buffer>).value)).toContain('Still fine');
  }, 60_000);

  it('fails a document that is not plain data without holding its worker', async () => {
    pool = createRenderPool({ size: 1 });
    const withFunction = {
      ...trip('Not plain'),
      author: { name: () => 'x' },
    } as unknown as TripDocumentInput;
    await expect(pool.render(withFunction)).rejects.toBeInstanceOf(PdfRenderFailed);
    expect(pdfText(await pool.render(trip('Next one')))).toContain('Next one');
  }, 60_000);

  it('ends a worker whose document takes too long; the documents waiting get a new one', async () => {
    pool = createRenderPool({ size: 1, timeoutMs: 1 });
    const results = await Promise.allSettled([pool.render(trip('Slow')), pool.render(trip('Also slow'))]);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect(String((r as PromiseRejectedResult).reason.message)).toMatch(/took more than 1 ms/);
    }
  }, 60_000);

  it('ends an idle worker after idleMs and starts a new one for the next document', async () => {
    pool = createRenderPool({ size: 1, idleMs: 50 });
    await pool.render(trip('Before'));
    await expect.poll(() => pool?.stats().workers, { timeout: 10_000 }).toBe(0);
    expect(pdfText(await pool.render(trip('After')))).toContain('After');
  }, 60_000);

  it('close() fails what is being made and what waits, ends the workers and refuses new documents', async () => {
    pool = createRenderPool({ size: 1 });
    const pending = [pool.render(trip('Made')), pool.render(trip('Waiting'))].map((p) =>
      p.catch((e: Error) => e),
    );
    await pool.close();
    for (const outcome of await Promise.all(pending)) expect(outcome).toBeInstanceOf(PdfRenderFailed);
    expect(pool.stats().workers).toBe(0);
    await expect(pool.render(trip('Later'))).rejects.toBeInstanceOf(PdfRenderFailed);
  }, 60_000);

  it('takes turns between owners and puts a planner\'s own trip first: a flood waiting does not go before them', async () => {
    pool = createRenderPool({ size: 1 });
    const order: string[] = [];
    const ask = (title: string, owner: string, priority: number) =>
      pool!.render(trip(title), { owner, cost: 10, priority }).then((b) => order.push(pdfText(b).includes(title) ? title : '?'));
    const all = [
      ask('Flood one', 'addr:6.6.6.6', 2),
      ask('Flood two', 'addr:6.6.6.6', 2),
      ask('Flood three', 'addr:6.6.6.6', 2),
      ask('Visitor', 'addr:7.7.7.7', 2),
      ask('Own trip', 'user:5', 0),
    ];
    await Promise.all(all);
    // The planner's own trip first (the flood's first, already given to the worker, stopped for it and put back with
    // its turn); then the flood's first again, and the other visitor before the flood's rest.
    expect(order).toEqual(['Own trip', 'Flood one', 'Visitor', 'Flood two', 'Flood three']);
  }, 60_000);

  it("a planner's own trip does not wait for a visitor's document being made: it is stopped, and made again after", async () => {
    pool = createRenderPool({ size: 1 });
    await pool.render(trip('Warm'));
    const order: string[] = [];
    const visitor = pool
      .render(trip('Visitor sixty days', 60), { owner: 'addr:6.6.6.6', cost: 120, priority: 2 })
      .then((b) => order.push(pdfText(b).includes('Visitor sixty days') ? 'visitor' : '?'));
    expect(pool.stats()).toMatchObject({ busy: 1, queued: 0 });
    const own = pool
      .render(trip('Own trip'), { owner: 'user:5', cost: 4, priority: 0 })
      .then((b) => order.push(pdfText(b).includes('Own trip') ? 'own' : '?'));
    await Promise.all([visitor, own]);
    // The visitor's document still came, whole, after the planner's; the same worker made both.
    expect(order).toEqual(['own', 'visitor']);
    expect(pool.stats()).toMatchObject({ started: 1, cancelled: 0, owners: {} });
  }, 120_000);

  it("refuses an owner past their share of the line (owner_share) while another owner is still taken", async () => {
    pool = createRenderPool({ size: 1, ownerCostLimit: 130 });
    const flood = [0, 1].map(() => pool!.render(trip('Flood'), { owner: 'addr:6.6.6.6', cost: 60, priority: 2 }));
    const refused = await pool.render(trip('Flood'), { owner: 'addr:6.6.6.6', cost: 60, priority: 2 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PdfPoolFull);
    expect((refused as PdfPoolFull).reason).toBe('owner_share');
    const other = pool.render(trip('Someone else'), { owner: 'addr:7.7.7.7', cost: 60, priority: 2 });
    expect(pdfText(await other)).toContain('Someone else');
    await Promise.all(flood);
  }, 60_000);

  it('a waiting document whose asker left is taken out of the line; the others are made', async () => {
    pool = createRenderPool({ size: 1 });
    const gone = new AbortController();
    const first = pool.render(trip('Being made'), { owner: 'a', cost: 1, priority: 2 });
    const waiting = pool.render(trip('Nobody waits'), { owner: 'b', cost: 1, priority: 2, signal: gone.signal });
    const after = pool.render(trip('Still wanted'), { owner: 'c', cost: 1, priority: 2 });
    expect(pool.stats()).toMatchObject({ busy: 1, queued: 2 });
    gone.abort();
    await expect(waiting).rejects.toBeInstanceOf(PdfRenderCancelled);
    expect(pool.stats()).toMatchObject({ queued: 1, cancelled: 1 });
    expect(pdfText(await first)).toContain('Being made');
    expect(pdfText(await after)).toContain('Still wanted');
  }, 60_000);

  it('a document being made whose asker left is answered at once and stopped; the same worker makes the next one', async () => {
    pool = createRenderPool({ size: 1 });
    await pool.render(trip('Warm')); // the worker started and its fonts read
    const gone = new AbortController();
    const long = pool.render(trip('Sixty days', 60), { owner: 'a', cost: 120, priority: 2, signal: gone.signal });
    const next = pool.render(trip('Next in line'), { owner: 'b', cost: 1, priority: 2 });
    expect(pool.stats()).toMatchObject({ busy: 1, queued: 1, started: 1 });
    gone.abort();
    await expect(long).rejects.toBeInstanceOf(PdfRenderCancelled);
    // Its cost left the owner's share at once; the worker stops between two activities and takes the next document.
    expect(pool.stats().owners.a).toBeUndefined();
    expect(pdfText(await next)).toContain('Next in line');
    expect(pool.stats()).toMatchObject({ workers: 1, busy: 0, queued: 0, cancelled: 1, started: 1 });
  }, 60_000);

  it('a worker that does not stop in time is ended, and the next document gets a fresh one', async () => {
    // No grace at all: the worker is ended as soon as its document is cancelled, as a stuck one would be.
    pool = createRenderPool({ size: 1, stopGraceMs: 0 });
    await pool.render(trip('Warm'));
    const gone = new AbortController();
    const long = pool.render(trip('Sixty days', 60), { owner: 'a', cost: 120, priority: 2, signal: gone.signal });
    const next = pool.render(trip('After the stuck one'), { owner: 'b', cost: 1, priority: 2 });
    gone.abort();
    await expect(long).rejects.toBeInstanceOf(PdfRenderCancelled);
    expect(pdfText(await next)).toContain('After the stuck one');
    expect(pool.stats()).toMatchObject({ workers: 1, cancelled: 1, started: 2 });
  }, 60_000);
});
