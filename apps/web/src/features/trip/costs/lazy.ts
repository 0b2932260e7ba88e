import { lazy } from 'react';
import { withTexts } from '../../../lib/i18n';

/**
 * The trip's costs (issue 35, decision 0069): its door on the trip page, lazy with its texts and the money codes'. The
 * together layer (itself loaded after the page, for the trip's people) puts it beside the lists button, so the trip
 * page's first JavaScript carries none of it; the panel loads on the first click.
 */
export const CostsEntry = lazy(withTexts(() => import('./CostsButton'), ['costs', 'moneyCodes']));
