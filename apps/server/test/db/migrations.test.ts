import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMigrationsFolder, migrateDatabase } from '../../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

/** Every table of spec 000/001/002 §3 as the schema names it, and ours (issue 33's trip_*). */
const TABLES = [
  'accommodation_booking_links',
  'accommodations',
  'affiliate_place_links',
  'attraction_uniqueness_dismissals',
  'attraction_uniqueness_groups',
  'attraction_uniqueness_members',
  'attractions',
  'booking_documents',
  'categories',
  'contact_messages',
  'devices',
  'exchange_rates',
  'logins',
  'password_reset_tokens',
  'pdf_exports',
  'place_keys',
  'ride_access_key_uses',
  'ride_access_keys',
  'ride_attractions',
  'ride_authorized_users',
  'ride_calendar_feeds',
  'ride_calendar_versions',
  'ride_cells',
  'ride_client_opens',
  'ride_extra_information',
  'ride_one_time_key_claims',
  'ride_shares',
  'ride_white_label_permissions',
  'rides',
  'routed_legs',
  'subcategories',
  'subdomain_themes',
  'trip_bookings',
  'trip_budgets',
  'trip_comment_mentions',
  'trip_comments',
  'trip_events',
  'trip_expenses',
  'trip_invites',
  'trip_lineage',
  'trip_list_items',
  'trip_lists',
  'trip_mail_addresses',
  'trip_members',
  'trip_participants',
  'trip_settlements',
  'trip_votes',
  'uploads',
  'user_rides',
  'users',
];

describe(`migrations (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  it('creates every table', async () => {
    const result = await handle.db.execute<{ tablename: string }>(
      sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    expect(result.rows.map((r) => r.tablename)).toEqual(TABLES);
  });

  it('records what it applied, and a second run changes nothing', async () => {
    const before = await handle.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    expect(before.rows[0]?.n).toBeGreaterThan(0);
    await migrateDatabase(handle);
    const after = await handle.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('finds the migrations beside the source', () => {
    expect(findMigrationsFolder()).toMatch(/src[/\\]db[/\\]migrations$/);
  });

  it('runs the session in UTC', async () => {
    const result = await handle.db.execute<{ tz: string }>(sql`SELECT current_setting('TimeZone') AS tz`);
    expect(['UTC', 'Etc/UTC']).toContain(result.rows[0]?.tz);
  });

  it('has the geo index that proximity search narrows with', async () => {
    const result = await handle.db.execute<{ indexdef: string }>(
      sql`SELECT indexdef FROM pg_indexes WHERE indexname = 'attractions_lat_lng_idx'`,
    );
    expect(result.rows[0]?.indexdef).toMatch(/btree \(lat, lng\)/);
  });
});
