import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromMinor, splitAmount, type ExpenseSplit } from '@rides/contract';
import type { StoredSplit } from '../apps/server/src/db/schema/index.js';
import { homeColumns } from '../apps/server/src/modules/money/money-rules.js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type DbHandle } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { tripExpenses, tripMembers, users } from '../apps/server/src/db/schema/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../apps/server/src/db/seed/index.js';
import { createMailer } from '../apps/server/src/providers/mail/index.js';
import { median, pct, table } from './lib.js';

/**
 * Issue 35's bar (decision 0069): the budget of a trip with 2,000 expenses answers under 50 ms. On the embedded
 * database, a copy of a demo trip with six people, 2,000 expenses in four currencies (all three split modes, one or two
 * payers) and GET /api/trips/{id}/budget asked 50 times; the baseline of the same run is GET /api/trips/{id}/expenses
 * of the same trip (the rows alone, without the arithmetic) and /api/health.
 */
const EXPENSES = Number(process.env.MONEY_EXPENSES ?? 2000);
const ROUNDS = 50;

async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const t = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${res.status} ${url}`);
  return performance.now() - t;
}

/** The columns an expense keeps (its shares, and its home side), worked out by the same code the server writes with. */
function columnsOf(
  amountMinor: number,
  currency: string,
  rate: string,
  split: StoredSplit,
  a: number,
  b: number,
  i: number,
) {
  // The wire says exact shares as decimal strings; the row keeps them in minor units.
  const wire: ExpenseSplit =
    split.mode === 'exact'
      ? {
          mode: 'exact',
          amounts: Object.fromEntries(
            Object.entries(split.amounts).map(([p, m]) => [p, fromMinor(m, currency)]),
          ),
        }
      : split;
  const shares = splitAmount(amountMinor, wire, currency);
  if (!shares.ok) throw new Error(shares.code);
  const paid = new Map(
    i % 2 === 0
      ? [[a, amountMinor]]
      : [
          [a, amountMinor - 500],
          [b, 500],
        ],
  );
  const stored: Record<string, number> = Object.fromEntries(
    [...shares.shares].map(([p, m]) => [String(p), m]),
  );
  return {
    shares: stored,
    ...homeColumns({ amountMinor, currency, owed: shares.shares, paid }, rate, 'ILS'),
  };
}

export async function moneyBench(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'money-bench-'));
  let handle: DbHandle | undefined;
  let app: FastifyInstance | undefined;
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 's'.repeat(40),
      RATES_PROVIDER: 'none',
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
    const user = {
      id: (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { user_id: number })
        .user_id,
    };
    const auth = { authorization: `Bearer ${token}` };
    const copy = await fetch(`${base}/api/add_ride_to_user_api/72`, { headers: auth });
    const rideId = ((await copy.json()) as { newRideId: number }).newRideId;

    // Five more people on the trip.
    const people = [user.id];
    for (let i = 0; i < 5; i += 1) {
      const [row] = await handle.db
        .insert(users)
        .values({ email: `money-bench-${i}@example.com`, userName: `Traveller ${i}`, role: 'user' })
        .returning({ id: users.id });
      people.push((row as { id: number }).id);
      await handle.db
        .insert(tripMembers)
        .values({ rideId, userId: (row as { id: number }).id, role: 'editor' });
    }
    const currencies: [string, string][] = [
      ['ILS', '1'],
      ['EUR', '3.9512'],
      ['USD', '3.652'],
      ['JPY', '0.024301'],
    ];
    const rows = [];
    for (let i = 0; i < EXPENSES; i += 1) {
      const [currency, rate] = currencies[i % currencies.length]!;
      const amountMinor = 1_000 + ((i * 7919) % 250_000);
      const a = people[i % people.length]!;
      const b = people[(i + 1) % people.length]!;
      const split =
        i % 3 === 0
          ? { mode: 'equal' as const, among: people }
          : i % 3 === 1
            ? {
                mode: 'shares' as const,
                shares: Object.fromEntries(people.map((p, k) => [String(p), 1 + (k % 3)])),
              }
            : {
                mode: 'exact' as const,
                amounts: {
                  [String(a)]: Math.floor(amountMinor / 2),
                  [String(b)]: amountMinor - Math.floor(amountMinor / 2),
                },
              };
      rows.push({
        rideId,
        clientId: `bench-${i}-abcdefgh`,
        amountMinor,
        currency,
        day: '2031-05-10',
        category: (['food', 'lodging', 'transport', 'activities', 'shopping', 'other'] as const)[i % 6]!,
        paidBy:
          i % 2 === 0
            ? [{ personId: a, amountMinor }]
            : [
                { personId: a, amountMinor: amountMinor - 500 },
                { personId: b, amountMinor: 500 },
              ],
        split,
        homeCurrency: 'ILS',
        rate,
        rateSource: currency === 'ILS' ? ('same' as const) : ('manual' as const),
        ...columnsOf(amountMinor, currency, rate, split, a, b, i),
      });
    }
    for (let i = 0; i < rows.length; i += 500)
      await handle.db.insert(tripExpenses).values(rows.slice(i, i + 500));
    await fetch(`${base}/api/trips/${rideId}/budget`, { headers: auth }); // warm

    const budget: number[] = [];
    const list: number[] = [];
    const health: number[] = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      budget.push(await timed(`${base}/api/trips/${rideId}/budget`, auth));
      list.push(await timed(`${base}/api/trips/${rideId}/expenses`, auth));
      health.push(await timed(`${base}/api/health`, {}));
    }
    console.log(`\nGET budget of a trip with ${EXPENSES} expenses, 6 people, 4 currencies (bar: < 50 ms)`);
    table([
      {
        call: 'GET .../budget',
        median: median(budget).toFixed(1),
        p95: pct(budget, 95).toFixed(1),
        'x health': (median(budget) / median(health)).toFixed(1),
      },
      {
        call: 'GET .../expenses (the rows)',
        median: median(list).toFixed(1),
        p95: pct(list, 95).toFixed(1),
        'x health': (median(list) / median(health)).toFixed(1),
      },
      {
        call: 'GET /api/health (baseline)',
        median: median(health).toFixed(2),
        p95: pct(health, 95).toFixed(2),
        'x health': '1.0',
      },
    ]);
  } finally {
    await app?.close();
    await handle?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
