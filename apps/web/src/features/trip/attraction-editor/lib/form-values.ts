import {
  normaliseLink,
  OPENING_HOURS_MAX,
  OPENING_HOURS_UNREADABLE,
  TITLE_MAX,
  type AttractionEditorBody,
  type EditableAttraction,
  type EditorWarning,
} from '@rides/contract';
import type { FieldErrors } from '../../../../lib/form-errors';
// The extra information form's text <-> HTML rules: an attraction's description is written the same way.
import { htmlToText, textToHtml } from '../../../../lib/note-html';
import { hoursProblem, hoursValueOf, type HoursValue } from './opening-hours-form';

/** The editor's fields, in the order their problems are listed. */
export const ATTRACTION_FORM_FIELDS = [
  'title',
  'location',
  'text',
  'image',
  'openingHours',
  'category',
  'address',
  'link',
  'navigationAddress',
] as const;
export type AttractionFormField = (typeof ATTRACTION_FORM_FIELDS)[number];

/** What the form holds: text as typed (never lost on an error). */
export interface AttractionFormValues {
  search: string;
  title: string;
  text: string;
  location: { lat: number; lng: number } | null;
  image: string | null;
  categoryId: string | null;
  subcategoryId: string | null;
  address: string;
  link: string;
  navigationAddress: string;
  rate: number | null;
  placeId: string | null;
  /** Opening hours: the OpenStreetMap text saved, and the friendly form it is edited in (opening-hours-form.ts). */
  hours: HoursValue;
}

export const emptyAttraction = (): AttractionFormValues => ({
  search: '',
  title: '',
  text: '',
  location: null,
  image: null,
  categoryId: null,
  subcategoryId: null,
  address: '',
  link: '',
  navigationAddress: '',
  rate: null,
  placeId: null,
  hours: hoursValueOf(null),
});

export function savedAttraction(a: EditableAttraction): AttractionFormValues {
  return {
    search: '',
    title: a.title,
    text: htmlToText(a.text),
    location: { lat: a.lat, lng: a.lng },
    image: a.image,
    categoryId: a.category_id === null ? null : String(a.category_id),
    subcategoryId: a.subcategory_id === null ? null : String(a.subcategory_id),
    address: a.address ?? '',
    link: a.link ?? '',
    navigationAddress: a.navigation_address ?? '',
    rate: a.rate,
    placeId: a.placeId,
    hours: hoursValueOf(a.osmOpeningHours),
  };
}

/** The form's own checks (001 §5): a title of at most 140 characters, a place on the map, and the contract's link rule. */
export function checkAttraction(v: AttractionFormValues): FieldErrors<AttractionFormField> {
  const errors: FieldErrors<AttractionFormField> = {};
  const title = v.title.trim();
  if (title === '') errors.title = 'attraction_title_required';
  else if (title.length > TITLE_MAX) errors.title = 'attraction_title_too_long';
  if (!v.location) errors.location = 'attraction_location_required';
  if (normaliseLink(v.link) === null) errors.link = 'invalid_link';
  const hours = hoursProblem(v.hours, OPENING_HOURS_MAX);
  if (hours) errors.openingHours = hours;
  return errors;
}

/** The call's body. */
export function toBody(v: AttractionFormValues, isManager: boolean): AttractionEditorBody {
  const location = v.location ?? { lat: 0, lng: 0 };
  return {
    title: v.title.trim(),
    text: v.text.trim() === '' ? '' : textToHtml(v.text),
    lat: location.lat,
    lng: location.lng,
    image: v.image,
    address: v.address,
    link: v.link,
    navigation_address: v.navigationAddress,
    rate: v.rate,
    placeId: v.placeId,
    // Always sent: the editor read the kept hours, so what it holds is what the author means ('' clears them).
    osmOpeningHours: v.hours.text.trim(),
    // A user's categories are never taken by the server (001 §6): they keep what the attraction has.
    category_id: isManager && v.categoryId !== null ? Number(v.categoryId) : null,
    subcategory_id: isManager && v.subcategoryId !== null ? Number(v.subcategoryId) : null,
  };
}

/** Server field names that are not ours. */
export const FIELD_ALIASES: Partial<Record<string, AttractionFormField>> = {
  lat: 'location',
  lng: 'location',
  navigation_address: 'navigationAddress',
  osmOpeningHours: 'openingHours',
  category_id: 'category',
  subcategory_id: 'category',
};

/** Codes the server answers without a field that still belong under one. */
export const CODE_FIELDS: Partial<Record<string, AttractionFormField>> = {
  attraction_title_required: 'title',
  attraction_title_too_long: 'title',
  attraction_location_required: 'location',
  unknown_category: 'category',
  subcategory_not_in_category: 'category',
  atraction_text_box_is_not_empty: 'text',
};

/** The kept hours text the server could not read (its warning on the editor's answers), or null. */
export function unreadableHoursOf(a: EditableAttraction, warnings: readonly EditorWarning[]): string | null {
  const warned = warnings.some((w) => w.field === 'osmOpeningHours' && w.code === OPENING_HOURS_UNREADABLE);
  return warned ? (a.osmOpeningHours ?? '') : null;
}
