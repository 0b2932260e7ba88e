import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { auth, EDITING_BASE_URL, locale, newUser, shot, text, toast } from '../support/editing.js';
import { money, openCosts, plain, queuedCostKeys, userIdOf } from '../support/costs.js';
import { ownClientAddress, signInThroughApi } from '../support/session.js';

/**
 * Issue 35 point 5, the trip's costs: a traveller is added by name, two expenses in two currencies (the foreign one
 * with a typed rate: no rates provider is reachable here) are split between the owner and the traveller, the balances
 * and the settle-up show, and the transfer is marked paid. Hebrew on a phone, English on a desktop. An expense added
 * while offline waits on the phone and is sent once when it is back. On the editing server.
 */
// Offline as on a real phone: with the app's service worker (the config blocks it elsewhere).
test.use({ baseURL: EDITING_BASE_URL, serviceWorkers: 'allow' });

async function newTrip(request: APIRequestContext, token: string, lang: 'he' | 'en') {
  const made = await request.post('/api/add_ride_api', {
    headers: { ...auth(token), ...ownClientAddress() },
    data: {
      title: `Costs ${lang} ${Date.now().toString(36)}`,
      checkIn: '10-05-2031',
      checkOut: '14-05-2031',
      is_publick: true,
      language: lang === 'he' ? 'hebrew' : 'english',
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  return ((await made.json()) as { rideId: number }).rideId;
}

interface Case {
  lang: 'he' | 'en';
  home: string;
  /** Home units for one euro, typed in the form. */
  rate: string;
  /** 300 home paid by the owner; 40 EUR at the rate paid by Dana; both split equally. */
  euroHome: number;
}

function costsJourney({ lang, home, rate, euroHome }: Case) {
  const t = locale(lang);
  return async ({ page, request }: { page: Page; request: APIRequestContext }) => {
    const user = await newUser(request, `costs-${lang}`, 'Owner', { signIn: true });
    const rideId = await newTrip(request, user.token, lang);
    await signInThroughApi(page, request, user.email, user.password);
    const drawer = await openCosts(page, lang, rideId);

    // A traveller without an account, by name.
    await drawer.getByTestId('traveller-name').fill('Dana');
    await drawer.getByRole('button', { name: text(t, 'costs.traveller.add'), exact: true }).click();
    await expect(toast(page, text(t, 'costs.traveller.added'))).toBeVisible();

    // Three taps: the amount, a category, save (home currency, paid by me, split equally among both).
    const form = drawer.getByTestId('expense-form');
    await form.getByTestId('expense-amount').fill('300');
    await form.getByText(text(t, 'costs.category.food'), { exact: true }).click();
    await expect(form.getByTestId('split-preview')).toContainText('Dana');
    await expect
      .poll(async () => plain((await form.getByTestId('split-preview').textContent()) ?? ''))
      .toContain(plain(money(lang, 150, home)));
    await form.getByTestId('expense-save').click();
    await expect(drawer.getByTestId('expense')).toHaveCount(1);
    await expect(form.getByTestId('expense-amount')).toHaveValue('');

    // In euros with a typed rate, paid by Dana.
    await form.getByTestId('expense-amount').fill('40');
    await form.getByTestId('expense-currency').selectOption('EUR');
    await expect(form.getByTestId('expense-rate')).toHaveValue('');
    await form.getByTestId('expense-rate').fill(rate);
    await form.getByText(text(t, 'costs.category.transport'), { exact: true }).click();
    await form.getByRole('button', { name: text(t, 'costs.form.more') }).click();
    await form.getByTestId('expense-payer').selectOption({ label: 'Dana' });
    await shot(page, `costs-form-${lang}`, { fullPage: false });
    await form.getByTestId('expense-save').click();
    await expect(drawer.getByTestId('expense')).toHaveCount(2);

    const total = 300 + euroHome;
    await expect
      .poll(async () => plain((await drawer.getByTestId('costs-total').textContent()) ?? ''))
      .toBe(plain(money(lang, total, home)));
    const owes = 150 - euroHome / 2;
    const transfer = drawer.getByTestId('transfer');
    await expect(transfer).toHaveCount(1);
    await expect
      .poll(async () => plain((await transfer.textContent()) ?? ''))
      .toContain(plain(money(lang, owes, home)));
    await expect(transfer).toContainText('Dana');
    await expect(drawer.getByTestId('costs-person')).toHaveCount(2);
    await expect(drawer.getByTestId('category-transport')).toBeVisible();
    await drawer.getByTestId('costs-total').scrollIntoViewIfNeeded();
    await shot(page, `costs-summary-${lang}`, { fullPage: false });

    // The other width too, to look at.
    const size = page.viewportSize();
    await page.setViewportSize(
      size && size.width < 600 ? { width: 1280, height: 800 } : { width: 390, height: 844 },
    );
    await shot(page, `costs-summary-${lang}`, { fullPage: false });
    if (size) await page.setViewportSize(size);

    await transfer.getByRole('button', { name: new RegExp(text(t, 'costs.settle.markPaid')) }).click();
    await expect(drawer.getByTestId('settled')).toBeVisible();
    const budget = await request.get(`/api/trips/${rideId}/budget`, { headers: auth(user.token) });
    const read = (await budget.json()) as { total: string; settleUp: unknown[]; homeCurrency: string };
    expect(read).toMatchObject({ homeCurrency: home, total: total.toFixed(2), settleUp: [] });

    // Edit one (a note), delete the other.
    const food = text(t, 'costs.category.food');
    await drawer.getByRole('button', { name: `${text(t, 'costs.list.edit')}: ${food}` }).click();
    const edit = drawer.getByTestId('expense-form');
    await expect(edit).toContainText(text(t, 'costs.form.editTitle'));
    await edit.getByRole('textbox', { name: text(t, 'costs.form.note') }).fill('Dinner');
    await edit.getByTestId('expense-save').click();
    await expect(drawer.getByTestId('expense').filter({ hasText: 'Dinner' })).toHaveCount(1);
    const transport = text(t, 'costs.category.transport');
    await drawer.getByRole('button', { name: `${text(t, 'costs.list.delete')}: ${transport}` }).click();
    await expect(drawer.getByTestId('expense')).toHaveCount(1);
    await shot(page, `costs-edited-${lang}`, { fullPage: false });
  };
}

/**
 * Issue 35 point 5, the costs readable offline: a trip's costs opened online are kept on the device; offline, after a
 * reload, the offline view shows them as last read (total, categories, balances, settle-up, expenses, no writes but
 * adding); an expense added there waits on the phone, survives another reload, and is sent once when the trip page
 * is back online, with the costs panel never opened.
 */
function keptOfflineJourney(lang: 'he' | 'en') {
  const t = locale(lang);
  const home = lang === 'he' ? 'ILS' : 'USD';
  return async ({
    page,
    context,
    request,
  }: {
    page: Page;
    context: BrowserContext;
    request: APIRequestContext;
  }) => {
    const user = await newUser(request, `costs-kept-${lang}`, 'Owner', { signIn: true });
    const rideId = await newTrip(request, user.token, lang);
    const headers = auth(user.token);
    // Dana, a traveller without an account, and 300 paid by the owner, split with her: Dana owes 150.
    const dana = await request.post(`/api/trips/${rideId}/participants`, { headers, data: { name: 'Dana' } });
    expect(dana.ok(), await dana.text()).toBe(true);
    const danaId = ((await dana.json()) as { person: { userId: number } }).person.userId;
    const read = (await (await request.get(`/api/trips/${rideId}/expenses`, { headers })).json()) as {
      people: { userId: number; participant: boolean }[];
      homeCurrency: string;
    };
    expect(read.homeCurrency).toBe(home);
    const owner = read.people.find((p) => !p.participant)!.userId;
    const made = await request.post(`/api/trips/${rideId}/expenses`, {
      headers,
      data: {
        clientId: `e2e-kept-${lang}-${Date.now().toString(36)}`,
        amount: '300.00',
        currency: home,
        date: '2031-05-10',
        category: 'food',
        paidBy: [{ userId: owner, amount: '300.00' }],
        split: { mode: 'equal', among: [owner, danaId] },
      },
    });
    expect(made.ok(), await made.text()).toBe(true);
    const amounts = async () => {
      const res = await request.get(`/api/trips/${rideId}/expenses`, { headers });
      return ((await res.json()) as { expenses: { amount: string }[] }).expenses.map((e) => e.amount).sort();
    };

    // Online, with the app's service worker in control (a reload offline needs it): the costs are read, and kept.
    await signInThroughApi(page, request, user.email, user.password);
    await page.goto(`/single_ride_with_map/${rideId}`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.getByRole('button', { name: text(t, 'costs.open') }).click();
    const live = page.getByTestId('costs-drawer');
    await expect(live.getByTestId('expense')).toHaveCount(1);
    await expect(live.getByTestId('costs-kept-at')).toHaveCount(0);
    const kept = () =>
      page.evaluate(() => {
        const trips = JSON.parse(localStorage.getItem('rides.offlineTrips.v37') ?? '[]') as { id: number }[];
        const money = JSON.parse(localStorage.getItem('rides.costs.kept.v1') ?? '[]') as { rideId: number }[];
        return { trips: trips.map((x) => x.id), money: money.map((x) => x.rideId) };
      });
    await expect.poll(kept).toEqual({ trips: [rideId], money: [rideId] });
    await page.keyboard.press('Escape');
    await expect(live).toHaveCount(0);

    // Offline, and reloaded: the offline view, the costs as read.
    await context.setOffline(true);
    await expect(page).toHaveURL(/\/offline_ride_view$/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Costs ${lang}`);
    await expect(page.getByRole('button', { name: text(t, 'costs.open') })).toBeVisible();
    await shot(page, `costs-kept-view-${lang}`, { fullPage: false });
    const openKept = async () => {
      await page.getByRole('button', { name: text(t, 'costs.open') }).click();
      const drawer = page.getByTestId('costs-drawer');
      await expect(drawer.getByTestId('costs-kept-at')).toBeVisible();
      return drawer;
    };
    let drawer = await openKept();
    await expect(drawer.getByTestId('costs-kept-at')).toHaveText(
      new RegExp(
        text(t, 'costs.keptAt', { date: 'DATE' })
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace('DATE', '[\u2066-\u2069]?\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}[\u2066-\u2069]?'),
      ),
    );
    await expect
      .poll(async () => plain((await drawer.getByTestId('costs-total').textContent()) ?? ''))
      .toBe(plain(money(lang, 300, home)));
    await expect(drawer.getByTestId('category-food')).toBeVisible();
    await expect(drawer.getByTestId('costs-person')).toHaveCount(2);
    const transfer = drawer.getByTestId('transfer');
    await expect(transfer).toHaveCount(1);
    await expect(transfer).toContainText('Dana');
    await expect
      .poll(async () => plain((await transfer.textContent()) ?? ''))
      .toContain(plain(money(lang, 150, home)));
    // Read only: no "mark as paid", no edit or delete.
    await expect(transfer.getByRole('button')).toHaveCount(0);
    await expect(drawer.getByTestId('expense')).toHaveCount(1);
    await expect(drawer.getByTestId('expense').getByRole('button')).toHaveCount(0);
    await shot(page, `costs-kept-${lang}`, { fullPage: false });

    // An expense added offline waits on the phone.
    const form = drawer.getByTestId('expense-form');
    await form.getByTestId('expense-amount').fill('55.5');
    await form.getByText(text(t, 'costs.category.shopping'), { exact: true }).click();
    await form.getByTestId('expense-save').click();
    await expect(drawer.getByTestId('expense-waiting')).toHaveCount(1);
    await expect(drawer.getByTestId('expense-waiting')).toContainText(text(t, 'costs.list.waiting'));
    await expect(drawer.getByTestId('costs-pending')).toHaveText(text(t, 'costs.pending_one', { count: 1 }));
    await expect(form.getByTestId('expense-amount')).toHaveValue('');
    await drawer.getByTestId('expense-waiting').scrollIntoViewIfNeeded();
    await shot(page, `costs-kept-waiting-${lang}`, { fullPage: false });
    expect(await amounts()).toEqual(['300.00']);

    // Still waiting after another reload.
    await page.reload();
    drawer = await openKept();
    await expect(drawer.getByTestId('expense-waiting')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);

    // Back online: the trip page, which sends it (its costs panel stays closed), once.
    await context.setOffline(false);
    await expect(page).toHaveURL(new RegExp(`/single_ride_with_map/${rideId}$`));
    await expect.poll(amounts, { timeout: 20_000 }).toEqual(['300.00', '55.50']);
    await expect.poll(() => queuedCostKeys(page, rideId)).toEqual([]);
    await page.getByRole('button', { name: text(t, 'costs.open') }).click();
    await expect(page.getByTestId('costs-drawer').getByTestId('expense')).toHaveCount(2);
    await expect(page.getByTestId('costs-drawer').getByTestId('expense-waiting')).toHaveCount(0);
    expect(await amounts()).toEqual(['300.00', '55.50']);
    await expect.poll(async () => (await kept()).money).toEqual([rideId]);

    // The trip page itself opened offline (its reads from the service worker): its costs panel shows what was kept.
    await page.keyboard.press('Escape');
    await context.setOffline(true);
    await expect(page).toHaveURL(/\/offline_ride_view$/);
    await page.goto(`/single_ride_with_map/${rideId}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Costs ${lang}`);
    await page.getByRole('button', { name: text(t, 'costs.open') }).click();
    drawer = page.getByTestId('costs-drawer');
    await expect(drawer.getByTestId('costs-kept-at')).toBeVisible();
    await expect(drawer.getByTestId('expense')).toHaveCount(2);
    await expect
      .poll(async () => plain((await drawer.getByTestId('costs-total').textContent()) ?? ''))
      .toBe(plain(money(lang, 355.5, home)));
    await expect(page).toHaveURL(new RegExp(`/single_ride_with_map/${rideId}$`));
    await shot(page, `costs-kept-trip-page-${lang}`, { fullPage: false });
    await context.setOffline(false);
    expect(await amounts()).toEqual(['300.00', '55.50']);

    // The money is the trip's people's: it leaves the device with the session (here one that ended while no page was
    // open, cleared at the next start); the public trip itself stays for the offline view.
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto('/');
    await expect.poll(kept).toEqual({ trips: [rideId], money: [] });
  };
}

test.describe('the trip costs, in Hebrew on a phone', () => {
  test.use({ lang: 'he' });
  test.describe.configure({ timeout: 120_000 });
  const t = locale('he');

  test('two currencies split, the balances, the settle-up marked paid @phone', async ({
    page,
    request,
  }, info) => {
    test.skip(info.project.name !== 'phone', 'Hebrew on a phone; English on a desktop');
    await costsJourney({ lang: 'he', home: 'ILS', rate: '4', euroHome: 160 })({ page, request });
  });

  test('an expense added offline is sent once when the phone is back online @phone', async ({
    page,
    context,
    request,
  }, info) => {
    test.skip(info.project.name !== 'phone', 'Hebrew on a phone');
    const user = await newUser(request, 'costs-offline', 'Owner', { signIn: true });
    const rideId = await newTrip(request, user.token, 'he');
    await signInThroughApi(page, request, user.email, user.password);
    const drawer = await openCosts(page, 'he', rideId);
    const form = drawer.getByTestId('expense-form');

    await context.setOffline(true);
    await form.getByTestId('expense-amount').fill('55.5');
    await form.getByText(text(t, 'costs.category.shopping'), { exact: true }).click();
    await form.getByTestId('expense-save').click();
    await expect(drawer.getByTestId('expense-waiting')).toHaveCount(1);
    await expect(drawer.getByTestId('expense-waiting')).toContainText(text(t, 'costs.list.waiting'));
    await expect(drawer.getByTestId('costs-pending')).toHaveText(text(t, 'costs.pending_one', { count: 1 }));
    await shot(page, 'costs-offline-he', { fullPage: false });
    // Kept as this user's own (another account signed in on this phone would not send it).
    expect(await queuedCostKeys(page, rideId)).toEqual([`rides.costs.queue.${rideId}.u${userIdOf(user.token)}`]);
    const before = await request.get(`/api/trips/${rideId}/expenses`, { headers: auth(user.token) });
    expect(((await before.json()) as { expenses: unknown[] }).expenses).toEqual([]);

    await context.setOffline(false);
    await expect(drawer.getByTestId('costs-pending')).toHaveCount(0, { timeout: 20_000 });
    await expect(drawer.getByTestId('expense')).toHaveCount(1);
    await expect(drawer.getByTestId('expense-waiting')).toHaveCount(0);
    // Sent once: a second send of its clientId (a lost answer) would be the same expense.
    const after = await request.get(`/api/trips/${rideId}/expenses`, { headers: auth(user.token) });
    const expenses = ((await after.json()) as { expenses: { amount: string; clientId: string }[] }).expenses;
    expect(expenses.map((e) => e.amount)).toEqual(['55.50']);
    expect(await queuedCostKeys(page, rideId)).toEqual([]);
  });

  test('the costs read offline after a reload; an expense added there is sent once when back @phone', async ({
    page,
    context,
    request,
  }, info) => {
    test.skip(info.project.name !== 'phone', 'Hebrew on a phone');
    await keptOfflineJourney('he')({ page, context, request });
  });
});

test.describe('the trip costs (en)', () => {
  test.use({ lang: 'en' });
  test.describe.configure({ timeout: 120_000 });
  test('two currencies split, the balances, the settle-up marked paid', async ({ page, request }) => {
    await costsJourney({ lang: 'en', home: 'USD', rate: '1.1', euroHome: 44 })({ page, request });
  });

  test('the costs read offline after a reload; an expense added there is sent once when back', async ({
    page,
    context,
    request,
  }) => {
    await keptOfflineJourney('en')({ page, context, request });
  });
});
