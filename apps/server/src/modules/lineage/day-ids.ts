import { randomUUID } from 'node:crypto';

/**
 * A trip's days' stable ids (issue 37, decision 0075). Pure. rides.day_ids is null until the trip is copied: its days
 * are then 'd0'..'d{n-1}' by index, which stays right only while no day is inserted or removed in the middle; so the
 * ids are written (materialised) for the original and its copy at copy time, and from then every call that adds,
 * removes or shifts days edits the stored list (a null list is left null: its index ids are still right, nothing has
 * been compared on them yet).
 */

/** The ids of a trip of `count` days: the stored list, or the index ids; a list of the wrong length is mended. */
export function dayIdsOf(
  stored: readonly string[] | null,
  count: number,
  newId: () => string = newDayId,
): string[] {
  if (stored === null) return Array.from({ length: count }, (_, i) => `d${i}`);
  return resizeDays(stored, count, newId);
}

/**
 * A new day's id: unique across all trips (a copy and its original add days on their own; two new ids never collide,
 * so a day one side added is never mistaken for the other's).
 */
export const newDayId = (): string => randomUUID();

/** A new day right after day `afterIndex` (add_day_to_ride_api). */
export function insertDayAfter(ids: readonly string[], afterIndex: number, newId = newDayId): string[] {
  const at = Math.max(0, Math.min(ids.length, afterIndex + 1));
  return [...ids.slice(0, at), newId(), ...ids.slice(at)];
}

/** Day `index` removed: the others keep their ids. */
export function removeDayAt(ids: readonly string[], index: number): string[] {
  return ids.filter((_, i) => i !== index);
}

/**
 * The trip now has `count` days, the first kept where it was (a new start moves every date, not the days): days come
 * or go at the end, the others keep their ids.
 */
export function resizeDays(ids: readonly string[], count: number, newId = newDayId): string[] {
  const kept = ids.slice(0, Math.max(0, count));
  while (kept.length < count) kept.push(newId());
  return kept;
}

/** `n` new days before the first (a booking that starts before the trip extends it backwards). */
export function prependDays(ids: readonly string[], n: number, newId = newDayId): string[] {
  return [...Array.from({ length: Math.max(0, n) }, () => newId()), ...ids];
}
