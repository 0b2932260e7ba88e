import { DEFAULT_DAY_LIMIT_HOURS, usableCoordinates, type TripDay, type TripLegsDay } from '@rides/contract';
import { wireTimeTo24h } from '../trip-export/export-model.js';
import { instantOf, localOf, timeZoneAt, wallMs, wallOf, type Place } from './time-zone.js';

/**
 * A day as the warnings read it (issue 36 point 3, decision 0073): each activity's date, start and planned length, and
 * the travel between the day's stops from the day's legs (the legs call's own figures, routed or estimated). Pure.
 *
 * Activities keep no duration, so a planned length is a rule:
 *  - an activity without a time takes the default visit, 90 minutes;
 *  - a timed activity takes the default visit, shortened to end where the next timed activity of the day (in the
 *    author's order) must be left for: its start, less the travel to it along the day's legs and the shortest visit
 *    (15 minutes) at every activity between; never shorter than the shortest visit. So a day of 10:00 and 11:00 a
 *    short walk apart plans the first for about 50 minutes, not 90, and says nothing about it.
 * The shortest visit, a quarter of an hour, is the least a stop of a trip takes (a viewpoint, a photo, parking and
 * walking in); below it two times of a day say the traveller would be in two places at once.
 */

/** A visit's planned length when nothing shortens it. */
export const DEFAULT_VISIT_S = 90 * 60;
/** The least a stop takes: a planned length is never shorter, and a following timed stop leaves at least this. */
export const SHORTEST_VISIT_S = 15 * 60;
/** The traveller's day when they chose none (their account's `dayLimitHours`): activities and travel (issue 36). */
export const DEFAULT_DAY_LIMIT_S = DEFAULT_DAY_LIMIT_HOURS * 3600;
/** The last activity further than this from that night's stay is far (issue 36). */
export const FAR_FROM_STAY_S = 90 * 60;

const SECOND = 1000;

export interface PlannedActivity {
  /** Its position in the day (the author's order). */
  index: number;
  id: number;
  osmOpeningHours: string | null;
  /** Usable coordinates, or null. */
  place: Place | null;
  /** Its real date (YYYY-MM-DD), or null when the trip's dates are hidden. */
  date: string | null;
  /** The time of day set for it (HH:MM, the place's wall clock), or null. */
  time: string | null;
  /** The IANA zone at the place (null: no coordinates or no zone known). */
  zone: string | null;
  /** Its start on the day's clock (ms: a real instant when the day is `real`, else a wall-clock value); timed only. */
  startMs: number | null;
  /** The planned length (see above). */
  lengthS: number;
  /** Its stop in the day's chain of legs (null: no coordinates, so no leg reaches it). */
  node: number | null;
}

export interface DayPlan {
  dayId: number;
  activities: PlannedActivity[];
  /** The timed activities, in the author's order. */
  timed: PlannedActivity[];
  /**
   * `real`: every timed activity has a date and a zone, so starts are instants and a gap across a clock change is its
   * real length; `wall`: the wall clock's arithmetic (the dates hidden, or a timed stop without coordinates).
   */
  clock: 'real' | 'wall';
  /** The day's travel: the sum of its legs (the previous night's stay first, that night's last). */
  travelS: number;
  legs: TripLegsDay['legs'];
  /** Travel in seconds along the day's legs between two activities (0 when either has no leg). */
  travelBetween(from: PlannedActivity, to: PlannedActivity): number;
  /** The wall-clock time (HH:MM) of an activity's start plus some seconds (its zone's clock on a `real` day). */
  wallTimeAfter(a: PlannedActivity, seconds: number): string;
}

/** 'M/D/YYYY' (the wire's plannedDate) -> 'YYYY-MM-DD'; null for anything else. */
export function pickerDateToIso(value: string | null): string | null {
  const m = value ? /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value) : null;
  if (!m) return null;
  const iso = `${m[3]}-${(m[1] as string).padStart(2, '0')}-${(m[2] as string).padStart(2, '0')}`;
  try {
    wallMs(iso);
    return iso;
  } catch {
    return null;
  }
}

/** 'DD/MM/YYYY 00:00' (the wire's Day.dateTime) -> 'YYYY-MM-DD'; null for anything else. */
export function dayDateToIso(value: string | null): string | null {
  const m = value ? /^(\d{2})\/(\d{2})\/(\d{4})/.exec(value) : null;
  return m ? pickerDateToIso(`${m[2]}/${m[1]}/${m[3]}`) : null;
}

/** 'hh:mm:ss A' (the wire's dateTime) -> 'HH:MM'; null for none or anything else. */
export const wireTimeToHhmm = (value: string | null): string | null =>
  wireTimeTo24h(value)?.slice(0, 5) ?? null;

/** A wall-clock value of a time on a fixed day: the arithmetic of a day without dates. */
const WALL_DAY = '2001-01-01';

/**
 * The day's plan: its activities with dates, starts and planned lengths, placed on the day's chain of legs (`legs`:
 * the legs call's day of the same index). `datesHidden`: no dates at all (the viewer may not see them).
 */
export function planDay(
  days: readonly TripDay[],
  dayId: number,
  legsDay: TripLegsDay | undefined,
  datesHidden: boolean,
): DayPlan {
  const day = days[dayId];
  const legs = legsDay?.legs ?? [];
  const dayDate = datesHidden ? null : dayDateToIso(day?.dateTime ?? null);

  // The chain of the day's located stops the legs join, and the travel to each from the first.
  const chain =
    legs.length > 0
      ? [legs[0]!.fromKind + ':' + legs[0]!.fromId, ...legs.map((l) => `${l.toKind}:${l.toId}`)]
      : [];
  const reached = [0];
  for (const l of legs) reached.push((reached.at(-1) as number) + l.durationS);
  let at = chain[0]?.startsWith('stay:') ? 0 : -1;

  const activities: PlannedActivity[] = (day?.daily_attractions ?? []).map((a, index) => {
    const place = usableCoordinates(a.lat, a.lng);
    let node: number | null = null;
    if (place) {
      const key = `attraction:${a.id}`;
      if (chain[at + 1] === key) node = ++at;
      else if (at >= 0 && chain[at] === key) node = at; // the same place twice in a row: one stop, no leg
    }
    return {
      index,
      id: a.id,
      osmOpeningHours: a.osmOpeningHours,
      place,
      date: datesHidden ? null : (pickerDateToIso(a.plannedDate) ?? dayDate),
      time: wireTimeToHhmm(a.dateTime),
      zone: place ? timeZoneAt(place) : null,
      startMs: null,
      lengthS: DEFAULT_VISIT_S,
      node,
    };
  });

  const timed = activities.filter((a) => a.time !== null);
  const clock = timed.every((a) => a.date !== null && a.zone !== null) ? 'real' : 'wall';
  for (const a of timed)
    a.startMs =
      clock === 'real'
        ? instantOf(a.zone as string, { date: a.date as string, time: a.time as string })
        : wallMs(WALL_DAY, a.time as string);

  const travelBetween = (from: PlannedActivity, to: PlannedActivity) =>
    from.node !== null && to.node !== null && to.node >= from.node
      ? (reached[to.node] as number) - (reached[from.node] as number)
      : 0;

  // A timed activity ends where the next timed one must be left for (see the module's comment).
  for (let i = 0; i < timed.length - 1; i++) {
    const a = timed[i] as PlannedActivity;
    const b = timed[i + 1] as PlannedActivity;
    const between = b.index - a.index - 1;
    const gapS = ((b.startMs as number) - (a.startMs as number)) / SECOND;
    const room = gapS - travelBetween(a, b) - between * SHORTEST_VISIT_S;
    a.lengthS = Math.round(Math.min(DEFAULT_VISIT_S, Math.max(SHORTEST_VISIT_S, room)));
  }

  const wallTimeAfter = (a: PlannedActivity, seconds: number) => {
    const ms = (a.startMs as number) + seconds * SECOND;
    return clock === 'real' ? localOf(a.zone as string, ms).time : wallOf(ms).time;
  };

  return {
    dayId,
    activities,
    timed,
    clock,
    travelS: legs.reduce((sum, l) => sum + l.durationS, 0),
    legs,
    travelBetween,
    wallTimeAfter,
  };
}
