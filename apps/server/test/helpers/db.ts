import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, wrapPglite, type DbHandle } from '../../src/db/client.js';
import { findMigrationsFolder, migrateDatabase } from '../../src/db/migrate.js';

/**
 * A fresh, migrated, empty database for one test (or one file of tests):
 *  - PGlite in memory by default;
 *  - a throwaway PostgreSQL database (rides_test_<random>, dropped by dispose) when DATABASE_URL is set,
 *    e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run apps/server.
 *
 * PGlite speed: initdb + migrations cost ~2.5 s a database, so the migrated data folder is made once and
 * kept as a tarball in apps/server/.tmp/ (git-ignored), keyed by a hash of the migrations and the PGlite
 * version; each database then starts from it (PGlite loadDataDir, well under a second). A changed
 * migration gives a new key, so a stale template is never used.
 */
export type TestDatabase = DbHandle & { dispose(): Promise<void> };

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  return url ? createPostgresDatabase(url) : createPgliteDatabase();
}

/** Empties every table of the schema and restarts the id sequences (for files that share one database). */
export async function truncateAll(handle: DbHandle): Promise<void> {
  const rows = await handle.db.execute<{ name: string }>(
    sql`SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'`,
  );
  const names = rows.rows.map((r) => r.name);
  if (names.length > 0)
    await handle.db.execute(sql.raw(`TRUNCATE ${names.join(', ')} RESTART IDENTITY CASCADE`));
}

// ---------------------------------------------------------------------------------------------- PGlite

let template: Promise<Blob> | undefined;

async function createPgliteDatabase(): Promise<TestDatabase> {
  template ??= loadOrBuildTemplate();
  const handle = await wrapPglite(await PGlite.create({ loadDataDir: await template }));
  return { ...handle, dispose: () => handle.close() };
}

const CACHE_DIR = fileURLToPath(new URL('../../.tmp/', import.meta.url));

async function loadOrBuildTemplate(): Promise<Blob> {
  const file = join(CACHE_DIR, `pglite-template-${await templateKey()}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const handle = await openDatabase({ inMemory: true });
  try {
    await migrateDatabase(handle);
    if (handle.kind !== 'pglite') throw new Error('expected PGlite');
    const dump = await handle.raw.dumpDataDir('none');
    // Test files run in parallel processes: write aside and rename, so no one reads half a file.
    await mkdir(CACHE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  } finally {
    await handle.close();
  }
}

/** Changes whenever a migration or the PGlite version changes. */
async function templateKey(): Promise<string> {
  const folder = findMigrationsFolder();
  const hash = createHash('sha256');
  // The package does not export its package.json; it sits one folder above the entry (dist/index.js).
  const pglitePkg = fileURLToPath(new URL('../package.json', import.meta.resolve('@electric-sql/pglite')));
  hash.update(JSON.parse(await readFile(pglitePkg, 'utf8')).version as string);
  hash.update(await readFile(join(folder, 'meta', '_journal.json')));
  for (const name of (await readdir(folder)).filter((n) => n.endsWith('.sql')).sort()) {
    hash.update(name).update(await readFile(join(folder, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

// ------------------------------------------------------------------------------------------ PostgreSQL

async function createPostgresDatabase(adminUrl: string): Promise<TestDatabase> {
  const template = await (postgresTemplate ??= ensurePostgresTemplate(adminUrl));
  const name = `rides_test_${randomBytes(6).toString('hex')}`;
  // A copy of the migrated template: the same state as migrating a new database, without running every migration
  // for each of the ~100 databases a run makes (about 3 s each on a busy machine, a copy about 1 s).
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  // A throwaway database need not wait for each commit to reach the disk; what a query answers is the same.
  await adminQuery(adminUrl, `ALTER DATABASE ${name} SET synchronous_commit = off`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let handle: DbHandle;
  try {
    handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  } catch (err) {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw err;
  }
  return {
    ...handle,
    async dispose() {
      await handle.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

let postgresTemplate: Promise<string> | undefined;

/**
 * The migrated template of the test databases (rides_template_<key>, the key of the PGlite template above), made once
 * on the server and kept for the next runs; a changed migration gives a new one. Test files start in parallel
 * processes: the first to take the advisory lock makes it, the others wait and find it there.
 */
async function ensurePostgresTemplate(adminUrl: string): Promise<string> {
  const template = `rides_template_${await templateKey()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (found.rowCount) return template;
    // Made under another name and renamed when complete: a run stopped half-way leaves no half-migrated template.
    const building = `${template}_${randomBytes(4).toString('hex')}`;
    await client.query(`CREATE DATABASE ${building}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
      try {
        await migrateDatabase(handle);
      } finally {
        await handle.close();
      }
      await client.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    } catch (err) {
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      throw err;
    }
    // Marked as a template, with no connections allowed: nothing can change it by mistake.
    await client.query(`ALTER DATABASE ${template} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    return template;
  } finally {
    await client.end();
  }
}

/** Any constant: the processes of a test run making the PostgreSQL template take this advisory lock. */
const TEMPLATE_LOCK_KEY = 7_245_130_602;

/** CREATE/DROP DATABASE cannot run in a transaction or through the pool of the database itself. */
async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
