import { addDays, type TripContent, type TripNote, type TripStay } from '@rides/contract';
import type { Transaction } from '../../db/client.js';
import {
  deleteRows,
  insertActivity,
  insertNote,
  insertSuggestedStay,
  readContentRows,
  reinsertRows,
  setTripFields,
  updateActivity,
  updateNote,
  updateStay,
  type ContentRows,
} from './content-rows.repository.js';
import { lineageKey } from './trip-content.js';

/**
 * Writing a TripContent back to a trip (issue 37 point 3, decision 0075): the copy's content now and the content it
 * should have (a pull's applyTripChanges result, or an undo's kept content), written as their difference into the
 * trip's rows, in the edit's locked transaction. The inverse of trip-content.ts: day i is the start date plus i (the
 * start stays; the end follows the number of days; rides.day_ids is the new list), so a day added or removed moves the
 * dates of everything after it, as the day calls do; an activity's row gets its day's date, its time, and (where its
 * day's order changed) its place in the order as its position; a stay its fields and check-in/out from its first
 * night and nights; a note its day's date (null: a section).
 *
 *  - Only what differs is written: a day whose activities, order, times and date are all the same is not touched; a
 *    stay or note whose content and date are the same is not touched. Rows the content does not hold (dated outside
 *    the trip's days) are left as they are.
 *  - Added activities get a row (the attraction row exists: a copy places the same attraction ids); added stays are
 *    suggestions (status base_trip_accomodation), never bookings; added stays and notes keep the original's lineage id.
 *  - Removed ones are deleted, and answered whole (`removed`): the pull keeps them, and its undo passes them back as
 *    `restore` so they come back with the same ids and every column (a stay's booking fields, a note's row id).
 *  - Booked stays are the caller's rule (pull.ts refuses any change that would move or change one).
 */
export async function writeTripContent(
  tx: Transaction,
  trip: { id: number; startDate: string },
  now: TripContent,
  next: TripContent,
  restore?: ContentRows,
): Promise<ContentRows> {
  const rideId = trip.id;
  if (restore) await reinsertRows(tx, restore);
  const rows = await readContentRows(tx, rideId);
  const nowIndex = new Map(now.days.map((d, i) => [d, i]));
  const nextIndex = new Map(next.days.map((d, i) => [d, i]));
  const dateOf = (day: string) => addDays(trip.startDate, nextIndex.get(day)!);
  const movedDay = (day: string) => nowIndex.get(day) !== nextIndex.get(day);

  // The trip: texts, length, day ids.
  const sameDays = now.days.length === next.days.length && now.days.every((d, i) => next.days[i] === d);
  await setTripFields(tx, rideId, {
    ...(now.title !== next.title ? { title: next.title } : {}),
    ...(now.text !== next.text ? { text: next.text } : {}),
    ...(sameDays ? {} : { endDate: addDays(trip.startDate, next.days.length - 1), dayIds: [...next.days] }),
  });

  // What goes: rows of things the content had and the next one has not.
  const removed: ContentRows = {
    activities: rows.activities.filter((r) => has(now.activities, key(r.attractionId)) && !has(next.activities, key(r.attractionId))),
    stays: rows.stays.filter((r) => has(now.stays, lineageKey(r)) && !has(next.stays, lineageKey(r))),
    notes: rows.notes.filter((r) => has(now.notes, lineageKey(r)) && !has(next.notes, lineageKey(r))),
  };
  await deleteRows(tx, rideId, {
    activities: removed.activities.map((r) => r.id),
    stays: removed.stays.map((r) => r.id),
    notes: removed.notes.map((r) => r.id),
  });

  // Activities, day by day.
  const activityRow = new Map(rows.activities.map((r) => [key(r.attractionId), r]));
  for (const day of next.days) {
    const order = next.order[day] ?? [];
    const before = nowIndex.has(day) ? (now.order[day] ?? []) : undefined;
    const sameOrder = before !== undefined && sameList(before, order);
    const untouched =
      sameOrder &&
      !movedDay(day) &&
      order.every((id) => now.activities[id]?.time === next.activities[id]!.time);
    if (untouched) continue;
    const date = dateOf(day);
    for (const [position, id] of order.entries()) {
      const time = next.activities[id]!.time;
      const row = activityRow.get(id);
      if (!row) {
        await insertActivity(tx, { rideId, attractionId: Number(id), plannedDate: date, position, timeOfDay: time });
        continue;
      }
      await updateActivity(tx, row.id, {
        ...(row.plannedDate !== date ? { plannedDate: date } : {}),
        // The day's order kept: the positions as they are (gaps and all); changed: 0..n-1 in the new order.
        ...(!sameOrder && row.position !== position ? { position } : {}),
        ...(row.timeOfDay !== time ? { timeOfDay: time } : {}),
      });
    }
  }

  // Stays by lineage id.
  const stayRow = new Map(rows.stays.map((r) => [lineageKey(r), r]));
  for (const [id, stay] of Object.entries(next.stays)) {
    const was = has(now.stays, id) ? now.stays[id] : undefined;
    if (was && sameStay(was, stay) && !movedDay(stay.firstNight)) continue;
    const checkInDate = dateOf(stay.firstNight);
    const fields = {
      name: stay.name,
      address: stay.address,
      link: stay.link,
      text: stay.text,
      checkInDate,
      checkOutDate: addDays(checkInDate, stay.nights),
    };
    const row = stayRow.get(id);
    if (!row) {
      await insertSuggestedStay(tx, { ...fields, lat: stay.lat ?? 0, lng: stay.lng ?? 0, rideId, lineageId: id });
      continue;
    }
    await updateStay(tx, row.id, {
      ...changed(row, fields),
      ...(stay.lat !== null && stay.lat !== row.lat ? { lat: stay.lat } : {}),
      ...(stay.lng !== null && stay.lng !== row.lng ? { lng: stay.lng } : {}),
    });
  }

  // Notes by lineage id.
  const noteRow = new Map(rows.notes.map((r) => [lineageKey(r), r]));
  for (const [id, note] of Object.entries(next.notes)) {
    const was = has(now.notes, id) ? now.notes[id] : undefined;
    if (was && sameNote(was, note) && (note.day === null || !movedDay(note.day))) continue;
    const fields = { title: note.title, text: note.text, date: note.day === null ? null : dateOf(note.day) };
    const row = noteRow.get(id);
    if (!row) await insertNote(tx, { ...fields, rideId, lineageId: id });
    else await updateNote(tx, row.id, changed(row, fields));
  }
  return removed;
}

const key = (attractionId: number) => String(attractionId);
const has = (record: object, k: string) => Object.prototype.hasOwnProperty.call(record, k);
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => b[i] === x);

const sameStay = (a: TripStay, b: TripStay) =>
  a.name === b.name &&
  a.address === b.address &&
  a.link === b.link &&
  a.text === b.text &&
  a.lat === b.lat &&
  a.lng === b.lng &&
  a.firstNight === b.firstNight &&
  a.nights === b.nights;

const sameNote = (a: TripNote, b: TripNote) => a.day === b.day && a.title === b.title && a.text === b.text;

/** The fields of `next` that differ from the row's. */
function changed<T extends object>(row: T, next: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(next) as [keyof T, T[keyof T]][]) if (row[k] !== v) out[k] = v;
  return out;
}
