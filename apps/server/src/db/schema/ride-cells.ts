import { doublePrecision, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { rides } from './rides.js';

/**
 * Where each trip's activities are, per geo_cell (decision 0013): how many placements of the trip fall in the cell
 * and the sums of their coordinates. The map of all trips (get_all_sertch_point) sums these per cell instead of
 * joining every placement of every trip. Derived data: kept up to date in the transaction of every write that moves
 * placements (search/ride-cells.repository.ts refreshRideCells), dropped with the trip.
 */
export const rideCells = pgTable(
  'ride_cells',
  {
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    geoCell: integer('geo_cell').notNull(),
    /** Placements of the trip whose attraction lies in the cell. */
    placements: integer('placements').notNull(),
    latSum: doublePrecision('lat_sum').notNull(),
    lngSum: doublePrecision('lng_sum').notNull(),
  },
  (t) => [
    primaryKey({ name: 'ride_cells_pkey', columns: [t.rideId, t.geoCell] }),
    index('ride_cells_geo_cell_idx').on(t.geoCell),
  ],
);
