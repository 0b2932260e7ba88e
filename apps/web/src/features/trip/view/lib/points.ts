import type { TripDay } from '@rides/contract';
import type { MapPoint } from '../../../../components/map/types';
import { coordinates } from './format';

/**
 * Every place of the trip for the map: the activities of each day in order, and each stay once (its marker on the
 * first night, its further nights in `alsoDays`, so a day's frame holds where the day ends).
 */
export function tripPoints(days: readonly TripDay[]): MapPoint[] {
  const points: MapPoint[] = [];
  const stays = new Map<number, MapPoint & { alsoDays: number[] }>();
  let stayOrder = 0;
  days.forEach((day, dayIndex) => {
    day.daily_attractions.forEach((a, i) => {
      const p = coordinates(a.lat, a.lng);
      if (p) points.push({ id: `a-${dayIndex}-${i}-${a.id}`, ...p, label: a.title, kind: 'attraction', day: dayIndex, order: i + 1 });
    });
    const stay = day.accommodation ?? day.base_trip_accommodation;
    if (!stay) return;
    const seen = stays.get(stay.id);
    if (seen) {
      seen.alsoDays.push(dayIndex);
      return;
    }
    const p = coordinates(stay.latitude, stay.longtitude);
    if (!p) return;
    const point = { id: `h-${stay.id}`, ...p, label: stay.name, kind: 'accommodation' as const, day: dayIndex, order: ++stayOrder, alsoDays: [] };
    stays.set(stay.id, point);
    points.push(point);
  });
  return points;
}

/** The index of the first day each stay appears on (its full card is shown there). */
export function firstNights(days: readonly TripDay[]): Set<number> {
  const seen = new Set<number>();
  const first = new Set<number>();
  days.forEach((day, i) => {
    const stay = day.accommodation ?? day.base_trip_accommodation;
    if (stay && !seen.has(stay.id)) {
      seen.add(stay.id);
      first.add(i);
    }
  });
  return first;
}
