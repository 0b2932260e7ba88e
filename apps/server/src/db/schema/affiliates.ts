import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns.js';
import { rides } from './rides.js';

export const AFFILIATE_SOURCES = ['getyourguide', 'tiqets'] as const;
export type AffiliateSource = (typeof AFFILIATE_SOURCES)[number];

export const BOOKING_DESTINATION_TYPES = ['city', 'region'] as const;
export type BookingDestinationType = (typeof BOOKING_DESTINATION_TYPES)[number];

/** Affiliate mapping by place id (000 §3, 001 §3): a ticket link shown on an attraction with that place id. */
export const affiliatePlaceLinks = pgTable(
  'affiliate_place_links',
  {
    id: serial('id').primaryKey(),
    placeId: text('place_id').notNull().unique('affiliate_place_links_place_id_unique'),
    link: text('link').notNull(),
    info: text('info'),
    affiliateSource: text('affiliate_source', { enum: AFFILIATE_SOURCES }).notNull(),
    /** Button colour, CSS colour string. */
    colour: text('colour'),
    createdAt: createdAt(),
  },
  (t) => [oneOf('affiliate_place_links_source_check', t.affiliateSource, AFFILIATE_SOURCES)],
);

/** Accommodation-booking mapping by trip id: the booking partner's widget parameters for one trip. */
export const accommodationBookingLinks = pgTable(
  'accommodation_booking_links',
  {
    id: serial('id').primaryKey(),
    rideId: integer('ride_id')
      .notNull()
      .unique('accommodation_booking_links_ride_unique')
      .references(() => rides.id, { onDelete: 'cascade' }),
    aid: text('aid').notNull(),
    targetAid: text('target_aid'),
    destinationId: text('destination_id').notNull(),
    destinationType: text('destination_type', { enum: BOOKING_DESTINATION_TYPES }).notNull(),
    name: text('name'),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('accommodation_booking_links_destination_type_check', t.destinationType, BOOKING_DESTINATION_TYPES),
  ],
);

export type AffiliatePlaceLink = typeof affiliatePlaceLinks.$inferSelect;
export type NewAffiliatePlaceLink = typeof affiliatePlaceLinks.$inferInsert;
export type AccommodationBookingLink = typeof accommodationBookingLinks.$inferSelect;
export type NewAccommodationBookingLink = typeof accommodationBookingLinks.$inferInsert;
