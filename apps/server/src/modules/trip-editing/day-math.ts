import { addDays, daysBetween, isoToTripDate, MAX_TRIP_DAYS } from '@rides/contract';
import { AppError } from '../../lib/errors.js';

/**
 * Days of a trip as the editing calls address them: day i (0-based) is start_date + i; a trip of N days ends on
 * start + N - 1 and has 1..MAX_TRIP_DAYS days. Calendar arithmetic only (contract dates.ts), never a time zone.
 */
export interface TripDates {
  startDate: string;
  endDate: string;
}

export const dayCount = (r: TripDates): number => daysBetween(r.startDate, r.endDate) + 1;

/** The date of day `dayIndex`; day_not_in_trip_range (400) when the trip has no such day. */
export function dateOfDay(r: TripDates, dayIndex: number): string {
  if (!Number.isInteger(dayIndex) || dayIndex < 0 || dayIndex >= dayCount(r))
    throw new AppError('day_not_in_trip_range');
  return addDays(r.startDate, dayIndex);
}

/** 0-based day of a date inside the trip. */
export const dayIndexOf = (r: TripDates, iso: string): number => daysBetween(r.startDate, iso);

/** day_not_in_trip_range (400) unless the date is one of the trip's days (start through end, 000 §5). */
export function assertInTrip(r: TripDates, iso: string): void {
  if (iso < r.startDate || iso > r.endDate) throw new AppError('day_not_in_trip_range');
}

/** limiting_the_trip_duration (400) unless a trip of `days` days is allowed (1..60, 000 §9). */
export function assertDuration(days: number): void {
  if (days < 1 || days > MAX_TRIP_DAYS) throw new AppError('limiting_the_trip_duration');
}

/** The trip's dates as the day calls answer them. */
export const presentDates = (rideId: number, r: TripDates, accommodationsShifted: boolean) => ({
  ServerMassageCode: 'success' as const,
  rideId,
  start_date: isoToTripDate(r.startDate),
  end_date: isoToTripDate(r.endDate),
  duration: dayCount(r),
  accommodationsShifted,
});
