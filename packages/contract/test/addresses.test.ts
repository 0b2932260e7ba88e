import { describe, expect, it } from 'vitest';
import {
  ADDRESSES,
  matchAddress,
  OLD_ADDRESSES,
  pageId,
  pageLink,
  type AddressName,
} from '../src/addresses.js';

const names = Object.keys(ADDRESSES) as AddressName[];

/** Each page's link with sample parameters (every parameter given). */
const SAMPLE: { [N in AddressName]?: Record<string, string | number> } = {
  trip: { rideId: 12 },
  tripAttraction: { rideId: 12, attractionId: 34 },
  fullMap: { rideId: 12, dayId: 3 },
  privateLanding: { rideId: 12 },
  extraInformation: { rideId: 12 },
  tripCalendar: { rideId: 12 },
  tripChecklist: { rideId: 12 },
  rideInformation: { rideId: 12 },
  accessKey: { rideId: 12 },
  oneTimeKey: { rideId: 12 },
  join: { rideKey: 'Ab_9-x' },
  joinConsulting: { rideKey: 'Ab_9-x' },
  invite: { token: 'Ab_9-x' },
  addImages: { rideId: 12 },
  addAccommodationsImage: { rideId: 12 },
  searchRideByName: { locationName: 'תל אביב/יפו' },
  hotelSearchByName: { locationName: 'Rome' },
};
const linkOf = (name: AddressName): string =>
  (pageLink as (a: string, p?: Record<string, string | number>) => string)(ADDRESSES[name], SAMPLE[name]);

/** 002 §2.1, as the spec lists it: 61 addresses ({...} a parameter). */
// prettier-ignore
const SPEC_ROUTES = [
  '/', '/old', '/about', '/terms_of_use', '/privacy_policy', '/delete_user', '/upload', '/oauth2/callback', '/popups',
  '/for-planners', '/reset-password', '/request-password-reset',
  '/single_ride', '/single_Ride_map', '/single_ride_with_map', '/single_ride_with_map/{id}',
  '/single_map_with_all_search_on_map', '/full_screen_single_ride_map/{id}/{dayId}',
  '/single_ride_with_map_attraction/{id}/{attractionId}', '/ride_checklist', '/ride_checklist/{id}',
  '/offline_ride_view', '/global_rides', '/global_map',
  '/add_images', '/add_images/{ride_id}', '/add_attraction', '/add_accommodations_image',
  '/add_accommodations_image/{ride_id}', '/add_accommodation_from_image', '/editing_atractions_uniqnes',
  '/insert_new_ride_from_google_photos', '/add_new_attraction_to_ride_old', '/add_new_attraction_to_ride',
  '/attraction', '/attractionInformation', '/accommodation', '/booking',
  '/serch_attractions', '/serch_attractions_with_map', '/ride_manager_attraction', '/search_ride',
  '/search_ride_by_name/{location_name}', '/search_accommodations', '/search_accommodations_by_name/{location_name}',
  '/user_rides', '/user_rides_old', '/ride_information', '/ride_information_old', '/ride_extra_information/{ride_id}',
  '/ride_access_key_information/{ride_key}', '/generate_one_ride_access_key/{ride_id}', '/assign_to_ride',
  '/assign_to_ride/{ride_key}', '/assign_to_ride_with_consulting/{ride_key}', '/private_page_landing/{ride_id}',
  '/admin/categories', '/admin/device_management', '/admin/ride_manager_billing', '/admin/one_time_access_usage',
  '/redirect_to_cached_ride_if_exists',
];
/** Our own pages, beyond the spec's table. */
const OURS: AddressName[] = ['signInLink', 'tripCalendar', 'devMap', 'invite'];

/** The table's pages a path is an address of. */
const pagesOf = (path: string) => names.filter((name) => matchAddress(ADDRESSES[name], path) !== null);

describe('the address table (decision 0055)', () => {
  it.each(names)('%s: its link is its own address, and no other page’s', (name) => {
    const link = linkOf(name);
    expect(matchAddress(ADDRESSES[name], link)).toEqual(SAMPLE[name] ?? {});
    expect(pagesOf(link)).toEqual([name]);
  });

  it('holds every route of 002 §2.1, each once (a page of its own, or an old address), and ours', () => {
    expect(SPEC_ROUTES).toHaveLength(61);
    const sample = (route: string) =>
      route.replace(/\{location_name\}/, 'Rome').replace(/\{[a-zA-Z_]+\}/g, '12');
    const pages = new Set<AddressName>();
    for (const route of SPEC_ROUTES) {
      const path = sample(route);
      const of = pagesOf(path);
      if ((OLD_ADDRESSES as readonly string[]).includes(route)) expect(of, route).toEqual([]);
      else expect(of, route).toHaveLength(1);
      of.forEach((name) => pages.add(name));
    }
    expect(new Set([...pages, ...OURS])).toEqual(new Set(names));
  });

  it('builds links: parameters are one path segment each; an absent optional one drops its segment', () => {
    expect(pageLink(ADDRESSES.home)).toBe('/');
    expect(pageLink(ADDRESSES.myTrips)).toBe('/user_rides');
    expect(pageLink(ADDRESSES.trip, { rideId: 12 })).toBe('/single_ride_with_map/12');
    expect(pageLink(ADDRESSES.fullMap, { rideId: 12, dayId: 3 })).toBe('/full_screen_single_ride_map/12/3');
    expect(pageLink(ADDRESSES.rideInformation)).toBe('/ride_information');
    expect(pageLink(ADDRESSES.rideInformation, { rideId: 5 })).toBe('/ride_information/5');
    expect(pageLink(ADDRESSES.join)).toBe('/assign_to_ride');
    expect(pageLink(ADDRESSES.join, { rideKey: 'a/b c?' })).toBe('/assign_to_ride/a%2Fb%20c%3F');
    expect(pageLink(ADDRESSES.searchRideByName, { locationName: 'Tel Aviv' })).toBe(
      '/search_ride_by_name/Tel%20Aviv',
    );
  });

  it('reads a page id as the trip page does: 1 to 9 digits, not 0', () => {
    expect(pageId('1')).toBe(1);
    expect(pageId('012')).toBe(12);
    expect(pageId('999999999')).toBe(999_999_999);
    for (const bad of [undefined, '', '0', '000', '1000000000', '-1', '+1', '1e3', '12a', ' 12', '1.0', '١٢'])
      expect(pageId(bad), String(bad)).toBeNull();
  });

  it.each([
    // The trip page (the server's rendering, preloads and trip data read these).
    ['trip', '/single_ride_with_map/12', { rideId: 12 }],
    ['trip', '/single_ride_with_map/12/', { rideId: 12 }],
    ['trip', '/single_ride_with_map/007', { rideId: 7 }],
    ['trip', '/single_ride_with_map/999999999', { rideId: 999_999_999 }],
    ['trip', '/single_ride_with_map/1234567890', null],
    ['trip', '/single_ride_with_map/0', null],
    ['trip', '/single_ride_with_map/abc', null],
    ['trip', '/single_ride_with_map/12//', null],
    ['trip', '/single_ride_with_map//12', null],
    ['trip', '/single_ride_with_map/12/3', null],
    ['trip', '/single_ride_with_map', null],
    ['trip', '/Single_Ride_With_Map/12', null],
    ['trip', 'single_ride_with_map/12', null],
    ['tripAttraction', '/single_ride_with_map_attraction/12/34/', { rideId: 12, attractionId: 34 }],
    ['tripAttraction', '/single_ride_with_map_attraction/12', null],
    ['tripAttraction', '/single_ride_with_map_attraction/12/0', null],
    ['fullMap', '/full_screen_single_ride_map/12/3', { rideId: 12, dayId: 3 }],
    ['fullMap', '/full_screen_single_ride_map/12', null],
    // Pages without parameters: one trailing slash at most.
    ['home', '/', {}],
    ['home', '//', null],
    ['home', '', null],
    ['forPlanners', '/for-planners', {}],
    ['forPlanners', '/for-planners/', {}],
    ['forPlanners', '/for-planners/x', null],
    ['forPlanners', '/for-plannersx', null],
    // Texts are decoded; a broken encoding is no address; an optional one may be absent.
    ['searchRideByName', '/search_ride_by_name/Tel%20Aviv', { locationName: 'Tel Aviv' }],
    ['searchRideByName', '/search_ride_by_name/%E0%A4%A', null],
    ['searchRideByName', '/search_ride_by_name', {}],
    ['searchRideByName', '/search_ride_by_name/', {}],
    ['join', '/assign_to_ride', {}],
    ['joinConsulting', '/assign_to_ride_with_consulting', null],
  ] as const)('%s: %s', (name, path, params) => {
    expect(matchAddress(ADDRESSES[name], path)).toEqual(params);
  });

  it('has no address twice, and no old address that is a page', () => {
    const patterns = Object.values(ADDRESSES);
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const old of OLD_ADDRESSES) expect(pagesOf(old), old).toEqual([]);
  });
});
