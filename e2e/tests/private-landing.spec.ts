import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { DEMO_PASSWORD, TRAVELLER, signInAsNewUser } from '../support/session.js';
import { axe } from '../support/axe.js';

/**
 * /private_page_landing/{rideId} (001 §2, §6; issue 3 item 1): a reader without access to a private trip is sent
 * there from the trip page (user_does_not_have_permission_to_this_private_ride). It says the trip is private, offers
 * sign-in and registration, and the planner's page (get_redirect_page_from_ride_id); signing in with an account that
 * has access opens the trip. Demo trip 228 is private; the demo traveller was given access to it.
 */
const TRIP_228 = 'שוויץ ואוסטריה ברכבת';
const PLANNER_PAGE = 'https://example.com/planners/subdomain/ride-228';

const TEXT = {
  he: {
    title: 'זהו טיול פרטי',
    visitor: /^הטיול משותף רק עם המטיילים שהוזמנו אליו/,
    noAccess: (name: string) => `לחשבון שלך (${name}) אין גישה לטיול הזה. אפשר לבקש גישה ממי שתכנן את הטיול, או להתחבר עם החשבון שקיבל אותה.`,
    signIn: 'התחברות',
    register: 'יצירת חשבון',
    switchAccount: 'התחברות עם חשבון אחר',
    purchase: 'לרכישת הטיול',
    home: 'חזרה לדף הבית',
    email: 'דוא״ל',
    password: 'סיסמה',
    registerTitle: 'הרשמה ל-rides',
  },
  en: {
    title: 'This trip is private',
    visitor: /^Its planner shares it only with the travellers they invited/,
    noAccess: (name: string) => `Your account (${name}) has no access to this trip. Ask its planner for access, or sign in with the account that was given it.`,
    signIn: 'Sign in',
    register: 'Create an account',
    switchAccount: 'Sign in with another account',
    purchase: 'Get this trip',
    home: 'Back to the home page',
    email: 'Email',
    password: 'Password',
    registerTitle: 'Create your rides account',
  },
} as const;

for (const lang of ['he', 'en'] as const) {
  const L = TEXT[lang];
  test.describe(`private trip landing (${lang})`, () => {
    test.use({ lang });

    test(`a visitor is sent to the landing, and signing in with the invited account opens the trip${lang === 'en' ? ' @phone' : ''}`, async ({
      page,
    }) => {
      await page.goto('/single_ride_with_map/228');
      await expect(page).toHaveURL(/\/private_page_landing\/228$/);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: L.title })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(main.getByRole('status')).toHaveText(L.visitor);
      // Nothing of the trip itself.
      await expect(main).not.toContainText(TRIP_228);
      await expect(main.getByRole('link', { name: L.purchase })).toHaveAttribute('href', PLANNER_PAGE);
      await expect(main.getByRole('link', { name: L.home })).toHaveAttribute('href', '/');
      // History: the trip address was replaced, so "back" does not bounce here again.
      expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(2);

      await main.getByRole('button', { name: L.register }).click();
      await expect(page.getByRole('dialog', { name: L.registerTitle })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await main.getByRole('button', { name: L.signIn, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(L.email).fill(TRAVELLER);
      await dialog.getByRole('textbox', { name: L.password, exact: true }).fill(DEMO_PASSWORD);
      await dialog.getByRole('button', { name: L.signIn, exact: true }).click();
      await expect(page).toHaveURL(/\/single_ride_with_map\/228$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(TRIP_228);
    });

    test('an account without access is told so, and may sign in with another one', async ({ page, request }) => {
      await page.goto('/');
      const user = await signInAsNewUser(page, request, uniqueEmail('no-access'), 'Noa');
      await page.goto('/single_ride_with_map/228');
      await expect(page).toHaveURL(/\/private_page_landing\/228$/);
      const main = page.getByRole('main');
      // The name is wrapped in direction isolates (U+2068 … U+2069).
      await expect(main.getByRole('status')).toHaveText(L.noAccess(`\u2068${user.userName ?? 'Noa'}\u2069`));
      await expect(main.getByRole('button', { name: L.signIn, exact: true })).toHaveCount(0);
      await expect(main.getByRole('link', { name: L.purchase })).toHaveAttribute('href', PLANNER_PAGE);

      await main.getByRole('button', { name: L.switchAccount }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByLabel(L.email)).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      await dialog.getByLabel(L.email).fill(TRAVELLER);
      await dialog.getByRole('textbox', { name: L.password, exact: true }).fill(DEMO_PASSWORD);
      await dialog.getByRole('button', { name: L.signIn, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(TRIP_228);
      await expect(page).toHaveURL(/\/single_ride_with_map\/228$/);
    });

    test('the full-screen map of a private trip goes there too; no serious accessibility violations', async ({ page }) => {
      await page.goto('/full_screen_single_ride_map/228/2');
      await expect(page).toHaveURL(/\/private_page_landing\/228$/);
      await expect(page.getByRole('heading', { level: 1, name: L.title })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: L.purchase })).toBeVisible();
      const result = await axe(page).withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  });
}

test.describe('private trip landing: bad addresses', () => {
  for (const id of ['999999', 'abc', '0']) {
    test(`/private_page_landing/${id} shows the not-found page`, async ({ page }) => {
      await page.goto(`/private_page_landing/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Trip not found' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Back to the home page' })).toBeVisible();
    });
  }

  test('a public trip opened at the landing address goes to the trip', async ({ page }) => {
    await page.goto('/private_page_landing/183');
    await expect(page).toHaveURL(/\/single_ride_with_map\/183$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Israel for first-timers');
  });
});
