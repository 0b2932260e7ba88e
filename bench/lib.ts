import autocannon from 'autocannon';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Shared measuring helpers: every figure is reported beside a baseline measured in the same run. */
export interface LoadResult {
  name: string;
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function load(
  name: string,
  url: string,
  opts: {
    connections?: number;
    duration?: number;
    method?: 'GET' | 'POST';
    body?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: opts.connections ?? 50,
    duration: opts.duration ?? 8,
    method: opts.method ?? 'GET',
    body: opts.body,
    headers: opts.headers,
  });
  return {
    name,
    requestsPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const value = await fn();
  return [value, Math.round(performance.now() - t)];
}

/** The p-th percentile of timings by nearest rank (0 for none): p95, p99 of a bench's rounds. */
export const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

export function table(rows: Record<string, string | number>[]): void {
  console.table(rows);
}

/**
 * A bare Fastify route on this machine: the baseline every throughput figure is compared with (DESIGN.md §6).
 * `plain`: the route sends these JSON bytes as they are instead (what the wire and the client cost for an answer of
 * that size, beside which our own answer of the same bytes is judged).
 */
export async function startBareBaseline(
  plain?: Buffer,
): Promise<{ url: string; close: () => Promise<void> }> {
  const { default: Fastify } = await import('fastify');
  const bare = Fastify({ logger: false });
  if (plain) bare.get('/', (_request, reply) => reply.type('application/json; charset=utf-8').send(plain));
  else bare.get('/', async () => ({ ServerMassageCode: 'success' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/`,
    close: () => bare.close(),
  };
}

/** Prints load results with each one's share of the first (the baseline). */
export function printVsBaseline(results: LoadResult[]): void {
  const baseline = results[0]!.requestsPerSec;
  table(
    results.map((r) => ({
      call: r.name,
      'req/s': r.requestsPerSec,
      'vs bare': `${Math.round((r.requestsPerSec / baseline) * 100)}%`,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      errors: r.errors,
    })),
  );
}

/**
 * A throwaway PostgreSQL database beside the one `url` names (created, handed to `body`, dropped even on failure), for
 * benches that measure the multi-process mode; null when no URL is set.
 */
export async function withThrowawayPostgres<T>(
  prefix: string,
  body: (url: string) => Promise<T>,
): Promise<T | null> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) return null;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const name = `${prefix}_${Date.now().toString(36)}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  try {
    return await body(dbUrl.toString());
  } finally {
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process in MB (every thread of it: a worker thread's memory is its process's). */
export function rssMb(pid: number): number {
  const status = `/proc/${pid}/status`;
  const kb = existsSync(status)
    ? Number(/VmRSS:\s+(\d+)/.exec(readFileSync(status, 'utf8'))?.[1] ?? NaN)
    : Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim());
  return Math.round(kb / 1024);
}

/** RSS once it stops moving (two readings 1 s apart within 1 MB, at least 3 s after the call); at most 20 s. */
export async function settledRss(pid: number): Promise<number> {
  await sleep(3000);
  let last = rssMb(pid);
  for (let i = 0; i < 17; i++) {
    await sleep(1000);
    const now = rssMb(pid);
    if (Math.abs(now - last) <= 1) return now;
    last = now;
  }
  return last;
}

export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

/** SIGTERM, then SIGKILL after 15 s. */
export async function stopProcess(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
}

/**
 * The built server (`serverJs`: npm start's apps/server/dist/server.js, or another build) in a process of its own, as
 * `npm start` runs it (production, embedded database unless the environment says otherwise), on a free port, once
 * /api/health answers; `base` is its /api address.
 */
export async function startBuiltServer(
  serverJs: string,
  env: Record<string, string>,
): Promise<{ proc: ChildProcess; base: string }> {
  const port = await freePort();
  const proc = spawn(process.execPath, [serverJs], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/api`;
  try {
    for (let i = 0; ; i++) {
      if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode})`);
      try {
        if ((await fetch(`${base}/health`)).ok) break;
      } catch {
        /* not up yet */
      }
      if (i > 480) throw new Error('server did not start in 2 minutes');
      await sleep(250);
    }
  } catch (err) {
    await stopProcess(proc);
    throw err;
  }
  return { proc, base };
}
