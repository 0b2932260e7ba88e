import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../../src/db/seed/index.js';
import { accommodations, attractions, categories, rideExtraInformation, rides, subcategories } from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/modules/accounts/passwords.js';
import { createTestApp, postJson, type TestApp } from './app.js';
import { readCalls, type Call, type FuzzContext } from './fuzz.js';

/** Who sends the fuzzed requests: a visitor, and signed-in users. */
export interface FuzzClient {
  who: string;
  /**
   * The Authorization header for the next call's requests (none for a visitor): a fresh sign-in each time, since
   * the fuzz of one call may end the session (sign_out_everywhere) that the next call's requests would use.
   */
  authorization(): Promise<string | undefined>;
}

export interface FuzzTarget {
  /** The application; dispose() when done. */
  t: TestApp;
  calls: Call[];
  ctx: FuzzContext;
  clients: FuzzClient[];
}

/**
 * The application the fuzz runs against (test/api/fuzz.test.ts and `npm run bench -- fuzz`): the demo content
 * (trips, attractions, accommodations, categories, themes), the ids that exist in it, and the clients. The
 * signed-in clients sign in through app_login: the demo planner (a manager who authors demo trips, so that the
 * editing and category calls get past their permission checks) and, when asked, the demo traveller.
 */
export async function createFuzzTarget(opts: { traveller?: boolean } = {}): Promise<FuzzTarget> {
  const t = await createTestApp();
  try {
    await seedDemo(t.db.db, { passwordHash: await hashPassword(DEMO_PASSWORD) });
    const db = t.db.db;
    const rows = await Promise.all([
      db.select({ id: rides.id }).from(rides).limit(10),
      db.select({ id: attractions.id }).from(attractions).limit(10),
      db.select({ id: accommodations.id }).from(accommodations).limit(5),
      db.select({ id: categories.id }).from(categories).limit(5),
      db.select({ id: subcategories.id }).from(subcategories).limit(5),
      db.select({ id: rideExtraInformation.id }).from(rideExtraInformation).limit(5),
    ]);
    const signIn = async (email: string) => {
      const res = await postJson(t.app, '/api/app_login', { email, password: DEMO_PASSWORD });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
      return `Bearer ${res.json<{ token: string }>().token}`;
    };
    const clients: FuzzClient[] = [
      { who: 'a visitor', authorization: () => Promise.resolve(undefined) },
      { who: 'the planner', authorization: () => signIn(DEMO_ACCOUNTS.planner.email) },
    ];
    if (opts.traveller) clients.push({ who: 'the traveller', authorization: () => signIn(DEMO_ACCOUNTS.traveller.email) });
    return { t, calls: await readCalls(t.app), ctx: { ids: [...new Set(rows.flat().map((r) => r.id))] }, clients };
  } catch (err) {
    await t.dispose();
    throw err;
  }
}
