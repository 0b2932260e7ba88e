import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.js';
import { rebuildPlaceKeys } from '../apps/server/src/db/place-keys.js';
import { rebuildTripCells } from '../apps/server/src/db/trip-cells.js';

/**
 * Generated trips for the scale bench (issue 16), made from the demo content by set-based SQL (INSERT … SELECT over
 * generate_series, a few statements whatever N), on a database that holds the demo (seedDemo) and nothing else.
 *
 * - 75 % originals: each one is a demo trip's days, attractions and stays moved to a new place (its attractions are
 *   new rows, authored by the trip's author, one per placement, as an author who builds a trip makes them). 70 % of
 *   them lie around 16 popular cities, the rest over Europe and Israel (the long tail).
 * - 25 % copies, as copy-and-edit makes them (copy.repository.ts): a new trip based on an original, the same
 *   attraction rows placed on days shifted by the copy's offset, the stays carried over as suggestions.
 * Every invariant the code relies on holds: dates within the trip (at most MAX_TRIP_DAYS days), one placement per
 * (trip, attraction), positions ≥ 0, stays inside the trip, geo_cell computed by the database, serial sequences
 * moved past the explicit ids, the map summary (ride_cells) and the place keys (place_keys) rebuilt. Findable trips only (public, no manager, no sub-domain), as the issue measured.
 * random() after setseed: the same N gives the same data.
 */

export const POPULAR_CITIES: { name: string; lat: number; lng: number }[] = [
  { name: 'Rome', lat: 41.9028, lng: 12.4964 },
  { name: 'Paris', lat: 48.8566, lng: 2.3522 },
  { name: 'London', lat: 51.5074, lng: -0.1278 },
  { name: 'Barcelona', lat: 41.3874, lng: 2.1686 },
  { name: 'Amsterdam', lat: 52.3676, lng: 4.9041 },
  { name: 'Berlin', lat: 52.52, lng: 13.405 },
  { name: 'Prague', lat: 50.0755, lng: 14.4378 },
  { name: 'Vienna', lat: 48.2082, lng: 16.3738 },
  { name: 'Budapest', lat: 47.4979, lng: 19.0402 },
  { name: 'Athens', lat: 37.9838, lng: 23.7275 },
  { name: 'Lisbon', lat: 38.7223, lng: -9.1393 },
  { name: 'Madrid', lat: 40.4168, lng: -3.7038 },
  { name: 'Florence', lat: 43.7696, lng: 11.2558 },
  { name: 'Zurich', lat: 47.3769, lng: 8.5417 },
  { name: 'Jerusalem', lat: 31.7683, lng: 35.2137 },
  { name: 'Tel Aviv', lat: 32.0853, lng: 34.7818 },
];

/** How far an original's attractions spread around its centre, as a share of the demo trip's own spread. */
const SPREAD = 0.25;

export type GeneratedCounts = {
  rides: number;
  attractions: number;
  placements: number;
  accommodations: number;
};

export async function generateTrips(
  db: Database,
  n: number,
  log: (line: string) => void,
): Promise<GeneratedCounts> {
  const originals = Math.round(n * 0.75);
  const copies = n - originals;
  const cities = sql.raw(
    `(VALUES ${POPULAR_CITIES.map((c, i) => `(${i}, ${c.lat}::float8, ${c.lng}::float8)`).join(', ')}) AS c(idx, lat, lng)`,
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT setseed(0.16)`);
    // Authors: the demo planner writes some; a thousand ordinary accounts (a tenth of them planners) the rest.
    await tx.execute(sql`
      INSERT INTO users (email, user_name, role)
      SELECT 'scale' || g || '@bench.rides.local', 'Bench author ' || g, CASE WHEN g % 10 = 0 THEN 'manager' ELSE 'user' END
      FROM generate_series(1, 1000) g`);
    await tx.execute(sql`CREATE TEMP TABLE authors ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY id) - 1 AS idx, id FROM users WHERE email LIKE 'scale%@bench.rides.local'
      UNION ALL SELECT 1000, id FROM users WHERE email = 'planner@demo.rides.local'`);

    // The shapes: every demo trip with its placements (relative to its centre) and stays.
    await tx.execute(sql`CREATE TEMP TABLE tpl ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY r.id) - 1 AS idx, r.id, r.title, r.text, r.language, r.end_date - r.start_date AS span,
             r.number_of_adult, r.number_of_teen, r.number_of_child, r.top_page_image_url,
             (SELECT avg(a.lat) FROM ride_attractions ra JOIN attractions a ON a.id = ra.attraction_id WHERE ra.ride_id = r.id) AS clat,
             (SELECT avg(a.lng) FROM ride_attractions ra JOIN attractions a ON a.id = ra.attraction_id WHERE ra.ride_id = r.id) AS clng
      FROM rides r WHERE EXISTS (SELECT 1 FROM ride_attractions ra WHERE ra.ride_id = r.id)`);
    await tx.execute(sql`CREATE TEMP TABLE tpl_places ON COMMIT DROP AS
      SELECT t.idx AS tpl, row_number() OVER (PARTITION BY t.idx ORDER BY ra.planned_date, ra.position, ra.id) AS k,
             ra.planned_date - r.start_date AS day, ra.position, ra.time_of_day,
             a.title, a.text, a.address, a.link, a.rate, a.image_url, a.google_image, a.opening_hours, a.reviews,
             (a.lat - t.clat) * ${SPREAD} AS dlat, (a.lng - t.clng) * ${SPREAD} AS dlng
      FROM tpl t JOIN rides r ON r.id = t.id JOIN ride_attractions ra ON ra.ride_id = r.id JOIN attractions a ON a.id = ra.attraction_id`);
    await tx.execute(sql`CREATE TEMP TABLE tpl_stays ON COMMIT DROP AS
      SELECT t.idx AS tpl, s.name, s.country_and_city, s.address, s.link, s.text, s.image_url, s.rate,
             (s.lat - t.clat) * ${SPREAD} AS dlat, (s.lng - t.clng) * ${SPREAD} AS dlng,
             s.check_in_date - r.start_date AS first_day, s.check_out_date - s.check_in_date AS nights
      FROM tpl t JOIN rides r ON r.id = t.id JOIN accommodations s ON s.ride_id = r.id`);

    const [{ templates, perTrip }] = (
      await tx.execute<{ templates: number; perTrip: number }>(
        sql`SELECT (SELECT count(*)::int FROM tpl) AS "templates", (SELECT max(k)::int FROM tpl_places) AS "perTrip"`,
      )
    ).rows as [{ templates: number; perTrip: number }];
    const [{ rideBase: tripBase, attractionBase }] = (
      await tx.execute<{ rideBase: number; attractionBase: number }>(
        sql`SELECT (SELECT max(id) + 1000 FROM rides)::int AS "rideBase", (SELECT max(id) + 1000 FROM attractions)::int AS "attractionBase"`,
      )
    ).rows as [{ rideBase: number; attractionBase: number }];

    // Originals: g = 1..originals; trip id rideBase + g; attraction ids attractionBase + (g - 1) * perTrip + k.
    await tx.execute(sql`CREATE TEMP TABLE orig ON COMMIT DROP AS
      SELECT g, ${tripBase} + g AS id, (g % ${templates}) AS tpl,
             CASE WHEN random() < 0.05 THEN 1000 ELSE floor(random() * 1000)::int END AS author,
             CASE WHEN random() < 0.7 THEN floor(random() * ${POPULAR_CITIES.length})::int ELSE -1 END AS city,
             random() AS u1, random() AS u2, random() AS u3,
             DATE '2025-01-01' + floor(random() * 1000)::int AS start_date,
             random() < 0.2 AS mobility,
             (ARRAY['planning','active','client','template','inactive'])[1 + floor(random() * 5)::int] AS category
      FROM generate_series(1, ${originals}) g`);
    // The centre: near a popular city (a normal-ish spread of ~20 km) or anywhere over Europe or Israel.
    await tx.execute(sql`ALTER TABLE orig ADD COLUMN clat float8, ADD COLUMN clng float8`);
    await tx.execute(sql`UPDATE orig o SET
        clat = CASE WHEN o.city >= 0 THEN c.lat + (o.u1 + o.u2 - 1) * 0.3
                    WHEN o.u3 < 0.85 THEN 36 + o.u1 * 24 ELSE 29.6 + o.u1 * 3.6 END,
        clng = CASE WHEN o.city >= 0 THEN c.lng + (o.u2 - o.u3) * 0.4
                    WHEN o.u3 < 0.85 THEN -9 + o.u2 * 37 ELSE 34.4 + o.u2 * 1.4 END
      FROM ${cities} WHERE c.idx = greatest(o.city, 0)`);
    log(`  ${originals} originals planned`);

    await tx.execute(sql`
      INSERT INTO rides (id, author_id, title, text, start_date, end_date, language, type, is_based_ride,
                         number_of_adult, number_of_teen, number_of_child, physical_disabilities, category, top_page_image_url)
      SELECT o.id, a.id, left(t.title, 60) || ' #' || o.g, t.text, o.start_date, o.start_date + t.span, t.language, 'public', true,
             t.number_of_adult, t.number_of_teen, t.number_of_child, o.mobility, o.category, t.top_page_image_url
      FROM orig o JOIN tpl t ON t.idx = o.tpl JOIN authors a ON a.idx = o.author`);
    log('  trips written');
    await tx.execute(sql`
      INSERT INTO attractions (id, author_id, title, text, address, link, rate, lat, lng, image_url, google_image, opening_hours, reviews)
      SELECT ${attractionBase} + (o.g - 1) * ${perTrip} + p.k, a.id, p.title, p.text, p.address, p.link, p.rate,
             least(89.9, greatest(-89.9, o.clat + p.dlat)), least(179.9, greatest(-179.9, o.clng + p.dlng)),
             p.image_url, p.google_image, p.opening_hours, p.reviews
      FROM orig o JOIN tpl_places p ON p.tpl = o.tpl JOIN authors a ON a.idx = o.author`);
    log('  attractions written');
    await tx.execute(sql`
      INSERT INTO ride_attractions (ride_id, attraction_id, planned_date, time_of_day, position)
      SELECT o.id, ${attractionBase} + (o.g - 1) * ${perTrip} + p.k, o.start_date + p.day, p.time_of_day, p.position
      FROM orig o JOIN tpl_places p ON p.tpl = o.tpl`);
    log('  placements written');
    await tx.execute(sql`
      INSERT INTO accommodations (ride_id, name, country_and_city, address, link, text, image_url, rate, lat, lng,
                                  check_in_date, check_out_date, status)
      SELECT o.id, s.name, s.country_and_city, s.address, s.link, s.text, s.image_url, s.rate,
             least(89.9, greatest(-89.9, o.clat + s.dlat)), least(179.9, greatest(-179.9, o.clng + s.dlng)),
             o.start_date + s.first_day, o.start_date + s.first_day + s.nights, 'booked'
      FROM orig o JOIN tpl_stays s ON s.tpl = o.tpl`);
    log('  stays written');

    // Copies: based on a random original, shifted by 0..365 days, same attraction rows, stays as suggestions. A
    // shifted copy was changed by its author (its dates), so search lists it; one left where it was repeats its
    // original and search leaves it out (search.repository.ts searchableTrip).
    const copyBase = tripBase + originals + 1000;
    await tx.execute(sql`CREATE TEMP TABLE cp ON COMMIT DROP AS
      SELECT ${copyBase} + g AS id, ${tripBase} + 1 + floor(random() * ${originals})::int AS from_id,
             floor(random() * 366)::int AS shift, floor(random() * 1001)::int AS author
      FROM generate_series(1, ${copies}) g`);
    await tx.execute(sql`
      INSERT INTO rides (id, author_id, title, text, start_date, end_date, language, type, based_ride_id,
                         number_of_adult, number_of_teen, number_of_child, physical_disabilities, category, top_page_image_url,
                         content_changed_at)
      SELECT c.id, a.id, r.title, r.text, r.start_date + c.shift, r.end_date + c.shift, r.language, 'public', r.id,
             r.number_of_adult, r.number_of_teen, r.number_of_child, r.physical_disabilities, r.category, r.top_page_image_url,
             CASE WHEN c.shift = 0 THEN NULL ELSE now() END
      FROM cp c JOIN rides r ON r.id = c.from_id JOIN authors a ON a.idx = c.author`);
    await tx.execute(sql`
      INSERT INTO ride_attractions (ride_id, attraction_id, planned_date, time_of_day, position)
      SELECT c.id, ra.attraction_id, ra.planned_date + c.shift, ra.time_of_day, ra.position
      FROM cp c JOIN ride_attractions ra ON ra.ride_id = c.from_id`);
    await tx.execute(sql`
      INSERT INTO accommodations (ride_id, name, country_and_city, address, link, text, image_url, rate, lat, lng,
                                  check_in_date, check_out_date, status)
      SELECT c.id, s.name, s.country_and_city, s.address, s.link, s.text, s.image_url, s.rate, s.lat, s.lng,
             s.check_in_date + c.shift, s.check_out_date + c.shift, 'base_trip_accomodation'
      FROM cp c JOIN accommodations s ON s.ride_id = c.from_id ORDER BY c.id, s.check_in_date, s.id`);
    log(`  ${copies} copies written`);

    // The map summary, as every write keeps it (db/trip-cells.ts).
    await rebuildTripCells(tx);
    log('  map summary (ride_cells) written');
    // Our own places' search keys, as every write keeps them (db/place-keys.ts).
    log(`  ${await rebuildPlaceKeys(tx)} place keys written`);
    for (const table of ['rides', 'attractions', 'ride_attractions', 'accommodations', 'users']) {
      await tx.execute(
        sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`),
      );
    }
  });
  await db.execute(sql`ANALYZE`);
  const [counts] = (
    await db.execute<GeneratedCounts>(sql`SELECT (SELECT count(*)::int FROM rides) AS rides,
      (SELECT count(*)::int FROM attractions) AS attractions, (SELECT count(*)::int FROM ride_attractions) AS placements,
      (SELECT count(*)::int FROM accommodations) AS accommodations`)
  ).rows as [GeneratedCounts];
  return counts;
}
