import type { Browser, Page } from '@playwright/test';
import { auth, copyOf, EDITING_BASE_URL, newUser } from '../support/editing.js';
import { expect, test } from '../support/fixtures.js';

test.use({ baseURL: EDITING_BASE_URL });

async function personPage(browser: Browser, lang: 'he' | 'en', s: { token: string; userName: string }, phone: boolean): Promise<Page> {
  const context = await browser.newContext({
    baseURL: EDITING_BASE_URL,
    ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } }),
  });
  await context.addInitScript(
    ({ l, s }) => {
      localStorage.setItem('selectedLanguage', l);
      localStorage.setItem('cookieConsent', 'true');
      localStorage.setItem('token', s.token);
      localStorage.setItem('userName', s.userName);
    },
    { l: lang, s },
  );
  return context.newPage();
}

test('look at the trip page with members, presence and lists', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const owner = await newUser(request, 'look-owner', 'Dana', { signIn: true });
  const guest = await newUser(request, 'look-guest', 'Avi', { signIn: true });
  const rideId = await copyOf(request, owner.token, 843);
  const inv = await request.post(`/api/trips/${rideId}/members`, { headers: auth(owner.token), data: { role: 'editor' } });
  const url = ((await inv.json()) as { inviteUrl: string }).inviteUrl;
  const token = url.split('/').pop();
  const acc = await request.post(`/api/invites/${token}/accept`, { headers: auth(guest.token) });
  expect(acc.ok()).toBe(true);
  for (const [lang, phone] of [['he', false], ['he', true], ['en', true], ['en', false]] as const) {
    const o = await personPage(browser, lang, { token: owner.token, userName: 'Dana' }, phone);
    const g = await personPage(browser, lang, { token: guest.token, userName: 'Avi' }, !phone);
    await o.goto(`/single_ride_with_map/${rideId}`);
    await g.goto(`/single_ride_with_map/${rideId}`);
    await expect(o.getByTestId('live-presence-user')).toHaveCount(1, { timeout: 15_000 });
    await o.waitForTimeout(1500);
    await o.screenshot({ path: `/tmp/look/owner-${lang}-${phone ? 'phone' : 'desk'}.png` });
    await g.screenshot({ path: `/tmp/look/guest-${lang}-${phone ? 'desk' : 'phone'}.png` });
    await o.context().close();
    await g.context().close();
  }
});
