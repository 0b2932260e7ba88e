import { lazy } from 'react';
import { withTexts } from '../../../lib/i18n';

/**
 * The trip's live updates and presence (issue 33 point 2, decision 0064): a chunk of its own, loaded after the page
 * (the trip page's first JavaScript stays within its 200 KB bar). Only the trip page imports this file.
 */
export const TripLive = lazy(withTexts(() => import('./components/TripLive'), ['live', 'planningCodes']));
