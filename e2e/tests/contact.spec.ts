import { SMTP_APP_PORT, SMTP_HTTP_PORT } from '../playwright.config.js';
import { expect, test } from '../support/fixtures.js';

test.describe('contact form', () => {
  test.use({ baseURL: `http://127.0.0.1:${SMTP_APP_PORT}` });

  test('a message reaches the owner through a real SMTP server', async ({ page, request }) => {
    const marker = `trip question ${Date.now()}`;
    await page.goto('/about');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Contact us' }).click();
    const dialog = page.getByRole('dialog');

    // Missing name and message: both messages, nothing sent.
    await dialog.getByLabel('Email').fill('guest@example.com');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(dialog.getByText(/name/i).first()).toBeVisible();

    await dialog.getByLabel('Name').fill('Guest Traveller');
    await dialog.getByLabel('Message').fill(`Hello! ${marker}`);
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText(/Your message has been sent/)).toBeVisible();

    await expect
      .poll(async () => {
        const messages = (await (await request.get(`http://127.0.0.1:${SMTP_HTTP_PORT}/messages`)).json()) as { to: string[]; raw: string }[];
        return messages.find((m) => m.raw.includes(marker));
      })
      .toMatchObject({ to: ['owner@rides.test'] });
    const messages = (await (await request.get(`http://127.0.0.1:${SMTP_HTTP_PORT}/messages`)).json()) as { raw: string }[];
    expect(messages.find((m) => m.raw.includes(marker))!.raw).toMatch(/Reply-To: guest@example.com/i);
  });
});
