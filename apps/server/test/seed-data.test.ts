import { describe, expect, it } from 'vitest';

import { demoRides } from '../src/db/seed/data/index.js';
import type { DemoAttraction, DemoRide } from '../src/db/seed/data/types.js';

/** Spec 000 §9: the recommended seven and their lengths in days, in this order. */
const EXPECTED_DAYS: [number, number][] = [
  [1, 14],
  [719, 11],
  [183, 14],
  [843, 10],
  [72, 14],
  [228, 19],
  [233, 8],
];

interface Box {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}
const box = (minLat: number, maxLat: number, minLng: number, maxLng: number): Box => ({
  minLat,
  maxLat,
  minLng,
  maxLng,
});

const ISRAEL = box(29.4, 33.4, 34.2, 35.9);
const EUROPE = box(35, 72, -11, 40);

/** Rough country bounding boxes for each trip (a trip may span two countries). */
const COUNTRY_BOXES: Record<number, Box[]> = {
  1: [ISRAEL],
  183: [ISRAEL],
  843: [ISRAEL],
  719: [box(35.5, 47.1, 6.6, 18.6)], // Italy
  72: [box(41.3, 51.1, -5.2, 9.6)], // France
  228: [box(45.8, 47.9, 5.9, 10.5), box(46.3, 49.1, 9.5, 17.2)], // Switzerland, Austria
  233: [box(50.7, 53.6, 3.3, 7.3), box(49.5, 51.6, 2.5, 6.5)], // Netherlands, Belgium
};

/**
 * Distance sanity (catches swapped lat/lng and typos): every point within 300 km of the trip's first
 * attraction, except trip 1, which by design runs the length of Israel from Haifa and the Golan to Eilat
 * (about 340 km from its first stop), and every attraction within 300 km of the one visited before it.
 */
const MAX_KM_FROM_FIRST = 300;
const MAX_KM_FROM_FIRST_BY_TRIP: Record<number, number> = { 1: 450 };
const MAX_KM_HOP = 300;
const TODAY = '2026-11-21';
const HEBREW = /[\u05d0-\u05ea]/;
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const ALLOWED_TAGS = new Set(['p', 'b', 'i', 'ul', 'li', 'a']);

const inBox = (b: Box, lat: number, lng: number) =>
  lat >= b.minLat && lat <= b.maxLat && lng >= b.minLng && lng <= b.maxLng;

function km(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const attractionsOf = (ride: DemoRide): DemoAttraction[] => ride.days.flatMap((d) => d.attractions);
const isIsraeli = (ride: DemoRide) => attractionsOf(ride).every((a) => inBox(ISRAEL, a.lat, a.lng));
const isEuropean = (ride: DemoRide) =>
  attractionsOf(ride).every((a) => inBox(EUROPE, a.lat, a.lng) && !inBox(ISRAEL, a.lat, a.lng));

/** Every piece of free text in a ride, for the language checks. */
function textsOf(ride: DemoRide): string[] {
  return [
    ride.title,
    ride.text,
    ...ride.extraInformation.flatMap((e) => [e.title, e.text]),
    ...ride.days.flatMap((d) => (d.note ? [d.note] : [])),
    ...attractionsOf(ride).flatMap((a) => [a.title, a.text, ...(a.reviews ?? []).map((r) => r.text)]),
    ...ride.accommodations.flatMap((h) => [h.cuntry_and_city, h.text ?? '']),
  ];
}

describe('demo rides (spec 000 §9)', () => {
  it('are the recommended seven, in order, with the exact numbers of days', () => {
    expect(demoRides.map((r) => [r.id, r.days.length])).toEqual(EXPECTED_DAYS);
  });

  it('put at least three trips in Israel and the rest in Europe', () => {
    const israeli = demoRides.filter(isIsraeli);
    const european = demoRides.filter(isEuropean);
    expect(israeli.length).toBeGreaterThanOrEqual(3);
    expect(israeli.length + european.length).toBe(demoRides.length);
  });

  it('mark one demo trip (decision 0042), the one hidden from the shortlist', () => {
    expect(demoRides.filter((r) => r.isDemo).map((r) => r.id)).toEqual([183]);
    expect(demoRides.filter((r) => r.hiddenFromShortlist).map((r) => r.id)).toHaveLength(1);
    for (const r of demoRides) if (r.hiddenFromShortlist) expect(r.isDemo).toBe(true);
  });

  it('have consistent trip flags', () => {
    for (const r of demoRides) {
      if (r.basedRideId !== undefined) {
        expect(r.isBasedRide, `ride ${r.id}`).toBe(false);
        const base = demoRides.find((b) => b.id === r.basedRideId);
        expect(base?.isBasedRide, `base of ride ${r.id}`).toBe(true);
      } else {
        expect(r.isBasedRide, `ride ${r.id}`).toBe(true);
      }
      for (const n of [r.party.adults, r.party.teens, r.party.children]) {
        expect(Number.isInteger(n) && n >= 0).toBe(true);
      }
      expect(r.party.adults + r.party.teens + r.party.children).toBeGreaterThan(0);
      expect(r.days.length).toBeLessThanOrEqual(60);
    }
    expect(demoRides.some((r) => r.isPrivate)).toBe(true);
    expect(demoRides.some((r) => r.isWhiteLabel)).toBe(true);
    expect(demoRides.some((r) => r.isLocked)).toBe(true);
  });

  it('start on valid ISO dates, some before and some after today', () => {
    for (const r of demoRides) {
      expect(r.startDate, `ride ${r.id}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const d = new Date(`${r.startDate}T00:00:00Z`);
      expect(d.toISOString().slice(0, 10), `ride ${r.id}`).toBe(r.startDate);
      expect(r.startDate >= '2026-01-01' && r.startDate <= '2027-12-31', `ride ${r.id}`).toBe(true);
    }
    expect(demoRides.some((r) => r.startDate < TODAY)).toBe(true);
    expect(demoRides.some((r) => r.startDate > TODAY)).toBe(true);
  });

  it('give every day one to five attractions', () => {
    for (const r of demoRides) {
      r.days.forEach((d, i) => {
        expect(d.attractions.length, `ride ${r.id} day ${i + 1}`).toBeGreaterThanOrEqual(1);
        expect(d.attractions.length, `ride ${r.id} day ${i + 1}`).toBeLessThanOrEqual(5);
      });
      const avg = attractionsOf(r).length / r.days.length;
      expect(avg, `ride ${r.id} average per day`).toBeGreaterThanOrEqual(2);
    }
  });

  it('place every attraction and stay inside the trip region, near its first attraction', () => {
    for (const r of demoRides) {
      const boxes = COUNTRY_BOXES[r.id];
      expect(boxes, `ride ${r.id} has a region`).toBeDefined();
      const first = r.days[0]?.attractions[0];
      expect(first).toBeDefined();
      if (!boxes || !first) continue;
      const points = [
        ...attractionsOf(r).map((a) => ({ what: a.key, lat: a.lat, lng: a.lng })),
        ...r.accommodations.map((h) => ({ what: h.name, lat: h.lat, lng: h.lng })),
      ];
      for (const p of points) {
        expect(Number.isFinite(p.lat) && Number.isFinite(p.lng), `${r.id}/${p.what}`).toBe(true);
        expect(
          boxes.some((b) => inBox(b, p.lat, p.lng)),
          `${r.id}/${p.what} (${p.lat}, ${p.lng}) in region`,
        ).toBe(true);
        expect(
          km(first.lat, first.lng, p.lat, p.lng),
          `${r.id}/${p.what} distance from first`,
        ).toBeLessThanOrEqual(MAX_KM_FROM_FIRST_BY_TRIP[r.id] ?? MAX_KM_FROM_FIRST);
      }
      const route = attractionsOf(r);
      route.slice(1).forEach((a, i) => {
        const prev = route[i];
        if (!prev) return;
        expect(km(prev.lat, prev.lng, a.lat, a.lng), `${r.id}: ${prev.key} -> ${a.key}`).toBeLessThanOrEqual(
          MAX_KM_HOP,
        );
      });
    }
  });

  it('reuse keys consistently: one key, one place (same title, text and coordinates)', () => {
    const byKey = new Map<string, DemoAttraction>();
    for (const r of demoRides) {
      for (const a of attractionsOf(r)) {
        expect(a.key, `${r.id}/${a.title}`).toMatch(KEBAB);
        expect(
          a.key.startsWith(r.language === 'hebrew' ? 'he-' : 'en-'),
          `${r.id}/${a.key} language prefix`,
        ).toBe(true);
        const seen = byKey.get(a.key);
        if (!seen) {
          byKey.set(a.key, a);
          continue;
        }
        expect({ title: a.title, text: a.text, lat: a.lat, lng: a.lng }, `key ${a.key}`).toEqual({
          title: seen.title,
          text: seen.text,
          lat: seen.lat,
          lng: seen.lng,
        });
      }
    }
    // Distinct keys are distinct places: no two keys share a title.
    const titles = new Map<string, string>();
    for (const [key, a] of byKey) {
      expect(titles.get(a.title), `title "${a.title}" used by ${key}`).toBeUndefined();
      titles.set(a.title, key);
    }
  });

  it('do not repeat a place within one trip', () => {
    for (const r of demoRides) {
      const keys = attractionsOf(r).map((a) => a.key);
      expect(new Set(keys).size, `ride ${r.id}`).toBe(keys.length);
    }
  });

  it('give attractions well-formed optional fields', () => {
    for (const r of demoRides) {
      for (const a of attractionsOf(r)) {
        const at = `${r.id}/${a.key}`;
        expect(a.title.length, at).toBeGreaterThan(0);
        expect(a.title.length, at).toBeLessThanOrEqual(140);
        expect(a.text.length, at).toBeGreaterThan(20);
        expect(a.text.length, at).toBeLessThanOrEqual(300);
        if (a.time !== undefined) expect(a.time, at).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        if (a.rate !== undefined) expect(a.rate >= 0 && a.rate <= 5, at).toBe(true);
        if (a.link !== undefined) expect(a.link, at).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]{2,}\//);
        for (const rev of a.reviews ?? []) {
          expect(rev.rating >= 1 && rev.rating <= 5, at).toBe(true);
          expect(rev.author_name.length, at).toBeGreaterThan(0);
          expect(rev.text.length, at).toBeGreaterThan(0);
        }
        if (a.openingHours) expect(a.openingHours.length, at).toBe(7);
      }
      // Within a day, planned times go forward.
      r.days.forEach((d, i) => {
        const times = d.attractions.flatMap((a) => (a.time ? [a.time] : []));
        expect(times, `ride ${r.id} day ${i + 1}`).toEqual([...times].sort());
      });
    }
  });

  it('cover the nights with accommodations that fit the trip and do not overlap', () => {
    for (const r of demoRides) {
      expect(r.accommodations.length, `ride ${r.id}`).toBeGreaterThan(0);
      const sorted = [...r.accommodations].sort((a, b) => a.firstDay - b.firstDay);
      let nextFree = 0;
      for (const h of sorted) {
        const at = `${r.id}/${h.name}`;
        expect(Number.isInteger(h.firstDay) && h.firstDay >= 0, at).toBe(true);
        expect(Number.isInteger(h.nights) && h.nights >= 1, at).toBe(true);
        expect(h.firstDay + h.nights, at).toBeLessThanOrEqual(r.days.length);
        expect(h.firstDay, `${at} overlaps the previous stay`).toBeGreaterThanOrEqual(nextFree);
        nextFree = h.firstDay + h.nights;
        expect(h.name.length, at).toBeGreaterThan(0);
        expect(h.name.length, at).toBeLessThanOrEqual(140);
        expect(h.cuntry_and_city, at).toMatch(/^[^,]+, [^,]+$/);
        if (h.booking_confirmation !== undefined)
          expect(h.booking_confirmation.length, at).toBeLessThanOrEqual(40);
        if (h.status === 'booked') expect(h.booking_confirmation, at).toBeTruthy();
        if (h.rate !== undefined) expect(h.rate >= 0 && h.rate <= 5, at).toBe(true);
      }
      const nights = r.accommodations.reduce((n, h) => n + h.nights, 0);
      expect(nights, `ride ${r.id} nights`).toBe(r.days.length - 1);
    }
  });

  it('suggest accommodations on base trips and book them on the copy', () => {
    for (const r of demoRides.filter((x) => x.author === 'planner')) {
      for (const h of r.accommodations) expect(h.status, `${r.id}/${h.name}`).toBe('base_trip_accomodation');
    }
    const copy = demoRides.find((r) => r.id === 843);
    expect(copy?.basedRideId).toBe(1);
    const booked = copy?.accommodations.filter((h) => h.status === 'booked').length ?? 0;
    expect(booked * 2).toBeGreaterThan(copy?.accommodations.length ?? 0);
  });

  it('keep titles within 140 characters and trip texts to simple HTML', () => {
    for (const r of demoRides) {
      expect(r.title.length, `ride ${r.id}`).toBeLessThanOrEqual(140);
      const tags = [...r.text.matchAll(/<\/?([a-z]+)[^>]*>/g)].map((m) => m[1]);
      expect(tags.length, `ride ${r.id}`).toBeGreaterThan(0);
      for (const t of tags) expect(ALLOWED_TAGS.has(t ?? ''), `ride ${r.id} tag <${t}>`).toBe(true);
      expect(r.extraInformation.length, `ride ${r.id}`).toBeGreaterThanOrEqual(1);
      expect(r.extraInformation.length, `ride ${r.id}`).toBeLessThanOrEqual(3);
      expect(
        r.days.some((d) => d.note),
        `ride ${r.id} has a day note`,
      ).toBe(true);
    }
  });

  it('write Hebrew trips in Hebrew and English trips without Hebrew', () => {
    for (const r of demoRides) {
      if (r.language === 'hebrew') {
        expect(r.title, `ride ${r.id}`).toMatch(HEBREW);
        for (const a of attractionsOf(r)) expect(a.title, `${r.id}/${a.key}`).toMatch(HEBREW);
        for (const e of r.extraInformation) expect(e.title, `ride ${r.id}`).toMatch(HEBREW);
        for (const h of r.accommodations) expect(h.cuntry_and_city, `${r.id}/${h.name}`).toMatch(HEBREW);
      } else {
        for (const t of textsOf(r)) expect(t, `ride ${r.id}`).not.toMatch(HEBREW);
      }
    }
  });
});
