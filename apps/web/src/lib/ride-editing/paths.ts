/**
 * Addresses of the editing screens. The spec gives /add_new_attraction_to_ride no parameters: ours are
 * ?rideId=N&day=D (D 1-based, as "day N" and the trip page's ?day=), optionally &lat&lng&place (the searched place).
 * The calendar has no route in the spec (it is a view mode of the trip page, 000 §4): ours is /ride_calendar/{rideId}.
 */
export const ADD_ACTIVITY_PATH = '/add_new_attraction_to_ride';

export const addActivityPath = (rideId: number, day?: number) =>
  `${ADD_ACTIVITY_PATH}?rideId=${rideId}${day !== undefined ? `&day=${day}` : ''}`;

export const calendarPath = (rideId: number) => `/ride_calendar/${rideId}`;

/**
 * The attraction editor in its create mode (001 §2 "Attraction editor (/attractionInformation, /add_attraction, ...)"),
 * for the add-activity page's "create new activity" (000 §2). The editor is issue 7's: until it lands this address
 * is the not-found page. Ours: ?rideId=N&day=D, as the add-activity page's (decision 0017).
 */
export const NEW_ATTRACTION_PATH = '/add_attraction';

export const newAttractionPath = (rideId: number, day: number) => `${NEW_ATTRACTION_PATH}?rideId=${rideId}&day=${day}`;

/**
 * The attraction editor in its edit mode (001 §2; decision 0020): /attractionInformation?attractionId=N, and &rideId=M
 * for the trip it was opened from (back to that trip, and the AI text's language). For the attraction's author only.
 */
export const ATTRACTION_EDIT_PATH = '/attractionInformation';

export const attractionEditPath = (attractionId: number, rideId: number | null) =>
  `${ATTRACTION_EDIT_PATH}?attractionId=${attractionId}${rideId !== null ? `&rideId=${rideId}` : ''}`;
