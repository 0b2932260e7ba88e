import { and, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { exchangeRates } from '../../db/schema/index.js';
import type { Day, DayRates, RatesSource } from '../../providers/rates/types.js';

/**
 * The reference rates the server keeps (exchange_rates, issue 35 point 2): the only SQL of the rates. The table is the
 * cache every server process shares: a rate fetched by one is found by the others.
 */

/** One kept rate: on `day`, one `base` is `rate` units of `quote`, as `source` published it; when it was last fetched. */
export interface KeptRate {
  source: RatesSource;
  day: Day;
  base: string;
  quote: string;
  rate: string;
  fetchedAt: Date;
}

/** A rate the answer needs: one base in one quote. */
export interface Leg {
  base: string;
  quote: string;
}

/** Rows written per statement (6 parameters a row, far below PostgreSQL's 65,535). */
const CHUNK = 1000;

/**
 * Keeps every rate a provider answered, each (source, day, base, quote) once: a rate fetched again replaces the kept
 * one and its fetched time (which says "as of then, this was the newest published day": rates.service.ts).
 */
export async function upsertRates(
  db: Database,
  source: RatesSource,
  days: readonly DayRates[],
  fetchedAt: Date,
): Promise<number> {
  const rows = days.flatMap((d) =>
    Object.entries(d.rates).map(([quote, rate]) => ({
      source,
      day: d.day,
      base: d.base,
      quote,
      rate,
      fetchedAt,
    })),
  );
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insert(exchangeRates)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: [exchangeRates.source, exchangeRates.day, exchangeRates.base, exchangeRates.quote],
        set: { rate: sql`excluded.rate`, fetchedAt: sql`excluded.fetched_at` },
      });
  }
  return rows.length;
}

/**
 * The newest day from `from` (inclusive; null: any day) to `to` (inclusive) on which `source` has every one of `legs`,
 * with those rates; undefined when there is none. Reads through the primary key (source, day, ...).
 */
export async function newestDayWithLegs(
  db: Database,
  source: RatesSource,
  legs: readonly Leg[],
  range: { from: Day | null; to: Day },
): Promise<KeptRate[] | undefined> {
  if (legs.length === 0) return undefined;
  const legMatch = sql.join(
    legs.map((l) => sql`(${exchangeRates.base} = ${l.base} AND ${exchangeRates.quote} = ${l.quote})`),
    sql` OR `,
  );
  const where = and(
    sql`${exchangeRates.source} = ${source}`,
    sql`${exchangeRates.day} <= ${range.to}`,
    range.from === null ? undefined : sql`${exchangeRates.day} >= ${range.from}`,
    sql`(${legMatch})`,
  );
  const r = await db.execute<{
    day: string;
    base: string;
    quote: string;
    rate: string;
    fetched_at: Date | string;
  }>(sql`
    WITH newest AS (
      SELECT ${exchangeRates.day} AS day FROM ${exchangeRates} WHERE ${where}
      GROUP BY ${exchangeRates.day} HAVING count(*) = ${legs.length}
      ORDER BY ${exchangeRates.day} DESC LIMIT 1)
    SELECT ${exchangeRates.day}::text AS day, ${exchangeRates.base} AS base, ${exchangeRates.quote} AS quote,
      ${exchangeRates.rate} AS rate, ${exchangeRates.fetchedAt} AS fetched_at
    FROM ${exchangeRates} WHERE ${where} AND ${exchangeRates.day} = (SELECT day FROM newest)`);
  if (r.rows.length !== legs.length) return undefined;
  return r.rows.map((row) => ({
    source,
    day: row.day,
    base: row.base,
    quote: row.quote,
    rate: row.rate,
    fetchedAt: new Date(row.fetched_at),
  }));
}
