import { describe, expect, it } from 'vitest';
import { clusterCountPoints, projectPx, type CountMarker } from '../src/components/map/clustering';
import type { CountPoint } from '../src/components/map/types';

const clusters = (m: CountMarker[]) => m.filter((x) => x.kind === 'cluster');
const singles = (m: CountMarker[]) => m.filter((x) => x.kind === 'point');

/** The demo's Israeli cells (0.5° apart) and two European cities. */
const ISRAEL: CountPoint[] = [
  { lat: 31.77, lng: 35.22, count: 3 },
  { lat: 31.5, lng: 35.45, count: 2 },
  { lat: 32.79, lng: 35.53, count: 1 },
  { lat: 32.08, lng: 34.78, count: 3 },
];
const EUROPE: CountPoint[] = [
  { lat: 41.9, lng: 12.5, count: 2 },
  { lat: 48.86, lng: 2.35, count: 1 },
];

describe('projectPx', () => {
  it('is Leaflet’s Web Mercator with 256 px tiles', () => {
    expect(projectPx(0, 0, 0)).toEqual({ x: 128, y: 128 });
    expect(projectPx(0, 180, 1).x).toBe(512);
    expect(projectPx(85.0511287798, -180, 0).y).toBeCloseTo(0, 6);
    // Beyond the Mercator limit: clamped, never Infinity.
    expect(Number.isFinite(projectPx(90, 0, 3).y)).toBe(true);
  });
});

describe('clusterCountPoints', () => {
  it('far out, nearby points are one cluster with the sum of their counts, at their weighted centre, with their bounds', () => {
    const markers = clusterCountPoints([...ISRAEL, ...EUROPE], 4);
    const [israel] = clusters(markers).filter((c) => c.kind === 'cluster' && c.points.length === 4);
    expect(israel).toBeDefined();
    if (israel?.kind !== 'cluster') throw new Error('no cluster');
    expect(israel.total).toBe(9);
    expect(israel.lat).toBeCloseTo((31.77 * 3 + 31.5 * 2 + 32.79 + 32.08 * 3) / 9, 6);
    expect(israel.bounds).toEqual([
      [31.5, 34.78],
      [32.79, 35.53],
    ]);
    // Rome and Paris stay apart.
    expect(singles(markers)).toHaveLength(2);
  });

  it('zooming in splits clusters until every point stands alone', () => {
    const all = [...ISRAEL, ...EUROPE];
    const counts = [2, 4, 6, 8, 10].map((z) => clusterCountPoints(all, z).length);
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThanOrEqual(counts[i - 1] as number);
    expect(clusterCountPoints(all, 10)).toHaveLength(all.length);
    expect(clusters(clusterCountPoints(all, 10))).toHaveLength(0);
  });

  it('every point is in exactly one marker; bad coordinates are skipped; no points, no markers', () => {
    const all = [...ISRAEL, ...EUROPE, { lat: Number.NaN, lng: 3, count: 1 }];
    for (const zoom of [0, 3, 6, 9, 14]) {
      const markers = clusterCountPoints(all, zoom);
      const members = markers.flatMap((m) => (m.kind === 'point' ? [m.point] : m.points));
      expect(members).toHaveLength(6);
      expect(new Set(members).size).toBe(6);
    }
    expect(clusterCountPoints([], 5)).toEqual([]);
  });

  it('two points on the same spot cluster at any zoom', () => {
    const same = [
      { lat: 10, lng: 10, count: 1 },
      { lat: 10, lng: 10, count: 4 },
    ];
    const [only] = clusterCountPoints(same, 18);
    expect(only?.kind).toBe('cluster');
  });
});
