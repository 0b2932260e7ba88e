import {
  estimateLeg,
  stayOfDay,
  tripLegPlan,
  type LegMode,
  type PlannedLeg,
  type TripDay,
  type TripLegsResponse,
} from '@rides/contract';

type TripLeg = TripLegsResponse['days'][number]['legs'][number];

/** A leg as a card shows it: the leg reaching the card's stop, and the name of where it starts. */
export interface ArrivingLeg {
  leg: TripLeg;
  /** The name of the stop the leg starts at (the activity's title, the stay's name). */
  from: string;
}

/** One day's legs as the page shows them. */
export interface DayLegsOnPage {
  /** The leg reaching each activity, by the activity's 0-based place in the day (the first located stop has none). */
  toActivity: Map<number, ArrivingLeg>;
  /** The leg reaching the night's stay, with the stay's id and name. */
  toNight: (ArrivingLeg & { stayId: number; stayName: string }) | null;
  /** The sums of the day's legs. */
  totals: { distanceM: number; durationS: number };
  /** How many legs the day has. */
  legCount: number;
  /** How many of the day's stops have no place on the map (left out of its legs). */
  skipped: number;
  /** Some leg of the day is the estimate. */
  estimate: boolean;
}

const sameEnds = (leg: TripLeg, planned: PlannedLeg) =>
  leg.fromKind === planned.from.kind &&
  leg.fromId === planned.from.id &&
  leg.toKind === planned.to.kind &&
  leg.toId === planned.to.id;

/** The answer's figures for a planned leg: its leg at the same place, else one with the same ends, else the estimate. */
function figuresOf(planned: PlannedLeg, index: number, answered: readonly TripLeg[], mode: LegMode): TripLeg {
  const same = answered[index];
  const leg = same && sameEnds(same, planned) ? same : answered.find((l) => sameEnds(l, planned));
  if (leg) return leg;
  const estimate = estimateLeg(planned.from, planned.to, mode);
  return {
    fromId: planned.from.id,
    fromKind: planned.from.kind,
    toId: planned.to.id,
    toKind: planned.to.kind,
    distanceM: estimate.distanceM,
    durationS: estimate.durationS,
    mode,
    source: 'estimate',
  };
}

/**
 * Where each leg shows on the trip page: on the card of the stop it reaches (an activity by its place in its day, since
 * an activity may be on a day twice, or be on several days), or on the night's stay. The legs are the trip the page
 * shows, planned as the server plans them (the contract's tripLegPlan: the previous night's stay, the activities, that
 * night's stay; stops without a place left out), each with the answer's figures for the same two stops: an answer read
 * before the trip's latest change fills what it can, the estimate the rest, until the new answer comes. The day's stops
 * are walked in order, each taking the next leg when that leg ends at it.
 */
export function placeLegs(
  days: readonly TripDay[],
  answer: Pick<TripLegsResponse, 'days' | 'mode'>,
): Map<number, DayLegsOnPage> {
  const placed = new Map<number, DayLegsOnPage>();
  for (const plan of tripLegPlan(days)) {
    const day = days[plan.dayId];
    if (!day) continue;
    const answered = answer.days.find((d) => d.dayId === plan.dayId)?.legs ?? [];
    const legs = plan.legs.map((planned, i) => figuresOf(planned, i, answered, answer.mode));

    const stops: {
      kind: 'attraction' | 'stay';
      id: number;
      name: string;
      position: number | 'morning' | 'night';
    }[] = [];
    const morning = stayOfDay(days[plan.dayId - 1]);
    if (morning) stops.push({ kind: 'stay', id: morning.id, name: morning.name, position: 'morning' });
    day.daily_attractions.forEach((a, position) =>
      stops.push({ kind: 'attraction', id: a.id, name: a.title, position }),
    );
    const night = stayOfDay(day);
    if (night) stops.push({ kind: 'stay', id: night.id, name: night.name, position: 'night' });
    const names = new Map(stops.map((s) => [`${s.kind}:${s.id}`, s.name]));

    const onPage: DayLegsOnPage = {
      toActivity: new Map(),
      toNight: null,
      totals: {
        distanceM: legs.reduce((sum, l) => sum + l.distanceM, 0),
        durationS: legs.reduce((sum, l) => sum + l.durationS, 0),
      },
      legCount: legs.length,
      skipped: plan.skipped.length,
      estimate: legs.some((l) => l.source === 'estimate'),
    };
    let next = 0;
    for (const stop of stops) {
      const leg = legs[next];
      if (!leg || leg.toKind !== stop.kind || leg.toId !== stop.id) continue;
      next++;
      const arriving = { leg, from: names.get(`${leg.fromKind}:${leg.fromId}`) ?? '' };
      if (typeof stop.position === 'number') onPage.toActivity.set(stop.position, arriving);
      else if (stop.position === 'night')
        onPage.toNight = { ...arriving, stayId: stop.id, stayName: stop.name };
    }
    placed.set(plan.dayId, onPage);
  }
  return placed;
}
