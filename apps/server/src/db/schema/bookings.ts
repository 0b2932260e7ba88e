import type { Reservation } from '@rides/contract';
import type { BOOKING_PROBLEM_CODES } from '@rides/contract';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, oneOf, updatedAt } from './columns.js';
import { accommodations } from './accommodations.js';
import { rides } from './rides.js';
import { users } from './users.js';

/**
 * Bookings in (issue 34, decision 0068): the documents travellers upload or forward, the bookings confirmed from them,
 * and each trip's forwarding address. Documents are kept in the database (a confirmation is a few hundred KB, is
 * private to the trip's people and goes with the trip when it is deleted), never in the public uploads.
 */

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (v instanceof Uint8Array ? v : new Uint8Array(v as ArrayBufferLike)),
});

export const BOOKING_DOCUMENT_STATES = ['preview', 'review', 'held', 'attached', 'dismissed'] as const;
export type BookingDocumentState = (typeof BOOKING_DOCUMENT_STATES)[number];

/**
 * One uploaded or forwarded file. `preview`: read for an import's preview, not yet confirmed (swept after a day);
 * `review`: a forwarded mail from one of the trip's people, waiting to be confirmed; `held`: a forwarded mail from
 * someone who is not, waiting for a member to let it in; `attached`: a booking's document; `dismissed`: let go.
 * `reservations` and `problems` are what the readers found (the preview of a waiting mail).
 */
export const bookingDocuments = pgTable(
  'booking_documents',
  {
    id: serial('id').primaryKey(),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    state: text('state', { enum: BOOKING_DOCUMENT_STATES }).notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    /** A forwarded mail's sender and subject. */
    fromAddress: text('from_address'),
    subject: text('subject'),
    reservations: jsonb('reservations').$type<Reservation[]>().default([]).notNull(),
    problems: jsonb('problems').$type<{ file: string | null; code: (typeof BOOKING_PROBLEM_CODES)[number] }[]>()
      .default([])
      .notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('booking_documents_state_check', t.state, BOOKING_DOCUMENT_STATES),
    index('booking_documents_ride_idx').on(t.rideId, t.state),
  ],
);

/**
 * A booking on a trip: the reservation as the traveller confirmed it, and what it became on the trip's days (a stay,
 * activities). `matchKey` (type, number and provider, normalised) makes importing the same confirmation twice one
 * booking.
 */
export const tripBookings = pgTable(
  'trip_bookings',
  {
    id: serial('id').primaryKey(),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    matchKey: text('match_key').notNull(),
    reservation: jsonb('reservation').$type<Reservation>().notNull(),
    documentId: integer('document_id').references(() => bookingDocuments.id, { onDelete: 'set null' }),
    stayId: integer('stay_id').references(() => accommodations.id, { onDelete: 'set null' }),
    activityIds: integer('activity_ids').array().default([]).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('trip_bookings_match_unique').on(t.rideId, t.matchKey)],
);

/** A trip's forwarding address: `<localPart>@INBOUND_MAIL_DOMAIN`. Resetting it gives a new local part. */
export const tripMailAddresses = pgTable('trip_mail_addresses', {
    rideId: integer('ride_id')
      .primaryKey()
      .references(() => rides.id, { onDelete: 'cascade' }),
    localPart: text('local_part').notNull().unique('trip_mail_addresses_local_unique'),
    createdAt: createdAt(),
  },
);
