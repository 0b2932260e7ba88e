import { doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, nonNegative, onEarth } from './columns.js';
import { users } from './users.js';

/**
 * Files stored through the storage provider (photos, attraction, accommodation, trip and profile images).
 * The bytes live in storage under storage_key; this row is what we know about them (001 §3 "Uploaded
 * photo metadata"). taken_at is EXIF's local date and time, which carries no zone: `timestamp` without
 * time zone on purpose.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique('uploads_storage_key_unique'),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** What it is for: 'photo', 'attraction', 'accommodation', 'ride', 'profile', 'category' ... */
    purpose: text('purpose').notNull(),
    originalName: text('original_name'),
    takenAt: timestamp('taken_at', { withTimezone: false, mode: 'string' }),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    createdAt: createdAt(),
  },
  (t) => [
    nonNegative('uploads_bytes_check', t.bytes),
    onEarth('uploads_on_earth', t.lat, t.lng),
    index('uploads_owner_idx').on(t.ownerId, t.createdAt),
  ],
);

export type Upload = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;
