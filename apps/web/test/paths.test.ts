import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { JOIN_ROUTES, paths, TRIP_ROUTES } from '../src/lib/paths';

/** Every trip address a link builds is one the router's pattern for that screen matches, with the same ids. */
describe('the route table', () => {
  it.each([
    ['trip', paths.trip(12), TRIP_ROUTES.trip, { rideId: '12' }],
    [
      'tripAttraction',
      paths.tripAttraction(12, 34),
      TRIP_ROUTES.tripAttraction,
      { rideId: '12', attractionId: '34' },
    ],
    ['fullMap', paths.fullMap(12, 3), TRIP_ROUTES.fullMap, { rideId: '12', dayId: '3' }],
    ['privateLanding', paths.privateLanding(12), TRIP_ROUTES.privateLanding, { rideId: '12' }],
    ['extraInformation', paths.extraInformation(12), TRIP_ROUTES.extraInformation, { rideId: '12' }],
    ['tripCalendar', paths.tripCalendar(12), TRIP_ROUTES.calendar, { rideId: '12' }],
    ['tripChecklist', paths.tripChecklist(12), TRIP_ROUTES.checklist, { rideId: '12' }],
    ['rideInformation', paths.rideInformation(12), TRIP_ROUTES.rideInformation, { rideId: '12' }],
    ['rideInformation (a new trip)', paths.rideInformation(), TRIP_ROUTES.rideInformation, {}],
    ['accessKey', paths.accessKey(12), TRIP_ROUTES.accessKey, { rideId: '12' }],
    ['oneTimeKey', paths.oneTimeKey(12), TRIP_ROUTES.oneTimeKey, { rideId: '12' }],
    ['addImages', paths.addImages(12), TRIP_ROUTES.addImages, { rideId: '12' }],
    [
      'addAccommodationsImage',
      paths.addAccommodationsImage(12),
      TRIP_ROUTES.addAccommodationsImage,
      { rideId: '12' },
    ],
    ['join', paths.join('Ab_9-x'), JOIN_ROUTES.join, { rideKey: 'Ab_9-x' }],
    ['join (key from session storage)', paths.join(), JOIN_ROUTES.join, {}],
    ['joinConsulting', paths.joinConsulting('Ab_9-x'), JOIN_ROUTES.joinConsulting, { rideKey: 'Ab_9-x' }],
  ])('%s: %s', (_, path, pattern, params) => {
    expect(matchPath(pattern, path)?.params).toEqual(params);
  });

  it('the trip page at a day: ?day=N on the same address', () => {
    const url = new URL(paths.trip(12, 4), 'https://x.example');
    expect(matchPath(TRIP_ROUTES.trip, url.pathname)?.params).toEqual({ rideId: '12' });
    expect(url.searchParams.get('day')).toBe('4');
  });
});
