import { addDays, rideDateToIso } from '@rides/contract';

/** The calendar date (YYYY-MM-DD) of each day of a trip from its start date (DD-MM-YYYY) and length; [] when hidden. */
export function tripDayDates(startDate: string | null, duration: number): string[] {
  const start = startDate ? rideDateToIso(startDate) : null;
  if (!start) return [];
  return Array.from({ length: duration }, (_, i) => addDays(start, i));
}

/** YYYY-MM-DD as the day header's DD/MM/YYYY (000 §2 "the date is shown as DD/MM/YYYY"). */
export const isoToDayHeader = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
