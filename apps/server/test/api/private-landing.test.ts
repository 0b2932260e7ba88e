import { eq } from 'drizzle-orm';
import { redirectPageResponse } from '@rides/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rideAccessKeys, rides } from '../../src/db/schema/index.js';
import { postJson, type TestApp } from '../helpers/app.js';
import { createTripsTestApp, demoBearer, get } from './trips-fixtures.js';

/**
 * The private-trip landing (001 §2, §7): a visitor without access is refused the trip (403
 * user_does_not_have_permission_to_this_private_ride, which sends the page to /private_page_landing/{rideId}) and
 * asks get_redirect_page_from_ride_id where to buy it: the planner's page of the trip's access link.
 */
describe('get_redirect_page_from_ride_id', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTripsTestApp();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const ask = (payload: unknown, headers: Record<string, string> = {}) =>
    postJson(t.app, '/api/get_redirect_page_from_ride_id', payload, { headers });

  it('the private demo trip 228 refuses a visitor, and its landing gets the planner page with no sign-in', async () => {
    const refused = await get(t, '/api/ride_header_api/228');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ ServerMassageCode: 'user_does_not_have_permission_to_this_private_ride' });

    const res = await ask({ rideId: 228 });
    expect(res.statusCode).toBe(200);
    expect(redirectPageResponse.parse(res.json())).toEqual({
      ServerMassageCode: 'success',
      redirectPage: 'https://example.com/planners/subdomain/ride-228',
    });
    // The same for a signed-in reader, and with the id as text (old clients posted forms).
    expect((await ask({ rideId: '228' }, await demoBearer(t, 'traveller'))).json()).toMatchObject({
      redirectPage: 'https://example.com/planners/subdomain/ride-228',
    });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/get_redirect_page_from_ride_id',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'rideId=228',
    });
    expect(form.json()).toMatchObject({ redirectPage: 'https://example.com/planners/subdomain/ride-228' });
  });

  it('a trip without a redirect page answers null; an unknown trip is not_found', async () => {
    const res = await ask({ rideId: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ServerMassageCode: 'success', redirectPage: null });
    const missing = await ask({ rideId: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ ServerMassageCode: 'not_found' });
  });

  it.each([[{}], [{ rideId: 0 }], [{ rideId: -3 }], [{ rideId: 'abc' }], [{ rideId: 1.5 }], [{ rideId: 3_000_000_000 }], [{ rideId: null }]])(
    'a bad ride id %j is 400 bad_request',
    async (payload) => {
      const res = await ask(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ServerMassageCode: 'bad_request' });
    },
  );

  it('is described in the OpenAPI document', async () => {
    const doc = (await get(t, '/api/docs/json')).json() as { paths: Record<string, { post?: unknown }> };
    expect(doc.paths['/api/get_redirect_page_from_ride_id']?.post).toBeDefined();
  });

  it("prefers the reusable key's page, the newest; never answers an address that is not http(s)", async () => {
    const db = t.db.db;
    const [ride] = await db.select({ authorId: rides.authorId }).from(rides).where(eq(rides.id, 228));
    const key = (suffix: string, values: Partial<typeof rideAccessKeys.$inferInsert>) =>
      db.insert(rideAccessKeys).values({ rideId: 228, secretKey: `landing-test-${suffix}`, createdBy: ride?.authorId, ...values });
    await key('one-time', { redirectPage: 'https://example.com/one-time', isOneTime: true, createdAt: new Date() });
    await key('empty', { redirectPage: '', createdAt: new Date() });
    expect((await ask({ rideId: 228 })).json()).toMatchObject({ redirectPage: 'https://example.com/planners/subdomain/ride-228' });

    await key('newer', { redirectPage: 'javascript:alert(1)', createdAt: new Date(Date.now() + 60_000) });
    expect((await ask({ rideId: 228 })).json()).toEqual({ ServerMassageCode: 'success', redirectPage: null });
  });
});
