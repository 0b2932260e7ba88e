/**
 * Every react-query key is built by a factory, never typed out where it is used (a key typed twice drifts: an
 * invalidation that misses its query leaves a stale list on screen). Where a factory lives is where the key is
 * already loaded, so no page's first JavaScript grows to carry keys it does not use:
 *
 * - here: the keys several lazily loaded features read or invalidate (no first-load chunk imports this file);
 * - the trip's two reads, which the app's start fetches: lib/trip-keys.ts (tripAttractionsKeys, tripHeaderKeys), a
 *   module of its own so the trip page's first chunk carries only those;
 * - a key read and invalidated within one feature: beside its query in that feature's api/ (addActivityKeys,
 *   tripInformationKeys; an exact key is the query's own `xxxQuery(...).queryKey`);
 * - a key used only by its query: the query's `queryOptions` is its factory.
 * test/query-keys.test.ts checks that each factory's key is the one its query uses.
 */
export const queryKeys = {
  /** user_rides_api, one list per signed-in viewer (their token); `all` is every viewer's, for invalidation. */
  userTrips: {
    all: ['user_rides'] as const,
    of: (viewer: string) => ['user_rides', viewer] as const,
  },
  /** attraction_api/{id}/internal (the trip's details modal); `all`: an attraction changed in the editor. */
  attraction: {
    all: ['attraction'] as const,
    of: (id: number, language: string) => ['attraction', id, language] as const,
  },
  /** categories_api: the categories screen and the attraction editor's pickers share one cache entry. */
  categories: ['categories'] as const,
  /** fetch_ride_manager_attractions, per signed-in manager; `all`: an attraction of theirs changed in the editor. */
  plannerLibrary: {
    all: ['ride_manager_attractions'] as const,
    of: (viewer: string) => ['ride_manager_attractions', viewer] as const,
  },
};
