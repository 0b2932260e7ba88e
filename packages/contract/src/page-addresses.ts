/**
 * Every page address of the product, one constant each (issue 32 point 2, decision 0055): the spec's route table
 * (002 §2.1) and our own pages, as React Router patterns (":name" is one path segment, "?" makes it optional). Read
 * through the contract's ADDRESSES (addresses.ts: `ADDRESSES.trip`): constants, not an object's keys, so a bundle names
 * each one by a short variable and carries no key (every page's first JavaScript holds the router's table).
 */
export const home = '/';
export const about = '/about';
export const terms = '/terms_of_use';
export const privacy = '/privacy_policy';
export const deleteUser = '/delete_user';
export const requestPasswordReset = '/request-password-reset';
/** ?token=: the mailed reset link (002 §2.7). */
export const resetPassword = '/reset-password';
/** Where a mailed sign-in link lands, ?token= (decision 0052); without a token, the page that asks for one. */
export const signInLink = '/sign-in-link';
export const oauthCallback = '/oauth2/callback';
/** The planners landing page (002 §2.8): outside the site's layout. */
export const forPlanners = '/for-planners';

/** The trip page (000 §2); ?day=N (1-based) scrolls it to that day. */
export const trip = '/single_ride_with_map/:rideId';
/** The trip page opening one attraction's details on load (000 §2). */
export const tripAttraction = '/single_ride_with_map_attraction/:rideId/:attractionId';
/** The full-screen map of one day; the day is 1-based ("day N"), as the address shows it. */
export const fullMap = '/full_screen_single_ride_map/:rideId/:dayId';
/** 001 §2: where a trip page goes when its reader has no access to the private trip. */
export const privateLanding = '/private_page_landing/:rideId';
/** 001 §2 "Extra information form": the trip's general information and its day notes. */
export const extraInformation = '/ride_extra_information/:rideId';
/** The author's calendar view of the trip (ours). */
export const tripCalendar = '/ride_calendar/:rideId';
/** The bookings checklist (000 §2 "Accommodation checklist page"). */
export const tripChecklist = '/ride_checklist/:rideId';
/** 001 §2 trip information: without an id, a new trip; with one, its author's form. */
export const rideInformation = '/ride_information/:rideId?';
/** 001 §2: the planner's access page of a private trip (the spec's {ride_key} holds a ride id). */
export const accessKey = '/ride_access_key_information/:rideId';
/** 001 §2: a one-time link for one recipient. */
export const oneTimeKey = '/generate_one_ride_access_key/:rideId';
/**
 * 001 §2, §4: joining a private trip by its access key; without one, the key kept in session storage. The consulting
 * context offers the planner's meeting calendar.
 */
export const join = '/assign_to_ride/:rideKey?';
export const joinConsulting = '/assign_to_ride_with_consulting/:rideKey';
/** An invitation to plan a trip together (issue 33, decision 0063): who invites, the role; accept, signing in there. */
export const invite = '/invite/:token';
/** Add photos to a trip (002 §2.1; the trip from photos' flow into an existing trip). */
export const addImages = '/add_images/:rideId';
/** A stay from lodging photos (000 §2; ?first_time=true: the first-time lodging flow, 001 §4). */
export const addAccommodationsImage = '/add_accommodations_image/:rideId';
/** A new trip from photos (002 §2.1, issue 20). */
export const newTripFromPhotos = '/insert_new_ride_from_google_photos';

/** Trip search near a picked place (001 §2): ?lat&lng&place&mobility, the search is the address. */
export const searchRide = '/search_ride';
/** Trip search by a typed name (one path segment); an empty name goes to the attraction search. */
export const searchRideByName = '/search_ride_by_name/:locationName?';
/** Attraction search on a map (001 §2): ?lat&lng&place. */
export const attractionSearch = '/serch_attractions_with_map';
/** Where trips exist (002 §2.1): the map of search points, and every shared trip listed. */
export const globalMap = '/global_map';
export const globalRides = '/global_rides';

/** The add-activity page (000 §2): ?rideId&day (1-based), optionally &lat&lng&place. */
export const addActivity = '/add_new_attraction_to_ride';
/** A stay's edit page (decision 0018): ?rideId, and &id | &base | &day. */
export const accommodation = '/accommodation';
/** Hotel search (001 §2): ?lat&lng&place[&rideId]; by a typed name (one path segment). */
export const hotelSearch = '/search_accommodations';
export const hotelSearchByName = '/search_accommodations_by_name/:locationName?';
/** The booking partner's hotel map (000 §2 /booking): ?lat&lng[&checkin&checkout&place&rideId&aid&target_aid]. */
export const partnerMap = '/booking';
/** The attraction editor (decision 0020): create (?rideId&day) and edit (?attractionId[&rideId]). */
export const newAttraction = '/add_attraction';
export const attractionEdit = '/attractionInformation';

/** My trips (001 §2 "user rides"). */
export const myTrips = '/user_rides';
/** The planner's library (001 §2 /ride_manager_attraction: managers only). */
export const plannerLibrary = '/ride_manager_attraction';
/** Attraction uniqueness groups (001 §2; decision 0040: managers and platform admins). */
export const uniquenessGroups = '/editing_atractions_uniqnes';
/** The platform admin's and managers' screens (002 §2.3 to §2.6; decisions 0035, 0038). */
export const categories = '/admin/categories';
export const deviceManagement = '/admin/device_management';
export const rideManagerBilling = '/admin/ride_manager_billing';
export const oneTimeAccessUsage = '/admin/one_time_access_usage';

/** Offline (002 §2.1, §2.10): the saved trips, and a jump to the last one viewed. */
export const offlineRideView = '/offline_ride_view';
export const redirectToCachedRide = '/redirect_to_cached_ride_if_exists';
/** Development only (the router declares it in development): the trip map with sample data. */
export const devMap = '/__dev/map';
