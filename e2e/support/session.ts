import { test, type APIRequestContext, type Page } from '@playwright/test';

/** The demo accounts of the README (password demo1234). The traveller may open the private demo trip 228. */
export const DEMO_PASSWORD = 'demo1234';
export const TRAVELLER = 'traveller@demo.rides.local';

let calls = 0;
/**
 * An X-Forwarded-For header with an address no other call of the run uses, for the API calls a test makes to set
 * itself up (registering, signing in). The servers limit these per client address (10 and 30 a minute); a test about
 * something else should not wait for, or fail on, a limit that the whole parallel run reaches together. Only a server
 * that trusts its proxy (TRUST_PROXY, the "editing" server of playwright.config.ts) reads it; the others ignore it.
 */
export function ownClientAddress(): Record<string, string> {
  const n = calls++;
  return { 'x-forwarded-for': `10.${test.info().workerIndex % 256}.${(n >> 8) % 256}.${n % 256}` };
}

/**
 * Signs the page in without the sign-in modal: app_login through the API, then the session as the app stores it
 * (token, userName, role and a platform admin's isAdmin in local storage). The next navigation or reload starts
 * signed in. A page already on the site is signed in at once; a page not opened yet is signed in as its first
 * document of the site starts (an init script, applied once per tab), so a test need not load a page only to sign in:
 * each page load is seconds of a shared CPU.
 */
export async function signInThroughApi(
  page: Page,
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
) {
  const res = await request.post('/api/app_login', {
    data: { email, password },
    headers: ownClientAddress(),
  });
  const body = (await res.json()) as { token?: string; userName?: string; role?: string; isAdmin?: boolean };
  if (!res.ok() || !body.token) throw new Error(`app_login failed for ${email}: ${res.status()}`);
  const session = {
    token: body.token,
    userName: body.userName ?? '',
    role: body.role,
    isAdmin: body.isAdmin,
    origin: new URL(res.url()).origin,
    once: `__e2e_signin_${calls++}`,
  };
  const onSite = page.url().startsWith(session.origin);
  const store = ({ s, now }: { s: typeof session; now: boolean }) => {
    // As an init script: once per tab (a later sign-out or another sign-in stays), on the site's own top document only.
    if (!now && (window !== window.top || location.origin !== s.origin || sessionStorage.getItem(s.once)))
      return;
    sessionStorage.setItem(s.once, '1');
    localStorage.setItem('token', s.token);
    localStorage.setItem('userName', s.userName);
    if (s.role) localStorage.setItem('role', s.role);
    if (s.isAdmin) localStorage.setItem('isAdmin', 'true');
  };
  if (onSite) await page.evaluate(store, { s: session, now: true });
  else await page.addInitScript(store, { s: session, now: false });
  return body;
}

/** Registers a new account through the API (it has access to no private trip) and signs the page in with it. */
export async function signInAsNewUser(
  page: Page,
  request: APIRequestContext,
  email: string,
  userName: string,
) {
  const password = 'secret-123';
  const res = await request.post('/api/register_new_user_api', {
    data: { email, password, userName },
    headers: ownClientAddress(),
  });
  if (!res.ok()) throw new Error(`register_new_user_api failed: ${res.status()} ${await res.text()}`);
  return signInThroughApi(page, request, email, password);
}
