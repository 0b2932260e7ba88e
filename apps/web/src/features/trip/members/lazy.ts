import { lazy } from 'react';
import { withTexts } from '../../../lib/i18n';

/**
 * The members area's public entry (issue 33 point 1, decision 0063): the trip page's people, lazy with their texts, so
 * the trip page's first JavaScript carries none of it. Signed-in readers only: it asks who the trip's people are and
 * shows nothing to someone who is none of them.
 */
export const TripPeople = lazy(withTexts(() => import('./components/TripPeople'), ['members']));
