import { lazy } from 'react';
import { withTexts } from '../../../lib/i18n';

/**
 * Taking the trip along (issue 19 points 3-5, decision 0033): the export menu's calendar/GPX/KML buttons, a lazy
 * chunk loaded with its texts (the tripExport group); a day's "open in Google Maps" links (core texts: the offline
 * view shows them without the network).
 */
export const TripExportButtons = lazy(
  withTexts(() => import('./components/TripExportButtons'), ['tripExport']),
);
export { TripExportMenu, DayMapsLinksLater } from './later';
export { DayMapsLinks } from './components/DayMapsLinks';
export { offlineDayStops } from './lib/offline-day-stops';
export { downloadTripFile } from './lib/download-export';
