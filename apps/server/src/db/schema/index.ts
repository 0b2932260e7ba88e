/**
 * The database schema, one file per area. Naming: tables and columns are snake_case plain English;
 * TypeScript keys are camelCase. The spec's wire spellings (cuntry_and_city, longtitude, paralel_...)
 * belong to the API layer and are mapped in the presenters, with one exception: enumerated values the
 * clients compare against ('base_trip_accomodation') are stored as the wire spells them.
 *
 * Dates that are calendar dates at the destination are `date` columns read as 'YYYY-MM-DD' strings and
 * never pass through a Date object; instants are `timestamptz` read as Date.
 */
export * from './accommodations.js';
export * from './affiliates.js';
export * from './attraction-uniqueness.js';
export * from './attractions.js';
export * from './billing.js';
export * from './bookings.js';
export * from './money.js';
export * from './categories.js';
export * from './contact.js';
export * from './devices.js';
export * from './one-time-links.js';
export * from './password-reset.js';
export * from './place-keys.js';
export * from './relations.js';
export * from './ride-access.js';
export * from './ride-attractions.js';
export * from './ride-cells.js';
export * from './ride-exports.js';
export * from './ride-extra-information.js';
export * from './ride-users.js';
export * from './rides.js';
export * from './routed-legs.js';
export * from './themes.js';
export * from './trip-lineage.js';
export * from './trip-members.js';
export * from './uploads.js';
export * from './users.js';
