/**
 * Shape of the demo content (spec 000 §9). Pure data, written by us: real places with true names and
 * coordinates, short texts of our own. The loader in ../index.ts maps it onto the schema.
 */
export type DemoLanguage = 'hebrew' | 'english';

export interface DemoAttraction {
  /** Stable key, unique across all demo data (e.g. "jlm-western-wall"); the same place may be reused in several trips by key. */
  key: string;
  title: string;
  text: string;
  address?: string;
  link?: string;
  /** Rating 0..5 as a maps service shows it. */
  rate?: number;
  lat: number;
  lng: number;
  /** Time of day "HH:MM" (24h) the activity is planned at, when the author set one. */
  time?: string;
  openingHours?: string[];
  reviews?: { author_name: string; rating: number; text: string }[];
}

export interface DemoAccommodation {
  name: string;
  /** "country, city" as the spec forms cuntry_and_city. */
  cuntry_and_city: string;
  address?: string;
  text?: string;
  link?: string;
  rate?: number;
  lat: number;
  lng: number;
  /** 0-based index of the first night's day within the trip, and number of nights. */
  firstDay: number;
  nights: number;
  /** 'booked' (the traveller's own booking) or 'base_trip_accomodation' (suggested by the base trip). */
  status: 'booked' | 'base_trip_accomodation';
  booking_confirmation?: string;
}

export interface DemoDay {
  /** Attractions in visiting order. */
  attractions: DemoAttraction[];
  /** Optional per-day extra information text. */
  note?: string;
}

export interface DemoRide {
  id: number;
  title: string;
  /** Trip text, simple HTML (p, b, i, ul, li, a) only. */
  text: string;
  language: DemoLanguage;
  /** Calendar start date at the destination, ISO YYYY-MM-DD. */
  startDate: string;
  days: DemoDay[];
  accommodations: DemoAccommodation[];
  extraInformation: { title: string; text: string }[];
  party: { adults: number; teens: number; children: number };
  physicalDisabilities: boolean;
  /** Which demo account authors it: 'planner' (manager), 'traveller', or 'subdomain' (sub-domain manager). */
  author: 'planner' | 'traveller' | 'subdomain';
  isBasedRide: boolean;
  isLocked: boolean;
  /** Private trips carry ride_manager_id (the planner); public otherwise. */
  isPrivate: boolean;
  isWhiteLabel: boolean;
  category: 'planning' | 'active' | 'client' | 'template' | 'inactive';
  /** Copies point to the base trip they were copied from. */
  basedRideId?: number;
  /**
   * A demo trip: for looking, never copied nor shared (000 §6). 000 §9 names three; one is kept (183, hidden from the
   * shortlist) so the rule shows, and the others are copyable, so that a newcomer's first search for a demo
   * destination finds trips they can copy (decision 0042).
   */
  isDemo?: boolean;
  hiddenFromShortlist?: boolean;
}
