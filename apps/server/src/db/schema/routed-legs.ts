import { LEG_MODES, ROUTING_SERVICES } from '@rides/contract';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { nonNegative, oneOf } from './columns.js';

/**
 * Legs of a day (issue 36, decision 0071): the routing services' answers, kept per leg and mode so a leg is asked once
 * and every server process finds it (the table is the cache they share). A leg is its two ends rounded to 1e-5 degree
 * (about a metre: the same stop is the same key on every trip that places it), kept as integers (degrees x 100,000) so
 * the key compares exactly; directed (one-way streets: there and back are two legs). Its own schema file: nothing else
 * refers to it, and it refers to nothing (a leg is of places, not of a trip).
 */
export const routedLegs = pgTable(
  'routed_legs',
  {
    /** The service that answered (osrm, valhalla, graphhopper, motis): another service's figures are not these. */
    service: text('service', { enum: ROUTING_SERVICES }).notNull(),
    mode: text('mode', { enum: LEG_MODES }).notNull(),
    fromLat: integer('from_lat').notNull(),
    fromLng: integer('from_lng').notNull(),
    toLat: integer('to_lat').notNull(),
    toLng: integer('to_lng').notNull(),
    distanceM: integer('distance_m').notNull(),
    durationS: integer('duration_s').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'routed_legs_pk',
      columns: [t.service, t.mode, t.fromLat, t.fromLng, t.toLat, t.toLng],
    }),
    oneOf('routed_legs_service_check', t.service, ROUTING_SERVICES),
    oneOf('routed_legs_mode_check', t.mode, LEG_MODES),
    nonNegative('routed_legs_distance_check', t.distanceM),
    nonNegative('routed_legs_duration_check', t.durationS),
    // The oldest first, for clearing answers too old to trust (legs.repository.ts pruneRoutedLegs).
    index('routed_legs_fetched_idx').on(t.fetchedAt),
  ],
);
