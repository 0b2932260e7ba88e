import { lazy } from 'react';

/**
 * The trip page's and the access page's parts of the exports, each a chunk of its own, so the static DayMapsLinks
 * (the offline view's, which must work without the network) never joins the trip page's initial JavaScript
 * (DESIGN.md §6: at most 200 KB gzip).
 */

/** The header's export menu: the PDF (issue 19 points 1-2) and the calendar/GPX/KML buttons; its texts are core (codes). */
export const TripExportMenu = lazy(() => import('./components/TripExportMenu'));

/** "Open the day in Google Maps" on the trip page: shown once its chunk is there (nothing meanwhile). */
export const DayMapsLinksLater = lazy(() =>
  import('./components/DayMapsLinks').then((m) => ({ default: m.DayMapsLinks })),
);
