import { toDisplayMoment } from '../../../../lib/display-date';

/**
 * The access key's expiry as the form's date box shows it: the key is good through that day (UTC), so the server's
 * instant (the next midnight, UTC) is the day before it. '' when there is none.
 */
export function isoToExpiryDate(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return new Date(at.getTime() - 1).toISOString().slice(0, 10);
}

/** A moment (ISO) as a date and time, in the app's one date format (lib/display-date.ts). */
export function formatDateTime(iso: string): string {
  return toDisplayMoment(iso, { time: true }) ?? iso;
}
