import { z } from 'zod';
import { envelope } from '../envelope.js';
import { LEG_MODES, LEG_SOURCES, ROUTING_SERVICES } from '../legs.js';
import { tripIdParam } from './trips.js';

/**
 * GET /api/trips/{rideId}/legs?mode=walk|drive|bike|transit (issue 36 point 1, decision 0071): every day of the trip
 * (`dayId`: its 0-based index in ride_attractions_api's attractionsByDay) with the legs between its consecutive stops
 * (the previous night's stay first, that night's stay last), the day's totals, and the stops skipped for lack of
 * coordinates. A leg is `routed` when the configured routing service answered it (now or before: answers are kept),
 * else the contract's `estimate` (legs.ts). `routedBy`: the service asked for this mode, null when none is configured.
 * Readable by whoever may view the trip (the trip's own view policy). An unknown or missing mode: 400
 * unknown_travel_mode.
 */
export const tripLegsParams = z.object({ rideId: tripIdParam });

export const legMode = z.enum(LEG_MODES, { error: 'unknown_travel_mode' });

export const tripLegsQuery = z.object({ mode: legMode });

const stopKind = z.enum(['attraction', 'stay']);

export const tripLeg = z.object({
  fromId: z.number().int(),
  fromKind: stopKind,
  toId: z.number().int(),
  toKind: stopKind,
  /** Metres along the way. */
  distanceM: z.number().int().min(0),
  /** Seconds. */
  durationS: z.number().int().min(0),
  mode: legMode,
  source: z.enum(LEG_SOURCES),
});

export const tripLegsDay = z.object({
  dayId: z.number().int().min(0),
  legs: z.array(tripLeg),
  totals: z.object({ distanceM: z.number().int().min(0), durationS: z.number().int().min(0) }),
  /** Stops of the day without usable coordinates: no leg reaches them (their neighbours are joined). */
  skipped: z.array(z.object({ kind: stopKind, id: z.number().int() })),
});

export const tripLegsResponse = envelope({
  mode: legMode,
  routedBy: z.enum(ROUTING_SERVICES).nullable(),
  days: z.array(tripLegsDay),
});
export type TripLegsResponse = z.infer<typeof tripLegsResponse>;
