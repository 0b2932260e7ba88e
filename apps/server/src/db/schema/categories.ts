import { index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

/**
 * Attraction categories and their subcategories (001 §3 Category; managed in 002's categories admin).
 * Not to be confused with the fixed trip categories (rides.category).
 */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique('categories_name_unique'),
    /**
     * The manager who created it: only they may rename or delete it (or its subcategories); every manager may use it.
     * Null is a platform category (those of a database that predates owners), which no manager may change. When the
     * owner's account goes, the category stays and becomes the platform's. Decision 0020.
     */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The admin form is multipart, so a category may carry an icon or image. */
    imageUrl: text('image_url'),
    createdAt: createdAt(),
  },
  (t) => [index('categories_owner_idx').on(t.ownerId)],
);

export const subcategories = pgTable(
  'subcategories',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('subcategories_category_name_unique').on(t.categoryId, t.name),
    index('subcategories_category_idx').on(t.categoryId),
  ],
);

export type Category = typeof categories.$inferSelect;
export type NewCategory = typeof categories.$inferInsert;
export type Subcategory = typeof subcategories.$inferSelect;
export type NewSubcategory = typeof subcategories.$inferInsert;
