import { isoToTripDate, type MemberRole } from '@rides/contract';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  rideAuthorizedUsers,
  tripEvents,
  tripInvites,
  tripMembers,
  users,
} from '../../src/db/schema/index.js';
import { mailsTo, nextIp, type TestApp } from '../helpers/app.js';
import { expectCode, makeTrip, newUser, START } from './trip-editing-fixtures.js';
import { createTripsTestApp } from './trips-fixtures.js';

/**
 * Members and roles (issue 33 point 1, decision 0063) through the API: every call both ways for every kind of caller
 * on a public and a private trip, an invitation's life (used once, expired, revoked), what membership opens (viewing a
 * private trip, editing as an editor, not as a commenter), a removal that counts at the next request, and "My trips".
 */
type Who = 'visitor' | 'user' | 'viewer' | 'commenter' | 'editor' | 'owner' | 'planner' | 'another planner';
type Kind = 'public' | 'private';
type Person = { id: number; headers: Record<string, string>; email: string };

let t: TestApp;
const people = {} as Record<Exclude<Who, 'visitor'>, Person> & { target: Person };

function send(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: Person | null,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  const request: InjectOptions = { method, url, remoteAddress: nextIp(), headers: { ...who?.headers } };
  if (payload !== undefined) {
    request.payload = payload as InjectOptions['payload'];
    (request.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  return t.app.inject(request);
}
const as = (who: Who): Person | null => (who === 'visitor' ? null : people[who]);

async function person(role: 'user' | 'manager' = 'user'): Promise<Person> {
  const made = await newUser(t, role);
  const [row] = await t.db.db.select({ email: users.email }).from(users).where(eq(users.id, made.id));
  return { ...made, email: row?.email ?? '' };
}

/** A trip of `owner` (private: planned by `planner`) with a viewer, a commenter, an editor and a target viewer. */
async function trip(kind: Kind): Promise<number> {
  const { rideId } = await makeTrip(t, {
    authorId: people.owner.id,
    days: 2,
    perDay: [['a1'], ['b1']],
    ...(kind === 'private' ? { type: 'private' as const, rideManagerId: people.planner.id } : {}),
  });
  const rows: [Person, MemberRole][] = [
    [people.viewer, 'viewer'],
    [people.commenter, 'commenter'],
    [people.editor, 'editor'],
    [people.target, 'viewer'],
  ];
  await t.db.db.insert(tripMembers).values(rows.map(([p, role]) => ({ rideId, userId: p.id, role })));
  return rideId;
}

/** An invitation by link made by the owner; answers its token. */
async function linkInvite(
  rideId: number,
  role: MemberRole = 'viewer',
): Promise<{ token: string; id: number }> {
  const res = await send('POST', `/api/trips/${rideId}/members`, people.owner, { role });
  expectCode(res, 200, 'success');
  const body = res.json() as { inviteUrl: string; invite: { id: number } };
  return { token: body.inviteUrl.split('/invite/')[1] as string, id: body.invite.id };
}

const OK: [number, string] = [200, 'success'];
const SIGN_IN: [number, string] = [401, 'user_is_not_authorized'];
const PRIVATE: [number, string] = [403, 'user_does_not_have_permission_to_this_private_ride'];
const ROLE: [number, string] = [403, 'role_does_not_allow'];
const NOT_OWNER: [number, string] = [403, 'not_trip_owner'];
const ALREADY: [number, string] = [409, 'already_a_member'];

/** Expected answers by who and kind. */
type Expect = (who: Who, kind: Kind) => [number, string];
const stranger = (kind: Kind) => (kind === 'private' ? PRIVATE : ROLE);
/** The trip's people (members of every role and the owners) may; strangers not. */
const peopleOnly: Expect = (who, kind) => {
  if (who === 'visitor') return SIGN_IN;
  if (who === 'user' || who === 'another planner') return stranger(kind);
  if (who === 'planner') return kind === 'private' ? OK : stranger(kind);
  return OK;
};
/** The owner (and the planner of a private trip) only. */
const ownerOnly: Expect = (who, kind) => {
  if (['viewer', 'commenter', 'editor'].includes(who)) return NOT_OWNER;
  return peopleOnly(who, kind);
};

interface Call {
  name: string;
  expect: Expect;
  run: (rideId: number, who: Person | null) => Promise<LightMyRequestResponse>;
}
const CALLS: Call[] = [
  { name: 'GET members', expect: peopleOnly, run: (r, w) => send('GET', `/api/trips/${r}/members`, w) },
  {
    name: 'POST members (invite)',
    expect: ownerOnly,
    run: (r, w) => send('POST', `/api/trips/${r}/members`, w, { role: 'editor' }),
  },
  {
    name: 'DELETE invites/{id} (revoke)',
    expect: ownerOnly,
    run: async (r, w) => send('DELETE', `/api/trips/${r}/invites/${(await linkInvite(r)).id}`, w),
  },
  {
    name: 'PATCH members/{userId} (role)',
    expect: ownerOnly,
    run: (r, w) => send('PATCH', `/api/trips/${r}/members/${people.target.id}`, w, { role: 'editor' }),
  },
  {
    name: 'DELETE members/{userId} (remove)',
    expect: ownerOnly,
    run: (r, w) => send('DELETE', `/api/trips/${r}/members/${people.target.id}`, w),
  },
  {
    name: 'GET invites/{token} (anyone)',
    expect: () => OK,
    run: async (r, w) => send('GET', `/api/invites/${(await linkInvite(r)).token}`, w),
  },
  {
    name: 'POST invites/{token}/accept',
    expect: (who, kind) => {
      if (who === 'visitor') return SIGN_IN;
      if (who === 'owner' || (who === 'planner' && kind === 'private')) return ALREADY;
      return OK;
    },
    run: async (r, w) => send('POST', `/api/invites/${(await linkInvite(r)).token}/accept`, w),
  },
];
const WHO: Who[] = [
  'visitor',
  'user',
  'viewer',
  'commenter',
  'editor',
  'owner',
  'planner',
  'another planner',
];

beforeAll(async () => {
  t = await createTripsTestApp();
  people.owner = await person();
  people.planner = await person('manager');
  people['another planner'] = await person('manager');
  people.user = await person();
  people.viewer = await person();
  people.commenter = await person();
  people.editor = await person();
  people.target = await person();
});
afterAll(async () => {
  await t?.dispose();
});

describe('trip members: the permission matrix', () => {
  describe.each(CALLS)('$name', (call) => {
    it.each(['public', 'private'] as const)('on a %s trip', async (kind) => {
      const answers: Record<string, [number, string]> = {};
      const expected: Record<string, [number, string]> = {};
      for (const who of WHO) {
        const rideId = await trip(kind); // fresh: a removal or an accepted invitation changes nothing for the next
        const res = await call.run(rideId, as(who));
        answers[who] = [res.statusCode, (res.json() as { ServerMassageCode: string }).ServerMassageCode];
        expected[who] = call.expect(who, kind);
      }
      expect(answers).toEqual(expected);
    });
  });

  it('a member leaves (removes themselves); the owner cannot be removed nor re-roled', async () => {
    const rideId = await trip('private');
    expectCode(
      await send('DELETE', `/api/trips/${rideId}/members/${people.commenter.id}`, people.commenter),
      ...OK,
    );
    expectCode(
      await send('DELETE', `/api/trips/${rideId}/members/${people.commenter.id}`, people.owner),
      404,
      'not_a_member',
    );
    expectCode(
      await send('DELETE', `/api/trips/${rideId}/members/${people.owner.id}`, people.owner),
      404,
      'not_a_member',
    );
    expectCode(
      await send('PATCH', `/api/trips/${rideId}/members/${people.owner.id}`, people.owner, {
        role: 'viewer',
      }),
      404,
      'not_a_member',
    );
    expectCode(
      await send('DELETE', `/api/trips/${rideId}/members/${people.editor.id}`, people.viewer),
      ...NOT_OWNER,
    );
  });
});

describe('trip members: bad input', () => {
  it('a role outside the three, a bad address, oneself, the owner, a member: coded 4xx', async () => {
    const rideId = await trip('private');
    const invite = (who: Person, body: unknown) => send('POST', `/api/trips/${rideId}/members`, who, body);
    expectCode(await invite(people.owner, { role: 'owner' }), 400, 'invalid_role');
    expectCode(await invite(people.owner, { role: 'admin' }), 400, 'invalid_role');
    expectCode(await invite(people.owner, {}), 400, 'invalid_role');
    expectCode(
      await invite(people.owner, { email: 'not-an-address', role: 'viewer' }),
      400,
      'invalid_email_format',
    );
    expectCode(
      await invite(people.owner, { email: people.owner.email.toUpperCase(), role: 'viewer' }),
      400,
      'cannot_invite_yourself',
    );
    // The planner inviting the author: an owner of the trip too.
    expectCode(
      await invite(people.planner, { email: people.owner.email, role: 'viewer' }),
      400,
      'cannot_invite_yourself',
    );
    expectCode(
      await invite(people.owner, { email: people.editor.email, role: 'viewer' }),
      409,
      'already_a_member',
    );
    expectCode(
      await send('PATCH', `/api/trips/${rideId}/members/${people.editor.id}`, people.owner, {
        role: 'owner',
      }),
      400,
      'invalid_role',
    );
    expectCode(
      await send('PATCH', `/api/trips/${rideId}/members/${people.user.id}`, people.owner, { role: 'viewer' }),
      404,
      'not_a_member',
    );
    expectCode(await send('GET', '/api/trips/999999/members', people.owner), 404, 'not_found');
    expectCode(await send('GET', '/api/trips/abc/members', people.owner), 400, 'bad_request');
    expectCode(
      await send('DELETE', `/api/trips/${rideId}/invites/999999`, people.owner),
      404,
      'invite_not_found',
    );
  });
});

describe('trip members: an invitation from start to end', () => {
  it('mailed, shown without the trip, accepted once by a new account, which then views the private trip', async () => {
    const rideId = await trip('private');
    const newcomer = await person();
    const address = `friend.${Date.now()}@example.com`;
    const res = await send('POST', `/api/trips/${rideId}/members`, people.owner, {
      email: address,
      role: 'editor',
    });
    expectCode(res, 200, 'success');
    const made = res.json() as {
      inviteUrl: string;
      invite: { email: string; role: string; expiresAt: string };
    };
    expect(made.inviteUrl).toMatch(/^https:\/\/rides\.test\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(made.invite).toMatchObject({ email: address, role: 'editor' });
    const days = (Date.parse(made.invite.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const token = made.inviteUrl.split('/invite/')[1] as string;
    // Only the token's SHA-256 is stored.
    const [stored] = await t.db.db.select().from(tripInvites).where(eq(tripInvites.rideId, rideId));
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    // The mail carries the link (sent after the answer).
    await expect.poll(async () => (await mailsTo(t.outboxDir, address)).length).toBe(1);
    const [mail] = await mailsTo(t.outboxDir, address);
    expect(mail?.text).toContain(made.inviteUrl);

    const info = await send('GET', `/api/invites/${token}`, null);
    expectCode(info, 200, 'success');
    const shown = info.json() as Record<string, unknown>;
    expect(shown).toMatchObject({ role: 'editor', maskedEmail: `f***@example.com` });
    expect(shown.inviterName).toMatch(/^Editor /);
    expect(JSON.stringify(shown)).not.toContain('Editing test trip');

    expectCode(await send('GET', `/api/ride_attractions_api/${rideId}`, newcomer), ...PRIVATE);
    const accepted = await send('POST', `/api/invites/${token}/accept`, newcomer);
    expectCode(accepted, 200, 'success');
    expect(accepted.json()).toMatchObject({ rideId, role: 'editor' });
    expectCode(await send('GET', `/api/ride_attractions_api/${rideId}`, newcomer), ...OK);
    // Used once: by anyone again, and by the same person.
    expectCode(await send('POST', `/api/invites/${token}/accept`, people.user), 410, 'invite_used');
    expectCode(await send('POST', `/api/invites/${token}/accept`, newcomer), 410, 'invite_used');
    expectCode(await send('GET', `/api/invites/${token}`, null), 410, 'invite_used');

    const list = (await send('GET', `/api/trips/${rideId}/members`, people.owner)).json() as {
      members: { userId: number; role: string; email: string | null }[];
      invites: unknown[];
      myRole: string;
    };
    expect(list.myRole).toBe('owner');
    expect(list.members[0]).toMatchObject({
      userId: people.owner.id,
      role: 'owner',
      email: people.owner.email,
    });
    expect(list.members[1]).toMatchObject({ userId: people.planner.id, role: 'owner' });
    expect(list.members.find((m) => m.userId === newcomer.id)).toMatchObject({
      role: 'editor',
      email: newcomer.email,
    });
    expect(list.invites).toEqual([]);
    // Every change wrote its trip_events row of type members.
    const events = await t.db.db.select().from(tripEvents).where(eq(tripEvents.rideId, rideId));
    expect(events.filter((e) => e.type === 'members')).toHaveLength(2);
    expect(events.at(-1)?.target).toEqual({ userIds: [newcomer.id] });
  });

  it('a member sees the people without their addresses (their own only) and no invitations', async () => {
    const rideId = await trip('public');
    await linkInvite(rideId);
    const list = (await send('GET', `/api/trips/${rideId}/members`, people.viewer)).json() as {
      members: { userId: number; email: string | null }[];
      invites: unknown[];
      myRole: string;
    };
    expect(list.myRole).toBe('viewer');
    expect(list.invites).toEqual([]);
    expect(list.members.map((m) => [m.userId, m.email])).toEqual([
      [people.owner.id, null],
      [people.viewer.id, people.viewer.email],
      [people.commenter.id, null],
      [people.editor.id, null],
      [people.target.id, null],
    ]);
  });

  it('an expired, a revoked, an unknown and a malformed invitation', async () => {
    const rideId = await trip('private');
    const expired = await linkInvite(rideId);
    await t.db.db
      .update(tripInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tripInvites.id, expired.id));
    expectCode(await send('GET', `/api/invites/${expired.token}`, null), 410, 'invite_expired');
    expectCode(
      await send('POST', `/api/invites/${expired.token}/accept`, people.user),
      410,
      'invite_expired',
    );

    const revoked = await linkInvite(rideId);
    const open = (await send('GET', `/api/trips/${rideId}/members`, people.owner)).json() as {
      invites: { id: number }[];
    };
    expect(open.invites.map((i) => i.id)).toEqual([revoked.id]);
    expectCode(await send('DELETE', `/api/trips/${rideId}/invites/${revoked.id}`, people.owner), ...OK);
    expectCode(await send('GET', `/api/invites/${revoked.token}`, null), 410, 'invite_revoked');
    expectCode(
      await send('POST', `/api/invites/${revoked.token}/accept`, people.user),
      410,
      'invite_revoked',
    );
    const after = (await send('GET', `/api/trips/${rideId}/members`, people.owner)).json() as {
      invites: unknown[];
    };
    expect(after.invites).toEqual([]);

    expectCode(await send('GET', `/api/invites/${'A'.repeat(43)}`, null), 404, 'invite_not_found');
    expectCode(await send('GET', '/api/invites/short', null), 404, 'invite_not_found');
    expectCode(await send('POST', '/api/invites/short/accept', people.user), 404, 'invite_not_found');
    expectCode(await send('GET', '/api/invites/a%00b', null), 400, 'invite_not_found');
    // Used can no longer be revoked.
    const used = await linkInvite(rideId);
    expectCode(await send('POST', `/api/invites/${used.token}/accept`, people.user), ...OK);
    expectCode(
      await send('DELETE', `/api/trips/${rideId}/invites/${used.id}`, people.owner),
      410,
      'invite_used',
    );
  });

  it('two accepts of one link at once: one joins, the other is told it is used', async () => {
    const rideId = await trip('private');
    const { token } = await linkInvite(rideId);
    const [a, b] = await Promise.all([
      send('POST', `/api/invites/${token}/accept`, people.user),
      send('POST', `/api/invites/${token}/accept`, people['another planner']),
    ]);
    const codes = [a, b].map((r) => (r.json() as { ServerMassageCode: string }).ServerMassageCode).sort();
    expect(codes).toEqual(['invite_used', 'success']);
    const joined = await t.db.db
      .select()
      .from(tripMembers)
      .where(and(eq(tripMembers.rideId, rideId)));
    expect(
      joined.filter((m) => m.userId === people.user.id || m.userId === people['another planner'].id),
    ).toHaveLength(1);
  });

  it('a member accepting keeps the higher role; an authorised client becomes a member', async () => {
    const rideId = await trip('private');
    const lower = await linkInvite(rideId, 'viewer');
    const accepted = await send('POST', `/api/invites/${lower.token}/accept`, people.editor);
    expect(accepted.json()).toMatchObject({ role: 'editor' });
    await t.db.db.insert(rideAuthorizedUsers).values({ rideId, userId: people.user.id });
    const higher = await linkInvite(rideId, 'commenter');
    expect((await send('POST', `/api/invites/${higher.token}/accept`, people.user)).json()).toMatchObject({
      role: 'commenter',
    });
  });
});

describe('trip members: what a role opens, and losing it', () => {
  const addNote = (rideId: number, who: Person) =>
    send('POST', '/api/add_extra_information_to_ride', who, {
      ride_id: rideId,
      text: 'Meet at the station',
      date: isoToTripDate(START),
    });

  it('a member views the private trip; an editor edits it, a commenter and a viewer not', async () => {
    const rideId = await trip('private');
    for (const who of [people.viewer, people.commenter, people.editor])
      expectCode(await send('GET', `/api/ride_attractions_api/${rideId}`, who), ...OK);
    expectCode(await send('GET', `/api/ride_attractions_api/${rideId}`, people.user), ...PRIVATE);
    expectCode(await addNote(rideId, people.editor), ...OK);
    expectCode(await addNote(rideId, people.commenter), 403, 'uesr_is_not_authorize_to_edit_this_ride');
    expectCode(await addNote(rideId, people.viewer), 403, 'uesr_is_not_authorize_to_edit_this_ride');
  });

  it("ride_header_api says each reader's role (the page's editing controls follow it), and follows a change of role", async () => {
    const rideId = await trip('public');
    const roleOf = async (who: Person | null = null) =>
      (await send('GET', `/api/ride_header_api/${rideId}`, who)).json<{ isAuthor: boolean; role: string | null }>();
    expect(await roleOf(people.owner)).toMatchObject({ isAuthor: true, role: 'owner' });
    expect(await roleOf(people.editor)).toMatchObject({ isAuthor: false, role: 'editor' });
    expect(await roleOf(people.commenter)).toMatchObject({ isAuthor: false, role: 'commenter' });
    expect(await roleOf(people.viewer)).toMatchObject({ isAuthor: false, role: 'viewer' });
    expect(await roleOf(people.user)).toMatchObject({ isAuthor: false, role: null });
    expect(await roleOf()).toMatchObject({ isAuthor: false, role: null });
    expectCode(
      await send('PATCH', `/api/trips/${rideId}/members/${people.editor.id}`, people.owner, { role: 'commenter' }),
      ...OK,
    );
    expect(await roleOf(people.editor)).toMatchObject({ isAuthor: false, role: 'commenter' });
  });

  it('a removed member is refused at their next request; a lowered editor can no longer edit', async () => {
    const rideId = await trip('private');
    // The trip's facts are cached after this read (memberRoles with them): the removal must drop them.
    expectCode(await send('GET', `/api/ride_attractions_api/${rideId}`, people.viewer), ...OK);
    expectCode(await send('DELETE', `/api/trips/${rideId}/members/${people.viewer.id}`, people.owner), ...OK);
    expectCode(await send('GET', `/api/ride_attractions_api/${rideId}`, people.viewer), ...PRIVATE);
    expectCode(await send('GET', `/api/trips/${rideId}/members`, people.viewer), ...PRIVATE);

    expectCode(await addNote(rideId, people.editor), ...OK);
    expectCode(
      await send('PATCH', `/api/trips/${rideId}/members/${people.editor.id}`, people.owner, {
        role: 'viewer',
      }),
      ...OK,
    );
    expectCode(await addNote(rideId, people.editor), 403, 'uesr_is_not_authorize_to_edit_this_ride');
    expectCode(await send('GET', `/api/ride_attractions_api/${rideId}`, people.editor), ...OK);
  });

  it('"My trips" lists the trips shared with me, with my role', async () => {
    const me = await person();
    const rideId = await trip('private');
    const { token } = await linkInvite(rideId, 'commenter');
    expectCode(await send('POST', `/api/invites/${token}/accept`, me), ...OK);
    const mine = (await send('GET', '/api/user_rides_api', me)).json() as {
      rides: { id: number; role: string | null; isAuthor: boolean }[];
    };
    expect(mine.rides.find((r) => r.id === rideId)).toMatchObject({ role: 'commenter', isAuthor: false });
    const owners = (await send('GET', '/api/user_rides_api', people.owner)).json() as {
      rides: { id: number; role: string | null }[];
    };
    expect(owners.rides.find((r) => r.id === rideId)).toMatchObject({ role: 'owner' });
    expectCode(await send('DELETE', `/api/trips/${rideId}/members/${me.id}`, me), ...OK);
    const after = (await send('GET', '/api/user_rides_api', me)).json() as { rides: { id: number }[] };
    expect(after.rides.map((r) => r.id)).not.toContain(rideId);
  });
});
