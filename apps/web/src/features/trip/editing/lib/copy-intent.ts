import { session } from '../../../../lib/storage';

/**
 * "Copy and edit" pressed by a visitor who then signs in or registers: the wish is kept for this tab (sessionStorage),
 * so it survives the sign-in modal, the registration modal and a Google/Facebook round trip (which comes back to the
 * same page), and the copy is made as soon as the session exists. Read and written in effects and handlers only.
 */
const KEY = 'copyAndEditRideId';

export const rememberCopyIntent = (rideId: number): void => session.set(KEY, String(rideId));
export const hasCopyIntent = (rideId: number): boolean => session.get(KEY) === String(rideId);
export const forgetCopyIntent = (): void => session.remove(KEY);
