import type { GeoPoint, LegMode, RoutingService } from '@rides/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { routedLegs } from '../../db/schema/index.js';
import type { RoutedFigures } from '../../providers/routing/types.js';

/**
 * The routing services' answers kept per leg and mode (routed_legs, issue 36 point 1): the only SQL of the legs. The
 * table is the cache every server process shares.
 */

/** Degrees x this = a key's integer: 1e-5 degree, about a metre. */
export const LEG_KEY_SCALE = 100_000;

/** A leg's ends rounded to 1e-5 degree, as integers. */
export interface LegKey {
  fromLat: number;
  fromLng: number;
  toLat: number;
  toLng: number;
}

const scaled = (degrees: number) => Math.round(degrees * LEG_KEY_SCALE);

export const legKeyOf = (from: GeoPoint, to: GeoPoint): LegKey => ({
  fromLat: scaled(from.lat),
  fromLng: scaled(from.lng),
  toLat: scaled(to.lat),
  toLng: scaled(to.lng),
});

/** The key as one string (a map's key). */
export const legKeyText = (k: LegKey): string => `${k.fromLat},${k.fromLng};${k.toLat},${k.toLng}`;

/** The key's ends as the points asked of a service (the rounded ones: the kept answer is of exactly these). */
export const legEnds = (k: LegKey): { from: GeoPoint; to: GeoPoint } => ({
  from: { lat: k.fromLat / LEG_KEY_SCALE, lng: k.fromLng / LEG_KEY_SCALE },
  to: { lat: k.toLat / LEG_KEY_SCALE, lng: k.toLng / LEG_KEY_SCALE },
});

/** Keys per statement (4 parameters each, far below PostgreSQL's 65,535). */
const CHUNK = 1000;

/** The kept answers of `service` for these legs by `mode`, fetched at or after `freshAfter`, by legKeyText. */
export async function keptLegs(
  db: Database,
  service: RoutingService,
  mode: LegMode,
  keys: readonly LegKey[],
  freshAfter: Date,
): Promise<Map<string, RoutedFigures>> {
  const out = new Map<string, RoutedFigures>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const tuples = sql.join(
      keys.slice(i, i + CHUNK).map((k) => sql`(${k.fromLat}, ${k.fromLng}, ${k.toLat}, ${k.toLng})`),
      sql`, `,
    );
    const rows = await db
      .select({
        fromLat: routedLegs.fromLat,
        fromLng: routedLegs.fromLng,
        toLat: routedLegs.toLat,
        toLng: routedLegs.toLng,
        distanceM: routedLegs.distanceM,
        durationS: routedLegs.durationS,
      })
      .from(routedLegs)
      .where(
        and(
          eq(routedLegs.service, service),
          eq(routedLegs.mode, mode),
          sql`${routedLegs.fetchedAt} >= ${freshAfter.toISOString()}`,
          sql`(${routedLegs.fromLat}, ${routedLegs.fromLng}, ${routedLegs.toLat}, ${routedLegs.toLng}) IN (${tuples})`,
        ),
      );
    for (const r of rows) out.set(legKeyText(r), { distanceM: r.distanceM, durationS: r.durationS });
  }
  return out;
}

/** Keeps one answer (a leg asked again replaces its answer and its time). */
export async function keepLeg(
  db: Database,
  service: RoutingService,
  mode: LegMode,
  key: LegKey,
  figures: RoutedFigures,
  fetchedAt: Date,
): Promise<void> {
  await db
    .insert(routedLegs)
    .values({ service, mode, ...key, ...figures, fetchedAt })
    .onConflictDoUpdate({
      target: [
        routedLegs.service,
        routedLegs.mode,
        routedLegs.fromLat,
        routedLegs.fromLng,
        routedLegs.toLat,
        routedLegs.toLng,
      ],
      set: { distanceM: figures.distanceM, durationS: figures.durationS, fetchedAt },
    });
}

/** Forgets answers fetched before `before` (too old to be used again); how many. */
export async function pruneRoutedLegs(db: Database, before: Date): Promise<number> {
  const gone = await db
    .delete(routedLegs)
    .where(lt(routedLegs.fetchedAt, before))
    .returning({ service: routedLegs.service });
  return gone.length;
}
