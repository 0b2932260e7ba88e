import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attractions, users } from '../../src/db/schema/index.js';
import {
  boundingBox,
  cellOf,
  cellRanges,
  haversineKm,
  planarLowerBound,
} from '../../src/modules/search/search.geo.js';
import { distanceKm } from '../../src/modules/search/search.repository.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { destination } from './search-fixtures.js';

/** The geometry of proximity search (decision 0013): cells, bounding boxes, distances. */
describe('search geometry', () => {
  it('haversine: Jerusalem to Tel Aviv is about 55 km; a point to itself 0', () => {
    expect(haversineKm({ lat: 31.7767, lng: 35.2345 }, { lat: 32.0853, lng: 34.7818 })).toBeCloseTo(54.8, 1);
    expect(haversineKm({ lat: 10, lng: 10 }, { lat: 10, lng: 10 })).toBe(0);
    expect(haversineKm({ lat: 0, lng: 179.9 }, { lat: 0, lng: -179.9 })).toBeCloseTo(22.2, 1);
  });

  it('cells: 0.5° squares numbered row by row', () => {
    expect(cellOf(0, 0)).toBe(180 * 1000 + 360);
    expect(cellOf(0.49, 0.49)).toBe(cellOf(0, 0));
    expect(cellOf(0.5, 0)).toBe(cellOf(0, 0) + 1000);
    expect(cellOf(0, 0.5)).toBe(cellOf(0, 0) + 1);
    expect(cellOf(-0.01, -0.01)).toBe(179 * 1000 + 359);
    expect(cellOf(-90, -180)).toBe(0);
    expect(cellOf(90, 180)).toBe(360 * 1000 + 720);
  });

  it('a box that crosses the antimeridian splits into two longitude spans', () => {
    const box = boundingBox({ lat: -16.8, lng: 179.95 }, 20);
    expect(box.lngSpans).toHaveLength(2);
    expect(box.lngSpans[0]?.[1]).toBe(180);
    expect(box.lngSpans[1]?.[0]).toBe(-180);
  });

  it('a box that reaches a pole takes every longitude', () => {
    expect(boundingBox({ lat: 89.9, lng: 10 }, 50).lngSpans).toEqual([[-180, 180]]);
    expect(boundingBox({ lat: -89.8, lng: 10 }, 50).lngSpans).toEqual([[-180, 180]]);
  });

  it('a 50 km search reads a handful of cells', () => {
    const ranges = cellRanges(boundingBox({ lat: 31.7767, lng: 35.2345 }, 50));
    const cells = ranges.reduce((n, [a, b]) => n + b - a + 1, 0);
    expect(ranges.length).toBeLessThanOrEqual(3);
    expect(cells).toBeLessThanOrEqual(12);
  });

  it('nearest first: no point of the box is nearer than the bound of its planar distance (property)', () => {
    // The proof of decision 0013 checked on random circles (up to 75° latitude, every radius the API allows) and on
    // random points of their boxes, dense near the centre where the bound is tightest.
    fc.assert(
      fc.property(
        fc.record({
          lat: fc.double({ min: -75, max: 75, noNaN: true }),
          lng: fc.double({ min: -150, max: 150, noNaN: true }),
        }),
        fc.double({ min: 0.1, max: 300, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (center, radiusKm, u, v, w) => {
          const box = boundingBox(center, radiusKm);
          const bound = planarLowerBound(center, box);
          expect(bound).not.toBeNull(); // such boxes neither cross ±180° nor reach a pole
          if (!bound) return;
          const [[west, east]] = box.lngSpans as [[number, number]];
          const shrink = w ** 3; // many points near the centre
          const p = {
            lat: center.lat + (box.latMin + u * (box.latMax - box.latMin) - center.lat) * shrink,
            lng: center.lng + (west + v * (east - west) - center.lng) * shrink,
          };
          const planar = Math.hypot(p.lat - center.lat, p.lng - center.lng);
          expect(haversineKm(center, p)).toBeGreaterThanOrEqual(bound(planar) - 1e-9);
        },
      ),
      { numRuns: 5000 },
    );
    // And it is a useful bound: near Rome a point 10 planar km north is at least 0.7 of that away.
    const rome = { lat: 41.9, lng: 12.5 };
    const bound = planarLowerBound(rome, boundingBox(rome, 50));
    expect(bound?.(0.09)).toBeGreaterThan(0.7 * haversineKm(rome, { lat: 41.99, lng: 12.5 }));
    expect(planarLowerBound({ lat: 0, lng: 179.9 }, boundingBox({ lat: 0, lng: 179.9 }, 50))).toBeNull();
    expect(planarLowerBound({ lat: 89.9, lng: 0 }, boundingBox({ lat: 89.9, lng: 0 }, 50))).toBeNull();
  });

  it('every point within the radius lies in the box and in one of its cell ranges (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -89.9, max: 89.9, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 0.1, max: 300, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        (lat, lng, radius, fraction, bearing) => {
          const center = { lat, lng };
          const p = destination(center, radius * fraction * 0.999, bearing);
          const box = boundingBox(center, radius);
          expect(p.lat).toBeGreaterThanOrEqual(box.latMin);
          expect(p.lat).toBeLessThanOrEqual(box.latMax);
          expect(box.lngSpans.some(([w, e]) => p.lng >= w && p.lng <= e)).toBe(true);
          const cell = cellOf(p.lat, p.lng);
          expect(cellRanges(box).some(([a, b]) => cell >= a && cell <= b)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  describe('the database computes the same cells (the generated geo_cell column)', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(async () => {
      await db?.dispose();
    });

    it('for random points, edges and poles', async () => {
      const [user] = await db.db
        .insert(users)
        .values({ email: 'geo@example.com', userName: 'Geo' })
        .returning({ id: users.id });
      const authorId = (user as { id: number }).id;
      const points = fc.sample(
        fc.record({
          lat: fc.double({ min: -90, max: 90, noNaN: true }),
          lng: fc.double({ min: -180, max: 180, noNaN: true }),
        }),
        300,
      );
      points.push(
        { lat: 90, lng: 180 },
        { lat: -90, lng: -180 },
        { lat: 0.5, lng: -0.5 },
        { lat: -0, lng: -0 },
        { lat: 31.5, lng: 35.0 },
      );
      await db.db
        .insert(attractions)
        .values(points.map((p, i) => ({ authorId, title: `p${i}`, lat: p.lat, lng: p.lng })));
      const rows = await db.db
        .select({ lat: attractions.lat, lng: attractions.lng, cell: attractions.geoCell })
        .from(attractions);
      expect(rows).toHaveLength(points.length);
      for (const r of rows) expect(r.cell).toBe(cellOf(r.lat, r.lng));
      // And the SQL distance (search.repository.ts) agrees with ours.
      const center = { lat: 31.7767, lng: 35.2345 };
      const measured = await db.db
        .select({ lat: attractions.lat, lng: attractions.lng, km: distanceKm(attractions, center) })
        .from(attractions);
      for (const r of measured) expect(r.km).toBeCloseTo(haversineKm(center, r), 6);
    });
  });
});
