import { get, type IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  load,
  type LoadResult,
  rssMb,
  settledRss,
  sleep,
  startBuiltServer,
  stopProcess,
  table,
  withThrowawayPostgres,
} from './lib.js';

/**
 * Live updates (issue 33 point 2, decision 0064), on the built server (`npm run build` first):
 *  1. An edit through process A, received on a stream of process B, both on one PostgreSQL (BENCH_DATABASE_URL or
 *     DATABASE_URL; a throwaway database): the time from sending the edit to the event's arrival, 100 edits. Bar: p95
 *     < 300 ms.
 *  2. 2,000 open streams on one process (embedded database): its resident memory before and with them (bar: growth
 *     < 150 MB), and `ride_attractions_api`'s p99 at 50 connections with 0 streams, with 2,000 (while their trip is
 *     idle, and each also while their trip is edited twice a second, so the fan-out works meanwhile), and with 0
 *     again, in the same run (bar: within 20 %; the streams are held by a thread of their own).
 * Streams from one address are limited (20 for visitors): the 2,000 come from 100 loopback addresses (127.0.0.2 ...).
 */
const serverJs = fileURLToPath(new URL('../apps/server/dist/server.js', import.meta.url));
const TRIP = 843;
const STREAMS = Number(process.env.LIVE_STREAMS ?? 2_000);

interface Stream {
  res: IncomingMessage;
  events: { event: string; at: number }[];
  waiters: Set<() => void>;
}

function openStream(
  url: string,
  headers: Record<string, string> = {},
  localAddress?: string,
): Promise<Stream> {
  return new Promise((resolve, reject) => {
    get(url, { headers, agent: false, ...(localAddress ? { localAddress } : {}) }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`stream ${res.statusCode}`));
        return;
      }
      const s: Stream = { res, events: [], waiters: new Set() };
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          if (!event) continue;
          s.events.push({ event, at: performance.now() });
          for (const w of s.waiters) w();
        }
      });
      res.on('error', () => undefined);
      resolve(s);
    }).on('error', reject);
  });
}

const nextChange = (s: Stream, after: number, ms = 5_000) =>
  new Promise<number>((resolve, reject) => {
    const look = () => {
      const e = s.events.slice(after).find((x) => x.event === 'change');
      if (e) {
        s.waiters.delete(look);
        clearTimeout(timer);
        resolve(e.at);
      }
    };
    const timer = setTimeout(() => {
      s.waiters.delete(look);
      reject(new Error('no event in time'));
    }, ms);
    s.waiters.add(look);
    look();
  });

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? NaN;
};

/** A new account and its own public copy of the demo trip (through the API, as a person would). */
async function ownTrip(base: string, prefix: string): Promise<{ token: string; rideId: number }> {
  const email = `${prefix}.${Date.now().toString(36)}@example.com`;
  const reg = await fetch(`${base}/register_new_user_api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret-123', userName: 'Bench' }),
  });
  const { token } = (await reg.json()) as { token: string };
  const copy = await fetch(`${base}/add_ride_to_user_api/${TRIP}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { newRideId } = (await copy.json()) as { newRideId: number };
  if (!token || !newRideId) throw new Error('could not make the trip');
  return { token, rideId: newRideId };
}

/** One edit that leaves the trip as long as it was: a day added after the first, or the second day removed. */
const edit = (base: string, token: string, rideId: number, i: number) =>
  fetch(
    i % 2 === 0
      ? `${base}/add_day_to_ride_api/${rideId}/0`
      : `${base}/remove_day_and_attractions_from_ride_api/${rideId}/1`,
    { headers: { authorization: `Bearer ${token}` } },
  ).then((r) => {
    if (!r.ok) throw new Error(`edit ${r.status}`);
    return r.arrayBuffer();
  });

async function acrossProcesses(): Promise<void> {
  const done = await withThrowawayPostgres('live_bench', async (databaseUrl) => {
    const dirA = mkdtempSync(join(tmpdir(), 'live-bench-a-'));
    const dirB = mkdtempSync(join(tmpdir(), 'live-bench-b-'));
    const a = await startBuiltServer(serverJs, {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dirA,
      SEED_DEMO: 'true',
      JWT_SECRET: 'live-bench-'.padEnd(48, 'x'),
    });
    const b = await startBuiltServer(serverJs, {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dirB,
      JWT_SECRET: 'live-bench-'.padEnd(48, 'x'),
    });
    try {
      const { token, rideId } = await ownTrip(a.base, 'live-a');
      const s = await openStream(`${b.base}/trips/${rideId}/events`, { authorization: `Bearer ${token}` });
      const times: number[] = [];
      for (let i = 0; i < 100; i++) {
        const from = s.events.length;
        const sent = performance.now();
        const arrived = nextChange(s, from);
        await edit(a.base, token, rideId, i);
        times.push((await arrived) - sent);
        await sleep(20);
      }
      s.res.destroy();
      table([
        {
          'edit on A → event on B (ms)': 'from sending the edit',
          p50: Math.round(pct(times, 50)),
          p95: Math.round(pct(times, 95)),
          max: Math.round(Math.max(...times)),
          bar: 'p95 < 300',
          met: pct(times, 95) < 300 ? 'yes' : 'NO',
        },
      ]);
    } finally {
      await stopProcess(a.proc);
      await stopProcess(b.proc);
      rmSync(dirA, { recursive: true, force: true });
      rmSync(dirB, { recursive: true, force: true });
    }
    return true;
  });
  if (!done) console.log('(skipped: set BENCH_DATABASE_URL or DATABASE_URL for the two-process figure)');
}

async function manyStreams(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'live-bench-one-'));
  const server = await startBuiltServer(serverJs, { DATA_DIR: dir });
  const pid = server.proc.pid as number;
  try {
    const { token, rideId } = await ownTrip(server.base, 'live-many');
    const page = `${server.base}/ride_attractions_api/${TRIP}`;
    /** The page under load, then the same while the followed trip changes twice a second. */
    const measure = async (label: string): Promise<[LoadResult, LoadResult]> => {
      const idle = await load(label, page);
      let editing = true;
      let edits = 0;
      const editor = (async () => {
        while (editing) {
          await edit(server.base, token, rideId, edits++);
          await sleep(500);
        }
      })();
      const busy = await load(`${label}, 2 edits/s`, page);
      editing = false;
      await editor;
      return [idle, busy];
    };
    await load('warm-up', page, { duration: 3 });
    const rss0 = await settledRss(pid);
    const [before, beforeEdits] = await measure('0 streams');

    // The streams live in a thread of their own (reading them costs the load generator nothing).
    const started = performance.now();
    const holder = new Worker(new URL('./live-streams.mjs', import.meta.url), {
      workerData: { url: `${server.base}/trips/${rideId}/events`, count: STREAMS },
    });
    const ask = (m?: string) =>
      new Promise<Record<string, number>>((resolve, reject) => {
        holder.once('message', resolve);
        holder.once('error', reject);
        if (m) holder.postMessage(m);
      });
    const { opened = 0 } = await ask();
    const openMs = Math.round(performance.now() - started);
    const rssStreams = await settledRss(pid);
    const [during, duringEdits] = await measure(`${opened} streams`);
    const { changes = 0 } = await ask('count');
    const rssAfter = rssMb(pid);
    await ask('close');
    await holder.terminate();
    await sleep(2_000);
    const [after, afterEdits] = await measure('0 streams again');
    table(
      [before, during, after, beforeEdits, duringEdits, afterEdits].map((r) => ({
        run: r.name,
        'req/s': r.requestsPerSec,
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        errors: r.errors,
      })),
    );
    const vs = (r: LoadResult, a: LoadResult, b: LoadResult) =>
      Math.round((r.p99 / Math.max(a.p99, b.p99) - 1) * 100);
    table([
      {
        streams: opened,
        'opened in ms': openMs,
        'RSS 0 streams MB': rss0,
        [`RSS ${opened} streams MB`]: rssStreams,
        'growth MB': rssStreams - rss0,
        'RSS after edits MB': rssAfter,
        'change events received': changes,
        'p99 vs 0 streams (idle)': `${vs(during, before, after)} %`,
        'p99 vs 0 streams (2 edits/s)': `${vs(duringEdits, beforeEdits, afterEdits)} %`,
        bars: `growth < 150: ${rssStreams - rss0 < 150 ? 'yes' : 'NO'}; p99 within 20 %: ${vs(during, before, after) <= 20 ? 'yes' : 'NO'}`,
      },
    ]);
  } finally {
    await stopProcess(server.proc);
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function liveBench(): Promise<void> {
  console.log('-- an edit on process A, its event on process B (PostgreSQL, 100 edits)');
  await acrossProcesses();
  console.log(`-- ${STREAMS} open event streams on one process (embedded database)`);
  await manyStreams();
}
