import {
  accountSettingsResponse,
  bookingsConfirmResponse,
  bookingsImportResponse,
  budgetResponse,
  expenseResponse,
  expensesResponse,
  type ExpenseBody,
} from '@rides/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rides } from '../../src/db/schema/index.js';
import { createTestApp, nextIp, type TestApp } from '../helpers/app.js';
import {
  EVERYONE,
  makeWorld,
  outcome,
  READ_MATRIX,
  WRITE_MATRIX,
  type TogetherWorld,
} from './together-fixtures.js';
import { upsertRates } from '../../src/modules/money/rates.repository.js';
import { makeTrip, newUser } from './trip-editing-fixtures.js';
import { addMember } from './together-fixtures.js';

/**
 * A trip's money (issue 35): every call both ways (the trip's people read, editors and the owner write, a viewer sees
 * but cannot change), expenses exact to the minor unit in their own currencies, frozen at their day's rate, splits that
 * add up, balances and the fewest transfers, the planner's quote only for the planner (and the clients when shared),
 * bad input coded and nothing written.
 */
let t: TestApp;
let w: TogetherWorld;

beforeAll(async () => {
  // No rates provider: these tests give rates by hand or spend in the home currency (the provider is rates' own test).
  t = await createTestApp({ RATES_PROVIDER: 'none' });
  w = await makeWorld(t);
});
afterAll(async () => {
  await t?.dispose();
});

function send(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

const path = (rideId: number, rest: string) => `/api/trips/${rideId}/${rest}`;
let seq = 0;
const clientId = () => `exp-${process.pid}-${++seq}-abcdefgh`;

/** A trip of the owner from 2031-05-10 for 5 days with the editor and the viewer as members, its home currency ILS. */
async function newTrip() {
  const trip = await makeTrip(t, {
    authorId: w.people.owner.id,
    days: 5,
    startDate: '2031-05-10',
    type: 'public',
  });
  await addMember(t, trip.rideId, w.people.editor.id, 'editor');
  await addMember(t, trip.rideId, w.people.viewer.id, 'viewer');
  const home = await send('PUT', path(trip.rideId, 'budget'), w.people.owner.headers, {
    homeCurrency: 'ILS',
    limits: {},
  });
  expect(home.statusCode, home.body).toBe(200);
  return trip.rideId;
}

function expense(over: Partial<ExpenseBody> = {}): ExpenseBody {
  const owner = w.people.owner.id;
  const editor = w.people.editor.id;
  return {
    clientId: clientId(),
    amount: '100',
    currency: 'ILS',
    date: '2031-05-11',
    category: 'food',
    paidBy: [{ userId: owner, amount: '100' }],
    split: { mode: 'equal', among: [owner, editor, w.people.viewer.id] },
    ...over,
  };
}

async function add(rideId: number, body: ExpenseBody, who = w.people.owner.headers) {
  const res = await send('POST', path(rideId, 'expenses'), who, body);
  expect(res.statusCode, res.body).toBe(200);
  return expenseResponse.parse(res.json()).expense;
}

const budget = async (rideId: number, who = w.people.owner.headers) => {
  const res = await send('GET', path(rideId, 'budget'), who);
  expect(res.statusCode, res.body).toBe(200);
  return budgetResponse.parse(res.json());
};

describe('who may read and write the money', () => {
  for (const who of EVERYONE) {
    it(who, async () => {
      const got = { read: [] as string[], write: [] as string[], budget: [] as string[] };
      for (const trip of [w.trips.public, w.trips.private]) {
        const headers = w.headersOf(who);
        got.read.push(outcome(await send('GET', path(trip.rideId, 'expenses'), headers)));
        got.budget.push(outcome(await send('GET', path(trip.rideId, 'budget'), headers)));
        const owner = w.people.owner.id;
        got.write.push(
          outcome(
            // The world's trips are in English: their home currency is US dollars until set.
            await send('POST', path(trip.rideId, 'expenses'), headers, {
              ...expense({ currency: 'USD' }),
              paidBy: [{ userId: owner, amount: '100' }],
              split: { mode: 'equal', among: [owner] },
            }),
          ),
        );
      }
      const WRITE = {
        ...WRITE_MATRIX,
        commenter: ['403 role_does_not_allow', '403 role_does_not_allow'] as [string, string],
      };
      expect(got).toEqual({ read: READ_MATRIX[who], write: WRITE[who], budget: READ_MATRIX[who] });
    });
  }
});

describe('expenses', () => {
  it('₪100 among three: 33.34 + 33.33 + 33.33; the same clientId twice is one expense', async () => {
    const rideId = await newTrip();
    const body = expense();
    const made = await add(rideId, body);
    expect(made).toMatchObject({
      amount: '100.00',
      currency: 'ILS',
      homeAmount: '100.00',
      rateSource: 'same',
      rate: '1',
    });
    expect(made.shares.map((s) => s.amount)).toEqual(['33.34', '33.33', '33.33']);
    const again = await add(rideId, body);
    expect(again.id).toBe(made.id);
    const list = expensesResponse.parse(
      (await send('GET', path(rideId, 'expenses'), w.people.viewer.headers)).json(),
    );
    expect(list.expenses).toHaveLength(1);
    expect(list.mayWrite).toBe(false);
    expect(list.homeCurrency).toBe('ILS');
  });

  it('a euro expense at a rate typed by hand: converted once, frozen; changing its note keeps the rate', async () => {
    const rideId = await newTrip();
    const made = await add(
      rideId,
      expense({
        amount: '12.50',
        currency: 'EUR',
        rate: '3.9512',
        paidBy: [{ userId: w.people.editor.id, amount: '12.50' }],
      }),
    );
    // 12.50 x 3.9512 = 49.39 (half to even at the agora).
    expect(made).toMatchObject({
      homeAmount: '49.39',
      homeCurrency: 'ILS',
      rate: '3.9512',
      rateSource: 'manual',
    });
    const patched = await send('PATCH', path(rideId, `expenses/${made.id}`), w.people.editor.headers, {
      note: 'dinner',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(expenseResponse.parse(patched.json()).expense).toMatchObject({
      note: 'dinner',
      rate: '3.9512',
      homeAmount: '49.39',
    });
  });

  it('bad input is coded and writes nothing', async () => {
    const rideId = await newTrip();
    const owner = w.people.owner.id;
    const cases: [Partial<ExpenseBody>, string][] = [
      [{ currency: 'XYZ', rate: '1' }, '400 unknown_currency'],
      [{ amount: '-5' }, '400 bad_amount'],
      [{ amount: '0' }, '400 bad_amount'],
      [{ amount: '12.345', currency: 'EUR', rate: '4' }, '400 amount_too_precise'],
      [{ amount: '1.5', currency: 'JPY', rate: '0.025' }, '400 amount_too_precise'],
      [{ split: { mode: 'shares', shares: { [owner]: 0 } } }, '400 bad_share'],
      [{ split: { mode: 'exact', amounts: { [owner]: '60' } } }, '400 split_does_not_add_up'],
      [{ paidBy: [{ userId: owner, amount: '90' }] }, '400 paid_does_not_add_up'],
      [{ paidBy: [{ userId: w.people.user.id, amount: '100' }] }, '400 not_on_trip'],
      [{ split: { mode: 'equal', among: [owner, w.people.user.id] } }, '400 not_on_trip'],
      [{ date: '2035-01-01' }, '400 expense_date_out_of_range'],
      [{ paidBy: [] }, '400 payer_required'],
    ];
    const got = [];
    for (const [over] of cases)
      got.push(outcome(await send('POST', path(rideId, 'expenses'), w.people.owner.headers, expense(over))));
    expect(got).toEqual(cases.map(([, want]) => want));
    const list = expensesResponse.parse(
      (await send('GET', path(rideId, 'expenses'), w.people.owner.headers)).json(),
    );
    expect(list.expenses).toEqual([]);
  });

  it('a traveller without an account shares and pays like a member', async () => {
    const rideId = await newTrip();
    const res = await send('POST', path(rideId, 'participants'), w.people.editor.headers, {
      name: 'Grandma Rivka',
    });
    expect(res.statusCode, res.body).toBe(200);
    const person = (res.json() as { person: { userId: number; participant: boolean } }).person;
    expect(person.userId).toBeLessThan(0);
    expect(person.participant).toBe(true);
    const made = await add(
      rideId,
      expense({
        paidBy: [{ userId: person.userId, amount: '100' }],
        split: { mode: 'equal', among: [person.userId, w.people.owner.id] },
      }),
    );
    expect(made.shares).toEqual([
      { userId: person.userId, amount: '50.00' },
      { userId: w.people.owner.id, amount: '50.00' },
    ]);
    expect(
      outcome(await send('POST', path(rideId, 'participants'), w.people.viewer.headers, { name: 'x' })),
    ).toBe('403 role_does_not_allow');
  });
});

describe('the budget', () => {
  it('totals per category and day, limits, balances that sum to zero, at most n - 1 transfers; settled stays settled', async () => {
    const rideId = await newTrip();
    const [o, e, v] = [w.people.owner.id, w.people.editor.id, w.people.viewer.id];
    await add(
      rideId,
      expense({
        amount: '300',
        paidBy: [{ userId: o, amount: '300' }],
        split: { mode: 'equal', among: [o, e, v] },
      }),
    );
    await add(
      rideId,
      expense({
        amount: '90',
        category: 'transport',
        date: '2031-05-12',
        paidBy: [{ userId: e, amount: '90' }],
        split: { mode: 'shares', shares: { [o]: 1, [e]: 1, [v]: 1 } },
      }),
    );
    const limits = await send('PUT', path(rideId, 'budget'), w.people.owner.headers, {
      homeCurrency: 'ILS',
      limits: { food: '250.00' },
    });
    expect(limits.statusCode, limits.body).toBe(200);
    const b = await budget(rideId, w.people.viewer.headers);
    expect(b.total).toBe('390.00');
    expect(b.byCategory.find((c) => c.category === 'food')).toEqual({
      category: 'food',
      spent: '300.00',
      limit: '250.00',
      left: '-50.00',
    });
    expect(b.byDay).toEqual([
      { date: '2031-05-11', spent: '300.00' },
      { date: '2031-05-12', spent: '90.00' },
    ]);
    const balanceOf = (id: number) => b.people.find((p) => p.userId === id)!.balance;
    expect([balanceOf(o), balanceOf(e), balanceOf(v)]).toEqual(['170.00', '-40.00', '-130.00']);
    expect(b.settleUp).toEqual([
      { from: v, to: o, amount: '130.00' },
      { from: e, to: o, amount: '40.00' },
    ]);
    // The viewer pays back: marked by someone who may write.
    expect(
      outcome(
        await send('POST', path(rideId, 'settlements'), w.people.viewer.headers, {
          from: v,
          to: o,
          amount: '130.00',
        }),
      ),
    ).toBe('403 role_does_not_allow');
    expect(
      outcome(
        await send('POST', path(rideId, 'settlements'), w.people.editor.headers, {
          from: v,
          to: o,
          amount: '130.00',
        }),
      ),
    ).toBe('✓');
    const after = await budget(rideId);
    expect(after.settleUp).toEqual([{ from: e, to: o, amount: '40.00' }]);
    expect(after.people.find((p) => p.userId === v)).toMatchObject({ settled: '130.00', balance: '0.00' });
    // With a transfer marked in ₪, the home currency stays ₪.
    expect(
      outcome(
        await send('PUT', path(rideId, 'budget'), w.people.owner.headers, {
          homeCurrency: 'EUR',
          limits: {},
        }),
      ),
    ).toBe('409 home_currency_has_settlements');
  });

  it("the planner's quote: the planner sees it and the margin; the clients only when shared", async () => {
    const trip = w.trips.private;
    const planner = w.people.planner.headers;
    // The world's trip spends in US dollars (its home currency); the quote is in the home currency.
    const set = await send('PUT', path(trip.rideId, 'budget'), planner, {
      homeCurrency: 'USD',
      limits: {},
      quote: { amount: '5000', currency: 'USD', shared: false },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(budgetResponse.parse(set.json()).quote).toMatchObject({
      amount: '5000.00',
      currency: 'USD',
      shared: false,
    });
    expect((await budget(trip.rideId, w.people.owner.headers)).quote).toBeNull();
    expect((await budget(trip.rideId, w.people.viewer.headers)).quote).toBeNull();
    // Only the planner sets it; a public trip has none.
    expect(
      outcome(
        await send('PUT', path(trip.rideId, 'budget'), w.people.owner.headers, {
          homeCurrency: 'USD',
          limits: {},
          quote: { amount: '1', currency: 'USD', shared: true },
        }),
      ),
    ).toBe('403 forbidden');
    await send('PUT', path(trip.rideId, 'budget'), planner, {
      homeCurrency: 'USD',
      limits: {},
      quote: { amount: '5000', currency: 'USD', shared: true },
    });
    expect((await budget(trip.rideId, w.people.viewer.headers)).quote).toMatchObject({
      amount: '5000.00',
      shared: true,
    });
    // Who may set it, as the screens ask: the planner only.
    expect((await budget(trip.rideId, planner)).mayQuote).toBe(true);
    expect((await budget(trip.rideId, w.people.owner.headers)).mayQuote).toBe(false);
    expect((await budget(trip.rideId, w.people.viewer.headers)).mayQuote).toBe(false);
  });

  it('a new home currency takes the kept quote with it, at the rate of the day', async () => {
    const trip = w.trips.private;
    const planner = w.people.planner.headers;
    const today = new Date().toISOString().slice(0, 10);
    await upsertRates(
      t.db.db,
      'ecb',
      [{ day: today, base: 'EUR', rates: { USD: '1.25', GBP: '0.80' } }],
      new Date(),
    );
    await send('PUT', path(trip.rideId, 'budget'), planner, {
      homeCurrency: 'USD',
      limits: {},
      quote: { amount: '1000', currency: 'USD', shared: false },
    });
    // The owner (an editor of the money, not of the quote) changes the home currency without naming the quote.
    const moved = await send('PUT', path(trip.rideId, 'budget'), w.people.owner.headers, {
      homeCurrency: 'GBP',
      limits: {},
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // 1000 USD = 800 EUR = 640 GBP: the quote is no longer read as 1000 of the new currency.
    expect((await budget(trip.rideId, planner)).quote).toMatchObject({ amount: '640.00', currency: 'GBP' });
    await send('PUT', path(trip.rideId, 'budget'), planner, { homeCurrency: 'USD', limits: {}, quote: null });
  });

  it('the CSV: a row an expense, its columns in the trip language, formulas neutralised', async () => {
    const rideId = await newTrip();
    await add(rideId, expense({ note: '=HYPERLINK("http://evil")' }));
    const res = await send('GET', path(rideId, 'expenses.csv'), w.people.viewer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    // The trip is in Hebrew: so are the columns.
    expect(lines[0]).toContain('סכום במטבע הבית');
    expect(lines[1]).toContain("'=HYPERLINK");
    expect(outcome(await send('GET', path(rideId, 'expenses.csv'), w.people.user.headers))).toBe(
      '403 role_does_not_allow',
    );
  });

  it('deleting an expense takes it out of the budget', async () => {
    const rideId = await newTrip();
    const made = await add(rideId, expense());
    expect(outcome(await send('DELETE', path(rideId, `expenses/${made.id}`), w.people.viewer.headers))).toBe(
      '403 role_does_not_allow',
    );
    expect(outcome(await send('DELETE', path(rideId, `expenses/${made.id}`), w.people.editor.headers))).toBe(
      '✓',
    );
    expect((await budget(rideId)).total).toBe('0.00');
    expect(outcome(await send('DELETE', path(rideId, `expenses/${made.id}`), w.people.editor.headers))).toBe(
      '404 expense_not_found',
    );
  });
});

describe('a rate to confirm', () => {
  it("recorded when only an older rate was known; frozen at its own day's rate once that is known", async () => {
    const rideId = await newTrip();
    const owner = w.people.owner.id;
    // The newest rate this server knows is weeks before the expense's day (no provider here: RATES_PROVIDER none).
    await upsertRates(
      t.db.db,
      'ecb',
      [{ day: '2031-04-01', base: 'EUR', rates: { ILS: '4.0000' } }],
      new Date(),
    );
    const made = await add(
      rideId,
      expense({ amount: '10', currency: 'EUR', paidBy: [{ userId: owner, amount: '10' }] }),
    );
    expect(made).toMatchObject({ rateToConfirm: true, rateSource: 'stale', homeAmount: '40.00' });
    expect((await budget(rideId)).ratesToConfirm).toBe(1);
    const confirm = (who: Record<string, string>) =>
      send('POST', path(rideId, `expenses/${made.id}/rate`), who);
    // Its day's rate still unknown: refused, nothing changes.
    expect(outcome(await confirm(w.people.owner.headers))).toBe('503 rate_unavailable');
    expect((await budget(rideId)).ratesToConfirm).toBe(1);
    await upsertRates(
      t.db.db,
      'ecb',
      [{ day: '2031-05-11', base: 'EUR', rates: { ILS: '4.1000' } }],
      new Date(),
    );
    expect(outcome(await confirm(w.people.viewer.headers))).toBe('403 role_does_not_allow');
    expect(outcome(await confirm(w.people.user.headers))).toBe('403 role_does_not_allow');
    const done = await confirm(w.people.editor.headers);
    expect(done.statusCode, done.body).toBe(200);
    expect(expenseResponse.parse(done.json()).expense).toMatchObject({
      rateToConfirm: false,
      rateSource: 'ecb',
      rate: '4.1',
      homeAmount: '41.00',
      shares: [
        { userId: owner, amount: '3.34' },
        { userId: w.people.editor.id, amount: '3.33' },
        { userId: w.people.viewer.id, amount: '3.33' },
      ],
    });
    const after = await budget(rideId);
    expect(after.ratesToConfirm).toBe(0);
    expect(after.total).toBe('41.00');
    // Confirmed already: the same answer, nothing written.
    expect(expenseResponse.parse((await confirm(w.people.owner.headers)).json()).expense.rate).toBe('4.1');
    expect(outcome(await send('POST', path(rideId, 'expenses/999999/rate'), w.people.owner.headers))).toBe(
      '404 expense_not_found',
    );
  });
});

describe("the account's home currency (rule 88)", () => {
  const settings = (headers: Record<string, string>, homeCurrency?: string | null) =>
    homeCurrency === undefined
      ? send('GET', '/api/account/settings', headers)
      : send('PUT', '/api/account/settings', headers, { homeCurrency });
  const homeOf = async (rideId: number, who: Record<string, string>) =>
    expensesResponse.parse((await send('GET', path(rideId, 'expenses'), who)).json()).homeCurrency;
  /** A trip of this owner, in this language, with no home currency chosen. */
  const tripOf = async (ownerId: number, language: 'hebrew' | 'english') => {
    const trip = await makeTrip(t, { authorId: ownerId, days: 5, startDate: '2031-05-10', type: 'public' });
    await t.db.db.update(rides).set({ language }).where(eq(rides.id, trip.rideId));
    return trip.rideId;
  };

  it("a trip without one counts in its owner's choice, else ₪ in Hebrew, else US dollars; once spent in, it stays", async () => {
    const owner = await newUser(t);
    const hebrew = await tripOf(owner.id, 'hebrew');
    const english = await tripOf(owner.id, 'english');
    expect(accountSettingsResponse.parse((await settings(owner.headers)).json()).homeCurrency).toBeNull();
    expect([await homeOf(hebrew, owner.headers), await homeOf(english, owner.headers)]).toEqual([
      'ILS',
      'USD',
    ]);

    const set = await settings(owner.headers, 'EUR');
    expect(set.statusCode, set.body).toBe(200);
    expect(accountSettingsResponse.parse(set.json()).homeCurrency).toBe('EUR');
    expect(accountSettingsResponse.parse((await settings(owner.headers)).json()).homeCurrency).toBe('EUR');
    expect([await homeOf(hebrew, owner.headers), await homeOf(english, owner.headers)]).toEqual([
      'EUR',
      'EUR',
    ]);

    // Spent in euros: the trip is counted in them whatever its owner chooses later (only PUT budget converts again).
    const spent = await send('POST', path(english, 'expenses'), owner.headers, {
      ...expense({ currency: 'EUR' }),
      paidBy: [{ userId: owner.id, amount: '100' }],
      split: { mode: 'equal', among: [owner.id] },
    });
    expect(spent.statusCode, spent.body).toBe(200);
    expect(expenseResponse.parse(spent.json()).expense.homeCurrency).toBe('EUR');
    expect(outcome(await settings(owner.headers, 'GBP'))).toBe('✓');
    expect([await homeOf(hebrew, owner.headers), await homeOf(english, owner.headers)]).toEqual([
      'GBP',
      'EUR',
    ]);
    expect((await budget(english, owner.headers)).homeCurrency).toBe('EUR');

    // The trip's own choice wins; none chosen by anyone: the trip's language again.
    expect(
      outcome(await send('PUT', path(hebrew, 'budget'), owner.headers, { homeCurrency: 'ILS', limits: {} })),
    ).toBe('✓');
    expect(outcome(await settings(owner.headers, null))).toBe('✓');
    expect(accountSettingsResponse.parse((await settings(owner.headers)).json()).homeCurrency).toBeNull();
    expect(await homeOf(hebrew, owner.headers)).toBe('ILS');
    expect(await homeOf(await tripOf(owner.id, 'english'), owner.headers)).toBe('USD');
  });

  it("is the account's own: a member's or another user's choice changes only theirs, and no one sets another's", async () => {
    const owner = await newUser(t);
    const member = await newUser(t);
    const rideId = await tripOf(owner.id, 'english');
    await addMember(t, rideId, member.id, 'editor');
    expect(outcome(await settings(owner.headers, 'CHF'))).toBe('✓');
    expect(outcome(await settings(member.headers, 'JPY'))).toBe('✓');
    expect(outcome(await settings(w.people.user.headers, 'THB'))).toBe('✓');
    expect(accountSettingsResponse.parse((await settings(owner.headers)).json()).homeCurrency).toBe('CHF');
    expect(accountSettingsResponse.parse((await settings(member.headers)).json()).homeCurrency).toBe('JPY');
    // The member reads the trip in its owner's currency, not their own.
    expect(await homeOf(rideId, member.headers)).toBe('CHF');
    // The call names no one: a body that tries is refused, and a visitor is told to sign in.
    expect(
      outcome(
        await send('PUT', '/api/account/settings', member.headers, { homeCurrency: 'GBP', userId: owner.id }),
      ),
    ).toBe('400 bad_request');
    expect(outcome(await settings({}))).toBe('401 user_is_not_authorized');
    expect(outcome(await settings({}, 'GBP'))).toBe('401 user_is_not_authorized');
    expect(accountSettingsResponse.parse((await settings(owner.headers)).json()).homeCurrency).toBe('CHF');
    expect(await homeOf(rideId, owner.headers)).toBe('CHF');
    await settings(w.people.user.headers, null);
  });

  it('a bad currency is coded (unknown_currency) and writes nothing', async () => {
    const owner = await newUser(t);
    expect(outcome(await settings(owner.headers, 'NOK'))).toBe('✓');
    const got = [];
    for (const code of ['XYZ', 'eur', 'EURO', '', '€'])
      got.push(outcome(await settings(owner.headers, code)));
    expect(got).toEqual(Array.from({ length: 5 }, () => '400 unknown_currency'));
    expect(outcome(await send('PUT', '/api/account/settings', owner.headers, { homeCurrency: 5 }))).toBe(
      '400 bad_request',
    );
    expect(accountSettingsResponse.parse((await settings(owner.headers)).json()).homeCurrency).toBe('NOK');
  });
});

describe("a booking's price offered as an expense", () => {
  /** A saved confirmation page: a priced hotel, a priced flight and a museum ticket without a price. */
  const page = () => {
    const graph = [
      {
        '@type': 'LodgingReservation',
        reservationNumber: 'HS-90817',
        reservationFor: {
          '@type': 'LodgingBusiness',
          name: 'Hotel Schweizerhof',
          address: 'Bahnhofplatz 7, 8001 Zürich, Switzerland',
          geo: { '@type': 'GeoCoordinates', latitude: 47.3779, longitude: 8.5403 },
        },
        checkinTime: '2031-05-10T15:00:00+02:00',
        checkoutTime: '2031-05-13T11:00:00+02:00',
        totalPrice: '736.00',
        priceCurrency: 'EUR',
      },
      {
        '@type': 'FlightReservation',
        reservationNumber: 'X7K2LM',
        reservationFor: {
          '@type': 'Flight',
          flightNumber: '347',
          airline: { '@type': 'Airline', name: 'El Al', iataCode: 'LY' },
          departureAirport: { '@type': 'Airport', iataCode: 'TLV' },
          departureTime: '2031-05-10T06:15:00+03:00',
          arrivalAirport: { '@type': 'Airport', iataCode: 'ZRH' },
          arrivalTime: '2031-05-10T09:40:00+02:00',
        },
        totalPrice: { '@type': 'PriceSpecification', price: 1234.5, priceCurrency: 'ILS' },
      },
      {
        '@type': 'EventReservation',
        reservationNumber: 'KH-1',
        reservationFor: {
          '@type': 'Event',
          name: 'Kunsthaus',
          startDate: '2031-05-11T10:00:00+02:00',
          location: {
            '@type': 'Place',
            name: 'Kunsthaus Zürich',
            geo: { '@type': 'GeoCoordinates', latitude: 47.3704, longitude: 8.548 },
          },
        },
      },
    ];
    return `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@graph': graph })}</script></head><body>Your trip</body></html>`;
  };

  const offersOf = async (rideId: number, who = w.people.owner.headers) => {
    const res = await send('GET', path(rideId, 'expenses'), who);
    expect(res.statusCode, res.body).toBe(200);
    return expensesResponse.parse(res.json()).offers;
  };

  it('offers the placed, priced bookings; recording one takes it out, deleting it brings it back; a stranger sees none', async () => {
    const rideId = await newTrip();
    const preview = await send('POST', `/api/trips/${rideId}/bookings/import`, w.people.owner.headers, {
      text: page(),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const reservations = bookingsImportResponse
      .parse(preview.json())
      .reservations.map(({ outsideTrip: _o, match: _m, ...r }) => r);
    expect(reservations).toHaveLength(3);
    const confirmed = await send('POST', `/api/trips/${rideId}/bookings`, w.people.owner.headers, {
      reservations,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const bookings = bookingsConfirmResponse.parse(confirmed.json()).bookings;
    const hotel = bookings.find((b) => b.reservation.type === 'lodging');
    const flight = bookings.find((b) => b.reservation.type === 'flight');

    const offers = await offersOf(rideId);
    expect(offers).toEqual([
      {
        bookingId: hotel?.id,
        title: 'Hotel Schweizerhof',
        amount: '736.00',
        currency: 'EUR',
        date: '2031-05-10',
        category: 'lodging',
        stayId: hotel?.stayId,
      },
      {
        bookingId: flight?.id,
        title: expect.stringContaining('347'),
        amount: '1234.50',
        currency: 'ILS',
        date: '2031-05-10',
        category: 'transport',
        activityId: flight?.activityIds[0],
      },
    ]);
    // The trip's people read them with its money (a viewer too); a signed-in stranger and a visitor get nothing.
    expect(await offersOf(rideId, w.people.viewer.headers)).toEqual(offers);
    for (const who of [w.people.user.headers, {}]) {
      const res = await send('GET', path(rideId, 'expenses'), who);
      expect(res.statusCode).toBeGreaterThanOrEqual(401);
      expect(res.body).not.toContain('Schweizerhof');
    }

    // The hotel recorded, from its offer: it is no longer offered; the flight still is.
    const stay = offers[0];
    const recorded = await add(
      rideId,
      expense({
        amount: stay?.amount,
        currency: stay?.currency,
        date: stay?.date,
        category: stay?.category,
        note: stay?.title,
        stayId: stay?.stayId,
        rate: '4.05',
        paidBy: [{ userId: w.people.owner.id, amount: stay?.amount as string }],
      }),
    );
    expect(recorded).toMatchObject({ stayId: hotel?.stayId, homeAmount: '2980.80', category: 'lodging' });
    expect((await offersOf(rideId)).map((o) => o.bookingId)).toEqual([flight?.id]);
    // The flight recorded on its activity by an editor: nothing left to offer.
    const flew = await add(
      rideId,
      expense({
        amount: '1234.50',
        category: 'transport',
        activityId: flight?.activityIds[0],
        paidBy: [{ userId: w.people.editor.id, amount: '1234.50' }],
      }),
      w.people.editor.headers,
    );
    expect(await offersOf(rideId)).toEqual([]);
    expect(outcome(await send('DELETE', path(rideId, `expenses/${flew.id}`), w.people.owner.headers))).toBe(
      '✓',
    );
    expect((await offersOf(rideId)).map((o) => o.bookingId)).toEqual([flight?.id]);
  });
});

describe('no silent overwrite between two editors of the money', () => {
  it('an expense changed meanwhile: a PATCH based on the older read is refused with 409 and writes nothing', async () => {
    const rideId = await newTrip();
    const made = await add(rideId, expense({ note: 'Dinner' }));
    const patch = (who: Record<string, string>, body: Record<string, unknown>) =>
      send('PATCH', path(rideId, `expenses/${made.id}`), who, body);
    // The editor changes it first, based on what they read.
    const first = await patch(w.people.editor.headers, { note: 'Dinner at Dan', basedOn: made.updatedAt });
    expect(first.statusCode, first.body).toBe(200);
    const changed = expenseResponse.parse(first.json()).expense;
    expect(changed.updatedAt).not.toBe(made.updatedAt);
    // The owner, still on the older read: refused, the editor's change stands.
    expect(outcome(await patch(w.people.owner.headers, { note: 'Lunch', basedOn: made.updatedAt }))).toBe(
      '409 money_changed_meanwhile',
    );
    const list = expensesResponse.parse(
      (await send('GET', path(rideId, 'expenses'), w.people.owner.headers)).json(),
    );
    expect(list.expenses.find((e) => e.id === made.id)?.note).toBe('Dinner at Dan');
    // Based on the newer read it goes through; without basedOn, as the spec's clients, too.
    expect(outcome(await patch(w.people.owner.headers, { note: 'Lunch', basedOn: changed.updatedAt }))).toBe(
      '✓',
    );
    expect(outcome(await patch(w.people.owner.headers, { note: 'Supper' }))).toBe('✓');
    expect(outcome(await patch(w.people.owner.headers, { note: 'x', basedOn: 'yesterday' }))).toBe(
      '400 bad_request',
    );
  });

  it('the budget changed meanwhile: a PUT based on the older read is refused with 409 and writes nothing', async () => {
    const rideId = await newTrip();
    const read = await budget(rideId);
    expect(read.updatedAt).not.toBeNull();
    const put = (who: Record<string, string>, body: Record<string, unknown>) =>
      send('PUT', path(rideId, 'budget'), who, body);
    const first = await put(w.people.editor.headers, {
      homeCurrency: 'ILS',
      limits: { food: '500' },
      basedOn: read.updatedAt,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(
      outcome(
        await put(w.people.owner.headers, {
          homeCurrency: 'ILS',
          limits: { food: '100' },
          basedOn: read.updatedAt,
        }),
      ),
    ).toBe('409 money_changed_meanwhile');
    const now = await budget(rideId);
    expect(now.byCategory.find((c) => c.category === 'food')?.limit).toBe('500.00');
    expect(
      outcome(
        await put(w.people.owner.headers, {
          homeCurrency: 'ILS',
          limits: { food: '100' },
          basedOn: now.updatedAt,
        }),
      ),
    ).toBe('✓');
    // A trip whose budget was never set: based on "none" (null) works once; the second such write is refused.
    const fresh = await makeTrip(t, {
      authorId: w.people.owner.id,
      days: 2,
      startDate: '2031-05-10',
      type: 'public',
    });
    expect((await budget(fresh.rideId)).updatedAt).toBeNull();
    const putFresh = () =>
      send('PUT', path(fresh.rideId, 'budget'), w.people.owner.headers, {
        homeCurrency: 'EUR',
        limits: {},
        basedOn: null,
      });
    expect(outcome(await putFresh())).toBe('✓');
    expect(outcome(await putFresh())).toBe('409 money_changed_meanwhile');
  });
});
