import { expect, test } from '../support/fixtures.js';
import { EDITING_BASE_URL, locale, PLANNER, shot, text, toast } from '../support/editing.js';
import { signInThroughApi } from '../support/session.js';

/**
 * /admin/categories (001 §2, 002 §2.6; decision 0020) in Hebrew and English: a manager adds a category and a
 * subcategory, is told "Name is required", deletes the category, with the toasts of 002 §2.6; a user is sent to / (manager-screens.spec.ts).
 * On the editing server: the categories are shared by the whole server.
 */
test.use({ baseURL: EDITING_BASE_URL });

for (const lang of ['he', 'en'] as const) {
  test.describe(`categories (${lang})`, () => {
    test.use({ lang });
    const t = locale(lang);

    test('a manager adds a category and a subcategory, and deletes the category @phone', async ({ page, request }) => {
      await signInThroughApi(page, request, PLANNER);
      await page.goto('/admin/categories');
      await expect(page.getByRole('heading', { level: 1, name: text(t, 'categories.title') })).toBeVisible();

      const add = page.getByRole('textbox', { name: text(t, 'categories.newCategory'), exact: true });
      await page.getByRole('button', { name: text(t, 'categories.add'), exact: true }).first().click();
      await expect(page.getByText(text(t, 'categories.nameRequired'), { exact: true })).toBeVisible();

      const name = `${lang === 'he' ? 'קטגוריה' : 'Category'} ${Date.now().toString(36)}`;
      await add.fill(`  ${name}  `);
      await add.press('Enter');
      await expect(toast(page, text(t, 'categories.savedToast'))).toBeVisible();
      const card = page.getByRole('region', { name });
      await expect(card).toBeVisible();

      const sub = card.getByRole('textbox', { name: text(t, 'categories.newSubcategory', { name }) });
      await sub.fill(lang === 'he' ? 'תת' : 'Sub');
      await sub.press('Enter');
      await expect(card.getByRole('list', { name: text(t, 'categories.subcategories', { name }) })).toContainText(lang === 'he' ? 'תת' : 'Sub');

      // The search finds it; something else hides it.
      const search = page.getByRole('searchbox', { name: text(t, 'categories.search') });
      await search.fill(name);
      await expect(card).toBeVisible();
      await shot(page, `categories-${lang}`);
      await search.fill(`${name} nothing`);
      await expect(card).toHaveCount(0);
      await search.fill('');

      await card.getByRole('button', { name: text(t, 'categories.delete', { name }) }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(text(t, 'categories.deleteCategoryText'));
      await dialog.getByRole('button', { name: text(t, 'categories.confirmDelete') }).click();
      await expect(toast(page, text(t, 'categories.deletedToast'))).toBeVisible();
      await expect(page.getByRole('region', { name })).toHaveCount(0);
    });
  });
}
