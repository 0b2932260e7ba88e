import {
  addUserToRidePrivacyResponse,
  rideKeyFullInformationResponse,
  rideKeyInformationResponse,
  type RideKeyFullInformation,
  userRidesResponse,
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
  users,
} from '../../src/db/schema/index.js';
import { createAccessKeysService } from '../../src/modules/access-keys/access-keys.service.js';
import type { TestApp } from '../helpers/app.js';
import {
  call,
  expectCode,
  makeTrip,
  newUser,
  snapshot,
  type Editor,
  type TripSpec,
} from './trip-editing-fixtures.js';
import { bearer, createTripsTestApp, userIdOf } from './trips-fixtures.js';

/**
 * Issue 18 points 1 and 2 and "Go beyond" (decision 0028): the access key of a private trip (its author's or planner's
 * read and update), the join page's read of a key, joining with it (a view key: access to the trip; a copy key: one's
 * own copy), expiry, revoke and removing a client. Every call and every code, both ways.
 */
describe('access keys of private trips', () => {
  let t: TestApp;
  let manager: Editor;
  let planner: Editor;
  let partnerId: number;
  let plannerDemoId: number;
  beforeAll(async () => {
    t = await createTripsTestApp();
    manager = await newUser(t, 'manager');
    planner = await newUser(t, 'manager');
    partnerId = await userIdOf(t, DEMO_ACCOUNTS.subdomain.email);
    plannerDemoId = await userIdOf(t, DEMO_ACCOUNTS.planner.email);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, host?: string) =>
    call(t, 'POST', `/api/${url}`, { headers: { ...headers, ...(host ? { host } : {}) }, payload });
  const privateTrip = async (extra: Partial<TripSpec> = {}) =>
    (
      await makeTrip(t, {
        authorId: manager.id,
        days: 2,
        perDay: [['a1'], ['a2']],
        type: 'private',
        rideManagerId: planner.id,
        ...extra,
      })
    ).rideId;
  const keyData = async (rideId: number, headers = manager.headers): Promise<RideKeyFullInformation> => {
    const res = await post('get_assigned_ride_key_full_information', { ride_id: rideId }, headers);
    expect(res.statusCode, res.body).toBe(200);
    return rideKeyFullInformationResponse.parse(res.json()).rideKeyData;
  };
  const update = (rideId: number, body: Record<string, unknown>, headers = manager.headers) =>
    post('update_assigned_ride_key_full_information', { ride_id: rideId, ...body }, headers);
  const join = (key: string, headers: Record<string, string>, host?: string) =>
    post('add_user_to_ride_privacy_api', { rideKeyValue: key, subdomain: null }, headers, host);
  const keyInfo = (key: string, headers: Record<string, string> = {}) =>
    post('get_assigned_ride_key_information', { rideAssignedKey: key }, headers);
  const header = (rideId: number, headers: Record<string, string>) =>
    call(t, 'GET', `/api/ride_header_api/${rideId}`, { headers });
  const keyCount = async (rideId: number) =>
    (await t.db.db.select().from(rideAccessKeys).where(eq(rideAccessKeys.rideId, rideId))).length;
  const usesOf = (keyId: number) =>
    t.db.db.select().from(rideAccessKeyUses).where(eq(rideAccessKeyUses.keyId, keyId));
  const keyIdOf = async (key: string) =>
    (await t.db.db.select().from(rideAccessKeys).where(eq(rideAccessKeys.secretKey, key)))[0]?.id ?? 0;

  describe('get_assigned_ride_key_full_information', () => {
    it('makes the key on the first read, with the defaults, and answers the same key after; author and planner alike', async () => {
      const rideId = await privateTrip();
      const first = await keyData(rideId);
      expect(first).toMatchObject({
        ride_id: rideId,
        title: 'Editing test trip',
        redirectPage: null,
        consultingMeetingCalendarLink: null,
        authorizedUsersCount: 4,
        action: 'view',
        expiresAt: null,
        expired: false,
        revoked: false,
        joinedUsersCount: 0,
        placesLeft: 4,
        joinedUsers: [],
        notifyOnFirstOpen: true,
      });
      expect(first.rideKeyValue).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(await keyData(rideId, planner.headers)).toEqual(first);
      expect(await keyCount(rideId)).toBe(1);
    });

    it('two first reads at once make one key', async () => {
      const rideId = await privateTrip();
      const answers = await Promise.all(
        [0, 1, 2].map(() =>
          post('get_assigned_ride_key_full_information', { ride_id: rideId }, manager.headers),
        ),
      );
      const keys = new Set(
        answers.map((r) => rideKeyFullInformationResponse.parse(r.json()).rideKeyData.rideKeyValue),
      );
      expect(keys.size).toBe(1);
      expect(await keyCount(rideId)).toBe(1);
    });

    it('refuses a visitor (401), a stranger (403, the trip is not told), a client (403) and makes no key', async () => {
      const rideId = await privateTrip();
      const client = await newUser(t);
      await t.db.db.insert(rideAuthorizedUsers).values({ rideId, userId: client.id });
      const stranger = await newUser(t, 'manager');
      expectCode(
        await post('get_assigned_ride_key_full_information', { ride_id: rideId }),
        401,
        'user_is_not_authorized',
      );
      const refused = await post(
        'get_assigned_ride_key_full_information',
        { ride_id: rideId },
        stranger.headers,
      );
      expectCode(refused, 403, 'user_does_not_have_permission_to_this_private_ride');
      expect(refused.body).not.toContain('Editing test trip');
      expectCode(
        await post('get_assigned_ride_key_full_information', { ride_id: rideId }, client.headers),
        403,
        'uesr_is_not_authorize_to_edit_this_ride',
      );
      expect(await keyCount(rideId)).toBe(0);
    });

    it('a public trip has no key (409); an unknown trip is 404; bad ids are 400', async () => {
      const publicTrip = (await makeTrip(t, { authorId: manager.id, days: 1 })).rideId;
      expectCode(
        await post('get_assigned_ride_key_full_information', { ride_id: publicTrip }, manager.headers),
        409,
        'ride_is_not_private',
      );
      expect(await keyCount(publicTrip)).toBe(0);
      const stranger = await newUser(t);
      expectCode(
        await post('get_assigned_ride_key_full_information', { ride_id: publicTrip }, stranger.headers),
        403,
        'uesr_is_not_authorize_to_edit_this_ride',
      );
      expectCode(
        await post('get_assigned_ride_key_full_information', { ride_id: 987654 }, manager.headers),
        404,
        'not_found',
      );
      for (const ride_id of [0, -1, 'abc', 1.5, null]) {
        expectCode(
          await post('get_assigned_ride_key_full_information', { ride_id }, manager.headers),
          400,
          'bad_request',
        );
      }
    });
  });

  describe('update_assigned_ride_key_full_information', () => {
    it('sets the redirect page, user count, action (true maps to copy), calendar link, expiry; fields not sent stay', async () => {
      const rideId = await privateTrip();
      const res = await update(rideId, {
        redirectPage: 'https://planner.example.com/buy',
        authorizedUsersCount: '2',
        action: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(rideKeyFullInformationResponse.parse(res.json()).rideKeyData).toMatchObject({
        redirectPage: 'https://planner.example.com/buy',
        authorizedUsersCount: 2,
        action: 'copy',
        placesLeft: 2,
      });
      const next = await update(
        rideId,
        { consultingMeetingCalendarLink: 'calendar.example.com/me', expiresAt: '2099-12-31' },
        planner.headers,
      );
      expect(next.statusCode, next.body).toBe(200);
      expect(rideKeyFullInformationResponse.parse(next.json()).rideKeyData).toMatchObject({
        redirectPage: 'https://planner.example.com/buy',
        consultingMeetingCalendarLink: 'http://calendar.example.com/me',
        authorizedUsersCount: 2,
        action: 'copy',
        expiresAt: '2100-01-01T00:00:00.000Z',
        expired: false,
      });
      // The private landing's purchase button reads the same page.
      const landing = await post('get_redirect_page_from_ride_id', { rideId });
      expect(landing.json()).toMatchObject({ redirectPage: 'https://planner.example.com/buy' });
      // 0 is unlimited; false maps to view; '' clears.
      const cleared = rideKeyFullInformationResponse.parse(
        (
          await update(rideId, {
            authorizedUsersCount: 0,
            action: 'false',
            redirectPage: '',
            expiresAt: null,
          })
        ).json(),
      );
      expect(cleared.rideKeyData).toMatchObject({
        authorizedUsersCount: 0,
        placesLeft: null,
        action: 'view',
        redirectPage: null,
        expiresAt: null,
      });
    });

    it('refuses bad input with its code and changes nothing', async () => {
      const rideId = await privateTrip();
      const before = await keyData(rideId);
      const bad: [Record<string, unknown>, string][] = [
        [{ authorizedUsersCount: -1 }, 'authorized_users_count_invalid'],
        [{ authorizedUsersCount: '-3' }, 'authorized_users_count_invalid'],
        [{ authorizedUsersCount: 'four' }, 'authorized_users_count_invalid'],
        [{ authorizedUsersCount: 1.5 }, 'authorized_users_count_invalid'],
        [{ authorizedUsersCount: 10_000_000 }, 'authorized_users_count_invalid'],
        [{ redirectPage: 'javascript:alert(1)' }, 'invalid_link'],
        [{ redirectPage: 'ftp://files.example.com/x' }, 'invalid_link'],
        [{ consultingMeetingCalendarLink: 'mailto:me@example.com' }, 'invalid_link'],
        [{ action: 'edit' }, 'bad_request'],
        [{ expiresAt: '31-12-2030' }, 'invalid_expiry_date'],
        [{ expiresAt: '2030-02-30' }, 'invalid_expiry_date'],
        [{ revoked: 'maybe' }, 'bad_request'],
      ];
      for (const [body, code] of bad) expectCode(await update(rideId, body), 400, code);
      expect(await keyData(rideId)).toEqual(before);
    });

    it('refuses a visitor, a stranger and a client; nothing changes', async () => {
      const rideId = await privateTrip();
      const before = await keyData(rideId);
      const client = await newUser(t);
      await t.db.db.insert(rideAuthorizedUsers).values({ rideId, userId: client.id });
      expectCode(await update(rideId, { authorizedUsersCount: 0 }, {}), 401, 'user_is_not_authorized');
      expectCode(
        await update(rideId, { authorizedUsersCount: 0 }, (await newUser(t, 'manager')).headers),
        403,
        'user_does_not_have_permission_to_this_private_ride',
      );
      expectCode(
        await update(rideId, { authorizedUsersCount: 0 }, client.headers),
        403,
        'uesr_is_not_authorize_to_edit_this_ride',
      );
      expect(await keyData(rideId)).toEqual(before);
    });
  });

  describe('get_assigned_ride_key_information', () => {
    it('tells the join page the trip, the planner and the places left, without sign-in; the signed-in learn if they are in', async () => {
      const rideId = await privateTrip();
      const { rideKeyValue } = await keyData(rideId);
      await update(rideId, {
        consultingMeetingCalendarLink: 'https://cal.example.com/p',
        authorizedUsersCount: 3,
      });
      const res = await keyInfo(rideKeyValue);
      expect(res.statusCode, res.body).toBe(200);
      const [plannerRow] = await t.db.db
        .select({ userName: users.userName })
        .from(users)
        .where(eq(users.id, planner.id));
      const plannerName = plannerRow?.userName;
      expect(rideKeyInformationResponse.parse(res.json()).rideData).toEqual({
        ride_id: rideId,
        title: 'Editing test trip',
        consulting_meeting_calendar_link: 'https://cal.example.com/p',
        action: 'view',
        subdomain: null,
        plannerName,
        placesLeft: 3,
        alreadyAssigned: false,
        assignedRideId: null,
        joinRefusal: null,
      });
      const mine = rideKeyInformationResponse.parse(
        (await keyInfo(rideKeyValue, manager.headers)).json(),
      ).rideData;
      expect(mine).toMatchObject({ alreadyAssigned: true, assignedRideId: rideId });
    });

    it('an unknown key is 404, a key of a bad shape 400, both the_private_link_is_not_valide', async () => {
      expectCode(await keyInfo('NoSuchKey0000000000000000000000'), 404, 'the_private_link_is_not_valide');
      for (const bad of ['', 'a b', '../x', 'k'.repeat(129), 'x\u0000'])
        expectCode(await keyInfo(bad), 400, 'the_private_link_is_not_valide');
      expectCode(await post('get_assigned_ride_key_information', {}), 400, 'the_private_link_is_not_valide');
    });
  });

  describe("the join page reads a key's state before asking anything (issue 30 point 5, decision 0045)", () => {
    const oneTimeLink = async (rideId: number, recipientDetails: string) => {
      const res = await post(
        'get_one_user_access_key',
        { ride_id: rideId, recipientDetails },
        manager.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { accessData: { key: string } }).accessData.key;
    };
    const state = async (key: string, headers: Record<string, string> = {}) => {
      const res = await keyInfo(key, headers);
      expect(res.statusCode, res.body).toBe(200);
      return rideKeyInformationResponse.parse(res.json()).rideData;
    };
    const emailOf = async (id: number) =>
      (await t.db.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email ?? '';

    it('a spent one-time link says so to a visitor and to anyone else signed in; its holder is sent to the trip', async () => {
      const rideId = await privateTrip();
      const key = await oneTimeLink(rideId, 'Dana 050-1234567');
      const [holder, other] = [await newUser(t), await newUser(t)];
      expect(await state(key)).toMatchObject({ placesLeft: 1, joinRefusal: null, alreadyAssigned: false });
      expect((await join(key, holder.headers)).statusCode).toBe(200);

      const visitor = await keyInfo(key);
      expect(rideKeyInformationResponse.parse(visitor.json()).rideData).toMatchObject({
        placesLeft: 0,
        joinRefusal: 'one_time_link_already_used',
        alreadyAssigned: false,
      });
      // Who used it is the planner's to know, not the join page's.
      expect(visitor.body).not.toContain(await emailOf(holder.id));
      expect(visitor.body).not.toContain('Dana');
      expect(await state(key, other.headers)).toMatchObject({
        joinRefusal: 'one_time_link_already_used',
        alreadyAssigned: false,
      });
      expect(await state(key, holder.headers)).toMatchObject({
        joinRefusal: null,
        alreadyAssigned: true,
        assignedRideId: rideId,
      });
      // The read and the join agree.
      expectCode(await join(key, other.headers), 403, 'one_time_link_already_used');
    });

    it('a full reusable link says so first; expired and revoked links are refused by the read itself', async () => {
      const rideId = await privateTrip();
      const { rideKeyValue } = await keyData(rideId);
      await update(rideId, { authorizedUsersCount: 1 });
      expect((await state(rideKeyValue)).joinRefusal).toBeNull();
      const client = await newUser(t);
      expect((await join(rideKeyValue, client.headers)).statusCode).toBe(200);
      expect(await state(rideKeyValue)).toMatchObject({
        placesLeft: 0,
        joinRefusal: 'ritch_to_ride_limitation',
      });
      expect((await state(rideKeyValue, client.headers)).joinRefusal).toBeNull();
      // Unlimited again: open.
      await update(rideId, { authorizedUsersCount: 0 });
      expect(await state(rideKeyValue)).toMatchObject({ placesLeft: null, joinRefusal: null });
      await update(rideId, { expiresAt: '2020-01-01' });
      expectCode(await keyInfo(rideKeyValue), 410, 'the_private_link_has_expired');
      await update(rideId, { expiresAt: null, revoked: true });
      expectCode(await keyInfo(rideKeyValue), 410, 'the_private_link_was_revoked');
    });

    it('the planner sees who used each one-time link (name, e-mail, when); nobody else does', async () => {
      const rideId = await privateTrip();
      const used = await oneTimeLink(rideId, 'Dana 050-1234567');
      const unused = await oneTimeLink(rideId, 'Yoni');
      const holder = await newUser(t);
      expect((await join(used, holder.headers)).statusCode).toBe(200);

      for (const who of [manager, planner]) {
        const links = (await keyData(rideId, who.headers)).oneTimeLinks;
        expect(links.map((l) => l.key)).toEqual([unused, used]);
        expect(links[0]).toMatchObject({ recipientDetails: 'Yoni', usedBy: null });
        expect(links[1]).toMatchObject({
          recipientDetails: 'Dana 050-1234567',
          usedBy: {
            userId: holder.id,
            userName: expect.stringMatching(/^Editor \d+$/) as unknown,
            email: await emailOf(holder.id),
            newRideId: rideId,
          },
        });
        expect(Date.parse(links[1]!.usedBy!.usedAt)).toBeGreaterThanOrEqual(Date.parse(links[1]!.createdAt));
      }
      // The client who used it may view the trip but not its key page; a stranger and a visitor learn nothing.
      expectCode(
        await post('get_assigned_ride_key_full_information', { ride_id: rideId }, holder.headers),
        403,
        'uesr_is_not_authorize_to_edit_this_ride',
      );
      const stranger = await newUser(t);
      const refused = await post(
        'get_assigned_ride_key_full_information',
        { ride_id: rideId },
        stranger.headers,
      );
      expectCode(refused, 403, 'user_does_not_have_permission_to_this_private_ride');
      expect(refused.body).not.toContain(used);
      expectCode(
        await post('get_assigned_ride_key_full_information', { ride_id: rideId }),
        401,
        'user_is_not_authorized',
      );
    });
  });

  describe('add_user_to_ride_privacy_api', () => {
    it('a view key gives the client the trip (refused before, open after); a second join is 409; every use recorded', async () => {
      const rideId = await privateTrip();
      const { rideKeyValue } = await keyData(rideId);
      const client = await newUser(t);
      expectCode(
        await header(rideId, client.headers),
        403,
        'user_does_not_have_permission_to_this_private_ride',
      );
      const res = await join(rideKeyValue, client.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(addUserToRidePrivacyResponse.parse(res.json())).toEqual({
        ServerMassageCode: 'success',
        newRideId: rideId,
        ride_id: rideId,
        action: 'view',
      });
      expect((await header(rideId, client.headers)).statusCode).toBe(200);
      // ...and it is in their trips (user_rides_api reads the authorised users).
      const mine = userRidesResponse.parse(
        (await call(t, 'GET', '/api/user_rides_api', { headers: client.headers })).json(),
      );
      expect(mine.rides.map((r) => r.id)).toContain(rideId);
      expectCode(await join(rideKeyValue, client.headers), 409, 'this_user_is_alrady_assign_to_this_ride');
      const uses = await usesOf(await keyIdOf(rideKeyValue));
      expect(uses.map((u) => [u.userId, u.admitted, u.message, u.newRideId])).toEqual(
        expect.arrayContaining([
          [client.id, true, 'joined', rideId],
          [client.id, false, 'this_user_is_alrady_assign_to_this_ride', null],
        ]),
      );
      const data = await keyData(rideId);
      expect(data).toMatchObject({ joinedUsersCount: 1, placesLeft: 3 });
      expect(data.joinedUsers[0]).toMatchObject({ userId: client.id, action: 'view', newRideId: rideId });
      expect(data.joinedUsers[0]?.email).toContain('@example.com');
      expect(Number.isNaN(Date.parse(data.joinedUsers[0]?.joinedAt ?? ''))).toBe(false);
    });

    it('the quota: with 2 places a third client is refused (ritch_to_ride_limitation) and does not get the trip', async () => {
      const rideId = await privateTrip();
      const { rideKeyValue } = await keyData(rideId);
      await update(rideId, { authorizedUsersCount: 2 });
      const [a, b, c] = [await newUser(t), await newUser(t), await newUser(t)];
      expect((await join(rideKeyValue, a.headers)).statusCode).toBe(200);
      expect(rideKeyInformationResponse.parse((await keyInfo(rideKeyValue)).json()).rideData.placesLeft).toBe(
        1,
      );
      expect((await join(rideKeyValue, b.headers)).statusCode).toBe(200);
      expectCode(await join(rideKeyValue, c.headers), 403, 'ritch_to_ride_limitation');
      expectCode(await header(rideId, c.headers), 403, 'user_does_not_have_permission_to_this_private_ride');
      expect((await keyData(rideId)).placesLeft).toBe(0);
    });

    it('two clients racing for the last place: exactly one gets in', async () => {
      const rideId = await privateTrip();
      const { rideKeyValue } = await keyData(rideId);
      await update(rideId, { authorizedUsersCount: 1 });
      const clients = await Promise.all([0, 1, 2, 3, 4].map(() => newUser(t)));
      const answers = await Promise.all(clients.map((c) => join(rideKeyValue, c.headers)));
      const statuses = answers
        .map((r) => `${r.statusCode} ${(r.json() as { ServerMassageCode: string }).ServerMassageCode}`)
        .sort();
      expect(statuses).toEqual(['200 success', ...Array(4).fill('403 ritch_to_ride_limitation')]);
      const authorised = await t.db.db
        .select()
        .from(rideAuthorizedUsers)
        .where(eq(rideAuthorizedUsers.rideId, rideId));
      expect(authorised).toHaveLength(1);
    });

    it('a copy key gives the client their own private copy, planned by the planner; the original is unchanged', async () => {
      const rideId = await privateTrip();
      const { rideKeyValue } = await keyData(rideId);
      await update(rideId, { action: 'copy' });
      const before = await snapshot(t, rideId);
      const client = await newUser(t);
      const res = await join(rideKeyValue, client.headers);
      expect(res.statusCode, res.body).toBe(200);
      const body = addUserToRidePrivacyResponse.parse(res.json());
      expect(body).toMatchObject({ ride_id: rideId, action: 'copy' });
      expect(body.newRideId).not.toBe(rideId);
      const [copy] = await t.db.db.select().from(rides).where(eq(rides.id, body.newRideId));
      expect(copy).toMatchObject({
        authorId: client.id,
        type: 'private',
        rideManagerId: planner.id,
        basedRideId: rideId,
      });
      expect((await header(body.newRideId, client.headers)).statusCode).toBe(200);
      // The copy is theirs; the original stays closed to them and as it was.
      expectCode(
        await header(rideId, client.headers),
        403,
        'user_does_not_have_permission_to_this_private_ride',
      );
      expect(await snapshot(t, rideId)).toEqual(before);
      expectCode(await join(rideKeyValue, client.headers), 409, 'this_user_is_alrady_assign_to_this_ride');
      const info = rideKeyInformationResponse.parse(
        (await keyInfo(rideKeyValue, client.headers)).json(),
      ).rideData;
      expect(info).toMatchObject({ alreadyAssigned: true, assignedRideId: body.newRideId });
      expect((await keyData(rideId)).joinedUsers[0]).toMatchObject({
        userId: client.id,
        action: 'copy',
        newRideId: body.newRideId,
      });
    });

    it("refuses a visitor (401), an unknown key (404), the trip's own author and planner (409)", async () => {
      const rideId = await privateTrip();
      const { rideKeyValue } = await keyData(rideId);
      expectCode(await join(rideKeyValue, {}), 401, 'user_is_not_authorized');
      const client = await newUser(t);
      expectCode(
        await join('NoSuchKey0000000000000000000000', client.headers),
        404,
        'the_private_link_is_not_valide',
      );
      expectCode(await join('bad key!', client.headers), 400, 'the_private_link_is_not_valide');
      expectCode(await join(rideKeyValue, manager.headers), 409, 'this_user_is_alrady_assign_to_this_ride');
      expectCode(await join(rideKeyValue, planner.headers), 409, 'this_user_is_alrady_assign_to_this_ride');
      expect((await keyData(rideId)).joinedUsersCount).toBe(0);
    });

    describe('groups (white-label sub-domains)', () => {
      const partnerHost = `${PARTNER_SUBDOMAIN}.rides.example.com`;
      it('a group trip is joined on its own sub-domain only', async () => {
        const trip = await makeTrip(t, {
          authorId: partnerId,
          days: 1,
          type: 'private',
          isWhiteLabel: true,
          subdomain: PARTNER_SUBDOMAIN,
        });
        const { rideKeyValue, subdomain } = await keyData(trip.rideId, await userBearer(partnerId));
        expect(subdomain).toBe(PARTNER_SUBDOMAIN);
        const client = await newUser(t);
        expectCode(await join(rideKeyValue, client.headers), 403, 'error_ride_is_not_from_subdomain');
        expectCode(
          await join(rideKeyValue, client.headers, 'coastal.rides.example.com'),
          403,
          'error_ride_is_not_from_subdomain',
        );
        const res = await join(rideKeyValue, client.headers, partnerHost);
        expect(res.statusCode, res.body).toBe(200);
      });

      it('a main-site trip is not joined on a sub-domain', async () => {
        const rideId = await privateTrip();
        const { rideKeyValue } = await keyData(rideId);
        expectCode(
          await join(rideKeyValue, (await newUser(t)).headers, partnerHost),
          403,
          'error_ride_is_not_from_subdomain',
        );
      });

      it('a group trip whose owner is not in the group is refused (error_ride_is_not_from_the_right_user)', async () => {
        const trip = await makeTrip(t, {
          authorId: plannerDemoId,
          days: 1,
          type: 'private',
          isWhiteLabel: true,
          subdomain: PARTNER_SUBDOMAIN,
        });
        const { rideKeyValue } = await keyData(trip.rideId, await userBearer(plannerDemoId, 'manager'));
        expectCode(
          await join(rideKeyValue, (await newUser(t)).headers, partnerHost),
          403,
          'error_ride_is_not_from_the_right_user',
        );
      });
    });
  });

  describe('expiry, revoke and removing a client (Go beyond)', () => {
    it('an expired key admits no one (410) and the join page is told; a later expiry admits again', async () => {
      const rideId = await privateTrip();
      const { rideKeyValue } = await keyData(rideId);
      const res = await update(rideId, { expiresAt: '2020-01-01T10:00:00Z' });
      expect(rideKeyFullInformationResponse.parse(res.json()).rideKeyData).toMatchObject({
        expired: true,
        expiresAt: '2020-01-01T10:00:00.000Z',
      });
      const client = await newUser(t);
      expectCode(await join(rideKeyValue, client.headers), 410, 'the_private_link_has_expired');
      expectCode(await keyInfo(rideKeyValue), 410, 'the_private_link_has_expired');
      expectCode(
        await header(rideId, client.headers),
        403,
        'user_does_not_have_permission_to_this_private_ride',
      );
      await update(rideId, { expiresAt: '2099-01-01T00:00:00+02:00' });
      expect((await join(rideKeyValue, client.headers)).statusCode).toBe(200);
    });

    it('a revoked key admits no one (410) until restored; the planner still sees it', async () => {
      const rideId = await privateTrip();
      const { rideKeyValue } = await keyData(rideId);
      expect(
        rideKeyFullInformationResponse.parse((await update(rideId, { revoked: true })).json()).rideKeyData
          .revoked,
      ).toBe(true);
      const client = await newUser(t);
      expectCode(await join(rideKeyValue, client.headers), 410, 'the_private_link_was_revoked');
      expectCode(await keyInfo(rideKeyValue), 410, 'the_private_link_was_revoked');
      expect((await keyData(rideId)).revoked).toBe(true);
      await update(rideId, { revoked: 'false' }, planner.headers);
      expect((await join(rideKeyValue, client.headers)).statusCode).toBe(200);
    });

    it('a renewed key: the old link admits no one, the new one does, the clients who joined stay', async () => {
      const rideId = await privateTrip();
      const { rideKeyValue: oldKey } = await keyData(rideId);
      const first = await newUser(t);
      expect((await join(oldKey, first.headers)).statusCode).toBe(200);
      const renewed = rideKeyFullInformationResponse.parse(
        (await update(rideId, { renewKey: true })).json(),
      ).rideKeyData;
      expect(renewed.rideKeyValue).not.toBe(oldKey);
      expect(renewed.rideKeyValue).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(renewed.joinedUsers.map((u) => u.userId)).toEqual([first.id]);
      const second = await newUser(t);
      expectCode(await join(oldKey, second.headers), 404, 'the_private_link_is_not_valide');
      expectCode(await keyInfo(oldKey), 404, 'the_private_link_is_not_valide');
      expect((await join(renewed.rideKeyValue, second.headers)).statusCode).toBe(200);
      expect((await header(rideId, first.headers)).statusCode).toBe(200);
    });

    it('the planner removes a client: the trip closes to them, the place is free again', async () => {
      const rideId = await privateTrip();
      const { rideKeyValue } = await keyData(rideId);
      await update(rideId, { authorizedUsersCount: 1 });
      const [a, b] = [await newUser(t), await newUser(t)];
      expect((await join(rideKeyValue, a.headers)).statusCode).toBe(200);
      expect((await header(rideId, a.headers)).statusCode).toBe(200);
      expectCode(await join(rideKeyValue, b.headers), 403, 'ritch_to_ride_limitation');
      const res = await post(
        'remove_user_from_ride_privacy_api',
        { ride_id: rideId, userId: a.id },
        planner.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(rideKeyFullInformationResponse.parse(res.json()).rideKeyData).toMatchObject({
        joinedUsersCount: 0,
        joinedUsers: [],
        placesLeft: 1,
      });
      expectCode(await header(rideId, a.headers), 403, 'user_does_not_have_permission_to_this_private_ride');
      expect((await join(rideKeyValue, b.headers)).statusCode).toBe(200);
      expectCode(
        await post('remove_user_from_ride_privacy_api', { ride_id: rideId, userId: a.id }, planner.headers),
        404,
        'user_is_not_assigned_to_this_ride',
      );
    });

    it('removing: a visitor, a stranger and the client themselves are refused; the client keeps the trip', async () => {
      const rideId = await privateTrip();
      const { rideKeyValue } = await keyData(rideId);
      const client = await newUser(t);
      expect((await join(rideKeyValue, client.headers)).statusCode).toBe(200);
      const body = { ride_id: rideId, userId: client.id };
      expectCode(await post('remove_user_from_ride_privacy_api', body), 401, 'user_is_not_authorized');
      expectCode(
        await post('remove_user_from_ride_privacy_api', body, (await newUser(t)).headers),
        403,
        'user_does_not_have_permission_to_this_private_ride',
      );
      expectCode(
        await post('remove_user_from_ride_privacy_api', body, client.headers),
        403,
        'uesr_is_not_authorize_to_edit_this_ride',
      );
      expectCode(
        await post('remove_user_from_ride_privacy_api', { ride_id: rideId, userId: 'x' }, manager.headers),
        400,
        'bad_request',
      );
      expect((await header(rideId, client.headers)).statusCode).toBe(200);
      const still = await t.db.db
        .select()
        .from(rideAuthorizedUsers)
        .where(and(eq(rideAuthorizedUsers.rideId, rideId), eq(rideAuthorizedUsers.userId, client.id)));
      expect(still).toHaveLength(1);
    });
  });

  describe('one-time keys and failures', () => {
    const oneTimeKey = async (rideId: number) => {
      const secretKey = `OneTime${rideId}x${Math.random().toString(36).slice(2, 12)}`;
      const [row] = await t.db.db
        .insert(rideAccessKeys)
        .values({ rideId, secretKey, isOneTime: true, authorizedUsersCount: 0 })
        .returning();
      return { secretKey, keyId: (row as { id: number }).id };
    };

    it('a one-time key admits one person, ever (one_time_link_already_used)', async () => {
      const rideId = await privateTrip();
      const { secretKey } = await oneTimeKey(rideId);
      const [a, b] = [await newUser(t), await newUser(t)];
      expect(rideKeyInformationResponse.parse((await keyInfo(secretKey)).json()).rideData.placesLeft).toBe(1);
      expect((await join(secretKey, a.headers)).statusCode).toBe(200);
      expect(rideKeyInformationResponse.parse((await keyInfo(secretKey)).json()).rideData.placesLeft).toBe(0);
      expectCode(await join(secretKey, b.headers), 403, 'one_time_link_already_used');
      expectCode(await header(rideId, b.headers), 403, 'user_does_not_have_permission_to_this_private_ride');
    });

    it('a join that fails for another reason is fail_to_add_user_to_ride_privacy, recorded, and changes nothing', async () => {
      const rideId = await privateTrip();
      const { secretKey, keyId } = await oneTimeKey(rideId);
      const client = await newUser(t);
      const service = createAccessKeysService({
        db: t.db.db,
        changes: { publish: async () => {}, afterCommit: async () => {} },
        log: t.app.log,
        claimOneTimeKey: async () => {
          throw new Error('the claim failed');
        },
      });
      await expect(
        service.join(secretKey, { id: client.id, role: 'user', isAdmin: false }, null),
      ).rejects.toMatchObject({
        code: 'fail_to_add_user_to_ride_privacy',
        status: 500,
      });
      const uses = await usesOf(keyId);
      expect(uses.map((u) => [u.userId, u.admitted, u.message])).toEqual([
        [client.id, false, 'fail_to_add_user_to_ride_privacy'],
      ]);
      expect(
        await t.db.db.select().from(rideAuthorizedUsers).where(eq(rideAuthorizedUsers.rideId, rideId)),
      ).toEqual([]);
    });
  });

  const userBearer = (id: number, role: 'user' | 'manager' = 'user') => bearer(t, id, role);
});
