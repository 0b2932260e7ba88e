import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { loadDemoIfEmpty } from '../apps/server/src/db/seed/index.js';
import { median, table, time } from './lib.js';

/**
 * Cold start of the database layer: what `npm start` pays before it can listen. PGlite on a new data folder
 * (initdb + migrations + demo), PGlite on an existing one, and PostgreSQL when BENCH_DATABASE_URL (or
 * DATABASE_URL) points at a server (a throwaway database is created and dropped).
 */
export async function startupBench(runs = 3): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  const fresh: number[] = [];
  const reopen: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'rides-start-'));
    const [h, ms] = await time(async () => {
      const handle = await openDatabase({ dataDir: dir });
      await migrateDatabase(handle);
      await loadDemoIfEmpty(handle);
      return handle;
    });
    fresh.push(ms);
    await h.close();
    const [h2, ms2] = await time(async () => {
      const handle = await openDatabase({ dataDir: dir });
      await migrateDatabase(handle);
      await loadDemoIfEmpty(handle);
      return handle;
    });
    reopen.push(ms2);
    await h2.close();
    rmSync(dir, { recursive: true, force: true });
  }
  rows.push({ database: 'PGlite, new data folder (initdb + migrate + demo)', 'median ms': median(fresh), runs });
  rows.push({ database: 'PGlite, existing data folder (open + check migrations)', 'median ms': median(reopen), runs });

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
      const [h, ms] = await time(async () => {
        const handle = await openDatabase({ databaseUrl: dbUrl.toString() });
        await migrateDatabase(handle);
        await loadDemoIfEmpty(handle, { force: true });
        return handle;
      });
      fresh.push(ms);
      await h.close();
      const [h2, ms2] = await time(async () => {
        const handle = await openDatabase({ databaseUrl: dbUrl.toString() });
        await migrateDatabase(handle);
        return handle;
      });
      reopen.push(ms2);
      await h2.close();
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    }
    await admin.end();
    rows.push({ database: 'PostgreSQL, new database (migrate + demo)', 'median ms': median(fresh), runs });
    rows.push({ database: 'PostgreSQL, existing database (connect + check migrations)', 'median ms': median(reopen), runs });
  } else {
    rows.push({ database: 'PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL)', 'median ms': '-', runs: 0 });
  }
  table(rows);
}
