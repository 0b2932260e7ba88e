import { describe, expect, it } from 'vitest';
import { formatDistance, haversineMeters, legMidpoint } from '../src/components/map/distance';

const westernWall = { lat: 31.7767, lng: 35.2345 };
const masada = { lat: 31.3156, lng: 35.3536 };
const paris = { lat: 48.8566, lng: 2.3522 };
const london = { lat: 51.5074, lng: -0.1278 };

/** Hebrew texts may carry bidi marks and the geresh/gershayim in either form; compare what a reader sees. */
const plain = (s: string) =>
  s
    .replace(/[\u200e\u200f\u061c\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('haversineMeters', () => {
  it('Western Wall → Masada is about 52 km', () => {
    expect(Math.abs(haversineMeters(westernWall, masada) / 1000 - 52)).toBeLessThan(1);
  });

  it('Paris → London is about 344 km', () => {
    expect(Math.abs(haversineMeters(paris, london) / 1000 - 344)).toBeLessThan(1);
  });

  it('is symmetric and zero for the same point', () => {
    expect(haversineMeters(paris, london)).toBeCloseTo(haversineMeters(london, paris), 6);
    expect(haversineMeters(masada, masada)).toBe(0);
  });

  it('handles antipodes and the date line', () => {
    expect(haversineMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 180 }) / 1000).toBeCloseTo(20015, -1);
    expect(haversineMeters({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 }) / 1000).toBeCloseTo(111.2, 0);
  });
});

describe('formatDistance', () => {
  it('English: metres under 1 km, else km with one decimal', () => {
    expect(plain(formatDistance(850.4, 'en'))).toBe('850 m');
    expect(plain(formatDistance(0, 'en'))).toBe('0 m');
    expect(plain(formatDistance(12_345, 'en'))).toBe('12.3 km');
    expect(plain(formatDistance(1000, 'en'))).toBe('1.0 km');
    expect(plain(formatDistance(52_050, 'en'))).toMatch(/^52\.\d km$/);
    expect(plain(formatDistance(1_234_567, 'en'))).toBe('1,234.6 km');
  });

  it('a distance that rounds to 1000 m reads as 1.0 km', () => {
    expect(plain(formatDistance(999.6, 'en'))).toBe('1.0 km');
    expect(plain(formatDistance(999.4, 'en'))).toBe('999 m');
  });

  it('Hebrew uses the Hebrew units and the same digits', () => {
    const km = plain(formatDistance(12_345, 'he'));
    expect(km).toContain('12.3');
    expect(km).toMatch(/ק[״"]מ/);
    const m = plain(formatDistance(850, 'he'));
    expect(m).toContain('850');
    expect(m).toMatch(/מ[׳']|מטר/);
    expect(m).not.toMatch(/ק/);
  });

  it('never shows a negative distance', () => {
    expect(plain(formatDistance(-5, 'en'))).toBe('0 m');
  });
});

describe('legMidpoint', () => {
  it('is halfway in longitude and close to halfway in latitude', () => {
    const mid = legMidpoint(westernWall, masada);
    expect(mid.lng).toBeCloseTo((westernWall.lng + masada.lng) / 2, 10);
    expect(Math.abs(mid.lat - (westernWall.lat + masada.lat) / 2)).toBeLessThan(0.01);
  });

  it('lies on the Mercator-straight line (pulled towards the pole on long legs)', () => {
    const mid = legMidpoint({ lat: 0, lng: 0 }, { lat: 60, lng: 0 });
    expect(mid.lat).toBeGreaterThan(30);
    expect(mid.lat).toBeLessThan(60);
  });
});
