import { accommodationBookingLinks, accommodations, attractions, rides } from './schema/index.js';

/**
 * Column sets that several repositories select, written once. A repository spreads one into its own selection and
 * adds what only it needs (a join's columns, a trip's booking mapping...). Not queries: the repositories remain the
 * only code that queries the database.
 */

/** A trip's own facts: what the trip view reads, and what every change of a trip decides on (ride-lock.repository). */
export const tripFields = {
  id: rides.id,
  authorId: rides.authorId,
  title: rides.title,
  text: rides.text,
  startDate: rides.startDate,
  endDate: rides.endDate,
  language: rides.language,
  type: rides.type,
  isBasedRide: rides.isBasedRide,
  basedRideId: rides.basedRideId,
  isWhiteLabel: rides.isWhiteLabel,
  isLocked: rides.isLocked,
  rideManagerId: rides.rideManagerId,
  subdomain: rides.subdomain,
  topPageImageUrl: rides.topPageImageUrl,
  numberOfAdult: rides.numberOfAdult,
  numberOfTeen: rides.numberOfTeen,
  numberOfChild: rides.numberOfChild,
  physicalDisabilities: rides.physicalDisabilities,
  category: rides.category,
  isDemo: rides.isDemo,
  /** The trip's version (issue 33): the ETag of its reads, an edit's If-Match. */
  version: rides.version,
};

/** An attraction as a card shows it (search results); the trip view adds hours, reviews and its affiliate link. */
export const attractionFields = {
  id: attractions.id,
  authorId: attractions.authorId,
  title: attractions.title,
  address: attractions.address,
  text: attractions.text,
  link: attractions.link,
  rate: attractions.rate,
  lat: attractions.lat,
  lng: attractions.lng,
  imageUrl: attractions.imageUrl,
  imageHtmlAttributions: attractions.imageHtmlAttributions,
  placeId: attractions.placeId,
  categoryId: attractions.categoryId,
  subcategoryId: attractions.subcategoryId,
};

/** An accommodation as a card shows it (hotels near a point); the trip view adds its dates, booking and status. */
export const accommodationFields = {
  id: accommodations.id,
  name: accommodations.name,
  countryAndCity: accommodations.countryAndCity,
  address: accommodations.address,
  link: accommodations.link,
  text: accommodations.text,
  imageUrl: accommodations.imageUrl,
  rate: accommodations.rate,
  lat: accommodations.lat,
  lng: accommodations.lng,
};

/** A trip's hotel-booking mapping (left-joined: all null when it has none), for the booking links of its hotels. */
export const bookingLinkFields = {
  aid: accommodationBookingLinks.aid,
  targetAid: accommodationBookingLinks.targetAid,
  destinationId: accommodationBookingLinks.destinationId,
  destinationType: accommodationBookingLinks.destinationType,
  name: accommodationBookingLinks.name,
};
