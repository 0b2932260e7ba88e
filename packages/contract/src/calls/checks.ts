import { z } from 'zod';
import { envelope } from '../envelope.js';
import { legMode } from './legs.js';
import { tripIdParam } from './trips.js';

/**
 * GET /api/trips/{rideId}/checks?mode=walk|drive|bike|transit (issue 36 point 3): what makes a day of the trip hard or
 * impossible to do, each warning on its day (`dayId`: the day's 0-based index in ride_attractions_api's
 * attractionsByDay) and, when it is about one activity, on its card (`activityId`: the attraction's id). The legs are
 * the mode's (the trip page's chosen mode; the legs call's own figures). Readable by whoever may view the trip (the
 * trip's own view policy, as ride_attractions_api): the warnings say nothing the page does not. When the viewer may
 * not see the trip's dates (dates_hidden), no warning that needs a date is given (hours, holidays).
 *
 * `details` carries what the screen says: times are the place's wall clock ("HH:MM"), dates YYYY-MM-DD, durations in
 * seconds.
 */
export const CHECK_CODES = [
  'closed_at_planned_time',
  'closes_before_planned_end',
  'closed_on_holiday',
  'times_overlap',
  'not_enough_time_to_get_there',
  'day_too_long',
  'far_from_nights_stay',
] as const;
export type CheckCode = (typeof CHECK_CODES)[number];

export const tripChecksParams = z.object({ rideId: tripIdParam });
export const tripChecksQuery = z.object({ mode: legMode });

const hhmm = z.string().regex(/^\d{2}:\d{2}$/);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const stopKind = z.enum(['attraction', 'stay']);

/** A Jewish or Israeli occasion that closes places in Israel (server day-checks/holidays.ts). */
export const OCCASION_CODES = [
  'shabbat',
  'rosh_hashana',
  'yom_kippur',
  'sukkot',
  'shemini_atzeret',
  'pesach',
  'pesach_seventh_day',
  'shavuot',
  'yom_haatzmaut',
] as const;

const warning = <C extends CheckCode, D extends z.ZodRawShape>(code: C, details: D) =>
  z.object({
    code: z.literal(code),
    dayId: z.number().int().min(0),
    activityId: z.number().int().optional(),
    details: z.object(details),
  });

export const tripCheckWarningWire = z.discriminatedUnion('code', [
  /** Closed when the visit is planned (`at` null: a stop without a time, closed all that day). */
  warning('closed_at_planned_time', {
    date: isoDate,
    at: hhmm.nullable(),
    /** Its next opening within a week, when known. */
    opensDate: isoDate.nullable(),
    opensAt: hhmm.nullable(),
  }),
  /** Open at the start, closed before the visit's planned end. */
  warning('closes_before_planned_end', { date: isoDate, at: hhmm, plannedEnd: hhmm, closesAt: hhmm }),
  /** Shabbat or a holiday closes it (places in Israel; public holidays elsewhere come through the hours' PH). */
  warning('closed_on_holiday', {
    date: isoDate,
    occasion: z.enum(OCCASION_CODES),
    kind: z.enum(['shabbat', 'holiday', 'national']),
    /** The closure at the place's wall clock: from the eve's candle lighting to nightfall. */
    fromDate: isoDate,
    fromAt: hhmm,
    toDate: isoDate,
    toAt: hhmm,
  }),
  /**
   * Two consecutive timed stops of the day overlap: this one starts less than the shortest visit (15 minutes) after the
   * timed stop before it in the day's order (earlier, at the same time, or within 15 minutes), so before the other's
   * planned end (`otherEnd`).
   */
  warning('times_overlap', { otherActivityId: z.number().int(), at: hhmm, otherAt: hhmm, otherEnd: hhmm }),
  /**
   * The way from the timed stop before (`fromId`) is longer than the time the plan leaves for it. `legS`: the travel
   * along the day's legs from it to this one (through the `stopsBetween` untimed activities between them); `gapS`: this
   * one's start less the other's, less the shortest visit (15 minutes) at the other and at each stop between (may be
   * negative).
   */
  warning('not_enough_time_to_get_there', {
    fromId: z.number().int(),
    fromKind: stopKind,
    legS: z.number().int().min(0),
    gapS: z.number().int(),
    stopsBetween: z.number().int().min(0),
  }),
  /** The day's activities and travel take longer than the reader's limit (`limitS`, the answer's own). */
  warning('day_too_long', {
    totalS: z.number().int().min(0),
    activitiesS: z.number().int().min(0),
    travelS: z.number().int().min(0),
    limitS: z.number().int().min(0),
  }),
  /** The day's last stop is far from that night's stay. */
  warning('far_from_nights_stay', {
    stayId: z.number().int(),
    legS: z.number().int().min(0),
    limitS: z.number().int().min(0),
  }),
]);
export type TripCheckWarning = z.infer<typeof tripCheckWarningWire>;

export const tripChecksResponse = envelope({
  mode: legMode,
  /**
   * The longest day the warnings allow, in seconds (`day_too_long` beyond it): the signed-in reader's own (their
   * account's `dayLimitHours`), else 12 hours. Each reader reads the trip's warnings against their own day.
   */
  limitS: z.number().int().min(0),
  warnings: z.array(tripCheckWarningWire),
});
export type TripChecksResponse = z.infer<typeof tripChecksResponse>;
