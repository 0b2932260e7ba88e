import type { RideDay } from '@rides/contract';
import type { MapPoint } from '../../../components/map/types';
import { coordinates } from './format';

/** Every place of the trip for the map: the activities of each day in order, and each stay once (first night). */
export function tripPoints(days: readonly RideDay[]): MapPoint[] {
  const points: MapPoint[] = [];
  const seenStays = new Set<number>();
  let stayOrder = 0;
  days.forEach((day, dayIndex) => {
    day.daily_attractions.forEach((a, i) => {
      const p = coordinates(a.lat, a.lng);
      if (p) points.push({ id: `a-${dayIndex}-${i}-${a.id}`, ...p, label: a.title, kind: 'attraction', day: dayIndex, order: i + 1 });
    });
    const stay = day.accommodation ?? day.base_trip_accommodation;
    if (stay && !seenStays.has(stay.id)) {
      seenStays.add(stay.id);
      const p = coordinates(stay.latitude, stay.longtitude);
      if (p) points.push({ id: `h-${stay.id}`, ...p, label: stay.name, kind: 'accommodation', day: dayIndex, order: ++stayOrder });
    }
  });
  return points;
}

/** The index of the first day each stay appears on (its full card is shown there). */
export function firstNights(days: readonly RideDay[]): Set<number> {
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
