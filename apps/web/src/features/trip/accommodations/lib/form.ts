import { accommodationProblems, addDays, tripDateToIso, type AccommodationBody, type AccommodationWire } from '@rides/contract';

/** Everything the accommodation form holds (000 §3 "Accommodation form state"), as typed: nothing is lost on an error. */
export interface AccommodationFormValues {
  /** The place box's text. */
  place: string;
  name: string;
  /** "country, city" (the area name). */
  area: string;
  address: string;
  /** Where navigation should go when it differs from the place (000 §2). */
  navigationAddress: string;
  link: string;
  text: string;
  image: string | null;
  lat: number | null;
  lng: number | null;
  rate: number | null;
  bookingConfirmation: string;
  /** YYYY-MM-DD (the date inputs' value), '' when not chosen. */
  checkIn: string;
  checkOut: string;
}

export const FORM_FIELDS = [
  'place',
  'name',
  'check_in_date',
  'check_out_date',
  'location',
  'booking_confirmation',
  'cuntry_and_city',
  'address',
  'navigation_address',
  'link',
  'image',
  'rate',
  'text',
] as const;
export type AccommodationField = (typeof FORM_FIELDS)[number];

const iso = (wire: string | null): string => (wire ? (tripDateToIso(wire) ?? '') : '');

export function emptyForm(checkIn = '', checkOut = ''): AccommodationFormValues {
  return {
    place: '',
    name: '',
    area: '',
    address: '',
    navigationAddress: '',
    link: '',
    text: '',
    image: null,
    lat: null,
    lng: null,
    rate: null,
    bookingConfirmation: '',
    checkIn,
    checkOut,
  };
}

/** A stored stay in the form (edit), or the original trip's suggestion as the start of a booking (base). */
export function formOf(a: AccommodationWire, asBooking = false): AccommodationFormValues {
  return {
    place: a.name,
    name: a.name,
    area: a.cuntry_and_city ?? '',
    address: a.address ?? '',
    navigationAddress: a.navigation_address ?? '',
    link: a.link ?? '',
    text: a.text,
    image: a.image,
    lat: a.latitude,
    lng: a.longtitude,
    rate: a.rate,
    bookingConfirmation: asBooking ? '' : (a.booking_confirmation ?? ''),
    checkIn: iso(a.check_in_date),
    checkOut: iso(a.check_out_date),
  };
}

/** A new stay from night `day` (1-based) of a trip starting `start` (ISO): one night. */
export const nightOf = (start: string, day: number) => ({ checkIn: addDays(start, day - 1), checkOut: addDays(start, day) });

export function bodyOf(v: AccommodationFormValues): AccommodationBody {
  return {
    name: v.name,
    cuntry_and_city: v.area,
    address: v.address,
    navigation_address: v.navigationAddress,
    link: v.link,
    text: v.text,
    image: v.image ?? '',
    lat: v.lat ?? '',
    lng: v.lng ?? '',
    rate: v.rate ?? '',
    booking_confirmation: v.bookingConfirmation,
    check_in_date: v.checkIn,
    check_out_date: v.checkOut,
  };
}

/** The server's own rules, run before sending (contract accommodationProblems): the same list, without a round trip. */
export function formProblems(v: AccommodationFormValues, trip: { startDate: string; endDate: string } | null) {
  return accommodationProblems(bodyOf(v), trip).problems;
}
