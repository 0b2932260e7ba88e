import { describe, expect, it } from 'vitest';
import {
  estimateLeg,
  estimateTripLegs,
  haversineKm,
  LEG_MODES,
  MODE_PROFILES,
  tripLegPlan,
  tripLegs,
  tripLegsResponse,
  type AccommodationWire,
  type LegMode,
  type RideAttractionWire,
  type TripDay,
} from '../src/index.js';

/** Real places, to read the estimates as a traveller would. */
const DIZENGOFF_CENTER = { lat: 32.0754, lng: 34.7747 };
const JAFFA_CLOCK_TOWER = { lat: 32.0551, lng: 34.7563 };
const AZRIELI_TEL_AVIV = { lat: 32.0743, lng: 34.7921 };
const JAFFA_GATE_JERUSALEM = { lat: 31.7767, lng: 35.2278 };
const LOUVRE = { lat: 48.8606, lng: 2.3376 };
const NOTRE_DAME = { lat: 48.853, lng: 2.3499 };

const minutes = (s: number) => s / 60;

describe('the estimate of a leg', () => {
  it('a walk across central Tel Aviv to Jaffa (2.9 km as the crow flies) takes the better part of an hour', () => {
    expect(haversineKm(DIZENGOFF_CENTER, JAFFA_CLOCK_TOWER)).toBeCloseTo(2.85, 1);
    const walk = estimateLeg(DIZENGOFF_CENTER, JAFFA_CLOCK_TOWER, 'walk');
    expect(walk.source).toBe('estimate');
    // Longer than the straight line, by the detour of the streets.
    expect(walk.distanceM).toBeGreaterThan(3_400);
    expect(walk.distanceM).toBeLessThan(4_200);
    expect(minutes(walk.durationS)).toBeGreaterThan(40);
    expect(minutes(walk.durationS)).toBeLessThan(55);
  });

  it('the same leg is quickest by car, then by bicycle, then by public transport, slowest on foot', () => {
    const by = Object.fromEntries(
      LEG_MODES.map((m) => [m, estimateLeg(DIZENGOFF_CENTER, JAFFA_CLOCK_TOWER, m).durationS]),
    ) as Record<LegMode, number>;
    expect(by.drive).toBeLessThan(by.bike);
    expect(by.bike).toBeLessThan(by.transit);
    expect(by.transit).toBeLessThan(by.walk);
    expect(minutes(by.drive)).toBeGreaterThan(5);
    expect(minutes(by.drive)).toBeLessThan(15);
    expect(minutes(by.bike)).toBeGreaterThan(12);
    expect(minutes(by.bike)).toBeLessThan(20);
  });

  it('Tel Aviv to Jerusalem by car: some 65 km of road in under an hour; on foot, more than half a day', () => {
    const drive = estimateLeg(AZRIELI_TEL_AVIV, JAFFA_GATE_JERUSALEM, 'drive');
    expect(drive.distanceM / 1000).toBeGreaterThan(58);
    expect(drive.distanceM / 1000).toBeLessThan(72);
    expect(minutes(drive.durationS)).toBeGreaterThan(40);
    expect(minutes(drive.durationS)).toBeLessThan(65);
    expect(estimateLeg(AZRIELI_TEL_AVIV, JAFFA_GATE_JERUSALEM, 'walk').durationS / 3600).toBeGreaterThan(12);
    // By public transport: a train or a coach, well under two hours with the walks and the wait.
    const transit = estimateLeg(AZRIELI_TEL_AVIV, JAFFA_GATE_JERUSALEM, 'transit');
    expect(minutes(transit.durationS)).toBeGreaterThan(60);
    expect(minutes(transit.durationS)).toBeLessThan(100);
  });

  it('by public transport, a short hop is walked (no one waits for a bus to go 300 m)', () => {
    const from = LOUVRE;
    const to = { lat: LOUVRE.lat + 0.0027, lng: LOUVRE.lng }; // 300 m north
    expect(estimateLeg(from, to, 'transit')).toEqual(estimateLeg(from, to, 'walk'));
    // Further on, the ride with its wait wins: the Louvre to Notre-Dame is 1.2 km, 4 km is not walked.
    const far = { lat: LOUVRE.lat - 0.036, lng: LOUVRE.lng };
    expect(estimateLeg(from, far, 'transit').durationS).toBeLessThan(
      estimateLeg(from, far, 'walk').durationS,
    );
    expect(estimateLeg(from, NOTRE_DAME, 'transit').durationS).toBeGreaterThan(0);
  });

  it('the same place is no distance and no time, by every mode', () => {
    for (const mode of LEG_MODES)
      expect(estimateLeg(LOUVRE, LOUVRE, mode)).toEqual({ distanceM: 0, durationS: 0, source: 'estimate' });
  });

  it('whole metres and seconds, the same both ways, and never shorter for a longer leg', () => {
    for (const mode of LEG_MODES) {
      let last = { distanceM: 0, durationS: 0 };
      for (let km = 0.1; km < 400; km *= 1.37) {
        const to = { lat: 31 + km / 111.2, lng: 35 };
        const there = estimateLeg({ lat: 31, lng: 35 }, to, mode);
        const back = estimateLeg(to, { lat: 31, lng: 35 }, mode);
        expect(back).toEqual(there);
        expect(Number.isInteger(there.distanceM) && Number.isInteger(there.durationS)).toBe(true);
        expect(there.distanceM, `${mode} ${km} km`).toBeGreaterThanOrEqual(last.distanceM);
        expect(there.durationS, `${mode} ${km} km`).toBeGreaterThanOrEqual(last.durationS);
        // Never shorter than the straight line.
        expect(there.distanceM).toBeGreaterThanOrEqual(Math.floor(km * 1000 * 0.999));
        last = there;
      }
    }
  });

  it('its figures are the published ranges: road detours 1.2-1.4, walking 4.5-5 km/h, cycling about 15 km/h', () => {
    for (const mode of LEG_MODES) {
      const { detour, speedKmh } = MODE_PROFILES[mode];
      for (const f of [detour.near, detour.far]) {
        expect(f).toBeGreaterThanOrEqual(1.2);
        expect(f).toBeLessThanOrEqual(1.4);
      }
      expect(speedKmh.near).toBeLessThanOrEqual(speedKmh.far);
    }
    expect(MODE_PROFILES.walk.speedKmh.near).toBeGreaterThanOrEqual(4.5);
    expect(MODE_PROFILES.walk.speedKmh.near).toBeLessThanOrEqual(5);
    expect(MODE_PROFILES.bike.speedKmh.near).toBe(15);
  });
});

// Only the fields the day's stops read; the rest of the wire shapes do not matter here.
const activity = (id: number, at: { lat: number; lng: number } | null) =>
  ({ id, title: `Place ${id}`, address: null, lat: at?.lat ?? 0, lng: at?.lng ?? 0 }) as RideAttractionWire;
const stay = (id: number, at: { lat: number; lng: number } | null) =>
  ({
    id,
    name: `Hotel ${id}`,
    address: null,
    latitude: at?.lat ?? 0,
    longtitude: at?.lng ?? 0,
  }) as AccommodationWire;
const day = (activities: RideAttractionWire[], night: AccommodationWire | null = null) =>
  ({
    dateTime: null,
    daily_attractions: activities,
    accommodation: night,
    base_trip_accommodation: null,
  }) as TripDay;

const HOTEL = { lat: 48.8566, lng: 2.3522 };
const ORSAY = { lat: 48.86, lng: 2.3266 };
const EIFFEL = { lat: 48.8584, lng: 2.2945 };

const route = (d: { legs: { fromKind: string; fromId: number; toKind: string; toId: number }[] }) =>
  d.legs.map((l) => `${l.fromKind}:${l.fromId}>${l.toKind}:${l.toId}`);

describe("a trip's legs, day by day", () => {
  it('every day, by its index; the night’s stay first (the previous night) and last (this night)', () => {
    const days = [
      day([activity(1, LOUVRE), activity(2, NOTRE_DAME)], stay(9, HOTEL)),
      day([activity(3, ORSAY), activity(4, EIFFEL)], stay(9, HOTEL)),
      day([]),
    ];
    const legs = estimateTripLegs(days, 'walk');
    expect(legs.map((d) => d.dayId)).toEqual([0, 1, 2]);
    expect(route(legs[0]!)).toEqual(['attraction:1>attraction:2', 'attraction:2>stay:9']);
    expect(route(legs[1]!)).toEqual([
      'stay:9>attraction:3',
      'attraction:3>attraction:4',
      'attraction:4>stay:9',
    ]);
    // The last day starts at the hotel and goes nowhere: no legs, nothing skipped.
    expect(legs[2]).toEqual({ dayId: 2, legs: [], totals: { distanceM: 0, durationS: 0 }, skipped: [] });
    for (const d of legs) {
      expect(d.totals.distanceM).toBe(d.legs.reduce((s, l) => s + l.distanceM, 0));
      expect(d.totals.durationS).toBe(d.legs.reduce((s, l) => s + l.durationS, 0));
      for (const l of d.legs) expect(l).toMatchObject({ mode: 'walk', source: 'estimate' });
    }
    expect(
      tripLegsResponse.parse({ ServerMassageCode: 'success', mode: 'walk', routedBy: null, days: legs }).days,
    ).toEqual(legs);
  });

  it('a stop without coordinates is skipped and listed; its neighbours are joined by one leg', () => {
    const days = [day([activity(1, LOUVRE), activity(5, null), activity(2, NOTRE_DAME)], stay(8, null))];
    const [only] = estimateTripLegs(days, 'drive');
    expect(route(only!)).toEqual(['attraction:1>attraction:2']);
    expect(only!.skipped).toEqual([
      { kind: 'attraction', id: 5 },
      { kind: 'stay', id: 8 },
    ]);
    expect(only!.legs[0]).toMatchObject(estimateLeg(LOUVRE, NOTRE_DAME, 'drive'));
  });

  it('the same place twice in a row makes no leg (one hotel around a day whose stops are all unknown)', () => {
    const days = [day([], stay(9, HOTEL)), day([activity(5, null), activity(6, null)], stay(9, HOTEL))];
    const plan = tripLegPlan(days);
    expect(plan[1]).toEqual({
      dayId: 1,
      legs: [],
      skipped: [
        { kind: 'attraction', id: 5 },
        { kind: 'attraction', id: 6 },
      ],
    });
  });

  it('a routed answer stands in for the estimate, leg by leg, and says so', () => {
    const days = [day([activity(1, LOUVRE), activity(2, NOTRE_DAME), activity(3, ORSAY)])];
    const [d] = tripLegs(tripLegPlan(days), 'bike', (leg) =>
      leg.from.id === 1 ? { distanceM: 1_700, durationS: 420, source: 'routed' } : undefined,
    );
    expect(d!.legs.map((l) => l.source)).toEqual(['routed', 'estimate']);
    expect(d!.legs[0]).toMatchObject({ distanceM: 1_700, durationS: 420, mode: 'bike' });
    expect(d!.totals.durationS).toBe(420 + estimateLeg(NOTRE_DAME, ORSAY, 'bike').durationS);
  });
});
