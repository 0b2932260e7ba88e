import { describe, expect, it } from 'vitest';
import { canResetTrip, isPrivateTrip } from '../src/features/trip-editing/lib/trip-rules';

/** "Reset trip" is offered only where reset_ride_to_original_order_api can work (000 §4, §6; 001 §4; decision 0015). */
describe('canResetTrip', () => {
  const resettable = {
    is_white_label: true,
    is_based_ride: false,
    is_locked: false,
    type: 'private' as const,
    ride_manager_id: 7,
    based_ride_id: 228,
  };

  it('the owner of a white-label, non-base, private, unlocked copy', () => {
    expect(canResetTrip(resettable, true)).toBe(true);
    // A planner's number alone marks a private trip (000 §3).
    expect(canResetTrip({ ...resettable, type: 'public' }, true)).toBe(true);
  });

  it.each([
    ['not the owner', resettable, false],
    ['not white-label', { ...resettable, is_white_label: false }, true],
    ['a base trip', { ...resettable, is_based_ride: true }, true],
    ['locked', { ...resettable, is_locked: true }, true],
    ['public', { ...resettable, type: 'public' as const, ride_manager_id: null }, true],
    ['no base trip to go back to', { ...resettable, based_ride_id: null }, true],
  ])('not: %s', (_name, ride, isAuthor) => {
    expect(canResetTrip(ride, isAuthor)).toBe(false);
  });

  it('a private trip is type private or one with a planner', () => {
    expect(isPrivateTrip({ type: 'private', ride_manager_id: null })).toBe(true);
    expect(isPrivateTrip({ type: 'public', ride_manager_id: 3 })).toBe(true);
    expect(isPrivateTrip({ type: 'public', ride_manager_id: null })).toBe(false);
  });
});
