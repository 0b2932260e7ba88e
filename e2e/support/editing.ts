import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { EDITING_PORT } from '../playwright.config.js';
import { expect, uniqueEmail } from './fixtures.js';
import { DEMO_PASSWORD, ownClientAddress } from './session.js';

/**
 * What the specs that change trips share: they run on the "editing" server (playwright.config.ts; the copies and new
 * trips they make are public and searchable), read the texts they expect from the app's own locales, and set
 * themselves up through the API.
 */

/** For `test.use({ baseURL: EDITING_BASE_URL })` in a spec (test.use belongs in the spec file itself). */
export const EDITING_BASE_URL = `http://127.0.0.1:${EDITING_PORT}`;

/** The demo manager (README), author of the seeded trips. */
export const PLANNER = 'planner@demo.rides.local';

export type Dict = Record<string, unknown>;
/** The app's locale file, so a spec finds what a reader reads without copying the words. */
export const locale = (lang: 'he' | 'en') =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../apps/web/src/locales', `${lang}.json`), 'utf8')) as Dict;
/** A text of the locale by its dotted key, with {{name}} values filled in. */
export const text = (dict: Dict, key: string, values: Record<string, string | number> = {}) => {
  const raw = key.split('.').reduce<unknown>((o, k) => (o as Dict)[k], dict);
  if (typeof raw !== 'string') throw new Error(`no text ${key}`);
  return raw.replace(/{{(\w+)}}/g, (_, k: string) => String(values[k]));
};

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * A text as a reader sees it: the app wraps the user values inside its sentences in invisible direction isolates
 * (U+2066-U+2069, decision 0044), so they may stand between any two characters of the expected text.
 */
export const seen = (message: string) =>
  new RegExp(Array.from(message, (c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\u2066-\u2069]*'));

/** A Mantine toast with this message. */
export const toast = (page: Page, message: string) => page.locator('.mantine-Notification-root').filter({ hasText: seen(message) });

/** app_login through the API: the account's token. */
export async function login(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const res = await request.post('/api/app_login', { data: { email, password }, headers: ownClientAddress() });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/**
 * A new account through the API (register_new_user_api; it has access to no private trip), with the token the
 * registration answers. `signIn: true` takes the token from app_login instead, as a returning user's.
 */
export async function newUser(request: APIRequestContext, prefix: string, userName = 'Editor', { signIn = false } = {}) {
  const email = uniqueEmail(prefix);
  const password = 'secret-123';
  const res = await request.post('/api/register_new_user_api', { data: { email, password, userName }, headers: ownClientAddress() });
  expect(res.ok(), await res.text()).toBe(true);
  const token = signIn ? await login(request, email, password) : ((await res.json()) as { token: string }).token;
  return { email, password, token };
}

/** The user's own copy of a trip, made through the API (add_ride_to_user_api). */
export async function copyOf(request: APIRequestContext, token: string, rideId: number, headers: Record<string, string> = {}): Promise<number> {
  const res = await request.get(`/api/add_ride_to_user_api/${rideId}`, { headers: { ...auth(token), ...headers } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { newRideId: number }).newRideId;
}

/**
 * A new trip of the user's own (add_ride_api, public, 5 days from 10 May 2031), in the language: for a test that
 * writes to its trip while other workers run. A user's copy of a trip is one (add_ride_to_user_api answers the same
 * copy again), so two tests copying the same trip as the same user edit one trip at once, and a save of one meets
 * "the trip changed meanwhile" from the other.
 */
export async function newTrip(request: APIRequestContext, token: string, lang: 'he' | 'en', title = 'Trip'): Promise<number> {
  const res = await request.post('/api/add_ride_api', {
    headers: auth(token),
    data: {
      title: `${title} ${Date.now().toString(36)}`,
      checkIn: '10-05-2031',
      checkOut: '14-05-2031',
      language: lang === 'he' ? 'hebrew' : 'english',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { rideId: number }).rideId;
}

/** With SHOTS_DIR=<dir>, a screenshot `<name>-<width>.png` there for review (the full page unless told); otherwise nothing. */
export async function shot(page: Page, name: string, { fullPage = true } = {}) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage });
}
