import { SIGN_IN_LINK_PATH } from '@rides/contract';

/** Paths of the route table (002 §2.1) that exist in this build. Add a path here when its screen lands. */
export const PATHS = {
  home: '/',
  about: '/about',
  terms: '/terms_of_use',
  privacy: '/privacy_policy',
  deleteUser: '/delete_user',
  requestPasswordReset: '/request-password-reset',
  resetPassword: '/reset-password',
  /** Where a mailed sign-in link lands (decision 0052); without a token, the page that asks for one. */
  signInLink: SIGN_IN_LINK_PATH,
  oauthCallback: '/oauth2/callback',
  /** The planners landing page (002 §2.8). */
  forPlanners: '/for-planners',
  /** The platform admin's device management (002 §2.3; decision 0035: admins only). */
  deviceManagement: '/admin/device_management',
  /** Billing per planner and one-time access usage (002 §2.4, §2.5; decision 0038: admins only). */
  rideManagerBilling: '/admin/ride_manager_billing',
  oneTimeAccessUsage: '/admin/one_time_access_usage',
  /** My trips (001 §2 "user rides"). */
  myTrips: '/user_rides',
  /** The planner's library (001 §2 /ride_manager_attraction: managers only) and the categories it leads to. */
  plannerLibrary: '/ride_manager_attraction',
  categories: '/admin/categories',
  /** Attraction uniqueness groups (001 §2, 002 §2.1; decision 0040: managers and platform admins). */
  uniquenessGroups: '/editing_atractions_uniqnes',
  /** A new trip from photos (002 §2.1, issue 20). */
  newTripFromPhotos: '/insert_new_ride_from_google_photos',
} as const;

/**
 * The trip's screens: the pattern the router declares (app/router.tsx) and, in `paths`, the typed builder every link
 * uses, so a trip's address is written once. 002 §2.1's addresses; the calendar's and the checklist's are ours.
 */
export const TRIP_ROUTES = {
  trip: '/single_ride_with_map/:rideId',
  /** The trip page opening one attraction's details on load (000 §2). */
  tripAttraction: '/single_ride_with_map_attraction/:rideId/:attractionId',
  /** The full-screen map of one day; the day is 1-based ("day N"), as the address shows it. */
  fullMap: '/full_screen_single_ride_map/:rideId/:dayId',
  /** 001 §2: where a trip page goes when its reader has no access to the private trip. */
  privateLanding: '/private_page_landing/:rideId',
  /** 001 §2 "Extra information form": the trip's general information and its day notes. */
  extraInformation: '/ride_extra_information/:rideId',
  calendar: '/ride_calendar/:rideId',
  /** The bookings checklist (000 §2 "Accommodation checklist page"). */
  checklist: '/ride_checklist/:rideId',
  /** 001 §2 trip information: without an id, a new trip; with one, its author's form. */
  rideInformation: '/ride_information/:rideId?',
  /** 001 §2: the planner's access page of a private trip (the spec's {ride_key} holds a ride id). */
  accessKey: '/ride_access_key_information/:rideId',
  /** 001 §2: a one-time link for one recipient. */
  oneTimeKey: '/generate_one_ride_access_key/:rideId',
  addImages: '/add_images/:rideId',
  addAccommodationsImage: '/add_accommodations_image/:rideId',
} as const;

/**
 * 001 §2, §4: joining a private trip by its access key. The key may also come from session storage (JOIN_KEY_STORAGE),
 * and the address is then reset to /assign_to_ride; the consulting context offers the planner's meeting calendar.
 */
export const JOIN_ROUTES = {
  join: '/assign_to_ride/:rideKey?',
  joinConsulting: '/assign_to_ride_with_consulting/:rideKey',
} as const;

/** Each builder fills its TRIP_ROUTES pattern (test/paths.test.ts matches every one against it, as the router does). */
export const paths = {
  /** The trip page; `day` (1-based) scrolls it to that day (the full-screen map's "back", the add-activity page). */
  trip: (rideId: number, day?: number) =>
    `/single_ride_with_map/${rideId}${day === undefined ? '' : `?day=${day}`}`,
  tripAttraction: (rideId: number, attractionId: number) =>
    `/single_ride_with_map_attraction/${rideId}/${attractionId}`,
  fullMap: (rideId: number, day: number) => `/full_screen_single_ride_map/${rideId}/${day}`,
  privateLanding: (rideId: number) => `/private_page_landing/${rideId}`,
  extraInformation: (rideId: number) => `/ride_extra_information/${rideId}`,
  tripCalendar: (rideId: number) => `/ride_calendar/${rideId}`,
  tripChecklist: (rideId: number) => `/ride_checklist/${rideId}`,
  /** The author's trip information form (001 §2); without an id, the form of a new trip. */
  rideInformation: (rideId?: number) =>
    rideId === undefined ? '/ride_information' : `/ride_information/${rideId}`,
  accessKey: (rideId: number) => `/ride_access_key_information/${rideId}`,
  /** Add photos to a trip (002 §2.1; the trip from photos' flow into an existing trip). */
  addImages: (rideId: number) => `/add_images/${rideId}`,
  /** A stay from lodging photos (000 §2, 002 §2.1; ?first_time=true: the first-time lodging flow, 001 §4). */
  addAccommodationsImage: (rideId: number) => `/add_accommodations_image/${rideId}`,
  oneTimeKey: (rideId: number) => `/generate_one_ride_access_key/${rideId}`,
  /** The join page; without a key, the one kept in session storage. */
  join: (rideKey?: string) =>
    rideKey === undefined ? '/assign_to_ride' : `/assign_to_ride/${encodeURIComponent(rideKey)}`,
  joinConsulting: (rideKey: string) => `/assign_to_ride_with_consulting/${encodeURIComponent(rideKey)}`,
};

/** A same-site path we may send the user back to (never another origin, never the callback itself). */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return PATHS.home;
  if (value.startsWith(PATHS.oauthCallback)) return PATHS.home;
  return value;
}
