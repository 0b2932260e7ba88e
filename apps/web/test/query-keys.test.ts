import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accessKeyInformationKeys, accessKeyInformationQuery } from '../src/features/trip/access-keys/api/access-keys';
import { tripAccommodationsQuery } from '../src/features/trip/accommodations/api/accommodations';
import { activitySearchQuery, addActivityKeys } from '../src/features/trip/add-activity/api/activity-search';
import {
  managerAttractionsNearQuery,
  tripAttractionsNearQuery,
} from '../src/features/trip/add-activity/api/trip-attractions-near';
import { userTripsQuery } from '../src/features/my-trips/api/user-trips';
import { bookingsKeys, bookingsQuery } from '../src/features/trip/bookings/api/bookings';
import {
  newTripInformationQuery,
  tripInformationKeys,
  tripInformationQuery,
} from '../src/features/trip/information/api/trip-information';
import { attractionQuery } from '../src/features/trip/view/api/attraction';
import { categoriesQuery } from '../src/lib/categories';
import { queryKeys } from '../src/lib/query-keys';
import { tripAttractionsQuery } from '../src/features/trip/data/trip-attractions';
import { tripHeaderQuery } from '../src/features/trip/data/trip-header';
import { tripAttractionsKeys, tripHeaderKeys } from '../src/lib/trip-keys';

/** An invalidation by `prefix` reaches `key` (react-query matches keys by their leading elements). */
const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  expect(key.slice(0, prefix.length)).toEqual(prefix);

const point = { lat: 31.5, lng: 35.1 };

describe('query-key factories: each invalidation reaches the queries it means', () => {
  it('the trip view: one trip, every trip; the header: every viewer of one trip', () => {
    expect(tripAttractionsQuery(7).queryKey).toEqual(tripAttractionsKeys.of(7));
    startsWith(tripAttractionsKeys.of(7), tripAttractionsKeys.all);
    startsWith(tripHeaderQuery(7, 'token-a').queryKey, tripHeaderKeys.trip(7));
    startsWith(tripHeaderQuery(7, null).queryKey, tripHeaderKeys.trip(7));
    expect(tripHeaderQuery(7, 'token-a').queryKey).not.toEqual(tripHeaderQuery(7, 'token-b').queryKey);
    expect(tripHeaderQuery(8, 'token-a').queryKey.slice(0, 2)).not.toEqual(tripHeaderKeys.trip(7));
  });

  it('an attraction, my trips, the categories', () => {
    startsWith(attractionQuery(3, 'hebrew').queryKey, queryKeys.attraction.all);
    expect(attractionQuery(3, 'hebrew').queryKey).toEqual(queryKeys.attraction.of(3, 'hebrew'));
    startsWith(userTripsQuery('token-a').queryKey, queryKeys.userTrips.all);
    expect(categoriesQuery().queryKey).toEqual(queryKeys.categories);
  });

  it("a trip's bookings: one viewer's list, every viewer's after a write", () => {
    expect(bookingsQuery(7, 'token-a').queryKey).toEqual(bookingsKeys.of(7, 'token-a'));
    startsWith(bookingsQuery(7, 'token-a').queryKey, bookingsKeys.trip(7));
    expect(bookingsQuery(8, 'token-a').queryKey.slice(0, 2)).not.toEqual(bookingsKeys.trip(7));
  });

  it("the add-activity page's three searches sit under the trip's key; another trip's do not", () => {
    for (const key of [
      activitySearchQuery(7, point, 'googleAttractions', 'v').queryKey,
      tripAttractionsNearQuery(7, point, 'v').queryKey,
      managerAttractionsNearQuery(7, point, null).queryKey,
    ]) {
      startsWith(key, addActivityKeys.trip(7));
      expect(key.slice(0, 2)).not.toEqual(addActivityKeys.trip(8));
    }
    expect(tripAttractionsNearQuery(7, point, 'v').queryKey).not.toEqual(
      managerAttractionsNearQuery(7, point, 'v').queryKey,
    );
  });

  it("the trip information form (every viewer's), the new trip's form, the stays", () => {
    startsWith(tripInformationQuery(7, 'v').queryKey, tripInformationKeys.of(7));
    startsWith(newTripInformationQuery('v').queryKey, tripInformationKeys.of('new'));
    expect(tripAccommodationsQuery(7).queryKey).toEqual(['ride_accommodations', 7]);
  });

  it("the join page's read again after a refused join: every viewer's copy of that key, not another key's", () => {
    startsWith(accessKeyInformationQuery('Ab_9', 'token-a').queryKey, accessKeyInformationKeys.key('Ab_9'));
    startsWith(accessKeyInformationQuery('Ab_9', null).queryKey, accessKeyInformationKeys.key('Ab_9'));
    expect(accessKeyInformationQuery('Cd_0', null).queryKey.slice(0, 2)).not.toEqual(
      accessKeyInformationKeys.key('Ab_9'),
    );
  });
});

/** Every file of the web app's source, recursively. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('no key is typed out where it is used', () => {
  it('invalidations, reads and writes of the cache take a factory, never an array literal', () => {
    const use =
      /\b(?:invalidateQueries|cancelQueries|removeQueries|refetchQueries|resetQueries|setQueryData|getQueryData|ensureQueryData)\(\s*(?:\{\s*queryKey:\s*)?\[/;
    const src = join(import.meta.dirname, '../src');
    const offenders = sourceFiles(src)
      .map((file) => relative(src, file))
      .filter((file) => use.test(readFileSync(join(src, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
