/**
 * The routes of 002 §2.1 that have no screen of their own (old pages, pages without an id, spellings of the first
 * app): each leads to the screen that serves its purpose, keeping the query parameters (decision 0039). A garbage
 * parameter is the same as a missing one, so an old link always lands on a real page. The router declares these
 * paths (every page's start carries this list); where each goes is old-route-redirect.ts, loaded when one is opened.
 */
export const OLD_ROUTES = [
  '/old',
  '/single_ride',
  '/single_Ride_map',
  '/single_ride_with_map',
  '/single_map_with_all_search_on_map',
  '/ride_checklist',
  '/attraction',
  '/serch_attractions',
  '/add_new_attraction_to_ride_old',
  '/user_rides_old',
  '/ride_information_old',
  '/upload',
  '/add_images',
  '/add_accommodations_image',
  '/add_accommodation_from_image',
  '/popups',
] as const;
export type OldRoute = (typeof OLD_ROUTES)[number];
