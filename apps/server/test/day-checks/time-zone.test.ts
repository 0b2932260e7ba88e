import { describe, expect, it } from 'vitest';
import {
  countryAt,
  instantOf,
  isInIsrael,
  localOf,
  offsetChanges,
  realInterval,
  timeZoneAt,
} from '../../src/modules/day-checks/time-zone.js';

/** A place's zone and country, offline, and wall-clock time there (issue 36, decision 0070). No database. */
describe('the time zone of coordinates', () => {
  it.each([
    ['Jerusalem, the Western Wall', 31.7767, 35.2345, 'Asia/Jerusalem', 'IL'],
    ['Jerusalem, the Israel Museum', 31.7725, 35.2042, 'Asia/Jerusalem', 'IL'],
    ['Eilat, the city', 29.5577, 34.9519, 'Asia/Jerusalem', 'IL'],
    // tz-lookup alone answers Asia/Riyadh at Coral Beach and Asia/Hebron at Ein Gedi: the country corrects it.
    ["Eilat, Coral Beach's underwater observatory", 29.504, 34.918, 'Asia/Jerusalem', 'IL'],
    ['Ein Gedi nature reserve', 31.466, 35.389, 'Asia/Jerusalem', 'IL'],
    ['Paris, the Louvre', 48.8606, 2.3376, 'Europe/Paris', 'FR'],
    ['New York, Times Square', 40.758, -73.9855, 'America/New_York', 'US'],
    ['Tokyo, Shibuya', 35.6595, 139.7005, 'Asia/Tokyo', 'JP'],
    // Across Eilat's borders: Taba (tz-lookup says Asia/Riyadh) and Aqaba.
    ['Taba, Egypt', 29.4926, 34.8969, 'Africa/Cairo', 'EG'],
    ['Aqaba, Jordan', 29.5267, 35.0078, 'Asia/Amman', 'JO'],
    ['Bethlehem', 31.7054, 35.2024, 'Asia/Hebron', 'PS'],
  ])('%s: %s, %s', (_where, lat, lng, zone, country) => {
    expect(timeZoneAt({ lat, lng })).toBe(zone);
    expect(countryAt({ lat, lng })).toBe(country);
    expect(isInIsrael({ lat, lng })).toBe(country === 'IL');
  });

  it('a territory is its own: French Guiana keeps America/Cayenne, not France\'s zone', () => {
    expect(countryAt({ lat: 4.93, lng: -52.33 })).toBe('GF');
    expect(timeZoneAt({ lat: 4.93, lng: -52.33 })).toBe('America/Cayenne');
  });

  it('no zone off the Earth', () => {
    expect(timeZoneAt({ lat: 95, lng: 0 })).toBeNull();
    expect(timeZoneAt({ lat: Number.NaN, lng: 0 })).toBeNull();
    expect(countryAt({ lat: 0, lng: 200 })).toBeNull();
  });
});

describe('wall-clock time in a zone', () => {
  it('a wall time is its instant, and back', () => {
    const at = instantOf('Asia/Jerusalem', { date: '2026-06-19', time: '14:00' });
    expect(new Date(at).toISOString()).toBe('2026-06-19T11:00:00.000Z'); // IDT, UTC+3
    expect(localOf('Asia/Jerusalem', at)).toEqual({ date: '2026-06-19', time: '14:00' });
    expect(localOf('Asia/Tokyo', at)).toEqual({ date: '2026-06-19', time: '20:00' });
  });

  it("the spring change's missing hour moves forward; the autumn's repeated hour is its first time", () => {
    // Paris, Sunday 29 March 2026: 02:00 CET -> 03:00 CEST.
    const skipped = instantOf('Europe/Paris', { date: '2026-03-29', time: '02:30' });
    expect(localOf('Europe/Paris', skipped)).toEqual({ date: '2026-03-29', time: '03:30' });
    // Paris, Sunday 25 October 2026: 03:00 CEST -> 02:00 CET; 02:30 happens twice, first at 00:30 UTC.
    expect(new Date(instantOf('Europe/Paris', { date: '2026-10-25', time: '02:30' })).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    // Jerusalem, Friday 27 March 2026: 02:00 IST -> 03:00 IDT.
    const jerusalem = realInterval('Asia/Jerusalem', { date: '2026-03-27', time: '00:30', minutes: 180 });
    expect(localOf('Asia/Jerusalem', jerusalem.end)).toEqual({ date: '2026-03-27', time: '04:30' });
    expect(offsetChanges('Asia/Jerusalem', jerusalem.start, jerusalem.end).map((t) => new Date(t).toISOString())).toEqual(
      ['2026-03-27T00:00:00.000Z'],
    );
  });

  it('refuses what is not a date and a time', () => {
    expect(() => instantOf('Asia/Jerusalem', { date: '2026-02-30', time: '10:00' })).toThrow(RangeError);
    expect(() => instantOf('Asia/Jerusalem', { date: '2026-13-01', time: '10:00' })).toThrow(RangeError);
    expect(() => instantOf('Asia/Jerusalem', { date: '2026-06-01', time: '24:00' })).toThrow(RangeError);
    expect(() => instantOf('Asia/Jerusalem', { date: '1/6/2026', time: '10:00' })).toThrow(RangeError);
  });
});
