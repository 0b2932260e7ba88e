import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGLITE_OPTIONS } from '../apps/server/src/db/client.js';
import { freePort, settledRss, startBuiltServer, stopProcess, table, withThrowawayPostgres } from './lib.js';

/**
 * Resident memory (RSS) of the built server (`npm run build` first) as `npm start` runs it, idle once started and
 * after a first place search, on PGlite (a new data folder, then the same folder again) and on PostgreSQL when
 * BENCH_DATABASE_URL or DATABASE_URL is set; beside, in the same run, a bare Fastify process and a bare PGlite
 * process (its own defaults, then our start parameters) on a copy of the same data folder. Bars (issue 15): PostgreSQL
 * idle <= 150 MB and <= 200 MB after a place search; embedded default <= 350 MB idle. Decision 0029.
 *
 * "Idle" is read once the figure settles (two readings 1 s apart within 1 MB, at least 3 s after the start answered),
 * so the gazetteer, which loads once the server listens, is in it.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** BENCH_SERVER_JS: another build to measure the same way (an older commit's, for before/after figures). */
const serverJs = process.env.BENCH_SERVER_JS ?? join(root, 'apps/server/dist/server.js');

/** A child node process running `script` (an ES module) from apps/server (so it finds the server's packages). */
function nodeScript(script: string, args: string[] = []): ChildProcess {
  return spawn(process.execPath, ['--input-type=module', '-e', script, ...args], {
    cwd: join(root, 'apps/server'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

const readyLine = (proc: ChildProcess) =>
  new Promise<void>((resolve, reject) => {
    proc.stdout?.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    proc.once('exit', (code) => reject(new Error(`baseline process exited (${code})`)));
  });

async function bareFastify(): Promise<number> {
  const port = await freePort();
  const proc = nodeScript(
    `import Fastify from 'fastify';
     const app = Fastify({ logger: false });
     app.get('/', async () => ({ ServerMassageCode: 'success' }));
     await app.listen({ port: ${port}, host: '127.0.0.1' });
     await fetch('http://127.0.0.1:${port}/');
     console.log('ready');`,
  );
  try {
    await readyLine(proc);
    return await settledRss(proc.pid!);
  } finally {
    await stopProcess(proc);
  }
}

/** PGlite on a copy of `pgdata` with these start parameters (none: PGlite's own), one query, then idle. */
async function barePglite(pgdata: string, startParams?: string[]): Promise<number> {
  const copy = mkdtempSync(join(tmpdir(), 'rides-bench-mem-pg-'));
  cpSync(pgdata, copy, { recursive: true });
  const proc = nodeScript(
    `import { PGlite } from '@electric-sql/pglite';
     const startParams = JSON.parse(process.argv[2]);
     const db = await PGlite.create({ dataDir: process.argv[1], ...(startParams ? { startParams } : {}) });
     await db.query('select count(*) from rides');
     console.log('ready');
     process.on('SIGTERM', () => db.close().then(() => process.exit(0)));`,
    [copy, JSON.stringify(startParams ?? null)],
  );
  try {
    await readyLine(proc);
    return await settledRss(proc.pid!);
  } finally {
    await stopProcess(proc);
    rmSync(copy, { recursive: true, force: true });
  }
}

/** The built server with this environment: RSS idle after start, then after one place search. */
async function server(env: Record<string, string>): Promise<{ idle: number; afterSearch: number }> {
  const { proc, base } = await startBuiltServer(serverJs, env);
  try {
    const idle = await settledRss(proc.pid!);
    const res = await fetch(`${base}/places_autocomplete?q=${encodeURIComponent('רומא')}&language=hebrew`);
    const body = (await res.json()) as { suggestions?: unknown[] };
    if (!res.ok || !body.suggestions?.length) throw new Error(`place search answered ${res.status}`);
    return { idle, afterSearch: await settledRss(proc.pid!) };
  } finally {
    await stopProcess(proc);
  }
}

export async function memoryBench(): Promise<void> {
  if (!existsSync(serverJs)) {
    console.log(
      'memory: skipped (run npm run build first: it measures the built server as npm start runs it)',
    );
    return;
  }
  const rows: Record<string, string | number>[] = [];
  const row = (what: string, idle: number, afterSearch: number | string, bar: string) =>
    rows.push({ process: what, 'idle MB': idle, 'after place search MB': afterSearch, bar });

  row('bare Fastify (baseline)', await bareFastify(), '-', '');
  const dataDir = mkdtempSync(join(tmpdir(), 'rides-bench-mem-'));
  try {
    const fresh = await server({ DATA_DIR: dataDir });
    const again = await server({ DATA_DIR: dataDir });
    const pgdata = join(dataDir, 'pgdata');
    row('bare PGlite, its default settings (baseline)', await barePglite(pgdata), '-', '');
    row(
      'bare PGlite, our start parameters (baseline)',
      await barePglite(pgdata, PGLITE_OPTIONS.startParams),
      '-',
      '',
    );
    row('server on PGlite, new data folder', fresh.idle, fresh.afterSearch, 'idle <= 350');
    row('server on PGlite, existing data folder', again.idle, again.afterSearch, 'idle <= 350');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const onPostgres = await withThrowawayPostgres('rides_bench_mem', async (databaseUrl) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rides-bench-mem-'));
    try {
      // The first start migrates and loads the demo; the second is the one measured, as a running deployment restarts.
      await server({ DATABASE_URL: databaseUrl, SEED_DEMO: 'true', DATA_DIR: dataDir });
      const onPg = await server({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
      row('server on PostgreSQL', onPg.idle, onPg.afterSearch, 'idle <= 150, after search <= 200');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    return true;
  });
  if (!onPostgres) {
    rows.push({
      process: 'server on PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL)',
      'idle MB': '-',
      'after place search MB': '-',
      bar: '',
    });
  }
  table(rows);
}
