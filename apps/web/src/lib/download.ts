import { ApiError } from './api';
import { currentToken } from './session-store';

/**
 * Files the server makes (a trip's calendar, GPX, KML or PDF; the billing CSV), fetched with the viewer's token (a
 * private trip's viewer, an admin) and saved under the server's file name. One way for every download.
 */

/** The file name the server gave (filename*=UTF-8''..., a name in any script), else a plain one. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  const star = disposition ? /filename\*=UTF-8''([^;]+)/i.exec(disposition) : null;
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // A malformed name: the plain one below.
    }
  }
  const plain = disposition ? /filename="([^"]+)"/i.exec(disposition) : null;
  return plain?.[1] ?? fallback;
}

/**
 * Fetches `url` with the token and saves the answer. A refusal throws ApiError with the server's code, else
 * `failureCode`; no answer at all, network_error.
 */
export async function downloadFile(
  url: string,
  options: { init?: RequestInit; fallbackName: string; failureCode?: string },
): Promise<void> {
  const token = currentToken();
  const { init = {}, fallbackName, failureCode = 'api_call_failed' } = options;
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: {
        ...(init.headers as Record<string, string> | undefined),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('network_error', 0);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { ServerMassageCode?: unknown } | null;
    throw new ApiError(
      typeof body?.ServerMassageCode === 'string' ? body.ServerMassageCode : failureCode,
      response.status,
    );
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileNameFrom(response.headers.get('content-disposition'), fallbackName);
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
