import { and, asc, between, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import {
  accommodations,
  attractions,
  categories,
  placeKeys,
  rideAttractions,
  rides,
  subcategories,
} from '../../db/schema/index.js';
import { boundingBox, distanceKm } from '../../providers/places/geo.js';
import type {
  NamedOptions,
  NamedPlaceRow,
  NearbyKind,
  OwnPlaceDetailsRow,
  OwnPlacesReader,
} from '../../providers/places/index.js';
import { cellOf } from '../search/search.geo.js';
import { publicTrip, visibleAttraction } from '../access/trip-access.sql.js';

/**
 * The only code of the places module that queries the database, read-only: our own attractions and hotels for the
 * local places source (the provider's OwnPlacesReader). An attraction is shown only to whom the view policy lets see it
 * (access/trip-access.sql.ts, decision 0023), on every read: autocomplete reads place_keys (db/place-keys.ts) by
 * prefix, joined with the policy. Accommodations only of public trips (a private trip's hotel is its client's
 * business).
 */

/** Attraction categories that mean food, in either language (categories are admin-edited names, decision 0012). */
const FOOD_CATEGORY = '(אוכל|מסעד|קפה|שוק|שווקים|food|restaurant|caf[eé]|market|bistro|bakery)';

const isFood: SQL<boolean> = sql<boolean>`(coalesce(${categories.name} ~* ${FOOD_CATEGORY}, false) or coalesce(${subcategories.name} ~* ${FOOD_CATEGORY}, false))`;

/**
 * [from, to) of each normalised prefix in code point order ("C" collation): the prefix, and the prefix with its last
 * character one code point higher. Prefixes are normal forms (letters, digits, spaces), never U+10FFFF.
 */
function prefixRanges(prefixes: readonly string[]): [string, string][] {
  return [...new Set(prefixes)].flatMap((p) => {
    const chars = [...p];
    const last = chars.pop();
    if (last === undefined) return [];
    return [[p, chars.join('') + String.fromCodePoint((last.codePointAt(0) as number) + 1)]];
  });
}

/** An int[] parameter written as an array literal: the same on both drivers. */
const intArray = (values: readonly number[]): SQL =>
  sql`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::int[]`;

/** A text[] parameter written as an array literal (every element quoted and escaped): the same on both drivers. */
const textArray = (values: readonly string[]): SQL =>
  sql`${`{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;

/** Each of the nine cells around a point reads this share of a prefix's keys (at 100k, ~0.3 ms a key read cold). */
const CELL_SHARE = 4;

/** The geo_cell of the point and its eight neighbours (decision 0013's 0.5° cells; past ±180° they wrap). */
function aroundCells(lat: number, lng: number): number[] {
  const cells = new Set<number>();
  for (const dLat of [-0.5, 0, 0.5]) {
    for (const dLng of [-0.5, 0, 0.5]) {
      const y = Math.max(-90, Math.min(89.999, lat + dLat));
      let x = lng + dLng;
      if (x >= 180) x -= 360;
      if (x < -180) x += 360;
      cells.add(cellOf(y, x));
    }
  }
  return [...cells];
}

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
    async named(
      prefixes: readonly string[],
      { viewerId, near, perPrefix }: NamedOptions,
    ): Promise<NamedPlaceRow[]> {
      const ranges = prefixRanges(prefixes);
      if (ranges.length === 0) return [];
      // Each prefix (and, around a point, each prefix in each of the 3 x 3 cells there, a quarter as many) is one range
      // scan of a place_keys B-tree in key order that stops after `perPrefix` keys this viewer may see: a whole name first,
      // then the names that go on. The view policy is asked per key read, so a private trip's attraction never comes
      // back to someone who may not view it, and the scan never reads past its limit of visible keys. The prefixes
      // that match no key at all (most of the typo fallback's spellings) are dropped first by one index probe each.
      const lo = textArray(ranges.map((r) => r[0]));
      const hi = textArray(ranges.map((r) => r[1]));
      const seen = alias(attractions, 'key_a');
      const stay = alias(accommodations, 'key_s');
      const stayTrip = alias(rides, 'key_r');
      const k0 = (column: string) => sql.raw(`k0.${column}`);
      const visible = sql`(
        (${k0('attraction_id')} IS NOT NULL AND EXISTS (SELECT 1 FROM ${attractions} ${sql.identifier('key_a')}
          WHERE ${seen.id} = ${k0('attraction_id')} AND ${visibleAttraction(seen, viewerId)}))
        OR (${k0('accommodation_id')} IS NOT NULL AND EXISTS (SELECT 1 FROM ${accommodations} ${sql.identifier('key_s')}
          JOIN ${rides} ${sql.identifier('key_r')} ON ${stayTrip.id} = ${stay.rideId}
          WHERE ${stay.id} = ${k0('accommodation_id')} AND ${publicTrip(stayTrip)})))`;
      const scan = (where: SQL, limit: number) => sql`CROSS JOIN LATERAL (
          SELECT k0.attraction_id, k0.accommodation_id FROM ${placeKeys} k0
          WHERE k0.key COLLATE "C" >= p.lo AND k0.key COLLATE "C" < p.hi ${where} AND ${visible}
          ORDER BY k0.key COLLATE "C" LIMIT ${limit}) k`;
      const around = near
        ? sql`UNION SELECT k.attraction_id, k.accommodation_id FROM p CROSS JOIN unnest(${intArray(aroundCells(near.lat, near.lng))}) AS c(cell)
            ${scan(sql`AND k0.geo_cell = c.cell`, Math.ceil(perPrefix / CELL_SHARE))}`
        : sql``;
      const found = (
        await db.execute<{ attraction_id: number | null; accommodation_id: number | null }>(sql`
          WITH p AS MATERIALIZED (
            SELECT u.lo, u.hi FROM unnest(${lo}, ${hi}) AS u(lo, hi)
            WHERE EXISTS (SELECT 1 FROM ${placeKeys} e WHERE e.key COLLATE "C" >= u.lo AND e.key COLLATE "C" < u.hi))
          SELECT k.attraction_id, k.accommodation_id FROM p ${scan(sql``, perPrefix)}
          ${around}`)
      ).rows;
      const attractionIds = found.flatMap((r) => (r.attraction_id === null ? [] : [Number(r.attraction_id)]));
      const stayIds = found.flatMap((r) => (r.accommodation_id === null ? [] : [Number(r.accommodation_id)]));
      // Qualified by hand: a single-table select prints its own columns without the table, which a subquery would misread.
      const thisAttraction = sql.raw('"attractions"."id"');
      const placementOf = sql.raw('"use_ra"."attraction_id"');
      const useTrip = alias(rides, 'use_r');
      const [attractionRows, stayRows] = await Promise.all([
        attractionIds.length === 0
          ? []
          : db
              .select({
                ...attractionPlaceColumns,
                publicUses: sql<number>`(SELECT count(*)::int FROM ${rideAttractions} ${sql.identifier('use_ra')}
                  JOIN ${rides} ${sql.identifier('use_r')} ON ${sql.raw('"use_r"."id" = "use_ra"."ride_id"')}
                  WHERE ${placementOf} = ${thisAttraction} AND ${publicTrip(useTrip)})`,
                allUses: sql<number>`(SELECT count(*)::int FROM ${rideAttractions} ${sql.identifier('use_ra')} WHERE ${placementOf} = ${thisAttraction})`,
              })
              .from(attractions)
              .where(inArray(attractions.id, attractionIds)),
        stayIds.length === 0
          ? []
          : db
              .select(accommodationPlaceColumns)
              .from(accommodations)
              .where(inArray(accommodations.id, stayIds)),
      ]);
      return [
        // A public attraction ranks by the public trips placing it alone; the viewer's others by every trip placing them.
        ...attractionRows.map(({ publicUses, allUses, ...r }) => ({
          ...r,
          kind: 'attraction' as const,
          countryAndCity: null,
          uses: Number(publicUses) > 0 ? Number(publicUses) : Number(allUses),
          shared: Number(publicUses) > 0,
        })),
        ...stayRows.map((r) => ({
          ...r,
          kind: 'accommodation' as const,
          placeId: null,
          uses: 1,
          shared: true,
        })),
      ];
    },

    async nearby(
      lat: number,
      lng: number,
      radiusKm: number,
      kind: NearbyKind,
      limit: number,
      viewerId: number | null,
    ): Promise<OwnPlaceDetailsRow[]> {
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
        .orderBy(
          sql`power(${attractions.lat} - ${lat}, 2) + power((${attractions.lng} - ${lng}) * ${cos}, 2)`,
          asc(attractions.id),
        )
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
        const [row] = await attractionDetails()
          .where(and(eq(attractions.id, id), visibleAttraction(attractions, viewerId)))
          .limit(1);
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
        .where(and(eq(accommodations.id, id), publicTrip(rides)))
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

    async findByGooglePlaceId(
      placeId: string,
      viewerId: number | null,
    ): Promise<OwnPlaceDetailsRow | undefined> {
      const [row] = await attractionDetails()
        .where(and(eq(attractions.placeId, placeId), visibleAttraction(attractions, viewerId)))
        .orderBy(asc(attractions.id))
        .limit(1);
      return row ? attractionRow(row as AttractionDetail) : undefined;
    },
  };
}
