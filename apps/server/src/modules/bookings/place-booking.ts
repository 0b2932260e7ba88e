import {
  accommodationProblems,
  BOOKING_CONFIRMATION_MAX,
  TITLE_MAX,
  type Reservation,
  type ReservationEnd,
  type ServerMassageCode,
} from '@rides/contract';
import type { Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { textsOf, type TextLanguage } from '../../lib/texts.js';
import {
  findAccommodation,
  insertAccommodation,
  setBookingConfirmation,
  overlappingStay,
  parallelSuggestion,
  updateAccommodation,
} from '../accommodations/accommodations.repository.js';
import { insertAttraction, insertPlacement } from '../trip-editing/attractions.repository.js';
import type { TripDates } from '../trip-editing/day-math.js';
import { nextPosition } from '../trip-editing/days.repository.js';
import { deleteBookingActivities, type BookingRow } from './bookings.repository.js';

/**
 * What a confirmed reservation becomes on the trip's days (issue 34 point 4), inside the confirmation's one locked
 * edit transaction:
 *  - lodging: a booked stay on its nights, with the confirmation number (the stay rules of the checklist apply: within
 *    the trip, no two booked stays on one night). A stay already booked on exactly those nights is that booking
 *    entered by hand: it gets the number, nothing is entered twice.
 *  - a flight, train, bus or ferry: an activity on the day of departure at the local time of departure; its text says
 *    the arrival in the arrival's own zone.
 *  - a car: an activity on the pick-up day and one on the return day, each at its time.
 *  - an event or a restaurant: an activity at its time.
 * The activities are made for the booking (owned by whoever confirms, on this trip only) and go with it when a new
 * confirmation replaces it. A booking's number and travellers stay in the booking, never in the activity's text: the
 * trip's public page shows activities, and a number with a name is enough to cancel a ticket.
 */
export interface PlaceContext {
  tx: Transaction;
  rideId: number;
  trip: TripDates & { basedRideId: number | null };
  userId: number;
  language: TextLanguage;
}

/** "2027-03-10T06:15" -> "06:15:00", the activity's time of day; none when the confirmation gave none. */
/** A refusal that names the reservation it is about (the preview marks that one). */
const refusal = (
  code: ServerMassageCode,
  reservationId: string,
  fieldErrors?: { field: string; code: string }[],
) => new AppError(code, fieldErrors, { reservationId });

const timeOfDay = (end: ReservationEnd | undefined): string | null =>
  end?.dateTime ? `${end.dateTime.slice(11, 16)}:00` : null;

const placeLabel = (end: ReservationEnd | undefined): string =>
  end?.place?.iata ?? end?.place?.name ?? end?.place?.address ?? '?';

function located(end: ReservationEnd | undefined, id: string): { lat: number; lng: number } {
  const p = end?.place;
  if (p?.lat === undefined || p.lng === undefined) throw refusal('booking_place_unknown', id);
  return { lat: p.lat, lng: p.lng };
}

async function activityAt(
  c: PlaceContext,
  r: Reservation,
  end: ReservationEnd | undefined,
  title: string,
  lines: string[],
): Promise<number> {
  const date = end?.date;
  if (!end || !date) throw refusal('booking_date_missing', r.id);
  const { lat, lng } = located(end, r.id);
  const id = await insertAttraction(c.tx, {
    authorId: c.userId,
    title: title.slice(0, TITLE_MAX),
    address: end.place?.address ?? end.place?.name ?? null,
    text: lines.filter(Boolean).join('\n'),
    link: null,
    rate: null,
    lat,
    lng,
    imageUrl: null,
    imageHtmlAttributions: [],
    placeId: null,
    openingHours: null,
    reviews: [],
    googleImage: null,
  });
  if (date < c.trip.startDate || date > c.trip.endDate) throw refusal('booking_outside_trip', r.id);
  await insertPlacement(c.tx, c.rideId, id, {
    plannedDate: date,
    timeOfDay: timeOfDay(end),
    position: await nextPosition(c.tx, c.rideId, date),
  });
  return id;
}

async function placeStay(c: PlaceContext, r: Reservation, current: BookingRow | undefined): Promise<number> {
  const t = textsOf(c.language, 'tripFiles');
  const place = r.start?.place;
  const { lat, lng } = located(r.start, r.id);
  const lines = [
    r.start?.dateTime ? t('bookings.checkIn', { time: r.start.dateTime.slice(11) }) : '',
    r.end?.dateTime ? t('bookings.checkOut', { time: r.end.dateTime.slice(11) }) : '',
    r.provider && r.provider !== r.name ? t('bookings.booked', { provider: r.provider }) : '',
  ].filter(Boolean);
  const { problems, values } = accommodationProblems(
    {
      name: r.name ?? place?.name ?? r.provider ?? t('bookings.stay'),
      address: place?.address ?? null,
      lat,
      lng,
      booking_confirmation: r.reservationNumber?.slice(0, BOOKING_CONFIRMATION_MAX) ?? null,
      check_in_date: r.start?.date ?? null,
      check_out_date: r.end?.date ?? null,
      text: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
    },
    c.trip,
  );
  if (!values) {
    const code = problems[0]?.code;
    throw refusal(code === 'date_are_not_in_range' ? 'booking_outside_trip' : 'bad_request', r.id, problems);
  }
  if (current?.stayId) {
    await updateAccommodation(c.tx, current.stayId, values, undefined);
    return current.stayId;
  }
  const clash = await overlappingStay(
    c.tx,
    c.rideId,
    'booked',
    values.checkInDate,
    values.checkOutDate,
    null,
  );
  if (clash) {
    // The same nights booked by hand already: this is that booking. It gets its confirmation number, and stays.
    const same = await findAccommodation(c.tx, c.rideId, clash.id);
    if (same && same.checkInDate === values.checkInDate && same.checkOutDate === values.checkOutDate) {
      if (values.bookingConfirmation) await setBookingConfirmation(c.tx, same.id, values.bookingConfirmation);
      return same.id;
    }
    throw refusal('you_Are_having_double_booking', r.id);
  }
  const isCopy = c.trip.basedRideId !== null;
  return insertAccommodation(c.tx, c.rideId, values, {
    status: 'booked',
    orderedByUser: isCopy,
    parallelRideAccommodationId: isCopy
      ? await parallelSuggestion(c.tx, c.rideId, values.checkInDate, values.checkOutDate)
      : null,
  });
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

async function placeActivities(c: PlaceContext, r: Reservation): Promise<number[]> {
  const t = textsOf(c.language, 'tripFiles');
  const arrival = (end: ReservationEnd | undefined) =>
    end?.dateTime
      ? t('bookings.arrives', {
          date: end.date ?? '',
          time: end.dateTime.slice(11),
          zone: end.timeZone ?? '?',
          place: placeLabel(end),
        })
      : '';
  switch (r.type) {
    case 'flight':
    case 'train':
    case 'bus':
    case 'ferry': {
      const title = t(`bookings.${r.type}`, {
        number: r.number ?? '',
        from: placeLabel(r.start),
        to: placeLabel(r.end),
      }).replace(/\s+:/, ':');
      const departs = r.start?.dateTime
        ? t('bookings.departs', { time: r.start.dateTime.slice(11), zone: r.start.timeZone ?? '?' })
        : '';
      return [await activityAt(c, r, r.start, title, [departs, arrival(r.end)])];
    }
    case 'car': {
      const company = r.carrier ?? r.provider ?? '';
      const ids = [await activityAt(c, r, r.start, t('bookings.carPickUp', { company }), [r.name ?? ''])];
      if (r.end?.date) {
        // The return is where the car goes back: the pick-up's place when the confirmation names no other.
        const back: ReservationEnd = {
          ...r.end,
          place: r.end.place?.lat !== undefined ? r.end.place : r.start?.place,
        };
        ids.push(await activityAt(c, r, back, t('bookings.carReturn', { company }), []));
      }
      return ids;
    }
    default:
      return [await activityAt(c, r, r.start, r.name ?? r.provider ?? r.type, [])];
  }
}

/** Puts the reservation on the trip (replacing what an earlier confirmation of it put there). */
export async function placeBooking(
  c: PlaceContext,
  r: Reservation,
  current: BookingRow | undefined,
): Promise<{ stayId: number | null; activityIds: number[] }> {
  if (current) await deleteBookingActivities(c.tx, c.rideId, current.activityIds);
  if (r.type === 'lodging') return { stayId: await placeStay(c, r, current), activityIds: [] };
  return { stayId: null, activityIds: await placeActivities(c, r) };
}
