import { and, asc, between, count, eq, not, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { accommodations, attractions, categories, rideAttractions, rides, subcategories } from '../../db/schema/index.js';
import { boundingBox, distanceKm } from '../../providers/places/geo.js';
import type { NearbyKind, OwnPlaceDetailsRow, OwnPlaceRow, OwnPlacesReader } from '../../providers/places/index.js';
import { personalRide, publicRide, visibleAttraction } from '../access/ride-access.sql.js';

/**
 * The only code of the places module that queries the database, read-only: our own attractions and hotels for the
 * local places source (the provider's OwnPlacesReader). An attraction is shown only to whom the view policy lets see it
 * (access/ride-access.sql.ts, decision 0023): the shared index holds the public ones (placed in a public trip), and a
 * signed-in viewer's others are read apart (listViewerNamed). Accommodations only of public trips (a private trip's
 * hotel is its client's business).
 */

/** Attraction categories that mean food, in either language (categories are admin-edited names, decision 0012). */
const FOOD_CATEGORY = '(אוכל|מסעד|קפה|שוק|שווקים|food|restaurant|caf[eé]|market|bistro|bakery)';

const isFood: SQL<boolean> = sql<boolean>`(coalesce(${categories.name} ~* ${FOOD_CATEGORY}, false) or coalesce(${subcategories.name} ~* ${FOOD_CATEGORY}, false))`;

/** An attraction or a hotel as a place: what the local source's index keeps of it. */
const attractionPlaceColumns = {
  id: attractions.id,
  name: attractions.title,
  address: attractions.address,
  lat: attractions.lat,
  lng: attractions.lng,
  placeId: attractions.placeId,
};

const accommodationPlaceColumns = {
  id: accommodations.id,
  name: accommodations.name,
  address: accommodations.address,
  countryAndCity: accommodations.countryAndCity,
  lat: accommodations.lat,
  lng: accommodations.lng,
};

const attractionDetailColumns = {
  ...attractionPlaceColumns,
  text: attractions.text,
  link: attractions.link,
  rate: attractions.rate,
  imageUrl: attractions.imageUrl,
  googleImage: attractions.googleImage,
  imageHtmlAttributions: attractions.imageHtmlAttributions,
  openingHours: attractions.openingHours,
  reviews: attractions.reviews,
  restaurant: isFood,
};

type AttractionDetail = Omit<OwnPlaceDetailsRow, 'kind' | 'countryAndCity' | 'uses'>;

const attractionRow = (r: AttractionDetail, uses = 0): OwnPlaceDetailsRow => ({
  ...r,
  kind: 'attraction',
  countryAndCity: null,
  uses,
  restaurant: r.restaurant === true,
});

export function createPlacesRepository(db: Database): OwnPlacesReader {
  const attractionDetails = () =>
    db
      .select(attractionDetailColumns)
      .from(attractions)
      .leftJoin(categories, eq(categories.id, attractions.categoryId))
      .leftJoin(subcategories, eq(subcategories.id, attractions.subcategoryId));

  return {
    async listNamed(): Promise<OwnPlaceRow[]> {
      const [attractionRows, accommodationRows] = await Promise.all([
        // Placed in a public trip (visibleAttraction for a visitor), ranked by the public trips placing it.
        db
          .select({ ...attractionPlaceColumns, uses: count(rideAttractions.id) })
          .from(attractions)
          .innerJoin(rideAttractions, eq(rideAttractions.attractionId, attractions.id))
          .innerJoin(rides, eq(rides.id, rideAttractions.rideId))
          .where(publicRide(rides))
          .groupBy(attractions.id),
        db
          .select(accommodationPlaceColumns)
          .from(accommodations)
          .innerJoin(rides, eq(rides.id, accommodations.rideId))
          .where(publicRide(rides)),
      ]);
      return [
        ...attractionRows.map((r) => ({ ...r, kind: 'attraction' as const, countryAndCity: null, uses: Number(r.uses) })),
        ...accommodationRows.map((r) => ({ ...r, kind: 'accommodation' as const, placeId: null, uses: 1 })),
      ];
    },

    async listViewerNamed(viewerId: number): Promise<OwnPlaceRow[]> {
      // Read from the viewer's side (their attractions, the trips they stand in), never by scanning every attraction:
      // what visibleAttraction lets them see beyond the public ones (those are in the shared index already).
      const ra = alias(rideAttractions, 'viewer_ra');
      const r = alias(rides, 'viewer_r');
      const theirs = db
        .select({ id: attractions.id })
        .from(attractions)
        .where(eq(attractions.authorId, viewerId))
        .union(db.select({ id: ra.attractionId }).from(ra).innerJoin(r, eq(r.id, ra.rideId)).where(personalRide(r, viewerId)));
      const rows = await db
        .select({ ...attractionPlaceColumns, uses: count(rideAttractions.id) })
        .from(attractions)
        .leftJoin(rideAttractions, eq(rideAttractions.attractionId, attractions.id))
        .where(and(sql`${attractions.id} IN ${theirs}`, not(visibleAttraction(attractions, null))))
        .groupBy(attractions.id);
      return rows.map((row) => ({ ...row, kind: 'attraction' as const, countryAndCity: null, uses: Number(row.uses) }));
    },

    async nearby(lat: number, lng: number, radiusKm: number, kind: NearbyKind, limit: number, viewerId: number | null): Promise<OwnPlaceDetailsRow[]> {
      const box = boundingBox(lat, lng, radiusKm);
      // The box narrows by the (lat, lng) index; the planar order is close enough to pick candidates, and the exact
      // distance decides below.
      const cos = Math.cos((lat * Math.PI) / 180);
      const rows = await attractionDetails()
        .where(
          and(
            between(attractions.lat, box.minLat, box.maxLat),
            between(attractions.lng, box.minLng, box.maxLng),
            kind === 'restaurant' ? isFood : sql`not ${isFood}`,
            visibleAttraction(attractions, viewerId),
          ),
        )
        .orderBy(sql`power(${attractions.lat} - ${lat}, 2) + power((${attractions.lng} - ${lng}) * ${cos}, 2)`, asc(attractions.id))
        .limit(limit * 3);
      return rows
        .map((r) => ({ r, d: distanceKm(lat, lng, r.lat, r.lng) }))
        .filter(({ d }) => d <= radiusKm)
        .sort((a, b) => a.d - b.d || a.r.id - b.r.id)
        .slice(0, limit)
        .map(({ r }) => attractionRow(r as AttractionDetail));
    },

    async find(kind, id, viewerId): Promise<OwnPlaceDetailsRow | undefined> {
      if (kind === 'attraction') {
        const [row] = await attractionDetails().where(and(eq(attractions.id, id), visibleAttraction(attractions, viewerId))).limit(1);
        return row ? attractionRow(row as AttractionDetail) : undefined;
      }
      const [row] = await db
        .select({
          ...accommodationPlaceColumns,
          text: accommodations.text,
          link: accommodations.link,
          rate: accommodations.rate,
          imageUrl: accommodations.imageUrl,
        })
        .from(accommodations)
        .innerJoin(rides, eq(rides.id, accommodations.rideId))
        .where(and(eq(accommodations.id, id), publicRide(rides)))
        .limit(1);
      return row
        ? {
            ...row,
            kind: 'accommodation',
            placeId: null,
            uses: 1,
            googleImage: null,
            imageHtmlAttributions: [],
            openingHours: null,
            reviews: [],
            restaurant: false,
          }
        : undefined;
    },

    async findByGooglePlaceId(placeId: string, viewerId: number | null): Promise<OwnPlaceDetailsRow | undefined> {
      const [row] = await attractionDetails()
        .where(and(eq(attractions.placeId, placeId), visibleAttraction(attractions, viewerId)))
        .orderBy(asc(attractions.id))
        .limit(1);
      return row ? attractionRow(row as AttractionDetail) : undefined;
    },
  };
}
