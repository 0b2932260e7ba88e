import { describe, expect, it } from 'vitest';
import { afterSave } from '../src/features/trip/information/lib/after-save';

/** Issue 30 point 7: "save and continue to add accommodations" always leads to adding a stay; no night, no promise. */
describe('afterSave: the button says where saving leads', () => {
  it.each([
    ['firstTime', 3, 'saveAndAddAccommodations', '/accommodation?rideId=7&day=1'],
    ['firstTime', 1, 'save', '/single_ride_with_map/7'],
    ['edit', 3, 'save', '/single_ride_with_map/7'],
  ] as const)('%s, %i days: %s -> %s', (mode, days, label, to) => {
    expect(afterSave(mode, days, 7)).toEqual({ label, to });
  });
});
