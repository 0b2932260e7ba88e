/**
 * The translation groups that load with the code that reads them, not at boot (docs/decisions/0021-locale-groups.md). Each is a top-level key of he.json / en.json whose texts only one part of
 * the product shows. Everything else (the layout, the codes of the server, small shared groups) is the core,
 * loaded at boot. A module that reads a group's keys declares it: `await loadLocaleGroups(['trip'])` at its top
 * (test/locale-groups.test.ts checks that it does), so its texts are in place before it can render.
 */
export const LAZY_LOCALE_GROUPS = [
  'trip',
  'home',
  'tripEditing',
  'addActivity',
  'auth',
  'tripCalendar',
  'attractionSearch',
  'globalMap',
  'privateLanding',
  'rideInformation',
  'myTrips',
  'imageUpload',
  'attractionEditor',
  /**
   * The codes of the attraction editor's own form checks (its opening hours, issue 36): loaded with the editor, in one
   * chunk with `attractionEditor`; messageKey finds a code here as it finds one at the top level.
   */
  'editorCodes',
  'categories',
  'search',
  'accommodations',
  'hotelSearch',
  'accessKeys',
  'forPlanners',
  'tripExport',
  'admin',
  /** Trips from photos (issue 20, decision 0037): the photo flow's messages (001 §8 "Photos"). */
  'photos',
  /** The planner's library (issue 22): /ride_manager_attraction. */
  'plannerLibrary',
  /** Attraction uniqueness groups (issue 22 point 2, decision 0040): /editing_atractions_uniqnes. */
  'uniquenessGroups',
  /** Members and roles (issue 33 point 1, decision 0063): the trip's people, the share dialog, /invite/:token. */
  'members',
  /** Comments, votes and shared lists (issue 33 points 4, 5; decision 0066); the server reads its `mail` too. */
  'together',
  /** Live updates and presence on the trip page (issue 33 point 2, decision 0064). */
  'live',
  /**
   * The texts of the server's codes that only planning together's calls answer (members, invitations, comments, lists,
   * the calendar feed's revoke; decision 0062): loaded with the parts that make those calls, not at boot.
   * messageKey finds a code here as it finds one at the top level.
   */
  'planningCodes',
  /** "The trip changed meanwhile" (issue 33 point 3, decision 0065): the conflict dialog, loaded on a conflict. */
  'conflicts',
  /** Bookings in (issue 34, decision 0068): the trip page's "Add bookings" and its dialog (preview, forwarding). */
  'bookings',
  /**
   * The texts of the server's booking_* codes (the import's problems, the confirmation's refusals): loaded with the
   * bookings dialog, in one chunk with `bookings`; messageKey finds a code here as it finds one at the top level.
   */
  'bookingCodes',
  /**
   * The texts of the server's money codes (issue 35, decision 0069), and of the account settings' (its home currency's,
   * its longest day's `bad_day_limit`): loaded with the trip's costs and with "Your settings".
   */
  'moneyCodes',
  /** The trip's costs (issue 35, decision 0069): the costs button and its panel (expenses, balances, settle-up). */
  'costs',
  /** The legs between a day's stops (issue 36 point 1, decision 0071): the lines on the trip page's cards and days. */
  'legs',
  /** The end of the trip page (000 §2: copyright, partners, how it works): loaded with it, after the page shows. */
  'tripBottom',
  /** The day's warnings (issue 36 point 3, decision 0073): on the trip page's cards and days, loaded with the legs. */
  'checks',
  /** The offline view of the saved trips (002 §2.10): /offline_ride_view, loaded with its page. */
  'offline',
  /** A living copy's updates from its original (issue 37 point 2, decision 0075): the trip page's banner and preview. */
  'tripUpdates',
] as const;

export type LocaleGroup = (typeof LAZY_LOCALE_GROUPS)[number];

/**
 * Groups that load as one chunk (vite.locales.ts): planning together's parts (members, live updates, comments and lists,
 * conflicts, their codes) open one another, so one chunk per language serves them all, and every page's start carries
 * one loader for them instead of five.
 */
export const SHARED_LOCALE_PARTS: Partial<Record<LocaleGroup, string>> = {
  members: 'planning',
  together: 'planning',
  live: 'planning',
  conflicts: 'planning',
  planningCodes: 'planning',
  /**
   * The legs (every trip page, after it shows, as the live part is) and the offline view (which opens the lists) load
   * with planning together's chunk: a group of their own would add its loader to every page's start.
   */
  legs: 'planning',
  checks: 'planning',
  tripBottom: 'planning',
  offline: 'planning',
  /** A copy's updates: on every copy's page for its editors, after it shows, as the legs are. */
  tripUpdates: 'planning',
  bookingCodes: 'bookings',
  editorCodes: 'attractionEditor',
  /** The money codes load with the costs panel, the only part that makes the money calls: one chunk with `costs`. */
  moneyCodes: 'costs',
};

/**
 * The groups only the server reads: the words of the documents and mails it makes (the PDF, the calendar, GPX and KML
 * files, the mails, the billing CSV's column names; apps/server/src/lib/texts.ts). They live here with every other text of the product, in both
 * languages, and the web's build leaves them out of its chunks (vite.locales.ts).
 */
export const SERVER_LOCALE_GROUPS = ['pdf', 'tripFiles', 'mail', 'billingCsv'] as const;
