import { paths } from '../../../../lib/paths';

/** The session storage key of a join key read from an address (001 §4: "the key may also come from session storage"). */
export const JOIN_KEY_STORAGE = 'rideAccessKey';

/**
 * The key whose join a visitor started by signing in or registering from the join page (decision 0045): once signed
 * in (after a reload, or back from Google or Facebook too) the page completes the join without another click.
 */
export const JOIN_AFTER_SIGN_IN = 'rideAccessKeyJoinAfterSignIn';

/** The absolute join link of a key on this site (the planner sends it; a sub-domain's page gives its own origin). */
export const joinLink = (rideKey: string, origin: string = window.location.origin): string =>
  origin + paths.join(rideKey);

/** The consulting join link: the planner's meeting calendar, no jump to the trip (001 §2). */
export const consultingLink = (rideKey: string, origin: string = window.location.origin): string =>
  origin + paths.joinConsulting(rideKey);

/** Copies a text; false when the browser refused (no clipboard, no permission). */
export async function copyText(value: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    return false;
  }
}
