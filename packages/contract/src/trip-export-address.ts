/**
 * A trip's files (trip-export.ts: the calls, their schemas and refusals): the formats, their media types and their
 * addresses. Apart from the schemas and without zod, so the trip page, whose day links and export menu read these,
 * does not carry zod into its first chunks (the contract is "sideEffects": false; a module's schemas stay in the
 * bundle whenever any of its exports is used).
 */

export const TRIP_EXPORT_FORMATS = ['ics', 'gpx', 'kml'] as const;
export type TripExportFormat = (typeof TRIP_EXPORT_FORMATS)[number];

/** The media type of each format. */
export const TRIP_EXPORT_TYPES: Record<TripExportFormat, string> = {
  ics: 'text/calendar; charset=utf-8',
  gpx: 'application/gpx+xml; charset=utf-8',
  kml: 'application/vnd.google-earth.kml+xml; charset=utf-8',
};

/** The calendar address as webcal:// (what a phone's calendar subscribes to when the link is tapped). */
export const webcalOf = (httpsUrl: string) => httpsUrl.replace(/^https?:\/\//, 'webcal://');

/** The export's address, relative to the site (the web fetches it with the Authorization header, or links it). */
export const tripExportPath = (rideId: number, format: TripExportFormat) =>
  `/api/ride_export_api/${rideId}/${format}`;
