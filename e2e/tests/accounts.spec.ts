import { outboxDataDir } from '../playwright.config.js';
import { expect, latestOutboxMail, openLogin, register, test, uniqueEmail } from '../support/fixtures.js';

test.describe('accounts', () => {
  test('register, sign out, sign in, wrong password @phone', async ({ page }) => {
    const user = { name: 'Dana Levi', email: uniqueEmail('dana'), password: 'secret-123' };
    await page.goto('/');
    await register(page, user);
    await expect(page.getByRole('dialog')).toBeHidden();
    // The welcome toast lies over the phone's header for a few seconds, and a pointer resting on a toast pauses its
    // closing: a click on the menu under it could wait for ever. A reader waits for it to go, or closes it.
    await expect(page.getByRole('alert').filter({ hasText: user.name })).toBeHidden({ timeout: 15_000 });
    // Any other toast too (a run once waited 90 s on the menu button under one): the pointer leaves, they go.
    await page.mouse.move(1, page.viewportSize()!.height - 1);
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
    const menuButton = page.getByRole('button', { name: 'Open the menu' });
    // On a phone the account controls live in the menu.
    const isPhone = page.viewportSize()!.width < 768;
    const signOut = page.getByRole('button', { name: 'Sign out', exact: true });
    if (isPhone) {
      // A tap on the menu can be lost while the header re-renders after signing in (runs waited 90 s for the menu's
      // "sign out" that never opened): tap again until the menu is open.
      await expect(async () => {
        if (!(await signOut.isVisible())) await menuButton.click();
        await expect(signOut).toBeVisible({ timeout: 3_000 });
      }).toPass({ timeout: 30_000 });
    }
    await expect(page.getByText(user.name).filter({ visible: true }).first()).toBeVisible();
    await signOut.click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
    // The "signed out" toast (top centre) lies over a phone's header, and the pointer that clicked "sign out" in the
    // menu may rest on it, which pauses its closing: "sign in" under it would wait for ever (the run that timed out).
    // A finger does not hover: the pointer leaves, and the toast goes.
    await page.mouse.move(1, page.viewportSize()!.height - 1);
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });

    // Wrong password: a translated message, and what was typed stays.
    const dialog = await openLogin(page);
    await dialog.getByLabel('Email').fill(`  ${user.email.toUpperCase()} `);
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.getByText('The password is incorrect.')).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveValue(user.email.toUpperCase());

    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);

    // The session survives a reload.
    await page.reload();
    if (isPhone) await menuButton.click();
    await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
  });

  test('bad input on registration keeps what was typed', async ({ page }) => {
    await page.goto('/');
    const dialog = await openLogin(page);
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Your name').fill('Avi');
    await form.getByLabel('Email').fill('avi @example.com');
    await form.getByRole('textbox', { name: 'New password' }).fill('123');
    await form.getByLabel('Confirm the password').fill('123');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText('The email address must not contain spaces.')).toBeVisible();
    await expect(form.getByLabel('Your name')).toHaveValue('Avi');
    await expect(form.getByLabel('Email')).toHaveValue('avi @example.com');
  });

  test('the demo planner signs in with the password the README gives', async ({ page }) => {
    await page.goto('/');
    const dialog = await openLogin(page);
    await dialog.getByLabel('Email').fill('planner@demo.rides.local');
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('demo1234');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('manager');
  });

  test('an already registered address is refused with a clear message', async ({ page }) => {
    await page.goto('/');
    await register(page, { name: 'Traveller twin', email: 'traveller@demo.rides.local', password: 'whatever-1' });
    await expect(page.getByRole('dialog').getByText(/already exists/)).toBeVisible();
  });

  test('reset a forgotten password through the mailed link', async ({ page }) => {
    const user = { name: 'Yael', email: uniqueEmail('yael'), password: 'first-pass' };
    await page.goto('/');
    await register(page, user);
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.evaluate(() => localStorage.removeItem('token'));

    await page.goto('/request-password-reset');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(/sent you an email with a link/)).toBeVisible();

    // The mail leaves after the answer (decision 0006: the answer does not wait for the mail), so it may land
    // in the outbox a moment after the page says it was sent.
    await expect.poll(() => latestOutboxMail(outboxDataDir, user.email), { message: 'a reset mail in the outbox' }).toBeTruthy();
    const mail = latestOutboxMail(outboxDataDir, user.email);
    const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail!.text)?.[0];
    expect(link).toBeTruthy();

    await page.goto(link!);
    await page.getByLabel('New password').fill('second-pass');
    await page.getByLabel('Confirm the password').fill('second-pass');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText(/Your password has been updated/)).toBeVisible();

    // The link works once, and a used link says so before asking for anything (decision 0045).
    await page.goto(link!);
    await expect(page.getByText(/invalid or has expired/)).toBeVisible();
    await expect(page.getByLabel('New password')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/request-password-reset');

    // The new password signs in.
    await page.goto('/');
    const dialog = await openLogin(page);
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('second-pass');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('the reset page without a token says so and goes home', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByText(/invalid or has expired/)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('session rules', () => {
  /** A token as the client sees it: only its payload is read in the browser; the server checks signatures. */
  const fakeToken = (payload: object) =>
    ['{"alg":"HS256","typ":"JWT"}', JSON.stringify(payload)].map((p) => Buffer.from(p).toString('base64url')).join('.') + '.sig';

  test('a token without user_id asks to sign in again (Security Update)', async ({ page }) => {
    const token = fakeToken({ role: 'user', exp: Math.floor(Date.now() / 1000) + 3600 });
    await page.addInitScript((t) => localStorage.setItem('token', t), token);
    await page.goto('/');
    const notice = page.getByRole('dialog', { name: 'Security Update' });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Login Again' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in to rides' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('an expired token ends the session', async ({ page }) => {
    const token = fakeToken({ user_id: 7, role: 'user', exp: Math.floor(Date.now() / 1000) - 60 });
    await page.addInitScript((t) => {
      if (!sessionStorage.getItem('__expired_set')) {
        localStorage.setItem('token', t);
        localStorage.setItem('userName', 'Old Session');
        sessionStorage.setItem('__expired_set', '1');
      }
    }, token);
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
