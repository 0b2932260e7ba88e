import { execFile } from 'node:child_process';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { ALWAYS_AVAILABLE, createAvailability, type DatabaseAvailability } from './availability.js';
import { DatabaseUnavailableError } from './errors.js';
import * as schema from './schema/index.js';

/**
 * Opening the database: embedded PGlite (real PostgreSQL compiled to WASM, one session in this process)
 * or PostgreSQL over the network through a node-postgres pool. Both give the same Drizzle API; code
 * outside db/ sees only `Database` and never knows which one it runs on.
 */

export type Schema = typeof schema;

/**
 * What `db.execute(sql...)` answers, narrowed to what both drivers share: PGlite's Results and pg's
 * QueryResult both carry `rows`. (Drizzle's base type says `unknown`.) Row counts differ by driver
 * (affectedRows vs rowCount): use `.returning()` instead of reading them.
 */
export interface QueryRows<TRow> {
  rows: TRow[];
}
export interface QueryResultHKT extends PgQueryResultHKT {
  readonly type: QueryRows<this['row']>;
}

/**
 * The Drizzle database both drivers satisfy. Repositories take this (or a transaction, which has the
 * same query API) and nothing driver-specific.
 */
export type Database = PgDatabase<QueryResultHKT, Schema>;

/** The `tx` of `db.transaction(async (tx) => ...)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

interface HandleBase {
  db: Database;
  /** Ends the pool or shuts PGlite down (flushing it to its data folder). */
  close(): Promise<void>;
  /** Whether the database can be reached now (PostgreSQL; PGlite is always up): health, the error answers (0051). */
  availability: DatabaseAvailability;
}

/** An open database. `raw` is the driver's own client, for the rare thing Drizzle does not do. */
export type DbHandle =
  (HandleBase & { kind: 'pglite'; raw: PGlite }) | (HandleBase & { kind: 'postgres'; raw: pg.Pool });
export type DbKind = DbHandle['kind'];

export interface OpenDatabaseOptions {
  /** postgres://... : use PostgreSQL. Wins over the other options. */
  databaseUrl?: string | undefined;
  /** Embedded mode: PGlite keeps its files in `${dataDir}/pgdata`. */
  dataDir?: string | undefined;
  /** Embedded mode without files (tests, throwaway runs). Wins over dataDir. */
  inMemory?: boolean | undefined;
  /** PostgreSQL pool size (default 10). */
  poolSize?: number | undefined;
  /**
   * Errors of idle pooled connections (the server restarted, the network dropped). The pool replaces
   * the connection by itself; without a listener node would treat the event as fatal and exit.
   */
  onPoolError?: ((err: Error) => void) | undefined;
  /**
   * PostgreSQL's application_name of every connection of this process (pg_stat_activity shows it; tests find a
   * process's connections by it). Default "rides"; an application_name in the URL wins.
   */
  applicationName?: string | undefined;
  /**
   * PostgreSQL: bound each statement and answer (DATABASE_TIMEOUTS; default true). False for bulk work on a handle of
   * its own (the bench's generation of 100,000 trips and its ANALYZE), as the migrations do on their connection.
   */
  boundQueries?: boolean | undefined;
}

/**
 * The bounds that keep a request from waiting on a database that does not answer (decision 0051):
 *  - a new connection, or a free one of a full pool, is waited for CONNECT_TIMEOUT_MS at most (without it a host that
 *    drops packets held every request, and the pool's slots, for good);
 *  - PostgreSQL cancels a statement after STATEMENT_TIMEOUT_MS (the product's queries take milliseconds; the search
 *    sets its own, shorter one);
 *  - the driver gives up on an answer after QUERY_TIMEOUT_MS, longer than the statement timeout: a server alive would
 *    have cancelled the statement by then, so the socket (or the server) is dead without having said so, and the
 *    database is taken for down until a probe gets through.
 * The migrations are not bounded: they run on a connection of their own (migrate.ts).
 */
export const DATABASE_TIMEOUTS = {
  connectMs: 5_000,
  statementMs: 10_000,
  queryMs: 12_000,
} as const;

/** Every session runs in UTC: timestamptz values print and compare the same on every machine. */
const SESSION_TIME_ZONE = 'UTC';

/**
 * PGlite's own start parameters plus a smaller buffer pool. PostgreSQL's default shared_buffers (128 MB) is
 * allocated and touched inside the WASM memory at start, so every embedded server paid ~130 MB of resident memory
 * for a pool a database of a few tens of MB never fills; the data files stay in the OS page cache behind the pool
 * anyway. 16 MB measured the same idle figure as 8 MB (decision 0029).
 */
export const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
};

export async function openDatabase(opts: OpenDatabaseOptions): Promise<DbHandle> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts);
  if (opts.inMemory) return wrapPglite(await PGlite.create(PGLITE_OPTIONS));
  if (opts.dataDir) return wrapPglite(await openPgliteFolder(join(opts.dataDir, 'pgdata')));
  throw new Error('openDatabase needs databaseUrl, dataDir or inMemory');
}

/**
 * PGlite on disk. A new (empty) folder is initialised in memory and written out as one tarball: initdb
 * makes about a thousand small files, which through Node's fs takes ~5 s against ~3 s this way (first
 * start only). That runs in a short-lived child process: the two PGlite instances and the tarball it takes
 * (~150 MB of WASM memory and buffers) would otherwise stay in the server's resident memory for good, as
 * freed WASM memory goes back only when V8 happens to collect it (decision 0029). A folder with anything
 * in it is left to PGlite as it is.
 */
async function openPgliteFolder(pgdata: string): Promise<PGlite> {
  await mkdir(pgdata, { recursive: true });
  if ((await readdir(pgdata)).length === 0) await initPgliteFolder(pgdata);
  return PGlite.create({ ...PGLITE_OPTIONS, dataDir: pgdata });
}

const INIT_FOLDER_SCRIPT = `
const [pglite, options, pgdata] = process.argv.slice(1);
const { PGlite } = await import(pglite);
const opts = JSON.parse(options);
const fresh = await PGlite.create(opts);
const tarball = await fresh.dumpDataDir('none');
await fresh.close();
const written = await PGlite.create({ ...opts, dataDir: pgdata, loadDataDir: tarball });
await written.close();
`;

async function initPgliteFolder(pgdata: string): Promise<void> {
  const args = [
    '--input-type=module',
    '-e',
    INIT_FOLDER_SCRIPT,
    import.meta.resolve('@electric-sql/pglite'),
    JSON.stringify(PGLITE_OPTIONS),
    pgdata,
  ];
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 1024 * 1024 }, (err, _stdout, stderr) =>
      err
        ? reject(new Error(`PGlite could not initialise ${pgdata}: ${stderr.trim() || err.message}`))
        : resolve(),
    );
  }).catch(async (err: unknown) => {
    // Half a data folder would be taken for a database on the next start: leave it empty instead.
    await rm(pgdata, { recursive: true, force: true });
    throw err;
  });
}

/**
 * A handle over a PGlite the caller created (e.g. the test helper's copy of a migrated template). Takes
 * ownership: close() closes the PGlite.
 */
export async function wrapPglite(client: PGlite): Promise<DbHandle> {
  // PGlite is a single session, so a SET lasts for the life of the instance.
  await client.exec(`SET TIME ZONE '${SESSION_TIME_ZONE}'`);
  const db: Database = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    db,
    raw: client,
    availability: ALWAYS_AVAILABLE,
    close: () => (client.closed ? Promise.resolve() : client.close()),
  };
}

/**
 * The pool, guarded by the database's availability (availability.ts): while it is down, a connection is refused at
 * once (DatabaseUnavailableError) instead of attempted; a connection that cannot be made is reported (the database is
 * down) and answered as DatabaseUnavailableError, whatever the driver said (refused, timed out, the database no longer
 * exists): the request could not reach its database. Every query of the app goes through `connect` (pg-pool's `query`
 * calls it too).
 */
class GuardedPool extends pg.Pool {
  readonly availability = createAvailability({ probe: () => this.probe() });

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    if (!callback) {
      return new Promise((resolve, reject) =>
        this.connect((err, client) =>
          err || !client ? reject(err ?? new Error('no client')) : resolve(client),
        ),
      );
    }
    if (this.availability.state === 'down') {
      const refused = new DatabaseUnavailableError();
      process.nextTick(() => callback(refused, undefined, () => undefined));
      return;
    }
    super.connect((err, client, done) => {
      if (err || !client) {
        // Waiting for a free connection of a full pool is load, not a lost database: a 503 like the rest, but no probing.
        if (!this.ending && !(err instanceof Error && POOL_WAIT_TIMEOUT.test(err.message)))
          this.availability.lost(err);
        callback(new DatabaseUnavailableError(err), undefined, done);
        return;
      }
      this.releaseBusyAsBroken(client);
      callback(undefined, client, done);
    });
  }

  /**
   * A client handed back while a query of it still waits for its answer (the driver gave up on it: query_timeout) would
   * go back to the pool with that query at the head of its queue, and every later query would wait behind it. Drizzle
   * releases a transaction's client without the error, so the release is checked here: such a client is destroyed, and
   * the database is taken for down (its answer did not come; a probe says when it does again).
   * (`_getActiveQuery` and `_queryQueue` are the driver's own fields; pg-pool reads its `_queryable` the same way.)
   */
  private releaseBusyAsBroken(client: pg.PoolClient): void {
    const internals = client as unknown as { _getActiveQuery?: () => unknown; _queryQueue?: unknown[] };
    const poolRelease = client.release;
    client.release = (err?: Error | boolean) => {
      const busy = Boolean(internals._getActiveQuery?.()) || (internals._queryQueue?.length ?? 0) > 0;
      const timedOut = err instanceof Error && err.message === 'Query read timeout';
      // Busy with an error is an ordinary failed query (a constraint) whose end the server is still sending: not lost.
      if ((timedOut || (busy && !err)) && !this.ending)
        this.availability.lost(err instanceof Error ? err : new Error('no answer'));
      poolRelease.call(
        client,
        err || (busy ? new Error('released with a query still waiting for its answer') : undefined),
      );
    };
  }

  /**
   * A connection of its own and `SELECT 1`: the start-up check and the availability probe. Not a pooled one: a pool
   * full of connections stuck on a dead socket would keep the probe waiting in its queue; and a short timeout, as a
   * probe of a host that drops packets must not hold the next one back (the database would be back before we knew).
   */
  async probe(): Promise<void> {
    const client = new pg.Client({
      ...this.options,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      statement_timeout: PROBE_TIMEOUT_MS,
      query_timeout: PROBE_TIMEOUT_MS,
    });
    // A failure after the answer (the server going away meanwhile) is the next probe's business, not a crash.
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

const PROBE_TIMEOUT_MS = 2_000;

/** pg-pool's error for a checkout that waited connectionTimeoutMillis for a pooled connection. */
const POOL_WAIT_TIMEOUT = /^timeout exceeded when trying to connect$/;

async function openPostgres(connectionString: string, opts: OpenDatabaseOptions): Promise<DbHandle> {
  const pool = new GuardedPool({
    connectionString,
    max: opts.poolSize ?? 10,
    application_name: opts.applicationName ?? 'rides',
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
    ...(opts.boundQueries === false
      ? {}
      : { statement_timeout: DATABASE_TIMEOUTS.statementMs, query_timeout: DATABASE_TIMEOUTS.queryMs }),
    // An idle connection whose peer vanished without a word is found by TCP keep-alive rather than by the next query.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // Startup parameters: apply to every connection the pool opens, before any query runs. No JIT: it compiles
    // every query the planner costs high (the admin listings' thousands of index reads) with LLVM, which took 50 to
    // 170 ms on queries that run in 100 (decision 0035, "The queries"); the product's queries are short.
    options: `-c TimeZone=${SESSION_TIME_ZONE} -c jit=off`,
  });
  pool.on(
    'error',
    opts.onPoolError ?? ((err) => console.error('rides: idle PostgreSQL connection failed:', err.message)),
  );
  try {
    // Fail at start-up with the driver's message (bad URL, auth, unreachable) rather than on first request.
    await pool.probe();
  } catch (err) {
    pool.availability.close();
    await pool.end().catch(() => undefined);
    throw err;
  }
  const db: Database = drizzleNodePg({ client: pool, schema });
  let ended = false;
  return {
    kind: 'postgres',
    db,
    raw: pool,
    availability: pool.availability,
    async close() {
      if (ended) return;
      ended = true;
      pool.availability.close();
      await pool.end();
    },
  };
}
