import { isoToTripDate } from '@rides/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type DbHandle } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../apps/server/src/db/seed/index.js';
import { createMailer } from '../apps/server/src/providers/mail/index.js';
import { pct, table } from './lib.js';

/**
 * Issue 33 bar (point 3, decision 0065): 20 clients x 50 conflicting edits with If-Match on PostgreSQL, 0 silent
 * overwrites: every write either applied on the version it read or refused with 409 trip_changed_meanwhile.
 *
 * One process on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; the bench makes
 * the database conflicts_bench beside it, the demo loaded, and drops it after). Each client, 50 times: reads the trip
 * (ride_attractions_api: its ETag is the version), then saves the same day note with If-Match: that version, a text
 * of its own (client, round). Checked after: every applied edit's answer ETag is the version it read + 1, the
 * trip_events log holds that version as a texts change of that day, no two applied edits read the same version, and
 * the note holds the text of the applied edit with the highest version. The same run without If-Match (the spec's
 * last write wins) is the contrast: how many of its writes replaced a change their writer had not seen.
 */
const CLIENTS = Number(process.env.CONFLICT_CLIENTS ?? 20);
const EDITS = Number(process.env.CONFLICT_EDITS ?? 50);
const DATABASE = 'conflicts_bench';

interface Outcome {
  client: number;
  read: number;
  status: number;
  made?: number;
  text: string;
  ms: number;
}

const versionOf = (etag: string | null) => Number(/^W\/"(\d+)"$/.exec(etag ?? '')?.[1] ?? NaN);

async function freshDatabase(adminUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

async function dropDatabase(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

async function round(
  base: string,
  auth: Record<string, string>,
  rideId: number,
  noteId: number,
  date: string,
  withIfMatch: boolean,
  label: string,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = 0; i < EDITS; i += 1) {
        const read = await fetch(`${base}/api/ride_attractions_api/${rideId}`, { headers: auth });
        await read.arrayBuffer();
        const etag = read.headers.get('etag');
        const text = `${label} client ${client} edit ${i}`;
        const t = performance.now();
        const res = await fetch(`${base}/api/update_extra_information_to_ride`, {
          method: 'POST',
          headers: {
            ...auth,
            'content-type': 'application/json',
            ...(withIfMatch && etag ? { 'if-match': etag } : {}),
          },
          body: JSON.stringify({ ride_id: rideId, extra_information_id: noteId, text, date }),
        });
        const body = (await res.json()) as { ServerMassageCode?: string };
        const ms = performance.now() - t;
        if (
          res.status !== 200 &&
          !(res.status === 409 && body.ServerMassageCode === 'trip_changed_meanwhile')
        )
          throw new Error(`unexpected answer ${res.status} ${JSON.stringify(body)}`);
        outcomes.push({
          client,
          read: versionOf(etag),
          status: res.status,
          text,
          ms,
          ...(res.status === 200 ? { made: versionOf(res.headers.get('etag')) } : {}),
        });
      }
    }),
  );
  return outcomes;
}

export async function conflictsBench(): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = await freshDatabase(adminUrl);
  let handle: DbHandle | undefined;
  let app: FastifyInstance | undefined;
  try {
    const setup = await openDatabase({ databaseUrl: url, boundQueries: false });
    await migrateDatabase(setup);
    await seedDemo(setup.db);
    await setup.close();

    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1',
      DATABASE_URL: url,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 's'.repeat(40),
    });
    handle = await openDatabase({ databaseUrl: url });
    app = await buildApp({ config, db: handle, mailer: createMailer(config.mail), logLevel: 'silent' });
    await app.listen({ port: Number(process.env.CONFLICT_PORT ?? 0), host: '127.0.0.1' });
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
    const trip = (await (
      await fetch(`${base}/api/ride_attractions_api/${rideId}`, { headers: auth })
    ).json()) as {
      ride: { start_date: string };
    };
    // Day 2 of the copy (start_date is DD-MM-YYYY).
    const [d, m, y] = trip.ride.start_date.split('-').map(Number) as [number, number, number];
    const day2 = new Date(Date.UTC(y, m - 1, d + 1));
    const iso = day2.toISOString().slice(0, 10);
    const date = isoToTripDate(iso);
    const added = await fetch(`${base}/api/add_extra_information_to_ride`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ride_id: rideId, title: '', text: 'start', date }),
    });
    const addedBody = (await added.json()) as {
      extraInformation?: { id: number };
      ServerMassageCode: string;
    };
    const { rows: notes } = await handle.db.execute<{ id: number }>(
      sql`SELECT id FROM ride_extra_information WHERE ride_id = ${rideId} AND date = ${iso} ORDER BY id DESC LIMIT 1`,
    );
    const noteId = notes[0]?.id;
    if (added.status !== 200 || noteId === undefined)
      throw new Error(`the day note was not made: ${added.status} ${JSON.stringify(addedBody)}`);

    const rows: Record<string, string | number>[] = [];
    for (const withIfMatch of [true, false]) {
      const label = withIfMatch ? 'if-match' : 'no-if-match';
      const t = performance.now();
      const outcomes = await round(base, auth, rideId, noteId, date, withIfMatch, label);
      const seconds = (performance.now() - t) / 1000;
      const applied = outcomes.filter((o) => o.status === 200);
      const refused = outcomes.filter((o) => o.status === 409);
      // A silent overwrite: an applied write whose trip had changed since its writer read it.
      const silent = applied.filter((o) => o.made !== o.read + 1).length;
      // The log: each applied edit's version is there, a texts change of day 2 (a per-edit check, not a count).
      const { rows: log } = await handle.db.execute<{
        version: number;
        type: string;
        target: { days?: string[] };
      }>(sql`SELECT version, type, target FROM trip_events WHERE ride_id = ${rideId}`);
      const byVersion = new Map(log.map((e) => [Number(e.version), e]));
      const unlogged = applied.filter((o) => {
        const e = byVersion.get(o.made as number);
        return !e || e.type !== 'texts' || !(e.target.days ?? []).includes(iso);
      }).length;
      const distinctReads = new Set(applied.map((o) => o.read)).size;
      const last = applied.reduce((a, b) => ((a.made as number) > (b.made as number) ? a : b));
      const { rows: note } = await handle.db.execute<{ text: string }>(
        sql`SELECT text FROM ride_extra_information WHERE id = ${noteId}`,
      );
      const finalOk = note[0]?.text === last.text;
      const ms = outcomes.map((o) => o.ms);
      rows.push({
        run: withIfMatch ? 'with If-Match' : 'without (spec)',
        writes: outcomes.length,
        applied: applied.length,
        '409 refused': refused.length,
        'silent overwrites': silent,
        'applied, not in log': withIfMatch ? unlogged : '-',
        'reads distinct': withIfMatch ? (distinctReads === applied.length ? 'yes' : 'NO') : '-',
        'note = last applied': finalOk ? 'yes' : 'NO',
        'save p50 ms': Math.round(pct(ms, 50) * 10) / 10,
        'save p99 ms': Math.round(pct(ms, 99) * 10) / 10,
        'writes/s': Math.round(outcomes.length / seconds),
      });
    }
    console.log(
      `${CLIENTS} clients x ${EDITS} saves of one day note (read the trip, then save with its ETag as If-Match), PostgreSQL, one process`,
    );
    table(rows);
  } finally {
    await app?.close();
    await handle?.close().catch(() => undefined);
    await dropDatabase(adminUrl);
  }
}
