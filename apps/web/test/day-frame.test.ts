import type { TripDay } from '@rides/contract';
import { describe, expect, it } from 'vitest';
import { dayBounds, dayPoints, viewFor } from '../src/components/map/geometry';
import { tripPoints } from '../src/features/trip/view/lib/points';

/**
 * The frame of one day (full-screen day map, the side map following the focused day) holds the day's stay, also on
 * the second and later nights of a stay, whose marker is drawn once, on its first night.
 */
const stay = (id: number, lat: number, lng: number, name = `Hotel ${id}`) =>
  ({ id, name, latitude: lat, longtitude: lng }) as NonNullable<TripDay['accommodation']>;

const day = (attractions: [number, number][], lodging: ReturnType<typeof stay> | null, suggested = false): TripDay =>
  ({
    dateTime: null,
    daily_attractions: attractions.map(([lat, lng], i) => ({ id: i + 1, title: `Stop ${i + 1}`, lat, lng })),
    accommodation: suggested ? null : lodging,
    base_trip_accommodation: suggested ? lodging : null,
  }) as unknown as TripDay;

// Trip 1's days 6 and 7 as seeded: Tiberias hotel for two nights; day 7 goes to Nazareth and Beit She'an.
const tiberias = stay(4, 32.7924, 35.5378);
const days: TripDay[] = [
  day([[32.88, 35.57]], tiberias),
  day(
    [
      [32.7021, 35.2978],
      [32.503, 35.5025],
      [32.5033, 35.4833],
    ],
    tiberias,
  ),
  day([[32.07, 34.77]], stay(5, 32.0637, 34.7722), true),
];

describe('tripPoints', () => {
  it('draws each stay once, on its first night, and lists its further nights', () => {
    const stays = tripPoints(days).filter((p) => p.kind === 'accommodation');
    expect(stays).toEqual([
      expect.objectContaining({ id: 'h-4', day: 0, order: 1, alsoDays: [1] }),
      expect.objectContaining({ id: 'h-5', day: 2, order: 2, alsoDays: [] }),
    ]);
  });

  it('a stay without coordinates is not drawn', () => {
    expect(tripPoints([day([], stay(9, Number.NaN, 35))]).filter((p) => p.kind === 'accommodation')).toEqual([]);
  });
});

describe("a day's frame", () => {
  const points = tripPoints(days);

  it("the second night's day holds its stay, not only its activities", () => {
    expect(dayPoints(points, 1).map((p) => p.id)).toContain('h-4');
    expect(dayBounds(points, 1)).toEqual([
      [32.503, 35.2978],
      [32.7924, 35.5378],
    ]);
    const view = viewFor(dayPoints(points, 1));
    expect(view.kind).toBe('bounds');
  });

  it("the first night's day and a suggested stay's day as well; other days do not take it", () => {
    expect(dayPoints(points, 0).map((p) => p.id)).toEqual(['a-0-0-1', 'h-4']);
    expect(dayPoints(points, 2).map((p) => p.id)).toEqual(['a-2-0-1', 'h-5']);
  });
});
