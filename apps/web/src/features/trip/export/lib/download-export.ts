import { rideExportPath, type RideExportFormat } from '@rides/contract';
import { ApiError } from '../../../../lib/api';
import { currentToken } from '../../../../lib/session-store';

/** The file name the server gave (filename*=UTF-8''..., the trip's title in any script), else a plain one. */
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
 * Downloads one of the trip's files (ride_export_api: ics, gpx, kml) with the viewer's token, so a private trip's
 * viewer gets it too, and saves it under the server's file name. Refusals throw ApiError with the server's code.
 */
export async function downloadTripFile(rideId: number, format: RideExportFormat): Promise<void> {
  const token = currentToken();
  let response: Response;
  try {
    response = await fetch(rideExportPath(rideId, format), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('network_error', 0);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { ServerMassageCode?: unknown } | null;
    const code = typeof body?.ServerMassageCode === 'string' ? body.ServerMassageCode : 'api_call_failed';
    throw new ApiError(code, response.status);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameFrom(response.headers.get('content-disposition'), `trip-${rideId}.${format}`);
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
