import { withTexts } from '../../../../lib/i18n';

/** The trip's people with the members' texts (lazy.ts's second step). */
export const loadTripPeople = withTexts(() => import('./TripPeople'), ['members', 'planningCodes']);
