import { rideKeyFullInformationResponse, type RideKeyFullInformation } from '@rides/contract';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, seedDemo } from '../../src/db/seed/index.js';
import { PARTNER_SUBDOMAIN } from '../../src/db/seed/themes.js';
import {
  rideAccessKeys,
  rideAccessKeyUses,
  rideAuthorizedUsers,
  rideClientOpens,
  rides,
  users,
} from '../../src/db/schema/index.js';
import { ANONYMOUS_OPENS_PER_KEY_A_DAY } from '../../src/modules/access-keys/client-opens.repository.js';
import { deviceOf } from '../../src/modules/access-keys/device.js';
import { createTestApp, mailsTo, nextIp, type TestApp } from '../helpers/app.js';
import {
  GOOGLE_PLACES_TEST_KEY,
  startFakeGooglePlaces,
  type FakeGooglePlaces,
} from '../helpers/fake-google-places.js';
import { call, expectCode, makeTrip, newUser, START, type Editor } from './trip-editing-fixtures.js';
import { bearer, userIdOf } from './trips-fixtures.js';

/**
 * Issue 18 "Go beyond" and its follow-ups (decision 0028): per client, the planner sees on how many devices, how many
 * times and when they last opened the trip; the planner's mail on a client's first open (a flag of the key); anonymous
 * opens of a one-time link's join page recorded as uses without flooding; and a white-label trip's clients, when its
 * sub-domain manager lets them edit, upload images and add maps places through the one edit policy. Both ways.
 */
describe('access statistics, the first-open mail, anonymous one-time opens, white-label uploads and places', () => {
  let t: TestApp;
  let fake: FakeGooglePlaces;
  let author: Editor;
  let planner: Editor;
  let partner: Editor;
  const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile Safari/604.1';
  const laptop = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36';

  beforeAll(async () => {
    fake = await startFakeGooglePlaces();
    t = await createTestApp({
      GOOGLE_MAPS_API_KEY: GOOGLE_PLACES_TEST_KEY,
      GOOGLE_MAPS_BASE_URL: fake.baseUrl,
      PLACES_TIMEOUT_MS: '2000',
    });
    await seedDemo(t.db.db, { passwordHash: 'not-a-hash' });
    author = await newUser(t, 'manager');
    planner = await newUser(t, 'manager');
    const partnerId = await userIdOf(t, DEMO_ACCOUNTS.subdomain.email);
    partner = { id: partnerId, headers: await bearer(t, partnerId, DEMO_ACCOUNTS.subdomain.role ?? 'user') };
  });
  afterAll(async () => {
    await t?.dispose();
    await fake?.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    call(t, 'POST', `/api/${url}`, { headers, payload });
  const privateTrip = async (language: 'hebrew' | 'english' = 'hebrew') => {
    const { rideId } = await makeTrip(t, {
      authorId: author.id,
      rideManagerId: planner.id,
      type: 'private',
      days: 2,
      perDay: [['a'], ['b']],
    });
    if (language !== 'hebrew') await t.db.db.update(rides).set({ language }).where(eq(rides.id, rideId));
    return rideId;
  };
  const keyData = async (rideId: number, headers = planner.headers): Promise<RideKeyFullInformation> => {
    const res = await post('get_assigned_ride_key_full_information', { ride_id: rideId }, headers);
    expect(res.statusCode, res.body).toBe(200);
    return rideKeyFullInformationResponse.parse(res.json()).rideKeyData;
  };
  /** A new user who joins the trip through its key, as a client does (add_user_to_ride_privacy_api). */
  const joined = async (rideId: number): Promise<Editor> => {
    const key = (await keyData(rideId)).rideKeyValue;
    const client = await newUser(t);
    const res = await post(
      'add_user_to_ride_privacy_api',
      { rideKeyValue: key, subdomain: null },
      client.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    return client;
  };
  /** The trip page's open: its header read (what the page calls once per open). */
  const open = async (rideId: number, headers: Record<string, string>, userAgent = phone) => {
    const res = await call(t, 'GET', `/api/ride_header_api/${rideId}`, {
      headers: { ...headers, 'user-agent': userAgent },
    });
    await t.app.afterAnswer.settled();
    return res;
  };
  const statsOf = async (rideId: number, userId: number) =>
    (await keyData(rideId)).joinedUsers.find((u) => u.userId === userId);
  const emailOf = async (userId: number) =>
    (await t.db.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email ?? '';

  describe("the planner sees each client's devices, opens and last open", () => {
    it('counts the opens of the trip page per device; nothing before the first open', async () => {
      const rideId = await privateTrip();
      const client = await joined(rideId);
      expect(await statsOf(rideId, client.id)).toMatchObject({ devices: 0, opens: 0, lastOpenedAt: null });

      // A reload on the same device soon after is the same open; another device is another.
      for (const ua of [phone, phone, laptop])
        expect((await open(rideId, client.headers, ua)).statusCode).toBe(200);
      expect(await statsOf(rideId, client.id)).toMatchObject({ devices: 2, opens: 2 });
      t.app.clientOpens.forgetRecent(); // as if OPEN_WINDOW_MS had passed
      await open(rideId, client.headers, phone);
      const stats = await statsOf(rideId, client.id);
      expect(stats).toMatchObject({ devices: 2, opens: 3 });
      expect(Date.parse(stats?.lastOpenedAt ?? '')).not.toBeNaN();
      // One row per device, named by a hash only (never the user agent itself).
      const rows = await t.db.db.select().from(rideClientOpens).where(eq(rideClientOpens.rideId, rideId));
      expect(rows.map((r) => r.device).sort()).toEqual([deviceOf(phone), deviceOf(laptop)].sort());
      expect(rows.every((r) => !r.device.includes('Mozilla'))).toBe(true);
    });

    it("counts no one else: the author, the planner, a stranger, a visitor; the whole trip's read is not an open", async () => {
      const rideId = await privateTrip();
      const client = await joined(rideId);
      const stranger = await newUser(t);
      expect((await open(rideId, author.headers)).statusCode).toBe(200);
      expect((await open(rideId, planner.headers)).statusCode).toBe(200);
      expectCode(
        await open(rideId, stranger.headers),
        403,
        'user_does_not_have_permission_to_this_private_ride',
      );
      expectCode(await open(rideId, {}), 403, 'user_does_not_have_permission_to_this_private_ride');
      expect(
        (await call(t, 'GET', `/api/ride_attractions_api/${rideId}`, { headers: client.headers })).statusCode,
      ).toBe(200);
      await t.app.afterAnswer.settled();
      expect(await t.db.db.select().from(rideClientOpens).where(eq(rideClientOpens.rideId, rideId))).toEqual(
        [],
      );
      // A public trip has no clients to count.
      const { rideId: publicId } = await makeTrip(t, { authorId: author.id, days: 1, perDay: [['p']] });
      expect((await open(publicId, client.headers)).statusCode).toBe(200);
      expect(
        await t.db.db.select().from(rideClientOpens).where(eq(rideClientOpens.rideId, publicId)),
      ).toEqual([]);
    });

    it('a removed client is no longer counted (they cannot open the trip); their opens before stay on record', async () => {
      const rideId = await privateTrip();
      const client = await joined(rideId);
      await open(rideId, client.headers);
      const res = await post(
        'remove_user_from_ride_privacy_api',
        { ride_id: rideId, userId: client.id },
        planner.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      expectCode(
        await open(rideId, client.headers),
        403,
        'user_does_not_have_permission_to_this_private_ride',
      );
      const [row] = await t.db.db.select().from(rideClientOpens).where(eq(rideClientOpens.userId, client.id));
      expect(row?.opens).toBe(1);
    });
  });

  describe("the planner's mail on a client's first open", () => {
    it('is on by default: one mail on the first open, in the trip language, none after', async () => {
      const rideId = await privateTrip('english');
      expect((await keyData(rideId)).notifyOnFirstOpen).toBe(true);
      const client = await joined(rideId);
      const to = await emailOf(planner.id);
      const about = async (address: string) =>
        (await mailsTo(t.outboxDir, address)).filter((m) =>
          m.text.includes(`/ride_access_key_information/${rideId}`),
        );
      expect(await about(to)).toHaveLength(0);
      await open(rideId, client.headers);
      await open(rideId, client.headers, laptop);
      const mails = await about(to);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail?.subject).toContain('opened');
      expect(mail?.subject).toContain('Editing test trip');
      expect(mail?.text).toContain(await emailOf(client.id));
      expect(mail?.text).toContain(`/ride_access_key_information/${rideId}`);
      // Nobody else is mailed: not the client, not the author (the planner is the trip's ride manager).
      expect(await about(await emailOf(author.id))).toHaveLength(0);
      expect(await about(await emailOf(client.id))).toHaveLength(0);
    });

    it('is in Hebrew for a Hebrew trip', async () => {
      const rideId = await privateTrip('hebrew');
      const client = await joined(rideId);
      await open(rideId, client.headers);
      const [mail] = await mailsTo(t.outboxDir, await emailOf(planner.id)).then((m) =>
        m.filter((x) => x.text.includes(`/ride_access_key_information/${rideId}`)),
      );
      expect(mail?.subject).toContain('פתח/ה את הטיול');
    });

    it('the planner turns it off (and on) per key through update_assigned_ride_key_full_information', async () => {
      const rideId = await privateTrip('english');
      const off = await post(
        'update_assigned_ride_key_full_information',
        { ride_id: rideId, notifyOnFirstOpen: false },
        planner.headers,
      );
      expect(off.statusCode, off.body).toBe(200);
      expect(rideKeyFullInformationResponse.parse(off.json()).rideKeyData.notifyOnFirstOpen).toBe(false);
      const client = await joined(rideId);
      await open(rideId, client.headers);
      const about = async () =>
        (await mailsTo(t.outboxDir, await emailOf(planner.id))).filter((m) =>
          m.text.includes(`/ride_access_key_information/${rideId}`),
        );
      expect(await about()).toHaveLength(0);
      // Other fields sent without it leave it as it is; form text is read too.
      await post(
        'update_assigned_ride_key_full_information',
        { ride_id: rideId, authorizedUsersCount: 3 },
        planner.headers,
      );
      expect((await keyData(rideId)).notifyOnFirstOpen).toBe(false);
      await post(
        'update_assigned_ride_key_full_information',
        { ride_id: rideId, notifyOnFirstOpen: 'true' },
        planner.headers,
      );
      expect((await keyData(rideId)).notifyOnFirstOpen).toBe(true);
      const second = await joined(rideId);
      await open(rideId, second.headers);
      expect(await about()).toHaveLength(1);
    });

    it('refuses a bad flag (400) and anyone but the author or planner; nothing changes', async () => {
      const rideId = await privateTrip();
      const before = await keyData(rideId);
      const bad = await post(
        'update_assigned_ride_key_full_information',
        { ride_id: rideId, notifyOnFirstOpen: 'perhaps' },
        planner.headers,
      );
      expect(bad.statusCode, bad.body).toBe(400);
      const client = await joined(rideId);
      expectCode(
        await post(
          'update_assigned_ride_key_full_information',
          { ride_id: rideId, notifyOnFirstOpen: false },
          client.headers,
        ),
        403,
        'uesr_is_not_authorize_to_edit_this_ride',
      );
      expectCode(
        await post('update_assigned_ride_key_full_information', {
          ride_id: rideId,
          notifyOnFirstOpen: false,
        }),
        401,
        'user_is_not_authorized',
      );
      expect((await keyData(rideId)).notifyOnFirstOpen).toBe(before.notifyOnFirstOpen);
    });
  });

  describe("anonymous opens of a one-time link's join page", () => {
    const oneTimeKey = async (rideId: number) => {
      const secretKey = `onetime${rideId}x${Date.now()}`;
      const [row] = await t.db.db
        .insert(rideAccessKeys)
        .values({ rideId, secretKey, isOneTime: true, createdBy: planner.id })
        .returning({ id: rideAccessKeys.id });
      return { id: (row as { id: number }).id, secretKey };
    };
    const info = async (key: string, userAgent: string, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/get_assigned_ride_key_information',
        headers: { ...headers, 'user-agent': userAgent, 'content-type': 'application/json' },
        remoteAddress: nextIp(),
        payload: { rideAssignedKey: key },
      });
      await t.app.afterAnswer.settled();
      return res;
    };
    const anonymousUses = (keyId: number) =>
      t.db.db
        .select()
        .from(rideAccessKeyUses)
        .where(and(eq(rideAccessKeyUses.keyId, keyId), isNull(rideAccessKeyUses.userId)));

    it('are recorded as uses with no user, one per device a day; signed-in opens and reusable keys are not', async () => {
      const rideId = await privateTrip();
      const key = await oneTimeKey(rideId);
      for (const ua of [phone, phone, phone, laptop])
        expect((await info(key.secretKey, ua)).statusCode).toBe(200);
      const uses = await anonymousUses(key.id);
      expect(uses).toHaveLength(2);
      expect(uses.every((u) => u.message === 'opened' && !u.admitted && u.openedOn !== null)).toBe(true);
      // A signed-in visitor's open is not anonymous.
      const someone = await newUser(t);
      await info(key.secretKey, 'Another browser', someone.headers);
      expect(await anonymousUses(key.id)).toHaveLength(2);
      // The planner's reusable key is not a one-time link.
      const reusable = (await keyData(rideId)).rideKeyValue;
      await info(reusable, 'Another browser');
      const reusableId =
        (await t.db.db.select().from(rideAccessKeys).where(eq(rideAccessKeys.secretKey, reusable)))[0]?.id ??
        0;
      expect(await anonymousUses(reusableId)).toHaveLength(0);
      // The opens take no place: the link still admits its one person.
      const first = await newUser(t);
      const joinRes = await post(
        'add_user_to_ride_privacy_api',
        { rideKeyValue: key.secretKey, subdomain: null },
        first.headers,
      );
      expect(joinRes.statusCode, joinRes.body).toBe(200);
    });

    it(`a flood of devices stops at ${ANONYMOUS_OPENS_PER_KEY_A_DAY} rows a day for the key; an unknown key records nothing`, async () => {
      const rideId = await privateTrip();
      const key = await oneTimeKey(rideId);
      const day = new Date().toISOString().slice(0, 10);
      await t.db.db.insert(rideAccessKeyUses).values(
        Array.from({ length: ANONYMOUS_OPENS_PER_KEY_A_DAY - 1 }, (_, i) => ({
          keyId: key.id,
          userId: null,
          message: 'opened',
          admitted: false,
          device: `d${i}`,
          openedOn: day,
        })),
      );
      await info(key.secretKey, 'browser 1');
      await info(key.secretKey, 'browser 2');
      await info(key.secretKey, 'browser 3');
      expect(await anonymousUses(key.id)).toHaveLength(ANONYMOUS_OPENS_PER_KEY_A_DAY);
      expectCode(await info('no-such-key-at-all', 'browser 1'), 404, 'the_private_link_is_not_valide');
    });
  });

  describe("a white-label trip's clients upload images and add maps places through the one edit policy", () => {
    const BOUNDARY = '----accessKeysOpensBoundary';
    let jpeg: Buffer;
    beforeAll(async () => {
      jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
        .jpeg()
        .toBuffer();
    });
    const upload = (rideId: number, headers: Record<string, string>) => {
      const parts = [
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="folder"\r\n\r\nattractions\r\n`,
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="rideId"\r\n\r\n${rideId}\r\n`,
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ];
      const body = Buffer.concat([Buffer.from(parts.join('')), jpeg, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
      return t.app.inject({
        method: 'POST',
        url: '/api/upload_image_api',
        payload: body,
        remoteAddress: nextIp(),
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
      });
    };
    const mdy = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;
    const addPlace = (rideId: number, placeId: string, headers: Record<string, string>) =>
      call(t, 'GET', `/api/add_google_attraction_to_ride_api/${rideId}/${placeId}`, {
        headers,
        data: { date: mdy(START), language: 'english' },
      });

    it('refused while the sub-domain manager does not allow it, allowed once it does; a stranger never', async () => {
      const { rideId } = await makeTrip(t, {
        authorId: partner.id,
        rideManagerId: partner.id,
        type: 'private',
        isWhiteLabel: true,
        subdomain: PARTNER_SUBDOMAIN,
        days: 2,
        perDay: [['x'], ['y']],
      });
      const member = await newUser(t);
      await t.db.db.insert(rideAuthorizedUsers).values({ rideId, userId: member.id });
      const stranger = await newUser(t);

      expectCode(await upload(rideId, member.headers), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      expectCode(
        await addPlace(rideId, 'ChIJcolosseum', member.headers),
        403,
        'uesr_is_not_authorize_to_edit_this_ride',
      );
      expect(fake.requests.filter((r) => r.path.includes('ChIJcolosseum'))).toHaveLength(0);

      const allow = await call(t, 'POST', `/api/update_ride_subdomain_settings_api/${rideId}`, {
        headers: partner.headers,
        payload: { allowUsersToEdit: true },
      });
      expect(allow.statusCode, allow.body).toBe(200);

      const uploaded = await upload(rideId, member.headers);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const placed = await addPlace(rideId, 'ChIJcolosseum', member.headers);
      expect(placed.statusCode, placed.body).toBe(200);
      expect(placed.json()).toMatchObject({ ServerMassageCode: 'success', rideId, alreadyInRide: false });

      expectCode(await upload(rideId, stranger.headers), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      expectCode(
        await addPlace(rideId, 'ChIJrome', stranger.headers),
        403,
        'uesr_is_not_authorize_to_edit_this_ride',
      );
      expectCode(await upload(rideId, {}), 401, 'user_is_not_authorized');

      // A locked trip stays locked for them too.
      await t.db.db.update(rides).set({ isLocked: true }).where(eq(rides.id, rideId));
      expectCode(await upload(rideId, member.headers), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      expectCode(
        await addPlace(rideId, 'ChIJrome', member.headers),
        403,
        'uesr_is_not_authorize_to_edit_this_ride',
      );
    });
  });
});
