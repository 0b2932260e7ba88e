import { expect, test } from '../support/fixtures.js';
import { auth, copyOf, EDITING_BASE_URL, locale, newUser, shot, text } from '../support/editing.js';
import { signInThroughApi } from '../support/session.js';

/**
 * Planning together (issue 33 points 4, 5; decision 0066): a shared list's item ticked while the phone is offline is
 * sent when it is back (another reader sees it done), and a comment written on an activity shows in its count. The
 * trips are the user's own copies (their owner may comment and tick) on the editing server.
 */
// Offline as on a real phone: with the app's service worker (the config blocks it elsewhere).
test.use({ baseURL: EDITING_BASE_URL, serviceWorkers: 'allow' });

for (const lang of ['he', 'en'] as const) {
  test.describe(`shared lists and comments (${lang})`, () => {
    test.use({ lang });
    test.describe.configure({ timeout: 120_000 });
    const t = locale(lang);
    // Public, copyable trips written in each language (as trip-editing.spec.ts uses).
    const TRIP = lang === 'he' ? 843 : 72;

    test('a list item ticked offline syncs when the phone is back online @phone', async ({
      page,
      context,
      request,
    }) => {
      const user = await newUser(request, `lists-${lang}`, 'Owner', { signIn: true });
      const rideId = await copyOf(request, user.token, TRIP);
      const made = await request.post(`/api/trips/${rideId}/lists`, {
        headers: auth(user.token),
        data: { name: 'Packing', kind: 'packing' },
      });
      expect(made.status(), await made.text()).toBe(200);
      const listId = ((await made.json()) as { list: { id: number } }).list.id;
      const item = await request.post(`/api/trips/${rideId}/lists/${listId}/items`, {
        headers: auth(user.token),
        data: { clientId: `e2e-${lang}-passports`, text: 'Passports' },
      });
      expect(item.status()).toBe(200);

      await signInThroughApi(page, request, user.email, user.password);
      await page.goto(`/single_ride_with_map/${rideId}`);
      await page.getByRole('button', { name: text(t, 'together.lists.open') }).click();
      const drawer = page.getByTestId('lists-drawer');
      const box = drawer.getByRole('checkbox', { name: 'Passports' });
      await expect(box).not.toBeChecked();

      await context.setOffline(true);
      await box.check();
      await expect(box).toBeChecked();
      await expect(drawer.getByTestId('lists-pending')).toHaveText(
        text(t, 'together.lists.pending_one', { count: 1 }),
      );
      // Added offline too: one item, however often it is sent.
      await drawer
        .getByRole('textbox', { name: new RegExp(text(t, 'together.lists.itemPlaceholder')) })
        .fill('Sunscreen');
      await drawer.getByRole('button', { name: text(t, 'together.lists.addItem') }).click();
      await expect(drawer.getByRole('checkbox', { name: 'Sunscreen' })).toBeVisible();
      await shot(page, `lists-offline-${lang}`, { fullPage: false });
      // The server has seen nothing yet.
      const before = await request.get(`/api/trips/${rideId}/lists`, { headers: auth(user.token) });
      const beforeItems = ((await before.json()) as { lists: { items: { text: string; done: boolean }[] }[] })
        .lists[0]?.items;
      expect(beforeItems).toEqual([expect.objectContaining({ text: 'Passports', done: false })]);

      await context.setOffline(false);
      await expect(drawer.getByTestId('lists-pending')).toHaveCount(0, { timeout: 20_000 });
      await expect
        .poll(async () => {
          const res = await request.get(`/api/trips/${rideId}/lists`, { headers: auth(user.token) });
          const lists = ((await res.json()) as { lists: { items: { text: string; done: boolean }[] }[] })
            .lists;
          return lists[0]?.items.map((i) => `${i.text}:${i.done}`);
        })
        .toEqual(['Passports:true', 'Sunscreen:false']);
    });

    test('a comment written on an activity shows in its count', async ({ page, request }) => {
      const user = await newUser(request, `comments-${lang}`, 'Owner', { signIn: true });
      const rideId = await copyOf(request, user.token, TRIP);
      await signInThroughApi(page, request, user.email, user.password);
      await page.goto(`/single_ride_with_map/${rideId}`);
      const badges = page.getByTestId('together-activity').first();
      const count = badges.getByTestId('comment-count');
      await expect(count).toHaveText('0');
      await count.click();
      const drawer = page.getByTestId('comments-drawer');
      await drawer
        .getByRole('textbox', { name: text(t, 'together.comments.placeholder') })
        .fill(`Worth it? ${lang}`);
      await drawer.getByRole('button', { name: text(t, 'together.comments.send') }).click();
      // The comment as the list shows it (a paragraph; the box being written in holds its text until it is sent).
      await expect(drawer.locator('p', { hasText: `Worth it? ${lang}` })).toBeVisible();
      await drawer.getByRole('textbox', { name: text(t, 'together.comments.placeholder') }).fill('@O');
      await shot(page, `comments-${lang}`, { fullPage: false });
      await drawer.getByRole('textbox', { name: text(t, 'together.comments.placeholder') }).fill('');
      await page.keyboard.press('Escape');
      await expect(count).toHaveText('1');
      // The 👍 counts too.
      const vote = badges.getByTestId('vote');
      await vote.click();
      await expect(vote).toHaveAttribute('aria-pressed', 'true');
      await expect(vote).toHaveText('1');
      await shot(page, `trip-badges-${lang}`, { fullPage: false });
    });
  });
}
