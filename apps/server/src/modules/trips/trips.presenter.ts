import {
  addDays,
  daysBetween,
  isoToTripDate,
  linkToShow,
  type AccommodationCardValues,
  type AccommodationWire,
  type AttractionDetails,
  type PlaceDetails,
  type HighLevelTripLocation,
  type HotelAffiliate,
  type RideAttractionWire,
  type TripDay,
  type TripWire,
  type UserInfo,
} from '@rides/contract';
import { sanitizeAttribution, sanitizeUserHtml } from '../../lib/sanitize-html.js';
import { isPrivateRide } from '../access/trip-access.policy.js';
import type {
  AccommodationRow,
  AttractionRow,
  TripBundle,
  TripRow,
  UserInfoRow,
} from './trips.repository.js';

/**
 * Database rows -> wire shapes of the trip view. The spec's spellings (longtitude, cuntry_and_city,
 * firestDayAtThisAccommodation, paralel_ride_accommodation) live only here (decision 0007). User HTML is
 * sanitised here, once per presented trip (the result is cached). Nothing here depends on the viewer:
 * viewer rules (confirmation numbers, hidden dates) are applied afterwards by `withoutConfirmations` and
 * `withDatesHidden`.
 */

export interface RideView {
  ride: TripWire;
  attractionsByDay: TripDay[];
  highLevelRideLocations: HighLevelTripLocation[];
}

/** 'YYYY-MM-DD' -> 'DD/MM/YYYY 00:00' (the day header is the text before "00:00"). */
const dayDateTime = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} 00:00`;

/** 'YYYY-MM-DD' -> 'M/D/YYYY' (the date picker's format). */
export const pickerDate = (iso: string) =>
  `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;

/** 'HH:MM[:SS]' -> 'hh:mm:ss A'. */
export function clockTime(time: string): string {
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  const hh = h % 12 === 0 ? 12 : h % 12;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(hh)}:${pad(m)}:${pad(Math.trunc(s))} ${h < 12 ? 'AM' : 'PM'}`;
}

function presentTripFields(r: TripRow, extra: TripBundle['extraInformation']): TripWire {
  const byDay = extra.filter((e) => e.date !== null);
  return {
    id: r.id,
    authorId: r.authorId,
    title: r.title,
    text: sanitizeUserHtml(r.text),
    start_date: isoToTripDate(r.startDate),
    end_date: isoToTripDate(r.endDate),
    dates_hidden: false,
    duration: daysBetween(r.startDate, r.endDate) + 1,
    language: r.language,
    is_based_ride: r.isBasedRide,
    based_ride_id: r.basedRideId,
    is_white_label: r.isWhiteLabel,
    is_locked: r.isLocked,
    ride_manager_id: r.rideManagerId,
    number_of_child: r.numberOfChild,
    number_of_teen: r.numberOfTeen,
    number_of_adult: r.numberOfAdult,
    physical_disabilities: r.physicalDisabilities,
    type: r.type,
    top_page_image_url: r.topPageImageUrl,
    subdomain: r.subdomain,
    category_name: r.category,
    is_demo: r.isDemo,
    rideExtraInformation: extra
      .filter((e) => e.date === null)
      .map((e) => ({ id: e.id, title: e.title, text: sanitizeUserHtml(e.text) })),
    rideExtraInformationByDay: byDay.map((e) => ({
      id: e.id,
      date: isoToTripDate(e.date as string),
      dayIndex: daysBetween(r.startDate, e.date as string),
      text: sanitizeUserHtml(e.text),
    })),
  };
}

/**
 * contract `attractionFields` from a row: what every answer about an attraction carries (the trip view, the
 * searches, the manager's table). The spellings of the spec (longtitude) live here.
 */
export function presentAttractionFields(a: AttractionFieldsRow) {
  return {
    id: a.id,
    title: a.title,
    address: a.address,
    text: sanitizeUserHtml(a.text),
    // Links are shown through the contract's link rule: one stored before it (javascript:, data:) is no link.
    link: linkToShow(a.link),
    rate: a.rate,
    lat: a.lat,
    lng: a.lng,
    latitude: a.lat,
    longtitude: a.lng,
    image: a.imageUrl,
    placeId: a.placeId,
    category_id: a.categoryId,
    subcategory_id: a.subcategoryId,
  };
}

/** The columns presentAttractionFields reads. */
export interface AttractionFieldsRow {
  id: number;
  title: string;
  address: string | null;
  text: string;
  link: string | null;
  rate: number | null;
  lat: number;
  lng: number;
  imageUrl: string | null;
  placeId: string | null;
  categoryId: number | null;
  subcategoryId: number | null;
}

/** The parts of an attraction that do not depend on where it is placed (attraction_api shares them). */
function attractionCore(a: AttractionRow) {
  return {
    ...presentAttractionFields(a),
    authorId: a.authorId,
    imageHtmlAttributions: a.imageHtmlAttributions.map(sanitizeAttribution),
    openingHours: a.openingHours ? { weekday_text: a.openingHours } : null,
    osmOpeningHours: a.osmOpeningHours,
    reviews: a.reviews.map((r) => ({ author_name: r.author_name, rating: r.rating, text: r.text })),
    googleImage: a.googleImage,
    affiliate: a.affiliate
      ? {
          link: a.affiliate.link,
          info: a.affiliate.info,
          affiliateSource: a.affiliate.affiliateSource,
          colour: a.affiliate.colour,
        }
      : null,
  };
}

function presentPlacedAttraction(
  a: AttractionRow,
  plannedDate: string,
  timeOfDay: string | null,
): RideAttractionWire {
  const core = attractionCore(a);
  return {
    ...core,
    imageUrl: core.image,
    plannedDate: pickerDate(plannedDate),
    dateTime: timeOfDay ? clockTime(timeOfDay) : null,
  };
}

/** attraction_api's details. */
export function presentAttractionDetails(a: AttractionRow): AttractionDetails {
  const core = attractionCore(a);
  const images = [a.imageUrl, a.googleImage].filter((u): u is string => typeof u === 'string' && u !== '');
  return { ...core, images: [...new Set(images)] };
}

/**
 * A maps-service place (the places provider's details) as attraction_api answers an attraction: it is none of ours, so
 * it has no id and no author (0), no categories and no affiliate; its photos are the images, the first one the image.
 */
export function presentPlaceAsAttraction(p: PlaceDetails): AttractionDetails {
  const first = p.photos[0];
  return {
    id: 0,
    authorId: 0,
    title: p.name,
    address: p.address,
    text: '',
    link: linkToShow(p.website),
    rate: p.rating,
    lat: p.lat,
    lng: p.lng,
    latitude: p.lat,
    longtitude: p.lng,
    image: first?.url ?? null,
    placeId: p.googlePlaceId ?? p.id,
    category_id: null,
    subcategory_id: null,
    imageHtmlAttributions: first?.htmlAttributions.map(sanitizeAttribution) ?? [],
    openingHours: p.openingHours,
    osmOpeningHours: null,
    reviews: p.reviews,
    googleImage: first?.url ?? null,
    affiliate: null,
    images: p.photos.map((photo) => photo.url),
  };
}

/** contract `accommodationFields` from a row (the trip view and the hotel search). */
export function presentAccommodationFields(a: AccommodationFieldsRow) {
  return {
    id: a.id,
    name: a.name,
    cuntry_and_city: a.countryAndCity,
    address: a.address,
    link: linkToShow(a.link),
    text: sanitizeUserHtml(a.text),
    image: a.imageUrl,
    rate: a.rate,
    latitude: a.lat,
    longtitude: a.lng,
  };
}

/** The columns presentAccommodationFields reads: the stay's id and its card, named as the contract stores them. */
export interface AccommodationFieldsRow extends AccommodationCardValues {
  id: number;
}

function presentAccommodation(
  a: AccommodationRow,
  firstDay: boolean,
  hotel: HotelAffiliate | null,
): AccommodationWire {
  return {
    ...presentAccommodationFields(a),
    navigation_address: a.navigationAddress,
    check_in_date: isoToTripDate(a.checkInDate),
    check_out_date: isoToTripDate(a.checkOutDate),
    booking_confirmation: a.bookingConfirmation,
    status: a.status,
    firestDayAtThisAccommodation: firstDay,
    ordered_by_user: a.orderedByUser,
    paralel_ride_accommodation: a.parallelRideAccommodationId,
    hotelAffiliate: hotel,
  };
}

/** "country, city" -> "city"; no comma: the whole text; empty: the accommodation's name. */
export function locationNameOf(a: Pick<AccommodationWire, 'cuntry_and_city' | 'name'>): string {
  const place = a.cuntry_and_city?.trim() ?? '';
  if (place === '') return a.name;
  const parts = place.split(',');
  return (parts[parts.length - 1] as string).trim() || a.name;
}

/** Presents a whole trip (viewer-independent: dates shown). */
export function presentTripView(bundle: TripBundle): RideView {
  const r = bundle.ride;
  const ride = presentTripFields(r, bundle.extraInformation);
  // The hotel widget is offered only on trips that are not private (000 §2 "recommended hotels").
  const hotel: HotelAffiliate | null =
    r.booking && !isPrivateRide(r)
      ? {
          aid: r.booking.aid,
          target_aid: r.booking.targetAid,
          destination_id: r.booking.destinationId,
          destination_type: r.booking.destinationType,
          name: r.booking.name,
        }
      : null;

  // Each accommodation presented twice at most: on its check-in day (firest...=true) and on the other nights.
  const presented = new Map<number, { first: AccommodationWire; other?: AccommodationWire }>();
  const stayFor = (a: AccommodationRow, day: string): AccommodationWire => {
    let entry = presented.get(a.id);
    if (!entry) {
      entry = { first: presentAccommodation(a, true, hotel) };
      presented.set(a.id, entry);
    }
    if (a.checkInDate === day) return entry.first;
    entry.other ??= { ...entry.first, firestDayAtThisAccommodation: false };
    return entry.other;
  };
  const covering = (status: AccommodationRow['status'], day: string) =>
    bundle.accommodations.find((a) => a.status === status && a.checkInDate <= day && day < a.checkOutDate);

  const byDate = new Map<string, RideAttractionWire[]>();
  for (const p of bundle.placements) {
    let list = byDate.get(p.plannedDate);
    if (!list) byDate.set(p.plannedDate, (list = []));
    list.push(presentPlacedAttraction(p.attraction, p.plannedDate, p.timeOfDay));
  }

  const attractionsByDay: TripDay[] = [];
  const locations: HighLevelTripLocation[] = [];
  for (let i = 0; i < ride.duration; i++) {
    const day = addDays(r.startDate, i);
    const booked = covering('booked', day);
    const base = covering('base_trip_accomodation', day);
    const accommodation = booked ? stayFor(booked, day) : null;
    const baseStay = base ? stayFor(base, day) : null;
    attractionsByDay.push({
      dateTime: dayDateTime(day),
      daily_attractions: byDate.get(day) ?? [],
      accommodation,
      base_trip_accommodation: baseStay,
    });
    // The summary timeline: consecutive nights in the same place (what the day shows) make one entry.
    const shown = accommodation ?? baseStay;
    if (!shown) continue;
    const name = locationNameOf(shown);
    const last = locations[locations.length - 1];
    const previousDayShown =
      i > 0 && (attractionsByDay[i - 1]?.accommodation ?? attractionsByDay[i - 1]?.base_trip_accommodation);
    if (last && previousDayShown && last.locationName === name) last.numberOfDays += 1;
    else
      locations.push({
        id: shown.id,
        locationName: name,
        numberOfDays: 1,
        lat: shown.latitude,
        lng: shown.longtitude,
      });
  }
  return { ride, attractionsByDay, highLevelRideLocations: locations };
}

/**
 * The trip as everyone but its author sees it: every stay's booking confirmation number withheld (it is the
 * traveller's own; ride_attractions_api, ride_accommodations_api and the server-rendered page all read it from here).
 * A trip with no confirmation number is answered as it is (the same object), so it needs no second variant.
 */
export function withoutConfirmations(view: RideView): RideView {
  const carries = (a: AccommodationWire | null) => a !== null && a.booking_confirmation !== null;
  if (!view.attractionsByDay.some((d) => carries(d.accommodation) || carries(d.base_trip_accommodation)))
    return view;
  // One copy per presented stay object, so the days of one stay keep sharing it (as presentTripView made them).
  const copies = new Map<AccommodationWire, AccommodationWire>();
  const hide = (a: AccommodationWire | null): AccommodationWire | null => {
    if (a === null || a.booking_confirmation === null) return a;
    let copy = copies.get(a);
    if (!copy) copies.set(a, (copy = { ...a, booking_confirmation: null }));
    return copy;
  };
  return {
    ...view,
    attractionsByDay: view.attractionsByDay.map((d) => ({
      ...d,
      accommodation: hide(d.accommodation),
      base_trip_accommodation: hide(d.base_trip_accommodation),
    })),
  };
}

/**
 * The same trip with every calendar date withheld (000 §6: a private trip's dates, after its end, for
 * non-authors). Order, day count and per-day note placement (dayIndex) stay.
 */
export function withDatesHidden(view: RideView): RideView {
  const hideStay = (a: AccommodationWire | null): AccommodationWire | null =>
    a && { ...a, check_in_date: null, check_out_date: null };
  return {
    ride: {
      ...view.ride,
      start_date: null,
      end_date: null,
      dates_hidden: true,
      rideExtraInformationByDay: view.ride.rideExtraInformationByDay.map((e) => ({ ...e, date: null })),
    },
    attractionsByDay: view.attractionsByDay.map((d) => ({
      dateTime: null,
      daily_attractions: d.daily_attractions.map((a) => ({ ...a, plannedDate: null })),
      accommodation: hideStay(d.accommodation),
      base_trip_accommodation: hideStay(d.base_trip_accommodation),
    })),
    highLevelRideLocations: view.highLevelRideLocations,
  };
}

export function presentUserInfo(u: UserInfoRow): UserInfo {
  return {
    profile_image: u.profileImage,
    name: u.userName,
    title: u.title,
    about: u.about,
    facebook_link: linkToShow(u.facebookLink),
    instagram_link: linkToShow(u.instagramLink),
    website_link: linkToShow(u.websiteLink),
  };
}
