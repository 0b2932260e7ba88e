import { addDays } from '@rides/contract';
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../client.js';
import {
  accommodations,
  attractions,
  rideAttractions,
  rideExtraInformation,
  rides,
  type NewAccommodation,
  type NewAttraction,
  type NewRideAttraction,
  type NewRideExtraInformation,
} from '../schema/index.js';
import type { DemoAccountKey } from './accounts.js';
import type { DemoAttraction, DemoRide } from './data/types.js';

/** Who the demo trips belong to, and the white-label sub-domain of the partner account. */
export interface DemoOwners {
  users: Record<DemoAccountKey, number>;
  partnerSubdomain: string;
}

/**
 * Writes the demo trips onto the schema: each DemoRide keeps exactly its id (the spec's featured and
 * recommended ids link to them); its days become dates from startDate; attractions are shared by key
 * (the same key is the same attraction row in every trip, authored by the first trip's author).
 * Answers the attraction id of every key, for the rows that refer to attractions later.
 */
export async function insertDemoRides(
  tx: Transaction,
  demoRides: readonly DemoRide[],
  owners: DemoOwners,
): Promise<Map<string, number>> {
  const attractionIds = new Map<string, number>();
  for (const ride of demoRides) {
    await insertRide(tx, ride, owners);
    await insertNewAttractions(tx, ride, owners.users[ride.author], attractionIds);
    await insertPlacements(tx, ride, attractionIds);
    await insertAccommodations(tx, ride);
    await insertExtraInformation(tx, ride);
  }
  // Copies point to their base trip; set after all trips exist, so the order of demoRides does not matter. A demo
  // copy is a trip of its own (its author changed it), so search lists it beside its base.
  for (const ride of demoRides) {
    if (ride.basedRideId !== undefined)
      await tx
        .update(rides)
        .set({ basedRideId: ride.basedRideId, contentChangedAt: sql`now()` })
        .where(eq(rides.id, ride.id));
  }
  // The ids were given explicitly, so the sequence did not move: later trips must start after the demo ones.
  await tx.execute(sql`SELECT setval(pg_get_serial_sequence('rides', 'id'), (SELECT max(id) FROM rides))`);
  return attractionIds;
}

/** The last day of a demo trip: a trip of N days ends N - 1 days after it starts. */
export const demoRideEndDate = (ride: DemoRide) => addDays(ride.startDate, ride.days.length - 1);
const dayDate = (ride: DemoRide, dayIndex: number) => addDays(ride.startDate, dayIndex);

async function insertRide(tx: Transaction, ride: DemoRide, owners: DemoOwners): Promise<void> {
  const authorId = owners.users[ride.author];
  // A private trip carries its planner: the author when a manager wrote it, else the demo planner.
  const plannerId = ride.author === 'traveller' ? owners.users.planner : authorId;
  await tx.insert(rides).values({
    id: ride.id,
    authorId,
    title: ride.title,
    text: ride.text,
    startDate: ride.startDate,
    endDate: demoRideEndDate(ride),
    language: ride.language,
    type: ride.isPrivate ? 'private' : 'public',
    isBasedRide: ride.isBasedRide,
    isWhiteLabel: ride.isWhiteLabel,
    isLocked: ride.isLocked,
    rideManagerId: ride.isPrivate ? plannerId : null,
    subdomain: ride.isWhiteLabel ? owners.partnerSubdomain : null,
    numberOfAdult: ride.party.adults,
    numberOfTeen: ride.party.teens,
    numberOfChild: ride.party.children,
    physicalDisabilities: ride.physicalDisabilities,
    category: ride.category,
    isDemo: ride.isDemo ?? false,
    hiddenFromShortlist: ride.hiddenFromShortlist ?? false,
  });
}

function attractionRow(a: DemoAttraction, authorId: number): NewAttraction {
  return {
    authorId,
    title: a.title,
    text: a.text,
    address: a.address ?? null,
    link: a.link ?? null,
    rate: a.rate ?? null,
    lat: a.lat,
    lng: a.lng,
    openingHours: a.openingHours ?? null,
    reviews: a.reviews ?? [],
  };
}

/** Inserts the attractions of this trip not seen in an earlier one, and records their ids by key. */
async function insertNewAttractions(
  tx: Transaction,
  ride: DemoRide,
  authorId: number,
  ids: Map<string, number>,
): Promise<void> {
  const fresh = new Map<string, DemoAttraction>();
  for (const day of ride.days)
    for (const a of day.attractions) if (!ids.has(a.key) && !fresh.has(a.key)) fresh.set(a.key, a);
  if (fresh.size === 0) return;
  const keys = [...fresh.keys()];
  // PostgreSQL answers RETURNING rows of a multi-row VALUES insert in the order given.
  const inserted = await tx
    .insert(attractions)
    .values([...fresh.values()].map((a) => attractionRow(a, authorId)))
    .returning({ id: attractions.id });
  inserted.forEach((row, i) => ids.set(keys[i] as string, row.id));
}

async function insertPlacements(tx: Transaction, ride: DemoRide, ids: Map<string, number>): Promise<void> {
  const rows: NewRideAttraction[] = [];
  const placed = new Set<string>();
  ride.days.forEach((day, dayIndex) =>
    day.attractions.forEach((a, position) => {
      // The schema allows one placement per attraction and trip (the calls address it by the pair).
      if (placed.has(a.key)) throw new Error(`demo ride ${ride.id} places attraction "${a.key}" twice`);
      placed.add(a.key);
      rows.push({
        rideId: ride.id,
        attractionId: ids.get(a.key) as number,
        plannedDate: dayDate(ride, dayIndex),
        timeOfDay: a.time ?? null,
        position,
      });
    }),
  );
  if (rows.length > 0) await tx.insert(rideAttractions).values(rows);
}

async function insertAccommodations(tx: Transaction, ride: DemoRide): Promise<void> {
  const rows: NewAccommodation[] = ride.accommodations.map((a) => {
    const checkInDate = dayDate(ride, a.firstDay);
    return {
      rideId: ride.id,
      name: a.name,
      countryAndCity: a.cuntry_and_city,
      address: a.address ?? null,
      text: a.text ?? '',
      link: a.link ?? null,
      rate: a.rate ?? null,
      lat: a.lat,
      lng: a.lng,
      checkInDate,
      checkOutDate: addDays(checkInDate, a.nights),
      bookingConfirmation: a.booking_confirmation ?? null,
      status: a.status,
      // The traveller's own bookings are the ones day changes must not move silently.
      orderedByUser: a.status === 'booked',
    };
  });
  if (rows.length > 0) await tx.insert(accommodations).values(rows);
}

async function insertExtraInformation(tx: Transaction, ride: DemoRide): Promise<void> {
  const tripWide: NewRideExtraInformation[] = ride.extraInformation.map((e) => ({
    rideId: ride.id,
    title: e.title,
    text: e.text,
    date: null,
  }));
  const perDay: NewRideExtraInformation[] = ride.days.flatMap((day, dayIndex) =>
    day.note ? [{ rideId: ride.id, title: '', text: day.note, date: dayDate(ride, dayIndex) }] : [],
  );
  const rows = [...tripWide, ...perDay];
  if (rows.length > 0) await tx.insert(rideExtraInformation).values(rows);
}
