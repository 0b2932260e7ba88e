import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pushCopiesResponse, tripCopiesResponse } from '@rides/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type DbHandle } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../apps/server/src/db/seed/index.js';
import { dayIdsOf } from '../apps/server/src/modules/lineage/day-ids.js';
import { readTripContent } from '../apps/server/src/modules/lineage/lineage.repository.js';
import { createMailer } from '../apps/server/src/providers/mail/index.js';
import { median, pct, table } from './lib.js';

/**
 * Issue 37's push bars (decision 0075 "Push"): a planner's template with 1,000 clients' copies, a push to all of them
 * under 60 s, and ride_attractions_api of another trip with p99 under 100 ms meanwhile. On the embedded database (the
 * default a new user runs), the demo loaded. The copies are made in SQL in a few statements (not 1,000 copy calls) but
 * are the rows a copy makes: the template's ride row, its activities, stays and notes (lineage ids as copy.repository.ts
 * writes them), a trip_lineage row with the template's content as its base, each copy owned by its own user. A tenth of
 * the copies retimed the activity the planner retimes (a conflict that waits); the planner then retimes three
 * activities and adds a day through the API.
 */
const COPIES = Number(process.env.PUSH_COPIES ?? 1000);

async function timed(fn: () => Promise<Response>): Promise<number> {
  const t = performance.now();
  const res = await fn();
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${res.status} ${res.url}`);
  return performance.now() - t;
}

async function readWhile(
  url: string,
  headers: Record<string, string>,
  until: Promise<unknown>,
): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  while (!done) times.push(await timed(() => fetch(url, { headers })));
  return times;
}

/** The columns of a table an INSERT ... SELECT copies (not the id, not generated ones). */
async function columnsOf(handle: DbHandle, table: string): Promise<string[]> {
  const res = await handle.db.execute<{ column_name: string }>(sql`
    SELECT column_name FROM information_schema.columns
    WHERE table_name = ${table} AND column_name <> 'id' AND is_generated = 'NEVER' AND is_identity = 'NO'
    ORDER BY ordinal_position`);
  return res.rows.map((r) => r.column_name);
}

/** INSERT INTO table (cols) SELECT cols (with `over` replacing some) FROM `from`. */
async function copyRows(
  handle: DbHandle,
  table: string,
  over: Record<string, string>,
  from: string,
): Promise<void> {
  const cols = await columnsOf(handle, table);
  const values = cols.map((c) => over[c] ?? `s."${c}"`);
  await handle.db.execute(
    sql.raw(
      `INSERT INTO ${table} (${cols.map((c) => `"${c}"`).join(', ')}) SELECT ${values.join(', ')} FROM ${from}`,
    ),
  );
}

/** COPIES users, each with a copy of the template (the rows a copy makes), and their lineage on the template now. */
async function makeCopies(handle: DbHandle, templateId: number): Promise<void> {
  const db = handle.db;
  await db.execute(sql`
    INSERT INTO users (email, user_name, role)
    SELECT 'push-bench-' || g || '@example.com', 'Client ' || g, 'user' FROM generate_series(1, ${COPIES}) g`);
  const clients = `users u WHERE u.email LIKE 'push-bench-%'`;
  await copyRows(
    handle,
    'rides',
    {
      author_id: 'u.id',
      based_ride_id: String(templateId),
      title: `s.title || ' – ' || u.user_name`,
      type: `'private'`,
    },
    `rides s, ${clients} AND s.id = ${templateId}`,
  );
  const copies = `rides c JOIN users u ON u.id = c.author_id AND u.email LIKE 'push-bench-%' WHERE c.based_ride_id = ${templateId}`;
  await copyRows(
    handle,
    'ride_attractions',
    { ride_id: 'c.id' },
    `ride_attractions s, ${copies} AND s.ride_id = ${templateId}`,
  );
  await copyRows(
    handle,
    'accommodations',
    { ride_id: 'c.id', lineage_id: 'COALESCE(s.lineage_id, s.id::text)' },
    `accommodations s, ${copies} AND s.ride_id = ${templateId}`,
  );
  await copyRows(
    handle,
    'ride_extra_information',
    { ride_id: 'c.id', lineage_id: 'COALESCE(s.lineage_id, s.id::text)' },
    `ride_extra_information s, ${copies} AND s.ride_id = ${templateId}`,
  );
  const template = (await readTripContent(db, templateId))!;
  await db.execute(sql`
    INSERT INTO trip_lineage (ride_id, origin_ride_id, kind, base, base_version)
    SELECT c.id, ${templateId}, 'copy', ${JSON.stringify(template.content)}::jsonb, ${template.version}
    FROM rides c JOIN users u ON u.id = c.author_id AND u.email LIKE 'push-bench-%' WHERE c.based_ride_id = ${templateId}`);
}

export async function tripPushBench(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'push-bench-'));
  let handle: DbHandle | undefined;
  let app: FastifyInstance | undefined;
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 's'.repeat(40),
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
    // The template: the planner's own copy of a demo trip, public (so its copiers keep seeing it), day ids assigned.
    const made = await fetch(`${base}/api/add_ride_to_user_api/72`, { headers: auth });
    const templateId = ((await made.json()) as { newRideId: number }).newRideId;
    const other = await fetch(`${base}/api/add_ride_to_user_api/72`, { headers: auth });
    const otherId = ((await other.json()) as { newRideId: number }).newRideId;
    const days = (await readTripContent(handle.db, templateId))!.content.days.length;
    await handle.db.execute(
      sql`UPDATE rides SET type = 'public', day_ids = ${JSON.stringify(dayIdsOf(null, days))}::jsonb WHERE id = ${templateId}`,
    );
    app.rides.invalidateTrip(templateId);
    const generating = performance.now();
    await makeCopies(handle, templateId);
    const generated = performance.now() - generating;

    // The planner's changes: three retimes and a day added, through the API.
    const content = (await readTripContent(handle.db, templateId))!.content;
    const activities = Object.entries(content.activities).slice(0, 3);
    if (activities.length < 3) throw new Error('the demo trip has too few activities');
    const startDate = (
      await handle.db.execute<{ d: string }>(
        sql`SELECT start_date::text AS d FROM rides WHERE id = ${templateId}`,
      )
    ).rows[0]!.d;
    const mdyOf = (dayId: string) => {
      const d = new Date(`${startDate}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + content.days.indexOf(dayId));
      return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
    };
    for (const [i, [attractionId, a]] of activities.entries()) {
      const data = JSON.stringify({ date: mdyOf(a.day), time: `0${7 + i}:15:00 AM` });
      const res = await fetch(`${base}/api/update_attraction_ride_time_api/${templateId}/${attractionId}`, {
        headers: { ...auth, data },
      });
      if (!res.ok) throw new Error(`retime ${res.status} ${await res.text()}`);
    }
    const added = await fetch(`${base}/api/add_day_to_ride_api/${templateId}/${days - 1}/force`, {
      headers: auth,
    });
    if (!added.ok) throw new Error(`add day ${added.status} ${await added.text()}`);
    // A tenth of the copies retimed the first activity themselves: a conflict each.
    await handle.db.execute(sql`
      UPDATE ride_attractions a SET time_of_day = '18:45:00' FROM rides c
      WHERE a.ride_id = c.id AND c.based_ride_id = ${templateId} AND c.id % 10 = 0 AND a.attraction_id = ${Number(activities[0]![0])}`);

    const listing = performance.now();
    const listedRes = await fetch(`${base}/api/trips/${templateId}/copies`, { headers: auth });
    const listed = tripCopiesResponse.parse(await listedRes.json());
    const listMs = performance.now() - listing;
    if (listed.copies.length !== COPIES) throw new Error(`listed ${listed.copies.length} copies`);

    const readUrl = `${base}/api/ride_attractions_api/${otherId}`;
    await readWhile(readUrl, auth, new Promise((r) => setTimeout(r, 1000)));
    const alone = await readWhile(readUrl, auth, new Promise((r) => setTimeout(r, 3000)));
    const started = performance.now();
    const pushing = fetch(`${base}/api/trips/${templateId}/copies/push`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ version: listed.version, copies: 'all' }),
    }).then(async (res) => {
      if (!res.ok) throw new Error(`push ${res.status} ${await res.text()}`);
      return pushCopiesResponse.parse(await res.json());
    });
    const during = await readWhile(readUrl, auth, pushing);
    const report = await pushing;
    const pushMs = performance.now() - started;
    const applied = report.copies.filter((c) => c.applied > 0).length;
    const waiting = report.copies.filter((c) => c.waiting > 0).length;
    const skipped = report.copies.filter((c) => c.skipped).length;

    console.log(
      `\n${COPIES} copies generated in SQL in ${(generated / 1000).toFixed(1)} s; the template's changes: 3 retimes, a day added`,
    );
    table([
      { what: `GET copies (${COPIES} copies, counts of each)`, seconds: (listMs / 1000).toFixed(2), bar: '' },
      {
        what: `push to all (${applied} applied, ${waiting} with a conflict waiting, ${skipped} skipped)`,
        seconds: (pushMs / 1000).toFixed(2),
        bar: '< 60 s',
      },
      { what: '  per copy (ms)', seconds: (pushMs / COPIES).toFixed(1), bar: '' },
    ]);
    console.log('\nride_attractions_api of another trip (bar: p99 < 100 ms during the push)');
    table([
      {
        reads: 'alone (baseline)',
        n: alone.length,
        p50: median(alone).toFixed(1),
        p99: pct(alone, 99).toFixed(1),
      },
      {
        reads: 'during the push',
        n: during.length,
        p50: median(during).toFixed(1),
        p99: pct(during, 99).toFixed(1),
      },
    ]);
    // The mails go after the answer: let them finish before closing.
    await app.afterAnswer.settled(120_000);
  } finally {
    await app?.close();
    await handle?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
