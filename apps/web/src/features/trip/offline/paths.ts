/** The offline routes of 002 §2.1. */
export const OFFLINE_PATH = '/offline_ride_view';
export const REDIRECT_TO_CACHED_PATH = '/redirect_to_cached_ride_if_exists';
