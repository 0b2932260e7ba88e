import type { Browser, Page } from '@playwright/test';
import { EDITING_PORT } from '../playwright.config.js';
import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { signInAsNewUser, signInThroughApi } from '../support/session.js';

/**
 * Sign out of all devices (decision 0024): a user signed in on two devices signs out everywhere on one. That one is
 * signed out at once with a toast; the other learns it on its next call (the server refuses its token: 401
 * user_is_not_authorized) and shows itself signed out. The "editing" server trusts X-Forwarded-For, so the set-up's
 * registering and signing in do not reach the per-address limits shared by the whole run.
 */
const TEXT = {
  he: {
    menu: 'פתיחת התפריט',
    signIn: 'התחברות',
    signOut: 'התנתקות',
    everywhere: 'התנתקות מכל המכשירים',
    title: 'להתנתק מכל המכשירים?',
    explains: /בכל מכשיר ודפדפן שבו אתם מחוברים, כולל זה/,
    cancel: 'ביטול',
    unreachable: 'לא הצלחנו להתחבר לשרת. בדקו את החיבור לאינטרנט ונסו שוב.',
    done: 'התנתקתם מהחשבון בכל המכשירים.',
    ended: 'ההתחברות שלכם הסתיימה. התחברו שוב.',
    loginTitle: 'התחברות ל-rides',
  },
  en: {
    menu: 'Open the menu',
    signIn: 'Sign in',
    signOut: 'Sign out',
    everywhere: 'Sign out of all devices',
    title: 'Sign out of all devices?',
    explains: /on every device and browser where you are signed in, including this one/,
    cancel: 'Cancel',
    unreachable: "We couldn't reach the server. Check your internet connection and try again.",
    done: 'You are signed out on every device.',
    ended: 'Your session has ended. Please sign in again.',
    loginTitle: 'Sign in to rides',
  },
} as const;

for (const lang of ['he', 'en'] as const) {
  const L = TEXT[lang];

  /** On a phone the account controls live in the menu: open it there. */
  const openAccount = async (page: Page) => {
    if (page.viewportSize()!.width < 768) await page.getByRole('button', { name: L.menu }).click();
  };

  /** A second browser (another device) in the same language and viewport, on the same server. */
  const otherDevice = async (browser: Browser, page: Page, baseURL: string, isMobile: boolean) => {
    const context = await browser.newContext({ baseURL, viewport: page.viewportSize(), isMobile, hasTouch: isMobile });
    await context.addInitScript((l) => {
      localStorage.setItem('selectedLanguage', l);
      localStorage.setItem('cookieConsent', 'true');
    }, lang);
    return context;
  };

  const appReady = (page: Page) => page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 15_000 });

  test.describe(`sign out everywhere (${lang})`, () => {
    test.use({ lang, baseURL: `http://127.0.0.1:${EDITING_PORT}` });

    test('signing out of all devices ends the session here at once and on the other device at its next call @phone', async ({
      page,
      browser,
      request,
      isMobile,
    }) => {
      const name = lang === 'he' ? 'נועה' : 'Noa';
      const email = uniqueEmail(`everywhere-${lang}`);
      const baseURL = `http://127.0.0.1:${EDITING_PORT}`;

      // Device A.
      await page.goto('/');
      await signInAsNewUser(page, request, email, name);
      await page.reload();

      // Device B: the same account, its own token.
      const contextB = await otherDevice(browser, page, baseURL, isMobile);
      const pageB = await contextB.newPage();
      await pageB.goto('/');
      await appReady(pageB);
      await signInThroughApi(pageB, request, email, 'secret-123');
      await pageB.goto('/');
      await appReady(pageB);
      await openAccount(pageB);
      await expect(pageB.getByRole('button', { name: L.signOut, exact: true }).filter({ visible: true })).toBeVisible();
      await pageB.keyboard.press('Escape');

      // A asks first, and cancelling changes nothing.
      await openAccount(page);
      await page.screenshot({ path: test.info().outputPath(`account-${lang}-${page.viewportSize()!.width}.png`) });
      await page.getByRole('button', { name: L.everywhere, exact: true }).filter({ visible: true }).click();
      let dialog = page.getByRole('dialog', { name: L.title });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(L.explains);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
      await page.screenshot({ path: test.info().outputPath(`confirm-${lang}-${page.viewportSize()!.width}.png`) });
      await dialog.getByRole('button', { name: L.cancel }).click();
      await expect(dialog).toBeHidden();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);

      // The call fails (no answer): the dialog says why in the reader's language, and nothing has ended.
      await openAccount(page);
      await page.getByRole('button', { name: L.everywhere, exact: true }).filter({ visible: true }).click();
      dialog = page.getByRole('dialog', { name: L.title });
      await page.route('**/api/sign_out_everywhere', (route) => route.abort());
      await dialog.getByRole('button', { name: L.everywhere, exact: true }).click();
      await expect(dialog.getByRole('alert')).toHaveText(L.unreachable);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);
      await page.screenshot({ path: test.info().outputPath(`failed-${lang}-${page.viewportSize()!.width}.png`) });
      await page.unroute('**/api/sign_out_everywhere');

      // A signs out of all devices: signed out here, with the toast.
      await dialog.getByRole('button', { name: L.everywhere, exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: L.done })).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('banner').getByRole('button', { name: L.signIn, exact: true })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      await page.screenshot({ path: test.info().outputPath(`done-${lang}-${page.viewportSize()!.width}.png`) });

      // B, on its next navigation that calls the server (its trips), is told its session ended and is signed out.
      await pageB.goto('/user_rides');
      await expect(pageB.getByRole('alert').filter({ hasText: L.ended })).toBeVisible();
      await expect(pageB.getByRole('dialog', { name: L.loginTitle })).toBeVisible();
      await expect(pageB.getByRole('banner').getByRole('button', { name: L.signIn, exact: true })).toBeVisible();
      expect(await pageB.evaluate(() => localStorage.getItem('token'))).toBeNull();
      await pageB.screenshot({ path: test.info().outputPath(`other-${lang}-${page.viewportSize()!.width}.png`) });
      await contextB.close();
    });
  });
}
