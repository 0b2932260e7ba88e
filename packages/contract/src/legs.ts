import type { TripDay } from './calls/trips.js';
import { dayStops, type DayStop } from './day-stops.js';
import { haversineKm, type GeoPoint } from './geo-distance.js';

/**
 * Legs of a day (issue 36 point 1, decision 0071): the distance and time between consecutive stops of a day, for the
 * way the traveller moves. This file is the embedded default, which needs no service: the great-circle distance times
 * a detour factor, at a speed, per mode, always labelled `estimate`. The server replaces an estimate by a routing
 * service's answer when one is configured and answers in time (`routed`); the web can compute the same estimates from
 * the trip it already holds. No zod here (the wire's schemas are calls/legs.ts): a screen may import it cheaply.
 *
 * Where the numbers come from:
 *
 *  - Detour factors (network distance / great-circle distance, "circuity"). For roads, national and regional studies
 *    find about 1.2 for long (inter-city) trips and more for short ones: Ballou, Rahardja & Sakai, "Selected country
 *    circuity factors for road travel distance estimation", Transportation Research Part A 36(9), 2002 (about 1.2 for
 *    the United States, higher in most other countries they measured); Boscoe, Henry & Zdeb, "A nationwide comparison of
 *    driving distance versus straight-line distance to hospitals", The Professional Geographer 64(2), 2012 (a detour
 *    index near 1.4 over the sample, larger for short trips and near shorelines and other barriers); Levinson &
 *    El-Geneidy, "The minimum circuity frontier and the journey to work", Regional Science and Urban Economics 39(6),
 *    2009 (circuity in 20 US metropolitan areas falls as trips get longer). So every mode has a factor for a short
 *    leg (up to DETOUR_NEAR_KM) and one for a long leg (from DETOUR_FAR_KM), blended on the logarithm of the distance
 *    between. Walking and cycling networks in cities are close to the street grid with shortcuts (paths, squares,
 *    one-way streets open to bicycles): the driving figures for short legs, a little less. Public transport follows
 *    its lines: the Swiss Mobility and Transport Microcensus gives about 1.33 (network / straight line, weighted
 *    average of 2010 and 2015 trips, github.com/antonindanalet/detourfactor).
 *
 *  - Speeds. Walking 4.8 km/h (1.33 m/s): between the mean walking speeds measured at crosswalks for younger and older
 *    pedestrians (1.51 and 1.25 m/s: Knoblauch, Pietrucha & Nitzburg, "Field studies of pedestrian walking speed and
 *    start-up time", Transportation Research Record 1538, 1996) and just under the 5 km/h of OSRM's and Valhalla's foot
 *    profiles (a visitor who does not know the way walks slower than a commuter). Cycling 15 km/h: OSRM's bicycle
 *    profile's default speed, and the average speed the City of Copenhagen reports for its cyclists (about 15-16
 *    km/h, Copenhagen Bicycle Account). Driving: 25 km/h over a short leg (city streets and lights: the average
 *    urban speeds of congestion indices such as TomTom's Traffic Index are mostly 20-35 km/h) rising to 80 km/h over a
 *    long one (mostly rural roads and motorways, including slower stretches at both ends). Public transport: 18 km/h
 *    in the vehicle over a short leg (buses and trams in mixed traffic run 15-20 km/h on average, stops included),
 *    60 km/h over a long one (regional trains and coaches), plus a waiting allowance (TRANSIT_ALLOWANCE_S: walking to
 *    and from the stops and waiting half a ten-minute headway); a leg that is quicker on foot is walked, as a journey
 *    planner would answer.
 *
 *  - Per country: the published country factors (Ballou et al.) are for inter-city road freight, not for the city legs
 *    of a day, and no comparable figures per country exist for walking, cycling or public transport; a factor per
 *    country would be invented, so there is none. A configured routing service is the way to real, local figures.
 */

export const LEG_MODES = ['walk', 'drive', 'bike', 'transit'] as const;
export type LegMode = (typeof LEG_MODES)[number];

export const LEG_SOURCES = ['estimate', 'routed'] as const;
export type LegSource = (typeof LEG_SOURCES)[number];

/** The routing services the server can ask (ROUTING_PROVIDER for walking, driving and cycling; TRANSIT_URL: motis). */
export const ROUTING_SERVICES = ['osrm', 'valhalla', 'graphhopper', 'motis'] as const;
export type RoutingService = (typeof ROUTING_SERVICES)[number];

export const isLegMode = (value: unknown): value is LegMode =>
  typeof value === 'string' && (LEG_MODES as readonly string[]).includes(value);

/** A leg up to this long (great circle) takes a mode's "near" factor and speed ... */
export const DETOUR_NEAR_KM = 2;
/** ... and from this long its "far" ones; between, they are blended on the logarithm of the distance. */
export const DETOUR_FAR_KM = 60;

/** Walking to the first stop, from the last (about 350 m each at the walking speed) and waiting half a 10-minute headway. */
export const TRANSIT_ALLOWANCE_S = 840;

export interface ModeProfile {
  /** Network distance / great-circle distance, for a short leg and a long one. */
  detour: { near: number; far: number };
  /** Average speed along the network, km/h, for a short leg and a long one. */
  speedKmh: { near: number; far: number };
  /** Time added to every leg but an empty one (public transport's walks to the stops and wait). */
  allowanceS: number;
}

/** The estimate's figures, per mode; the sources are above. */
export const MODE_PROFILES: Readonly<Record<LegMode, ModeProfile>> = {
  walk: { detour: { near: 1.35, far: 1.25 }, speedKmh: { near: 4.8, far: 4.8 }, allowanceS: 0 },
  bike: { detour: { near: 1.35, far: 1.25 }, speedKmh: { near: 15, far: 15 }, allowanceS: 0 },
  drive: { detour: { near: 1.4, far: 1.2 }, speedKmh: { near: 25, far: 80 }, allowanceS: 0 },
  transit: {
    detour: { near: 1.35, far: 1.35 },
    speedKmh: { near: 18, far: 60 },
    allowanceS: TRANSIT_ALLOWANCE_S,
  },
};

/** A leg's distance and time. */
export interface LegFigures {
  /** Metres along the way, whole. */
  distanceM: number;
  /** Seconds, whole. */
  durationS: number;
}

/** How far along [near, far] a leg of `km` is: 0 up to DETOUR_NEAR_KM, 1 from DETOUR_FAR_KM, log-linear between. */
function farness(km: number): number {
  if (km <= DETOUR_NEAR_KM) return 0;
  if (km >= DETOUR_FAR_KM) return 1;
  return Math.log(km / DETOUR_NEAR_KM) / Math.log(DETOUR_FAR_KM / DETOUR_NEAR_KM);
}

const blend = (range: { near: number; far: number }, t: number) => range.near + (range.far - range.near) * t;

/** The estimate of one mode along the network, without public transport's "walk it if quicker". */
function alongNetwork(km: number, profile: ModeProfile): LegFigures {
  if (km === 0) return { distanceM: 0, durationS: 0 };
  const t = farness(km);
  const networkKm = km * blend(profile.detour, t);
  const hours = networkKm / blend(profile.speedKmh, t);
  return {
    distanceM: Math.round(networkKm * 1000),
    durationS: Math.round(hours * 3600 + profile.allowanceS),
  };
}

/**
 * The embedded estimate of a leg from `from` to `to` by `mode`: the great-circle distance times the mode's detour
 * factor, at the mode's speed (MODE_PROFILES). By public transport, the quicker of riding (with its allowance) and
 * walking. Pure and deterministic: the same points and mode give the same figures on the server and in a browser.
 */
export function estimateLeg(
  from: GeoPoint,
  to: GeoPoint,
  mode: LegMode,
): LegFigures & { source: 'estimate' } {
  const km = haversineKm(from, to);
  const figures = alongNetwork(km, MODE_PROFILES[mode]);
  if (mode === 'transit') {
    const walked = alongNetwork(km, MODE_PROFILES.walk);
    if (walked.durationS <= figures.durationS) return { ...walked, source: 'estimate' };
  }
  return { ...figures, source: 'estimate' };
}

// ------------------------------------------------------------------------------------------------ a day's legs

export type LegStopKind = DayStop['kind'];

/** A stop a leg starts or ends at: an attraction or a stay, with its usable coordinates. */
export interface LegStop {
  kind: LegStopKind;
  id: number;
  lat: number;
  lng: number;
}

/** A leg to work out: two consecutive located stops of a day. */
export interface PlannedLeg {
  from: LegStop;
  to: LegStop;
}

/** A stop left out of a day's legs for lack of usable coordinates. */
export interface SkippedStop {
  kind: LegStopKind;
  id: number;
}

export interface DayLegPlan {
  /** The day as ride_attractions_api gives it: its 0-based index in attractionsByDay (the editing calls' dayIndex). */
  dayId: number;
  legs: PlannedLeg[];
  skipped: SkippedStop[];
}

/**
 * The legs of every day of a trip, in the day's order (dayStops: the previous night's stay, the day's activities in the
 * author's order, that night's stay). A stop without usable coordinates is skipped (listed once in `skipped`): its
 * neighbours are joined by one leg. Two consecutive stops that are the same place (one stay morning and night around
 * skipped activities, an activity placed twice in a row) make no leg.
 */
export function tripLegPlan(days: readonly TripDay[]): DayLegPlan[] {
  return days.map((_, dayId) => {
    const located: LegStop[] = [];
    const skipped: SkippedStop[] = [];
    for (const s of dayStops(days, dayId)) {
      if (s.lat === null || s.lng === null) {
        if (!skipped.some((k) => k.kind === s.kind && k.id === s.id))
          skipped.push({ kind: s.kind, id: s.id });
        continue;
      }
      const previous = located.at(-1);
      if (previous && previous.kind === s.kind && previous.id === s.id) continue;
      located.push({ kind: s.kind, id: s.id, lat: s.lat, lng: s.lng });
    }
    const legs = located.slice(1).map((to, i) => ({ from: located[i] as LegStop, to }));
    return { dayId, legs, skipped };
  });
}

/** One leg as the call answers it. */
export interface TripLeg extends LegFigures {
  fromId: number;
  fromKind: LegStopKind;
  toId: number;
  toKind: LegStopKind;
  mode: LegMode;
  source: LegSource;
}

export interface TripLegsDay {
  dayId: number;
  legs: TripLeg[];
  /** The sums of the day's legs. */
  totals: LegFigures;
  skipped: SkippedStop[];
}

/**
 * The answer's days from a plan: each leg's figures from `figuresOf` (a routed answer), else the estimate. Totals are
 * the sums of the legs' whole metres and seconds.
 */
export function tripLegs(
  plan: readonly DayLegPlan[],
  mode: LegMode,
  figuresOf: (leg: PlannedLeg) => (LegFigures & { source: LegSource }) | undefined = () => undefined,
): TripLegsDay[] {
  return plan.map((day) => {
    const legs = day.legs.map((leg): TripLeg => {
      const f = figuresOf(leg) ?? estimateLeg(leg.from, leg.to, mode);
      return {
        fromId: leg.from.id,
        fromKind: leg.from.kind,
        toId: leg.to.id,
        toKind: leg.to.kind,
        distanceM: f.distanceM,
        durationS: f.durationS,
        mode,
        source: f.source,
      };
    });
    return {
      dayId: day.dayId,
      legs,
      totals: {
        distanceM: legs.reduce((sum, l) => sum + l.distanceM, 0),
        durationS: legs.reduce((sum, l) => sum + l.durationS, 0),
      },
      skipped: day.skipped,
    };
  });
}

/** Every day's legs by the estimate alone (what the server answers with no routing service, and a screen offline). */
export const estimateTripLegs = (days: readonly TripDay[], mode: LegMode): TripLegsDay[] =>
  tripLegs(tripLegPlan(days), mode);
