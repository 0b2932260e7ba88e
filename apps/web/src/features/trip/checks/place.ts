import type { TripCheckWarning } from '@rides/contract';

/**
 * Where each warning of the trip goes on the page (issue 36 point 3): one about an activity on that activity's card in
 * its day (an activity may be on several days: only the day the warning names), the others in their day (under its
 * header); each day also counts all of its own. A holiday that closes several stops of one day (Shabbat on a day of
 * five stops) is said once, in full, on the day, naming its stops, and each of their cards says it briefly: five copies
 * of the same paragraph would bury the day. Pure, so its unit test runs without a page.
 */
export interface CardWarning {
  warning: TripCheckWarning;
  /** Said in full on the day: the card says it in a few words. */
  brief: boolean;
}

export interface DayWarning {
  warning: TripCheckWarning;
  /** The stops of the day it is about (a holiday closing several), in the day's order; empty for a day's own. */
  activityIds: number[];
}

export interface PlacedWarnings {
  /** `${dayId}:${activityId}` -> the card's warnings, in the server's order. */
  onCards: Map<string, CardWarning[]>;
  /** dayId -> what is said on the day itself: the day's own warnings and the holidays closing several of its stops. */
  onDays: Map<number, DayWarning[]>;
  /** dayId -> how many warnings the day has, its cards' included. */
  countByDay: Map<number, number>;
}

export const cardKey = (dayId: number, activityId: number) => `${dayId}:${activityId}`;

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** One closure of one day: the same occasion from the same eve (the eve's time may differ by a minute by place). */
const holidayKey = (w: TripCheckWarning) =>
  w.code === 'closed_on_holiday' ? `${w.dayId}:${w.details.occasion}:${w.details.fromDate}` : null;

export function placeWarnings(warnings: readonly TripCheckWarning[]): PlacedWarnings {
  const placed: PlacedWarnings = { onCards: new Map(), onDays: new Map(), countByDay: new Map() };
  const holidays = new Map<string, TripCheckWarning[]>();
  for (const w of warnings) {
    const key = holidayKey(w);
    if (key && w.activityId !== undefined) push(holidays, key, w);
  }
  const grouped = new Set<string>();
  for (const w of warnings) {
    placed.countByDay.set(w.dayId, (placed.countByDay.get(w.dayId) ?? 0) + 1);
    if (w.activityId === undefined) {
      push(placed.onDays, w.dayId, { warning: w, activityIds: [] });
      continue;
    }
    const key = holidayKey(w);
    const group = key ? holidays.get(key) : undefined;
    const brief = group !== undefined && group.length > 1;
    if (brief && key && !grouped.has(key)) {
      grouped.add(key);
      push(placed.onDays, w.dayId, {
        warning: w,
        activityIds: group.flatMap((g) => (g.activityId === undefined ? [] : [g.activityId])),
      });
    }
    push(placed.onCards, cardKey(w.dayId, w.activityId), { warning: w, brief });
  }
  return placed;
}
