/**
 * The trip's public entry: one trip's room, its only door (docs/decisions/0054-trip-as-one-room.md). No feature
 * imports another feature, so only the app (app/, boot.tsx, ssr/) may import this file; inside the trip, areas import
 * each other by relative path, never through here (lint: import/no-restricted-paths in eslint.config.js).
 *
 * The areas: view/ (the trip page, the full-screen map), editing/, calendar/, accommodations/, information/,
 * export/, shared/, access-keys/ (a private trip's access page, one-time links, joining), add-activity/,
 * attraction-editor/, photos/ (a stay from lodging photos), offline/ (the offline view), private-landing/, data/ (the
 * trip's reads and edit calls), cache/ (the trips kept for the offline view). The router (app/router.tsx) loads each
 * area's pages by their files, lazily, each its own chunk; so do the app's start and the layout for the trip's reads
 * (view/api/prefetch.ts) and the going-offline controller (offline/components/OfflineController.tsx): imported through
 * this file, the trip page's first JavaScript measured 29 bytes gzip more (the order of the modules in the start's
 * chunk changed). What the server's render takes is here.
 */
export { seedTripReads, type TripPageData } from './view/api/seed';
