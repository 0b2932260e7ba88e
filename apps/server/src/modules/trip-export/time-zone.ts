import tzLookup from '@photostructure/tz-lookup';

/**
 * The destination's time zone, offline (decision 0033): the IANA zone of a point from @photostructure/tz-lookup
 * (~70 KB of boundaries in the bundle; geo-tz is exact to the metre but ships tens of MB of data, and a trip's stops
 * are not on a border), and the zone's VTIMEZONE component computed from the runtime's own IANA rules (Intl): the
 * offsets and every transition of the years the calendar covers, written as dated STANDARD/DAYLIGHT observances
 * (RFC 5545 3.6.5). No zone file and no network at run time.
 */

/** The IANA zone at a point; null when the lookup cannot place it (it throws on values off the Earth). */
export function zoneAt(lat: number, lng: number): string | null {
  try {
    return tzLookup(lat, lng);
  } catch {
    return null;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes east of UTC in `zone` at the instant `ms`. */
export function offsetMinutes(zone: string, ms: number): number {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    formatters.set(zone, f);
  }
  const name = f.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!m) return 0; // "GMT" alone: UTC itself
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

const known = new Map<string, boolean>();

/** A zone is usable when the runtime knows it (Intl throws RangeError on an unknown name); asked once per zone. */
export function isKnownZone(zone: string): boolean {
  let ok = known.get(zone);
  if (ok === undefined) {
    try {
      offsetMinutes(zone, 0);
      ok = true;
    } catch {
      ok = false;
    }
    known.set(zone, ok);
  }
  return ok;
}

const DAY = 86_400_000;

interface Transition {
  at: number;
  from: number;
  to: number;
}

/** Every change of offset in [start, end): a day-by-day scan, then a binary search to the minute. */
function transitions(zone: string, start: number, end: number): Transition[] {
  const found: Transition[] = [];
  let prev = offsetMinutes(zone, start);
  for (let t = start + DAY; t <= end; t += DAY) {
    const cur = offsetMinutes(zone, t);
    if (cur === prev) continue;
    let lo = t - DAY;
    let hi = t;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetMinutes(zone, mid) === prev) lo = mid;
      else hi = mid;
    }
    found.push({ at: hi, from: prev, to: cur });
    prev = cur;
  }
  return found;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** +HHMM / -HHMM of an offset in minutes (UTC-OFFSET, RFC 5545 3.3.14). */
export function utcOffset(minutes: number): string {
  const a = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(a / 60))}${pad(a % 60)}`;
}

/** YYYYMMDDTHHMMSS of an instant shifted by `offset` minutes (a local DATE-TIME without Z). */
export function localStamp(ms: number, offset: number): string {
  const d = new Date(ms + offset * 60_000);
  return (
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
  );
}

/**
 * The VTIMEZONE component of `zone` for the years fromYear..toYear (the trip's, one either side, so a calendar app
 * extending an event's view a little still finds the rules): the offset in force at the start, then each transition.
 * An observance is DAYLIGHT when its offset is above the smaller of the year's January and July offsets.
 */
export function vtimezone(zone: string, fromYear: number, toYear: number): readonly string[] {
  const key = `${zone} ${fromYear} ${toYear}`;
  let lines = VTIMEZONES.get(key);
  if (!lines) {
    // A zone's rules are the runtime's, fixed for the process's life: each block is computed once (~1,100 Intl calls).
    if (VTIMEZONES.size >= MAX_VTIMEZONES) VTIMEZONES.clear();
    VTIMEZONES.set(key, (lines = computeVtimezone(zone, fromYear, toYear)));
  }
  return lines;
}

const VTIMEZONES = new Map<string, readonly string[]>();
/** Zones × year ranges kept (a few per trip; a bound on memory, not a size any deployment reaches). */
const MAX_VTIMEZONES = 500;

function computeVtimezone(zone: string, fromYear: number, toYear: number): string[] {
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  const standardOf = (ms: number) => {
    const y = new Date(ms).getUTCFullYear();
    return Math.min(offsetMinutes(zone, Date.UTC(y, 0, 1)), offsetMinutes(zone, Date.UTC(y, 6, 1)));
  };
  const first = offsetMinutes(zone, start);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  const observance = (at: number, from: number, to: number) => {
    const kind = to > standardOf(at) ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      // DTSTART is the onset in the local time in force before it (RFC 5545 3.6.5).
      `DTSTART:${localStamp(at, from)}`,
      `TZOFFSETFROM:${utcOffset(from)}`,
      `TZOFFSETTO:${utcOffset(to)}`,
      `END:${kind}`,
    );
  };
  observance(start, first, first);
  for (const t of transitions(zone, start, end)) observance(t.at, t.from, t.to);
  lines.push('END:VTIMEZONE');
  return lines;
}

/** Minutes east of UTC at a point at an instant (tz-lookup, offline); null when no zone is known there (the sea). */
export function zoneOffsetAt(lat: number, lng: number, ms: number): number | null {
  const zone = zoneAt(lat, lng);
  return zone && isKnownZone(zone) ? offsetMinutes(zone, ms) : null;
}
