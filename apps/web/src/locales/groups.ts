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
  'categories',
  'search',
  'accommodations',
  'hotelSearch',
  'accessKeys',
  'forPlanners',
  'tripExport',
  'admin',
] as const;

export type LocaleGroup = (typeof LAZY_LOCALE_GROUPS)[number];
