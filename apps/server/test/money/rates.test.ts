import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { upsertRates } from '../../src/modules/money/rates.repository.js';
import {
  createRatesService,
  RateUnavailableError,
  type RateAnswer,
  type RatesService,
} from '../../src/modules/money/rates.service.js';
import { createBoiProvider, createEcbProvider } from '../../src/providers/rates/index.js';
import { createTestDatabase, truncateAll, type TestDatabase } from '../helpers/db.js';
import { startFakeRates, type FakeRates } from '../helpers/fake-rates.js';

/**
 * rateFor (issue 35 point 2) on the database, against a local server speaking the providers' formats: the day's rate,
 * a weekend's Friday, kept rates reused, the provider asked once for a burst, stale rates when it is down.
 */
let handle: TestDatabase;
let fake: FakeRates;

beforeAll(async () => {
  handle = await createTestDatabase();
  fake = await startFakeRates();
});
afterAll(async () => {
  await fake.close();
  await handle.dispose();
});
beforeEach(async () => {
  await truncateAll(handle);
  fake.mode = 'ok';
  fake.delayMs = 0;
  fake.today = null;
  fake.requests.length = 0;
});

/** A settable clock: Monday 2027-03-15, 12:00 UTC (the ECB's Monday rates not yet published). */
function clock(iso = '2027-03-15T12:00:00Z') {
  let t = Date.parse(iso);
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

function ecbService(c = clock(), timeoutMs = 2000): RatesService {
  return createRatesService({
    provider: createEcbProvider({ baseUrl: fake.baseUrl, timeoutMs, now: c.now }),
    now: c.now,
  });
}

const kept = async () =>
  Number(
    (await handle.db.execute<{ n: number | string }>(sql`SELECT count(*) AS n FROM exchange_rates`)).rows[0]?.n ?? 0,
  );

describe('rateFor with the ECB', () => {
  it('a currency in itself is 1, from no source', async () => {
    expect(await ecbService().rateFor(handle.db, { day: '2027-03-10', from: 'ILS', to: 'ILS' })).toEqual({
      rate: '1',
      source: 'same',
      day: null,
      toConfirm: false,
    });
    expect(fake.requests).toEqual([]);
  });

  it("the day's rate: fetched, every rate kept, published rates as published, cross rates exact", async () => {
    const rates = ecbService();
    expect(await rates.rateFor(handle.db, { day: '2027-03-10', from: 'EUR', to: 'ILS' })).toEqual<RateAnswer>({
      rate: '3.9512',
      source: 'ecb',
      day: '2027-03-10',
      toConfirm: false,
    });
    // 6 days of 4 currencies from the 90 days' file.
    expect(await kept()).toBe(24);
    expect(await rates.rateFor(handle.db, { day: '2027-03-10', from: 'USD', to: 'ILS' })).toMatchObject({
      rate: '3.6477104874',
      source: 'ecb',
    });
    expect(await rates.rateFor(handle.db, { day: '2027-03-10', from: 'ILS', to: 'EUR' })).toMatchObject({
      rate: '0.2530876696',
    });
    expect(fake.requests).toEqual(['/eurofxref-hist-90d.xml']);
  });

  it("a weekend's rate is Friday's; kept rates are reused without asking again, by this process or another", async () => {
    const c = clock();
    expect(await ecbService(c).rateFor(handle.db, { day: '2027-03-13', from: 'USD', to: 'ILS' })).toEqual({
      rate: divide('3.9600', '1.0850'),
      source: 'ecb',
      day: '2027-03-12',
      toConfirm: false,
    });
    expect(fake.requests).toHaveLength(1);
    // Fetched on Monday, after the weekend was over: Sunday's rate is Friday's too, without asking.
    c.advance(3_600_000);
    expect(await ecbService(c).rateFor(handle.db, { day: '2027-03-14', from: 'GBP', to: 'EUR' })).toMatchObject({
      source: 'ecb',
      day: '2027-03-12',
    });
    expect(await ecbService(c).rateFor(handle.db, { day: '2027-03-09', from: 'JPY', to: 'USD' })).toMatchObject({
      rate: '0.006729595',
      day: '2027-03-09',
    });
    expect(fake.requests).toHaveLength(1);
  });

  it("today before its publication: the last published day's; asked again only after a minute", async () => {
    const c = clock();
    fake.today = '2027-03-12';
    const rates = ecbService(c);
    expect(await rates.rateFor(handle.db, { day: '2027-03-15', from: 'EUR', to: 'USD' })).toEqual({
      rate: '1.085',
      source: 'ecb',
      day: '2027-03-12',
      toConfirm: false,
    });
    c.advance(30_000);
    await rates.rateFor(handle.db, { day: '2027-03-15', from: 'EUR', to: 'ILS' });
    expect(fake.requests).toEqual(['/eurofxref-daily.xml']);
    // A minute on, the day may have been published: asked again, and now it has.
    fake.today = '2027-03-15';
    c.advance(31_000);
    expect(await rates.rateFor(handle.db, { day: '2027-03-15', from: 'EUR', to: 'USD' })).toMatchObject({
      rate: '1.086',
      day: '2027-03-15',
    });
    expect(fake.requests).toEqual(['/eurofxref-daily.xml', '/eurofxref-daily.xml']);
    // The day's own rate is kept: no more asking.
    c.advance(120_000);
    await rates.rateFor(handle.db, { day: '2027-03-15', from: 'GBP', to: 'JPY' });
    expect(fake.requests).toHaveLength(2);
  });

  it('a burst of expenses asks the provider once: the calls wait for the one fetch', async () => {
    fake.delayMs = 300;
    const rates = ecbService();
    const pairs = [
      ['USD', 'ILS'],
      ['EUR', 'ILS'],
      ['GBP', 'USD'],
      ['JPY', 'ILS'],
      ['ILS', 'USD'],
      ['EUR', 'GBP'],
      ['USD', 'EUR'],
      ['GBP', 'ILS'],
    ] as const;
    const answers = await Promise.all(pairs.map(([from, to]) => rates.rateFor(handle.db, { day: '2027-03-11', from, to })));
    expect(answers.every((a) => a.source === 'ecb' && a.day === '2027-03-11' && !a.toConfirm)).toBe(true);
    expect(fake.requests).toEqual(['/eurofxref-hist-90d.xml']);
  });

  it('the provider down: the newest kept rate before the day, stale, to confirm; asked again after a minute', async () => {
    await upsertRates(
      handle.db,
      'ecb',
      [
        { day: '2027-03-01', base: 'EUR', rates: { USD: '1.0700', ILS: '3.9000' } },
        { day: '2027-03-05', base: 'EUR', rates: { USD: '1.0750', ILS: '3.9300' } },
      ],
      new Date('2027-03-05T16:00:00Z'),
    );
    const c = clock();
    const rates = ecbService(c);
    for (const mode of ['error', 'garbage'] as const) {
      fake.mode = mode;
      expect(await rates.rateFor(handle.db, { day: '2027-03-12', from: 'USD', to: 'ILS' }), mode).toEqual({
        rate: divide('3.9300', '1.0750'),
        source: 'stale',
        day: '2027-03-05',
        toConfirm: true,
      });
      c.advance(61_000);
    }
    expect(fake.requests).toHaveLength(2);
    // Within the minute a failed provider is not asked again: the next expense is stale at once.
    expect(await rates.rateFor(handle.db, { day: '2027-03-12', from: 'EUR', to: 'ILS' })).toMatchObject({
      source: 'stale',
    });
    expect(fake.requests).toHaveLength(3);
    expect(await rates.rateFor(handle.db, { day: '2027-03-12', from: 'EUR', to: 'USD' })).toMatchObject({
      source: 'stale',
      rate: '1.075',
    });
    expect(fake.requests).toHaveLength(3);
    // Rates fetched after a day was over are that day's (nothing newer was published by then), provider down or not.
    expect(await rates.rateFor(handle.db, { day: '2027-03-03', from: 'EUR', to: 'USD' })).toEqual({
      rate: '1.07',
      source: 'ecb',
      day: '2027-03-01',
      toConfirm: false,
    });
    expect(fake.requests).toHaveLength(3);
  });

  it('a provider that does not answer within the time-out: stale, in about the time-out', async () => {
    await upsertRates(handle.db, 'ecb', [{ day: '2027-03-01', base: 'EUR', rates: { ILS: '3.9' } }], new Date('2027-03-01T16:00:00Z'));
    fake.mode = 'hang';
    const started = performance.now();
    expect(await ecbService(clock(), 300).rateFor(handle.db, { day: '2027-03-10', from: 'EUR', to: 'ILS' })).toEqual({
      rate: '3.9',
      source: 'stale',
      day: '2027-03-01',
      toConfirm: true,
    });
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('nothing kept and the provider down: rate_unavailable', async () => {
    fake.mode = 'error';
    const err = await ecbService()
      .rateFor(handle.db, { day: '2027-03-10', from: 'USD', to: 'ILS' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateUnavailableError);
    expect(err).toMatchObject({ code: 'rate_unavailable', from: 'USD', to: 'ILS', day: '2027-03-10' });
    // A currency the source does not publish: the same, though the provider answered.
    fake.mode = 'ok';
    await expect(ecbService().rateFor(handle.db, { day: '2027-03-10', from: 'AED', to: 'ILS' })).rejects.toThrow(
      RateUnavailableError,
    );
  });

  it('refuses a query that is not a day and two currency codes', async () => {
    await expect(ecbService().rateFor(handle.db, { day: '2027-02-30', from: 'USD', to: 'ILS' })).rejects.toThrow(RangeError);
    await expect(ecbService().rateFor(handle.db, { day: '2027-03-10', from: 'usd', to: 'ILS' })).rejects.toThrow(RangeError);
  });
});

describe('rateFor with the Bank of Israel', () => {
  const boiService = (c = clock()) =>
    createRatesService({ provider: createBoiProvider({ baseUrl: fake.baseUrl, timeoutMs: 2000 }), now: c.now });

  it('per 100 yen normalised; cross rates through the shekel; a weekend is Friday', async () => {
    const rates = boiService();
    expect(await rates.rateFor(handle.db, { day: '2027-03-13', from: 'JPY', to: 'ILS' })).toEqual({
      rate: '0.022603',
      source: 'boi',
      day: '2027-03-12',
      toConfirm: false,
    });
    expect(await rates.rateFor(handle.db, { day: '2027-03-13', from: 'EUR', to: 'USD' })).toMatchObject({
      rate: divide('3.9700', '3.660'),
      source: 'boi',
    });
    expect(await rates.rateFor(handle.db, { day: '2027-03-13', from: 'ILS', to: 'LBP' })).toMatchObject({
      rate: divide('1', '0.00234'),
    });
    expect(fake.requests).toHaveLength(1);
    // Another day of the same week was in the answer: kept, not asked.
    expect(await rates.rateFor(handle.db, { day: '2027-03-10', from: 'USD', to: 'ILS' })).toMatchObject({
      rate: '3.652',
      day: '2027-03-10',
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('down: the newest kept rate of the pair, even of the other source, stale', async () => {
    await upsertRates(handle.db, 'ecb', [{ day: '2027-03-04', base: 'EUR', rates: { USD: '1.08', ILS: '3.96' } }], new Date('2027-03-04T16:00:00Z'));
    fake.mode = 'error';
    expect(await boiService().rateFor(handle.db, { day: '2027-03-10', from: 'USD', to: 'ILS' })).toEqual({
      rate: divide('3.96', '1.08'),
      source: 'stale',
      day: '2027-03-04',
      toConfirm: true,
    });
  });
});

describe('rateFor with no provider (RATES_PROVIDER=none)', () => {
  it('the kept rates of either source; nothing kept: rate_unavailable; nothing asked', async () => {
    const rates = createRatesService({ provider: null });
    await upsertRates(handle.db, 'boi', [{ day: '2027-03-12', base: 'USD', rates: { ILS: '3.66' } }], new Date('2027-03-12T14:00:00Z'));
    expect(await rates.rateFor(handle.db, { day: '2027-03-14', from: 'USD', to: 'ILS' })).toEqual({
      rate: '3.66',
      source: 'boi',
      day: '2027-03-12',
      toConfirm: false,
    });
    expect(await rates.rateFor(handle.db, { day: '2027-03-30', from: 'USD', to: 'ILS' })).toMatchObject({
      source: 'stale',
      toConfirm: true,
    });
    await expect(rates.rateFor(handle.db, { day: '2027-03-14', from: 'EUR', to: 'ILS' })).rejects.toThrow(
      RateUnavailableError,
    );
    expect(fake.requests).toEqual([]);
  });
});

/** a / b to 10 decimals, half to even: the expected cross rates written from the published ones. */
function divide(a: string, b: string): string {
  const scale = (s: string) => (s.split('.')[1] ?? '').length;
  const n = BigInt(a.replace('.', '')) * 10n ** BigInt(scale(b) + 10);
  const d = BigInt(b.replace('.', '')) * 10n ** BigInt(scale(a));
  let q = n / d;
  const r2 = (n % d) * 2n;
  if (r2 > d || (r2 === d && q % 2n === 1n)) q += 1n;
  const digits = q.toString().padStart(11, '0');
  return `${digits.slice(0, -10)}.${digits.slice(-10)}`.replace(/\.?0+$/, '');
}
