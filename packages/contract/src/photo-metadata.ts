import { usableCoordinates } from './day-stops.js';

/**
 * What a photo's EXIF says about when and where it was taken (issue 20, decision 0037), from the tags exifr reads:
 * one reading for the server (modules/photos/photo-exif.ts, on the uploaded bytes) and the browser (on the original
 * file, before it is shrunk), so both read a photo alike. exifr is called with EXIF_PICK and
 * `{ reviveValues: false, translateValues: false }`, so dates stay text and GPS stays [degrees, minutes, seconds].
 */
export interface PhotoMetadata {
  /** The camera's wall clock "YYYY-MM-DDTHH:mm:ss" (DateTimeOriginal, else CreateDate; never ModifyDate), or null. */
  dateTaken: string | null;
  /** OffsetTimeOriginal (else OffsetTime) "+03:00", or null. */
  offset: string | null;
  /** The GPS date and time stamps as a UTC instant (ISO), when the photo has both. */
  gpsUtc: string | null;
  /** A usable position: none, 0,0 and values off the Earth (a latitude of 213 exists in real files) count as none. */
  gps: { lat: number; lng: number } | null;
}

export const NO_PHOTO_METADATA: PhotoMetadata = { dateTaken: null, offset: null, gpsUtc: null, gps: null };

/** The tags to ask exifr for. */
export const EXIF_PICK = [
  'DateTimeOriginal',
  'CreateDate',
  'OffsetTimeOriginal',
  'OffsetTime',
  'GPSLatitude',
  'GPSLongitude',
  'GPSLatitudeRef',
  'GPSLongitudeRef',
  'GPSDateStamp',
  'GPSTimeStamp',
];

/** EXIF's "YYYY:MM:DD HH:mm:ss" -> "YYYY-MM-DDTHH:mm:ss"; null when it is no such text (blank, zeros, garbage). */
export function exifWallTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m as unknown as string[];
  if (y === '0000' || mo === '00' || d === '00') return null;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}`;
}

/** Degrees from EXIF's [degrees, minutes, seconds] (or a number) and its N/S/E/W reference. */
function degrees(value: unknown, ref: unknown, negative: string): number | null {
  let v: number;
  if (typeof value === 'number') v = value;
  else if (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((x) => typeof x === 'number' && Number.isFinite(x))
  ) {
    const [d = 0, m = 0, s = 0] = value as number[];
    v = d + m / 60 + s / 3600;
  } else return null;
  if (!Number.isFinite(v)) return null;
  return typeof ref === 'string' && ref.trim().toUpperCase() === negative ? -Math.abs(v) : v;
}

function gpsInstant(date: unknown, time: unknown): string | null {
  if (typeof date !== 'string' || !Array.isArray(time) || time.length < 2) return null;
  const d = /^(\d{4})[:-](\d{2})[:-](\d{2})$/.exec(date.trim());
  const [h, m, s = 0] = time as number[];
  if (!d || typeof h !== 'number' || typeof m !== 'number' || typeof s !== 'number') return null;
  if (!(h >= 0 && h < 24 && m >= 0 && m < 60 && s >= 0 && s < 61)) return null;
  const ms = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), h, m, Math.floor(s));
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

const offsetText = (v: unknown): string | null =>
  typeof v === 'string' && /^[+-]\d{2}:\d{2}$/.test(v.trim()) ? v.trim() : null;

/** The photo's metadata from exifr's tags (undefined: no EXIF at all). */
export function photoMetadataFromTags(tags: Record<string, unknown> | undefined | null): PhotoMetadata {
  if (!tags) return NO_PHOTO_METADATA;
  const lat = degrees(tags.GPSLatitude, tags.GPSLatitudeRef, 'S');
  const lng = degrees(tags.GPSLongitude, tags.GPSLongitudeRef, 'W');
  return {
    dateTaken: exifWallTime(tags.DateTimeOriginal) ?? exifWallTime(tags.CreateDate),
    offset: offsetText(tags.OffsetTimeOriginal) ?? offsetText(tags.OffsetTime),
    gpsUtc: gpsInstant(tags.GPSDateStamp, tags.GPSTimeStamp),
    gps: usableCoordinates(lat, lng),
  };
}
