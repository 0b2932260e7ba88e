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
