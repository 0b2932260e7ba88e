import autocannon from 'autocannon';

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
  opts: { connections?: number; duration?: number; method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> } = {},
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

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

export function table(rows: Record<string, string | number>[]): void {
  console.table(rows);
}

/** A bare Fastify route on this machine: the baseline every throughput figure is compared with (DESIGN.md §6). */
export async function startBareBaseline(): Promise<{ url: string; close: () => Promise<void> }> {
  const { default: Fastify } = await import('fastify');
  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ ServerMassageCode: 'success' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/`, close: () => bare.close() };
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
export async function withThrowawayPostgres<T>(prefix: string, body: (url: string) => Promise<T>): Promise<T | null> {
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
