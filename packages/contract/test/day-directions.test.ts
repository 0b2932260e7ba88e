import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayDirections, MAPS_URL_MAX_LENGTH, type DirectionsStop } from '../src/index.js';

/** What Google Maps reads from a leg: origin, waypoints, destination (decoded), travelmode. */
function read(url: string) {
  const u = new URL(url);
  const waypoints = u.searchParams.get('waypoints');
  return {
    api: u.searchParams.get('api'),
    origin: u.searchParams.get('origin'),
    destination: u.searchParams.get('destination'),
    waypoints: waypoints ? waypoints.split('|') : [],
    travelmode: u.searchParams.get('travelmode'),
  };
}

const placesOf = (url: string) => {
  const r = read(url);
  return [
    ...(r.origin === null ? [] : [r.origin]),
    ...r.waypoints,
    ...(r.destination === null ? [] : [r.destination]),
  ];
};

const at = (n: number): DirectionsStop => ({
  lat: 31 + n / 100,
  lng: 35 + n / 100,
  address: `רחוב ${n}, Tel Aviv`,
});

describe('dayDirections', () => {
  it('a short day is one leg: origin, waypoints in order, destination, travel mode', () => {
    const legs = dayDirections([at(1), at(2), at(3)], 'phone');
    expect(legs).toHaveLength(1);
    const r = read(legs[0]!.url);
    expect(legs[0]!.url.startsWith('https://www.google.com/maps/dir/?api=1&')).toBe(true);
    expect(r).toEqual({
      api: '1',
      origin: 'רחוב 1, Tel Aviv',
      destination: 'רחוב 3, Tel Aviv',
      waypoints: ['רחוב 2, Tel Aviv'],
      travelmode: 'driving',
    });
  });

  it('the waypoints are separated by an encoded |', () => {
    const url = dayDirections([at(1), at(2), at(3), at(4)], 'desktop', 'walking')[0]!.url;
    expect(url).toContain('&waypoints=');
    expect(url).toContain('%7C');
    expect(read(url).travelmode).toBe('walking');
  });

  it.each([
    // [stops, device, legs as stop indices]
    [5, 'phone', [[0, 1, 2, 3, 4]]],
    [
      6,
      'phone',
      [
        [0, 1, 2, 3, 4],
        [4, 5],
      ],
    ],
    [
      9,
      'phone',
      [
        [0, 1, 2, 3, 4],
        [4, 5, 6, 7, 8],
      ],
    ],
    [11, 'desktop', [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]],
    [
      12,
      'desktop',
      [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        [10, 11],
      ],
    ],
    [2, 'phone', [[0, 1]]],
  ] as const)('%i stops on a %s: legs %j', (n, device, expected) => {
    const stops = Array.from({ length: n }, (_, i) => at(i));
    expect(dayDirections(stops, device).map((l) => l.stops)).toEqual(expected);
  });

  it('one stop: directions to it from where the traveller is', () => {
    const [leg] = dayDirections([at(7)], 'phone');
    expect(read(leg!.url)).toMatchObject({ origin: null, destination: 'רחוב 7, Tel Aviv', waypoints: [] });
  });

  it('a stop without an address is named by its coordinates; without either it is left out', () => {
    const legs = dayDirections(
      [at(1), { lat: 32.1, lng: 34.8, address: '  ' }, { lat: 0, lng: 0, address: null }, at(4)],
      'phone',
    );
    expect(legs).toHaveLength(1);
    expect(legs[0]!.stops).toEqual([0, 1, 3]);
    expect(read(legs[0]!.url).waypoints).toEqual(['32.1,34.8']);
  });

  it('a | inside an address never splits it into two waypoints', () => {
    const legs = dayDirections([at(1), { ...at(2), address: 'Gate A | Gate B' }, at(3)], 'phone');
    expect(read(legs[0]!.url).waypoints).toEqual(['Gate A Gate B']);
  });

  it('no usable stop: no link', () => {
    expect(dayDirections([], 'desktop')).toEqual([]);
    expect(dayDirections([{ lat: null, lng: null, address: null }], 'desktop')).toEqual([]);
  });

  it('long addresses give way to coordinates so the address stays under 2,048 characters', () => {
    const long = (n: number): DirectionsStop => ({ ...at(n), address: `מלון ${n} `.repeat(40) });
    const legs = dayDirections(
      Array.from({ length: 11 }, (_, i) => long(i)),
      'desktop',
    );
    expect(legs).toHaveLength(1);
    expect(legs[0]!.url.length).toBeLessThan(MAPS_URL_MAX_LENGTH);
    expect(placesOf(legs[0]!.url)).toContain('31.05,35.05');
  });

  const stop: fc.Arbitrary<DirectionsStop> = fc.record({
    lat: fc.option(fc.double({ min: -90, max: 90, noNaN: true }), { nil: null }),
    lng: fc.option(fc.double({ min: -180, max: 180, noNaN: true }), { nil: null }),
    address: fc.option(fc.string({ unit: 'grapheme', maxLength: 600 }), { nil: null }),
  });

  it('property: every usable stop appears once per leg boundary, in order; legs chain; every address < 2,048', () => {
    fc.assert(
      fc.property(
        fc.array(stop, { maxLength: 40 }),
        fc.constantFrom('phone' as const, 'desktop' as const),
        (stops, device) => {
          const legs = dayDirections(stops, device);
          const usable = stops.flatMap((s, i) => {
            const hasPoint =
              typeof s.lat === 'number' &&
              typeof s.lng === 'number' &&
              (Math.abs(s.lat) >= 5e-7 || Math.abs(s.lng) >= 5e-7);
            return hasPoint || (s.address ?? '').replace(/[\s|]+/g, '') !== '' ? [i] : [];
          });
          // Every usable stop, in order: the legs' stops with each shared boundary counted once.
          const covered = legs.flatMap((l, n) => (n === 0 ? l.stops : l.stops.slice(1)));
          expect(covered).toEqual(usable);
          for (const [n, leg] of legs.entries()) {
            expect(leg.url.length).toBeLessThan(MAPS_URL_MAX_LENGTH);
            const places = placesOf(leg.url);
            expect(places).toHaveLength(leg.stops.length);
            expect(read(leg.url).waypoints.length).toBeLessThanOrEqual(device === 'phone' ? 3 : 9);
            if (n > 0) expect(leg.stops[0]).toBe(legs[n - 1]!.stops.at(-1));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
