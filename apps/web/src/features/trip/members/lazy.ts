import { lazy } from 'react';

/**
 * The members area's public entry (issue 33 point 1, decision 0063): the trip page's people, lazy with their texts, so
 * the trip page's first JavaScript carries none of it. Signed-in readers only: it asks who the trip's people are and
 * shows nothing to someone who is none of them. Two steps: the page's chunk names only the small loader's file (the
 * list of files a dynamic import preloads is written into the importing chunk), and the loader names the rest.
 */
export const TripPeople = lazy(() => import('./components/load-people').then((m) => m.loadTripPeople()));
