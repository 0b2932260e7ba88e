import type { TFunction } from 'i18next';
import {
  stayOfDay,
  usableCoordinates,
  type LegMode,
  type SuggestOrderResponse,
  type TripDay,
} from '@rides/contract';
import type { MapPoint } from '../../../components/map/types';
import { amPmToClock } from '../data/wire';
import { formatDuration } from '../legs/format';

/**
 * What the "suggest an order" dialog shows of a day in one order (issue 36 point 4, decision 0074): its stops as a list
 * and as the trip map's points. Pure: the unit test gives it days as the trip's read answers them.
 */

/** An activity of the day as the dialog lists it. */
export interface OrderedStop {
  id: number;
  title: string;
  /** "10:30" when the activity has a time of day (it keeps its place in every order); else null. */
  time: string | null;
  /** No usable place on the map: it keeps its place, and is not on the map. */
  unplaced: boolean;
  /** In the suggested order: its place differs from the current order's. */
  moved: boolean;
}

/** The day's activity ids in the order the page shows them. */
export const dayIds = (day: TripDay | undefined): number[] => day?.daily_attractions.map((a) => a.id) ?? [];

/** The day's activities in `order` (ids of the day; an unknown id is left out), each marked moved against `current`. */
export function orderedStops(
  day: TripDay,
  order: readonly number[],
  current: readonly number[] = order,
): OrderedStop[] {
  const byId = new Map(day.daily_attractions.map((a) => [a.id, a]));
  const stops: OrderedStop[] = [];
  order.forEach((id, i) => {
    const a = byId.get(id);
    if (!a) return;
    stops.push({
      id,
      title: a.title,
      time: amPmToClock(a.dateTime),
      unplaced: usableCoordinates(a.lat, a.lng) === null,
      moved: current[i] !== id,
    });
  });
  return stops;
}

/** Where the day starts and ends: the previous night's stay and that night's (names only; null when none). */
export function dayEnds(
  days: readonly TripDay[],
  dayIndex: number,
): { start: string | null; end: string | null } {
  return {
    start: stayOfDay(days[dayIndex - 1])?.name ?? null,
    end: stayOfDay(days[dayIndex])?.name ?? null,
  };
}

/**
 * The day in `order` as the trip map's points: the activities numbered in that order (the map joins them with its
 * route in this order), the stays of the morning and the night as lettered pins (A, then B when it is another).
 * `key` keeps the two maps' ids apart.
 */
export function orderPoints(
  days: readonly TripDay[],
  dayIndex: number,
  order: readonly number[],
  key: string,
): MapPoint[] {
  const day = days[dayIndex];
  if (!day) return [];
  const points: MapPoint[] = [];
  const byId = new Map(day.daily_attractions.map((a) => [a.id, a]));
  order.forEach((id, i) => {
    const a = byId.get(id);
    const at = a && usableCoordinates(a.lat, a.lng);
    if (a && at)
      points.push({
        id: `${key}-a-${id}`,
        ...at,
        label: a.title,
        kind: 'attraction',
        day: dayIndex,
        order: i + 1,
      });
  });
  const stays = [stayOfDay(days[dayIndex - 1]), stayOfDay(day)];
  const seen = new Set<number>();
  for (const stay of stays) {
    if (!stay || seen.has(stay.id)) continue;
    seen.add(stay.id);
    const at = usableCoordinates(stay.latitude, stay.longtitude);
    if (at)
      points.push({
        id: `${key}-h-${stay.id}`,
        ...at,
        label: stay.name,
        kind: 'accommodation',
        day: dayIndex,
        order: seen.size,
      });
  }
  return points;
}

/**
 * The dialog's summary: "Saves 42 min of walking" and "1 h 30 min between the stops now, 48 min in the suggested order";
 * when nothing is better, "This order is already the best" and the day's travel. `better` says which.
 */
export function orderSummary(
  answer: Pick<SuggestOrderResponse, 'savedS' | 'beforeS' | 'afterS'>,
  mode: LegMode,
  t: TFunction,
  lang: string,
): { better: boolean; headline: string; detail: string } {
  const duration = (s: number) => formatDuration(s, t, lang);
  if (answer.savedS <= 0)
    return {
      better: false,
      headline: t('legs.order.best'),
      detail: t('legs.order.travel', { duration: duration(answer.beforeS) }),
    };
  return {
    better: true,
    headline: t(`legs.order.saves.${mode}`, { duration: duration(answer.savedS) }),
    detail: t('legs.order.compare', { before: duration(answer.beforeS), after: duration(answer.afterS) }),
  };
}
