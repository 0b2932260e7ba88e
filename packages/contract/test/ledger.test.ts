import { describe, expect, it } from 'vitest';
import type { ExpenseSplit } from '../src/calls/expenses.js';
import {
  balances,
  convert,
  currencyExponent,
  expenseHomeShares,
  fromMinor,
  fromMinorByDinero,
  paidAmounts,
  settleUp,
  splitAmount,
  toMinor,
  type HomeEntry,
  type PersonId,
  type Transfer,
} from '../src/ledger.js';

const sharesOf = (amountMinor: number, split: ExpenseSplit, currency: string): [PersonId, string][] => {
  const result = splitAmount(amountMinor, split, currency);
  if (!result.ok) throw new Error(result.code);
  return [...result.shares].map(([p, minor]) => [p, fromMinor(minor, currency)]);
};

describe('amounts as minor units', () => {
  it.each([
    ['12.50', 'EUR', 1250],
    ['12.5', 'EUR', 1250],
    ['1500', 'JPY', 1500],
    ['1500.0', 'JPY', 1500],
    ['1.234', 'KWD', 1234],
    ['0.01', 'ILS', 1],
    ['12.340', 'EUR', 1234],
    ['999999999999.99', 'USD', 99999999999999],
  ])('%s %s is %i', (amount, currency, minor) => {
    expect(toMinor(amount, currency)).toEqual({ ok: true, minor });
  });

  it.each([
    ['12.345', 'EUR', 'amount_too_precise'],
    ['1500.5', 'JPY', 'amount_too_precise'],
    ['1.2345', 'KWD', 'amount_too_precise'],
    ['12', 'XYZ', 'unknown_currency'],
    ['12', 'eur', 'unknown_currency'],
    ['0', 'EUR', 'bad_amount'],
    ['0.00', 'EUR', 'bad_amount'],
    ['-1', 'EUR', 'bad_amount'],
    ['1e3', 'EUR', 'bad_amount'],
    ['01', 'EUR', 'bad_amount'],
    ['', 'EUR', 'bad_amount'],
    // 12 digits and 4 decimals of a 4-decimal currency passes 2^53
    ['999999999999.9999', 'CLF', 'bad_amount'],
  ])('%s %s: %s', (amount, currency, code) => {
    expect(toMinor(amount, currency)).toEqual({ ok: false, code });
  });

  it('zero when the caller allows it', () => {
    expect(toMinor('0', 'EUR', { allowZero: true })).toEqual({ ok: true, minor: 0 });
  });

  it('back to strings with the currency decimals', () => {
    expect(fromMinor(1250, 'EUR')).toBe('12.50');
    expect(fromMinor(1500, 'JPY')).toBe('1500');
    expect(fromMinor(1234, 'KWD')).toBe('1.234');
    expect(fromMinor(5, 'KWD')).toBe('0.005');
    expect(fromMinor(0, 'ILS')).toBe('0.00');
    expect(fromMinor(-320, 'ILS')).toBe('-3.20');
    expect(() => fromMinor(1, 'XYZ')).toThrow(RangeError);
    expect(() => fromMinor(1.5, 'EUR')).toThrow(RangeError);
  });

  it('says every amount as dinero.js does (its own formatting is the reference)', () => {
    let x = 12345;
    for (let i = 0; i < 5_000; i += 1) {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      const minor = (x % 3 === 0 ? -1 : 1) * (x % 10 ** (1 + (i % 12)));
      for (const currency of ['ILS', 'JPY', 'KWD', 'CLF'])
        expect(fromMinor(minor, currency)).toBe(fromMinorByDinero(minor, currency));
    }
  });

  it('knows the exponents', () => {
    expect([
      currencyExponent('ILS'),
      currencyExponent('JPY'),
      currencyExponent('KWD'),
      currencyExponent('XYZ'),
    ]).toEqual([2, 0, 3, null]);
  });
});

describe('splits', () => {
  it('₪100 among three: 33.34, 33.33, 33.33, the remainder in the order given', () => {
    expect(sharesOf(10000, { mode: 'equal', among: [7, 3, -2] }, 'ILS')).toEqual([
      [7, '33.34'],
      [3, '33.33'],
      [-2, '33.33'],
    ]);
    expect(sharesOf(10001, { mode: 'equal', among: [-2, 3, 7] }, 'ILS').map(([, a]) => a)).toEqual([
      '33.34',
      '33.34',
      '33.33',
    ]);
  });

  it('yen have no decimals, dinars three', () => {
    expect(sharesOf(1000, { mode: 'equal', among: [1, 2, 3] }, 'JPY')).toEqual([
      [1, '334'],
      [2, '333'],
      [3, '333'],
    ]);
    expect(sharesOf(10000, { mode: 'equal', among: [1, 2, 3] }, 'KWD')).toEqual([
      [1, '3.334'],
      [2, '3.333'],
      [3, '3.333'],
    ]);
  });

  it('shares 1:2, and a zero weight owes nothing', () => {
    expect(sharesOf(10000, { mode: 'shares', shares: { '1': 1, '2': 2, '-4': 0 } }, 'EUR')).toEqual([
      [-4, '0.00'],
      [1, '33.33'],
      [2, '66.67'],
    ]);
  });

  it('equal weights get the remainder in ascending person id, whatever the keys order', () => {
    const a = sharesOf(10, { mode: 'shares', shares: { '-3': 1, '5': 1, '2': 1 } }, 'JPY');
    const b = sharesOf(10, { mode: 'shares', shares: { '2': 1, '-3': 1, '5': 1 } }, 'JPY');
    expect(a).toEqual([
      [-3, '4'],
      [2, '3'],
      [5, '3'],
    ]);
    expect(b).toEqual(a);
  });

  it("the remainder's order does not hang on the engine's sort", () => {
    // An insertion sort that moves an element before every one the comparator does not put it after: to dinero.js's
    // comparator, which never answers "equal", that reverses ties (as some engines' sorts would).
    const original = Array.prototype.sort;
    function insertionSort<T>(this: T[], compare?: (a: T, b: T) => number): T[] {
      const order = compare ?? ((a: T, b: T) => (String(a) > String(b) ? 1 : String(a) < String(b) ? -1 : 0));
      for (let i = 1; i < this.length; i++) {
        const item = this[i] as T;
        let j = i - 1;
        for (; j >= 0 && order(this[j] as T, item) > 0; j--) this[j + 1] = this[j] as T;
        this[j + 1] = item;
      }
      return this;
    }
    Array.prototype.sort = insertionSort as typeof original;
    try {
      expect(sharesOf(10000, { mode: 'equal', among: [7, 3, -2] }, 'ILS').map(([, a]) => a)).toEqual([
        '33.34',
        '33.33',
        '33.33',
      ]);
    } finally {
      Array.prototype.sort = original;
    }
  });

  it('exact amounts must add up', () => {
    expect(sharesOf(1000, { mode: 'exact', amounts: { '1': '2.50', '2': '7.50', '3': '0' } }, 'EUR')).toEqual(
      [
        [1, '2.50'],
        [2, '7.50'],
        [3, '0.00'],
      ],
    );
    expect(splitAmount(1000, { mode: 'exact', amounts: { '1': '2.50', '2': '7.49' } }, 'EUR')).toEqual({
      ok: false,
      code: 'split_does_not_add_up',
    });
    expect(splitAmount(1000, { mode: 'exact', amounts: { '1': '2.505', '2': '7.495' } }, 'EUR')).toEqual({
      ok: false,
      code: 'amount_too_precise',
    });
  });

  it.each<[string, number, ExpenseSplit, string, string]>([
    ['all shares zero', 100, { mode: 'shares', shares: { '1': 0, '2': 0 } }, 'EUR', 'bad_share'],
    ['no shares', 100, { mode: 'shares', shares: {} }, 'EUR', 'bad_share'],
    ['a negative share', 100, { mode: 'shares', shares: { '1': -1, '2': 2 } }, 'EUR', 'bad_share'],
    ['a fractional share', 100, { mode: 'shares', shares: { '1': 1.5 } }, 'EUR', 'bad_share'],
    ['a key that is no person', 100, { mode: 'shares', shares: { x: 1 } }, 'EUR', 'bad_share'],
    ['nobody to share with', 100, { mode: 'equal', among: [] }, 'EUR', 'bad_share'],
    ['someone twice', 100, { mode: 'equal', among: [1, 1] }, 'EUR', 'bad_share'],
    ['an unknown currency', 100, { mode: 'equal', among: [1] }, 'XYZ', 'unknown_currency'],
    ['a negative amount', -100, { mode: 'equal', among: [1] }, 'EUR', 'bad_amount'],
    ['a fractional amount', 1.5, { mode: 'equal', among: [1] }, 'EUR', 'bad_amount'],
  ])('%s', (_name, amount, split, currency, code) => {
    expect(splitAmount(amount, split, currency)).toEqual({ ok: false, code });
  });

  it('payers must add up to the amount', () => {
    const paid = paidAmounts(
      1000,
      [
        { userId: 1, amount: '4' },
        { userId: -2, amount: '6.00' },
      ],
      'EUR',
    );
    expect(paid.ok && [...paid.paid]).toEqual([
      [1, 400],
      [-2, 600],
    ]);
    expect(paidAmounts(1000, [{ userId: 1, amount: '4' }], 'EUR')).toEqual({
      ok: false,
      code: 'paid_does_not_add_up',
    });
    expect(paidAmounts(1000, [], 'EUR')).toEqual({ ok: false, code: 'paid_does_not_add_up' });
    expect(paidAmounts(1000, [{ userId: 1, amount: '10.001' }], 'EUR')).toEqual({
      ok: false,
      code: 'amount_too_precise',
    });
    const twice = paidAmounts(
      1000,
      [
        { userId: 1, amount: '4' },
        { userId: 1, amount: '6' },
      ],
      'EUR',
    );
    expect(twice.ok && [...twice.paid]).toEqual([[1, 1000]]);
  });
});

describe('conversion', () => {
  it('rounds half to even at exactly half a unit', () => {
    // €0.05 at 0.5 is 2.5 cents -> 2; €0.07 is 3.5 -> 4; €0.09 is 4.5 -> 4
    expect(convert(5, 'EUR', '0.5', 'USD')).toBe(2);
    expect(convert(7, 'EUR', '0.5', 'USD')).toBe(4);
    expect(convert(9, 'EUR', '0.5', 'USD')).toBe(4);
    // not half: ordinary rounding either way
    expect(convert(1, 'EUR', '0.51', 'USD')).toBe(1);
    expect(convert(1, 'EUR', '0.49', 'USD')).toBe(0);
  });

  it('between exponents, exactly', () => {
    expect(convert(1500, 'JPY', '0.0245', 'ILS')).toBe(3675); // ¥1500 -> ₪36.75
    expect(convert(1234, 'KWD', '12.05', 'ILS')).toBe(1487); // 1.234 KWD -> ₪14.8697 -> 14.87
    expect(convert(1000, 'ILS', '41.3', 'JPY')).toBe(413); // ₪10 -> ¥413
    expect(convert(333, 'ILS', '0.0825', 'KWD')).toBe(275); // ₪3.33 -> 0.274725 KWD -> 0.275
    expect(convert(99999999999999, 'EUR', '3.9512345678', 'ILS')).toBe(395123456779996);
  });

  it('the same currency is unchanged whatever the rate', () => {
    expect(convert(1234, 'EUR', '7', 'EUR')).toBe(1234);
  });

  it('refuses what it cannot do exactly', () => {
    expect(() => convert(1, 'XYZ', '1', 'EUR')).toThrow(RangeError);
    expect(() => convert(1, 'USD', '1e3', 'EUR')).toThrow(RangeError);
    expect(() => convert(99999999999999, 'USD', '999999999', 'EUR')).toThrow(RangeError);
  });

  it('home shares sum to the converted total, where converting each share would not', () => {
    const owed = new Map([
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
    const home = expenseHomeShares(
      { amountMinor: 3, currency: 'EUR', rate: '3.5', owed, paid: new Map([[1, 3]]) },
      'ILS',
    );
    expect(home.amountMinor).toBe(10); // €0.03 -> ₪0.105 -> ₪0.10
    expect([...home.owed.values()]).toEqual([4, 3, 3]);
    expect([...home.paid]).toEqual([[1, 10]]);
    expect([...owed.values()].reduce((s, m) => s + convert(m, 'EUR', '3.5', 'ILS'), 0)).toBe(12);
  });
});

describe('balances and settling up', () => {
  it('paid minus owed, plus the transfers', () => {
    const dinner: HomeEntry = {
      paid: new Map([[1, 9000]]),
      owed: new Map([
        [1, 3000],
        [2, 3000],
        [-3, 3000],
      ]),
    };
    const b = balances([dinner], [{ from: 2, to: 1, amountMinor: 1000 }]);
    expect([...b]).toEqual([
      [1, 5000],
      [2, -2000],
      [-3, -3000],
    ]);
    expect(settleUp(b)).toEqual([
      { from: -3, to: 1, amountMinor: 3000 },
      { from: 2, to: 1, amountMinor: 2000 },
    ]);
  });

  it('exact opposites settle first, then the largest debtor pays the largest creditor', () => {
    const b = new Map([
      [1, 5000],
      [2, -5000],
      [3, 7000],
      [4, -3000],
      [5, -4000],
    ]);
    expect(settleUp(b)).toEqual([
      { from: 2, to: 1, amountMinor: 5000 },
      { from: 5, to: 3, amountMinor: 4000 },
      { from: 4, to: 3, amountMinor: 3000 },
    ]);
  });

  it('nothing to settle, and balances that do not sum to zero are a bug', () => {
    expect(settleUp(new Map([[1, 0]]))).toEqual([]);
    expect(() => settleUp(new Map([[1, 1]]))).toThrow(RangeError);
    expect(() => balances([{ paid: new Map([[1, 2]]), owed: new Map([[1, 1]]) }], [])).toThrow(RangeError);
  });
});

/** mulberry32: a tiny seeded PRNG, so a failing ledger is the same ledger on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CURRENCIES = ['ILS', 'EUR', 'USD', 'JPY', 'GBP', 'KWD'] as const;
const LEDGERS = 10_000;

/** The exact converted value, rounded half-even, computed apart from dinero.js: the oracle for convert(). */
function oracleConvert(minor: number, from: string, rate: string, home: string): number {
  if (from === home) return minor;
  const [whole = '0', fraction = ''] = rate.split('.');
  const numerator = BigInt(minor) * BigInt(whole + fraction) * 10n ** BigInt(currencyExponent(home) ?? 0);
  const denominator = 10n ** BigInt((currencyExponent(from) ?? 0) + fraction.length);
  const q = numerator / denominator;
  const twice = (numerator % denominator) * 2n;
  const up = twice > denominator || (twice === denominator && q % 2n === 1n);
  return Number(up ? q + 1n : q);
}

const total = (m: ReadonlyMap<PersonId, number>): number => [...m.values()].reduce((s, v) => s + v, 0);

/** Cuts `amount` into `parts` non-negative integers that sum to it. */
function cut(random: () => number, amount: number, parts: number): number[] {
  const marks = Array.from({ length: parts - 1 }, () => Math.floor(random() * (amount + 1))).sort(
    (a, b) => a - b,
  );
  return [...marks, amount].map((m, i) => m - (i === 0 ? 0 : (marks[i - 1] ?? 0)));
}

function someOf<T>(random: () => number, list: readonly T[], atLeast = 1): T[] {
  const shuffled = [...list].sort(() => random() - 0.5);
  return shuffled.slice(0, atLeast + Math.floor(random() * (list.length - atLeast + 1)));
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

function randomAmount(random: () => number): number {
  const roll = random();
  if (roll < 0.05) return 1 + Math.floor(random() * 9);
  if (roll < 0.95) return 1 + Math.floor(random() * 1_000_000);
  // ten billion minor units still converts within 2^53 at any rate drawn here (KWD from JPY at 482: 4.8e15)
  return 1 + Math.floor(random() * 9_999_999_999);
}

function randomRate(random: () => number): string {
  const whole = pick(random, [0, 0, 1, 3, 4, 12, 150, 480]) + Math.floor(random() * 3);
  const decimals = Math.floor(random() * 11);
  const fraction = Array.from({ length: decimals }, () => Math.floor(random() * 10)).join('');
  const rate = decimals > 0 ? `${whole}.${fraction}` : `${whole}`;
  return /^0(\.0*)?$/.test(rate) ? '1.5' : rate;
}

function randomSplit(
  random: () => number,
  people: PersonId[],
  amount: number,
  currency: string,
): ExpenseSplit {
  const among = someOf(random, people);
  const mode = pick(random, ['equal', 'shares', 'exact'] as const);
  if (mode === 'equal') return { mode, among };
  if (mode === 'shares') {
    const weights = among.map(() =>
      random() < 0.2 ? 0 : 1 + Math.floor(random() * (random() < 0.5 ? 3 : 1000)),
    );
    if (!weights.some((w) => w > 0)) weights[0] = 1;
    return { mode, shares: Object.fromEntries(among.map((p, i) => [String(p), weights[i] ?? 0])) };
  }
  const parts = cut(random, amount, among.length);
  return {
    mode,
    amounts: Object.fromEntries(among.map((p, i) => [String(p), fromMinor(parts[i] ?? 0, currency)])),
  };
}

/**
 * Each share is its exact proportion's floor or one unit more. (Not "floor or ceiling": dinero.js gives the remainder to
 * the largest weights, so 55 cents by 2:1:0:4:3 is 11, 5, 0, 23, 16 where the 4 was exactly 22.)
 */
function floorOrOneMore(
  shares: Map<PersonId, number>,
  amount: number,
  weights: Map<PersonId, number>,
): boolean {
  const weightTotal = BigInt(total(weights));
  return [...shares].every(([p, share]) => {
    const floor = (BigInt(amount) * BigInt(weights.get(p) ?? 0)) / weightTotal;
    return BigInt(share) === floor || BigInt(share) === floor + 1n;
  });
}

type Must = (holds: boolean, what: string) => void;

function checkSplit(must: Must, split: ExpenseSplit, amount: number, shares: Map<PersonId, number>): void {
  must(total(shares) === amount, 'the split sums to the amount');
  if (split.mode === 'equal') {
    const values = [...shares.values()];
    must(
      values.every((v, i) => i === 0 || v <= (values[i - 1] ?? 0)),
      'the remainder goes to the first ones',
    );
    must(Math.max(...values) - Math.min(...values) <= 1, 'equal shares differ by one unit at most');
  }
  if (split.mode === 'shares') {
    const weights = new Map(Object.entries(split.shares).map(([p, w]) => [Number(p), w]));
    must(floorOrOneMore(shares, amount, weights), 'each share is its floor or one more');
  }
}

interface Figures {
  expenses: number;
  transfers: number;
  people: number;
}

function checkLedger(seed: number, figures: Figures): void {
  const must: Must = (holds, what) => {
    if (!holds) throw new Error(`ledger ${seed}: ${what}`);
  };
  const random = prng(seed);
  const n = 2 + Math.floor(random() * 11);
  const people = Array.from({ length: n }, (_, i) => (random() < 0.3 ? -(i + 1) : 100 + i * 7));
  const home = pick(random, CURRENCIES);
  const entries: HomeEntry[] = [];
  const count = 1 + Math.floor(random() * 6);
  for (let e = 0; e < count; e++) {
    const currency = pick(random, CURRENCIES);
    const amountMinor = randomAmount(random);
    const typed = toMinor(fromMinor(amountMinor, currency), currency);
    must(typed.ok && typed.minor === amountMinor, 'an amount reads back from its string');
    const split = randomSplit(random, people, amountMinor, currency);
    const owed = splitAmount(amountMinor, split, currency);
    if (!owed.ok) return must(false, owed.code);
    checkSplit(must, split, amountMinor, owed.shares);
    const payers = someOf(random, people).slice(0, 1 + Math.floor(random() * 3));
    const paidBy = cut(random, amountMinor, payers.length).map((m, i) => ({
      userId: payers[i] ?? 0,
      amount: fromMinor(m, currency),
    }));
    const paid = paidAmounts(amountMinor, paidBy, currency);
    if (!paid.ok) return must(false, paid.code);
    must(total(paid.paid) === amountMinor, 'the payers sum to the amount');
    const rate = currency === home ? '1' : randomRate(random);
    const atHome = expenseHomeShares(
      { amountMinor, currency, rate, owed: owed.shares, paid: paid.paid },
      home,
    );
    must(
      atHome.amountMinor === oracleConvert(amountMinor, currency, rate, home),
      'the total converts exactly, half-even',
    );
    must(total(atHome.owed) === atHome.amountMinor, 'home shares sum to the converted total');
    must(total(atHome.paid) === atHome.amountMinor, 'home payments sum to the converted total');
    entries.push(atHome);
  }
  const settlements: Transfer[] = Array.from({ length: Math.floor(random() * 3) }, () => {
    const [from = 0, to = 0] = someOf(random, people, 2);
    return { from, to, amountMinor: 1 + Math.floor(random() * 100_000) };
  });
  const balance = balances(entries, settlements);
  must(total(balance) === 0, 'balances sum to zero');
  const transfers = settleUp(balance);
  const owing = [...balance.values()].filter((v) => v !== 0).length;
  must(transfers.length <= Math.max(0, owing - 1), 'at most n - 1 transfers');
  const after = new Map(balance);
  for (const t of transfers) {
    must(t.amountMinor > 0 && t.from !== t.to, 'a transfer moves something between two people');
    after.set(t.from, (after.get(t.from) ?? 0) + t.amountMinor);
    after.set(t.to, (after.get(t.to) ?? 0) - t.amountMinor);
  }
  must(
    [...after.values()].every((v) => v === 0),
    'the transfers zero every balance',
  );
  figures.expenses += count;
  figures.transfers += transfers.length;
  figures.people += owing;
}

describe('random ledgers', () => {
  it(`${LEDGERS} ledgers: splits add up, home shares add up, balances sum to zero, settle-up in at most n - 1`, () => {
    const figures: Figures = { expenses: 0, transfers: 0, people: 0 };
    for (let seed = 1; seed <= LEDGERS; seed++) checkLedger(seed, figures);
    // the ledgers are not degenerate: most have several expenses and someone owing
    expect(figures.expenses).toBeGreaterThan(LEDGERS * 2);
    expect(figures.transfers).toBeGreaterThan(LEDGERS);
  });

  it('a ledger is computed the same way twice', () => {
    const split: ExpenseSplit = { mode: 'shares', shares: { '5': 3, '-1': 3, '2': 1, '9': 3 } };
    const first = splitAmount(1_000_003, split, 'KWD');
    expect(
      splitAmount(1_000_003, { mode: 'shares', shares: { '9': 3, '2': 1, '-1': 3, '5': 3 } }, 'KWD'),
    ).toEqual(first);
  });
});
