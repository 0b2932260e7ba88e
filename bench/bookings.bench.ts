import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type DbHandle } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../apps/server/src/db/seed/index.js';
import { createMailer } from '../apps/server/src/providers/mail/index.js';
import { corpusDocuments } from '../apps/server/test/bookings/corpus-check.js';
import { median, pct, table } from './lib.js';

/**
 * Issue 34's bars (decision 0068): without an LLM, the median import of one document under 1 s (through the whole
 * call: upload, kind, layers, airports, places, the preview), and 20 documents imported at once leave
 * ride_attractions_api's p99 under 100 ms. Measured on the embedded database (the default a new user runs), the demo
 * loaded, the test set's 41 documents. Baselines of the same run: GET /api/health for one import's time, and
 * ride_attractions_api read alone for the same reads during the imports.
 */
const ROUNDS = Number(process.env.BOOKINGS_ROUNDS ?? 3);
const AT_ONCE = 20;
/** Bursts of AT_ONCE imports, one after another: enough trip reads during them for a p99. */
const BURSTS = Number(process.env.BOOKINGS_BURSTS ?? 10);

function multipart(name: string, bytes: Uint8Array) {
  const boundary = `----bench${Math.random().toString(36).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

async function timed(fn: () => Promise<Response>): Promise<number> {
  const t = performance.now();
  const res = await fn();
  await res.arrayBuffer();
  if (!res.ok && res.status !== 422) throw new Error(`${res.status} ${res.url}`);
  return performance.now() - t;
}

/** Reads the trip page's activities one after another until `until` resolves; each read's milliseconds. */
async function readWhile(
  base: string,
  rideId: number,
  headers: Record<string, string>,
  until: Promise<unknown>,
): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  while (!done) times.push(await timed(() => fetch(`${base}/api/ride_attractions_api/${rideId}`, { headers })));
  return times;
}

export async function bookingsBench(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bookings-bench-'));
  let handle: DbHandle | undefined;
  let app: FastifyInstance | undefined;
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 's'.repeat(40),
      // Each import from its own address: the import's rate limit (30 a minute per address) is not what this measures.
      TRUST_PROXY: 'true',
    });
    handle = await openDatabase({ dataDir });
    await migrateDatabase(handle);
    await seedDemo(handle.db);
    app = await buildApp({ config, db: handle, mailer: createMailer(config.mail), logLevel: 'silent' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const login = await fetch(`${base}/api/app_login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.planner.email, password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token?: string };
    if (!token) throw new Error(`sign-in failed (${login.status})`);
    const auth = { authorization: `Bearer ${token}` };
    const copy = await fetch(`${base}/api/add_ride_to_user_api/72`, { headers: auth });
    const rideId = ((await copy.json()) as { newRideId: number }).newRideId;

    const documents = corpusDocuments();
    let seq = 0;
    const importOne = (d: (typeof documents)[number]) => {
      seq += 1;
      const { body, type } = multipart(d.name, d.bytes);
      return fetch(`${base}/api/trips/${rideId}/bookings/import`, {
        method: 'POST',
        headers: { ...auth, 'content-type': type, 'x-forwarded-for': `10.1.${(seq >> 8) & 255}.${seq & 255}` },
        body,
      });
    };
    // Warm: the first flight loads the airport table, the first PDF its reader, the first place the gazetteer.
    for (const d of documents) await timed(() => importOne(d));

    const health: number[] = [];
    const perDocument = new Map<string, number[]>();
    for (let r = 0; r < ROUNDS; r += 1) {
      for (const d of documents) {
        health.push(await timed(() => fetch(`${base}/api/health`)));
        const ms = await timed(() => importOne(d));
        perDocument.set(d.name, [...(perDocument.get(d.name) ?? []), ms]);
      }
    }
    const medians = [...perDocument.values()].map(median);
    const byLayer = new Map<string, number[]>();
    for (const d of documents) byLayer.set(d.layer, [...(byLayer.get(d.layer) ?? []), median(perDocument.get(d.name)!)]);
    console.log(`\none document's import, ${documents.length} documents x ${ROUNDS} rounds (bar: median < 1000 ms)`);
    table([
      {
        what: 'import (median of each document)',
        median: median(medians).toFixed(1),
        p95: pct(medians, 95).toFixed(1),
        max: Math.max(...medians).toFixed(1),
        'x health': (median(medians) / median(health)).toFixed(1),
      },
      { what: 'GET /api/health (baseline)', median: median(health).toFixed(2), p95: pct(health, 95).toFixed(2), max: '', 'x health': '1.0' },
      ...[...byLayer].map(([layer, ms]) => ({
        what: `  ${layer} (${ms.length})`,
        median: median(ms).toFixed(1),
        p95: pct(ms, 95).toFixed(1),
        max: Math.max(...ms).toFixed(1),
        'x health': (median(ms) / median(health)).toFixed(1),
      })),
    ]);

    // The trip page's reads alone, then while 20 documents are imported at once (the heaviest: PDFs and mails first).
    const alone = await readWhile(base, rideId, auth, new Promise((r) => setTimeout(r, 3000)));
    const heavy = [...documents].sort((a, b) => b.bytes.length - a.bytes.length).slice(0, AT_ONCE);
    const during: number[] = [];
    const importMs: number[] = [];
    const started = performance.now();
    for (let r = 0; r < BURSTS; r += 1) {
      const imports = Promise.all(heavy.map((d) => timed(() => importOne(d))));
      during.push(...(await readWhile(base, rideId, auth, imports)));
      importMs.push(...(await imports));
    }
    const wall = (performance.now() - started) / BURSTS;
    console.log(`\nride_attractions_api while ${AT_ONCE} documents are imported at once (bar: p99 < 100 ms)`);
    table([
      { reads: 'alone (baseline)', n: alone.length, p50: median(alone).toFixed(1), p99: pct(alone, 99).toFixed(1) },
      {
        reads: `during ${BURSTS} x ${AT_ONCE} imports at once (${wall.toFixed(0)} ms each; slowest import ${Math.max(...importMs).toFixed(0)} ms)`,
        n: during.length,
        p50: median(during).toFixed(1),
        p99: pct(during, 99).toFixed(1),
      },
      { reads: 'p99 ratio during / alone', n: '', p50: '', p99: (pct(during, 99) / pct(alone, 99)).toFixed(2) },
    ]);
  } finally {
    await app?.close();
    await handle?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
