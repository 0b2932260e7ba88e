import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

/** Tests start in a chosen language with the cookie banner already answered (unless a test checks it). */
export const test = base.extend<{ lang: 'he' | 'en' }>({
  lang: ['en', { option: true }],
  page: async ({ page, lang, javaScriptEnabled }, use) => {
    await page.addInitScript((l) => {
      if (!sessionStorage.getItem('__e2e_init')) {
        localStorage.setItem('selectedLanguage', l);
        localStorage.setItem('cookieConsent', 'true');
        sessionStorage.setItem('__e2e_init', '1');
      }
    }, lang);
    if (javaScriptEnabled !== false) {
      // A server-rendered page (decision 0016) shows its content before the app is live: after a navigation to one
      // of our pages, wait for the app (`<html data-app-ready>`) as a reader's click would need it.
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      const live = async <R extends { headers(): Record<string, string> } | null>(res: R): Promise<R> => {
        if (res?.headers()['content-type']?.startsWith('text/html'))
          await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 15_000 });
        return res;
      };
      page.goto = async (url, options) => live(await goto(url, options));
      page.reload = async (options) => live(await reload(options));
    }
    await use(page);
  },
});
export { expect };

let counter = 0;
/** A unique address per test run, so tests never depend on each other's accounts. */
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;

/** The newest outbox mail to an address (the embedded default writes one JSON file per mail). */
export function latestOutboxMail(dataDir: string, to: string): { subject: string; text: string } | undefined {
  const dir = join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return undefined;
  }
  for (const f of files.reverse()) {
    const mail = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { to: string; subject: string; text: string };
    if (mail.to === to) return mail;
  }
  return undefined;
}

export async function openLogin(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: /^(Sign in|התחברות)$/ }).click();
  return page.getByRole('dialog');
}

export async function register(page: Page, user: { name: string; email: string; password: string }) {
  const dialog = await openLogin(page);
  await dialog.getByRole('button', { name: 'Create an account' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Your name').fill(user.name);
  await form.getByLabel('Email').fill(user.email);
  await form.getByRole('textbox', { name: 'New password' }).fill(user.password);
  await form.getByLabel('Confirm the password').fill(user.password);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Create account' }).click();
}
