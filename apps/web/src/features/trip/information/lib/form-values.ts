import {
  addDays,
  dateRangeProblem,
  daysBetween,
  isoToTripDate,
  MAX_TRIP_DAYS,
  tripDateToIso,
  TITLE_MAX,
  type AddRideBody,
  type NewTripInformationResponse,
  type RideInformationResponse,
  type UpdateRideInformationBody,
} from '@rides/contract';
import type { FieldErrors } from '../../../../lib/form-errors';

/**
 * The trip information form's values and its own checks (001 §2, §5): pure, so they are unit-tested and the form
 * keeps everything the user typed whatever is refused. Dates are ISO (the date inputs' value); the wire takes
 * DD-MM-YYYY (contract dates.ts).
 */
export type TripFormMode = 'create' | 'edit' | 'firstTime';

export const TRIP_FORM_FIELDS = ['title', 'dates', 'party', 'text'] as const;
export type TripFormField = (typeof TRIP_FORM_FIELDS)[number];

export interface TripFormValues {
  title: string;
  /** Plain text (paragraphs and lines); saved as HTML. */
  text: string;
  photosAlbumLink: string | null;
  start: string;
  /** The last day: chosen when creating; kept (same length) when editing. */
  end: string;
  adults: number;
  teens: number;
  children: number;
  physicalDisabilities: boolean;
  isPrivate: boolean;
  isSubdomain: boolean;
  isLocked: boolean;
}

export function newTripValues(data: NewTripInformationResponse): TripFormValues {
  const d = data.defaults;
  return {
    title: '',
    text: '',
    photosAlbumLink: null,
    start: '',
    end: '',
    adults: d.number_of_adult,
    teens: d.number_of_teen,
    children: d.number_of_child,
    physicalDisabilities: d.physical_disabilities,
    isPrivate: false,
    isSubdomain: d.is_subdomain,
    isLocked: false,
  };
}

export function savedTripValues(data: RideInformationResponse, htmlToText: (html: string) => string): TripFormValues {
  return {
    title: data.title,
    text: htmlToText(data.text),
    photosAlbumLink: data.photos_albom_link,
    start: tripDateToIso(data.checkIn) ?? '',
    end: tripDateToIso(data.checkOut) ?? '',
    adults: data.number_of_adult,
    teens: data.number_of_teen,
    children: data.number_of_child,
    physicalDisabilities: data.physical_disabilities,
    isPrivate: !data.is_publick,
    isSubdomain: data.is_subdomain,
    isLocked: data.is_locked,
  };
}

/** Days of the trip the values describe (0 when the dates are incomplete). */
export function tripDays(v: Pick<TripFormValues, 'start' | 'end'>): number {
  if (!v.start || !v.end) return 0;
  return daysBetween(v.start, v.end) + 1;
}

/** A new start date when editing keeps the trip's length (the server moves everything with it). */
export function moveStart(v: TripFormValues, start: string, days: number): TripFormValues {
  return { ...v, start, end: start && days > 0 ? addDays(start, days - 1) : v.end };
}

/** The form's own checks; messages are translation keys (server codes where the server has the same rule). */
export function checkTripForm(v: TripFormValues, mode: TripFormMode): FieldErrors<TripFormField> {
  const errors: FieldErrors<TripFormField> = {};
  const title = v.title.trim();
  if (title === '') errors.title = 'title_required';
  else if (title.length > TITLE_MAX) errors.title = 'title_too_long';
  if (!v.start || (mode === 'create' && !v.end)) errors.dates = 'rideInformation.datesRequired';
  else {
    // The server's own range rule (contract dates.ts): the order first, then the length.
    const problem = dateRangeProblem(v.start, v.end, { sameDay: true, maxDays: MAX_TRIP_DAYS });
    if (problem) errors.dates = problem;
  }
  if ([v.adults, v.teens, v.children].some((n) => !Number.isInteger(n) || n < 0)) errors.party = 'party_count_invalid';
  return errors;
}

/** Travellers in the party. */
export const partySize = (v: Pick<TripFormValues, 'adults' | 'teens' | 'children'>): number => v.adults + v.teens + v.children;

const common = (v: TripFormValues, html: string, permissions: { canMakePrivate: boolean; managedSubdomain: string | null }) => ({
  title: v.title.trim(),
  text: html,
  number_of_adult: v.adults,
  number_of_teen: v.teens,
  number_of_child: v.children,
  physical_disabilities: v.physicalDisabilities,
  // Only what the user may set is sent; the server keeps the rest as it is.
  ...(permissions.canMakePrivate ? { is_publick: !v.isPrivate } : {}),
  ...(permissions.managedSubdomain !== null ? { is_subdomain: v.isSubdomain } : {}),
});

export function toAddBody(
  v: TripFormValues,
  html: string,
  permissions: { canMakePrivate: boolean; managedSubdomain: string | null },
  language: 'hebrew' | 'english',
): AddRideBody {
  return { ...common(v, html, permissions), checkIn: isoToTripDate(v.start), checkOut: isoToTripDate(v.end), language };
}

export function toUpdateBody(
  v: TripFormValues,
  html: string,
  permissions: { canMakePrivate: boolean; managedSubdomain: string | null },
  force: boolean,
): UpdateRideInformationBody {
  return {
    ...common(v, html, permissions),
    ...(v.photosAlbumLink !== null ? { photos_albom_link: v.photosAlbumLink } : {}),
    checkIn: isoToTripDate(v.start),
    is_locked: v.isLocked,
    ...(force ? { force: true } : {}),
  };
}
