import type { HighLevelTripLocation, TripDay } from '@rides/contract';

type TimelineEntry =
  | { kind: 'stay'; location: HighLevelTripLocation }
  /** Nights with no stay at all, booked or suggested (0-based day indexes, first to last). */
  | { kind: 'noStay'; firstNight: number; lastNight: number };

/**
 * The summary's accommodations timeline with the nights that have no stay put where they fall (issue 6 "go beyond";
 * the checklist's and the calendar's rule: a day before the last with neither a booking nor a suggestion).
 * The server's highLevelRideLocations are runs of days that show a stay, in order, each numberOfDays long; walking
 * the days consumes them in that order, so the gaps land between the right entries.
 */
export function stayTimeline(days: readonly TripDay[], locations: readonly HighLevelTripLocation[]): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  let next = 0;
  let left = 0;
  for (let i = 0; i < days.length; i++) {
    const day = days[i] as TripDay;
    if (day.accommodation ?? day.base_trip_accommodation) {
      if (left === 0) {
        const location = locations[next++];
        // The server's runs and the days disagree (never expected): show its list as it is, no gaps.
        if (!location) return locations.map((l) => ({ kind: 'stay', location: l }));
        entries.push({ kind: 'stay', location });
        left = location.numberOfDays;
      }
      left--;
      continue;
    }
    left = 0;
    if (i === days.length - 1) break; // the last day has no night in the trip
    const last = entries[entries.length - 1];
    if (last?.kind === 'noStay' && last.lastNight === i - 1) last.lastNight = i;
    else entries.push({ kind: 'noStay', firstNight: i, lastNight: i });
  }
  return entries;
}
