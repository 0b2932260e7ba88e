import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { money, openCosts, plain } from '../support/costs.js';
import { expect, test } from '../support/fixtures.js';
import { auth, EDITING_BASE_URL, locale, newUser, seen, shot, text, toast } from '../support/editing.js';
import { ownClientAddress, signInThroughApi } from '../support/session.js';

/**
 * Issue 35, what the trip's costs start from: a booking imported with its price (issue 34) is offered in the costs
 * panel and added as an expense in one click and a save (Hebrew on a phone); the account's own home currency, chosen
 * in "Your settings", is what a new trip counts its costs in (English on a desktop), and the longest day set there is
 * what the trip's checks read for this traveller (issue 36 point 3). On the editing server.
 */
test.use({ baseURL: EDITING_BASE_URL });

/** The server's test corpus: an Airbnb mail in Hebrew, a stay of 2-5 June 2027 in Jerusalem, ₪1,530. */
const MAIL = join(import.meta.dirname, '../../apps/server/test/bookings/corpus/mail-he-airbnb.eml');
const STAY = 'דירת גן שקטה בעין כרם';

async function newTrip(request: APIRequestContext, token: string, lang: 'he' | 'en') {
  const made = await request.post('/api/add_ride_api', {
    headers: { ...auth(token), ...ownClientAddress() },
    data: {
      title: `Costs from ${lang} ${Date.now().toString(36)}`,
      checkIn: '22-05-2027',
      checkOut: '05-06-2027',
      is_publick: true,
      language: lang === 'he' ? 'hebrew' : 'english',
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  return ((await made.json()) as { rideId: number }).rideId;
}

/** The mail imported and confirmed through the API, as the bookings dialog does. */
async function importStay(request: APIRequestContext, token: string, rideId: number) {
  const preview = await request.post(`/api/trips/${rideId}/bookings/import`, {
    headers: { ...auth(token), ...ownClientAddress() },
    multipart: { files: { name: 'airbnb.eml', mimeType: 'message/rfc822', buffer: readFileSync(MAIL) } },
  });
  expect(preview.ok(), await preview.text()).toBe(true);
  const { reservations } = (await preview.json()) as {
    reservations: (Record<string, unknown> & { outsideTrip?: unknown; match?: unknown })[];
  };
  const confirmed = await request.post(`/api/trips/${rideId}/bookings`, {
    headers: { ...auth(token), ...ownClientAddress() },
    data: { reservations: reservations.map(({ outsideTrip: _o, match: _m, ...r }) => r) },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
}

test.describe('a booked price as an expense, in Hebrew on a phone', () => {
  test.use({ lang: 'he' });
  test.describe.configure({ timeout: 120_000 });
  const t = locale('he');

  test('the stay’s price offered, added in one click and a save, then no longer offered @phone', async ({
    page,
    request,
  }, info) => {
    test.skip(
      info.project.name !== 'phone',
      'Hebrew on a phone; the account settings in English on a desktop',
    );
    const user = await newUser(request, 'costs-offer', 'Noa', { signIn: true });
    const rideId = await newTrip(request, user.token, 'he');
    await importStay(request, user.token, rideId);
    await signInThroughApi(page, request, user.email, user.password);
    const drawer = await openCosts(page, 'he', rideId);

    const offer = drawer.getByTestId('costs-offer');
    await expect(offer).toHaveCount(1);
    const amount = money('he', 1530, 'ILS');
    await expect
      .poll(async () => plain((await offer.textContent()) ?? ''))
      .toContain(plain(text(t, 'costs.offers.line', { title: STAY, amount })));
    await shot(page, 'costs-offer-he', { fullPage: false });

    await offer.getByRole('button', { name: text(t, 'costs.offers.add') }).click();
    const form = drawer.getByTestId('expense-form');
    await expect(form.getByTestId('expense-amount')).toHaveValue('1530.00');
    await expect(form.getByTestId('expense-currency')).toHaveValue('ILS');
    await shot(page, 'costs-offer-form-he', { fullPage: false });
    await form.getByTestId('expense-save').click();
    await expect(toast(page, text(t, 'costs.form.saved'))).toBeVisible();

    await expect(drawer.getByTestId('expense').filter({ hasText: seen(STAY) })).toHaveCount(1);
    await expect(drawer.getByTestId('costs-offer')).toHaveCount(0);
    await expect(form.getByTestId('expense-amount')).toHaveValue('');
    const read = await request.get(`/api/trips/${rideId}/expenses`, { headers: auth(user.token) });
    const { expenses } = (await read.json()) as {
      expenses: { amount: string; category: string; stayId: number | null; date: string }[];
    };
    expect(expenses).toEqual([
      expect.objectContaining({ amount: '1530.00', category: 'lodging', date: '2027-06-02' }),
    ]);
    expect(expenses[0]?.stayId).toEqual(expect.any(Number));

    // The settings are in the phone's menu too.
    await page.getByRole('button', { name: text(t, 'costs.close') }).click();
    await page.getByRole('button', { name: text(t, 'nav.openMenu') }).click();
    await page.getByRole('button', { name: text(t, 'account.settings') }).click();
    const dialog = page.getByRole('dialog', { name: text(t, 'costs.account.title') });
    await expect(dialog.getByRole('combobox', { name: text(t, 'costs.account.homeCurrency') })).toHaveValue(
      '',
    );
    // The longest day: none chosen, so empty (12 hours).
    await expect(dialog.getByRole('textbox', { name: text(t, 'costs.account.dayLimit') })).toHaveValue('');
    await shot(page, 'costs-account-settings-he', { fullPage: false });
  });
});

test.describe('the account’s home currency (en)', () => {
  test.use({ lang: 'en' });
  test.describe.configure({ timeout: 120_000 });
  const t = locale('en');

  test('chosen in the settings: a new trip counts its costs in it', async ({ page, request }) => {
    const user = await newUser(request, 'costs-home', 'Owner', { signIn: true });
    await signInThroughApi(page, request, user.email, user.password);
    const rideId = await newTrip(request, user.token, 'en');
    await importStay(request, user.token, rideId);
    // Between 768 and 992 px the header shows the user's icon alone: it opens the settings, and the page still fits.
    await page.setViewportSize({ width: 768, height: 800 });
    await page.goto(`/single_ride_with_map/${rideId}`);
    await expect(page.getByRole('button', { name: text(t, 'account.settings') })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await shot(page, 'costs-account-header-en', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: text(t, 'account.settings') }).click();
    const dialog = page.getByRole('dialog', { name: text(t, 'costs.account.title') });
    const select = dialog.getByRole('combobox', { name: text(t, 'costs.account.homeCurrency') });
    await expect(select).toHaveValue('');
    await select.selectOption('EUR');
    // The longest day this traveller plans (issue 36 point 3): out of 4-20 is said on the field and nothing is sent.
    const dayLimit = dialog.getByRole('textbox', { name: text(t, 'costs.account.dayLimit') });
    await expect(dayLimit).toHaveValue('');
    await dayLimit.fill('30');
    await dialog.getByRole('button', { name: text(t, 'costs.account.save') }).click();
    await expect(dialog.getByText(text(t, 'moneyCodes.bad_day_limit'))).toBeVisible();
    await dayLimit.fill('8');
    await expect(dialog.getByText(text(t, 'moneyCodes.bad_day_limit'))).toHaveCount(0);
    await shot(page, 'costs-account-settings-en', { fullPage: false });
    await dialog.getByRole('button', { name: text(t, 'costs.account.save') }).click();
    await expect(toast(page, text(t, 'costs.account.saved'))).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The trip chose none: its costs are in euros now, and the new expense's form starts in them.
    await page.getByRole('button', { name: text(t, 'costs.open') }).click();
    const form = page.getByTestId('costs-drawer').getByTestId('expense-form');
    await expect(form.getByTestId('expense-currency')).toHaveValue('EUR');
    // The Hebrew stay's price in an English line, offered in its own currency.
    const offer = page.getByTestId('costs-offer');
    await expect(offer).toContainText(STAY);
    await offer.getByRole('button', { name: text(t, 'costs.offers.add') }).click();
    await expect(form.getByTestId('expense-currency')).toHaveValue('ILS');
    await expect(form.getByTestId('expense-amount')).toHaveValue('1530.00');
    await shot(page, 'costs-offer-form-en', { fullPage: false });
    const read = await request.get(`/api/trips/${rideId}/expenses`, { headers: auth(user.token) });
    expect(((await read.json()) as { homeCurrency: string }).homeCurrency).toBe('EUR');
    const settings = await request.get('/api/account/settings', { headers: auth(user.token) });
    expect(await settings.json()).toMatchObject({ homeCurrency: 'EUR', dayLimitHours: 8 });
    // The trip's checks read it as this traveller's day; a reader signed out gets 12 hours.
    const mine = await request.get(`/api/trips/${rideId}/checks?mode=drive`, { headers: auth(user.token) });
    expect(await mine.json()).toMatchObject({ limitS: 8 * 3600 });
    const anyone = await request.get(`/api/trips/${rideId}/checks?mode=drive`);
    expect(await anyone.json()).toMatchObject({ limitS: 12 * 3600 });
  });
});
