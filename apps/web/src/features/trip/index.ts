/**
 * The trip's public entry: one trip's room, its only door (docs/decisions/0054-trip-as-one-room.md). No feature
 * imports another feature, so only the app (app/, boot.tsx, ssr/) imports this file; inside the trip, areas import
 * each other by relative path, never through here (lint: import/no-restricted-paths in eslint.config.js).
 *
 * The areas: view/ (the trip page, the full-screen map), editing/, calendar/, accommodations/, information/,
 * export/, shared/, access-keys/ (a private trip's access page, one-time links, joining), add-activity/,
 * attraction-editor/, photos/ (a stay from lodging photos), offline/ (the offline view), private-landing/, data/ (the
 * trip's reads and edit calls), cache/ (the trips kept for the offline view). The router (app/router.tsx) loads each
 * area's pages by their files, lazily, each its own chunk; what the app mounts or runs outside a route is here.
 * Only re-exports of modules without side effects: the app's start takes the few bytes it uses, nothing more.
 */
export { OfflineController } from './offline/components/OfflineController';
export { prefetchTripReads } from './view/api/prefetch';
export { seedTripReads, type TripPageData } from './view/api/seed';
