import { tripExportPath, type TripExportFormat } from '@rides/contract';
import { downloadFile } from '../../../../lib/download';

/**
 * Downloads one of the trip's files (ride_export_api: ics, gpx, kml) with the viewer's token, so a private trip's
 * viewer gets it too, and saves it under the server's file name. Refusals throw ApiError with the server's code.
 */
export async function downloadTripFile(rideId: number, format: TripExportFormat): Promise<void> {
  await downloadFile(tripExportPath(rideId, format), { fallbackName: `trip-${rideId}.${format}` });
}
