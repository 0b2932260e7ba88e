import { addDays, daysBetween } from './dates.js';
import { MAX_TRIP_DAYS } from './constants.js';
import { usableCoordinates } from './day-stops.js';
import { haversineKm } from './geo-distance.js';

/**
 * The draft trip from photos (issue 20 "Go beyond", decision 0037): pure, so the browser runs it on what it read from
 * the photos (exifr) before anything is uploaded, and the server's tests pin it with tables.
 *
 *  - Each photo's local date and time: EXIF DateTimeOriginal is the camera's wall clock, so its date is the day. Its
 *    instant is that wall time less the EXIF offset when there is one, else less the offset of the time zone at the
 *    photo's coordinates (`zoneOffsetMinutes`, offline: tz-lookup on the server, the same package in the browser).
 *    A photo with only a UTC time (the GPS date and time stamps) gets its wall time the other way round.
 *  - Days: the trip runs from the first photo's local date to the last one's (at most MAX_TRIP_DAYS days:
 *    limiting_the_trip_duration); every day of the span is in the draft, empty or not.
 *  - Stops: photos in time order, one after the other; a photo joins the stop before it when it is within
 *    STOP_MERGE_METRES of the stop's centre and within STOP_MERGE_MINUTES of the stop's last photo.
 *  - Nights: the night after day D is suggested where the last photo of D from LATE_EVENING_HOUR on was taken, else
 *    the first of D+1 before EARLY_MORNING_HOUR (with the photos within STOP_MERGE_METRES of it); none when neither.
 *  - Photos without a date (with or without a location) are not placed: the step screens ask about them. A dated photo
 *    without a location is listed on its day (`unplaced`).
 *  - Refusals (001 §5): no photo with a date or a location: all_images_without_metadata; none with a date:
 *    all_images_dates_are_empty.
 *  - Photos of several trips (a span over MAX_TRIP_DAYS) are not refused whole: `photoGroups` splits them into candidate
 *    trips, the user picks one (issue 30 point 7), and the draft is made of that group's photos.
 */
export const STOP_MERGE_METRES = 150;
export const STOP_MERGE_MINUTES = 30;
/** A photo from this hour (local) on tells where the traveller spent the night after it. */
export const LATE_EVENING_HOUR = 21;
/** A photo before this hour (local) tells where the traveller spent the night before it. */
export const EARLY_MORNING_HOUR = 8;

export interface DraftPhoto {
  id: string;
  lat: number | null;
  lng: number | null;
  /** The camera's wall clock, "YYYY-MM-DDTHH:mm:ss" (EXIF DateTimeOriginal), or null. */
  takenAt: string | null;
  /** The EXIF offset of that wall clock ("+03:00"), or null. */
  offset: string | null;
  /** A UTC instant (ISO, "Z") when the photo has no wall time but one (the GPS stamps), else null. */
  takenAtUtc?: string | null | undefined;
}

/** Minutes east of UTC of the time zone at a point at an instant; null when unknown (the open sea). */
export type ZoneOffsetLookup = (lat: number, lng: number, utcMs: number) => number | null;

export interface DraftStop {
  photoIds: string[];
  lat: number;
  lng: number;
  /** Local wall times "HH:mm" of the first and last photo. */
  from: string;
  to: string;
}

export interface DraftNight {
  lat: number;
  lng: number;
  photoIds: string[];
}

export interface DraftDay {
  /** YYYY-MM-DD, local. */
  date: string;
  stops: DraftStop[];
  /** Dated photos of the day without a usable location. */
  unplaced: string[];
  /** Where the night after this day was spent, from the late and early photos; null when they say nothing (and the last day). */
  night: DraftNight | null;
}

export type DraftRefusal =
  'all_images_without_metadata' | 'all_images_dates_are_empty' | 'limiting_the_trip_duration';

export type TripDraft =
  | { ok: true; startDate: string; endDate: string; days: DraftDay[]; undated: string[] }
  | { ok: false; code: DraftRefusal };

/** Metres between two points (the product's one distance, geo-distance.ts). */
export function distanceMetres(aLat: number, aLng: number, bLat: number, bLng: number): number {
  return haversineKm({ lat: aLat, lng: aLng }, { lat: bLat, lng: bLng }) * 1000;
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A wall time read as if it were UTC (ms), or null when it is no real date and time. */
export function wallMs(wall: string): number | null {
  const m = WALL.exec(wall);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  if (
    back.getUTCFullYear() !== y ||
    back.getUTCMonth() !== mo - 1 ||
    back.getUTCDate() !== d ||
    h > 23 ||
    mi > 59 ||
    s > 59
  )
    return null;
  return ms;
}

/** "+03:00" / "-0530" / "Z" -> minutes east of UTC; null when unreadable. */
export function offsetMinutes(offset: string | null | undefined): number | null {
  if (!offset) return null;
  if (offset === 'Z') return 0;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(offset.trim());
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  if (minutes > 14 * 60) return null;
  return (m[1] === '-' ? -1 : 1) * minutes;
}

const wallOf = (ms: number) => new Date(ms).toISOString().slice(0, 19);

interface Timed {
  id: string;
  point: { lat: number; lng: number } | null;
  /** Local wall time "YYYY-MM-DDTHH:mm:ss". */
  wall: string;
  instant: number;
}

/** The photo's local wall time and instant, or null when it has no usable time. */
export function photoTime(
  p: DraftPhoto,
  zoneOffset?: ZoneOffsetLookup,
): { wall: string; instant: number } | null {
  const point = usableCoordinates(p.lat, p.lng);
  const zoneAt = (utcMs: number) => (point && zoneOffset ? zoneOffset(point.lat, point.lng, utcMs) : null);
  const fromWall = p.takenAt ? wallMs(p.takenAt) : null;
  if (fromWall !== null) {
    // The zone's offset at an instant an offset away from the wall time: right except within hours of a DST change.
    const offset = offsetMinutes(p.offset) ?? zoneAt(fromWall) ?? 0;
    return { wall: wallOf(fromWall), instant: fromWall - offset * 60_000 };
  }
  const utc = p.takenAtUtc ? Date.parse(p.takenAtUtc) : NaN;
  if (!Number.isFinite(utc)) return null;
  const offset = offsetMinutes(p.offset) ?? zoneAt(utc) ?? 0;
  return { wall: wallOf(utc + offset * 60_000), instant: utc };
}

const centre = (points: { lat: number; lng: number }[]) => ({
  lat: points.reduce((s, p) => s + p.lat, 0) / points.length,
  lng: points.reduce((s, p) => s + p.lng, 0) / points.length,
});

const hourOf = (wall: string) => Number(wall.slice(11, 13));
const hhmm = (wall: string) => wall.slice(11, 16);

function stopsOf(photos: Timed[]): DraftStop[] {
  const stops: { members: Timed[]; lat: number; lng: number }[] = [];
  for (const p of photos) {
    if (!p.point) continue;
    const last = stops.at(-1);
    const lastPhoto = last?.members.at(-1);
    if (
      last &&
      lastPhoto &&
      p.instant - lastPhoto.instant <= STOP_MERGE_MINUTES * 60_000 &&
      distanceMetres(last.lat, last.lng, p.point.lat, p.point.lng) <= STOP_MERGE_METRES
    ) {
      last.members.push(p);
      Object.assign(last, centre(last.members.map((m) => m.point as { lat: number; lng: number })));
    } else {
      stops.push({ members: [p], lat: p.point.lat, lng: p.point.lng });
    }
  }
  return stops.map((s) => ({
    photoIds: s.members.map((m) => m.id),
    lat: s.lat,
    lng: s.lng,
    from: hhmm((s.members[0] as Timed).wall),
    to: hhmm((s.members.at(-1) as Timed).wall),
  }));
}

function nightAfter(evening: Timed[], morning: Timed[]): DraftNight | null {
  const late = evening.filter((p) => p.point && hourOf(p.wall) >= LATE_EVENING_HOUR);
  const early = morning.filter((p) => p.point && hourOf(p.wall) < EARLY_MORNING_HOUR);
  const anchor = late.at(-1) ?? early[0];
  if (!anchor?.point) return null;
  const a = anchor.point;
  const near = [...late, ...early].filter(
    (p) => distanceMetres(a.lat, a.lng, p.point!.lat, p.point!.lng) <= STOP_MERGE_METRES,
  );
  return { ...centre(near.map((p) => p.point!)), photoIds: near.map((p) => p.id) };
}

/** The draft trip of these photos (see above). */
export function draftTrip(photos: readonly DraftPhoto[], zoneOffset?: ZoneOffsetLookup): TripDraft {
  const timed: Timed[] = [];
  const undated: string[] = [];
  let located = 0;
  for (const p of photos) {
    const point = usableCoordinates(p.lat, p.lng);
    if (point) located += 1;
    const time = photoTime(p, zoneOffset);
    if (time) timed.push({ id: p.id, point, ...time });
    else undated.push(p.id);
  }
  if (timed.length === 0)
    return { ok: false, code: located === 0 ? 'all_images_without_metadata' : 'all_images_dates_are_empty' };
  timed.sort((a, b) => a.instant - b.instant || a.id.localeCompare(b.id));
  const dates = timed.map((p) => p.wall.slice(0, 10)).sort();
  const startDate = dates[0] as string;
  const endDate = dates.at(-1) as string;
  if (daysBetween(startDate, endDate) + 1 > MAX_TRIP_DAYS)
    return { ok: false, code: 'limiting_the_trip_duration' };
  const byDate = new Map<string, Timed[]>();
  for (const p of timed) {
    const date = p.wall.slice(0, 10);
    byDate.set(date, [...(byDate.get(date) ?? []), p]);
  }
  const days: DraftDay[] = [];
  for (let date = startDate; date <= endDate; date = addDays(date, 1)) {
    const today = byDate.get(date) ?? [];
    days.push({
      date,
      stops: stopsOf(today),
      unplaced: today.filter((p) => !p.point).map((p) => p.id),
      night: date === endDate ? null : nightAfter(today, byDate.get(addDays(date, 1)) ?? []),
    });
  }
  return { ok: true, startDate, endDate, days, undated };
}

/**
 * Photos of one trip are close in time: a new candidate trip starts after more than TRIP_GAP_DAYS days without a photo
 * (consecutive dates 5 days apart or more: a few quiet days inside a trip do not split it), or where the group would
 * last more than MAX_TRIP_DAYS days.
 */
export const TRIP_GAP_DAYS = 3;

export interface PhotoGroup {
  /** The dated photos of the candidate trip, in time order. */
  photoIds: string[];
  /** YYYY-MM-DD, local: the first and the last photo's dates. */
  startDate: string;
  endDate: string;
}

/**
 * The photos' candidate trips (issue 30 point 7), in time order: the dated photos, split where the gap between
 * consecutive dates is more than TRIP_GAP_DAYS empty days or where the span would exceed MAX_TRIP_DAYS. Photos
 * without a date belong to no group (the step screens ask about them). One group: the photos are one trip.
 */
export function photoGroups(photos: readonly DraftPhoto[], zoneOffset?: ZoneOffsetLookup): PhotoGroup[] {
  const timed = photos
    .flatMap((p) => {
      const time = photoTime(p, zoneOffset);
      return time ? [{ id: p.id, date: time.wall.slice(0, 10), instant: time.instant }] : [];
    })
    .sort((a, b) => a.instant - b.instant || a.id.localeCompare(b.id));
  const groups: PhotoGroup[] = [];
  for (const p of timed) {
    const last = groups.at(-1);
    // Local dates, not instants: a photo's day is its wall-clock date (above); a later instant never has an earlier
    // date by more than a day (zones), so the dates are compared as they are.
    const from = last ? (last.startDate < p.date ? last.startDate : p.date) : p.date;
    const to = last ? (last.endDate > p.date ? last.endDate : p.date) : p.date;
    if (
      last &&
      daysBetween(last.endDate, p.date) <= TRIP_GAP_DAYS + 1 &&
      daysBetween(from, to) + 1 <= MAX_TRIP_DAYS
    ) {
      last.photoIds.push(p.id);
      last.startDate = from;
      last.endDate = to;
    } else groups.push({ photoIds: [p.id], startDate: p.date, endDate: p.date });
  }
  return groups;
}
