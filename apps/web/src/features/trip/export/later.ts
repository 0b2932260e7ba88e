import { lazy } from 'react';

/**
 * The trip page's parts of the exports, each a chunk of its own: the page imports this file, not the area's entry
 * (index.ts), whose static DayMapsLinks (for the offline view, which must work without the network) would otherwise
 * join the page's initial JavaScript (DESIGN.md §6: at most 200 KB gzip).
 */

/** The header's export menu: the PDF (issue 19 points 1-2) and the calendar/GPX/KML buttons; its texts are core (codes). */
export const TripExportMenu = lazy(() => import('./components/TripExportMenu'));

/** "Open the day in Google Maps" on the trip page: shown once its chunk is there (nothing meanwhile). */
export const DayMapsLinksLater = lazy(() =>
  import('./components/DayMapsLinks').then((m) => ({ default: m.DayMapsLinks })),
);
