import { dirname, join } from 'node:path';
import { EDITING_PORT, outboxDataDir } from '../playwright.config.js';
import { axe } from '../support/axe.js';
import { expect, latestOutboxMail, openLogin, test, uniqueEmail } from '../support/fixtures.js';
import { ownClientAddress } from '../support/session.js';

/**
 * Owners are never locked out (issue 31 point 3, decision 0052). Ten wrong passwords from one address lock that address
 * out of the account: the owner signing in from there is told so, and offered "email me a sign-in link" first thing,
 * with the address already typed; the mailed link signs in once, and a used link says so with the way to ask for a new
 * one. On the "editing" server, which trusts X-Forwarded-For: the browser's calls come from one address of this test's
 * own (the "guesser's"), so the lock reaches no other test of the run.
 */
const editingDataDir = join(dirname(outboxDataDir), 'editing-data');

const TEXT = {
  he: {
    email: 'דוא״ל',
    password: 'סיסמה',
    signIn: 'התחברות',
    lockedOut: /הכניסה בסיסמה מושהית כאן/,
    sendLink: 'שלחו לי קישור כניסה',
    offer: 'שלחו לי קישור כניסה במייל',
    sent: /קישור כניסה בדרך אליה/,
    subject: 'קישור הכניסה שלך',
    invalid: /קישור הכניסה הזה אינו תקף/,
    failedTitle: 'הקישור הזה לא יכול להכניס אותך',
  },
  en: {
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    lockedOut: /Sign-in with a password is paused here/,
    sendLink: 'Send me a sign-in link',
    offer: 'Email me a sign-in link',
    sent: /a sign-in link is on its way/,
    subject: 'Your sign-in link',
    invalid: /This sign-in link is invalid, was used already or has expired/,
    failedTitle: "This link can't sign you in",
  },
} as const;

for (const lang of ['he', 'en'] as const) {
  const L = TEXT[lang];

  test.describe(`sign-in link (${lang})`, () => {
    test.use({ lang, baseURL: `http://127.0.0.1:${EDITING_PORT}` });

    test('locked out by wrong passwords, the owner gets in with the mailed link, once @phone', async ({
      page,
      request,
      playwright,
      baseURL,
    }) => {
      const width = page.viewportSize()!.width;
      const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`${name}-${lang}-${width}.png`) });
      const email = uniqueEmail(`locked-${lang}`);
      const password = 'right-pass-1';
      const registered = await request.post('/api/register_new_user_api', {
        data: { email, password, userName: lang === 'he' ? 'נועה' : 'Noa' },
        headers: ownClientAddress(),
      });
      expect(registered.ok()).toBe(true);

      // A guesser at one address tries ten wrong passwords; the owner's browser is at that same address. The guesser
      // is a client of its own: the set-up's context holds the device cookie registering gave it.
      const here = ownClientAddress();
      const guesser = await playwright.request.newContext({ baseURL });
      for (let i = 0; i < 10; i++) {
        const res = await guesser.post('/api/app_login', { data: { email, password: `guess-${i}` }, headers: here });
        expect(res.status()).toBe(401);
      }
      await guesser.dispose();
      await page.setExtraHTTPHeaders(here);

      await page.goto('/');
      const dialog = await openLogin(page);
      // Offered before anything went wrong, quietly.
      await expect(dialog.getByRole('button', { name: L.offer })).toBeVisible();
      await shot('offer');
      await dialog.getByLabel(L.email).fill(email);
      await dialog.getByRole('textbox', { name: L.password, exact: true }).fill(password);
      await dialog.getByRole('button', { name: L.signIn, exact: true }).click();

      // The right password from here is paused: said so, and the link offered first, with the address typed.
      await expect(dialog.getByRole('alert').filter({ hasText: L.lockedOut })).toBeVisible();
      const linkForm = dialog.getByRole('form', { name: lang === 'he' ? 'כניסה בקישור' : 'Sign in with a link' });
      await expect(linkForm.getByLabel(L.email)).toHaveValue(email);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
      await shot('locked-out');
      // Two forms in one dialog, each named: no WCAG 2 A/AA violation axe can find.
      const scan = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

      await linkForm.getByRole('button', { name: L.sendLink }).click();
      await expect(linkForm.getByText(L.sent)).toBeVisible();
      await shot('link-sent');

      // The mail leaves after the answer: it may land a moment later.
      await expect.poll(() => latestOutboxMail(editingDataDir, email)?.subject, { message: 'a sign-in mail' }).toBe(L.subject);
      const link = /https?:\/\/\S+\/sign-in-link\?token=[\w-]+/.exec(latestOutboxMail(editingDataDir, email)!.text)?.[0];
      expect(link).toBeTruthy();

      await page.goto(link!);
      await expect(page).toHaveURL(/\/$/);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);
      expect(await page.evaluate(() => localStorage.getItem('userName'))).toBe(lang === 'he' ? 'נועה' : 'Noa');

      // Once: the same link again says so, in the reader's language, with the way to ask for a new one.
      await page.evaluate(() => localStorage.removeItem('token'));
      await page.goto(link!);
      await expect(page.getByRole('heading', { name: L.failedTitle })).toBeVisible();
      await expect(page.getByText(L.invalid)).toBeVisible();
      await expect(page.getByRole('button', { name: L.sendLink })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      await shot('link-used');

      // Without a link, the page asks for one.
      await page.goto('/sign-in-link');
      await expect(page.getByRole('button', { name: L.sendLink })).toBeVisible();
      await shot('ask');
    });
  });
}
