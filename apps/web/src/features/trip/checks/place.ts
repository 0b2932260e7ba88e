import type { TripCheckWarning } from '@rides/contract';

/**
 * Where each warning of the trip goes on the page (issue 36 point 3): one about an activity on that activity's card in
 * its day (an activity may be on several days: only the day the warning names), the others in their day (under its
 * header); each day also counts all of its own. Pure, so its unit test runs without a page.
 */
export interface PlacedWarnings {
  /** `${dayId}:${activityId}` -> the card's warnings, in the server's order. */
  onCards: Map<string, TripCheckWarning[]>;
  /** dayId -> the day's warnings that are about no single activity. */
  onDays: Map<number, TripCheckWarning[]>;
  /** dayId -> how many warnings the day has, its cards' included. */
  countByDay: Map<number, number>;
}

export const cardKey = (dayId: number, activityId: number) => `${dayId}:${activityId}`;

function push<K>(map: Map<K, TripCheckWarning[]>, key: K, warning: TripCheckWarning) {
  const list = map.get(key);
  if (list) list.push(warning);
  else map.set(key, [warning]);
}

export function placeWarnings(warnings: readonly TripCheckWarning[]): PlacedWarnings {
  const placed: PlacedWarnings = { onCards: new Map(), onDays: new Map(), countByDay: new Map() };
  for (const w of warnings) {
    if (w.activityId === undefined) push(placed.onDays, w.dayId, w);
    else push(placed.onCards, cardKey(w.dayId, w.activityId), w);
    placed.countByDay.set(w.dayId, (placed.countByDay.get(w.dayId) ?? 0) + 1);
  }
  return placed;
}
