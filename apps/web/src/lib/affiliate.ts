import type { HotelAffiliate } from '@rides/contract';
import { ANALYTICS_EVENTS, track, type AnalyticsProps } from './analytics';

/** The booking partner (000 §7 "an affiliate hotel-map widget ... from a booking partner"): Booking.com. */
export const PARTNER_HOME = 'https://www.booking.com/';
const PARTNER_SEARCH = 'https://www.booking.com/searchresults.html';
/** 000 §7: "if the address is '{host}' the partner's home is opened instead". */
export const HOST_PLACEHOLDER = '{host}';

interface HotelLinkInput {
  /** The trip's accommodation-booking mapping (ride.accommodation.hotelAffiliate). */
  affiliate: HotelAffiliate;
  /** Trip dates as on the wire (DD-MM-YYYY) or null when unknown/hidden. */
  checkIn: string | null;
  checkOut: string | null;
  /** The accommodation's stored address (its `link`); the literal '{host}' means "the partner's home page". */
  address?: string | null;
}

/** DD-MM-YYYY (or already YYYY-MM-DD) as YYYY-MM-DD; null for anything else. Digits only, no Date objects. */
export function toIsoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim().split(/[T\s]/)[0] ?? '';
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{2})[-/.](\d{2})[-/.](\d{4})$/.exec(text);
  if (m) return `${m[3]}-${m[2]}-${m[1]}`;
  return null;
}

/**
 * The "recommended hotels" address: Booking.com's affiliate search for the mapped destination and the stay's dates,
 *   https://www.booking.com/searchresults.html?aid=..&target_aid=..&dest_id=..&dest_type=city|region&ss=<name>&checkin=YYYY-MM-DD&checkout=YYYY-MM-DD
 * `aid` is the affiliate id (commission), `target_aid` the partner's landing id when the mapping has one, `ss` the
 * destination's display name. Dates are left out unless both are known and check-out is after check-in.
 * When the stored address is the literal '{host}', the partner's home page (with the aid) is opened instead.
 */
export function hotelAffiliateUrl({ affiliate, checkIn, checkOut, address }: HotelLinkInput): string {
  const params = new URLSearchParams();
  params.set('aid', affiliate.aid);
  if (affiliate.target_aid) params.set('target_aid', affiliate.target_aid);
  if (address?.trim() === HOST_PLACEHOLDER) return `${PARTNER_HOME}?${params.toString()}`;
  params.set('dest_id', affiliate.destination_id);
  params.set('dest_type', affiliate.destination_type);
  if (affiliate.name) params.set('ss', affiliate.name);
  const from = toIsoDate(checkIn);
  const to = toIsoDate(checkOut);
  if (from && to && from < to) {
    params.set('checkin', from);
    params.set('checkout', to);
  }
  return `${PARTNER_SEARCH}?${params.toString()}`;
}

/**
 * 000 §7 / 001 §2: "before a hotel link opens, two tracking events (a lead event and a custom booking event) fire".
 * Shared by the trip's accommodation card and the hotel search (no-ops until analytics is configured).
 */
export function trackHotelLink(props: AnalyticsProps): void {
  track(ANALYTICS_EVENTS.lead, props);
  track(ANALYTICS_EVENTS.bookingClick, props);
}
