import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { migrateDatabase } from '../../src/db/migrate.js';
import { users } from '../../src/db/schema/index.js';

/** The embedded default (`npm start` without DATABASE_URL): PGlite files in DATA_DIR/pgdata survive a restart. */
describe.skipIf(Boolean(process.env.DATABASE_URL))('embedded database on disk', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rides-db-test-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps its data in dataDir/pgdata across close and reopen', async () => {
    const first = await openDatabase({ dataDir });
    await migrateDatabase(first);
    await first.db.insert(users).values({ email: 'kept@example.com', userName: 'Kept' });
    await first.close();
    expect(existsSync(join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);

    const second = await openDatabase({ dataDir });
    try {
      await migrateDatabase(second); // already up to date: a no-op
      const rows = await second.db.select({ email: users.email }).from(users);
      expect(rows).toEqual([{ email: 'kept@example.com' }]);
    } finally {
      await second.close();
    }
  });
});
