import { createRequire } from 'node:module';
import type OpeningHoursLibrary from 'opening_hours';
import type { nominatim_object } from 'opening_hours';
import {
  countryAt,
  localOf,
  offsetChanges,
  realInterval,
  timeZoneAt,
  wallMs,
  wallOf,
  type LocalDateTime,
  type LocalInterval,
  type Place,
} from './time-zone.js';
import { offsetMinutes } from '../trip-export/time-zone.js';

/**
 * Opening hours in OpenStreetMap's `opening_hours` syntax, read by the `opening_hours` library (opening_hours.js,
 * LGPL-3.0-only: the reference evaluator of the syntax, the one OpenStreetMap's validators use) and evaluated in the
 * place's own time zone on the trip's real dates (issue 36, decision 0070). Pure: no database, no network.
 *
 * How the library is made to speak the place's zone: it reads a Date's local fields (the server process's zone), so it
 * is handed dates whose local fields are the place's wall clock, and its answers are read back the same way. A planned
 * interval is first made real (its start's instant, plus its minutes), then cut where the place's clock changes, each
 * piece evaluated on the wall times it really covers: the spring change's missing hour is never asked about, the
 * autumn's repeated hour is asked about twice. Sunrise and sunset (`sunrise-sunset`) are the library's own
 * computation, given a longitude moved by the difference between the place's offset and the process's, which moves the
 * sun's times by exactly that difference (15° an hour) so that they read as the place's wall clock. Exact when the
 * process's own zone has no clock change in the hours asked about (the server and CI run in UTC).
 *
 * Public and school holidays (`PH`, `SH`): the library knows them for some countries only (not Israel; school holidays
 * by region). Where it does not, the text's holiday selectors are set aside and the rest evaluated: Israel's holidays
 * are the holidays module's (holidays.ts), never guessed here.
 */

type Library = typeof OpeningHoursLibrary;
type Hours = InstanceType<Library>;

const load = createRequire(import.meta.url);
let library: Library | undefined;
/** Loaded on first use (~70 ms), not with the server. */
function openingHoursLibrary(): Library {
  if (!library) {
    const mod = load('opening_hours') as Library & { default?: Library };
    library = mod.default ?? mod;
  }
  return library;
}

/** The library writes its parse errors to the console before throwing them: they are ours to answer, not to log. */
function quietly<T>(run: () => T): T {
  const { error, warn } = console;
  console.error = () => undefined;
  console.warn = () => undefined;
  try {
    return run();
  } finally {
    console.error = error;
    console.warn = warn;
  }
}

/** The warning code of a text the library cannot read (contract OPENING_HOURS_UNREADABLE). */
export type OpeningHoursProblem = 'opening_hours_unreadable';

/** Berlin: a place whose public and school holidays the library knows, to tell syntax from a country it lacks. */
const SYNTAX_REFERENCE: nominatim_object = {
  lat: 52.52,
  lon: 13.405,
  address: { country_code: 'de', state: 'Berlin' },
};

/** The library's place: the lat/lon it reads as text (its typing says numbers); the country in lower case. */
function nominatim(lat: number, lon: number, country: string | null): nominatim_object {
  return {
    lat: String(lat),
    lon: String(lon),
    address: { country_code: (country ?? 'xx').toLowerCase(), state: '' },
  } as unknown as nominatim_object;
}

function compile(text: string, where: nominatim_object): Hours | null {
  const OpeningHours = openingHoursLibrary();
  try {
    // 0: the time-ranges mode of the `opening_hours` key (not points in time, as collection_times).
    return quietly(() => new OpeningHours(text, where, 0));
  } catch {
    return null;
  }
}

/**
 * The text without its public- and school-holiday selectors (outside quoted comments): `Mo-Fr,PH 09:00-17:00` keeps
 * `Mo-Fr 09:00-17:00`, a rule only about holidays (`PH off`, `SH Mo-Fr 10:00-12:00`) goes with its separator. Null when
 * nothing is left.
 */
export function withoutHolidaySelectors(text: string): string | null {
  // Rules and their separators (`;`, `||`), quoted comments left whole.
  const parts: { rule: string; separator: string }[] = [];
  let rule = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"') quoted = !quoted;
    if (!quoted && (c === ';' || (c === '|' && text[i + 1] === '|'))) {
      const separator = c === ';' ? '; ' : ' || ';
      if (c === '|') i++;
      parts.push({ rule, separator });
      rule = '';
      continue;
    }
    rule += c;
  }
  parts.push({ rule, separator: '' });
  const HOLIDAY = String.raw`(?:PH|SH)(?:\s*[+-]\s*\d+\s*days?)?`;
  const kept = parts
    .map(({ rule: r, separator }) => {
      // Outside quotes only: split at quotes, change the even (unquoted) pieces.
      const pieces = r.split('"');
      let holidayOnly = false;
      for (let i = 0; i < pieces.length; i += 2) {
        let piece = pieces[i] as string;
        piece = piece
          .replace(new RegExp(String.raw`\b${HOLIDAY}\s*,\s*`, 'g'), '')
          .replace(new RegExp(String.raw`\s*,\s*${HOLIDAY}\b`, 'g'), '');
        if (new RegExp(String.raw`\b${HOLIDAY}\b`).test(piece)) holidayOnly = true;
        pieces[i] = piece;
      }
      return { rule: pieces.join('"').trim(), separator, drop: holidayOnly };
    })
    .filter((p) => !p.drop && p.rule !== '');
  if (kept.length === 0) return null;
  return kept.map((p, i) => (i < kept.length - 1 ? p.rule + p.separator : p.rule)).join('');
}

const compiled = new Map<string, Hours | null>();
/** Texts × places kept parsed (~0.7 ms a parse): far above a trip's stops, a bound on memory. */
const MAX_COMPILED = 2_000;

/**
 * The library's reading of a text at a place, for wall-clock dates: `lonShift` degrees move its sun times (above).
 * The place's country first (its holidays), else the text without holiday selectors; null when neither reads.
 */
function hoursAt(text: string, place: Place, lonShift: number): Hours | null {
  const country = countryAt(place);
  // The sun's times of the place's 0.1° cell (~10 km; within ~20 s of the point's): one reading serves a town's stops.
  const lon = Math.round((place.lng + lonShift) * 10) / 10;
  const lat = Math.round(place.lat * 10) / 10;
  const key = `${country ?? ''}|${lat}|${lon}|${text}`;
  if (compiled.has(key)) return compiled.get(key) ?? null;
  const where = nominatim(lat, lon, country);
  let hours = compile(text, where);
  if (!hours) {
    const rest = withoutHolidaySelectors(text);
    hours = rest !== null && rest !== text ? compile(rest, where) : null;
  }
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  compiled.set(key, hours);
  return hours;
}

/**
 * Whether the library can read a text (the attraction editor's warning): read at the place (its country's holidays),
 * or, for a country whose holidays it lacks, as syntax (at a place whose holidays it knows). Null: readable, or no text.
 */
export function openingHoursProblem(text: string | null, place: Place): OpeningHoursProblem | null {
  if (text === null || text.trim() === '') return null;
  if (compile(text, nominatim(place.lat, place.lng, countryAt(place)))) return null;
  if (compile(text, SYNTAX_REFERENCE)) return null;
  return 'opening_hours_unreadable';
}

/** What the hours say of a planned interval at the place. */
export type HoursVerdict =
  /** Open from the start to the end. */
  | { result: 'open' }
  /** Closed when the visit starts; `opensAt`: its next opening within a week (null: none known). */
  | { result: 'closed_at_start'; opensAt: LocalDateTime | null }
  /** Open at the start, closed before the end: `closesAt`, the place's wall clock. */
  | { result: 'closes_before_end'; closesAt: LocalDateTime }
  /**
   * Not known: `no_hours` (none kept), `unreadable` (the library cannot read them), `unknown_hours` (the hours say
   * "unknown", an open end, or a comment such as "by appointment", for some of the interval), `no_time_zone` (no zone
   * known at the coordinates).
   */
  | { result: 'unknown'; reason: 'no_hours' | 'unreadable' | 'unknown_hours' | 'no_time_zone' };

const MINUTE = 60_000;
const WEEK = 7 * 86_400_000;

/** A Date whose local fields (the process's zone) are a wall-clock value of wallMs. */
function asLocal(wall: number): Date {
  const d = new Date(wall);
  return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes());
}

/** A Date of asLocal back to the wall clock it stands for. */
const fromLocal = (d: Date): LocalDateTime =>
  wallOf(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()));

/** Degrees of longitude that move the sun's times by the place's offset less the process's at that wall time. */
const lonShiftFor = (placeOffset: number, at: Date) => -(placeOffset + at.getTimezoneOffset()) / 4;

type Span = [Date, Date, boolean, string | undefined];

/**
 * What `hours` (OpenStreetMap syntax) say of a planned interval at `place`: the start on its real date at the place's
 * wall clock, and its minutes of real time (issue 36). Never throws on the text: unreadable hours are `unknown`.
 */
export function hoursDuring(hours: string | null, place: Place, interval: LocalInterval): HoursVerdict {
  if (hours === null || hours.trim() === '') return { result: 'unknown', reason: 'no_hours' };
  const zone = timeZoneAt(place);
  if (!zone) return { result: 'unknown', reason: 'no_time_zone' };
  const { start, end } = realInterval(zone, interval);
  // The pieces of the real interval between the place's clock changes: each one run of wall-clock time at one offset.
  const cuts = [start, ...offsetChanges(zone, start, end), end];
  for (let i = 0; i < cuts.length - 1; i++) {
    const from = cuts[i] as number;
    const to = cuts[i + 1] as number;
    const offset = offsetMinutes(zone, from);
    const wallFrom = asLocal(from + offset * MINUTE);
    const wallTo = asLocal(to + offset * MINUTE);
    const oh = hoursAt(hours, place, lonShiftFor(offset, wallFrom));
    if (!oh) return { result: 'unknown', reason: 'unreadable' };
    let open: boolean;
    let unknown: boolean;
    let spans: Span[];
    try {
      [open, unknown] = quietly(() => [oh.getState(wallFrom), oh.getUnknown(wallFrom)]);
      spans = to > from ? quietly(() => oh.getOpenIntervals(wallFrom, wallTo)) : [];
    } catch {
      return { result: 'unknown', reason: 'unreadable' };
    }
    if (unknown) return { result: 'unknown', reason: 'unknown_hours' };
    if (!open) {
      // Open before the clock changed, closed after it: it closed meanwhile (at the latest when the clocks moved).
      if (i > 0) return { result: 'closes_before_end', closesAt: localOf(zone, from) };
      return { result: 'closed_at_start', opensAt: nextOpening(oh, wallFrom) };
    }
    // Open at the piece's start: it stays open while its open spans follow one another without a gap.
    let reached = wallFrom.getTime();
    for (const [spanFrom, spanTo, spanUnknown] of spans) {
      if (spanFrom.getTime() > reached) break;
      if (spanUnknown) return { result: 'unknown', reason: 'unknown_hours' };
      reached = Math.max(reached, spanTo.getTime());
    }
    if (reached < wallTo.getTime())
      return { result: 'closes_before_end', closesAt: fromLocal(new Date(reached)) };
  }
  return { result: 'open' };
}

/** When a closed place next opens, within a week; null when it does not (or only to an unknown state). */
function nextOpening(oh: Hours, at: Date): LocalDateTime | null {
  try {
    const next = quietly(() => oh.getNextChange(at, new Date(at.getTime() + WEEK)));
    return next && quietly(() => oh.getState(next)) ? fromLocal(next) : null;
  } catch {
    return null;
  }
}

/** What `hours` say of a whole day at the place (a stop planned without a time). */
export type DayHours =
  /** Open at some time that day: the spans, wall clock (an end of 24:00 is written 00:00 of the next day). */
  | { result: 'open'; spans: { from: LocalDateTime; to: LocalDateTime }[] }
  | { result: 'closed_all_day' }
  | { result: 'unknown'; reason: 'no_hours' | 'unreadable' | 'unknown_hours' | 'no_time_zone' };

/** The hours of one day (YYYY-MM-DD) at the place: when it is open, or that it is closed all day. */
export function hoursOnDay(hours: string | null, place: Place, date: string): DayHours {
  if (hours === null || hours.trim() === '') return { result: 'unknown', reason: 'no_hours' };
  const zone = timeZoneAt(place);
  if (!zone) return { result: 'unknown', reason: 'no_time_zone' };
  const midnight = wallMs(date);
  const dayStart = asLocal(midnight);
  const dayEnd = asLocal(midnight + 86_400_000);
  const offset = offsetMinutes(zone, realInterval(zone, { date, time: '12:00', minutes: 0 }).start);
  const oh = hoursAt(hours, place, lonShiftFor(offset, dayStart));
  if (!oh) return { result: 'unknown', reason: 'unreadable' };
  let spans: Span[];
  try {
    spans = quietly(() => oh.getOpenIntervals(dayStart, dayEnd));
  } catch {
    return { result: 'unknown', reason: 'unreadable' };
  }
  if (spans.length === 0) return { result: 'closed_all_day' };
  if (spans.every(([, , unknown]) => unknown)) return { result: 'unknown', reason: 'unknown_hours' };
  return {
    result: 'open',
    spans: spans
      .filter(([, , unknown]) => !unknown)
      .map(([from, to]) => ({ from: fromLocal(from), to: fromLocal(to) })),
  };
}
