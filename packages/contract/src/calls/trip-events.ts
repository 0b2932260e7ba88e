import { z } from 'zod';
import { envelope } from '../envelope.js';

/**
 * The live calls of a trip (issue 33 point 2, decision 0064); what the stream sends is in trip-live.ts.
 *  - GET /api/trips/{rideId}/events: text/event-stream for whoever may view the trip (Authorization, or `ticket`).
 *    `lastEventId` stands for the Last-Event-ID header (EventSource sends it only on its own reconnects).
 *  - POST /api/trips/{rideId}/events/ticket → `{ ticket, expiresAt }`: the signed-in viewer's short-lived ticket.
 *  - POST /api/trips/{rideId}/presence `{ day }`: the signed-in viewer is on the trip, looking at this day.
 * Refusals: unknown trip 404, a private trip the listener may not view 403, a bad or expired ticket 401
 * invalid_events_ticket, too many open streams 429.
 */

const version = z.coerce
  .number({ error: 'bad_request' })
  .int({ error: 'bad_request' })
  .min(0, { error: 'bad_request' });

export const tripEventsQuery = z.object({
  /** The ticket as issued: digits, dots and URL-safe base64 (anything else is no ticket of ours). */
  ticket: z
    .string({ error: 'invalid_events_ticket' })
    .regex(/^[A-Za-z0-9._-]{1,300}$/, { error: 'invalid_events_ticket' })
    .optional(),
  lastEventId: version.optional(),
});
export type TripEventsQuery = z.input<typeof tripEventsQuery>;

export const eventsTicketResponse = envelope({ ticket: z.string(), expiresAt: z.string() });
export type EventsTicketResponse = z.infer<typeof eventsTicketResponse>;

const isoDay = z
  .string({ error: 'bad_request' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'bad_request' })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), { error: 'bad_request' });

export const presenceBody = z.object({ day: isoDay.nullable() });
export type PresenceBody = z.input<typeof presenceBody>;

export const presenceResponse = envelope({});
export type PresenceResponse = z.infer<typeof presenceResponse>;
