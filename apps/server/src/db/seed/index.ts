import { inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../modules/accounts/passwords.js';
import type { Database, DbHandle, Transaction } from '../client.js';
import { publishChange } from '../change-feed.js';
import { refreshPlaceKeys } from '../place-keys.js';
import { refreshTripCells } from '../trip-cells.js';
import { categories, subcategories, subdomainThemes, users, rides } from '../schema/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccountKey } from './accounts.js';
import { DEMO_CATEGORIES } from './categories.js';
import { demoRides as defaultDemoRides } from './data/index.js';
import type { DemoRide } from './data/types.js';
import { insertDemoRides } from './rides.js';
import { DEMO_THEMES, PARTNER_SUBDOMAIN, themeLogo } from './themes.js';
import { insertDemoUniqueness } from './uniqueness.js';
import { insertDemoUsage } from './usage.js';

/**
 * The demo content of a fresh install (DESIGN §5: "loads demo data on first start of the embedded
 * database"): three demo accounts, the sub-domain themes, attraction categories, the demo trips with
 * their days, attractions, accommodations and notes, some activity for the admin screens, and a uniqueness
 * group and proposal.
 */

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.js';
export type { DemoAccountKey, DemoAuthor } from './accounts.js';

export interface SeedOptions {
  /** A ready argon2id hash of DEMO_PASSWORD (tests pass one to skip hashing); computed when absent. */
  passwordHash?: string;
  /** The trips to load; the demo content of seed/data by default. */
  rides?: readonly DemoRide[];
}

/** Any constant: concurrent seeders (several processes on one PostgreSQL) queue on it. */
const SEED_LOCK_KEY = 7_245_130_602;

/**
 * Loads the demo content in one transaction. Idempotent: does nothing and answers false when the demo
 * accounts exist already; answers true when it loaded. Refuses (throws, nothing written) when a demo
 * trip's id is taken by another trip, rather than mixing demo content into someone's data.
 */
export async function seedDemo(db: Database, opts: SeedOptions = {}): Promise<boolean> {
  const demoRides = opts.rides ?? defaultDemoRides;
  // Hash before the transaction: argon2 takes memory and time, and PGlite serialises everything behind it.
  const passwordHash = opts.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const emails = Object.values(DEMO_ACCOUNTS).map((a) => a.email);
    const existing = await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, emails))
      .limit(1);
    if (existing.length > 0) return false;
    await assertRideIdsFree(tx, demoRides);

    const userIds = await insertAccounts(tx, passwordHash);
    await insertThemes(tx, userIds.subdomain);
    await insertCategories(tx, userIds.planner);
    const owners = { users: userIds, partnerSubdomain: PARTNER_SUBDOMAIN };
    const attractionIds = await insertDemoRides(tx, demoRides, owners);
    await refreshTripCells(
      tx,
      demoRides.map((r) => r.id),
    ); // the map summary (db/trip-cells.ts)
    // Our own places' search keys (db/place-keys.ts): every demo trip's attractions and stays.
    await refreshPlaceKeys(tx, {
      rideIds: demoRides.map((r) => r.id),
      attractionIds: [...attractionIds.values()],
    });
    await insertDemoUsage(tx, demoRides, owners, attractionIds);
    // A uniqueness group and a proposal for /editing_atractions_uniqnes (decision 0040).
    await insertDemoUniqueness(tx, attractionIds, userIds.planner);
    // Servers already running on this database (SEED_DEMO on a staging server) drop what they cached (decision 0027).
    await publishChange(tx, { kind: 'all' });
    return true;
  });
}

/**
 * What start-up calls: loads the demo on the embedded database (PGlite), and on PostgreSQL only when asked
 * (force, e.g. SEED_DEMO=true for a staging server). Answers whether it loaded anything.
 */
export async function loadDemoIfEmpty(
  handle: DbHandle,
  opts: { force?: boolean | undefined } & SeedOptions = {},
): Promise<boolean> {
  if (handle.kind !== 'pglite' && !opts.force) return false;
  const { force: _force, ...seedOptions } = opts;
  return seedDemo(handle.db, seedOptions);
}

async function assertRideIdsFree(tx: Transaction, demoRides: readonly DemoRide[]): Promise<void> {
  if (demoRides.length === 0) return;
  const taken = await tx
    .select({ id: rides.id })
    .from(rides)
    .where(
      inArray(
        rides.id,
        demoRides.map((r) => r.id),
      ),
    );
  if (taken.length > 0) {
    throw new Error(
      `cannot load the demo trips: ride ids ${taken.map((r) => r.id).join(', ')} are already used`,
    );
  }
}

async function insertAccounts(
  tx: Transaction,
  passwordHash: string,
): Promise<Record<DemoAccountKey, number>> {
  const ids = {} as Record<DemoAccountKey, number>;
  for (const [key, account] of Object.entries(DEMO_ACCOUNTS) as [
    DemoAccountKey,
    (typeof DEMO_ACCOUNTS)[DemoAccountKey],
  ][]) {
    const [row] = await tx
      .insert(users)
      .values({ ...account, passwordHash })
      .returning({ id: users.id });
    if (!row) throw new Error(`demo account ${account.email} was not created`);
    ids[key] = row.id;
  }
  return ids;
}

async function insertThemes(tx: Transaction, partnerId: number): Promise<void> {
  await tx.insert(subdomainThemes).values(
    DEMO_THEMES.map((theme) => ({
      ...theme,
      userId: theme.subdomain === PARTNER_SUBDOMAIN ? partnerId : null,
      logoUrl: themeLogo(theme),
    })),
  );
}

/** The demo categories belong to the demo planner (a manager), so the demo shows a manager editing their own. */
async function insertCategories(tx: Transaction, ownerId: number): Promise<void> {
  for (const category of DEMO_CATEGORIES) {
    const [row] = await tx
      .insert(categories)
      .values({ name: category.name, ownerId })
      .returning({ id: categories.id });
    if (!row) throw new Error(`category ${category.name} was not created`);
    await tx
      .insert(subcategories)
      .values(category.subcategories.map((name) => ({ categoryId: row.id, name })));
  }
}
