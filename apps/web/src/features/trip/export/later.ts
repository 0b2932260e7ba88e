import { lazy } from 'react';

/**
 * The trip page's parts of the exports, each a chunk of its own, so the static DayMapsLinks (the offline view's,
 * which must work without the network) never joins the page's initial JavaScript (DESIGN.md §6: at most 200 KB
 * gzip). Only the trip page imports this file (the access page takes the menu itself): shared, it would be a chunk of
 * its own on the page's first visit.
 */

/** The header's export menu: the PDF (issue 19 points 1-2) and the calendar/GPX/KML buttons; its texts are core (codes). */
export const TripExportMenu = lazy(() => import('./components/TripExportMenu'));

/** "Open the day in Google Maps" on the trip page: shown once its chunk is there (nothing meanwhile). */
export const DayMapsLinksLater = lazy(() =>
  import('./components/DayMapsLinks').then((m) => ({ default: m.DayMapsLinks })),
);
