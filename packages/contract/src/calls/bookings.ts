import { z } from 'zod';
import { envelope } from '../envelope.js';
import { text, TEXT_MAX } from '../input-rules.js';
import { reservation, RESERVATIONS_PER_IMPORT_MAX } from '../reservations.js';
import { tripIdParam } from './trips.js';

/**
 * The bookings calls (issue 34, decision 0068):
 *   POST   /api/trips/{rideId}/bookings/import                      multipart `files` (one or more), or JSON { text }
 *                                                                    -> a preview: { reservations, problems }, nothing
 *                                                                    put on the trip
 *   POST   /api/trips/{rideId}/bookings                             { reservations (as corrected), extendTrip? } -> written
 *   GET    /api/trips/{rideId}/bookings                             what is on the trip, what waits for review, the
 *                                                                    trip's forwarding address
 *   POST   /api/trips/{rideId}/bookings/address                     a new forwarding address (the old one refused)
 *   POST   /api/trips/{rideId}/bookings/waiting/{documentId}/accept  a held mail (from a non-member) let in for review
 *   DELETE /api/trips/{rideId}/bookings/waiting/{documentId}        a waiting mail dismissed
 *   GET    /api/trips/{rideId}/bookings/documents/{documentId}      a booking's document (the trip's people only)
 */

/** Files one import reads, and the size of each (a mail with its attachments counts as one file). */
export const BOOKING_FILES_MAX = 10;
export const BOOKING_FILE_BYTES_MAX = 25 * 1024 * 1024;
/** Pasted text: the longest free text any call takes (a confirmation's text fits; a saved page is a file). */
export const BOOKING_TEXT_MAX = TEXT_MAX;

/** Why a file gave nothing (each shown in Hebrew and English, beside the file's name). */
export const BOOKING_PROBLEM_CODES = [
  'booking_unsupported_file',
  'booking_unreadable_file',
  'booking_file_too_large',
  'booking_pdf_encrypted',
  'booking_nothing_found',
] as const;
export type BookingProblemCode = (typeof BOOKING_PROBLEM_CODES)[number];

export const bookingProblem = z.object({
  /** The file's name as uploaded; null for pasted text. */
  file: z.string().nullable(),
  code: z.enum(BOOKING_PROBLEM_CODES),
});
export type BookingProblem = z.infer<typeof bookingProblem>;

/** A field of a booking the new confirmation changes (what the preview and the answer say changed). */
export const bookingChange = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type BookingChange = z.infer<typeof bookingChange>;

/** A reservation as the preview shows it: where it came from and how it meets the trip. */
export const previewReservation = reservation.extend({
  /** The stored document it was read from (attached to the booking on confirmation); absent for pasted text. */
  documentId: z.number().int().positive().optional(),
  /** Outside the trip's days: confirming with extendTrip moves the trip's first or last day to take it. */
  outsideTrip: z.boolean(),
  /** The booking on the trip with the same number and provider, and what this confirmation changes in it. */
  match: z.object({ bookingId: z.number().int(), changes: z.array(bookingChange) }).nullable(),
});
export type PreviewReservation = z.infer<typeof previewReservation>;

export const tripDatesWire = z.object({ startDate: z.string(), endDate: z.string() });

export const bookingsImportTextBody = z.strictObject({
  text: text()
    .trim()
    .min(1, { error: 'booking_nothing_found' })
    .max(BOOKING_TEXT_MAX, { error: 'booking_file_too_large' }),
});

export const bookingsImportResponse = envelope({
  reservations: z.array(previewReservation),
  problems: z.array(bookingProblem),
  trip: tripDatesWire,
});
export type BookingsImportResponse = z.infer<typeof bookingsImportResponse>;

/** What the traveller sends back: the preview's reservations, as corrected, each with its id. */
export const bookingsConfirmBody = z.strictObject({
  reservations: z
    .array(reservation.extend({ documentId: z.number().int().positive().optional() }).strict())
    .min(1, { error: 'bad_request' })
    .max(RESERVATIONS_PER_IMPORT_MAX, { error: 'bad_request' }),
  /** Take the bookings outside the trip's days by moving its first or last day (within the trip's 60 days). */
  extendTrip: z.boolean().optional(),
});
export type BookingsConfirmBody = z.input<typeof bookingsConfirmBody>;

/** A booking on the trip: the reservation as confirmed, its document, and what it became on the trip's days. */
export const bookingWire = z.object({
  id: z.number().int(),
  reservation,
  documentId: z.number().int().nullable(),
  documentName: z.string().nullable(),
  /** The stay it became (lodging), and the activities (a flight, a car's pick-up and return, an event). */
  stayId: z.number().int().nullable(),
  activityIds: z.array(z.number().int()),
  updatedAt: z.string(),
});
export type BookingWire = z.infer<typeof bookingWire>;

export const bookingsConfirmResponse = envelope({
  /** Every booking the confirmation touched, as it now is. */
  bookings: z.array(bookingWire),
  /** Per reservation id of the body: added, updated (with what changed) or unchanged (the same confirmation again). */
  outcomes: z.array(
    z.object({
      id: z.string(),
      outcome: z.enum(['added', 'updated', 'unchanged']),
      bookingId: z.number().int(),
      changes: z.array(bookingChange),
    }),
  ),
  trip: tripDatesWire,
});
export type BookingsConfirmResponse = z.infer<typeof bookingsConfirmResponse>;

/** A forwarded mail waiting: for review (from a member) or held (from someone who is not: a member lets it in). */
export const waitingMail = z.object({
  documentId: z.number().int(),
  from: z.string().nullable(),
  subject: z.string().nullable(),
  receivedAt: z.string(),
  held: z.boolean(),
  /** Its preview (empty while held: a stranger's mail is not read out to the trip before a member lets it in). */
  reservations: z.array(previewReservation),
  problems: z.array(bookingProblem),
});
export type WaitingMail = z.infer<typeof waitingMail>;

export const bookingsListResponse = envelope({
  bookings: z.array(bookingWire),
  waiting: z.array(waitingMail),
  /** The trip's own forwarding address; null when the server receives no mail (INBOUND_* not set). */
  address: z.string().nullable(),
  /** Whether this reader may import, confirm and manage the address (an editor or the owner). */
  mayImport: z.boolean(),
  trip: tripDatesWire,
});
export type BookingsListResponse = z.infer<typeof bookingsListResponse>;

export const bookingsAddressResponse = envelope({ address: z.string().nullable() });

export const bookingDocumentParams = z.object({
  rideId: tripIdParam,
  documentId: tripIdParam,
});
