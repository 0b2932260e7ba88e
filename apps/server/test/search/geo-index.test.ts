import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { createSearchRepository } from '../../src/modules/search/search.repository.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

/**
 * The geo queries read the geo_cell index, not every row (issue 4: "Geo queries use an index"; decision 0013).
 * 40,000 attractions and 10,000 hotels spread over the inhabited world, 2,000 trips; then EXPLAIN ANALYZE of the
 * very queries the repository runs: the attractions and accommodations are reached through their geo_cell index
 * only, and the index hands over a few rows, not the table.
 */

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

const ATTRACTIONS = 40_000;
const HOTELS = 10_000;
const TRIPS = 2_000;
const JERUSALEM = { lat: 31.7767, lng: 35.2345 };

describe('geo search uses the geo_cell index', () => {
  let db: TestDatabase;
  const explain = async (query: SQLWrapper): Promise<PlanNode[]> => {
    const result = await db.db.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(sql`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`);
    const raw = result.rows[0]?.['QUERY PLAN'];
    const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
    return nodes(doc[0].Plan);
  };
  /** The nodes that read a table (a bitmap heap scan's index is named on its Bitmap Index Scan child). */
  const scansOf = (plan: PlanNode[], relation: string) => plan.filter((n) => n['Relation Name'] === relation);

  beforeAll(async () => {
    db = await createTestDatabase();
    const [user] = await db.db.insert(users).values({ email: 'bulk@example.com', userName: 'Bulk' }).returning({ id: users.id });
    const author = (user as { id: number }).id;
    // Deterministic pseudo-random spread (no random(): the same data on every run and engine).
    const frac = (expr: string) => sql.raw(`((${expr}) * 0.6180339887498949 - floor((${expr}) * 0.6180339887498949))`);
    await db.db.execute(sql`
      INSERT INTO rides (author_id, title, start_date, end_date, type)
      SELECT ${author}, 'trip ' || i, DATE '2027-01-01', DATE '2027-01-10', CASE WHEN i % 5 = 0 THEN 'private' ELSE 'public' END
      FROM generate_series(1, ${TRIPS}) AS i`);
    await db.db.execute(sql`
      INSERT INTO attractions (author_id, title, lat, lng)
      SELECT ${author}, 'place ' || i, -55 + 125 * ${frac('i')}, -180 + 360 * ${frac('i * 7919')}
      FROM generate_series(1, ${ATTRACTIONS}) AS i`);
    await db.db.execute(sql`
      INSERT INTO ride_attractions (ride_id, attraction_id, planned_date, position)
      SELECT r.id, a.id, DATE '2027-01-01', 0
      FROM attractions a JOIN rides r ON r.id = (SELECT min(id) FROM rides) + (a.id % ${TRIPS})`);
    await db.db.execute(sql`
      INSERT INTO accommodations (ride_id, name, lat, lng, check_in_date, check_out_date)
      SELECT (SELECT min(id) FROM rides) + (i % ${TRIPS}), 'hotel ' || i, -55 + 125 * ${frac('i * 31')}, -180 + 360 * ${frac('i * 104729')},
             DATE '2027-01-01', DATE '2027-01-02'
      FROM generate_series(1, ${HOTELS}) AS i`);
    await db.db.execute(sql`ANALYZE`);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  const near = { center: JERUSALEM, radiusKm: 50 };

  it('attractions near a point (serch_attractions_by_location_api)', async () => {
    const repo = createSearchRepository(db.db);
    const plan = await explain(repo.attractionsNearQuery(near, 1, null, 50));
    const scans = scansOf(plan, 'attractions');
    expect(scans.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    expect(plan.some((n) => n['Index Name'] === 'attractions_geo_cell_idx')).toBe(true);
    // The index hands over the few rows in the cells around the point, not the 40,000.
    const fromIndex = plan.filter((n) => n['Index Name'] === 'attractions_geo_cell_idx');
    expect(Math.max(...fromIndex.map((n) => n['Actual Rows'] ?? 0))).toBeLessThan(ATTRACTIONS / 100);
  });

  it('trips near a point (global_rides_api)', async () => {
    const repo = createSearchRepository(db.db);
    const plan = await explain(repo.nearbyRidesQuery({ status: 'noFilters', physicalDisabilities: false }, near, { limit: 51, offset: 0 }));
    const scans = scansOf(plan, 'attractions');
    expect(scans.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    expect(plan.some((n) => n['Index Name'] === 'attractions_geo_cell_idx')).toBe(true);
  });

  it('hotels near a point (serch_accommodations_by_location_api)', async () => {
    const repo = createSearchRepository(db.db);
    const plan = await explain(repo.accommodationsNearQuery(near, 50));
    const scans = scansOf(plan, 'accommodations');
    expect(scans.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    expect(plan.some((n) => n['Index Name'] === 'accommodations_geo_cell_idx')).toBe(true);
  });

  it('and they still find what is there (the synthetic data has places near Jerusalem)', async () => {
    const repo = createSearchRepository(db.db);
    const wide = { center: JERUSALEM, radiusKm: 300 };
    const found = await repo.attractionsNear(wide, 1, null, 50);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((a) => a.distanceKm <= 300)).toBe(true);
    const trips = await repo.findTrips({ status: 'noFilters', physicalDisabilities: false }, wide, { limit: 50, offset: 0 }, 0);
    expect(trips.length).toBeGreaterThan(0);
  });
});
