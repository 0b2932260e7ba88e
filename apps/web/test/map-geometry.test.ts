import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  dayBounds,
  dayRoutes,
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  MAP_SINGLE_MARKER_ZOOM,
  viewFor,
} from '../src/components/map/geometry';
import type { MapPoint } from '../src/components/map/types';

const pt = (over: Partial<MapPoint> & Pick<MapPoint, 'lat' | 'lng'>): MapPoint => ({
  id: `${over.lat},${over.lng}`,
  label: 'x',
  kind: 'attraction',
  day: 0,
  order: 1,
  ...over,
});

const trip: MapPoint[] = [
  pt({ id: 'wall', lat: 31.7767, lng: 35.2345, day: 0, order: 1 }),
  pt({ id: 'museum', lat: 31.7719, lng: 35.2043, day: 0, order: 3 }),
  pt({ id: 'sepulchre', lat: 31.7784, lng: 35.2296, day: 0, order: 2 }),
  pt({ id: 'hotel', lat: 31.78, lng: 35.22, day: 0, order: 1, kind: 'accommodation' }),
  pt({ id: 'masada', lat: 31.3156, lng: 35.3536, day: 1, order: 1 }),
  pt({ id: 'eingedi', lat: 31.4613, lng: 35.3889, day: 1, order: 2 }),
  pt({ id: 'bad', lat: Number.NaN, lng: 35, day: 1, order: 3 }),
  pt({ id: 'telaviv', lat: 32.0853, lng: 34.7818, day: 2, order: 1 }),
];

describe('map constants (000 §9)', () => {
  it('default view zoom 2 near 48.18, 16.3; single marker zoom 12', () => {
    expect(MAP_DEFAULT_CENTER).toEqual([48.18, 16.3]);
    expect(MAP_DEFAULT_ZOOM).toBe(2);
    expect(MAP_SINGLE_MARKER_ZOOM).toBe(12);
  });
});

describe('boundsOf / dayBounds', () => {
  it('null for no points', () => {
    expect(boundsOf([])).toBeNull();
    expect(dayBounds(trip, 7)).toBeNull();
  });

  it('a day: its attractions and accommodations, south-west then north-east', () => {
    expect(dayBounds(trip, 0)).toEqual([
      [31.7719, 35.2043],
      [31.78, 35.2345],
    ]);
  });

  it('skips points without valid coordinates', () => {
    expect(dayBounds(trip, 1)).toEqual([
      [31.3156, 35.3536],
      [31.4613, 35.3889],
    ]);
    expect(
      boundsOf([
        { lat: 91, lng: 0 },
        { lat: 0, lng: Infinity },
      ]),
    ).toBeNull();
  });
});

describe('viewFor', () => {
  it('no points → default centre at zoom 2', () => {
    expect(viewFor([])).toEqual({ kind: 'center', center: [48.18, 16.3], zoom: 2 });
  });

  it('one point (or several on the same spot) → zoom 12 on it', () => {
    expect(viewFor([{ lat: 32, lng: 35 }])).toEqual({ kind: 'center', center: [32, 35], zoom: 12 });
    expect(
      viewFor([
        { lat: 32, lng: 35 },
        { lat: 32, lng: 35 },
      ]),
    ).toEqual({ kind: 'center', center: [32, 35], zoom: 12 });
  });

  it('several → their bounds', () => {
    expect(viewFor(trip)).toEqual({
      kind: 'bounds',
      bounds: [
        [31.3156, 34.7818],
        [32.0853, 35.3889],
      ],
    });
  });
});

describe('dayRoutes', () => {
  const routes = dayRoutes(trip);

  it('one route per day with two or more attractions, in day order', () => {
    expect(routes.map((r) => r.day)).toEqual([0, 1]);
  });

  it('joins attractions by order and leaves accommodations out', () => {
    const [day0] = routes;
    expect(day0?.path).toEqual([
      { lat: 31.7767, lng: 35.2345 },
      { lat: 31.7784, lng: 35.2296 },
      { lat: 31.7719, lng: 35.2043 },
    ]);
    expect(day0?.legs).toHaveLength(2);
  });

  it('measures each leg and puts its label between the stops', () => {
    const leg = routes[1]?.legs[0];
    expect(leg).toBeDefined();
    expect(leg!.meters / 1000).toBeGreaterThan(16);
    expect(leg!.meters / 1000).toBeLessThan(17);
    expect(leg!.mid.lat).toBeGreaterThan(31.3156);
    expect(leg!.mid.lat).toBeLessThan(31.4613);
  });
});
