/** Business constants of the spec (000 §9, 001 §9, 002 §9). One place, imported by server and web. */
export const MAX_TRIP_DAYS = 60;
export const TITLE_MAX = 140;
export const ACCOMMODATION_NAME_MAX = 140;
export const BOOKING_CONFIRMATION_MAX = 40;
export const RECIPIENT_DETAILS_MAX = 200;
export const ACTIVITY_TEXT_PREVIEW = 200;
export const MANAGER_TABLE_TEXT_PREVIEW = 60;
export const PASSWORD_MIN = 6;
/** Our own upper bound: argon2 input stays cheap and bodies stay small. */
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 254;
export const USER_NAME_MAX = 80;
export const CONTACT_MESSAGE_MAX = 5000;
export const DEFAULT_AUTHORIZED_USERS = 4;
/** The spec's party (000 §9, 001 §2) where a call leaves it out: add_ride_api's omitted fields, the table's defaults. */
export const DEFAULT_PARTY = {
  number_of_adult: 2,
  number_of_teen: 1,
  number_of_child: 1,
  physical_disabilities: false,
} as const;
/**
 * What the new-trip form starts from (ride_information_api's defaults): two adults, the party most people choose,
 * rather than the spec's 2 + 1 + 1 a newcomer had to undo (issue 30, decision 0048).
 */
export const NEW_TRIP_PARTY = {
  number_of_adult: 2,
  number_of_teen: 0,
  number_of_child: 0,
  physical_disabilities: false,
} as const;
/** 000 §9: a map click on a point with a place id opens the add-point confirmation this long after the click. */
export const ADD_POINT_CONFIRM_DELAY_MS = 100;
export const RESET_TOKEN_TTL_MINUTES = 60;
/** A mailed sign-in link (decision 0052) works once, for this long: shorter than a reset link, it is a key by itself. */
export const SIGN_IN_LINK_TTL_MINUTES = 20;

/** Trip categories (fixed list, default planning). */
export const TRIP_CATEGORIES = ['planning', 'active', 'client', 'template', 'inactive'] as const;
export type RideCategory = (typeof TRIP_CATEGORIES)[number];
export const DEFAULT_TRIP_CATEGORY: RideCategory = 'planning';

export const ROLES = ['user', 'manager'] as const;
export type Role = (typeof ROLES)[number];

export const TRIP_LANGUAGES = ['hebrew', 'english'] as const;
export type TripLanguage = (typeof TRIP_LANGUAGES)[number];

/** Demo and featured trips (000 §9, 001 §2). Featured reading chosen: docs/decisions/0004-featured-trips.md. */
export const FEATURED_TRIP_IDS = [1, 719, 183] as const;
export const RECOMMENDED_TRIPS = [
  { id: 1, days: 14 },
  { id: 719, days: 11 },
  { id: 183, days: 14 },
  { id: 843, days: 10 },
  { id: 72, days: 14 },
  { id: 228, days: 19 },
  { id: 233, days: 8 },
] as const;

export const UI_LANGUAGES = ['he', 'en'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/**
 * The UI language also travels as a cookie (the web client writes it beside `selectedLanguage`), so the server can
 * render a page in the language the browser will show it in (decision 0015).
 */
export const LANGUAGE_COOKIE = 'selectedLanguage';

/** Local storage keys of the web client (000 §9, 002 §3). */
export const STORAGE_KEYS = {
  token: 'token',
  userName: 'userName',
  role: 'role',
  /** Whether the signed-in user is a platform admin (decision 0035): only shows the admin links; the server decides. */
  isAdmin: 'isAdmin',
  cookieConsent: 'cookieConsent',
  selectedLanguage: 'selectedLanguage',
  lastRideId: 'lastRideId',
  lastRideData: 'lastRideData',
  scrollPosition: 'scrollPosition',
} as const;
