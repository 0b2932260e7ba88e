import type { MemberRole } from '@rides/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  accommodationBookingLinks,
  accommodations,
  affiliatePlaceLinks,
  attractions,
  rideAttractions,
  rideAuthorizedUsers,
  rideExtraInformation,
  rides,
  tripMembers,
  users,
} from '../../db/schema/index.js';
import { accommodationFields, attractionFields, bookingLinkFields, tripFields } from '../../db/selections.js';
import { isPrivateRide } from '../access/trip-access.policy.js';
import { visibleAttraction } from '../access/trip-access.sql.js';

/**
 * The only code of the trip view that queries the database. A whole trip is read with at most five queries:
 * the ride (with its hotel-booking mapping), then in parallel its placements (with attractions and their
 * affiliate mappings, in day and position order), accommodations, extra information and, for a private trip,
 * the authorised users. The presented result is cached by the service (trips.cache.ts), so this runs once per
 * trip until the trip changes.
 */

const tripColumns = {
  ...tripFields,
  booking: bookingLinkFields,
};

const attractionColumns = {
  ...attractionFields,
  openingHours: attractions.openingHours,
  osmOpeningHours: attractions.osmOpeningHours,
  reviews: attractions.reviews,
  googleImage: attractions.googleImage,
  affiliate: {
    link: affiliatePlaceLinks.link,
    info: affiliatePlaceLinks.info,
    affiliateSource: affiliatePlaceLinks.affiliateSource,
    colour: affiliatePlaceLinks.colour,
  },
};

/** Drizzle nests one level only: the placement's own columns ride along with the attraction's, renamed. */
const placementColumns = {
  ...attractionColumns,
  placementDate: rideAttractions.plannedDate,
  placementTime: rideAttractions.timeOfDay,
};

const accommodationColumns = {
  ...accommodationFields,
  navigationAddress: accommodations.navigationAddress,
  checkInDate: accommodations.checkInDate,
  checkOutDate: accommodations.checkOutDate,
  bookingConfirmation: accommodations.bookingConfirmation,
  status: accommodations.status,
  orderedByUser: accommodations.orderedByUser,
  parallelRideAccommodationId: accommodations.parallelRideAccommodationId,
};

const extraColumns = {
  id: rideExtraInformation.id,
  title: rideExtraInformation.title,
  text: rideExtraInformation.text,
  date: rideExtraInformation.date,
};

const userInfoColumns = {
  userName: users.userName,
  profileImage: users.profileImage,
  title: users.title,
  about: users.about,
  facebookLink: users.facebookLink,
  instagramLink: users.instagramLink,
  websiteLink: users.websiteLink,
};

type TripRowRaw = Awaited<ReturnType<ReturnType<typeof selectTrip>>>[number];
type AttractionRowRaw = Awaited<ReturnType<ReturnType<typeof selectAttraction>>>[number];
/** The booking mapping's columns are all null when the left join found none. */
export type TripRow = Omit<TripRowRaw, 'booking'> & {
  booking: {
    aid: string;
    targetAid: string | null;
    destinationId: string;
    destinationType: 'city' | 'region';
    name: string | null;
  } | null;
};
export type AttractionRow = Omit<AttractionRowRaw, 'affiliate'> & {
  affiliate: {
    link: string;
    info: string | null;
    affiliateSource: 'getyourguide' | 'tiqets';
    colour: string | null;
  } | null;
};
export type PlacementRow = { plannedDate: string; timeOfDay: string | null; attraction: AttractionRow };
export type AccommodationRow = Awaited<ReturnType<ReturnType<typeof selectAccommodations>>>[number];
export type ExtraInformationRow = Awaited<ReturnType<ReturnType<typeof selectExtra>>>[number];
export type UserInfoRow = {
  userName: string;
  profileImage: string | null;
  title: string | null;
  about: string | null;
  facebookLink: string | null;
  instagramLink: string | null;
  websiteLink: string | null;
};

/** Everything the trip page shows of one trip, as stored. */
export interface TripBundle {
  ride: TripRow;
  placements: PlacementRow[];
  accommodations: AccommodationRow[];
  extraInformation: ExtraInformationRow[];
  /** Users granted access to a private trip (empty for public ones: never read). */
  authorizedUserIds: number[];
  /** The trip's members and their roles (issue 33), public trip or private. */
  members: { userId: number; role: MemberRole }[];
}

const selectTrip = (db: Database) => (rideId: number) =>
  db
    .select(tripColumns)
    .from(rides)
    .leftJoin(accommodationBookingLinks, eq(accommodationBookingLinks.rideId, rides.id))
    .where(eq(rides.id, rideId))
    .limit(1);

const selectAttraction = (db: Database) => (id: number, viewerId: number | null) =>
  db
    .select(attractionColumns)
    .from(attractions)
    .leftJoin(affiliatePlaceLinks, eq(affiliatePlaceLinks.placeId, attractions.placeId))
    .where(and(eq(attractions.id, id), visibleAttraction(attractions, viewerId)))
    .limit(1);

const selectPlacements = (db: Database) => (rideId: number) =>
  db
    .select(placementColumns)
    .from(rideAttractions)
    .innerJoin(attractions, eq(attractions.id, rideAttractions.attractionId))
    .leftJoin(affiliatePlaceLinks, eq(affiliatePlaceLinks.placeId, attractions.placeId))
    .where(eq(rideAttractions.rideId, rideId))
    .orderBy(asc(rideAttractions.plannedDate), asc(rideAttractions.position), asc(rideAttractions.id));

const selectAccommodations = (db: Database) => (rideId: number) =>
  db
    .select(accommodationColumns)
    .from(accommodations)
    .where(eq(accommodations.rideId, rideId))
    .orderBy(asc(accommodations.checkInDate), asc(accommodations.id));

const selectExtra = (db: Database) => (rideId: number) =>
  db
    .select(extraColumns)
    .from(rideExtraInformation)
    .where(eq(rideExtraInformation.rideId, rideId))
    .orderBy(sql`${rideExtraInformation.date} ASC NULLS FIRST`, asc(rideExtraInformation.id));

export function createTripsRepository(db: Database) {
  const ride = selectTrip(db);
  const placements = selectPlacements(db);
  const stays = selectAccommodations(db);
  const extra = selectExtra(db);
  const attraction = selectAttraction(db);

  return {
    /** The whole trip, or undefined when there is no such trip. */
    async loadTrip(rideId: number): Promise<TripBundle | undefined> {
      const [row] = await ride(rideId);
      if (!row) return undefined;
      const isPrivate = isPrivateRide(row);
      const [p, a, e, authorized, members] = await Promise.all([
        placements(rideId),
        stays(rideId),
        extra(rideId),
        isPrivate
          ? db
              .select({ userId: rideAuthorizedUsers.userId })
              .from(rideAuthorizedUsers)
              .where(eq(rideAuthorizedUsers.rideId, rideId))
          : Promise.resolve([]),
        db
          .select({ userId: tripMembers.userId, role: tripMembers.role })
          .from(tripMembers)
          .where(eq(tripMembers.rideId, rideId)),
      ]);
      return {
        ride: row as TripRow,
        placements: p.map(({ placementDate, placementTime, ...a }) => ({
          plannedDate: placementDate,
          timeOfDay: placementTime,
          attraction: a as AttractionRow,
        })),
        accommodations: a,
        extraInformation: e,
        authorizedUserIds: authorized.map((u) => u.userId),
        members,
      };
    },

    /** The author block of a user (000 §3 "User extra information"). */
    async findUserInfo(userId: number): Promise<UserInfoRow | undefined> {
      const [row] = await db.select(userInfoColumns).from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    /** One attraction with its affiliate mapping (attraction_api, source internal), if this viewer may see it. */
    async findAttraction(id: number, viewerId: number | null): Promise<AttractionRow | undefined> {
      const [row] = await attraction(id, viewerId);
      return row as AttractionRow | undefined;
    },
  };
}

export type TripsRepository = ReturnType<typeof createTripsRepository>;
