import { createHash } from 'node:crypto';
import { textsOf, tripTextLanguage } from '../../lib/texts.js';
import type { ExportActivity, ExportDay, ExportTrip } from './export-model.js';
import { isKnownZone, offsetMinutes, vtimezone, zoneAt } from './time-zone.js';

/**
 * The trip as an iCalendar file (RFC 5545; issue 19 point 3, decision 0033):
 *  - each activity with a time is an event at that wall-clock time in its place's time zone (DTSTART;TZID= with the
 *    zone's VTIMEZONE; never a floating time), an hour long, with its address, plain-text description and GEO;
 *    an activity without coordinates takes the zone of the day's other stops (else the trip's);
 *  - each stay is an all-day event from check-in to check-out (DTEND exclusive: the morning of check-out), its
 *    booking's confirmation number in its description for those who may read it (the trip view withholds it);
 *  - UIDs are the trip's and the item's ids @ the site's host, so a calendar matches an event across exports;
 *    SEQUENCE and LAST-MODIFIED come from the calendar's version (ride_calendar_versions: they change exactly when the
 *    events' content does).
 * Lines end in CRLF and are folded at 75 octets without splitting a character.
 */

export interface CalendarVersion {
  sequence: number;
  modifiedAt: Date;
}

const TEXT_ESCAPES: Record<string, string> = { '\\': '\\\\', ';': '\\;', ',': '\\,' };

/** TEXT value escaping (RFC 5545 3.3.11): backslash, semicolon, comma and newlines, in one pass. */
export function icsText(value: string): string {
  return value.replace(/[\\;,]|\r?\n/g, (c) => TEXT_ESCAPES[c] ?? '\\n');
}

/**
 * Folds a content line at 75 octets (RFC 5545 3.1): continuation lines begin with a space; UTF-8 never split. The
 * line is cut in its UTF-8 bytes (native, not a loop over its characters: a 60-day calendar has ~900 long
 * descriptions), each cut moved back off continuation bytes (10xxxxxx) so a character, surrogate pairs' included,
 * stays whole.
 */
export function foldLine(line: string): string {
  // A UTF-16 unit is at most 3 octets: a line of 25 units or fewer always fits (most lines; no counting).
  if (line.length <= 25 || Buffer.byteLength(line, 'utf8') <= 75) return line;
  const bytes = Buffer.from(line, 'utf8');
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    // The first line holds 75 octets; each continuation 74 after its leading space.
    let end = Math.min(start + (parts.length === 0 ? 75 : 74), bytes.length);
    if (end < bytes.length) while (((bytes[end] as number) & 0xc0) === 0x80) end--;
    parts.push(bytes.toString('utf8', start, end));
    start = end;
  }
  return parts.join('\r\n ');
}

const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const dateValue = (iso: string) => iso.replace(/-/g, '');

/** The most frequent zone of the trip's places (the calendar's own zone, and the fallback of a place without one). */
function tripZone(trip: ExportTrip): string {
  const counts = new Map<string, number>();
  const add = (lat: number | null, lng: number | null) => {
    const z = lat !== null && lng !== null ? zoneAt(lat, lng) : null;
    if (z && isKnownZone(z)) counts.set(z, (counts.get(z) ?? 0) + 1);
  };
  for (const d of trip.days) for (const a of d.activities) add(a.lat, a.lng);
  for (const s of trip.stays) add(s.lat, s.lng);
  let best = 'UTC';
  let most = 0;
  for (const [z, n] of counts) if (n > most) [best, most] = [z, n];
  return best;
}

/**
 * The zone an event is written in: its place's, folded into the trip's main zone whenever both have the same offset at
 * that moment (the same instant either way). tz-lookup's borders are coarse: a stop at Rosh HaNikra or Ein Gedi comes
 * back as Asia/Beirut or Asia/Hebron, whose rules differ from Jerusalem's on a few days a year; folding keeps one
 * familiar zone for a one-country trip, and a stop in a truly different offset keeps its own.
 */
function zoneOf(
  a: { lat: number | null; lng: number | null },
  main: string,
  isoDate: string,
  time: string,
): string {
  const own = a.lat !== null && a.lng !== null ? zoneAt(a.lat, a.lng) : null;
  if (!own || own === main || !isKnownZone(own)) return main;
  const wall = Date.parse(`${isoDate}T${time}Z`);
  const instant = wall - offsetMinutes(own, wall) * 60_000;
  return offsetMinutes(own, instant) === offsetMinutes(main, instant) ? main : own;
}

interface Event {
  uid: string;
  zone: string | null;
  /** The event's lines but UID, DTSTAMP, SEQUENCE and LAST-MODIFIED: what the content hash covers. */
  lines: string[];
  /**
   * The lines the content hash reads instead, when they differ: a stay's confirmation number is in the calendar of
   * those who may read it (mayReadBookings) and not in a visitor's, so it is left out of the hash; otherwise the two
   * readers' calendars would raise the trip's one sequence in turn on every poll.
   */
  hashLines?: string[];
}

function activityEvent(
  trip: ExportTrip,
  day: ExportDay,
  a: ExportActivity,
  host: string,
  dayZone: string,
): Event | null {
  if (!a.time || !day.date) return null;
  const zone = zoneOf(a, dayZone, day.date, a.time);
  const start = `${dateValue(day.date)}T${a.time.replace(/:/g, '')}`;
  const description = [a.text, a.link ?? ''].filter(Boolean).join('\n\n');
  const lines = [
    `DTSTART;TZID=${zone}:${start}`,
    'DURATION:PT1H',
    `SUMMARY:${icsText(a.name)}`,
    `LOCATION:${icsText(a.address ?? a.name)}`,
    ...(a.lat !== null && a.lng !== null ? [`GEO:${a.lat};${a.lng}`] : []),
    ...(description ? [`DESCRIPTION:${icsText(description)}`] : []),
    `CATEGORIES:${icsText(trip.title)}`,
  ];
  return { uid: `ride-${trip.id}-attraction-${a.id}@${host}`, zone, lines };
}

export interface IcsInput {
  trip: ExportTrip;
  host: string;
  now: Date;
  /** The calendar's version for the content hash (the repository's calendarVersion). */
  version: (contentHash: string) => Promise<CalendarVersion>;
}

export async function tripIcs({ trip, host, now, version }: IcsInput): Promise<string> {
  const calendarZone = tripZone(trip);
  const events: Event[] = [];
  for (const day of trip.days) {
    // A place without coordinates is where the day's other places are.
    const located = day.stops.find((s) => s.lat !== null) ?? day.activities.find((a) => a.lat !== null);
    const dayZone = located && day.date ? zoneOf(located, calendarZone, day.date, '12:00:00') : calendarZone;
    for (const a of day.activities) {
      const e = activityEvent(trip, day, a, host, dayZone);
      if (e) events.push(e);
    }
  }
  const t = textsOf(tripTextLanguage(trip.language), 'tripFiles');
  for (const s of trip.stays) {
    if (!s.checkIn || !s.checkOut) continue;
    const lines = (description: string) => [
      `DTSTART;VALUE=DATE:${dateValue(s.checkIn as string)}`,
      `DTEND;VALUE=DATE:${dateValue(s.checkOut as string)}`,
      `SUMMARY:${icsText(t('stay', { name: s.name }))}`,
      `LOCATION:${icsText(s.address ?? s.name)}`,
      ...(s.lat !== null && s.lng !== null ? [`GEO:${s.lat};${s.lng}`] : []),
      ...(description ? [`DESCRIPTION:${icsText(description)}`] : []),
      'TRANSP:TRANSPARENT',
    ];
    // The booking's confirmation number first: it is what the traveller looks for at the desk.
    const booking = s.confirmation ? t('confirmation', { number: s.confirmation }) : '';
    events.push({
      uid: `ride-${trip.id}-stay-${s.id}@${host}`,
      zone: null,
      lines: lines([booking, s.text].filter(Boolean).join('\n\n')),
      ...(booking ? { hashLines: lines(s.text) } : {}),
    });
  }

  const hash = createHash('sha256')
    .update(JSON.stringify([trip.title, events.map((e) => [e.uid, e.hashLines ?? e.lines])]))
    .digest('hex');
  const v = events.length > 0 ? await version(hash) : { sequence: 0, modifiedAt: now };

  // Each zone an event names, with the rules of the trip's years (one either side).
  const years = trip.days.flatMap((d) => (d.date ? [Number(d.date.slice(0, 4))] : []));
  const zones = [...new Set(events.flatMap((e) => (e.zone ? [e.zone] : [])))].sort();
  const out = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Rides//Trip calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(trip.title)}`,
    `X-WR-TIMEZONE:${calendarZone}`,
    // A subscribed calendar asks again every few hours (the trip may change until the day it starts).
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    'X-PUBLISHED-TTL:PT6H',
  ];
  if (years.length > 0)
    for (const z of zones) out.push(...vtimezone(z, Math.min(...years) - 1, Math.max(...years) + 1));
  const stamps = [
    `DTSTAMP:${utcStamp(now)}`,
    `SEQUENCE:${v.sequence}`,
    `LAST-MODIFIED:${utcStamp(v.modifiedAt)}`,
  ];
  for (const e of events) out.push('BEGIN:VEVENT', `UID:${e.uid}`, ...stamps, ...e.lines, 'END:VEVENT');
  out.push('END:VCALENDAR');
  return out.map(foldLine).join('\r\n') + '\r\n';
}
