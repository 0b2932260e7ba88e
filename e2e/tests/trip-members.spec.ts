import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { auth, EDITING_BASE_URL, locale, login, PLANNER, shot, text, toast } from '../support/editing.js';
import { ownClientAddress, signInThroughApi } from '../support/session.js';

/**
 * Issue 33 point 1 "Done when": an invitation accepted by a new user. The planner (the demo manager) owns a private
 * trip, opens "Share and invite" on its page and makes a link for an editor; a new person opens the link on their
 * phone, registers in place (the app's dialog over the invitation page) and lands on the private trip as a member;
 * the owner then sees them in the dialog. The owner's screens are in Hebrew, the newcomer's in English: both
 * languages in one run. On the editing server (its trips are the specs' own).
 */
test.use({ baseURL: EDITING_BASE_URL });

/** A browser of its own, in English on a phone, its calls from an address of its own. */
async function newcomerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: ownClientAddress(),
  });
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('__e2e_init')) {
      localStorage.setItem('selectedLanguage', 'en');
      localStorage.setItem('cookieConsent', 'true');
      sessionStorage.setItem('__e2e_init', '1');
    }
  });
  return context.newPage();
}

test.describe('planning together: an invitation by link (he)', () => {
  test.use({ lang: 'he' });
  const he = locale('he');
  const en = locale('en');

  test('the owner invites by link; a new person registers from it and lands on the private trip', async ({
    page,
    browser,
    request,
  }) => {
    test.slow(); // two browsers, a registration
    const token = await login(request, PLANNER);
    const title = `Together ${Date.now().toString(36)}`;
    const made = await request.post('/api/add_ride_api', {
      headers: { ...auth(token), ...ownClientAddress() },
      data: { title, checkIn: '01-09-2031', checkOut: '03-09-2031', is_publick: false, language: 'hebrew' },
    });
    expect(made.ok(), await made.text()).toBe(true);
    const rideId = ((await made.json()) as { rideId: number }).rideId;

    // The owner: the trip's people beside the title, and "Share and invite".
    await signInThroughApi(page, request, PLANNER);
    await page.goto(`/single_ride_with_map/${rideId}`);
    await page.getByRole('button', { name: text(he, 'members.share') }).click();
    const dialog = page.getByRole('dialog', { name: text(he, 'members.dialogTitle') });
    await expect(dialog.getByText(text(he, 'members.roleHelp.editor'))).toBeVisible();
    await dialog.getByRole('radio', { name: text(he, 'members.roles.editor') }).check();
    await dialog.getByRole('button', { name: text(he, 'members.createLink') }).click();
    const field = dialog.getByRole('textbox', { name: text(he, 'members.linkLabel', { days: 14 }) });
    await expect(field).toHaveValue(new RegExp(`^${EDITING_BASE_URL}/invite/[A-Za-z0-9_-]{43}$`));
    const link = await field.inputValue();
    // The open invitation is listed, by link, revocable.
    await expect(dialog.getByRole('list', { name: text(he, 'members.invitesTitle') })).toContainText(
      text(he, 'members.byLink'),
    );
    await shot(page, 'share-dialog-he', { fullPage: false });

    // A new person, in English on their phone: the invitation, then registering in place, then the trip.
    const newcomer = await newcomerPage(browser);
    await newcomer.goto(link);
    await expect(
      newcomer.getByRole('heading', { level: 1, name: text(en, 'members.invitePage.title') }),
    ).toBeVisible();
    await expect(newcomer.getByText(text(en, 'members.roleHelp.editor'))).toBeVisible();
    // No trip content on the invitation.
    await expect(newcomer.getByText(title)).toHaveCount(0);
    await shot(newcomer, 'invite-page-en', { fullPage: false });
    await newcomer.getByRole('button', { name: text(en, 'members.invitePage.register') }).click();
    const form = newcomer.getByRole('dialog', { name: text(en, 'auth.register.title') });
    await form.getByRole('textbox', { name: text(en, 'auth.fields.userName') }).fill('Noa Levi');
    await form
      .getByRole('textbox', { name: text(en, 'auth.fields.email') })
      .fill(`noa.${Date.now().toString(36)}@example.com`);
    await form
      .getByRole('textbox', { name: text(en, 'auth.fields.newPassword'), exact: true })
      .fill('secret-123');
    await form.getByRole('textbox', { name: text(en, 'auth.fields.confirmPassword') }).fill('secret-123');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: text(en, 'auth.register.submit') }).click();
    await expect(newcomer).toHaveURL(new RegExp(`/single_ride_with_map/${rideId}$`));
    await expect(newcomer.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(
      toast(newcomer, text(en, 'members.invitePage.joined', { role: text(en, 'members.roles.editor') })),
    ).toBeVisible();
    // A member sees the people, not the owner's tools; an editor gets the editing controls and changes the trip.
    await expect(newcomer.getByRole('button', { name: text(en, 'members.people') })).toBeVisible();
    await expect(newcomer.getByRole('switch', { name: text(en, 'tripEditing.lock.label') })).toHaveCount(0);
    await newcomer
      .getByRole('button', { name: text(en, 'tripEditing.dayMenu', { number: 1 }), exact: true })
      .click();
    await newcomer.getByRole('menuitem', { name: text(en, 'tripEditing.addDayAfter') }).click();
    await expect(toast(newcomer, text(en, 'scroll_down_to_see_the_added_day'))).toBeVisible();
    await expect(newcomer.locator('#trip-day-4')).toBeVisible();
    await newcomer.context().close();

    // The owner sees the new member, with their role, in the dialog.
    await dialog.getByRole('button', { name: text(he, 'common.close') }).click();
    await page.reload();
    await page.getByRole('button', { name: text(he, 'members.share') }).click();
    const people = page.getByRole('list', { name: text(he, 'members.peopleTitle') });
    await expect(people.getByRole('listitem').filter({ hasText: 'Noa Levi' })).toBeVisible();
    await expect(
      people.getByRole('combobox', { name: text(he, 'members.roleOf', { name: 'Noa Levi' }) }),
    ).toHaveValue('editor');
    await expect(page.getByRole('group', { name: text(he, 'members.avatarsLabel') })).toBeVisible();
  });
});
