import { CURRENCY_CODE, DECIMAL_RATE, type RateSource } from '@rides/contract';
import type { Database } from '../../db/client.js';
import { BOI_QUOTE } from '../../providers/rates/boi.js';
import { divideDecimal } from '../../providers/rates/decimal.js';
import { ECB_BASE } from '../../providers/rates/ecb.js';
import {
  addDays,
  isDay,
  type Day,
  type RatesProvider,
  type RatesSource,
} from '../../providers/rates/types.js';
import { newestDayWithLegs, upsertRates, type KeptRate, type Leg } from './rates.repository.js';

/**
 * The rate of an expense's day (issue 35 point 2, decision 0069): how many units of `to` one unit of `from` was worth
 * on `day`, from the configured source's reference rates.
 *
 *  - `from` = `to`: "1", source `same`, no day.
 *  - The source's rates of the day kept in the database, else of the nearest earlier day within a week (none are
 *    published on weekends and holidays): that source, that day. Kept rates are used without asking the provider when
 *    they are of the day itself, or were fetched after the day was over (then the provider had nothing newer: the
 *    earlier day is the day's rate).
 *  - Else the provider is asked (within RATES_TIMEOUT_MS) and every rate it answers is kept; then as above. A provider
 *    that answered but not the day (today's not published yet) answers with its nearest earlier day.
 *  - The provider unreachable or failing (or answering nothing for the pair): the newest kept rate of the pair on or
 *    before the day, of any source, as `stale` with `toConfirm` ("rate to confirm").
 *  - Nothing kept: RateUnavailableError (`rate_unavailable`), for the caller to answer with a code.
 *
 * A cross rate is derived through the source's base currency, exactly: ECB (one euro in X): from->to = EUR->to /
 * EUR->from; Bank of Israel (shekels for one X): from->to = from->ILS / to->ILS. The division is of BigInt-scaled
 * decimals, to RATE_DECIMALS places, rounded half to even (a rate the source published is answered as published).
 *
 * The database is the cache (several server processes share it). The memory only spares the provider: one process asks
 * it at most once a minute for one (source, day), and calls arriving while it is asked wait for that one answer.
 */
export const RATE_DECIMALS = 10;

/** Within this many days before the asked one, a kept day's rate is the asked day's (weekends, holidays). */
export const RATE_LOOKBACK_DAYS = 7;

/** A (source, day) is asked of the provider at most once in this long by one process. */
export const ASK_AGAIN_AFTER_MS = 60_000;

export interface RateQuery {
  /** YYYY-MM-DD. */
  day: Day;
  /** ISO 4217 codes. */
  from: string;
  to: string;
}

export interface RateAnswer {
  /** Units of `to` for one unit of `from`: a decimal string (DECIMAL_RATE), at most RATE_DECIMALS decimals. */
  rate: string;
  source: RateSource;
  /** The day of the rates used (the asked one, or the nearest earlier published); null for `same`. */
  day: Day | null;
  /** The newest known rate, not the day's: the user should confirm it ("rate to confirm"). */
  toConfirm: boolean;
}

/** No rate of the pair at all: none kept, and the provider could not give one. Answered as `rate_unavailable`. */
export class RateUnavailableError extends Error {
  override name = 'RateUnavailableError';
  readonly code = 'rate_unavailable' as const;
  constructor(
    readonly from: string,
    readonly to: string,
    readonly day: Day,
  ) {
    super(`rate_unavailable: ${from}->${to} on ${day}`);
  }
}

export interface RatesService {
  rateFor(db: Database, query: RateQuery): Promise<RateAnswer>;
}

export interface RatesServiceDeps {
  /** The configured provider; null (RATES_PROVIDER=none): only kept rates, of either source. */
  provider: RatesProvider | null;
  /** The clock (tests give a fixed one): "was the day over when these rates were fetched", and their fetched time. */
  now?: () => Date;
  log?: { warn(obj: object, msg: string): void };
  /** Default ASK_AGAIN_AFTER_MS. */
  askAgainAfterMs?: number;
}

const SOURCES: readonly RatesSource[] = ['ecb', 'boi'];

/** The kept rates an answer in `source` needs for from->to: the legs to and from the source's base currency. */
export function legsFor(source: RatesSource, from: string, to: string): Leg[] {
  const currencies = [from, to];
  return source === 'ecb'
    ? currencies.filter((c) => c !== ECB_BASE).map((c) => ({ base: ECB_BASE, quote: c }))
    : currencies.filter((c) => c !== BOI_QUOTE).map((c) => ({ base: c, quote: BOI_QUOTE }));
}

/**
 * from->to in `source`, from the day's legs (legsFor): through the euro for the ECB (EUR->to / EUR->from), through the
 * shekel for the Bank of Israel (from->ILS / to->ILS); a base currency's own leg is 1. Exact (divideDecimal).
 */
export function crossRate(
  source: RatesSource,
  from: string,
  to: string,
  legs: readonly Pick<KeptRate, 'base' | 'quote' | 'rate'>[],
): string {
  const leg = (base: string, quote: string): string => {
    if (base === quote) return '1';
    const found = legs.find((l) => l.base === base && l.quote === quote);
    if (!found) throw new RangeError(`no ${base}->${quote} rate`);
    return found.rate;
  };
  return source === 'ecb'
    ? divideDecimal(leg(ECB_BASE, to), leg(ECB_BASE, from), RATE_DECIMALS)
    : divideDecimal(leg(from, BOI_QUOTE), leg(to, BOI_QUOTE), RATE_DECIMALS);
}

interface Found {
  source: RatesSource;
  day: Day;
  rate: string;
  /** The oldest fetched time of its legs. */
  fetchedAt: Date;
}

export function createRatesService(deps: RatesServiceDeps): RatesService {
  const { provider } = deps;
  const now = deps.now ?? (() => new Date());
  const askAgainAfterMs = deps.askAgainAfterMs ?? ASK_AGAIN_AFTER_MS;
  /** The last ask of each (source, day) of this process: when, and its outcome (true: answered and kept). */
  const asked = new Map<string, { at: number; outcome: Promise<boolean> }>();

  /** The newest day in range on which `source` has the pair, with its rate. */
  async function find(
    db: Database,
    source: RatesSource,
    q: RateQuery,
    from: Day | null,
  ): Promise<Found | undefined> {
    const legs = await newestDayWithLegs(db, source, legsFor(source, q.from, q.to), { from, to: q.day });
    const first = legs?.[0];
    if (!legs || !first) return undefined;
    return {
      source,
      day: first.day,
      rate: crossRate(source, q.from, q.to, legs),
      fetchedAt: new Date(Math.min(...legs.map((l) => l.fetchedAt.getTime()))),
    };
  }

  /** The newest of several sources' finds (the first source wins a tie). */
  async function findAmong(db: Database, sources: readonly RatesSource[], q: RateQuery, from: Day | null) {
    let best: Found | undefined;
    for (const source of sources) {
      const found = await find(db, source, q, from);
      if (found && (!best || found.day > best.day)) best = found;
    }
    return best;
  }

  /** Asks the provider for the day and keeps its answer, once a minute per (source, day); false when it failed. */
  function ask(db: Database, p: RatesProvider, day: Day): Promise<boolean> {
    const key = `${p.source}:${day}`;
    const at = now().getTime();
    for (const [k, v] of asked) if (at - v.at >= askAgainAfterMs) asked.delete(k);
    const last = asked.get(key);
    if (last) return last.outcome;
    const outcome = (async () => {
      let days;
      try {
        days = await p.fetchDay(day);
      } catch (err) {
        deps.log?.warn({ err, source: p.source, day }, 'exchange rates provider failed');
        return false;
      }
      await upsertRates(db, p.source, days, now());
      return true;
    })();
    asked.set(key, { at, outcome });
    // A database error while keeping the answer is not the provider's: the next call asks again.
    outcome.catch(() => {
      if (asked.get(key)?.outcome === outcome) asked.delete(key);
    });
    return outcome;
  }

  const answer = (found: Found, source: RateSource, toConfirm: boolean, q: RateQuery): RateAnswer => {
    // A rate too small or too large for the wire (a 10-decimal zero, more than 9 digits) is no usable rate.
    if (!DECIMAL_RATE.test(found.rate) || !/[1-9]/.test(found.rate))
      throw new RateUnavailableError(q.from, q.to, q.day);
    return { rate: found.rate, source, day: found.day, toConfirm };
  };

  return {
    async rateFor(db, q) {
      if (!isDay(q.day) || !CURRENCY_CODE.test(q.from) || !CURRENCY_CODE.test(q.to)) {
        throw new RangeError(`bad rate query: ${JSON.stringify(q)}`);
      }
      if (q.from === q.to) return { rate: '1', source: 'same', day: null, toConfirm: false };
      const lookbackFrom = addDays(q.day, -RATE_LOOKBACK_DAYS);
      // Once the day is over (UTC), a source that had published it would have answered it.
      const dayOver = Date.parse(`${addDays(q.day, 1)}T00:00:00Z`);

      if (!provider) {
        const kept = await findAmong(db, SOURCES, q, lookbackFrom);
        if (kept) return answer(kept, kept.source, false, q);
      } else {
        const kept = await find(db, provider.source, q, lookbackFrom);
        if (kept && (kept.day === q.day || kept.fetchedAt.getTime() >= dayOver)) {
          return answer(kept, provider.source, false, q);
        }
        if (await ask(db, provider, q.day)) {
          const fetched = await find(db, provider.source, q, lookbackFrom);
          if (fetched) return answer(fetched, provider.source, false, q);
        }
      }
      const others = SOURCES.filter((s) => s !== provider?.source);
      const newest = await findAmong(db, provider ? [provider.source, ...others] : SOURCES, q, null);
      if (newest) return answer(newest, 'stale', true, q);
      throw new RateUnavailableError(q.from, q.to, q.day);
    },
  };
}
