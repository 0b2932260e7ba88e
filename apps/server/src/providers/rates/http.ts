import { RatesProviderError, type RatesSource } from './types.js';

/**
 * One GET to a rates source, bounded twice: the whole exchange (answer body included) within `timeoutMs`, and the
 * body at most `maxBytes` (read as a stream, the connection dropped at the first byte beyond: a huge or endless answer
 * costs no more memory than that). Anything but a 2xx answer within both bounds is a RatesProviderError.
 */
export async function fetchText(
  source: RatesSource,
  url: string,
  opts: { timeoutMs: number; maxBytes: number; accept: string },
): Promise<string> {
  const signal = AbortSignal.timeout(opts.timeoutMs);
  const failed = (err: unknown, during: string): RatesProviderError => {
    const timedOut = signal.aborted || (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'));
    return new RatesProviderError(
      source,
      timedOut ? `no answer within ${opts.timeoutMs} ms` : `${during}: ${(err as Error).message}`,
    );
  };
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: opts.accept }, signal, redirect: 'follow' });
  } catch (err) {
    throw failed(err, 'request failed');
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new RatesProviderError(source, `answer ${res.status}`);
  }
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > opts.maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new RatesProviderError(source, `answer of ${declared} bytes, more than ${opts.maxBytes}`);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > opts.maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new RatesProviderError(source, `answer longer than ${opts.maxBytes} bytes`);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof RatesProviderError) throw err;
    throw failed(err, 'answer cut off');
  }
  return Buffer.concat(chunks).toString('utf8');
}
