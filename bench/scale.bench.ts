import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type DbHandle } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../apps/server/src/db/seed/index.js';
import { createMailer } from '../apps/server/src/providers/mail/index.js';
import { median, table } from './lib.js';
import { generateTrips } from './scale-data.js';

/**
 * Issue 16: search at N generated trips (default 100,000; `SCALE_TRIPS=10000 npm run bench -- scale`, or --trips=N when run directly) on
 * PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres: the bench creates its own
 * databases rides_scale_<N> and rides_scale_demo beside it). A generated database is kept and reused by the next run
 * of the same N (migrations still apply); SCALE_FRESH=1 generates it again.
 *
 * For each search call: cache misses (every request a new point near Rome, or the cache emptied first for the map),
 * sequential p50/p99; cache hits; then 20 connections of distinct Rome searches for 10 s (autocannon in a child
 * process) while /api/health is asked every 100 ms, with the CPU per request of this process and of the database's
 * backends. Each figure beside the same measure on the 7 demo trips, in the same run, and the load average printed.
 */
const ROME = { lat: 41.9028, lng: 12.4964 };

function trips(): number {
  const flag = process.argv.find((a) => a.startsWith('--trips='));
  const n = Number(flag ? flag.slice('--trips='.length) : (process.env.SCALE_TRIPS ?? 100_000));
  if (!Number.isInteger(n) || n < 0) throw new Error(`bad trip count: ${n}`);
  return n;
}

/** A point near Rome that no earlier request of this run asked about (a grid of 60 x 60 points ~1.6 km apart). */
let nextPoint = 0;
function freshRomePoint(): { lat: number; lng: number } {
  const i = nextPoint++ % 3600;
  return {
    lat: +(ROME.lat - 0.45 + (i % 60) * 0.015).toFixed(4),
    lng: +(ROME.lng - 0.6 + Math.floor(i / 60) * 0.02).toFixed(4),
  };
}

async function prepareDatabase(adminUrl: string, name: string, n: number): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    let reuse = exists && process.env.SCALE_FRESH !== '1';
    if (reuse) {
      const probe = new pg.Client({ connectionString: url.toString() });
      await probe.connect();
      try {
        const { rows } = await probe.query<{ n: number }>('SELECT count(*)::int AS n FROM rides');
        reuse = rows[0]!.n >= n + 7;
      } catch {
        reuse = false;
      } finally {
        await probe.end();
      }
    }
    if (reuse) {
      console.log(`${name}: reusing the generated database (SCALE_FRESH=1 to generate it again)`);
      const handle = await openDatabase({ databaseUrl: url.toString() });
      await migrateDatabase(handle);
      await handle.close();
      return url.toString();
    }
    if (exists) await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  // Unbounded: generating and indexing millions of rows takes statements far past the server's 10 s bound (0051).
  const handle = await openDatabase({ databaseUrl: url.toString(), boundQueries: false });
  try {
    await migrateDatabase(handle);
    await seedDemo(handle.db);
    if (n > 0) {
      const t = performance.now();
      console.log(`${name}: generating ${n} trips`);
      const counts = await generateTrips(handle.db, n, console.log);
      console.log(
        `${name}: ${counts.rides} trips, ${counts.attractions} attractions, ${counts.placements} placements, ` +
          `${counts.accommodations} stays in ${Math.round((performance.now() - t) / 1000)} s`,
      );
    }
  } finally {
    await handle.close();
  }
  return url.toString();
}

interface Figures {
  missP50: number;
  missP99: number;
  hitP50: number;
}

interface Call {
  name: string;
  /** The path of a request that misses the cache. */
  miss: (app: FastifyInstance) => string;
  /** The path of a request asked once before (a hit where the server caches). */
  hit: string;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? 0;
};
const round1 = (x: number) => Math.round(x * 10) / 10;

async function timedGet(base: string, path: string, headers: Record<string, string>): Promise<number> {
  const t = performance.now();
  const res = await fetch(base + path, { headers });
  await res.arrayBuffer();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return ms;
}

interface Running {
  app: FastifyInstance;
  base: string;
  handle: DbHandle;
  auth: Record<string, string>;
  calls: Call[];
  /** The database's name (its backends' CPU is counted under load). */
  database: string;
}

async function start(url: string): Promise<Running> {
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 's'.repeat(40),
  });
  const handle = await openDatabase({ databaseUrl: url });
  const app = await buildApp({ config, db: handle, mailer: createMailer(config.mail), logLevel: 'silent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await fetch(`${base}/api/app_login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.planner.email, password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token?: string };
  if (!token) throw new Error(`sign-in of the demo planner failed (${login.status})`);
  // A public trip the planner authors: the manager search's trip (and the attraction search's, for a visitor).
  const { rows } = await handle.db.execute<{ id: number }>(
    sql`SELECT r.id FROM rides r JOIN users u ON u.id = r.author_id
        WHERE u.email = ${DEMO_ACCOUNTS.planner.email} AND r.type = 'public' AND r.ride_manager_id IS NULL ORDER BY r.id LIMIT 1`,
  );
  const rideId = rows[0]!.id;
  const at = (p: { lat: number; lng: number }) => `${p.lat}/${p.lng}`;
  const calls: Call[] = [
    {
      name: 'global_rides_api near Rome',
      miss: () => {
        const p = freshRomePoint();
        return `/api/global_rides_api?lat=${p.lat}&lng=${p.lng}`;
      },
      hit: `/api/global_rides_api?lat=${ROME.lat}&lng=${ROME.lng}`,
    },
    {
      name: 'get_all_sertch_point (all trips)',
      miss: (a) => {
        a.tripSearch.invalidate();
        return '/api/get_all_sertch_point';
      },
      hit: '/api/get_all_sertch_point',
    },
    {
      name: 'serch_attractions_by_location_api near Rome (no trip)',
      miss: () => `/api/serch_attractions_by_location_api/${at(freshRomePoint())}`,
      hit: `/api/serch_attractions_by_location_api/${at(ROME)}`,
    },
    {
      name: 'serch_attractions_by_location_api/{rideId} near Rome (not cached)',
      miss: () => `/api/serch_attractions_by_location_api/${rideId}/${at(freshRomePoint())}`,
      hit: `/api/serch_attractions_by_location_api/${rideId}/${at(ROME)}`,
    },
    {
      name: 'serch_accommodations_by_location_api near Rome',
      miss: () => `/api/serch_accommodations_by_location_api/${at(freshRomePoint())}`,
      hit: `/api/serch_accommodations_by_location_api/${at(ROME)}`,
    },
    {
      name: 'serch_attractions_of_ride_manger_by_location_api (planner, not cached)',
      miss: () => `/api/serch_attractions_of_ride_manger_by_location_api/${rideId}/${at(freshRomePoint())}`,
      hit: `/api/serch_attractions_of_ride_manger_by_location_api/${rideId}/${at(ROME)}`,
    },
  ];
  return {
    app,
    base,
    handle,
    auth: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    calls,
    database: new URL(url).pathname.slice(1),
  };
}

async function measure(run: Running, call: Call, samples: number): Promise<Figures> {
  await timedGet(run.base, call.miss(run.app), run.auth); // warm the connection and the plan cache
  const misses: number[] = [];
  for (let i = 0; i < samples; i++) misses.push(await timedGet(run.base, call.miss(run.app), run.auth));
  await timedGet(run.base, call.hit, run.auth);
  const hits: number[] = [];
  for (let i = 0; i < samples; i++) hits.push(await timedGet(run.base, call.hit, run.auth));
  return { missP50: round1(median(misses)), missP99: round1(pct(misses, 99)), hitP50: round1(median(hits)) };
}

interface LoadFigures {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  healthMax: number;
  healthFailed: number;
  /** CPU of the server's process per request, ms (user + system): a figure the machine's other load barely moves. */
  nodeCpuMs: number;
  /** CPU of the database's backends for this database per request, ms (Linux: read from /proc; null elsewhere). */
  dbCpuMs: number | null;
}

/**
 * The load generator, in a process of its own (as clients are): in the server's process it would take the event loop
 * the server needs, and count its own work as the server's. It cycles through the paths it is given.
 */
const LOADER = `
const autocannon = require(process.env.AUTOCANNON);
const paths = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
let i = 0;
autocannon({
  url: process.env.BASE, connections: 20, duration: 10, timeout: 10, headers: JSON.parse(process.env.HEADERS),
  requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
}).then((r) => process.stdout.write(JSON.stringify({ rps: r.requests.average, total: r.requests.total,
  p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx, timeouts: r.timeouts })));
`;

/** CPU time (ms) of the PostgreSQL backends serving `database`, sampled every 100 ms (Linux /proc), as a running sum. */
function databaseCpu(database: string): { stop: () => number | null } {
  if (process.platform !== 'linux') return { stop: () => null };
  const ticksPerMs = 100 / 1000; // USER_HZ
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  const sample = () => {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        if (!title.includes(` ${database} `) && !title.includes('parallel worker')) continue;
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        const ms = (Number(fields[11]) + Number(fields[12])) / ticksPerMs;
        if (!first.has(pid)) first.set(pid, ms);
        last.set(pid, ms);
      } catch {
        // gone meanwhile
      }
    }
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      let sum = 0;
      for (const [pid, ms] of last) sum += ms - (first.get(pid) ?? ms);
      return sum;
    },
  };
}

/** 20 connections asking distinct paths (`path()`, a new point each) for 10 s, while /api/health is asked every 100 ms. */
async function loadDistinct(run: Running, path: () => string): Promise<LoadFigures> {
  const paths = Array.from({ length: 6000 }, path);
  const health: number[] = [];
  let healthFailed = 0;
  let loading = true;
  const prober = (async () => {
    while (loading) {
      const t = performance.now();
      try {
        const res = await fetch(`${run.base}/api/health`, { signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer();
        if (res.status !== 200) healthFailed++;
      } catch {
        healthFailed++;
      }
      health.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const cpu = process.cpuUsage();
  const db = databaseCpu(run.database);
  const child = spawn(process.execPath, ['-e', LOADER], {
    env: {
      ...process.env,
      AUTOCANNON: createRequire(import.meta.url).resolve('autocannon'),
      BASE: run.base,
      HEADERS: JSON.stringify(run.auth),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(JSON.stringify(paths));
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  await once(child, 'close');
  const used = process.cpuUsage(cpu);
  const dbMs = db.stop();
  loading = false;
  await prober;
  const result = JSON.parse(out) as {
    rps: number;
    total: number;
    p50: number;
    p99: number;
    errors: number;
    timeouts: number;
  };
  const perRequest = (ms: number) => Math.round((ms / Math.max(1, result.total)) * 100) / 100;
  return {
    reqPerSec: Math.round(result.rps),
    p50: result.p50,
    p99: result.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    healthMax: Math.round(Math.max(0, ...health)),
    healthFailed,
    nodeCpuMs: perRequest((used.user + used.system) / 1000),
    dbCpuMs: dbMs === null ? null : perRequest(dbMs),
  };
}

/**
 * Place autocomplete (our own places are read from place_keys per keystroke, decision 0013): every keystroke of demo
 * attraction names (both languages) and of a few cities, as a visitor near Rome and as the signed-in planner; and the
 * server process's memory before the first place search and after them all (the index it replaced held every public
 * attraction and stay in memory: at 100,000 trips it never finished building, at 5.4 GB).
 */
async function measurePlaces(run: Running): Promise<{ rows: Record<string, string | number>[]; memory: Record<string, string | number> }> {
  const mb = (x: number) => Math.round(x / 1e5) / 10;
  const before = process.memoryUsage();
  const names = (
    await run.handle.db.execute<{ title: string }>(
      sql`SELECT DISTINCT ON (title) title FROM attractions WHERE id IN (SELECT attraction_id FROM ride_attractions WHERE ride_id < 1000) ORDER BY title LIMIT 40`,
    )
  ).rows.map((r) => r.title);
  const words = [...names, 'Rome', 'Colosseum', 'Trevi', 'רומא', 'פריז', 'Hotel', 'מלון'];
  const keystrokes = words.flatMap((w) => [...w.slice(0, 12)].map((_, i) => w.slice(0, i + 1)).filter((k) => k.trim().length > 0));
  const first = performance.now();
  await timedGet(run.base, `/api/places_autocomplete?q=${encodeURIComponent('ro')}&lat=41.9&lng=12.49`, {});
  const firstMs = round1(performance.now() - first);
  const rows: Record<string, string | number>[] = [];
  for (const [who, headers, near] of [
    ['visitor, near Rome', {}, '&lat=41.9&lng=12.49'],
    ['signed-in planner, no point', run.auth, ''],
  ] as const) {
    const times: number[] = [];
    for (const k of keystrokes) times.push(await timedGet(run.base, `/api/places_autocomplete?q=${encodeURIComponent(k)}&limit=10${near}`, headers));
    rows.push({ who, keystrokes: keystrokes.length, 'p50 ms': round1(median(times)), 'p99 ms': round1(pct(times, 99)), 'max ms': round1(Math.max(...times)) });
  }
  const after = process.memoryUsage();
  return {
    rows,
    memory: {
      'first place search ms': firstMs,
      'RSS before MB': mb(before.rss),
      'RSS after MB': mb(after.rss),
      'heap used after MB': mb(after.heapUsed),
    },
  };
}

export async function scaleBench(): Promise<void> {
  const n = trips();
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const samples = Number(process.env.SCALE_SAMPLES ?? 20);
  const sizes: { label: string; url: string }[] = [
    { label: '7 demo trips', url: await prepareDatabase(adminUrl, 'rides_scale_demo', 0) },
    { label: `${n} trips`, url: await prepareDatabase(adminUrl, `rides_scale_${n}`, n) },
  ];
  const rows: Record<string, string | number>[] = [];
  const loads: Record<string, string | number>[] = [];
  const places: Record<string, string | number>[] = [];
  const memory: Record<string, string | number>[] = [];
  // SCALE_PARTS=places: the place autocomplete part alone (the searches take minutes).
  const onlyPlaces = process.env.SCALE_PARTS === 'places';
  for (const size of sizes) {
    const run = await start(size.url);
    try {
      const p = await measurePlaces(run);
      places.push(...p.rows.map((r) => ({ data: size.label, ...r })));
      memory.push({ data: size.label, ...p.memory });
      if (onlyPlaces) continue;
      for (const call of run.calls) {
        const f = await measure(run, call, call.name.startsWith('get_all') ? Math.min(samples, 10) : samples);
        rows.push({
          data: size.label,
          call: call.name,
          'miss p50 ms': f.missP50,
          'miss p99 ms': f.missP99,
          'hit p50 ms': f.hitP50,
        });
      }
      for (const call of [run.calls[0]!, run.calls[2]!, run.calls[4]!]) {
        const l = await loadDistinct(run, () => call.miss(run.app));
        loads.push({
          data: size.label,
          'call, 20 connections, distinct Rome points': call.name,
          'req/s': l.reqPerSec,
          'p50 ms': l.p50,
          'p99 ms': l.p99,
          errors: l.errors,
          timeouts: l.timeouts,
          'health max ms': l.healthMax,
          'health failed': l.healthFailed,
          'server CPU ms/req': l.nodeCpuMs,
          'db CPU ms/req': l.dbCpuMs ?? '-',
          'load avg 1 min': Math.round(loadavg()[0]! * 10) / 10,
        });
      }
    } finally {
      await run.app.close();
      await run.handle.close();
    }
  }
  console.log(
    `\nmachine: ${cpus().length} CPUs, load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')} at the end`,
  );
  console.log('\nplace autocomplete, every keystroke of demo attraction names and cities (our places read per keystroke)');
  table(places);
  console.log('\nmemory of the server process (the bench runs it in-process), before the first place search and after all');
  table(memory);
  if (onlyPlaces) return;
  console.log('\nsequential (misses: a new point each request; the map: its cache emptied first)');
  table(rows);
  console.log(
    '\nunder load (20 connections, 10 s, a new point each request; /api/health every 100 ms meanwhile)',
  );
  table(loads);
}
