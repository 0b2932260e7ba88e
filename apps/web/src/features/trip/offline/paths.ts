/** The offline routes of 002 §2.1. */
export const OFFLINE_PATH = '/offline_ride_view';
