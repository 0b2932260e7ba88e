import { addDays, daysBetween, nightsWithoutStay, tripDateToIso, type RideAttractionsResponse } from '@rides/contract';
import { tripDayDates } from '../../data/trip-days';
import { amPmToClock, pickerDateToIso } from '../../data/wire';

/**
 * The trip as calendar events (000 §2 "Calendar view", §5): pure, so it is unit-tested without a browser.
 * Dates are ISO YYYY-MM-DD; the calendar runs in UTC so no time zone ever moves a day.
 */

/** 000 §5: "Calendar event duration is 30 seconds". */
const EVENT_SECONDS = 30;

export interface TripRange {
  /** First and last day of the trip (ISO). */
  start: string;
  end: string;
}

export interface ActivityEvent {
  kind: 'activity';
  id: string;
  attractionId: number;
  title: string;
  /** ISO date of its day. */
  date: string;
  /** "HH:MM" or null when no time is set. */
  clock: string | null;
  /** Position within the day (the trip's order; the calendar keeps it). */
  order: number;
}

export interface StayEvent {
  kind: 'stay';
  id: string;
  title: string;
  /** First night and the check-out day (exclusive end, as calendars count all-day spans). */
  start: string;
  end: string;
  booked: boolean;
}

export function tripRange(data: Pick<RideAttractionsResponse, 'ride'>): TripRange | null {
  const start = data.ride.start_date ? tripDateToIso(data.ride.start_date) : null;
  const end = data.ride.end_date ? tripDateToIso(data.ride.end_date) : null;
  return start && end && start <= end ? { start, end } : null;
}

/** 000 §5: a drop or a day click is accepted only from the start date through the end date. */
export const inTrip = (range: TripRange, iso: string): boolean => iso >= range.start && iso <= range.end;

/** The first day of every month from the start's month to the end's month (000 §2 "Month grids"). */
export function tripMonths(range: TripRange): string[] {
  const months: string[] = [];
  let y = Number(range.start.slice(0, 4));
  let m = Number(range.start.slice(5, 7));
  const lastY = Number(range.end.slice(0, 4));
  const lastM = Number(range.end.slice(5, 7));
  while (y < lastY || (y === lastY && m <= lastM)) {
    months.push(`${y}-${String(m).padStart(2, '0')}-01`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return months;
}

/** The activities, each on its day (its plannedDate, else the day it is listed under). */
export function activityEvents(data: Pick<RideAttractionsResponse, 'attractionsByDay'>, range: TripRange): ActivityEvent[] {
  return data.attractionsByDay.flatMap((day, i) =>
    day.daily_attractions.map((a, order) => ({
      kind: 'activity' as const,
      id: `a-${a.id}`,
      attractionId: a.id,
      title: a.title,
      date: pickerDateToIso(a.plannedDate) ?? addDays(range.start, i),
      clock: amPmToClock(a.dateTime),
      order,
    })),
  );
}

/** Each stay once (booked, else the base trip's suggestion), from its first night to its check-out. */
export function stayEvents(data: Pick<RideAttractionsResponse, 'attractionsByDay'>): StayEvent[] {
  const seen = new Set<number>();
  const out: StayEvent[] = [];
  for (const day of data.attractionsByDay) {
    const stay = day.accommodation ?? day.base_trip_accommodation;
    if (!stay || seen.has(stay.id)) continue;
    const start = stay.check_in_date ? tripDateToIso(stay.check_in_date) : null;
    const end = stay.check_out_date ? tripDateToIso(stay.check_out_date) : null;
    if (!start || !end || end <= start) continue;
    seen.add(stay.id);
    out.push({ kind: 'stay', id: `s-${stay.id}`, title: stay.name, start, end, booked: stay.status === 'booked' });
  }
  return out;
}

/** Consecutive nights with no stay at all: from the first night to the morning after the last (exclusive end). */
export interface NoStayEvent {
  kind: 'noStay';
  id: string;
  start: string;
  end: string;
  /** Its first night, as a 0-based day index (where "add accommodation" starts). */
  firstNight: number;
}

/** The trip's nights without a stay (contract nightsWithoutStay, the checklist's rule), joined into runs. */
export function noStayEvents(data: Pick<RideAttractionsResponse, 'attractionsByDay'>, range: TripRange): NoStayEvent[] {
  const out: NoStayEvent[] = [];
  for (const night of nightsWithoutStay(data.attractionsByDay)) {
    const date = addDays(range.start, night);
    const last = out[out.length - 1];
    if (last && last.end === date) last.end = addDays(date, 1);
    else out.push({ kind: 'noStay', id: `n-${night}`, start: date, end: addDays(date, 1), firstNight: night });
  }
  return out;
}

/** A calendar start for an activity: its time (or the day's start), in UTC. */
export function activityStart(e: ActivityEvent): string {
  return `${e.date}T${e.clock ?? '00:00'}:00Z`;
}

/** The end of an activity's 30-second event. */
export function activityEnd(e: ActivityEvent): string {
  return `${e.date}T${e.clock ?? '00:00'}:${String(EVENT_SECONDS).padStart(2, '0')}Z`;
}

/** Phones (the CSS's 47.99em): a few days side by side instead of month grids. */
export const PHONE_QUERY = '(max-width: 47.99em)';
/** How many days a phone shows at once: each day wide enough for a title. */
export const PHONE_DAYS = 3;

/**
 * The days a phone may page through: the trip's, from its first day (FullCalendar's validRange, end exclusive): no
 * empty weeks before the trip, no paging out of it.
 */
export const phoneRange = (range: TripRange): { start: string; end: string } => ({ start: range.start, end: addDays(range.end, 1) });

/** A calendar date (the UTC day of a Date the calendar hands back) as ISO. */
export const isoOf = (d: Date): string => d.toISOString().slice(0, 10);

/**
 * The days the time dialog offers (000 §5 "disables dates outside trip start through end date plus one day"): the
 * trip's days from the first through the last. "Plus one day" is the end of the last day, an exclusive bound on
 * moments (the calendar's "start_date through end of end_date"), not a day after the trip: the server refuses that
 * day with day_not_in_trip_range, and the trip view has no day for it (decision 0017).
 */
export const pickerDates = (data: Pick<RideAttractionsResponse, 'ride' | 'attractionsByDay'>, range: TripRange): string[] =>
  (tripDayDates(data) ?? []).filter((iso) => inTrip(range, iso));

/**
 * The trip view with one activity moved to a day (last on it) and given a time (undefined: it keeps its own, null: no
 * time): what the calendar shows while the server saves the move (an optimistic update of the cached trip; the
 * server's answer then replaces it).
 */
export function moveActivity<T extends Pick<RideAttractionsResponse, 'ride' | 'attractionsByDay'>>(
  data: T,
  attractionId: number,
  date: string,
  plannedDate: string,
  dateTime: string | null | undefined,
): T {
  const range = tripRange(data);
  if (!range || !inTrip(range, date)) return data;
  const target = daysBetween(range.start, date);
  const moving = data.attractionsByDay.flatMap((d) => d.daily_attractions).find((a) => a.id === attractionId);
  if (!moving) return data;
  const moved = { ...moving, plannedDate, dateTime: dateTime === undefined ? moving.dateTime : dateTime };
  return {
    ...data,
    attractionsByDay: data.attractionsByDay.map((day, i) => {
      const current = day.daily_attractions.findIndex((a) => a.id === attractionId);
      if (i === target && current !== -1) return { ...day, daily_attractions: day.daily_attractions.map((a) => (a.id === attractionId ? moved : a)) };
      const rest = current === -1 ? day.daily_attractions : day.daily_attractions.filter((a) => a.id !== attractionId);
      return { ...day, daily_attractions: i === target ? [...rest, moved] : rest };
    }),
  };
}
