/**
 * Query keys that several features read or invalidate, each written once here (a key typed twice drifts: an
 * invalidation that misses its query leaves a stale list on screen).
 */
export const queryKeys = {
  /** user_rides_api, one list per signed-in viewer (their token); `all` is every viewer's, for invalidation. */
  userRides: {
    all: ['user_rides'] as const,
    of: (viewer: string) => ['user_rides', viewer] as const,
  },
};
