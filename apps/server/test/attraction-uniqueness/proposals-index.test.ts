import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildPlaceKeys } from '../../src/db/place-keys.js';
import { users } from '../../src/db/schema/index.js';
import {
  candidatePairs,
  sameNameQuery,
  samePlaceQuery,
} from '../../src/modules/attraction-uniqueness/uniqueness.repository.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

/**
 * The proposals' candidate pairs are found through indexes (decision 0040): 20,000 records of other planners (many of
 * one name, many of one place id) and 60 of the planner; the plans of both queries read no table whole, and what the
 * indexes hand over is a few of the table's rows, not the table.
 */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

const OTHERS = 20_000;

describe('proposals read through indexes', () => {
  let db: TestDatabase;
  let planner: number;
  const explain = async (query: SQLWrapper): Promise<PlanNode[]> => {
    const result = await db.db.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
      sql`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`,
    );
    const raw = result.rows[0]?.['QUERY PLAN'];
    const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
    return nodes(doc[0].Plan);
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    const [bulk] = await db.db
      .insert(users)
      .values({ email: 'bulk@example.com', userName: 'Bulk', role: 'manager' })
      .returning({ id: users.id });
    const [own] = await db.db
      .insert(users)
      .values({ email: 'planner@example.com', userName: 'Planner', role: 'manager' })
      .returning({ id: users.id });
    planner = (own as { id: number }).id;
    // Others: a thousand records named "Old Fort" and a thousand with the place id 'pid-0' around the planner's.
    await db.db.execute(sql`
      INSERT INTO attractions (author_id, title, lat, lng, place_id)
      SELECT ${(bulk as { id: number }).id}, CASE WHEN i % 20 = 0 THEN 'Old Fort' ELSE 'place ' || i END,
             31 + (i % 100) * 0.01, 35 + (i / 100) * 0.01, 'pid-' || (i % 20)
      FROM generate_series(1, ${OTHERS}) AS i`);
    // The planner's: 30 pairs, each the same name a few metres apart and the same place id.
    await db.db.execute(sql`
      INSERT INTO attractions (author_id, title, lat, lng, place_id)
      SELECT ${planner}, CASE WHEN i < 2 THEN 'Old Fort' ELSE 'mine ' || (i / 2) END, 31 + (i / 2) * 0.01 + (i % 2) * 0.0001, 35, 'pid-' || (i / 2)
      FROM generate_series(0, 59) AS i`);
    await rebuildPlaceKeys(db.db);
    await db.db.execute(sql`ANALYZE`);
  }, 180_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it('finds the planner’s 30 pairs by place id and by name, none of the others’', async () => {
    const pairs = await candidatePairs(db.db, planner);
    expect(pairs.filter((p) => p.reason === 'placeId')).toHaveLength(30);
    expect(pairs.filter((p) => p.reason === 'name')).toHaveLength(30);
  });

  it.each([
    ['same place id', () => samePlaceQuery(db.db, planner)],
    ['same name nearby', () => sameNameQuery(db.db, planner)],
  ])('%s: no table read whole, the indexes hand over a few rows, not the table', async (_name, query) => {
    const plan = await explain(query());
    const reads = plan.filter(
      (n) => n['Relation Name'] === 'attractions' || n['Relation Name'] === 'place_keys',
    );
    expect(reads.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    const handed = plan
      .filter((n) => n['Index Name'] !== undefined)
      .map((n) => (n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1));
    // Far from the table: a plan may start from the name and read the thousand others' "Old Fort" keys (which plan
    // depends on ANALYZE's sample: 1,028 rows in one run), never the 20,000.
    expect(Math.max(...handed)).toBeLessThan(OTHERS / 10);
  });
});
