import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ADDRESSES } from '@rides/contract';
import { resolveOldRoute } from '../src/app/old-route-redirect';
import { OLD_ROUTES, type OldRoute } from '../src/lib/old-routes';

/**
 * The router's screens: the contract's address table, which the router declares (read from its source: the router
 * module needs the build's virtual modules).
 */
const routerSource = readFileSync(join(import.meta.dirname, '../src/app/router.tsx'), 'utf8');
const screens = Object.values(ADDRESSES).map((path: string) => ({ path }));

/** Where each old route of 002 §2.1 goes (decision 0039), with and without a trip id, with garbage, query kept. */
const cases: [OldRoute, string, number | null, string][] = [
  ['/old', '', null, '/'],
  ['/old', '?utm_source=mail', 7, '/?utm_source=mail'],
  ['/popups', '?x=1', null, '/?x=1'],
  // The trip page of ?id=, else the last viewed trip, else the trip search; ?id is in the path then, the rest kept.
  ['/single_ride', '?id=72', null, '/single_ride_with_map/72'],
  ['/single_ride', '?id=72&day=2&utm=a', 9, '/single_ride_with_map/72?day=2&utm=a'],
  ['/single_Ride_map', '?rideId=843', null, '/single_ride_with_map/843'],
  ['/single_Ride_map', '', 9, '/single_ride_with_map/9'],
  ['/single_ride_with_map', '', 9, '/single_ride_with_map/9'],
  ['/single_ride_with_map', '', null, '/search_ride'],
  ['/single_ride_with_map', '?lang=he', null, '/search_ride?lang=he'],
  // Garbage ids are no id: the last trip, or the search.
  ['/single_ride', '?id=abc', 9, '/single_ride_with_map/9'],
  ['/single_ride', '?id=-4', null, '/search_ride'],
  ['/single_ride', '?id=0', null, '/search_ride'],
  ['/single_ride', '?id=1e3', null, '/search_ride'],
  ['/single_ride', '?id=99999999999', null, '/search_ride'],
  ['/single_ride', '?id=%3Cscript%3E', null, '/search_ride'],
  ['/single_map_with_all_search_on_map', '?start_date=01-01-2030', null, '/global_map?start_date=01-01-2030'],
  ['/ride_checklist', '?id=12', null, '/ride_checklist/12'],
  ['/ride_checklist', '', 9, '/ride_checklist/9'],
  ['/ride_checklist', '?id=x', null, '/user_rides'],
  [
    '/attraction',
    '?lat=31.7&lng=35.2&place=J',
    null,
    '/serch_attractions_with_map?lat=31.7&lng=35.2&place=J',
  ],
  ['/serch_attractions', '', 9, '/serch_attractions_with_map'],
  ['/add_new_attraction_to_ride_old', '?rideId=5&day=2', null, '/add_new_attraction_to_ride?rideId=5&day=2'],
  ['/add_new_attraction_to_ride_old', '?id=5&day=2', null, '/add_new_attraction_to_ride?rideId=5&day=2'],
  ['/add_new_attraction_to_ride_old', '?day=zz', 9, '/add_new_attraction_to_ride?day=zz'],
  ['/user_rides_old', '?category=draft', null, '/user_rides?category=draft'],
  ['/ride_information_old', '?id=5', null, '/ride_information/5'],
  ['/ride_information_old', '?id=nope', 9, '/ride_information'],
  ['/upload', '?id=5', null, '/single_ride_with_map/5'],
  ['/upload', '', null, '/user_rides'],
  ['/add_images', '?id=5', null, '/add_images/5'],
  ['/add_images', '', null, '/user_rides'],
  [
    '/add_accommodations_image',
    '?rideId=5&first_time=true',
    null,
    '/add_accommodations_image/5?first_time=true',
  ],
  ['/add_accommodations_image', '', 9, '/add_accommodations_image/9'],
  ['/add_accommodation_from_image', '?id=x', null, '/user_rides'],
  ['/add_accommodation_from_image', '', 9, '/add_accommodations_image/9'],
];

describe('old routes (002 §2.1, decision 0039)', () => {
  it.each(cases)('%s%s (last trip %s) goes to %s', (route, search, last, to) => {
    expect(resolveOldRoute(route, search, last)).toBe(to);
  });

  it('every old route has a case, and every address it gives is a screen of the router (not the not-found page)', () => {
    expect(new Set(cases.map((c) => c[0]))).toEqual(new Set(OLD_ROUTES));
    for (const [route, search, last] of cases) {
      const to = resolveOldRoute(route, search, last);
      const matched = matchRoutes(screens, to.split('?')[0]!) ?? [];
      expect(matched.at(-1)?.route.path, to).toBeDefined();
      expect(OLD_ROUTES as readonly string[]).not.toContain(matched.at(-1)?.route.path);
    }
  });

  it('the router declares every address of the table, and no path of its own', () => {
    for (const name of Object.keys(ADDRESSES)) expect(routerSource).toContain(`path: ADDRESSES.${name},`);
    expect(routerSource).not.toMatch(/path: ['"`](?!\*')/);
  });

  it('the router declares every old route (none falls to the not-found page)', () => {
    // Each path of the list with the loader of that path (its module loaded when the address is opened).
    expect(routerSource).toMatch(
      /\.\.\.OLD_ROUTES\.map\(\(path\) => \(\{\s*path,\s*lazy: async \(\) => \(\{ loader: \(await import\('\.\/old-route-redirect'\)\)\.oldRouteLoader\(path\) \}\),/,
    );
  });
});
