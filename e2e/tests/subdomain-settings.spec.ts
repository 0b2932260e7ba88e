import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import {
  auth,
  EDITING_BASE_URL,
  locale,
  login,
  newUser,
  PLANNER,
  shot,
  text,
  toast,
} from '../support/editing.js';
import { ownClientAddress, signInThroughApi } from '../support/session.js';

/**
 * Issue 18 points 4 and 6 on the web (001 §6, §7; decision 0030): the manager of a sub-domain (the demo partner, who
 * runs "alpine") puts a trip in their closed environment, marks it white-label and lets its clients make one-time
 * links, from a section of the access page that only a sub-domain manager sees; a client whose access allows copying
 * gets "make my own copy" on the private trip's page, and only then. On the editing server (its trips are the specs'
 * own); the texts are the app's locales.
 */
test.use({ baseURL: EDITING_BASE_URL });

const PARTNER = 'partner@demo.rides.local';

/** A private trip of `token`'s manager (add_ride_api, is_publick false), outside any sub-domain, in the test's language. */
async function privateTrip(request: APIRequestContext, token: string, title: string, lang: 'he' | 'en') {
  const res = await request.post('/api/add_ride_api', {
    headers: { ...auth(token), ...ownClientAddress() },
    data: {
      title,
      checkIn: '01-09-2031',
      checkOut: '03-09-2031',
      is_publick: false,
      is_subdomain: false,
      language: lang === 'he' ? 'hebrew' : 'english',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { rideId: number }).rideId;
}

/** The trip's access key as its planner reads it (made on the first read). */
async function keyOf(request: APIRequestContext, token: string, rideId: number) {
  const res = await request.post('/api/get_assigned_ride_key_full_information', {
    headers: auth(token),
    data: { ride_id: rideId },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { rideKeyData: { rideKeyValue: string } }).rideKeyData.rideKeyValue;
}

/** A switch's name starts with its label (its description follows it in the name). */
const startsWith = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Opens the page and waits for the copy-status answer, so "no button" is the server's answer, not a slow one. */
async function openTripAsked(page: Page, rideId: number) {
  const status = page.waitForResponse((r) => r.url().includes(`/api/copy_private_ride_status_api/${rideId}`));
  await page.goto(`/single_ride_with_map/${rideId}`);
  return (await status).json() as Promise<{ mayCopy: boolean }>;
}

for (const lang of ['he', 'en'] as const) {
  const t = locale(lang);
  const phone = lang === 'he' ? ' @phone' : '';
  test.describe(`sub-domain managers and a client's own copy (${lang})`, () => {
    test.use({ lang });

    test("the sub-domain manager's section puts the trip in the closed environment; a planner sees no section", async ({
      page,
      request,
    }) => {
      const partner = await login(request, PARTNER);
      const title = `Alpine ${lang} ${Date.now().toString(36)}`;
      const rideId = await privateTrip(request, partner, title, lang);

      await signInThroughApi(page, request, PARTNER);
      await page.goto(`/ride_access_key_information/${rideId}`);
      const section = page.getByRole('region', { name: text(t, 'accessKeys.subdomain.heading') });
      await expect(section).toBeVisible();
      const inside = section.getByRole('switch', {
        name: startsWith(text(t, 'accessKeys.subdomain.inEnvironment')),
      });
      const whiteLabel = section.getByRole('switch', {
        name: startsWith(text(t, 'accessKeys.subdomain.whiteLabel')),
      });
      const usersEdit = section.getByRole('switch', {
        name: startsWith(text(t, 'accessKeys.subdomain.usersEdit')),
      });
      const oneTime = section.getByRole('switch', {
        name: startsWith(text(t, 'accessKeys.subdomain.oneTimeLinks')),
      });
      await expect(inside).not.toBeChecked();
      await expect(whiteLabel).not.toBeChecked();
      // The clients' permissions wait for a white-label trip.
      await expect(oneTime).toBeDisabled();
      await expect(usersEdit).toBeDisabled();

      await inside.check();
      await whiteLabel.check();
      await expect(oneTime).toBeEnabled();
      await oneTime.check();
      await section.getByRole('button', { name: text(t, 'accessKeys.subdomain.save') }).click();
      await expect(toast(page, text(t, 'accessKeys.subdomain.saved'))).toBeVisible();
      await expect(section.getByText('alpine', { exact: true })).toBeVisible();
      await shot(page, `access-subdomain-${lang}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await section.scrollIntoViewIfNeeded();
      await shot(page, `access-subdomain-${lang}`);

      // What the server holds now: in "alpine", white-label, one-time links for its clients, no editing.
      const res = await request.get(`/api/ride_subdomain_settings_api/${rideId}`, { headers: auth(partner) });
      expect(((await res.json()) as { settings: unknown }).settings).toEqual({
        ride_id: rideId,
        is_subdomain: true,
        subdomain: 'alpine',
        is_white_label: true,
        allowUsersToEdit: false,
        allowOneTimeLinks: true,
      });
      await page.reload();
      await expect(
        section.getByRole('switch', { name: startsWith(text(t, 'accessKeys.subdomain.oneTimeLinks')) }),
      ).toBeChecked();

      // A planner who manages no sub-domain: the server refuses the settings (403), and the page shows nothing of them.
      const planner = await login(request, PLANNER);
      const own = await privateTrip(request, planner, `Own ${title}`, lang);
      await signInThroughApi(page, request, PLANNER);
      const refused = page.waitForResponse((r) =>
        r.url().includes(`/api/ride_subdomain_settings_api/${own}`),
      );
      await page.goto(`/ride_access_key_information/${own}`);
      expect((await refused).status()).toBe(403);
      await expect(
        page.getByRole('heading', { level: 2, name: text(t, 'accessKeys.access.settingsHeading') }),
      ).toBeVisible();
      await expect(page.getByRole('region', { name: text(t, 'accessKeys.subdomain.heading') })).toHaveCount(
        0,
      );
      await expect(page.getByRole('alert')).toHaveCount(0);
    });

    test(`a client gets "make my own copy" once their access allows copying, and lands in their copy${phone}`, async ({
      page,
      request,
    }) => {
      const planner = await login(request, PLANNER);
      const title = `Copy ${lang} ${Date.now().toString(36)}`;
      const rideId = await privateTrip(request, planner, title, lang);
      const key = await keyOf(request, planner, rideId);
      const client = await newUser(request, `copier-${lang}`, 'Dana');
      const joined = await request.post('/api/add_user_to_ride_privacy_api', {
        headers: auth(client.token),
        data: { rideKeyValue: key, subdomain: null },
      });
      expect(joined.ok(), await joined.text()).toBe(true);

      // A view key: the client sees the trip, and no copy button (the server says no).
      await page.goto('/');
      await signInThroughApi(page, request, client.email, client.password);
      expect(await openTripAsked(page, rideId)).toMatchObject({ mayCopy: false });
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const button = page.getByRole('button', { name: text(t, 'accessKeys.clientCopy.button') });
      await expect(button).toHaveCount(0);
      // Nor the public trips' "copy and edit" banner, which a private trip's copy call refuses to anyone but its author.
      await expect(page.getByText(text(t, 'trip.copyBanner.title'))).toHaveCount(0);

      // The planner lets the key's clients copy: now the button is there, and gives the client their own copy.
      const update = await request.post('/api/update_assigned_ride_key_full_information', {
        headers: auth(planner),
        data: { ride_id: rideId, action: 'copy' },
      });
      expect(update.ok(), await update.text()).toBe(true);
      expect(await openTripAsked(page, rideId)).toMatchObject({ mayCopy: true });
      await expect(button).toBeVisible();
      await shot(page, `client-copy-button-${lang}`, { fullPage: false });
      await button.click();
      await expect(toast(page, text(t, 'uesr_copyed_new_ride'))).toBeVisible();
      await expect(page).toHaveURL(/\/single_ride_with_map\/\d+$/);
      const copyId = Number(/(\d+)$/.exec(page.url())![1]);
      expect(copyId).not.toBe(rideId);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      // Their copy is theirs (they author it): no client's copy button there.
      await expect(button).toHaveCount(0);
    });
  });
}
