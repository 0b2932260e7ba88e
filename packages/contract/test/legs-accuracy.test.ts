import { describe, expect, it } from 'vitest';
import { haversineKm } from '../src/index.js';
import { legErrors, routedLegs, summarise } from './routed-legs.js';

/**
 * Issue 36's bar for the estimate (decision 0071): against routed city legs, the median time error within 25 % for
 * walking and for driving. The legs are fixed data (bench/data/routed-legs.json, every one with its source), so this
 * is a quality check of the estimate's constants, not a timing: a change to legs.ts that makes the estimate worse on
 * real legs fails here. The full table (p90, bias, distances, per city) is `npm run bench -- legs-accuracy`.
 */
const legs = routedLegs();

describe('the recorded routed legs', () => {
  it('are city legs with their source and at least one figure', () => {
    for (const leg of legs) {
      const km = haversineKm(leg.from, leg.to);
      expect(km, `${leg.city} ${leg.source.repo}`).toBeGreaterThanOrEqual(0.2);
      expect(km, `${leg.city} ${leg.source.repo}`).toBeLessThanOrEqual(30);
      expect(leg.source.repo).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(leg.source.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(leg.distanceM !== null || leg.durationS !== null).toBe(true);
    }
  });

  it('hold more than 100 timed legs, walking and driving, from several cities', () => {
    const timed = legs.filter((l) => l.durationS !== null && l.mode !== 'bike');
    expect(timed.length).toBeGreaterThan(100);
    for (const mode of ['walk', 'drive'] as const) {
      const cities = new Set(timed.filter((l) => l.mode === mode).map((l) => l.city));
      expect(cities.size, mode).toBeGreaterThanOrEqual(5);
    }
  });
});

describe('the estimate against routed legs', () => {
  for (const mode of ['walk', 'drive'] as const) {
    it(`${mode}: median time error within 25 %`, () => {
      const { time } = legErrors(legs, mode);
      const summary = summarise(time);
      expect(summary.count).toBeGreaterThanOrEqual(20);
      expect(summary.median).toBeLessThanOrEqual(0.25);
    });
  }
});
