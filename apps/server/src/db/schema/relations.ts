import { relations } from 'drizzle-orm';
import { accommodations } from './accommodations.js';
import { accommodationBookingLinks } from './affiliates.js';
import { attractionUniquenessGroups, attractionUniquenessMembers } from './attraction-uniqueness.js';
import { attractions } from './attractions.js';
import { pdfExports, rideShares } from './billing.js';
import { categories, subcategories } from './categories.js';
import { devices, logins } from './devices.js';
import { rideAccessKeyUses, rideAccessKeys } from './ride-access.js';
import { rideAttractions } from './ride-attractions.js';
import { rideExtraInformation } from './ride-extra-information.js';
import { rideAuthorizedUsers, userRides } from './ride-users.js';
import { rides } from './rides.js';
import { subdomainThemes } from './themes.js';
import { users } from './users.js';

/**
 * Relations for Drizzle's relational queries (db.query.rides.findFirst({ with: ... })). They add no SQL
 * and no constraints; the foreign keys live on the tables. Two links between the same tables are told
 * apart by relationName.
 */

export const usersRelations = relations(users, ({ many }) => ({
  authoredRides: many(rides, { relationName: 'ride_author' }),
  managedRides: many(rides, { relationName: 'ride_manager' }),
  attractions: many(attractions),
  devices: many(devices),
  logins: many(logins),
  savedRides: many(userRides),
  themes: many(subdomainThemes),
}));

export const subdomainThemesRelations = relations(subdomainThemes, ({ one }) => ({
  manager: one(users, { fields: [subdomainThemes.userId], references: [users.id] }),
}));

export const ridesRelations = relations(rides, ({ one, many }) => ({
  author: one(users, { fields: [rides.authorId], references: [users.id], relationName: 'ride_author' }),
  rideManager: one(users, {
    fields: [rides.rideManagerId],
    references: [users.id],
    relationName: 'ride_manager',
  }),
  basedRide: one(rides, { fields: [rides.basedRideId], references: [rides.id], relationName: 'ride_base' }),
  copies: many(rides, { relationName: 'ride_base' }),
  theme: one(subdomainThemes, { fields: [rides.subdomain], references: [subdomainThemes.subdomain] }),
  rideAttractions: many(rideAttractions),
  accommodations: many(accommodations),
  extraInformation: many(rideExtraInformation),
  accessKeys: many(rideAccessKeys),
  authorizedUsers: many(rideAuthorizedUsers),
  shares: many(rideShares),
  pdfExports: many(pdfExports),
  bookingLink: one(accommodationBookingLinks, {
    fields: [rides.id],
    references: [accommodationBookingLinks.rideId],
  }),
}));

export const userRidesRelations = relations(userRides, ({ one }) => ({
  user: one(users, { fields: [userRides.userId], references: [users.id] }),
  ride: one(rides, { fields: [userRides.rideId], references: [rides.id] }),
}));

export const rideAuthorizedUsersRelations = relations(rideAuthorizedUsers, ({ one }) => ({
  ride: one(rides, { fields: [rideAuthorizedUsers.rideId], references: [rides.id] }),
  user: one(users, { fields: [rideAuthorizedUsers.userId], references: [users.id] }),
  key: one(rideAccessKeys, { fields: [rideAuthorizedUsers.keyId], references: [rideAccessKeys.id] }),
}));

export const categoriesRelations = relations(categories, ({ many }) => ({
  subcategories: many(subcategories),
}));

export const subcategoriesRelations = relations(subcategories, ({ one }) => ({
  category: one(categories, { fields: [subcategories.categoryId], references: [categories.id] }),
}));

export const attractionsRelations = relations(attractions, ({ one, many }) => ({
  author: one(users, { fields: [attractions.authorId], references: [users.id] }),
  category: one(categories, { fields: [attractions.categoryId], references: [categories.id] }),
  subcategory: one(subcategories, { fields: [attractions.subcategoryId], references: [subcategories.id] }),
  placements: many(rideAttractions),
  uniqueness: one(attractionUniquenessMembers, {
    fields: [attractions.id],
    references: [attractionUniquenessMembers.attractionId],
  }),
}));

export const rideAttractionsRelations = relations(rideAttractions, ({ one }) => ({
  ride: one(rides, { fields: [rideAttractions.rideId], references: [rides.id] }),
  attraction: one(attractions, { fields: [rideAttractions.attractionId], references: [attractions.id] }),
}));

export const accommodationsRelations = relations(accommodations, ({ one }) => ({
  ride: one(rides, { fields: [accommodations.rideId], references: [rides.id] }),
  parallel: one(accommodations, {
    fields: [accommodations.parallelRideAccommodationId],
    references: [accommodations.id],
  }),
}));

export const rideExtraInformationRelations = relations(rideExtraInformation, ({ one }) => ({
  ride: one(rides, { fields: [rideExtraInformation.rideId], references: [rides.id] }),
}));

export const rideAccessKeysRelations = relations(rideAccessKeys, ({ one, many }) => ({
  ride: one(rides, { fields: [rideAccessKeys.rideId], references: [rides.id] }),
  creator: one(users, { fields: [rideAccessKeys.createdBy], references: [users.id] }),
  uses: many(rideAccessKeyUses),
}));

export const rideAccessKeyUsesRelations = relations(rideAccessKeyUses, ({ one }) => ({
  key: one(rideAccessKeys, { fields: [rideAccessKeyUses.keyId], references: [rideAccessKeys.id] }),
  user: one(users, { fields: [rideAccessKeyUses.userId], references: [users.id] }),
}));

export const attractionUniquenessGroupsRelations = relations(attractionUniquenessGroups, ({ one, many }) => ({
  chosenAttraction: one(attractions, {
    fields: [attractionUniquenessGroups.chosenAttractionId],
    references: [attractions.id],
  }),
  members: many(attractionUniquenessMembers),
}));

export const attractionUniquenessMembersRelations = relations(attractionUniquenessMembers, ({ one }) => ({
  attraction: one(attractions, {
    fields: [attractionUniquenessMembers.attractionId],
    references: [attractions.id],
  }),
  group: one(attractionUniquenessGroups, {
    fields: [attractionUniquenessMembers.groupId],
    references: [attractionUniquenessGroups.id],
  }),
}));

export const devicesRelations = relations(devices, ({ one, many }) => ({
  user: one(users, { fields: [devices.userId], references: [users.id] }),
  logins: many(logins),
}));

export const loginsRelations = relations(logins, ({ one }) => ({
  user: one(users, { fields: [logins.userId], references: [users.id] }),
  device: one(devices, { fields: [logins.deviceId], references: [devices.id] }),
}));

export const rideSharesRelations = relations(rideShares, ({ one }) => ({
  ride: one(rides, { fields: [rideShares.rideId], references: [rides.id] }),
  user: one(users, { fields: [rideShares.userId], references: [users.id] }),
}));

export const pdfExportsRelations = relations(pdfExports, ({ one }) => ({
  ride: one(rides, { fields: [pdfExports.rideId], references: [rides.id] }),
  user: one(users, { fields: [pdfExports.userId], references: [users.id] }),
}));

export const accommodationBookingLinksRelations = relations(accommodationBookingLinks, ({ one }) => ({
  ride: one(rides, { fields: [accommodationBookingLinks.rideId], references: [rides.id] }),
}));
