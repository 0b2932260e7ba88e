import type { RoutingService } from '@rides/contract';
import { RoutingProviderError } from './types.js';

/** The most bytes read of an answer (a leg without geometry is well under 10 KB; a MOTIS plan a few hundred KB). */
export const ROUTING_MAX_BYTES = 2 * 1024 * 1024;

export interface JsonAnswer {
  status: number;
  /** The answer's JSON, or undefined when it is not JSON. */
  body: unknown;
}

/**
 * One request to a routing service, bounded twice like the rates' (providers/rates/http.ts): the whole exchange within
 * `timeoutMs` (or until `signal` aborts), the body at most `maxBytes`. Any status is answered with the body read as
 * JSON when it is (the services explain "no route" in a 400's JSON); no answer in time, a connection that fails and an
 * answer too long are RoutingProviderError `unreachable`.
 */
export async function fetchJson(
  service: RoutingService,
  url: string,
  opts: { timeoutMs: number; signal?: AbortSignal; body?: unknown; maxBytes?: number },
): Promise<JsonAnswer> {
  const maxBytes = opts.maxBytes ?? ROUTING_MAX_BYTES;
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
  const failed = (err: unknown, during: string): RoutingProviderError => {
    const aborted = signal.aborted || (err instanceof Error && /TimeoutError|AbortError/.test(err.name));
    return new RoutingProviderError(
      service,
      'unreachable',
      aborted
        ? timeout.aborted
          ? `no answer within ${opts.timeoutMs} ms`
          : 'no longer waited for'
        : `${during}: ${(err as Error).message}`,
    );
  };
  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.body === undefined ? 'GET' : 'POST',
      headers: {
        accept: 'application/json',
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal,
      redirect: 'follow',
    });
  } catch (err) {
    throw failed(err, 'request failed');
  }
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new RoutingProviderError(
      service,
      'unreachable',
      `answer of ${declared} bytes, more than ${maxBytes}`,
    );
  }
  const chunks: Uint8Array[] = [];
  if (res.body) {
    const reader = res.body.getReader();
    let size = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          await reader.cancel().catch(() => undefined);
          throw new RoutingProviderError(service, 'unreachable', `answer longer than ${maxBytes} bytes`);
        }
        chunks.push(value);
      }
    } catch (err) {
      if (err instanceof RoutingProviderError) throw err;
      throw failed(err, 'answer cut off');
    }
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    body = undefined;
  }
  return { status: res.status, body };
}

/**
 * `base` with `path` after its own path, and these query parameters after any the base already carries (an API key,
 * a tenant: ROUTING_URL=https://graphhopper.com/api/1?key=...).
 */
export function withQuery(base: string, path: string, params: [string, string][] = []): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  for (const [k, v] of params) url.searchParams.append(k, v);
  return url.toString();
}

/** The base address for a profile: {profile} in ROUTING_URL (one server per profile) replaced by its name. */
export const forProfile = (base: string, profile: string): string => base.replaceAll('{profile}', profile);

/** The status and a short piece of what was answered, for a log line. */
export const answered = (a: JsonAnswer): string =>
  `answer ${a.status}${a.body === undefined ? ' (not JSON)' : ''}`;
