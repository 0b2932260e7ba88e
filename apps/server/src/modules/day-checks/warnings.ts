import type { TripCheckWarning, TripDay, TripLegsDay } from '@rides/contract';
import {
  DEFAULT_DAY_LIMIT_S,
  FAR_FROM_STAY_S,
  SHORTEST_VISIT_S,
  planDay,
  type DayPlan,
  type PlannedActivity,
} from './day-plan.js';
import { closureDuring, closuresBetween, type Closure, type Occasion } from './holidays.js';
import { hoursDuring, hoursOnDay } from './opening-hours.js';
import { instantOf } from './time-zone.js';

/**
 * The day's warnings (issue 36 point 3, decision 0073; rules 103-109): what makes a day of the trip hard or impossible,
 * from the trip as its viewer reads it (the trip page's attractionsByDay and dates_hidden) and the day's legs (the legs
 * call's own figures for the mode). Pure: no database, no network. Planned lengths are day-plan.ts's.
 *
 * Per activity, in the author's order:
 *  - Israel's closures (holidays.ts) first: a timed activity whose planned interval meets one, or an activity without a
 *    time on a day a closure covers from 09:00 to 17:00 (a daytime visit impossible), is `closed_on_holiday`, and no
 *    hours warning is added (the holiday says more than "closed"). Except on Shabbat when the place's kept hours say
 *    it is open then (the hours name the weekday: Tel Aviv's museums, the national parks and the beaches open on
 *    Saturday); a festival's day is never taken from the hours (weekday hours know nothing of the Hebrew calendar).
 *    Yom HaAtzmaut is warned too, as kind `national` (the screen says it softly: many places close, sites mostly open).
 *  - Else the hours (opening-hours.ts): a timed activity closed at its start is `closed_at_planned_time`, one closing
 *    before its planned end `closes_before_planned_end`; an activity without a time on a day its hours are closed
 *    all day is `closed_at_planned_time` with no time. Unknown hours say nothing.
 *  - Between two consecutive timed activities A then B (the author's order): B starting less than the shortest visit
 *    after A (earlier, at the same time, or within 15 minutes) is `times_overlap`; else when the travel along the legs
 *    from A to B is longer than what the plan leaves for it (B's start less A's, less the shortest visit at A and at each
 *    activity between) B is `not_enough_time_to_get_there`. A warning that says "impossible" counts the least a stop
 *    can take, so it is never a guess about how long a visit lasts.
 * Per day: `far_from_nights_stay` when the leg from the last activity to that night's stay is longer than 90 minutes
 * (on the last activity's card); `day_too_long` when the activities' planned lengths and the day's travel exceed the
 * limit (12 hours unless the traveller chose another).
 *
 * When the trip's dates are hidden from the viewer, nothing that needs a date is said (hours, holidays).
 */
export interface DayWarningsInput {
  /** ride_attractions_api's attractionsByDay as the viewer reads it. */
  days: readonly TripDay[];
  datesHidden: boolean;
  /** The legs call's days for the mode (the same indexes). */
  legs: readonly TripLegsDay[];
  /** The traveller's day, seconds; default 12 hours. */
  limitS?: number;
}

/** The hours of the day a visit without a time must fall in: a closure covering them leaves no daytime visit. */
const DAYTIME = { from: '09:00', to: '17:00' };

/** The occasion of a closure a visit on `date` meets: the day's own, else the next (its eve), else the first. */
function occasionOn(closure: Closure, date: string): Occasion {
  return (closure.occasions.find((o) => o.date === date) ??
    closure.occasions.find((o) => o.date > date) ??
    closure.occasions[0]) as Occasion;
}

function holidayWarning(
  dayId: number,
  a: PlannedActivity,
  closure: Closure,
): Extract<TripCheckWarning, { code: 'closed_on_holiday' }> {
  const occasion = occasionOn(closure, a.date as string);
  return {
    code: 'closed_on_holiday',
    dayId,
    activityId: a.id,
    details: {
      date: a.date as string,
      occasion: occasion.code,
      kind: occasion.kind,
      fromDate: closure.from.date,
      fromAt: closure.from.time,
      toDate: closure.to.date,
      toAt: closure.to.time,
    },
  };
}

/** The hours and holidays of one activity with a date and coordinates (at most one warning). */
function dateWarning(plan: DayPlan, a: PlannedActivity): TripCheckWarning | null {
  const place = a.place;
  const date = a.date;
  if (!place || !date) return null;
  const dayId = plan.dayId;
  if (a.time !== null) {
    const interval = { date, time: a.time, minutes: a.lengthS / 60 };
    const closure = closureDuring(place, interval);
    if (closure) {
      const shabbat = occasionOn(closure, date).kind === 'shabbat';
      const open = shabbat && hoursDuring(a.osmOpeningHours, place, interval).result === 'open';
      return open ? null : holidayWarning(dayId, a, closure);
    }
    const hours = hoursDuring(a.osmOpeningHours, place, interval);
    if (hours.result === 'closed_at_start')
      return {
        code: 'closed_at_planned_time',
        dayId,
        activityId: a.id,
        details: {
          date,
          at: a.time,
          opensDate: hours.opensAt?.date ?? null,
          opensAt: hours.opensAt?.time ?? null,
        },
      };
    if (hours.result === 'closes_before_end')
      return {
        code: 'closes_before_planned_end',
        dayId,
        activityId: a.id,
        details: {
          date,
          at: a.time,
          plannedEnd: plan.wallTimeAfter(a, a.lengthS),
          closesAt: hours.closesAt.time,
        },
      };
    return null;
  }
  const day = hoursOnDay(a.osmOpeningHours, place, date);
  if (a.zone) {
    const from = instantOf(a.zone, { date, time: DAYTIME.from });
    const to = instantOf(a.zone, { date, time: DAYTIME.to });
    const closure = closuresBetween(place, date, date).find((c) => c.start <= from && c.end >= to);
    if (closure) {
      const shabbat = occasionOn(closure, date).kind === 'shabbat';
      return shabbat && day.result === 'open' ? null : holidayWarning(dayId, a, closure);
    }
  }
  if (day.result !== 'closed_all_day') return null;
  // Its next opening: what the hours say from the day's first minute (closed all day, so after it).
  const next = hoursDuring(a.osmOpeningHours, place, { date, time: '00:00', minutes: 0 });
  const opens = next.result === 'closed_at_start' ? next.opensAt : null;
  return {
    code: 'closed_at_planned_time',
    dayId,
    activityId: a.id,
    details: { date, at: null, opensDate: opens?.date ?? null, opensAt: opens?.time ?? null },
  };
}

/** Overlap or too little time between consecutive timed activities: on the later one. */
function timeWarning(plan: DayPlan, a: PlannedActivity, b: PlannedActivity): TripCheckWarning | null {
  const gapS = Math.round(((b.startMs as number) - (a.startMs as number)) / 1000);
  if (gapS < SHORTEST_VISIT_S)
    return {
      code: 'times_overlap',
      dayId: plan.dayId,
      activityId: b.id,
      details: {
        otherActivityId: a.id,
        at: b.time as string,
        otherAt: a.time as string,
        otherEnd: plan.wallTimeAfter(a, a.lengthS),
      },
    };
  const stopsBetween = b.index - a.index - 1;
  const leftS = gapS - SHORTEST_VISIT_S * (1 + stopsBetween);
  const legS = plan.travelBetween(a, b);
  if (legS <= leftS) return null;
  return {
    code: 'not_enough_time_to_get_there',
    dayId: plan.dayId,
    activityId: b.id,
    details: { fromId: a.id, fromKind: 'attraction', legS, gapS: leftS, stopsBetween },
  };
}

function dayWarnings(plan: DayPlan, datesHidden: boolean, limitS: number): TripCheckWarning[] {
  const found: TripCheckWarning[] = [];
  const previousTimed = new Map<PlannedActivity, PlannedActivity>();
  for (let i = 1; i < plan.timed.length; i++)
    previousTimed.set(plan.timed[i] as PlannedActivity, plan.timed[i - 1] as PlannedActivity);
  for (const a of plan.activities) {
    const dated = datesHidden ? null : dateWarning(plan, a);
    if (dated) found.push(dated);
    const before = previousTimed.get(a);
    const timing = before ? timeWarning(plan, before, a) : null;
    if (timing) found.push(timing);
  }
  const last = plan.legs.at(-1);
  if (last && last.fromKind === 'attraction' && last.toKind === 'stay' && last.durationS > FAR_FROM_STAY_S)
    found.push({
      code: 'far_from_nights_stay',
      dayId: plan.dayId,
      activityId: last.fromId,
      details: { stayId: last.toId, legS: last.durationS, limitS: FAR_FROM_STAY_S },
    });
  const activitiesS = plan.activities.reduce((sum, a) => sum + a.lengthS, 0);
  const totalS = activitiesS + plan.travelS;
  if (totalS > limitS)
    found.push({
      code: 'day_too_long',
      dayId: plan.dayId,
      details: { totalS, activitiesS, travelS: plan.travelS, limitS },
    });
  return found;
}

/** Every day's warnings, day by day; within a day by activity in the author's order, then the day's own. */
export function tripWarnings(input: DayWarningsInput): TripCheckWarning[] {
  const limitS = input.limitS ?? DEFAULT_DAY_LIMIT_S;
  const legsOf = new Map(input.legs.map((d) => [d.dayId, d]));
  return input.days.flatMap((_, dayId) =>
    dayWarnings(planDay(input.days, dayId, legsOf.get(dayId), input.datesHidden), input.datesHidden, limitS),
  );
}
