import {
  addDays,
  dayStops,
  tripDateToIso,
  stayOfDay,
  usableCoordinates,
  type DayStop,
} from '@rides/contract';
import { textsOf, tripTextLanguage } from '../../lib/texts.js';
import type { RideView } from '../trips/trips.presenter.js';
import { plainTextSummary } from '../../providers/places/local/plain-text.js';

/**
 * The trip as the exports read it (decision 0033), made from the presented trip the viewer may see (the rides
 * module's view, after the view policy): ISO dates, 24-hour times, plain texts, usable coordinates or null. When the
 * trip's dates are hidden from the viewer every date is null (the calendar then has no events).
 */

/**
 * A place's text in the files, as plain text (the stored HTML's tags dropped) cut near this many characters: enough to
 * recognise the place, and 60 days of 15 activities stay far below Google My Maps' 5 MB.
 */
const TEXT_MAX = 1000;

/**
 * Only the HTML's beginning is read: the text is cut near TEXT_MAX anyway, and sanitising a whole long text of each of
 * 900 activities was most of a 60-day trip's export time (markup cut in the middle is dropped by the sanitiser).
 */
const shortText = (html: string) => plainTextSummary(html.slice(0, TEXT_MAX * 4), TEXT_MAX);

export interface ExportActivity {
  id: number;
  name: string;
  address: string | null;
  text: string;
  link: string | null;
  lat: number | null;
  lng: number | null;
  /** 'HH:MM:SS' at the destination, or null when the author set no time. */
  time: string | null;
}

export interface ExportStay {
  id: number;
  name: string;
  address: string | null;
  text: string;
  lat: number | null;
  lng: number | null;
  /** ISO; the check-out date is the morning after the last night (an all-day event's exclusive end). */
  checkIn: string | null;
  checkOut: string | null;
  /** The booking's confirmation number; null unless the viewer may read it (the trip view withheld it). */
  confirmation: string | null;
}

export interface ExportDay {
  /** 1-based, as the trip page numbers days. */
  number: number;
  /** ISO date, or null when hidden. */
  date: string | null;
  activities: ExportActivity[];
  /** The day's stops in the traveller's order (the contract's dayStops: morning stay, activities, night stay). */
  stops: DayStop[];
}

export interface ExportTrip {
  id: number;
  title: string;
  language: 'hebrew' | 'english';
  days: ExportDay[];
  /** Every stay once, in the order of its first night. */
  stays: ExportStay[];
}

/** "09:30:00 AM" (the wire's hh:mm:ss A) -> "09:30:00"; null for anything else. */
export function wireTimeTo24h(value: string | null): string | null {
  const m = value ? /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])$/.exec(value.trim()) : null;
  if (!m) return null;
  const h12 = Number(m[1]);
  if (h12 < 1 || h12 > 12 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) return null;
  const h = (h12 % 12) + (m[4]?.toUpperCase() === 'PM' ? 12 : 0);
  return `${String(h).padStart(2, '0')}:${m[2]}:${m[3] ?? '00'}`;
}

export function exportModel(view: RideView): ExportTrip {
  const { ride, attractionsByDay } = view;
  const start = ride.start_date ? tripDateToIso(ride.start_date) : null;
  const stays = new Map<number, ExportStay>();
  const days = attractionsByDay.map((day, i): ExportDay => {
    const stay = stayOfDay(day);
    if (stay && !stays.has(stay.id)) {
      const p = usableCoordinates(stay.latitude, stay.longtitude);
      stays.set(stay.id, {
        id: stay.id,
        name: stay.name,
        address: stay.address,
        text: shortText(stay.text),
        lat: p?.lat ?? null,
        lng: p?.lng ?? null,
        checkIn: stay.check_in_date ? tripDateToIso(stay.check_in_date) : null,
        checkOut: stay.check_out_date ? tripDateToIso(stay.check_out_date) : null,
        confirmation: stay.booking_confirmation,
      });
    }
    return {
      number: i + 1,
      date: start ? addDays(start, i) : null,
      activities: day.daily_attractions.map((a) => {
        const p = usableCoordinates(a.lat, a.lng);
        return {
          id: a.id,
          name: a.title,
          address: a.address,
          text: shortText(a.text),
          link: a.link,
          lat: p?.lat ?? null,
          lng: p?.lng ?? null,
          time: wireTimeTo24h(a.dateTime),
        };
      }),
      stops: dayStops(attractionsByDay, i),
    };
  });
  return { id: ride.id, title: ride.title, language: ride.language, days, stays: [...stays.values()] };
}

/**
 * "Day 3" / "יום 3" (the locale files' `tripFiles.day`), with the date (DD/MM/YYYY) when shown: the day's name in
 * folders, routes and events.
 */
export function dayLabel(trip: ExportTrip, day: ExportDay): string {
  const name = textsOf(tripTextLanguage(trip.language), 'tripFiles')('day', { n: day.number });
  if (!day.date) return name;
  const [y, m, d] = day.date.split('-');
  return `${name} · ${d}/${m}/${y}`;
}
