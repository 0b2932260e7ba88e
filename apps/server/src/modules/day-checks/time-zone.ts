import { createRequire } from 'node:module';
import type * as CountryCoderLibrary from '@rapideditor/country-coder';
import { isKnownZone, offsetMinutes, zoneAt } from '../trip-export/time-zone.js';

/**
 * Where a place is and what its clock says (issue 36, decision 0070), offline and pure:
 *  - its country: the ISO 3166-1 code of the territory holding the point, from @rapideditor/country-coder (ISC, the
 *    borders OpenStreetMap's editors use, ~700 KB of simplified polygons). "In Israel" is that code being IL: Eilat's
 *    Coral Beach, Ein Gedi, the Old City and the Golan are; Taba, Aqaba and the West Bank (PS) are not.
 *  - its IANA time zone: @photostructure/tz-lookup's (as the calendar export, decision 0033; ~70 KB), whose borders
 *    are coarse (Eilat's Coral Beach answers Asia/Riyadh, Taba Asia/Riyadh, Ein Gedi Asia/Hebron), corrected by the
 *    country: when the runtime's CLDR data (Intl.Locale) gives the territory exactly one zone and tz-lookup's answer is
 *    another, the territory's zone wins (IL: Asia/Jerusalem, EG: Africa/Cairo, JO: Asia/Amman). A territory of several
 *    zones (US, PS, ES...) keeps tz-lookup's.
 *  - wall-clock time there: a local date and time <-> an instant, by the runtime's own IANA rules (Intl; no zone files).
 *
 * The country library builds its index when first loaded (~180 ms): it is loaded on first use, not with the server.
 */

/** A place on the Earth (an activity's or a stay's coordinates). */
export interface Place {
  lat: number;
  lng: number;
}

/** A wall-clock moment at a place: its date (YYYY-MM-DD) and time of day (HH:MM, 24 hours). */
export interface LocalDateTime {
  date: string;
  time: string;
}

/** What a trip plans at a place: a start on its real date at the place's wall clock, and how long (real minutes). */
export interface LocalInterval extends LocalDateTime {
  minutes: number;
}

const load = createRequire(import.meta.url);
type CountryCoder = typeof CountryCoderLibrary;
let coder: CountryCoder | undefined;
const countryCoder = (): CountryCoder => (coder ??= load('@rapideditor/country-coder') as CountryCoder);

const onEarth = (p: Place) =>
  Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;

/** The ISO 3166-1 alpha-2 code of the territory at a point (GF for French Guiana, not FR); null at sea. */
export function countryAt(place: Place): string | null {
  if (!onEarth(place)) return null;
  return countryCoder().iso1A2Code([place.lng, place.lat], { level: 'territory' });
}

/** Whether Israel's rules (Shabbat, its holidays) apply at a point: the point is in Israel by country-coder's borders. */
export function isInIsrael(place: Place): boolean {
  return countryAt(place) === 'IL';
}

/** Intl.Locale's zones of a region: `getTimeZones()` in newer runtimes, the `timeZones` getter in Node 20. */
function zonesOfTerritory(code: string): readonly string[] {
  try {
    const locale = new Intl.Locale(`und-${code}`) as Intl.Locale & {
      getTimeZones?: () => string[] | undefined;
      timeZones?: string[];
    };
    return (typeof locale.getTimeZones === 'function' ? locale.getTimeZones() : locale.timeZones) ?? [];
  } catch {
    return [];
  }
}

/** The runtime's canonical name of a zone (Asia/Calcutta and Asia/Kolkata are one zone). */
const canonical = (zone: string) =>
  new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;

const zones = new Map<string, string | null>();
/** Points kept (rounded to ~100 m): a bound on memory far above a trip's stops. */
const MAX_ZONES = 10_000;

/**
 * The IANA time zone at a point, offline: tz-lookup's, or the territory's only zone where they differ (see above);
 * null when neither knows one the runtime can use (off the Earth).
 */
export function timeZoneAt(place: Place): string | null {
  if (!onEarth(place)) return null;
  const key = `${place.lat.toFixed(3)},${place.lng.toFixed(3)}`;
  const kept = zones.get(key);
  if (kept !== undefined) return kept;
  const looked = zoneAt(place.lat, place.lng);
  const found = looked !== null && isKnownZone(looked) ? looked : null;
  const country = countryAt(place);
  const only = country ? zonesOfTerritory(country) : [];
  let zone = found;
  if (only.length === 1 && isKnownZone(only[0] as string)) {
    const theirs = only[0] as string;
    if (found === null || canonical(found) !== canonical(theirs)) zone = theirs;
  }
  if (zones.size >= MAX_ZONES) zones.clear();
  zones.set(key, zone);
  return zone;
}

const pad = (n: number) => String(n).padStart(2, '0');
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/** The wall clock's fields as milliseconds of a UTC date (no zone: arithmetic on the calendar only). */
export function wallMs(date: string, time = '00:00'): number {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) throw new RangeError(`not a local date and time: ${date} ${time}`);
  const ms = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  const back = new Date(ms);
  if (
    back.getUTCMonth() !== Number(d[2]) - 1 ||
    back.getUTCDate() !== Number(d[3]) ||
    Number(t[1]) > 23 ||
    Number(t[2]) > 59
  )
    throw new RangeError(`not a local date and time: ${date} ${time}`);
  return ms;
}

/** A wall-clock value (as wallMs makes) back to its date and time. */
export function wallOf(ms: number): LocalDateTime {
  const d = new Date(ms);
  return {
    date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
  };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The instant of a wall-clock time in a zone. A time the clocks skip (the spring change's missing hour) is read with
 * the offset before the change, so it lands that much later (02:30 in Paris on the spring change is 03:30 summer time);
 * a time that happens twice (the autumn change) is its first occurrence. (Temporal's "compatible" disambiguation.)
 */
export function instantOf(zone: string, local: LocalDateTime): number {
  const wall = wallMs(local.date, local.time);
  const before = offsetMinutes(zone, wall - DAY);
  const after = offsetMinutes(zone, wall + DAY);
  const fits = [before, after]
    .map((offset) => wall - offset * 60_000)
    .filter((at) => wall - offsetMinutes(zone, at) * 60_000 === at)
    .sort((a, b) => a - b);
  return fits[0] ?? wall - before * 60_000;
}

/** The wall-clock date and time in a zone at an instant. */
export function localOf(zone: string, instant: number): LocalDateTime {
  return wallOf(instant + offsetMinutes(zone, instant) * 60_000);
}

/** The real instants of a planned interval: its start's instant, and that plus its minutes (across any clock change). */
export function realInterval(zone: string, interval: LocalInterval): { start: number; end: number } {
  const start = instantOf(zone, interval);
  return { start, end: start + Math.max(0, interval.minutes) * 60_000 };
}

/**
 * The instants in [start, end) where the zone's offset changes, each found to the minute: the interval is walked in
 * 6-hour steps (no zone changes its offset twice within 6 hours) and each change bisected.
 */
export function offsetChanges(zone: string, start: number, end: number): number[] {
  const found: number[] = [];
  const STEP = 6 * HOUR;
  let from = start;
  let offset = offsetMinutes(zone, from);
  while (from < end) {
    const to = Math.min(from + STEP, end);
    const next = offsetMinutes(zone, to);
    if (next !== offset) {
      let lo = from;
      let hi = to;
      while (hi - lo > 60_000) {
        const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
        if (offsetMinutes(zone, mid) === offset) lo = mid;
        else hi = mid;
      }
      if (hi < end) found.push(hi);
      offset = next;
    }
    from = to;
  }
  return found;
}
