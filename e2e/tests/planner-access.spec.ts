import type { APIRequestContext, Browser, Page } from '@playwright/test';
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
  type Dict,
} from '../support/editing.js';
import { ownClientAddress, signInThroughApi } from '../support/session.js';
import { axe } from '../support/axe.js';

/**
 * Issue 18 "Done when" (001 §2, §4; 000 §2 header, §6): a planner delivers a private trip. The planner (the demo
 * manager) makes a private trip, opens its access page from the trip's "show registration link", sets the quota to 2;
 * a first client registers through the link and sees the trip, a second joins, a third is refused with the quota
 * message; a one-time link admits one and refuses the next; the consulting link shows the calendar button; a copy key
 * gives the client their own copy. Each client is a browser context of its own. On the editing server (its trips are
 * the specs' own); the texts are the app's locales.
 */
test.use({ baseURL: EDITING_BASE_URL });

/**
 * A private trip of the planner, through the API (add_ride_api, is_publick false: managers only), in the test's
 * language (the trip page shows itself in its trip's language).
 */
async function privateTrip(
  request: APIRequestContext,
  token: string,
  title: string,
  lang: 'he' | 'en',
): Promise<number> {
  const res = await request.post('/api/add_ride_api', {
    headers: { ...auth(token), ...ownClientAddress() },
    data: {
      title,
      checkIn: '01-09-2031',
      checkOut: '04-09-2031',
      is_publick: false,
      language: lang === 'he' ? 'hebrew' : 'english',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { rideId: number }).rideId;
}

/**
 * A client's own browser (context) in the test's language and width (`phone`: a phone whatever the project, as a
 * planner at a desk sends the link to a client's phone); its calls come from an address of their own.
 */
async function clientPage(
  browser: Browser,
  page: Page,
  lang: 'he' | 'en',
  { phone = false } = {},
): Promise<Page> {
  const onPhone = phone || test.info().project.name === 'phone';
  const context = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : page.viewportSize(),
    isMobile: onPhone,
    hasTouch: onPhone,
    extraHTTPHeaders: ownClientAddress(),
  });
  await context.addInitScript((l) => {
    if (!sessionStorage.getItem('__e2e_init')) {
      localStorage.setItem('selectedLanguage', l);
      localStorage.setItem('cookieConsent', 'true');
      sessionStorage.setItem('__e2e_init', '1');
    }
  }, lang);
  return context.newPage();
}

/** A client signed in through the API (a new account), in their own browser. */
async function signedInClient(
  browser: Browser,
  page: Page,
  request: APIRequestContext,
  lang: 'he' | 'en',
  name: string,
) {
  const user = await newUser(request, `client-${lang}`, name);
  const client = await clientPage(browser, page, lang);
  await signInThroughApi(client, request, user.email, user.password);
  return client;
}

/** The planner signed in, on the access page of the trip (through the trip page's "show registration link"). */
async function openAccessPage(
  page: Page,
  request: APIRequestContext,
  t: Dict,
  rideId: number,
  title: string,
  lang: 'he' | 'en',
) {
  await signInThroughApi(page, request, PLANNER);
  await page.goto(`/single_ride_with_map/${rideId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The author's dates open the trip information form (000 §2 "edit details").
  await expect(page.getByRole('link', { name: new RegExp(text(t, 'trip.editDetails')) })).toHaveAttribute(
    'href',
    `/ride_information/${rideId}`,
  );
  const tools = page.getByRole('link', { name: text(t, 'accessKeys.tools.registrationLink') });
  await expect(tools).toBeVisible();
  await shot(page, `trip-planner-tools-${lang}`, { fullPage: false });
  await tools.click();
  await expect(page).toHaveURL(new RegExp(`/ride_access_key_information/${rideId}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: text(t, 'accessKeys.access.title') }),
  ).toBeVisible();
}

/** Lands on the trip after joining (no dialog between, decision 0045): the trip page, and the toast that says so. */
async function landsOnTrip(client: Page, t: Dict, title: string, { copied = false } = {}) {
  await expect(client).toHaveURL(/\/single_ride_with_map\/\d+$/);
  await expect(client.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(
    toast(
      client,
      copied
        ? text(t, 'uesr_copyed_new_ride')
        : text(t, 'accessKeys.join.joinedTrip', { title: `\u2068${title}\u2069` }),
    ),
  ).toBeVisible();
  return Number(/(\d+)$/.exec(client.url())![1]);
}

/** A signed-in client on an open join page: one press of "get the trip" and they are on it. */
async function joinAndOpen(client: Page, t: Dict, title: string, { copied = false } = {}) {
  await client.getByRole('button', { name: text(t, 'accessKeys.join.getLink') }).click();
  return landsOnTrip(client, t, title, { copied });
}

for (const lang of ['he', 'en'] as const) {
  const t = locale(lang);
  test.describe(`a planner delivers a private trip (${lang})`, () => {
    test.use({ lang });
    // Each test is a whole delivery: the planner's screens and two or three clients' browsers.
    test.describe.configure({ timeout: 150_000 });

    test(`quota 2: a client registers through the link and sees the trip, a second joins, a third is refused @phone`, async ({
      page,
      browser,
      request,
    }) => {
      // Four browsers (the planner and three clients), a registration and three joins.
      test.slow();
      const token = await login(request, PLANNER);
      const title = `Client trip ${lang} ${Date.now().toString(36)}`;
      const rideId = await privateTrip(request, token, title, lang);
      await openAccessPage(page, request, t, rideId, title, lang);

      const count = page.getByRole('textbox', { name: text(t, 'accessKeys.access.usersCount') });
      await expect(count).toHaveValue('4');
      await count.fill('2');
      await page.getByRole('button', { name: text(t, 'accessKeys.access.save') }).click();
      await expect(toast(page, text(t, 'accessKeys.access.saved'))).toBeVisible();
      await expect(
        page.getByText(text(t, 'accessKeys.access.places', { joined: 0, limit: 2 })),
      ).toBeVisible();
      const link = await page
        .getByRole('textbox', { name: text(t, 'accessKeys.access.link'), exact: true })
        .inputValue();
      expect(link).toMatch(new RegExp(`^${EDITING_BASE_URL}/assign_to_ride/[A-Za-z0-9_-]+$`));
      await shot(page, `access-page-${lang}`);

      // The first client has no account, on their phone: registers in place once and is on the trip (issue 30 point 5).
      const first = await clientPage(browser, page, lang, { phone: true });
      await first.goto(link);
      // The key stays in the address: a reload, even in the middle of registering, keeps it.
      await expect(first).toHaveURL(link);
      await expect(
        first.getByRole('heading', { level: 1, name: text(t, 'accessKeys.join.title') }),
      ).toBeVisible();
      await expect(first.getByText(title)).toBeVisible();
      await shot(first, `join-visitor-${lang}`);
      const register = () =>
        first
          .getByRole('main')
          .getByRole('button', { name: text(t, 'accessKeys.register') })
          .click();
      await register();
      const form = first.getByRole('dialog', { name: text(t, 'auth.register.title') });
      await form.getByRole('textbox', { name: text(t, 'auth.fields.userName') }).fill('Dana');
      await first.reload();
      await expect(first).toHaveURL(link);
      await expect(first.getByText(title)).toBeVisible();
      await register();
      await form.getByRole('textbox', { name: text(t, 'auth.fields.userName') }).fill('Dana');
      await form
        .getByRole('textbox', { name: text(t, 'auth.fields.email') })
        .fill(`first.${Date.now().toString(36)}@example.com`);
      await form
        .getByRole('textbox', { name: text(t, 'auth.fields.newPassword'), exact: true })
        .fill('secret-123');
      await form.getByRole('textbox', { name: text(t, 'auth.fields.confirmPassword') }).fill('secret-123');
      await form.getByRole('checkbox').check();
      await form.getByRole('button', { name: text(t, 'auth.register.submit') }).click();
      expect(await landsOnTrip(first, t, title)).toBe(rideId);
      await shot(first, `joined-trip-${lang}`, { fullPage: false });

      // The second client is signed in already.
      const second = await signedInClient(browser, page, request, lang, 'Yoni');
      await second.goto(link);
      expect(await joinAndOpen(second, t, title)).toBe(rideId);

      // The third finds the link full: the quota message, before any button.
      const third = await signedInClient(browser, page, request, lang, 'Noa');
      await third.goto(link);
      await expect(third.getByRole('alert')).toHaveText(text(t, 'ritch_to_ride_limitation'));
      await expect(third.getByRole('button', { name: text(t, 'accessKeys.join.getLink') })).toHaveCount(0);
      await shot(third, `join-full-${lang}`);
      // And the trip stays closed to them.
      await third.goto(`/single_ride_with_map/${rideId}`);
      await expect(third).toHaveURL(new RegExp(`/private_page_landing/${rideId}$`));

      // The planner sees who joined.
      await page.reload();
      await expect(
        page.getByText(text(t, 'accessKeys.access.places', { joined: 2, limit: 2 })),
      ).toBeVisible();
      const joined = page.getByRole('region', { name: text(t, 'accessKeys.access.joinedHeading') });
      await expect(joined.getByRole('listitem')).toHaveCount(2);
      await expect(joined).toContainText('Dana');
      await expect(joined).toContainText('Yoni');
      // Each client's use of the trip: both opened it once they were in.
      const opened = text(t, 'accessKeys.access.opened', { count: '#', devices: '#', date: '#' }).split(
        '#',
      )[0]!;
      await expect(joined.getByText(opened)).toHaveCount(2);
      await shot(page, `access-page-joined-${lang}`);
      // Removing a client frees their place, and the trip closes to them.
      await joined
        .getByRole('button', { name: text(t, 'accessKeys.access.removeLabel', { name: 'Yoni' }) })
        .click();
      await expect(toast(page, text(t, 'accessKeys.access.removed'))).toBeVisible();
      await expect(joined.getByRole('listitem')).toHaveCount(1);
      await expect(
        page.getByText(text(t, 'accessKeys.access.places', { joined: 1, limit: 2 })),
      ).toBeVisible();
      await second.goto(`/single_ride_with_map/${rideId}`);
      await expect(second).toHaveURL(new RegExp(`/private_page_landing/${rideId}$`));
      for (const p of [first, second, third]) await p.context().close();
    });

    test(`a one-time link admits one client; the next is told it is spent before anything is asked; the planner sees who used it`, async ({
      page,
      browser,
      request,
    }) => {
      const token = await login(request, PLANNER);
      const title = `One-time ${lang} ${Date.now().toString(36)}`;
      const rideId = await privateTrip(request, token, title, lang);
      await openAccessPage(page, request, t, rideId, title, lang);
      await page.getByRole('link', { name: text(t, 'accessKeys.access.oneTime') }).click();
      await expect(page).toHaveURL(new RegExp(`/generate_one_ride_access_key/${rideId}$`));
      await page
        .getByRole('textbox', { name: text(t, 'accessKeys.oneTime.recipient') })
        .fill('Dana 050-1234567');
      await page.getByRole('button', { name: text(t, 'accessKeys.oneTime.generate') }).click();
      const linkBox = page.getByRole('textbox', { name: text(t, 'accessKeys.oneTime.link') });
      await expect(linkBox).toHaveValue(/\/assign_to_ride\/[A-Za-z0-9_-]+$/);
      const link = await linkBox.inputValue();
      await expect(
        page.getByText(text(t, 'accessKeys.oneTime.for', { details: 'Dana 050-1234567' })),
      ).toBeVisible();
      await shot(page, `one-time-${lang}`);

      const first = await signedInClient(browser, page, request, lang, 'Dana');
      await first.goto(link);
      expect(await joinAndOpen(first, t, title)).toBe(rideId);

      // A visitor with the spent link is told so first: no registration form, only a sign-in for the one who used it.
      const next = await clientPage(browser, page, lang);
      await next.goto(link);
      await expect(next.getByRole('alert')).toHaveText(text(t, 'one_time_link_already_used'));
      await expect(
        next.getByRole('main').getByRole('button', { name: text(t, 'accessKeys.register') }),
      ).toHaveCount(0);
      await expect(next.getByRole('textbox')).toHaveCount(0);
      await shot(next, `one-time-used-${lang}`);
      await next.goto(`/single_ride_with_map/${rideId}`);
      await expect(next).toHaveURL(new RegExp(`/private_page_landing/${rideId}$`));
      for (const p of [first, next]) await p.context().close();

      // The planner's access page: who used the one-time link, and when.
      await page.goto(`/ride_access_key_information/${rideId}`);
      const links = page.getByRole('region', { name: text(t, 'accessKeys.access.oneTimeHeading') });
      const used = links.getByRole('listitem').filter({ hasText: 'Dana 050-1234567' });
      await expect(used).toContainText(text(t, 'accessKeys.access.oneTimeUsed'));
      await expect(used).toContainText(/@example\.com/);
      await expect(used).toContainText(
        text(t, 'accessKeys.access.oneTimeUsedBy', { name: '#', date: '#' }).split('#')[0]!,
      );
      await shot(page, `access-one-time-used-${lang}`);
    });

    test(`the consulting link shows the calendar button; a copy key gives the client their own copy @phone`, async ({
      page,
      browser,
      request,
    }) => {
      const token = await login(request, PLANNER);
      const title = `Consulting ${lang} ${Date.now().toString(36)}`;
      const rideId = await privateTrip(request, token, title, lang);
      await openAccessPage(page, request, t, rideId, title, lang);
      const calendar = 'https://calendar.example.com/planner';
      await page.getByRole('textbox', { name: text(t, 'accessKeys.access.calendar') }).fill(calendar);
      await page.getByRole('radio', { name: text(t, 'accessKeys.access.actionCopy') }).check();
      await page.getByRole('button', { name: text(t, 'accessKeys.access.save') }).click();
      await expect(toast(page, text(t, 'accessKeys.access.saved'))).toBeVisible();
      const consulting = page.getByRole('textbox', { name: text(t, 'accessKeys.access.consultingLink') });
      await expect(consulting).toHaveValue(/\/assign_to_ride_with_consulting\/[A-Za-z0-9_-]+$/);
      const link = await consulting.inputValue();

      const client = await signedInClient(browser, page, request, lang, 'Maya');
      await client.goto(link);
      await expect(client).toHaveURL(link);
      await expect(client.getByRole('link', { name: text(t, 'accessKeys.join.calendar') })).toHaveAttribute(
        'href',
        calendar,
      );
      await shot(client, `join-consulting-${lang}`);
      // The consulting page does not jump to the trip: it says the copy is made and offers it.
      await client.getByRole('button', { name: text(t, 'accessKeys.join.getLink') }).click();
      await expect(client.getByText(text(t, 'uesr_copyed_new_ride'))).toBeVisible();
      await expect(client).toHaveURL(link);
      await client.getByRole('link', { name: text(t, 'accessKeys.join.goToTrip') }).click();
      await expect(client).toHaveURL(/\/single_ride_with_map\/\d+$/);
      const copyId = Number(/(\d+)$/.exec(client.url())![1]);
      expect(copyId).not.toBe(rideId);
      await expect(client.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await client.context().close();

      // The same key through the standalone link: the copy-private-link dialog says the copy is theirs.
      const key = /([A-Za-z0-9_-]+)$/.exec(link)![1];
      const other = await signedInClient(browser, page, request, lang, 'Avi');
      await other.goto(`/assign_to_ride/${key}`);
      const otherCopy = await joinAndOpen(other, t, title, { copied: true });
      expect([rideId, copyId]).not.toContain(otherCopy);
      await other.context().close();

      // Revoked: the link admits no one.
      await page.getByRole('switch', { name: text(t, 'accessKeys.access.revoke') }).check();
      await page.getByRole('button', { name: text(t, 'accessKeys.access.save') }).click();
      await expect(toast(page, text(t, 'accessKeys.access.saved'))).toBeVisible();
      await expect(page.getByText(text(t, 'accessKeys.access.revokedBadge'), { exact: true })).toBeVisible();
      const late = await signedInClient(browser, page, request, lang, 'Late');
      await late.goto(`/assign_to_ride/${key}`);
      await expect(late.getByRole('alert')).toContainText(text(t, 'the_private_link_was_revoked'));
      await shot(late, `join-revoked-${lang}`, { fullPage: false });
      await late.context().close();

      // The planner duplicates the trip from its page: a new private trip of theirs, with its own tools.
      await page.goto(`/single_ride_with_map/${rideId}`);
      await page.getByRole('button', { name: text(t, 'accessKeys.tools.duplicate') }).click();
      await expect(toast(page, text(t, 'accessKeys.tools.duplicated'))).toBeVisible();
      await expect(page).toHaveURL(/\/single_ride_with_map\/\d+$/);
      expect([rideId, copyId, otherCopy]).not.toContain(Number(/(\d+)$/.exec(page.url())![1]));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(
        page.getByRole('link', { name: text(t, 'accessKeys.tools.registrationLink') }),
      ).toBeVisible();
    });

    test('a visitor is asked to sign in, a stranger is refused; no serious accessibility violations', async ({
      page,
      browser,
      request,
    }) => {
      const token = await login(request, PLANNER);
      const title = `Closed ${lang} ${Date.now().toString(36)}`;
      const rideId = await privateTrip(request, token, title, lang);
      await page.goto(`/ride_access_key_information/${rideId}`);
      const dialog = page.getByRole('dialog', { name: text(t, 'accessKeys.signInDialog.title') });
      await expect(dialog).toBeVisible();
      await shot(page, `access-visitor-${lang}`, { fullPage: false });
      await dialog.getByRole('button', { name: text(t, 'accessKeys.signIn') }).click();
      await expect(page.getByRole('dialog', { name: text(t, 'accessKeys.signInDialog.title') })).toBeHidden();

      const stranger = await signedInClient(browser, page, request, lang, 'Stranger');
      await stranger.goto(`/ride_access_key_information/${rideId}`);
      await expect(stranger.getByRole('alert')).toContainText(
        text(t, 'user_does_not_have_permission_to_this_private_ride'),
      );
      await expect(stranger.getByText(title)).toHaveCount(0);
      await stranger.goto('/assign_to_ride/no-such-key');
      await expect(stranger.getByRole('alert')).toContainText(text(t, 'the_private_link_is_not_valide'));
      await stranger.context().close();

      await page.goto('/');
      await signInThroughApi(page, request, PLANNER);
      // Bad input: every problem under its field, what was typed kept, nothing saved.
      await page.goto(`/ride_access_key_information/${rideId}`);
      const count = page.getByRole('textbox', { name: text(t, 'accessKeys.access.usersCount') });
      const redirect = page.getByRole('textbox', { name: text(t, 'accessKeys.access.redirectPage') });
      await count.fill('-1');
      await redirect.fill('javascript:alert(1)');
      await page.getByRole('button', { name: text(t, 'accessKeys.access.save') }).click();
      await expect(page.getByText(text(t, 'authorized_users_count_invalid'))).toBeVisible();
      await expect(page.getByText(text(t, 'invalid_link'))).toBeVisible();
      await expect(count).toHaveValue('-1');
      await expect(redirect).toHaveValue('javascript:alert(1)');
      await shot(page, `access-bad-input-${lang}`);
      await page.reload();
      await expect(count).toHaveValue('4');
      await expect(redirect).toHaveValue('');

      // A new link: the old one admits no one.
      const linkBox = page.getByRole('textbox', { name: text(t, 'accessKeys.access.link'), exact: true });
      const oldLink = await linkBox.inputValue();
      await page.getByRole('button', { name: text(t, 'accessKeys.access.renew') }).click();
      await page.getByRole('button', { name: text(t, 'accessKeys.access.renewConfirm') }).click();
      await expect(toast(page, text(t, 'accessKeys.access.renewed'))).toBeVisible();
      await expect(linkBox).not.toHaveValue(oldLink);
      await expect(linkBox).toHaveValue(/\/assign_to_ride\/[A-Za-z0-9_-]+$/);
      const late = await signedInClient(browser, page, request, lang, 'Late');
      await late.goto(oldLink);
      await expect(late.getByRole('alert')).toContainText(text(t, 'the_private_link_is_not_valide'));
      await late.context().close();

      // Each page scanned once its own content is there: the heading and the header's buttons show while it still loads,
      // and a scan of the loading state (then of a half-drawn form) was what made this journey flaky.
      for (const [path, ready] of [
        [`/ride_access_key_information/${rideId}`, text(t, 'accessKeys.access.usersCount')],
        [`/generate_one_ride_access_key/${rideId}`, text(t, 'accessKeys.oneTime.recipient')],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('textbox', { name: ready })).toBeVisible();
        const result = await axe(page).withTags(['wcag2a', 'wcag2aa']).analyze();
        expect(
          result.violations.map(
            (v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          ),
        ).toEqual([]);
      }
    });
  });
}
