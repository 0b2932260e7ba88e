import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ADDRESSES, pageLink } from '@rides/contract';
import { paths } from '../src/lib/paths';

/**
 * Every address a link builds is one the router's pattern for that screen (the contract's table) matches, read as
 * React Router reads it, with the same parameters.
 */
describe('the route table', () => {
  it.each([
    ['trip', paths.trip(12), ADDRESSES.trip, { rideId: '12' }],
    [
      'tripAttraction',
      paths.tripAttraction(12, 34),
      ADDRESSES.tripAttraction,
      { rideId: '12', attractionId: '34' },
    ],
    ['fullMap', paths.fullMap(12, 3), ADDRESSES.fullMap, { rideId: '12', dayId: '3' }],
    ['privateLanding', paths.privateLanding(12), ADDRESSES.privateLanding, { rideId: '12' }],
    ['extraInformation', paths.extraInformation(12), ADDRESSES.extraInformation, { rideId: '12' }],
    ['tripCalendar', paths.tripCalendar(12), ADDRESSES.tripCalendar, { rideId: '12' }],
    ['tripChecklist', paths.tripChecklist(12), ADDRESSES.tripChecklist, { rideId: '12' }],
    ['rideInformation', paths.rideInformation(12), ADDRESSES.rideInformation, { rideId: '12' }],
    ['rideInformation (a new trip)', paths.rideInformation(), ADDRESSES.rideInformation, {}],
    ['accessKey', paths.accessKey(12), ADDRESSES.accessKey, { rideId: '12' }],
    ['oneTimeKey', paths.oneTimeKey(12), ADDRESSES.oneTimeKey, { rideId: '12' }],
    ['addImages', paths.addImages(12), ADDRESSES.addImages, { rideId: '12' }],
    [
      'addAccommodationsImage',
      paths.addAccommodationsImage(12),
      ADDRESSES.addAccommodationsImage,
      { rideId: '12' },
    ],
    ['join', paths.join('Ab_9-x'), ADDRESSES.join, { rideKey: 'Ab_9-x' }],
    ['join (key from session storage)', paths.join(), ADDRESSES.join, {}],
    ['joinConsulting', paths.joinConsulting('Ab_9-x'), ADDRESSES.joinConsulting, { rideKey: 'Ab_9-x' }],
    [
      'searchRideByName',
      paths.searchRideByName(' Eilat '),
      ADDRESSES.searchRideByName,
      { locationName: 'Eilat' },
    ],
  ])('%s: %s', (_, path, pattern, params) => {
    expect(matchPath(pattern, path)?.params).toEqual(params);
  });

  it('the trip page at a day: ?day=N on the same address', () => {
    const url = new URL(paths.trip(12, 4), 'https://x.example');
    expect(matchPath(ADDRESSES.trip, url.pathname)?.params).toEqual({ rideId: '12' });
    expect(url.searchParams.get('day')).toBe('4');
  });

  it('types each page’s parameters (this file is type-checked: each line below must be a type error)', () => {
    // @ts-expect-error the trip page needs its id
    expect(pageLink(ADDRESSES.trip)).toBe('/single_ride_with_map');
    // @ts-expect-error an id is a number
    expect(pageLink(ADDRESSES.trip, { rideId: '12' })).toBe('/single_ride_with_map/12');
    // @ts-expect-error a page without parameters takes none
    expect(pageLink(ADDRESSES.home, {})).toBe('/');
    // @ts-expect-error the consulting join needs its key
    expect(pageLink(ADDRESSES.joinConsulting, {})).toBe('/assign_to_ride_with_consulting');
  });
});
