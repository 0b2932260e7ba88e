import { describe, expect, it } from 'vitest';
import { tripIdOfPath } from '../src/features/trip/view/api/trip-page-address';
import { paths } from '../src/lib/paths';
import { parseId } from '../src/lib/format';

/** The app's start reads the trip from the address with the route table's patterns (no regular expression of its own). */
describe('the trip an address shows (the reads started at boot)', () => {
  it.each([
    [paths.trip(12), 12],
    [paths.trip(12, 3), 12],
    [`${paths.trip(12)}/`, 12],
    [paths.tripAttraction(12, 34), 12],
    [paths.fullMap(12, 3), 12],
    [paths.tripCalendar(12), 0],
    [paths.privateLanding(12), 0],
    ['/', 0],
    ['/single_ride_with_map/abc', 0],
    ['/single_ride_with_map/0', 0],
    ['/single_ride_with_map/1234567890', 0],
    // Not a page of the router (it shows "not found"): nothing is fetched for it.
    ['/single_ride_with_map/12/extra', 0],
  ])('%s -> %s', (path, id) => {
    expect(tripIdOfPath(new URL(path, 'https://x.example').pathname)).toBe(id);
  });

  it('parseId: a positive whole number of at most nine digits', () => {
    expect(parseId('7')).toBe(7);
    expect(parseId('007')).toBe(7);
    for (const bad of [undefined, '', '0', '-1', '1.5', '1e3', '1234567890']) expect(parseId(bad)).toBeNull();
  });
});
