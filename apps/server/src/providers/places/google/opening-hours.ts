import { OPENING_HOURS_MAX } from '@rides/contract';

/**
 * A place's opening hours from Google Places (API "New": `regularOpeningHours.periods`) as one OpenStreetMap
 * `opening_hours` text (issue 36 point 2: an attraction added from Google keeps rules the day's checks can evaluate,
 * not only Google's weekday lines). Google gives periods `{ open: { day, hour, minute }, close?: {...} }`, day 0 being
 * Sunday; a period without a close is open around the clock (Google's only way to say 24/7). A period closing on a later
 * day than it opens is written past midnight (`Fr 22:00-02:00`, the syntax's own way). Days with the same spans are
 * joined into ranges in the syntax's week (Mo first: `Mo-Th 09:00-17:00; Fr 09:00-13:00`), days Google does not list
 * are left out, closed by the syntax's default. Null when there is nothing to say.
 * Pure; the answer is checked by the editor's rules like any typed text (decision 0070), never trusted to be readable.
 */
export interface GooglePoint {
  day?: number;
  hour?: number;
  minute?: number;
}
export interface GooglePeriod {
  open?: GooglePoint;
  close?: GooglePoint;
}

/** The syntax's weekdays, Monday first, indexed by Google's day (0 = Sunday). */
const OSM_DAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;
/** Google's days in the syntax's week order. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
const DAY = 24 * 60;

const two = (n: number) => String(n).padStart(2, '0');
const minutesOf = (p: GooglePoint) => (p.hour ?? 0) * 60 + (p.minute ?? 0);
const clock = (minutes: number) => `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
const validDay = (d: unknown): d is number =>
  typeof d === 'number' && Number.isInteger(d) && d >= 0 && d <= 6;

export function osmHoursFromGoogle(periods: readonly GooglePeriod[] | undefined): string | null {
  if (!periods || periods.length === 0) return null;
  // Open all the time: one period from Sunday 00:00 that never closes.
  if (periods.some((p) => p.open && !p.close)) return '24/7';
  const spans = new Map<number, [number, number][]>();
  const add = (day: number, from: number, to: number) => {
    const list = spans.get(day) ?? [];
    list.push([from, to]);
    spans.set(day, list);
  };
  for (const p of periods) {
    if (!p.open || !p.close || !validDay(p.open.day) || !validDay(p.close.day)) continue;
    const from = minutesOf(p.open);
    // The closing in minutes from the opening day's midnight, the week wrapping (Saturday to Sunday is one day on).
    let to = minutesOf(p.close) + ((p.close.day - p.open.day + 7) % 7) * DAY;
    if (to <= from) to += 7 * DAY;
    if (to - from < DAY) {
      // Within a day's length: on the opening day, past midnight written as the syntax wraps it ("22:00-02:00").
      add(p.open.day, from, to > DAY ? to - DAY : to);
      continue;
    }
    // Longer (open through whole days): each day its part, "00:00-24:00" for the days in between.
    for (let start = from; start < to; start = (Math.floor(start / DAY) + 1) * DAY) {
      const day = (p.open.day + Math.floor(start / DAY)) % 7;
      const end = Math.min(to, (Math.floor(start / DAY) + 1) * DAY);
      add(day, start % DAY, end - Math.floor(start / DAY) * DAY);
    }
  }
  if (spans.size === 0) return null;
  const dayText = (day: number) => {
    const list = (spans.get(day) ?? []).sort((a, b) => a[0] - b[0]);
    return list.length === 0 ? 'off' : list.map(([f, t]) => `${clock(f)}-${clock(t)}`).join(',');
  };
  // Consecutive days (in the syntax's week) with the same text are one rule.
  const rules: { first: number; last: number; text: string }[] = [];
  for (const day of WEEK) {
    const text = dayText(day);
    const previous = rules.at(-1);
    if (previous && previous.text === text) previous.last = day;
    else rules.push({ first: day, last: day, text });
  }
  const text = rules
    // A day without hours is left out (closed by the syntax's default), never written "off": a later "Su off" would
    // also close Saturday night's hours past midnight, since a later rule replaces the earlier ones for its day.
    .filter((rule) => rule.text !== 'off')
    .map(({ first, last, text: hours }) => {
      const days = first === last ? OSM_DAYS[first] : `${OSM_DAYS[first]}-${OSM_DAYS[last]}`;
      return `${days} ${hours}`;
    })
    .join('; ');
  return text.length <= OPENING_HOURS_MAX ? text : null;
}
