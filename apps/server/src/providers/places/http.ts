import type { PlaceSource } from '@rides/contract';
import { PlacesSourceError } from './types.js';

export interface JsonAnswer {
  status: number;
  body: unknown;
}

/**
 * One HTTP call to an outside places service, with a deadline. Any answer with a JSON body comes back (the caller
 * decides what a 404 means); no answer in time, a network error or a body that is not JSON is a PlacesSourceError,
 * which the provider turns into the local fallback.
 */
export async function fetchJson(
  source: PlaceSource,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<JsonAnswer> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new PlacesSourceError(
      source,
      timedOut ? `no answer within ${timeoutMs} ms` : `request failed: ${(err as Error).message}`,
    );
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new PlacesSourceError(source, `answer ${res.status} is not JSON`, res.status);
  }
  return { status: res.status, body };
}

/** Throws unless the status is 2xx, quoting the service's own error message when it gave one. */
export function expectOk(source: PlaceSource, answer: JsonAnswer): unknown {
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  const message = (answer.body as { error?: { message?: unknown; status?: unknown } } | null)?.error;
  const detail = typeof message?.status === 'string' ? `${message.status}: ${String(message.message)}` : '';
  throw new PlacesSourceError(source, `answer ${answer.status} ${detail}`.trim(), answer.status);
}

/** Escapes text for an HTML attribute or text node (attribution links are built by us from plain names). */
export const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** An attribution link, or the name alone when the address is not http(s). */
export function attributionLink(name: string, uri: string | undefined): string {
  const safeUri = uri && /^https?:\/\//i.test(uri) ? uri : undefined;
  return safeUri
    ? `<a href="${escapeHtml(safeUri)}" rel="noopener noreferrer">${escapeHtml(name)}</a>`
    : escapeHtml(name);
}

export const languageCode = (language: 'hebrew' | 'english'): 'he' | 'en' =>
  language === 'hebrew' ? 'he' : 'en';
