import {
  IATA_AIRPORT,
  reservationDays,
  type PreviewReservation,
  type Reservation,
  type ReservationEnd,
  type ReservationPlace,
  type ReservationType,
} from '@rides/contract';
import { toDisplayDate } from '../../../../lib/display-date';

/**
 * A preview card's editable fields (issue 34: "check one preview, correct a field if needed"), as the inputs hold
 * them: plain strings, '' for "not given". A time the confirmation did not give stays '' (never 00:00), and only a
 * field the traveller changed changes the reservation sent back: everything else (its id, its document, the place's
 * coordinates and zone) goes back as the server read it.
 */
export interface EndDraft {
  date: string;
  /** HH:mm, or '' when the confirmation gave no time. */
  time: string;
  /** The place as the field shows it: an airport's code, else its name. */
  place: string;
  address: string;
}

export interface ReservationDraft {
  type: ReservationType;
  /** The hotel's, the car's, the event's name. */
  name: string;
  /** A flight's or a train's number. */
  number: string;
  reservationNumber: string;
  start: EndDraft;
  end: EndDraft;
}

/** The way a type names its two ends and which fields it shows. */
export type EndsKind = 'transport' | 'lodging' | 'car' | 'event';

export function endsKind(type: ReservationType): EndsKind {
  switch (type) {
    case 'flight':
    case 'train':
    case 'bus':
    case 'ferry':
      return 'transport';
    case 'lodging':
      return 'lodging';
    case 'car':
      return 'car';
    default:
      return 'event';
  }
}

const timeOf = (end: ReservationEnd | undefined): string => end?.dateTime?.slice(11, 16) ?? '';

/** The place as its field shows it: an airport by its code (what a ticket prints), else by its name. */
export const placeField = (place: ReservationPlace | undefined): string => place?.iata ?? place?.name ?? '';

function endDraft(end: ReservationEnd | undefined): EndDraft {
  return {
    date: end?.date ?? '',
    time: timeOf(end),
    place: placeField(end?.place),
    address: end?.place?.address ?? '',
  };
}

export function toDraft(r: Reservation): ReservationDraft {
  return {
    type: r.type,
    name: r.name ?? '',
    number: r.number ?? '',
    reservationNumber: r.reservationNumber ?? '',
    start: endDraft(r.start),
    end: endDraft(r.end),
  };
}

/** A text field back into the reservation: trimmed, absent when emptied. */
function textValue(value: string): string | undefined {
  const v = value.trim();
  return v === '' ? undefined : v;
}

/**
 * One end as corrected. A changed place is a new place: the old one's coordinates, code and zone belonged to the old
 * one, so they go (the server finds the new one on the map, and its zone, when the booking is confirmed). A changed
 * date keeps the time of day; an emptied date empties the time too (a time is never without its day).
 */
function endFrom(before: ReservationEnd | undefined, was: EndDraft, now: EndDraft): ReservationEnd | undefined {
  let place = before?.place;
  let timeZone = before?.timeZone;
  if (now.place !== was.place || now.address !== was.address) {
    const label = textValue(now.place);
    const address = textValue(now.address);
    const code = label?.toUpperCase();
    place = {
      ...(code && IATA_AIRPORT.test(code) && label!.length === 3 ? { iata: code } : label ? { name: label } : {}),
      ...(address ? { address } : {}),
    };
    // The same airport by another spelling keeps what the server knew of it.
    if (before?.place?.iata && place.iata === before.place.iata && !address) place = before.place;
    else timeZone = undefined;
    if (Object.keys(place).length === 0) place = undefined;
  }
  const date = textValue(now.date);
  const time = textValue(now.time);
  const out: ReservationEnd = {};
  if (date) out.date = date;
  if (date && time) out.dateTime = `${date}T${time}`;
  if (timeZone) out.timeZone = timeZone;
  if (place) out.place = place;
  return Object.keys(out).length === 0 ? undefined : out;
}

/** The fields of a reservation a draft replaces; the rest (id, provider, travellers, price, source) is kept. */
export function fromDraft<R extends Reservation>(original: R, draft: ReservationDraft): R {
  const was = toDraft(original);
  const out: R = { ...original, type: draft.type };
  const set = <K extends 'name' | 'number' | 'reservationNumber'>(key: K) => {
    if (draft[key] === was[key]) return;
    const value = textValue(draft[key]);
    if (value === undefined) delete out[key];
    else out[key] = value as R[K];
  };
  set('name');
  set('number');
  set('reservationNumber');
  // A stay's name is also its place's: renamed, the place follows (unless the place was renamed too).
  const renamesPlace =
    draft.name !== was.name &&
    original.start?.place?.name !== undefined &&
    original.start.place.name === original.name &&
    draft.start.place === was.start.place;
  const start = endFrom(original.start, was.start, renamesPlace ? { ...draft.start, place: draft.name } : draft.start);
  const end = endFrom(original.end, was.end, draft.end);
  if (start) out.start = start;
  else delete out.start;
  if (end) out.end = end;
  else delete out.end;
  return out;
}

/** What the confirmation sends for a preview reservation: the reservation and its document, without the preview's notes. */
export function toConfirmed(r: PreviewReservation): Reservation & { documentId?: number } {
  const { outsideTrip: _outside, match: _match, ...rest } = r;
  return rest;
}

/** Read by a model or with little confidence: the preview asks the traveller to check it. */
export const CONFIDENT = 0.75;
export const needsChecking = (r: Pick<Reservation, 'source'>): boolean =>
  r.source.kind === 'llm' || r.source.confidence < CONFIDENT;

/** Outside these days (as corrected): the preview offers to extend the trip. */
export function isOutside(r: Pick<Reservation, 'type' | 'start' | 'end'>, trip: { startDate: string; endDate: string }) {
  const days = reservationDays(r);
  return days !== null && (days.first < trip.startDate || days.last > trip.endDate);
}

/** The trip's days once extended to take every reservation (what the offer says). */
export function extendedDates(
  reservations: Pick<Reservation, 'type' | 'start' | 'end'>[],
  trip: { startDate: string; endDate: string },
): { startDate: string; endDate: string } {
  let { startDate, endDate } = trip;
  for (const r of reservations) {
    const days = reservationDays(r);
    if (!days) continue;
    if (days.first < startDate) startDate = days.first;
    if (days.last > endDate) endDate = days.last;
  }
  return { startDate, endDate };
}

/**
 * One end as the preview shows it: "10/03/2027 06:15 TLV (Asia/Jerusalem)" (without the place where the card's title
 * names it: a stay). Only what was read is shown: no time, no "00:00"; no zone, no brackets. Null when the end has
 * nothing at all.
 */
export function endText(end: ReservationEnd | undefined, { place = true } = {}): string | null {
  if (!end) return null;
  const parts = [
    toDisplayDate(end.date),
    end.dateTime ? end.dateTime.slice(11, 16) : null,
    (place && placeField(end.place)) || null,
    end.timeZone ? `(${end.timeZone})` : null,
  ].filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(' ') : null;
}

/** The card's heading: what the booking is (a flight's number and route, a hotel's name), never empty. */
export function bookingTitle(r: Reservation): string {
  if (endsKind(r.type) === 'transport') {
    const route = [placeField(r.start?.place), placeField(r.end?.place)].filter(Boolean).join(' → ');
    return [r.number, route].filter(Boolean).join(' ') || r.provider || r.reservationNumber || '';
  }
  return r.name ?? r.start?.place?.name ?? r.provider ?? r.reservationNumber ?? '';
}

/** The preview's groups, in the order a trip lives them: getting there, sleeping, driving, then the rest. */
const TYPE_ORDER: ReservationType[] = ['flight', 'train', 'bus', 'ferry', 'lodging', 'car', 'event', 'restaurant'];

export function groupByType<T extends { type: ReservationType }>(items: T[]): [ReservationType, T[]][] {
  return TYPE_ORDER.map((type) => [type, items.filter((i) => i.type === type)] as [ReservationType, T[]]).filter(
    ([, list]) => list.length > 0,
  );
}
