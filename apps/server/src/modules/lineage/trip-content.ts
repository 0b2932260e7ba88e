import { daysBetween, type TripContent, type TripNote, type TripStay } from '@rides/contract';
import { dayIdsOf } from './day-ids.js';

/**
 * A trip's rows as stored -> its TripContent (issue 37, decision 0075). Pure: lineage.repository.ts reads the rows.
 *  - Days: the stored ids (rides.day_ids) or the index ids; day i is the start date plus i.
 *  - Activities by attraction id, with their day's id and their time as stored ('HH:MM:SS', one format on both sides);
 *    each day's order is the page's: position, then the row's id (the rows come in that order).
 *  - Stays by lineage id: first night the day of check-in, nights check-out minus check-in (at least one).
 *  - Notes by lineage id: a day note's day id, or null for a trip-wide section.
 * A row dated outside the trip's days (no call leaves one, but an old row might) is left out: it is on no day.
 */
export interface TripRow {
  title: string;
  text: string;
  startDate: string;
  endDate: string;
  dayIds: string[] | null;
}
export interface PlacementRow {
  attractionId: number;
  plannedDate: string;
  timeOfDay: string | null;
}
export interface StayRow {
  id: number;
  lineageId: string | null;
  name: string;
  address: string | null;
  link: string | null;
  text: string;
  lat: number;
  lng: number;
  checkInDate: string;
  checkOutDate: string;
}
export interface NoteRow {
  id: number;
  lineageId: string | null;
  title: string;
  text: string;
  date: string | null;
}

/** A row's identity across copies: its lineage id, or its own id. */
export const lineageKey = (row: { id: number; lineageId: string | null }): string =>
  row.lineageId ?? String(row.id);

export function tripContentOf(
  trip: TripRow,
  placements: readonly PlacementRow[],
  stays: readonly StayRow[],
  notes: readonly NoteRow[],
): TripContent {
  const count = daysBetween(trip.startDate, trip.endDate) + 1;
  const days = dayIdsOf(trip.dayIds, count);
  const dayOf = (date: string): string | undefined => days[daysBetween(trip.startDate, date)];
  const order: Record<string, string[]> = {};
  for (const day of days) order[day] = [];
  const activities: TripContent['activities'] = {};
  for (const p of placements) {
    const day = dayOf(p.plannedDate);
    if (day === undefined) continue;
    const id = String(p.attractionId);
    activities[id] = { day, time: p.timeOfDay };
    order[day]!.push(id);
  }
  const stayRecord: Record<string, TripStay> = {};
  for (const s of stays) {
    const firstNight = dayOf(s.checkInDate);
    if (firstNight === undefined) continue;
    stayRecord[lineageKey(s)] = {
      name: s.name,
      address: s.address,
      link: s.link,
      text: s.text,
      lat: s.lat,
      lng: s.lng,
      firstNight,
      nights: Math.max(1, daysBetween(s.checkInDate, s.checkOutDate)),
    };
  }
  const noteRecord: Record<string, TripNote> = {};
  for (const n of notes) {
    const day = n.date === null ? null : dayOf(n.date);
    if (day === undefined) continue;
    noteRecord[lineageKey(n)] = { day, title: n.title, text: n.text };
  }
  return {
    title: trip.title,
    text: trip.text,
    days,
    activities,
    order,
    stays: stayRecord,
    notes: noteRecord,
  };
}
