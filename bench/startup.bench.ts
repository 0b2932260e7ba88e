import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { loadDemoIfEmpty } from '../apps/server/src/db/seed/index.js';
import { median, table, time } from './lib.js';
import { memoryBench } from './memory.bench.js';

/**
 * Cold start of the database layer: what `npm start` pays before it can listen. PGlite on a new data folder
 * (initdb + migrations + demo), PGlite on an existing one, and PostgreSQL when BENCH_DATABASE_URL (or
 * DATABASE_URL) points at a server (a throwaway database is created and dropped).
 */
/** What server.ts does before it listens (open, migrate, demo when the database is new), timed; then closes. */
async function timedStart(where: { dataDir?: string; databaseUrl?: string }): Promise<number> {
  const [handle, ms] = await time(async () => {
    const h = await openDatabase(where);
    await migrateDatabase(h);
    await loadDemoIfEmpty(h, { force: Boolean(where.databaseUrl) });
    return h;
  });
  await handle.close();
  return ms;
}

export async function startupBench(runs = 3): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  const fresh: number[] = [];
  const reopen: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'rides-start-'));
    fresh.push(await timedStart({ dataDir: dir }));
    reopen.push(await timedStart({ dataDir: dir }));
    rmSync(dir, { recursive: true, force: true });
  }
  rows.push({ database: 'PGlite, new data folder (initdb + migrate + demo)', 'median ms': median(fresh), runs });
  rows.push({ database: 'PGlite, existing data folder (open + check migrations + demo present)', 'median ms': median(reopen), runs });

  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const fresh: number[] = [];
    const reopen: number[] = [];
    for (let i = 0; i < runs; i++) {
      const name = `rides_bench_${Date.now().toString(36)}_${i}`;
      await admin.query(`CREATE DATABASE ${name}`);
      const dbUrl = new URL(url);
      dbUrl.pathname = `/${name}`;
      fresh.push(await timedStart({ databaseUrl: dbUrl.toString() }));
      reopen.push(await timedStart({ databaseUrl: dbUrl.toString() }));
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    }
    await admin.end();
    rows.push({ database: 'PostgreSQL, new database (migrate + demo)', 'median ms': median(fresh), runs });
    rows.push({ database: 'PostgreSQL, existing database (connect + check migrations + demo present)', 'median ms': median(reopen), runs });
  } else {
    rows.push({ database: 'PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL)', 'median ms': '-', runs: 0 });
  }
  table(rows);
  console.log('\n== resident memory (RSS) of the built server as npm start runs it');
  await memoryBench();
}
