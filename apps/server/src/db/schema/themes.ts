import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

/** The colour variables a theme supplies (000 §9), as the web sets them on the page. */
export interface ThemeColors {
  primary: string;
  primaryTextColor: string;
  secondary: string;
  secondaryTextColor: string;
  primaryBackground: string;
  secondaryBackground: string;
  mainTextBackgroundColor: string;
  rideItineraryBackgroundColor: string;
}

/**
 * Sub-domain (white-label) themes: five partner themes plus the default (000 §9, 001 §9). Configuration
 * data, loaded by the seed. `user_id` is the sub-domain manager (000 §6: "a user whose id matches a
 * theme configuration's userId"). The default theme is the one row without a sub-domain.
 */
export const subdomainThemes = pgTable(
  'subdomain_themes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique('subdomain_themes_name_unique'),
    /** Host prefix, e.g. "galil" for galil.<domain>; null only for the default theme. */
    subdomain: text('subdomain').unique('subdomain_themes_subdomain_unique'),
    isDefault: boolean('is_default').notNull().default(false),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    colors: jsonb('colors').$type<ThemeColors>().notNull(),
    logoUrl: text('logo_url'),
    createdAt: createdAt(),
  },
  (t) => [
    check('subdomain_themes_default_has_no_subdomain', sql`${t.isDefault} = (${t.subdomain} IS NULL)`),
    check('subdomain_themes_subdomain_shape', sql`${t.subdomain} ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?$'`),
    // At most one default theme.
    uniqueIndex('subdomain_themes_one_default')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

export type SubdomainTheme = typeof subdomainThemes.$inferSelect;
export type NewSubdomainTheme = typeof subdomainThemes.$inferInsert;
