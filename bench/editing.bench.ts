import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { table } from './lib.js';

/**
 * Issue 5 bar: 50 concurrent clients adding and removing days and activities on one trip for 30 s, against the
 * built server (`npm run build` first) on the embedded database (PGlite in a fresh data folder, the demo loaded):
 * zero lost updates (the final trip equals the start plus every acknowledged operation), zero 5xx, p99 reported.
 *
 * The trip is a signed-in user's own copy of demo trip 72 (add_ride_to_user_api), edited with that user's token.
 * Days: add_day_to_ride_api and remove_day_from_ride_api (which moves the day's activities to the next day, so the
 * activity count depends only on the activity calls). Activities: add_attraction_to_ride_api with attractions of
 * the public demo trips, and remove_attraction_from_ride_api. A refusal (4xx: a day index or date that a concurrent
 * change made stale, the 60-day limit, an activity already gone) is an acknowledged "no change", counted apart.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLIENTS = 50;
const DURATION_MS = 30_000;
const PORT = 3791;
const BASE = `http://127.0.0.1:${PORT}/api`;
const SOURCE_TRIPS = [1, 183, 233, 719, 843];

type Op = 'addDay' | 'removeDay' | 'addActivity' | 'removeActivity';

async function startServer(): Promise<{ proc: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rides-bench-editing-'));
  const proc = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
    env: { ...process.env, DATABASE_URL: '', NODE_ENV: 'production', PORT: String(PORT), PUBLIC_URL: `http://127.0.0.1:${PORT}`, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/health`)).ok) return { proc, dataDir };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  proc.kill();
  throw new Error('server did not start (run npm run build first)');
}

async function json(path: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${BASE}/${path}`, init);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

interface TripState {
  days: number;
  activities: Set<number>;
  start: string;
}

async function readTrip(rideId: number, token: string): Promise<TripState> {
  const { status, body } = await json(`ride_attractions_api/${rideId}`, { headers: { authorization: `Bearer ${token}` } });
  if (status !== 200) throw new Error(`ride_attractions_api answered ${status}`);
  const days = body.attractionsByDay as { daily_attractions: { id: number }[] }[];
  const ride = body.ride as { start_date: string };
  const [d, m, y] = ride.start_date.split('-');
  return { days: days.length, activities: new Set(days.flatMap((x) => x.daily_attractions.map((a) => a.id))), start: `${y}-${m}-${d}` };
}

const pickerDate = (startIso: string, offset: number) => {
  const [y, m, d] = startIso.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + offset));
  return `${t.getUTCMonth() + 1}/${t.getUTCDate()}/${t.getUTCFullYear()}`;
};

const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

export async function editingBench(): Promise<void> {
  const { proc, dataDir } = await startServer();
  try {
    const email = `bench.${Date.now().toString(36)}@example.com`;
    const password = 'bench-pass-123';
    const reg = await json('register_new_user_api', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, userName: 'Bench editor' }),
    });
    if (reg.status !== 200) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
    const login = await json('app_login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    const token = login.body.token as string;
    const auth = { authorization: `Bearer ${token}` };
    const copy = await json('add_ride_to_user_api/72', { headers: auth });
    if (copy.status !== 200) throw new Error(`add_ride_to_user_api failed: ${copy.status} ${JSON.stringify(copy.body)}`);
    const rideId = copy.body.newRideId as number;

    // The pool of activities: every attraction of the public demo trips (some are in the copy already).
    const pool = new Set<number>();
    for (const id of SOURCE_TRIPS) {
      const { body } = await json(`ride_attractions_api/${id}`);
      for (const d of (body.attractionsByDay as { daily_attractions: { id: number }[] }[] | undefined) ?? [])
        for (const a of d.daily_attractions) pool.add(a.id);
    }
    const initial = await readTrip(rideId, token);
    for (const a of initial.activities) pool.add(a);
    const poolIds = [...pool];

    // What the clients were told: changes acknowledged (2xx that changed something) and refusals.
    let dayDelta = 0;
    let activityDelta = 0;
    let known = initial.days;
    const counts: Record<Op, { ok: number; refused: number }> = {
      addDay: { ok: 0, refused: 0 },
      removeDay: { ok: 0, refused: 0 },
      addActivity: { ok: 0, refused: 0 },
      removeActivity: { ok: 0, refused: 0 },
    };
    const latency: Record<Op, number[]> = { addDay: [], removeDay: [], addActivity: [], removeActivity: [] };
    const refusals = new Map<string, number>();
    let serverErrors = 0;
    let networkErrors = 0;
    const rnd = (n: number) => Math.floor(Math.random() * n);

    const one = async (): Promise<void> => {
      const roll = Math.random();
      // Days stay between 1 and 60: lean to adding when short, to removing when long.
      const addDayBias = known < 20 ? 0.7 : known > 50 ? 0.3 : 0.5;
      const op: Op = roll < 0.3 ? (Math.random() < addDayBias ? 'addDay' : 'removeDay') : roll < 0.7 ? 'addActivity' : 'removeActivity';
      const attractionId = poolIds[rnd(poolIds.length)] as number;
      let path: string;
      let init: RequestInit = { headers: auth };
      if (op === 'addDay') path = `add_day_to_ride_api/${rideId}/${rnd(known)}`;
      else if (op === 'removeDay') path = `remove_day_from_ride_api/${rideId}/${rnd(known)}`;
      else if (op === 'addActivity') {
        path = `add_attraction_to_ride_api/${rideId}/${attractionId}`;
        init = { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ date: pickerDate(initial.start, rnd(known)) }) };
      } else path = `remove_attraction_from_ride_api/${rideId}/${attractionId}`;
      const t0 = performance.now();
      let res: { status: number; body: Record<string, unknown> };
      try {
        res = await json(path, init);
      } catch {
        networkErrors++;
        return;
      }
      latency[op].push(performance.now() - t0);
      if (res.status >= 500) {
        serverErrors++;
        return;
      }
      if (res.status !== 200) {
        counts[op].refused++;
        const code = `${res.status} ${String(res.body.ServerMassageCode)}`;
        refusals.set(code, (refusals.get(code) ?? 0) + 1);
        return;
      }
      counts[op].ok++;
      if (op === 'addDay' || op === 'removeDay') {
        dayDelta += op === 'addDay' ? 1 : -1;
        known = res.body.duration as number;
      } else if (op === 'addActivity') {
        if (res.body.alreadyInRide !== true) activityDelta++;
      } else activityDelta--;
    };

    const until = Date.now() + DURATION_MS;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < until) await one();
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    const final = await readTrip(rideId, token);
    const all = Object.values(latency).flat();
    const total = all.length;
    table(
      (Object.keys(latency) as Op[]).map((op) => ({
        operation: op,
        acknowledged: counts[op].ok,
        refused: counts[op].refused,
        'p50 ms': Math.round(percentile(latency[op], 50)),
        'p99 ms': Math.round(percentile(latency[op], 99)),
        'max ms': Math.round(Math.max(0, ...latency[op])),
      })),
    );
    console.log(`refusals (4xx, acknowledged no-change): ${[...refusals].map(([c, n]) => `${c} x${n}`).join(', ') || 'none'}`);
    console.log(
      `${CLIENTS} clients, ${seconds.toFixed(1)} s, ${total} requests (${Math.round(total / seconds)}/s); ` +
        `p50 ${Math.round(percentile(all, 50))} ms, p99 ${Math.round(percentile(all, 99))} ms; 5xx ${serverErrors}; network errors ${networkErrors}`,
    );
    const daysOk = final.days === initial.days + dayDelta;
    const activitiesOk = final.activities.size === initial.activities.size + activityDelta;
    console.log(
      `days: start ${initial.days} + acknowledged ${dayDelta >= 0 ? '+' : ''}${dayDelta} = ${initial.days + dayDelta}, final ${final.days}; ` +
        `activities: start ${initial.activities.size} + acknowledged ${activityDelta >= 0 ? '+' : ''}${activityDelta} = ${initial.activities.size + activityDelta}, final ${final.activities.size}`,
    );
    console.log(
      `bar (zero lost updates, zero 5xx): ${daysOk && activitiesOk && serverErrors === 0 && networkErrors === 0 ? 'MET' : 'NOT MET'}`,
    );
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
