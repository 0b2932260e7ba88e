import { createRequire } from 'node:module';
import type * as KosherZmanim from 'kosher-zmanim';
import {
  instantOf,
  isInIsrael,
  localOf,
  realInterval,
  timeZoneAt,
  wallMs,
  wallOf,
  type LocalDateTime,
  type LocalInterval,
  type Place,
} from './time-zone.js';

/**
 * Shabbat and the holidays when Israel closes (issue 36, decision 0070), for places in Israel (time-zone.ts
 * `isInIsrael`: the point is in Israel by country-coder's borders). Elsewhere: none here (public holidays abroad are
 * the opening hours' `PH`, where the hours library knows the country's).
 *
 * The Hebrew calendar and the times are kosher-zmanim's (LGPL-3.0, the JavaScript port of KosherJava): its Israeli
 * calendar (one day of each festival, Yom HaAtzmaut moved as the law moves it) and its sun. A closure runs from candle
 * lighting on the eve (sea-level sunset less the city's custom: 40 minutes in Jerusalem, 30 in Haifa, 18 elsewhere, as
 * Hebcal's and the rabbinate's calendars print them) to nightfall at its end (the sun 8.5° below the horizon: the
 * havdalah time those calendars print); days that follow one another (Rosh Hashana, then Shabbat) are one closure.
 * Yom HaAtzmaut, a national holiday with no candle lighting, runs from sunset on its eve to nightfall.
 *
 * Which days: Shabbat; the days work is forbidden (Rosh Hashana's two days, Yom Kippur, the first day of Sukkot,
 * Shemini Atzeret-Simchat Torah, the first and seventh days of Pesach, Shavuot); and Yom HaAtzmaut (kind `national`:
 * many businesses close, sites and parks mostly open, so a check may say it more softly). Erev chag afternoons, the
 * intermediate days and Tisha B'Av are not closures here.
 */

/** A day that closes Israel, by a code for translations and its names (Hebrew and English). */
export type OccasionCode =
  | 'shabbat'
  | 'rosh_hashana'
  | 'yom_kippur'
  | 'sukkot'
  | 'shemini_atzeret'
  | 'pesach'
  | 'pesach_seventh_day'
  | 'shavuot'
  | 'yom_haatzmaut';

export interface Occasion {
  code: OccasionCode;
  /** shabbat; holiday: a festival when work is forbidden; national: a state holiday (Yom HaAtzmaut). */
  kind: 'shabbat' | 'holiday' | 'national';
  /** The civil date of the day itself (its eve is the evening before). */
  date: string;
  he: string;
  en: string;
}

/** A time when places in Israel close: from its first day's eve to its last day's nightfall. */
export interface Closure {
  /** The days it covers, the festival before Shabbat when both fall on one day (Yom Kippur on a Saturday). */
  occasions: Occasion[];
  /** Instants (ms). */
  start: number;
  end: number;
  /** The same at the place's wall clock. */
  from: LocalDateTime;
  to: LocalDateTime;
}

const NAMES: Record<OccasionCode, { kind: Occasion['kind']; he: string; en: string }> = {
  shabbat: { kind: 'shabbat', he: 'שבת', en: 'Shabbat' },
  rosh_hashana: { kind: 'holiday', he: 'ראש השנה', en: 'Rosh Hashana' },
  yom_kippur: { kind: 'holiday', he: 'יום כיפור', en: 'Yom Kippur' },
  sukkot: { kind: 'holiday', he: 'סוכות', en: 'Sukkot' },
  shemini_atzeret: { kind: 'holiday', he: 'שמיני עצרת ושמחת תורה', en: 'Shemini Atzeret and Simchat Torah' },
  pesach: { kind: 'holiday', he: 'פסח', en: 'Passover (Pesach)' },
  pesach_seventh_day: { kind: 'holiday', he: 'שביעי של פסח', en: 'The seventh day of Passover' },
  shavuot: { kind: 'holiday', he: 'שבועות', en: 'Shavuot' },
  yom_haatzmaut: { kind: 'national', he: 'יום העצמאות', en: 'Independence Day (Yom HaAtzmaut)' },
};

const load = createRequire(import.meta.url);
type Library = typeof KosherZmanim;
let library: Library | undefined;
/** Loaded on first use (~180 ms with luxon), not with the server. */
const kosherZmanim = (): Library => (library ??= load('kosher-zmanim') as Library);

const DAY = 86_400_000;
const addDays = (date: string, days: number) => wallOf(wallMs(date) + days * DAY).date;

const occasionsByDate = new Map<string, Occasion[]>();

/** The occasions of a civil date in Israel (location-free: the Israeli calendar), festival first. */
export function occasionsOn(date: string): Occasion[] {
  const kept = occasionsByDate.get(date);
  if (kept) return kept;
  const { JewishCalendar } = kosherZmanim();
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const calendar = new JewishCalendar();
  calendar.setInIsrael(true);
  calendar.setUseModernHolidays(true);
  calendar.setGregorianDate(y, m - 1, d);
  const codes: OccasionCode[] = [];
  const index = calendar.getYomTovIndex();
  if (calendar.isYomTovAssurBemelacha()) {
    const festival: Partial<Record<number, OccasionCode>> = {
      [JewishCalendar.ROSH_HASHANA]: 'rosh_hashana',
      [JewishCalendar.YOM_KIPPUR]: 'yom_kippur',
      [JewishCalendar.SUCCOS]: 'sukkot',
      [JewishCalendar.SHEMINI_ATZERES]: 'shemini_atzeret',
      [JewishCalendar.SIMCHAS_TORAH]: 'shemini_atzeret',
      [JewishCalendar.PESACH]: calendar.getJewishDayOfMonth() === 21 ? 'pesach_seventh_day' : 'pesach',
      [JewishCalendar.SHAVUOS]: 'shavuot',
    };
    const code = festival[index];
    if (code) codes.push(code);
  }
  if (index === JewishCalendar.YOM_HAATZMAUT) codes.push('yom_haatzmaut');
  // getDayOfWeek: 1 Sunday ... 7 Saturday.
  if (calendar.getDayOfWeek() === 7) codes.push('shabbat');
  const occasions = codes.map((code) => ({ code, date, ...NAMES[code] }));
  if (occasionsByDate.size >= 5_000) occasionsByDate.clear();
  occasionsByDate.set(date, occasions);
  return occasions;
}

/** Minutes before sunset that Shabbat and festivals begin, by the city's custom. */
export function candleLightingMinutes(place: Place): number {
  const near = (lat: number, lng: number, km: number) => {
    const dy = (place.lat - lat) * 111.2;
    const dx = (place.lng - lng) * 111.2 * Math.cos((lat * Math.PI) / 180);
    return Math.hypot(dx, dy) <= km;
  };
  if (near(31.778, 35.2207, 12)) return 40; // Jerusalem
  if (near(32.794, 34.9896, 8)) return 30; // Haifa
  return 18;
}

interface SunTimes {
  /** Sea-level sunset and candle lighting, and nightfall (8.5°), in ms; null where the sun does not set. */
  sunset: number | null;
  candleLighting: number | null;
  nightfall: number | null;
}

const sunTimes = new Map<string, SunTimes>();

/**
 * The times of one civil date at the place, in its zone. Computed for the place's cell of 0.1° (~10 km: a town's
 * times, as calendars print them per city; within ~15 s of the exact point's) and kept, so a trip's stops around one
 * town share them.
 */
export function sunTimesOn(place: Place, zone: string, date: string): SunTimes {
  const lat = Math.round(place.lat * 10) / 10;
  const lng = Math.round(place.lng * 10) / 10;
  const minutes = candleLightingMinutes(place);
  const key = `${lat},${lng},${minutes},${zone},${date}`;
  const kept = sunTimes.get(key);
  if (kept) return kept;
  const { ComplexZmanimCalendar, DateTime, GeoLocation } = kosherZmanim();
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // Sea level, as the printed calendars (Hebcal's default): a hill's earlier sunset is not the city's time.
  const calendar = new ComplexZmanimCalendar(new GeoLocation(null, lat, lng, 0, zone));
  calendar.setDate(DateTime.fromObject({ year, month, day, zone }));
  calendar.setCandleLightingOffset(minutes);
  const ms = (t: { toMillis(): number } | null) => (t ? t.toMillis() : null);
  const times = {
    sunset: ms(calendar.getSeaLevelSunset()),
    candleLighting: ms(calendar.getCandleLighting()),
    nightfall: ms(calendar.getTzais()),
  };
  if (sunTimes.size >= 20_000) sunTimes.clear();
  sunTimes.set(key, times);
  return times;
}

/** The closures touching the civil dates from..to (YYYY-MM-DD, inclusive) at the place; none outside Israel. */
export function closuresBetween(place: Place, from: string, to: string): Closure[] {
  if (!isInIsrael(place)) return [];
  const zone = timeZoneAt(place);
  if (!zone) return [];
  // A closure touching the range may begin days before it or end after it (Rosh Hashana and Shabbat: three days).
  const first = addDays(from, -3);
  const last = addDays(to, 3);
  const groups: Occasion[][] = [];
  let group: Occasion[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const occasions = occasionsOn(date);
    if (occasions.length > 0) group.push(...occasions);
    else if (group.length > 0) {
      groups.push(group);
      group = [];
    }
  }
  if (group.length > 0) groups.push(group);
  const rangeStart = instantOf(zone, { date: from, time: '00:00' });
  const rangeEnd = instantOf(zone, { date: addDays(to, 1), time: '00:00' });
  const closures: Closure[] = [];
  for (const occasions of groups) {
    const firstDay = (occasions[0] as Occasion).date;
    const lastDay = (occasions[occasions.length - 1] as Occasion).date;
    const eve = sunTimesOn(place, zone, addDays(firstDay, -1));
    const rest = occasions.some((o) => o.kind !== 'national');
    const start =
      (rest ? eve.candleLighting : eve.sunset) ?? instantOf(zone, { date: firstDay, time: '00:00' });
    const end =
      sunTimesOn(place, zone, lastDay).nightfall ??
      instantOf(zone, { date: addDays(lastDay, 1), time: '00:00' });
    if (start < rangeEnd && end > rangeStart)
      closures.push({ occasions, start, end, from: localOf(zone, start), to: localOf(zone, end) });
  }
  return closures;
}

/**
 * The closure a planned interval at the place falls in, wholly or partly (the first one), or null: none, or the place
 * is not in Israel. A visit of no minutes falls in a closure when its start does.
 */
export function closureDuring(place: Place, interval: LocalInterval): Closure | null {
  const zone = timeZoneAt(place);
  if (!zone || !isInIsrael(place)) return null;
  const { start, end } = realInterval(zone, interval);
  const lastDate = localOf(zone, end).date;
  for (const closure of closuresBetween(place, interval.date, lastDate)) {
    const overlaps =
      end > start
        ? start < closure.end && end > closure.start
        : start >= closure.start && start < closure.end;
    if (overlaps) return closure;
  }
  return null;
}
