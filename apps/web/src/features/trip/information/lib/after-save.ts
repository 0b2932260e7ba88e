import { accommodationPath } from '../../../../lib/screen-paths';
import { paths } from '../../../../lib/paths';
import type { TripFormMode } from './form-values';

/**
 * Where saving the trip's information leads, and what its button promises: one rule, so the button never says
 * "continue to add accommodations" and then lands on the trip (issue 30 point 7: a one-day trip from photos did).
 * The first pass of a trip from photos (001 §2 "save and continue to add accommodations") goes to the stay form from
 * the first night; a trip of one day has no night, so its button just saves and it goes to the trip.
 */
export function afterSave(
  mode: Exclude<TripFormMode, 'create'>,
  days: number,
  rideId: number,
): { label: 'saveAndAddAccommodations' | 'save'; to: string } {
  if (mode === 'firstTime' && days > 1)
    return { label: 'saveAndAddAccommodations', to: accommodationPath(rideId, { day: 1 }) };
  return { label: 'save', to: paths.trip(rideId) };
}
