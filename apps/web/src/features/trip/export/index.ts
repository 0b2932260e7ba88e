import { lazy } from 'react';
import { withTexts } from '../../../lib/i18n';

/**
 * Taking the trip along (issue 19 points 3-5, decision 0033), each part its own chunk loaded with its texts
 * (the tripExport group): the export menu's calendar/GPX/KML buttons and a day's "open in Google Maps" links.
 */
export const TripExportButtons = lazy(
  withTexts(() => import('./components/TripExportButtons'), ['tripExport']),
);
export const DayMapsLinks = lazy(withTexts(() => import('./components/DayMapsLinks'), ['tripExport']));
export { downloadTripFile } from './lib/download-export';
