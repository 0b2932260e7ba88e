import {
  copyPrivateRideResponse,
  copyPrivateRideStatusResponse,
  oneUserAccessKeyResponse,
  RECIPIENT_DETAILS_INPUT_MAX,
  RECIPIENT_DETAILS_MAX,
  recordRideShareResponse,
  rideSubdomainSettingsResponse,
} from '@rides/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/db/seed/index.js';
import { PARTNER_SUBDOMAIN } from '../../src/db/seed/themes.js';
import {
  rideAccessKeys,
  rideAccessKeyUses,
  rideAuthorizedUsers,
  rides,
  rideShares,
  rideWhiteLabelPermissions,
  subdomainThemes,
} from '../../src/db/schema/index.js';
import {
  claimOneTimeKey,
  claimOneTimeKeyForJoin,
  isOneTimeKeyUnused,
  oneTimeKeyHolder,
} from '../../src/modules/one-time-links/one-time-key.repository.js';
import { recipientDetailsOf } from '../../src/modules/one-time-links/one-time-links.service.js';
import type { TestApp } from '../helpers/app.js';
import {
  call,
  expectCode,
  makeTrip,
  newUser,
  readTrip,
  snapshot,
  type Editor,
} from './trip-editing-fixtures.js';
import { createTripsTestApp, userIdOf, bearer } from './trips-fixtures.js';

/**
 * Issue 18 points 3, 4, 6, 7 (decision 0030): get_one_user_access_key, the one-time key's claim, copy_private_ride_api,
 * the sub-domain manager's settings (and what they let a white-label trip's clients do), record_ride_share_api. Every
 * call both ways, every code; a refused call changes nothing.
 */
describe('one-time links, private copies, sub-domain managers, shares', () => {
  let t: TestApp;
  let planner: Editor;
  let partner: Editor;
  const partnerHost = `${PARTNER_SUBDOMAIN}.rides.example.com`;
  beforeAll(async () => {
    t = await createTripsTestApp();
    planner = await newUser(t, 'manager');
    const partnerId = await userIdOf(t, DEMO_ACCOUNTS.subdomain.email);
    partner = { id: partnerId, headers: await bearer(t, partnerId, DEMO_ACCOUNTS.subdomain.role ?? 'user') };
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const oneTime = (payload: unknown, headers: Record<string, string> = {}) =>
    call(t, 'POST', '/api/get_one_user_access_key', { headers, payload });
  const copyPrivate = (rideId: number | string, headers: Record<string, string> = {}, host?: string) =>
    call(t, 'GET', `/api/copy_private_ride_api/${rideId}`, {
      headers: { ...headers, ...(host ? { host } : {}) },
    });
  const settings = (rideId: number | string, headers: Record<string, string> = {}) =>
    call(t, 'GET', `/api/ride_subdomain_settings_api/${rideId}`, { headers });
  const updateSettings = (
    rideId: number | string,
    payload: unknown,
    headers: Record<string, string> = {},
    host?: string,
  ) =>
    call(t, 'POST', `/api/update_ride_subdomain_settings_api/${rideId}`, {
      headers: { ...headers, ...(host ? { host } : {}) },
      payload,
    });
  const share = (payload: unknown, headers: Record<string, string> = {}) =>
    call(t, 'POST', '/api/record_ride_share_api', { headers, payload });

  /** A private trip of the planner (a manager authoring it, as ride manager). */
  const privateTrip = () =>
    makeTrip(t, {
      authorId: planner.id,
      rideManagerId: planner.id,
      type: 'private',
      days: 2,
      perDay: [['a'], ['b']],
    });

  /** A key of the trip and a client who came in with it (as the joining call leaves them: authorised, use admitted). */
  async function client(
    rideId: number,
    action: 'view' | 'copy',
    how: 'authorised' | 'use' = 'authorised',
  ): Promise<Editor> {
    const user = await newUser(t);
    const [key] = await t.db.db
      .insert(rideAccessKeys)
      .values({ rideId, secretKey: `k${rideId}x${user.id}x${Date.now()}`, action })
      .returning({ id: rideAccessKeys.id });
    const keyId = (key as { id: number }).id;
    if (how === 'authorised')
      await t.db.db.insert(rideAuthorizedUsers).values({ rideId, userId: user.id, keyId });
    await t.db.db
      .insert(rideAccessKeyUses)
      .values({ keyId, userId: user.id, admitted: how === 'use' || action === 'copy', message: 'joined' });
    return user;
  }

  describe('get_one_user_access_key', () => {
    it("makes a one-time key of the author's private trip: its link, unused, the details prefixed with the user id", async () => {
      const trip = await privateTrip();
      const res = await oneTime(
        { ride_id: trip.rideId, recipientDetails: '  Dana, 050-1234567 ' },
        planner.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      const { accessData } = oneUserAccessKeyResponse.parse(res.json());
      expect(accessData).toMatchObject({
        status: 'unused',
        ride_id: trip.rideId,
        recipientDetails: `${planner.id} Dana, 050-1234567`,
      });
      expect(accessData.link).toBe(`https://rides.test/assign_to_ride/${accessData.key}`);
      expect(accessData.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const [row] = await t.db.db
        .select()
        .from(rideAccessKeys)
        .where(eq(rideAccessKeys.secretKey, accessData.key));
      expect(row).toMatchObject({
        rideId: trip.rideId,
        isOneTime: true,
        authorizedUsersCount: 1,
        createdBy: planner.id,
        action: 'view',
      });
      // Every call makes a new one.
      const again = oneUserAccessKeyResponse.parse(
        (await oneTime({ ride_id: String(trip.rideId) }, planner.headers)).json(),
      );
      expect(again.accessData.key).not.toBe(accessData.key);
      expect(again.accessData.recipientDetails).toBe(String(planner.id));
    });

    it("takes the settings of the trip's reusable key (a copy key makes copy one-time keys); form fields are read too", async () => {
      const trip = await privateTrip();
      await t.db.db.insert(rideAccessKeys).values({
        rideId: trip.rideId,
        secretKey: `main-${trip.rideId}`,
        action: 'copy',
        redirectPage: 'https://planner.example/buy',
      });
      const res = await call(t, 'POST', '/api/get_one_user_access_key', {
        headers: { ...planner.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `ride_id=${trip.rideId}&recipientDetails=Noa`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { accessData } = oneUserAccessKeyResponse.parse(res.json());
      const [row] = await t.db.db
        .select()
        .from(rideAccessKeys)
        .where(eq(rideAccessKeys.secretKey, accessData.key));
      expect(row).toMatchObject({
        action: 'copy',
        redirectPage: 'https://planner.example/buy',
        recipientDetails: `${planner.id} Noa`,
      });
    });

    it('cuts the details to 200 characters (never inside a character); more than anyone types is refused', async () => {
      const trip = await privateTrip();
      const long = 'שלום🙂'.repeat(100);
      const { accessData } = oneUserAccessKeyResponse.parse(
        (await oneTime({ ride_id: trip.rideId, recipientDetails: long }, planner.headers)).json(),
      );
      expect(Array.from(accessData.recipientDetails)).toHaveLength(RECIPIENT_DETAILS_MAX);
      expect(accessData.recipientDetails.startsWith(`${planner.id} שלום🙂`)).toBe(true);
      expect(recipientDetailsOf(7, '🙂'.repeat(300))).toBe(`7 ${'🙂'.repeat(198)}`);

      const before = await t.db.db.$count(rideAccessKeys, eq(rideAccessKeys.rideId, trip.rideId));
      expectCode(
        await oneTime({ ride_id: trip.rideId, recipientDetails: 'x'.repeat(10_000) }, planner.headers),
        400,
        'recipient_details_too_long',
      );
      expectCode(
        await oneTime(
          { ride_id: trip.rideId, recipientDetails: 'x'.repeat(RECIPIENT_DETAILS_INPUT_MAX + 1) },
          planner.headers,
        ),
        400,
        'recipient_details_too_long',
      );
      expectCode(
        await oneTime({ ride_id: trip.rideId, recipientDetails: 'a\u0001b' }, planner.headers),
        400,
        'text_has_control_characters',
      );
      expect(await t.db.db.$count(rideAccessKeys, eq(rideAccessKeys.rideId, trip.rideId))).toBe(before);
    });

    it('refuses: no token 401, bad id 400, unknown trip 404, a stranger or a client 403, a public trip 409', async () => {
      const trip = await privateTrip();
      const viewer = await client(trip.rideId, 'view');
      const stranger = await newUser(t, 'manager');
      expectCode(await oneTime({ ride_id: trip.rideId }), 401, 'user_is_not_authorized');
      expectCode(await oneTime({ ride_id: 'abc' }, planner.headers), 400, 'bad_request');
      expectCode(await oneTime({}, planner.headers), 400, 'bad_request');
      expectCode(await oneTime({ ride_id: 2_000_000_000 }, planner.headers), 404, 'not_found');
      expectCode(await oneTime({ ride_id: trip.rideId }, stranger.headers), 403, 'one_time_link_not_allowed');
      expectCode(await oneTime({ ride_id: trip.rideId }, viewer.headers), 403, 'one_time_link_not_allowed');
      const open = await makeTrip(t, { authorId: planner.id, days: 1 });
      expectCode(await oneTime({ ride_id: open.rideId }, planner.headers), 409, 'ride_is_not_private');
      expect(await t.db.db.$count(rideAccessKeys, eq(rideAccessKeys.isOneTime, true))).toBeGreaterThan(0);
      expect(
        await t.db.db.$count(
          rideAccessKeys,
          and(eq(rideAccessKeys.rideId, trip.rideId), eq(rideAccessKeys.isOneTime, true)),
        ),
      ).toBe(0);
    });

    it("the trip's planner (not its author) may; the sub-domain manager's links are on the sub-domain", async () => {
      const author = await newUser(t, 'manager');
      const trip = await makeTrip(t, {
        authorId: author.id,
        rideManagerId: planner.id,
        type: 'private',
        days: 1,
      });
      expect((await oneTime({ ride_id: trip.rideId }, planner.headers)).statusCode).toBe(200);
      const wl = await makeTrip(t, {
        authorId: author.id,
        isWhiteLabel: true,
        subdomain: PARTNER_SUBDOMAIN,
        days: 1,
      });
      const res = await oneTime({ ride_id: wl.rideId }, partner.headers);
      expect(res.statusCode, res.body).toBe(200);
      const { accessData } = oneUserAccessKeyResponse.parse(res.json());
      expect(accessData.link).toBe(
        `https://${PARTNER_SUBDOMAIN}.rides.test/assign_to_ride/${accessData.key}`,
      );
    });
  });

  describe('the one-time key admits one person, ever (claimOneTimeKey, for the joining call)', () => {
    async function newKey(): Promise<number> {
      const trip = await privateTrip();
      const { accessData } = oneUserAccessKeyResponse.parse(
        (await oneTime({ ride_id: trip.rideId }, planner.headers)).json(),
      );
      const [row] = await t.db.db
        .select({ id: rideAccessKeys.id })
        .from(rideAccessKeys)
        .where(eq(rideAccessKeys.secretKey, accessData.key));
      return (row as { id: number }).id;
    }

    it('the first person claims it; they again: mine; anyone else: used', async () => {
      const keyId = await newKey();
      const [a, b] = [await newUser(t), await newUser(t)];
      expect(await isOneTimeKeyUnused(t.db.db, keyId)).toBe(true);
      expect(await t.db.db.transaction((tx) => claimOneTimeKey(tx, keyId, a.id))).toBe('claimed');
      expect(await t.db.db.transaction((tx) => claimOneTimeKey(tx, keyId, a.id))).toBe('mine');
      expect(await t.db.db.transaction((tx) => claimOneTimeKey(tx, keyId, b.id))).toBe('used');
      expect(await isOneTimeKeyUnused(t.db.db, keyId)).toBe(false);
      expect((await oneTimeKeyHolder(t.db.db, keyId))?.userId).toBe(a.id);
      // As the join calls it: the holder passes, anyone else is refused with the code.
      await t.db.db.transaction((tx) => claimOneTimeKeyForJoin(tx, keyId, a.id));
      await expect(
        t.db.db.transaction((tx) => claimOneTimeKeyForJoin(tx, keyId, b.id)),
      ).rejects.toMatchObject({
        code: 'one_time_link_already_used',
        status: 403,
      });
    });

    it('a join that fails after the claim leaves the key unused', async () => {
      const keyId = await newKey();
      const a = await newUser(t);
      await expect(
        t.db.db.transaction(async (tx) => {
          expect(await claimOneTimeKey(tx, keyId, a.id)).toBe('claimed');
          throw new Error('the join failed');
        }),
      ).rejects.toThrow('the join failed');
      expect(await isOneTimeKeyUnused(t.db.db, keyId)).toBe(true);
    });

    it('people racing for one key: exactly one gets it', async () => {
      const keyId = await newKey();
      const people = await Promise.all(Array.from({ length: 5 }, () => newUser(t)));
      const results = await Promise.all(
        people.map((p) => t.db.db.transaction((tx) => claimOneTimeKey(tx, keyId, p.id))),
      );
      expect(results.filter((r) => r === 'claimed')).toHaveLength(1);
      expect(results.filter((r) => r === 'used')).toHaveLength(4);
    });
  });

  describe('joining with a one-time link (add_user_to_ride_privacy_api, decision 0028)', () => {
    const join = (key: string, headers: Record<string, string>) =>
      call(t, 'POST', '/api/add_user_to_ride_privacy_api', {
        headers,
        payload: { rideKeyValue: key, subdomain: null },
      });

    it('admits the first person and refuses the next, for ever; the claim names the first', async () => {
      const trip = await privateTrip();
      const { accessData } = oneUserAccessKeyResponse.parse(
        (await oneTime({ ride_id: trip.rideId, recipientDetails: 'Dana' }, planner.headers)).json(),
      );
      const [first, second] = [await newUser(t), await newUser(t)];
      const res = await join(accessData.key, first.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect((await readTrip(t, trip.rideId, first.headers)).ride.id).toBe(trip.rideId);
      expectCode(await join(accessData.key, second.headers), 403, 'one_time_link_already_used');
      expectCode(
        await call(t, 'GET', `/api/ride_attractions_api/${trip.rideId}`, { headers: second.headers }),
        403,
        'user_does_not_have_permission_to_this_private_ride',
      );
      const [row] = await t.db.db
        .select({ id: rideAccessKeys.id })
        .from(rideAccessKeys)
        .where(eq(rideAccessKeys.secretKey, accessData.key));
      const keyId = (row as { id: number }).id;
      expect((await oneTimeKeyHolder(t.db.db, keyId))?.userId).toBe(first.id);
      // Every use is recorded, the refused one too (for the one-time access usage screen).
      const uses = await t.db.db.select().from(rideAccessKeyUses).where(eq(rideAccessKeyUses.keyId, keyId));
      expect(uses.map((u) => [u.userId, u.admitted]).sort()).toEqual(
        [
          [first.id, true],
          [second.id, false],
        ].sort(),
      );
    });
  });

  describe('copy_private_ride_api', () => {
    it("gives a client of a copy key their own private copy, planned by the trip's planner; again: the same copy", async () => {
      const trip = await privateTrip();
      const before = await snapshot(t, trip.rideId);
      for (const how of ['authorised', 'use'] as const) {
        const copier = await client(trip.rideId, 'copy', how);
        const res = await copyPrivate(trip.rideId, copier.headers);
        expect(res.statusCode, res.body).toBe(200);
        const body = copyPrivateRideResponse.parse(res.json());
        expect(body).toMatchObject({
          ServerMassageCode: 'uesr_copyed_new_ride',
          basedRideId: trip.rideId,
          alreadyCopied: false,
        });
        const mine = await readTrip(t, body.newRideId, copier.headers);
        expect(mine.ride).toMatchObject({
          authorId: copier.id,
          type: 'private',
          ride_manager_id: planner.id,
          based_ride_id: trip.rideId,
        });
        expect(mine.attractionsByDay.map((d) => d.daily_attractions.map((a) => a.title))).toEqual([
          ['a'],
          ['b'],
        ]);
        // The planner sees the client's copy; a stranger does not.
        expect(
          (await call(t, 'GET', `/api/ride_attractions_api/${body.newRideId}`, { headers: planner.headers }))
            .statusCode,
        ).toBe(200);
        expectCode(
          await call(t, 'GET', `/api/ride_attractions_api/${body.newRideId}`, {
            headers: (await newUser(t)).headers,
          }),
          403,
          'user_does_not_have_permission_to_this_private_ride',
        );
        const again = copyPrivateRideResponse.parse((await copyPrivate(trip.rideId, copier.headers)).json());
        expect(again).toEqual({ ...body, alreadyCopied: true });
      }
      expect(await snapshot(t, trip.rideId)).toEqual(before);
    });

    it('refuses everyone else: a view client, a removed client, a stranger, the author; a demo trip; nothing is copied', async () => {
      const trip = await privateTrip();
      const viewer = await client(trip.rideId, 'view');
      const removed = await client(trip.rideId, 'copy', 'use');
      await t.db.db
        .update(rideAccessKeyUses)
        .set({ removedAt: new Date() })
        .where(eq(rideAccessKeyUses.userId, removed.id));
      const stranger = await newUser(t);
      for (const who of [viewer, removed, stranger, planner]) {
        expectCode(
          await copyPrivate(trip.rideId, who.headers),
          403,
          'user_does_not_have_permission_to_this_private_ride',
        );
      }
      expectCode(await copyPrivate(trip.rideId), 401, 'user_is_not_authorized');
      expectCode(await copyPrivate('x1', stranger.headers), 400, 'bad_request');
      expectCode(await copyPrivate(2_000_000_000, stranger.headers), 404, 'not_found');
      const demo = await makeTrip(t, {
        authorId: planner.id,
        rideManagerId: planner.id,
        type: 'private',
        days: 1,
        isDemo: true,
      });
      const demoClient = await client(demo.rideId, 'copy');
      expectCode(
        await copyPrivate(demo.rideId, demoClient.headers),
        403,
        'user_does_not_have_permission_to_this_private_ride',
      );
      expect(await t.db.db.$count(rides, eq(rides.basedRideId, trip.rideId))).toBe(0);
    });

    it('copy_private_ride_status_api: a copy client may copy (then the copy they have); anyone else may not', async () => {
      const status = async (rideId: number | string, headers: Record<string, string>) => {
        const res = await call(t, 'GET', `/api/copy_private_ride_status_api/${rideId}`, { headers });
        expect(res.statusCode, res.body).toBe(200);
        return copyPrivateRideStatusResponse.parse(res.json());
      };
      const trip = await privateTrip();
      const copier = await client(trip.rideId, 'copy');
      expect(await status(trip.rideId, copier.headers)).toEqual({
        ServerMassageCode: 'success',
        mayCopy: true,
        copyRideId: null,
      });
      const copied = copyPrivateRideResponse.parse((await copyPrivate(trip.rideId, copier.headers)).json());
      expect(await status(trip.rideId, copier.headers)).toMatchObject({
        mayCopy: true,
        copyRideId: copied.newRideId,
      });
      const before = await snapshot(t, trip.rideId);
      for (const who of [await client(trip.rideId, 'view'), await newUser(t), planner]) {
        expect(await status(trip.rideId, who.headers)).toEqual({
          ServerMassageCode: 'success',
          mayCopy: false,
          copyRideId: null,
        });
      }
      // An unknown trip says no more than a trip one may not copy.
      expect(await status(2_000_000_000, copier.headers)).toMatchObject({ mayCopy: false });
      expectCode(
        await call(t, 'GET', `/api/copy_private_ride_status_api/${trip.rideId}`),
        401,
        'user_is_not_authorized',
      );
      expectCode(
        await call(t, 'GET', '/api/copy_private_ride_status_api/x1', { headers: copier.headers }),
        400,
        'bad_request',
      );
      expect(await snapshot(t, trip.rideId)).toEqual(before);
    });

    it('a sub-domain trip is copied on its own sub-domain only', async () => {
      const trip = await makeTrip(t, {
        authorId: partner.id,
        rideManagerId: partner.id,
        type: 'private',
        isWhiteLabel: true,
        subdomain: PARTNER_SUBDOMAIN,
        days: 1,
      });
      const copier = await client(trip.rideId, 'copy');
      expectCode(await copyPrivate(trip.rideId, copier.headers), 403, 'error_ride_is_not_from_subdomain');
      const res = await copyPrivate(trip.rideId, copier.headers, partnerHost);
      expect(res.statusCode, res.body).toBe(200);
      const mine = await readTrip(t, copyPrivateRideResponse.parse(res.json()).newRideId, copier.headers);
      expect(mine.ride).toMatchObject({
        subdomain: PARTNER_SUBDOMAIN,
        is_white_label: true,
        type: 'private',
      });
    });
  });

  describe('sub-domain managers (001 §6)', () => {
    it('mark their trip as belonging to their closed environment, white-label, and what its clients may do', async () => {
      const trip = await makeTrip(t, {
        authorId: partner.id,
        rideManagerId: partner.id,
        type: 'private',
        days: 1,
      });
      const start = rideSubdomainSettingsResponse.parse(
        (await settings(trip.rideId, partner.headers)).json(),
      );
      expect(start.settings).toEqual({
        ride_id: trip.rideId,
        is_subdomain: false,
        subdomain: null,
        is_white_label: false,
        allowUsersToEdit: false,
        allowOneTimeLinks: false,
      });

      const before = await snapshot(t, trip.rideId);
      expectCode(
        await updateSettings(trip.rideId, { allowOneTimeLinks: true }, partner.headers),
        400,
        'ride_is_not_white_label',
      );
      expect(await snapshot(t, trip.rideId)).toEqual(before);

      const res = await updateSettings(
        trip.rideId,
        { is_subdomain: true, is_white_label: 'true', allowUsersToEdit: true },
        partner.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(rideSubdomainSettingsResponse.parse(res.json()).settings).toMatchObject({
        is_subdomain: true,
        subdomain: PARTNER_SUBDOMAIN,
        is_white_label: true,
        allowUsersToEdit: true,
        allowOneTimeLinks: false,
      });
      // The trip view reads the change at once (the edit transaction dropped it).
      expect((await readTrip(t, trip.rideId, partner.headers)).ride).toMatchObject({
        subdomain: PARTNER_SUBDOMAIN,
        is_white_label: true,
      });
      // Only what is sent changes.
      const next = rideSubdomainSettingsResponse.parse(
        (await updateSettings(trip.rideId, { allowOneTimeLinks: 1 }, partner.headers)).json(),
      );
      expect(next.settings).toMatchObject({
        allowUsersToEdit: true,
        allowOneTimeLinks: true,
        subdomain: PARTNER_SUBDOMAIN,
      });
      // No longer white-label: the clients keep no permission; out of the closed environment.
      const out = rideSubdomainSettingsResponse.parse(
        (
          await updateSettings(trip.rideId, { is_white_label: false, is_subdomain: false }, partner.headers)
        ).json(),
      );
      expect(out.settings).toEqual({
        ride_id: trip.rideId,
        is_subdomain: false,
        subdomain: null,
        is_white_label: false,
        allowUsersToEdit: false,
        allowOneTimeLinks: false,
      });
      const [perm] = await t.db.db
        .select()
        .from(rideWhiteLabelPermissions)
        .where(eq(rideWhiteLabelPermissions.rideId, trip.rideId));
      expect(perm).toMatchObject({
        usersMayEdit: false,
        usersMayCreateOneTimeLinks: false,
        updatedBy: partner.id,
      });
    });

    it('refuses: no token 401, someone managing no sub-domain 403, a trip not theirs 403, another sub-domain 403, bad input 400', async () => {
      const trip = await makeTrip(t, { authorId: partner.id, days: 1 });
      const before = await snapshot(t, trip.rideId);
      expectCode(await settings(trip.rideId), 401, 'user_is_not_authorized');
      expectCode(await updateSettings(trip.rideId, { is_subdomain: true }), 401, 'user_is_not_authorized');
      // The trip's planner who manages no sub-domain.
      const own = await makeTrip(t, {
        authorId: planner.id,
        rideManagerId: planner.id,
        type: 'private',
        days: 1,
      });
      expectCode(
        await settings(own.rideId, planner.headers),
        403,
        'subdomain_ride_requires_subdomain_manager',
      );
      expectCode(
        await updateSettings(own.rideId, { is_subdomain: true }, planner.headers),
        403,
        'subdomain_ride_requires_subdomain_manager',
      );
      // The partner on a trip that is neither theirs nor in their sub-domain.
      expectCode(await settings(own.rideId, partner.headers), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      expectCode(
        await updateSettings(own.rideId, { is_subdomain: true }, partner.headers),
        403,
        'uesr_is_not_authorize_to_edit_this_ride',
      );
      // Another manager's sub-domain: its manager may not take the partner's trip there, nor touch a trip of it.
      const other = await newUser(t, 'manager');
      await t.db.db
        .update(subdomainThemes)
        .set({ userId: other.id })
        .where(eq(subdomainThemes.subdomain, 'coastal'));
      const coastal = await makeTrip(t, {
        authorId: partner.id,
        days: 1,
        subdomain: 'coastal',
        isWhiteLabel: true,
      });
      expectCode(
        await updateSettings(coastal.rideId, { is_subdomain: false }, partner.headers),
        403,
        'error_ride_is_not_from_subdomain',
      );
      expectCode(await settings(coastal.rideId, partner.headers), 403, 'error_ride_is_not_from_subdomain');
      expectCode(
        await updateSettings(trip.rideId, { is_subdomain: true }, other.headers),
        403,
        'uesr_is_not_authorize_to_edit_this_ride',
      );
      // ...but the manager of 'coastal' governs the trips in it.
      expect((await settings(coastal.rideId, other.headers)).statusCode).toBe(200);
      expectCode(
        await updateSettings(trip.rideId, { is_subdomain: 'perhaps' }, partner.headers),
        400,
        'bad_request',
      );
      expectCode(await updateSettings('0', {}, partner.headers), 400, 'bad_request');
      expectCode(await updateSettings(2_000_000_000, {}, partner.headers), 404, 'not_found');
      expectCode(await settings(2_000_000_000, partner.headers), 404, 'not_found');
      expect(await snapshot(t, trip.rideId)).toEqual(before);
    });

    it('a manager of several sub-domains puts the trip in the one the request came to', async () => {
      const trip = await makeTrip(t, { authorId: partner.id, days: 1 });
      await t.db.db
        .update(subdomainThemes)
        .set({ userId: partner.id })
        .where(eq(subdomainThemes.subdomain, 'desert'));
      try {
        const res = await updateSettings(
          trip.rideId,
          { is_subdomain: true },
          partner.headers,
          'desert.rides.example.com',
        );
        expect(rideSubdomainSettingsResponse.parse(res.json()).settings.subdomain).toBe('desert');
      } finally {
        await t.db.db
          .update(subdomainThemes)
          .set({ userId: null })
          .where(eq(subdomainThemes.subdomain, 'desert'));
      }
    });

    it("a white-label trip's clients edit it and make one-time links only when its sub-domain manager allows it", async () => {
      const trip = await makeTrip(t, {
        authorId: partner.id,
        rideManagerId: partner.id,
        type: 'private',
        isWhiteLabel: true,
        subdomain: PARTNER_SUBDOMAIN,
        days: 2,
        perDay: [['x'], ['y']],
      });
      const member = await client(trip.rideId, 'view');
      const stranger = await newUser(t);
      const addDay = (who: Editor) =>
        call(t, 'GET', `/api/add_day_to_ride_api/${trip.rideId}/0`, { headers: who.headers });
      expectCode(await addDay(member), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      expectCode(await oneTime({ ride_id: trip.rideId }, member.headers), 403, 'one_time_link_not_allowed');

      await updateSettings(trip.rideId, { allowUsersToEdit: true, allowOneTimeLinks: true }, partner.headers);
      const res = await addDay(member);
      expect(res.statusCode, res.body).toBe(200);
      expect((await readTrip(t, trip.rideId, member.headers)).attractionsByDay).toHaveLength(3);
      expect((await oneTime({ ride_id: trip.rideId }, member.headers)).statusCode).toBe(200);
      // Not a client: still refused; nor may a client reset, lock or change the settings.
      expectCode(await addDay(stranger), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      expectCode(await oneTime({ ride_id: trip.rideId }, stranger.headers), 403, 'one_time_link_not_allowed');
      expectCode(
        await call(t, 'POST', `/api/lock_ride_api/${trip.rideId}`, {
          headers: member.headers,
          payload: { is_locked: true },
        }),
        403,
        'uesr_is_not_authorize_to_edit_this_ride',
      );
      expectCode(
        await updateSettings(trip.rideId, { allowUsersToEdit: false }, member.headers),
        403,
        'subdomain_ride_requires_subdomain_manager',
      );
      // A locked trip stays locked for them.
      await t.db.db.update(rides).set({ isLocked: true }).where(eq(rides.id, trip.rideId));
      expectCode(await addDay(member), 403, 'uesr_is_not_authorize_to_edit_this_ride');
    });
  });

  describe('record_ride_share_api', () => {
    it("records the author's and the planner's shares (who, which trip, when, channel)", async () => {
      const author = await newUser(t);
      const trip = await makeTrip(t, {
        authorId: author.id,
        rideManagerId: planner.id,
        type: 'private',
        days: 1,
      });
      const res = await share({ ride_id: trip.rideId, channel: 'whatsapp' }, author.headers);
      expect(res.statusCode, res.body).toBe(200);
      const body = recordRideShareResponse.parse(res.json());
      expect(body.share).toMatchObject({ ride_id: trip.rideId, channel: 'whatsapp' });
      expect(Number.isNaN(Date.parse(body.share.created_time))).toBe(false);
      expect((await share({ ride_id: String(trip.rideId) }, planner.headers)).statusCode).toBe(200);
      const rows = await t.db.db.select().from(rideShares).where(eq(rideShares.rideId, trip.rideId));
      expect(rows.map((r) => [r.userId, r.channel]).sort()).toEqual(
        [
          [author.id, 'whatsapp'],
          [planner.id, 'link'],
        ].sort(),
      );
    });

    it('refuses: no token 401, a bad channel or id 400, unknown trip 404, anyone else 403; nothing recorded', async () => {
      const author = await newUser(t);
      const trip = await makeTrip(t, { authorId: author.id, days: 1 });
      const viewer = await newUser(t);
      expectCode(await share({ ride_id: trip.rideId }), 401, 'user_is_not_authorized');
      expectCode(
        await share({ ride_id: trip.rideId, channel: 'pigeon' }, author.headers),
        400,
        'bad_request',
      );
      expectCode(await share({ ride_id: -3 }, author.headers), 400, 'bad_request');
      expectCode(await share({ ride_id: 2_000_000_000 }, author.headers), 404, 'not_found');
      expectCode(
        await share({ ride_id: trip.rideId }, viewer.headers),
        403,
        'uesr_is_not_authorize_to_edit_this_ride',
      );
      expect(await t.db.db.$count(rideShares, eq(rideShares.rideId, trip.rideId))).toBe(0);
    });
  });
});
