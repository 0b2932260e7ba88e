import {
  daysBetween,
  isoToTripDate,
  SEARCH_TRIP_IMAGES,
  type ManagerAttraction,
  type TripListItem,
  type SearchAccommodation,
  type SearchAttraction,
} from '@rides/contract';
import { sanitizeAttribution, sanitizeUserHtml } from '../../lib/sanitize-html.js';
import { presentAccommodationFields, presentAttractionFields } from '../trips/trips.presenter.js';
import type {
  ManagerAttractionRow,
  TripCardRow,
  SearchAccommodationRow,
  SearchAttractionRow,
} from './search.repository.js';

/**
 * Rows -> wire shapes of the search answers. The spec's spellings (longtitude, cuntry_and_city) live here and in
 * the contract only (decision 0007). User HTML is sanitised by the one policy of lib/sanitize-html.ts; answers that
 * are cached are sanitised once per cached answer.
 */

/**
 * A trip card's sanitised text, remembered by the stored text: a popular trip is on the cards of many searches (every
 * point near it, every page and filter), and sanitising was the largest part of presenting a page of 50 cards (~1 ms of
 * CPU in sanitize-html per page, which the cache of answers does not save when the searches are distinct). The key is
 * the text itself, so an edited text is sanitised anew; at most CARD_TEXT_CHARS characters of stored and sanitised text
 * are kept (a few MB), least recently used out.
 */
const CARD_TEXT_CHARS = 2_000_000;
const cardTexts = new Map<string, string>();
let cardTextChars = 0;
function cardText(html: string): string {
  const held = cardTexts.get(html);
  if (held !== undefined) {
    cardTexts.delete(html);
    cardTexts.set(html, held);
    return held;
  }
  const clean = sanitizeUserHtml(html);
  cardTexts.set(html, clean);
  cardTextChars += html.length + clean.length;
  for (const [raw, kept] of cardTexts) {
    if (cardTextChars <= CARD_TEXT_CHARS) break;
    cardTexts.delete(raw);
    cardTextChars -= raw.length + kept.length;
  }
  return clean;
}

/** Distances on the wire: 0.1 km on trip cards, 0.01 km on places (enough to sort and to show "1.2 km"). */
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A search result card: the carousel takes the cover image first, then the attractions' images, at most six. */
export function presentTripCard(r: TripCardRow, attractionImages: readonly string[]): TripListItem {
  const hrefs = [...new Set([r.topPageImageUrl, ...attractionImages].filter((h): h is string => !!h))];
  return {
    id: r.id,
    title: r.title,
    text: cardText(r.text),
    duration: daysBetween(r.startDate, r.endDate) + 1,
    start_date: isoToTripDate(r.startDate),
    end_date: isoToTripDate(r.endDate),
    rideImages: hrefs.slice(0, SEARCH_TRIP_IMAGES).map((href) => ({ href })),
    authorId: r.authorId,
    ride_manager_id: r.rideManagerId,
    language: r.language,
    top_page_image_url: r.topPageImageUrl,
    physical_disabilities: r.physicalDisabilities,
    category_name: r.category,
    is_demo: r.isDemo,
    distance_km: r.distanceKm === null || Number.isNaN(r.distanceKm) ? null : round(r.distanceKm, 1),
  };
}

export function presentSearchAttraction(a: SearchAttractionRow): SearchAttraction {
  return {
    ...presentAttractionFields(a),
    authorId: a.authorId,
    imageHtmlAttributions: a.imageHtmlAttributions.map(sanitizeAttribution),
    distance_km: round(a.distanceKm, 2),
    inRide: a.inRide,
  };
}

export function presentManagerAttraction(a: ManagerAttractionRow): ManagerAttraction {
  return presentAttractionFields(a);
}

export function presentSearchAccommodation(a: SearchAccommodationRow): SearchAccommodation {
  const b = a.booking;
  return {
    ...presentAccommodationFields(a),
    ride_id: a.rideId,
    // Search lists public trips only, where the hotel partner is offered (000 §2 "recommended hotels").
    hotelAffiliate: b
      ? {
          aid: b.aid,
          target_aid: b.targetAid,
          destination_id: b.destinationId,
          destination_type: b.destinationType,
          name: b.name,
        }
      : null,
    distance_km: round(a.distanceKm, 2),
  };
}
