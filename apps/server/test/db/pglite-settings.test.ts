import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';

/**
 * The embedded database runs with a 16 MB buffer pool, not PostgreSQL's 128 MB that PGlite touches in its WASM
 * memory at start (decision 0029; the resident memory itself is measured by `npm run bench -- startup`), in memory
 * and on a new data folder, which a child process initialises.
 */
const sharedBuffers = async (h: Awaited<ReturnType<typeof openDatabase>>) =>
  (await h.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`)).rows[0]?.shared_buffers;

describe('embedded database settings', () => {
  it('uses a 16 MB buffer pool in memory', async () => {
    const h = await openDatabase({ inMemory: true });
    try {
      expect(await sharedBuffers(h)).toBe('16MB');
    } finally {
      await h.close();
    }
  });

  it('uses it on a new data folder too, which then holds a working database', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rides-pglite-settings-'));
    try {
      const h = await openDatabase({ dataDir: dir });
      try {
        expect(await sharedBuffers(h)).toBe('16MB');
        await h.db.execute(sql`create table t (x int)`);
        await h.db.execute(sql`insert into t values (1)`);
      } finally {
        await h.close();
      }
      const again = await openDatabase({ dataDir: dir });
      try {
        expect((await again.db.execute<{ x: number }>(sql`select x from t`)).rows).toEqual([{ x: 1 }]);
      } finally {
        await again.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
