import type { ExpenseBody } from '@rides/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  defaultDate,
  draftOf,
  newDraft,
  paidLeft,
  normalDecimal,
  previewShares,
  toWire,
} from '../src/features/trip/costs/draft';
import { budgetBodyOf, limitsOf } from '../src/features/trip/costs/budget-form';
import { linkChoices, linkValue, withLink } from '../src/features/trip/costs/links';
import {
  COSTS_QUEUE_CHANGED,
  dropQueuedExpense,
  enqueueExpense,
  loadExpenseQueue,
  newExpenseClientId,
  stillWaiting,
} from '../src/features/trip/costs/queue';

/** The costs panel's logic (issue 35): the form's defaults and its way to the wire, and the offline queue. */
const DAYS = ['2031-05-10', '2031-05-11', '2031-05-12'];
const PEOPLE = [{ userId: 7 }, { userId: 9 }, { userId: -2 }];
const draft = (over: Partial<ReturnType<typeof newDraft>> = {}) => ({
  ...newDraft({ homeCurrency: 'ILS', today: '2031-05-11', days: DAYS, me: 9, people: PEOPLE }),
  ...over,
});

describe('the expense form', () => {
  it('defaults: home currency, today within the trip else its first day, paid by me, equally among everyone', () => {
    const d = draft();
    expect(d).toMatchObject({
      currency: 'ILS',
      date: '2031-05-11',
      payer: 9,
      mode: 'equal',
      among: [7, 9, -2],
    });
    expect(defaultDate('2031-06-01', DAYS)).toBe('2031-05-10');
    expect(defaultDate('2031-05-09', DAYS)).toBe('2031-05-10');
    expect(defaultDate('2031-05-12', DAYS)).toBe('2031-05-12');
    expect(defaultDate('2031-05-12', [])).toBe('2031-05-12');
    // Not one of the trip's people: the first of them pays.
    expect(
      newDraft({ homeCurrency: 'USD', today: '2031-05-11', days: DAYS, me: 99, people: PEOPLE }).payer,
    ).toBe(7);
  });

  it('reads typed numbers as the wire does', () => {
    expect(normalDecimal(' 12,50 ')).toBe('12.50');
    expect(normalDecimal('1,234.5')).toBe('1234.5');
    expect(normalDecimal('1 200')).toBe('1200');
    expect(normalDecimal('.5')).toBe('0.5');
    expect(normalDecimal('12.')).toBe('12');
  });

  it('an equal split in the home currency goes as the contract takes it', () => {
    const wire = toWire(draft({ amount: '100', category: 'food' }), 'ILS', 'client-0001');
    expect(wire).toEqual({
      ok: true,
      minor: 10000,
      body: {
        clientId: 'client-0001',
        amount: '100.00',
        currency: 'ILS',
        date: '2031-05-11',
        category: 'food',
        paidBy: [{ userId: 9, amount: '100.00' }],
        split: { mode: 'equal', among: [7, 9, -2] },
      },
    });
    expect(previewShares(draft({ amount: '100' }))).toEqual([
      { userId: 7, amount: '33.34' },
      { userId: 9, amount: '33.33' },
      { userId: -2, amount: '33.33' },
    ]);
  });

  it('a foreign currency carries its typed rate; the home currency never does', () => {
    const euro = toWire(
      draft({ amount: '40', currency: 'EUR', rate: '3,95', note: ' dinner ' }),
      'ILS',
      'client-0002',
    );
    expect(euro.ok && euro.body).toMatchObject({
      currency: 'EUR',
      amount: '40.00',
      rate: '3.95',
      note: 'dinner',
    });
    const empty = toWire(draft({ amount: '40', currency: 'EUR' }), 'ILS', 'client-0003');
    expect(empty.ok && 'rate' in empty.body).toBe(false);
    const home = toWire(draft({ amount: '40', rate: '3.95' }), 'ILS', 'client-0004');
    expect(home.ok && 'rate' in home.body).toBe(false);
    expect(toWire(draft({ amount: '40', currency: 'EUR', rate: '-1' }), 'ILS', 'c-000005')).toMatchObject({
      ok: false,
      field: 'rate',
      code: 'bad_rate',
    });
  });

  it('shares and exact amounts, among the chosen only', () => {
    const shares = toWire(
      draft({ amount: '90', mode: 'shares', among: [7, 9], shares: { 7: '2' } }),
      'ILS',
      'c-000006',
    );
    expect(shares.ok && shares.body.split).toEqual({ mode: 'shares', shares: { '7': 2, '9': 1 } });
    const exact = draft({ amount: '10', mode: 'exact', among: [7, -2], exact: { 7: '7,5', [-2]: '2.5' } });
    expect(toWire(exact, 'ILS', 'c-000007')).toMatchObject({
      ok: true,
      body: { split: { mode: 'exact', amounts: { '7': '7.5', '-2': '2.5' } } },
    });
    expect(toWire({ ...exact, exact: { 7: '7' } }, 'ILS', 'c-000008')).toMatchObject({
      ok: false,
      field: 'split',
      code: 'split_does_not_add_up',
    });
  });

  it('refuses what the server would, before sending', () => {
    expect(toWire(draft({ amount: '' }), 'ILS', 'c-000009')).toMatchObject({
      ok: false,
      field: 'amount',
      code: 'bad_amount',
    });
    expect(toWire(draft({ amount: '1.234' }), 'ILS', 'c-000010')).toMatchObject({
      code: 'amount_too_precise',
    });
    expect(
      toWire(draft({ amount: '1500', currency: 'JPY', rate: '0.025' }), 'ILS', 'c-000011'),
    ).toMatchObject({
      ok: true,
      body: { amount: '1500', rate: '0.025' },
    });
    expect(toWire(draft({ amount: '5', among: [] }), 'ILS', 'c-000012')).toMatchObject({ field: 'split' });
  });

  it('an expense read goes back into the form', () => {
    const d = draftOf({
      id: 1,
      clientId: 'c-000013',
      amount: '40.00',
      currency: 'EUR',
      date: '2031-05-12',
      category: 'transport',
      paidBy: [{ userId: 7, amount: '40.00' }],
      split: { mode: 'shares', shares: { '7': 1, '-2': 3 } },
      note: null,
      activityId: null,
      stayId: null,
      homeCurrency: 'ILS',
      rate: '3.95',
      rateSource: 'manual',
      rateToConfirm: false,
      homeAmount: '158.00',
      shares: [],
      updatedAt: '2031-05-11T10:00:00.000Z',
    });
    expect(d).toMatchObject({
      payer: 7,
      mode: 'shares',
      among: [7, -2],
      shares: { '7': '1', '-2': '3' },
      rate: '3.95',
    });
  });

  it('an expense paid by several keeps its payers when saved; one payer chosen instead pays it all', () => {
    const read = {
      id: 2,
      clientId: 'c-000014',
      amount: '90.00',
      currency: 'ILS',
      date: '2031-05-12',
      category: 'food' as const,
      paidBy: [
        { userId: 7, amount: '60.00' },
        { userId: 8, amount: '30.00' },
      ],
      split: { mode: 'equal' as const, among: [7, 8] },
      note: null,
      activityId: null,
      stayId: null,
      homeCurrency: 'ILS',
      rate: '1',
      rateSource: 'same' as const,
      rateToConfirm: false,
      homeAmount: '90.00',
      shares: [],
      updatedAt: '2031-05-11T10:00:00.000Z',
    };
    const kept = toWire({ ...draftOf(read), note: 'dinner' }, 'ILS', 'c-000014');
    expect(kept.ok && kept.body.paidBy).toEqual(read.paidBy);
    const changed = toWire({ ...draftOf(read), payer: 8, paid: null }, 'ILS', 'c-000014');
    expect(changed.ok && changed.body.paidBy).toEqual([{ userId: 8, amount: '90.00' }]);
  });

  it('several payers: typed amounts as the wire writes them, what is left to assign, and a sum that is not the amount refused', () => {
    const draft = {
      ...newDraft({ homeCurrency: 'ILS', today: '2031-05-11', days: DAYS, me: 7, people: PEOPLE }),
      amount: '100',
      paid: { '7': '60,5', [String(PEOPLE[1]!.userId)]: '' },
    };
    expect(paidLeft(draft)).toBe('39.50');
    expect(toWire(draft, 'ILS', 'c-000015')).toMatchObject({
      ok: false,
      field: 'paid',
      code: 'paid_does_not_add_up',
    });
    const full = { ...draft, paid: { '7': '60,5', [String(PEOPLE[1]!.userId)]: '39.5' } };
    expect(paidLeft(full)).toBe('0.00');
    const wire = toWire(full, 'ILS', 'c-000015');
    expect(wire.ok && wire.body.paidBy).toEqual([
      { userId: 7, amount: '60.50' },
      { userId: PEOPLE[1]!.userId, amount: '39.50' },
    ]);
    expect(paidLeft({ ...draft, paid: { '7': '120' } })).toBe('-20.00');
    expect(toWire({ ...draft, paid: { '7': '' } }, 'ILS', 'c-000015')).toMatchObject({
      ok: false,
      field: 'paid',
      code: 'payer_required',
    });
  });
});

describe('the offline queue', () => {
  const store = new Map<string, string>();
  const events: number[] = [];
  beforeEach(() => {
    store.clear();
    events.length = 0;
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => store.set(k, v),
        removeItem: (k: string) => store.delete(k),
      },
      dispatchEvent: (e: CustomEvent<number>) => {
        if (e.type === COSTS_QUEUE_CHANGED) events.push(e.detail);
        return true;
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const body = (clientId: string, amount = '10'): ExpenseBody => ({
    clientId,
    amount,
    currency: 'ILS',
    date: '2031-05-10',
    category: 'food',
    paidBy: [{ userId: 7, amount }],
    split: { mode: 'equal', among: [7] },
  });

  it('keeps expenses per trip, in order, one per clientId, and tells the page', () => {
    enqueueExpense(1, body('client-a1'));
    enqueueExpense(1, body('client-b2'));
    enqueueExpense(2, body('client-c3'));
    enqueueExpense(1, body('client-a1', '12'));
    expect(loadExpenseQueue(1).map((e) => `${e.clientId}:${e.amount}`)).toEqual([
      'client-b2:10',
      'client-a1:12',
    ]);
    expect(loadExpenseQueue(2)).toHaveLength(1);
    expect(events).toEqual([1, 1, 2, 1]);
    dropQueuedExpense(1, 'client-b2');
    dropQueuedExpense(1, 'client-a1');
    expect(loadExpenseQueue(1)).toEqual([]);
    expect(store.has('rides.costs.queue.1')).toBe(false);
  });

  it('survives what is not its own in the storage, and hides what the server already has', () => {
    store.set('rides.costs.queue.3', '{not json');
    expect(loadExpenseQueue(3)).toEqual([]);
    store.set('rides.costs.queue.3', '{"a":1}');
    expect(loadExpenseQueue(3)).toEqual([]);
    const queue = [body('client-a1'), body('client-b2')];
    expect(stillWaiting(queue, [{ clientId: 'client-a1' }]).map((e) => e.clientId)).toEqual(['client-b2']);
  });

  it('makes clientIds the contract accepts', () => {
    for (let i = 0; i < 20; i++) expect(newExpenseClientId()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});

describe('the budget form', () => {
  const byCategory = [
    { category: 'food' as const, spent: '10.00', limit: '250.00', left: '240.00' },
    { category: 'lodging' as const, spent: '0.00', limit: null, left: null },
  ];
  it('reads the limits as they are, and sends the typed ones (a decimal comma too); empty is no limit', () => {
    const limits = limitsOf({ byCategory });
    expect(limits).toMatchObject({ food: '250.00', lodging: '', other: '' });
    expect(
      budgetBodyOf(
        { homeCurrency: 'EUR', limits: { ...limits, lodging: '1 200,5' }, quote: '', shared: false },
        false,
      ),
    ).toEqual({ homeCurrency: 'EUR', limits: { food: '250.00', lodging: '1200.5' } });
  });
  it("the planner's quote: in the home currency, removed when emptied; nobody else sends one", () => {
    const limits = limitsOf({ byCategory: [] });
    expect(budgetBodyOf({ homeCurrency: 'USD', limits, quote: '5,000.00', shared: true }, true)).toEqual({
      homeCurrency: 'USD',
      limits: {},
      quote: { amount: '5000.00', currency: 'USD', shared: true },
    });
    expect(budgetBodyOf({ homeCurrency: 'USD', limits, quote: '', shared: true }, true).quote).toBeNull();
    expect(budgetBodyOf({ homeCurrency: 'USD', limits, quote: '9', shared: true }, false)).not.toHaveProperty(
      'quote',
    );
  });
});

describe('what an expense is for', () => {
  const days = [
    { daily_attractions: [{ id: 11, title: 'Museum' }], accommodation: { id: 5, name: 'Hotel Dan' } },
    {
      daily_attractions: [
        { id: 12, title: 'Market' },
        { id: 11, title: 'Museum' },
      ],
      accommodation: { id: 5, name: 'Hotel Dan' },
    },
    { daily_attractions: [], accommodation: null },
  ];
  it("the trip's activities day by day and its stays, each once", () => {
    expect(linkChoices(days, (n) => `Day ${n}`)).toEqual([
      { value: 'a:11', label: 'Day 1 · Museum' },
      { value: 's:5', label: 'Hotel Dan' },
      { value: 'a:12', label: 'Day 2 · Market' },
    ]);
  });
  it('a choice links the draft to one thing; none unlinks it; the body carries it', () => {
    const draft = {
      ...newDraft({ homeCurrency: 'ILS', today: '2031-05-11', days: DAYS, me: 7, people: PEOPLE }),
      amount: '20',
    };
    const museum = withLink(draft, 'a:11');
    expect(linkValue(museum)).toBe('a:11');
    const hotel = withLink(museum, 's:5');
    expect(hotel).toMatchObject({ stayId: 5 });
    expect(hotel).not.toHaveProperty('activityId');
    const wire = toWire(hotel, 'ILS', 'c-000021');
    expect(wire.ok && wire.body).toMatchObject({ stayId: 5 });
    expect(linkValue(withLink(hotel, ''))).toBe('');
  });
});
